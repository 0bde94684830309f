import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import type { SeckillProduct } from '@/contract/seckill'
import { toastSuccess } from '@/core/feedback'
import { sharePath } from '@/core/share'
import { useT } from './messages'
import './GoldPlan.css'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/** After a payment: the points it earned, invite-to-earn with my referral link, deals to look at next. */
export default function GoldPlan({ order, deals }: { order: OrderInfo; deals: SeckillProduct[] }) {
  const t = useT()
  const invite = () => {
    // The weapp share sheet comes from the page's share button; on H5 the link is copied to send on.
    const link = sharePath('pages/card/index')
    void Taro.setClipboardData({ data: link.startsWith('/') && typeof window !== 'undefined' && window.location ? `${window.location.origin}${link}` : link })
      .then(() => toastSuccess(t('gold.copied')))
      .catch(() => undefined)
  }
  return (
    <View className='gold'>
      <View className='gold__points'>
        <Text className='gold__points-value'>+{order.points}</Text>
        <Text className='gold__points-label'>{t('gold.earned')}</Text>
        <Text className='gold__order'>
          {order.shop_name ?? order.title} · <Money cents={order.pay_amount} />
        </Text>
      </View>
      <View className='gold__invite'>
        <Text className='gold__invite-title'>{t('gold.invite')}</Text>
        <Text className='gold__invite-hint'>{t('gold.inviteHint')}</Text>
        <Button className='gold__invite-btn' openType='share' onClick={invite}>
          {t('gold.inviteBtn')}
        </Button>
      </View>
      {deals.length > 0 && (
        <View className='gold__deals'>
          <Text className='gold__deals-title'>{t('gold.deals')}</Text>
          {deals.map((p) => (
            <View key={p.id} className='gold__deal' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/seckill/detail', { id: p.id }) })}>
              <Image className='gold__deal-img' src={assetUrl(p.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
              <Text className='gold__deal-name'>{p.name}</Text>
              <Money className='gold__deal-price' cents={p.price} />
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
