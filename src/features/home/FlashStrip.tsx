import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import SideScroll from '@/components/SideScroll'
import type { SeckillListAnswer } from '@/contract/seckill'
import { parseTime } from '@/core/clock'
import { hms } from '@/contract/homeScreen'
import { useCountdown } from '@/hooks/useCountdown'
import { useT } from './messages'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/** The live flash-sale session: its countdown and products; tap → the product. */
export default function FlashStrip({ data }: { data: SeckillListAnswer }) {
  const t = useT()
  const session = data.sessions.find((s) => s.state === 'on') ?? data.sessions.find((s) => s.state === 'upcoming')
  const left = useCountdown(session ? parseTime(session.state === 'on' ? session.end_time : session.start_time) : null)
  if (!session || data.list.length === 0) return null
  return (
    <View className='home-flash'>
      <View className='home-flash__head'>
        <Text className='home-flash__title'>{t('home.flash')}</Text>
        <Text className='home-flash__countdown'>{t(session.state === 'on' ? 'home.flashEnds' : 'home.flashStarts', { time: hms(left) })}</Text>
        <Text className='home-flash__more' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/seckill/index') })}>
          {t('home.more')}
        </Text>
      </View>
      <SideScroll className='home-flash__list'>
        {data.list.map((p) => (
          <View key={p.id} className='home-flash__item' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/seckill/detail', { id: p.id }) })}>
            {/* Its name is the text below: the picture is decorative (alt="" on the H5 <img>). */}
            <Image className='home-flash__img' src={assetUrl(p.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
            <Text className='home-flash__name'>{p.name}</Text>
            <Money className='home-flash__price' cents={p.price} />
            <Money className='home-flash__original' cents={p.original_price} />
          </View>
        ))}
      </SideScroll>
    </View>
  )
}
