import Taro from '@tarojs/taro'
import type { SeckillListAnswer } from '@/contract/seckill'
import { flashSession } from '@/contract/homeScreen'
import { parseTime } from '@/core/clock'
import { useCountdown } from '@/hooks/useCountdown'
import FlashStripView from '@/views/home/FlashStripView'
import { useT } from './messages'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/** The live flash-sale session: its countdown and products; tap → the product. */
export default function FlashStrip({ data }: { data: SeckillListAnswer }) {
  const t = useT()
  const shown = flashSession(data)
  const left = useCountdown(shown ? parseTime(shown.until) : null)
  if (!shown) return null
  return (
    <FlashStripView
      t={t}
      session={shown.session}
      list={data.list}
      left={left}
      picture={assetUrl}
      onMore={() => void Taro.navigateTo({ url: routeUrl('pages/seckill/index') })}
      onItem={(id) => void Taro.navigateTo({ url: routeUrl('pages/seckill/detail', { id }) })}
    />
  )
}
