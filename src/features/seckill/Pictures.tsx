import { Image, ScrollView, View } from '@tarojs/components'
import { memo, useCallback, useState } from 'react'
import { assetUrl } from '@/core/request'
import { pager } from '@/platform/pager'
import { useT } from './messages'

const ID = 'flash-pictures'

/**
 * The product's pictures: a CSS scroll-snap pager as Home's banner (the finger moves it natively on both targets),
 * and dots that say which picture shows and go to one. No autoplay: the shopper is looking at the product.
 */
export default function Pictures({ images, name }: { images: string[]; name: string }) {
  const t = useT()
  const n = images.length
  const [index, setIndex] = useState(0)
  const [left, setLeft] = useState(0)
  const [page, setPage] = useState(0)
  const onScroll = useCallback(
    (e: { detail: { scrollLeft: number; scrollWidth: number } }) => {
      const width = e.detail.scrollWidth > 0 ? e.detail.scrollWidth / n : 0
      if (width > 0) {
        setPage(width)
        setIndex(Math.min(n - 1, Math.max(0, Math.round(e.detail.scrollLeft / width))))
      }
    },
    [n],
  )
  const go = (i: number) => {
    const width = page || pager.pageWidth(ID)
    setIndex(i)
    setLeft((prev) => (prev === i * width ? i * width + 0.5 : i * width))
  }
  return (
    <View className='flash-pictures'>
      <Strip images={images} name={name} left={left} onScroll={onScroll} />
      {n > 1 && (
        <View className='flash-pictures__dots'>
          {images.map((src, i) => (
            <View
              key={src}
              className={`flash-pictures__dot${i === index ? ' flash-pictures__dot--on' : ''}`}
              role='button'
              tabIndex={0}
              aria-label={t('flash.picture', { n: i + 1, total: n })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </View>
      )}
    </View>
  )
}

/** Rendered again only when the position to show changes (Taro's H5 ScrollView writes scrollLeft on every render). */
const Strip = memo(function Strip({ images, name, left, onScroll }: { images: string[]; name: string; left: number; onScroll: (e: { detail: { scrollLeft: number; scrollWidth: number } }) => void }) {
  const t = useT()
  return (
    <ScrollView id={ID} className='flash-pictures__strip' scrollX enhanced pagingEnabled showScrollbar={false} scrollWithAnimation={pager.animates} scrollLeft={left} onScroll={onScroll}>
      {images.map((src, i) => (
        // Each picture can take the keyboard's focus, so the scroller can be reached and moved without a finger.
        <View key={src} className='flash-pictures__page' role='group' tabIndex={0} aria-label={t('flash.picture', { n: i + 1, total: images.length })}>
          <Image className='flash-pictures__img' src={assetUrl(src)} mode='aspectFill' nativeProps={{ alt: i === 0 ? name : '' }} />
        </View>
      ))}
    </ScrollView>
  )
})
