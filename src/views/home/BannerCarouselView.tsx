import { Image, Text, View } from '@tarojs/components'
import { memo } from 'react'
import type { ModuleListAnswer } from '@/contract/site'
import SideScroll, { type SideScrollEvent } from '../SideScroll'
import type { HomeWords } from '../words'

/** The scroller's element id (the app moves it by this id on H5). */
export const BANNERS_ID = 'home-banners'

export interface BannerCarouselViewProps {
  t: HomeWords
  banners: ModuleListAnswer['banners']
  /** The banner the dots say shows. */
  index: number
  picture: (path: string) => string
  /** The scroller's position to move to (px) and its events (the app's pager). */
  left?: number
  animated?: boolean
  onScroll?: (e: SideScrollEvent) => void
  onOpen?: (path: string) => void
  onDot?: (i: number) => void
  onHold?: () => void
  onRelease?: () => void
}

/** Home's banner: the pages (a CSS scroll-snap scroller) and the dots that say which one shows and go to one. */
export default function BannerCarouselView({ t, banners, index, picture, left, animated, onScroll, onOpen, onDot, onHold, onRelease }: BannerCarouselViewProps) {
  const n = banners.length
  return (
    <View className='home-carousel' onTouchStart={onHold} onTouchEnd={onRelease} onTouchCancel={onRelease}>
      <Pages t={t} banners={banners} picture={picture} left={left} animated={animated} onScroll={onScroll} onOpen={onOpen} />
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
              onClick={() => onDot?.(i)}
            />
          ))}
        </View>
      )}
    </View>
  )
}

type PagesProps = Pick<BannerCarouselViewProps, 't' | 'banners' | 'picture' | 'left' | 'animated' | 'onScroll' | 'onOpen'>

/**
 * The scroller (SideScroll: on H5 a pull-to-refresh started on it reaches Home), rendered only when the banners or the
 * position to show change: on weapp every render of the ScrollView writes its `scrollLeft` again, which would pull a
 * swipe back to the last position set.
 */
const Pages = memo(function Pages({ t, banners, picture, left, animated, onScroll, onOpen }: PagesProps) {
  return (
    <SideScroll id={BANNERS_ID} className='home-banners' paging animated={animated} scrollLeft={left} onScroll={onScroll}>
      {banners.map((b, i) => (
        <View key={b.id} className='home-banners__item' role='link' tabIndex={0} onClick={() => onOpen?.(b.path)}>
          {/* The first picture is Home's largest paint: the browser fetches it before the slides still out of sight (issue 15). */}
          <Image className='home-banners__img' src={picture(b.image)} mode='aspectFill' nativeProps={{ alt: '', fetchpriority: i === 0 ? 'high' : 'low' }} />
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
