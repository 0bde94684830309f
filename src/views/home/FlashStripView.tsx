import { Image, Text, View } from '@tarojs/components'
import { hms } from '@/contract/homeScreen'
import { centsToYuan } from '@/contract/money'
import type { SeckillListAnswer } from '@/contract/seckill'
import SideScroll from '../SideScroll'
import type { HomeWords } from '../words'

export interface FlashStripViewProps {
  t: HomeWords
  /** The session shown (flashSession in src/contract/homeScreen.ts) and its products. */
  session: SeckillListAnswer['sessions'][number]
  list: SeckillListAnswer['list']
  /** Seconds until the session ends (live) or starts (upcoming). */
  left: number
  picture: (path: string) => string
  onMore?: () => void
  onItem?: (id: number) => void
}

/** The live (or next) flash-sale session on Home: its countdown and products. */
export default function FlashStripView({ t, session, list, left, picture, onMore, onItem }: FlashStripViewProps) {
  return (
    <View className='home-flash'>
      <View className='home-flash__head'>
        <Text className='home-flash__title'>{t('home.flash')}</Text>
        <Text className='home-flash__countdown'>{t(session.state === 'on' ? 'home.flashEnds' : 'home.flashStarts', { time: hms(left) })}</Text>
        <Text className='home-flash__more' role='link' tabIndex={0} onClick={onMore}>
          {t('home.more')}
        </Text>
      </View>
      <SideScroll className='home-flash__list'>
        {list.map((p) => (
          <View key={p.id} className='home-flash__item' role='link' tabIndex={0} onClick={() => onItem?.(p.id)}>
            {/* Its name is the text below: the picture is decorative (alt="" on the H5 <img>). */}
            <Image className='home-flash__img' src={picture(p.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
            <Text className='home-flash__name'>{p.name}</Text>
            <Text className='home-flash__price'>{`¥${centsToYuan(p.price)}`}</Text>
            <Text className='home-flash__original'>{`¥${centsToYuan(p.original_price)}`}</Text>
          </View>
        ))}
      </SideScroll>
    </View>
  )
}
