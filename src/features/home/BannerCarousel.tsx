import { Image, Text, View } from '@tarojs/components'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { memo, useCallback, useEffect, useRef, useState } from 'react'
import type { ModuleListAnswer } from '@/contract/site'
import { assetUrl } from '@/core/request'
import SideScroll from '@/components/SideScroll'
import { pager } from '@/platform/pager'
import { useT } from './messages'

const ID = 'home-banners'
/** Long enough to read a title and decide. WCAG 2.2.2 asks for a way to stop it: a finger on it holds it, a dot stops it. */
export const AUTOPLAY_MS = 4000

interface Props {
  banners: ModuleListAnswer['banners']
  onOpen: (path: string) => void
}

/**
 * The Home banner: a CSS scroll-snap pager (the finger moves it natively on both targets), dots that say which
 * banner shows and go to one, and autoplay that waits while a finger is on it or Home is hidden, stops once a dot
 * is chosen, and never starts when reduced motion is asked for. No swiper library: Taro's H5 Swiper would add ~50 KB gzip to Home.
 */
export default function BannerCarousel({ banners, onOpen }: Props) {
  const t = useT()
  const n = banners.length
  const [index, setIndex] = useState(0)
  const [left, setLeft] = useState(0)
  const [held, setHeld] = useState(false)
  const [shown, setShown] = useState(true)
  // A dot chosen is the shopper taking over: autoplay stops for this visit of Home.
  const [stopped, setStopped] = useState(false)
  const page = useRef(0)
  const at = useRef(0)
  at.current = index

  const go = (i: number) => {
    const width = page.current || pager.pageWidth(ID)
    setIndex(i)
    const target = i * width
    // The same value again is no change to the scroller (the finger may have moved it since): half a pixel the snap removes.
    setLeft((prev) => (prev === target ? target + 0.5 : target))
  }
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))
  useEffect(() => {
    if (n < 2 || held || stopped || !shown || !pager.mayAutoplay()) return undefined
    const timer = setInterval(() => go((at.current + 1) % n), AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [n, held, stopped, shown])

  // Stable, so the scroller does not render again when only the dot changes (see Pages).
  const onScroll = useCallback(
    (e: { detail: { scrollLeft: number; scrollWidth: number } }) => {
      const { scrollLeft, scrollWidth } = e.detail
      if (scrollWidth > 0) page.current = scrollWidth / n
      if (page.current > 0) setIndex(Math.min(n - 1, Math.max(0, Math.round(scrollLeft / page.current))))
    },
    [n],
  )
  const hold = () => setHeld(true)
  const release = () => setHeld(false)
  return (
    <View className='home-carousel' onTouchStart={hold} onTouchEnd={release} onTouchCancel={release}>
      <Pages banners={banners} left={left} onScroll={onScroll} onOpen={onOpen} />
      {n > 1 && (
        <View className='home-carousel__dots'>
          {banners.map((b, i) => (
            <View
              key={b.id}
              className={`home-carousel__dot${i === index ? ' home-carousel__dot--on' : ''}`}
              role='button'
              tabIndex={0}
              aria-label={t('home.bannerN', { n: i + 1, total: n })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => {
                setStopped(true)
                go(i)
              }}
            />
          ))}
        </View>
      )}
    </View>
  )
}

interface PagesProps {
  banners: Props['banners']
  left: number
  onScroll: (e: { detail: { scrollLeft: number; scrollWidth: number } }) => void
  onOpen: (path: string) => void
}

/**
 * The scroller (SideScroll: on H5 a pull-to-refresh started on it reaches Home), rendered only when the banners or the
 * position to show change: on weapp every render of the ScrollView writes its `scrollLeft` again, which would pull a
 * swipe back to the last position set.
 */
const Pages = memo(function Pages({ banners, left, onScroll, onOpen }: PagesProps) {
  const t = useT()
  return (
    <SideScroll id={ID} className='home-banners' paging animated={pager.animates} scrollLeft={left} onScroll={onScroll}>
      {banners.map((b, i) => (
        <View key={b.id} className='home-banners__item' role='link' tabIndex={0} onClick={() => onOpen(b.path)}>
          {/* The first picture is Home's largest paint: the browser fetches it before the slides still out of sight (issue 15). */}
          <Image
            className='home-banners__img'
            src={assetUrl(b.image)}
            mode='aspectFill'
            nativeProps={{ alt: '', fetchpriority: i === 0 ? 'high' : 'low' }}
          />
          {/* The picture has no words in it: the title is text, so it can be read, translated and found. */}
          <View className='home-banners__text'>
            <Text className='home-banners__title'>{b.title}</Text>
            <Text className='home-banners__go'>{t('home.bannerGo')}</Text>
          </View>
        </View>
      ))}
    </SideScroll>
  )
})
