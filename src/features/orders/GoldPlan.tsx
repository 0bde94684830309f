import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import type { SeckillProduct } from '@/contract/seckill'
import { toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { sharePath } from '@/core/share'
import { useT } from './messages'
import './GoldPlan.css'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/**
 * After a payment: what was paid where and what the shopper saved on it, invite friends with my referral link, deals to
 * look at next. No points: the app has no points to keep or spend (docs/decisions/2026-12-06-no-points.md).
 */
export default function GoldPlan({ order, deals }: { order: OrderInfo; deals: SeckillProduct[] }) {
  const t = useT()
  const invite = () => {
    // The weapp share sheet comes from the page's share button; on H5 the link is copied to send on.
    const link = sharePath('pages/card/index')
    void Taro.setClipboardData({ data: link.startsWith('/') && typeof window !== 'undefined' && window.location ? `${window.location.origin}${link}` : link })
      .then(() => toastSuccess(t('gold.copied')))
      .catch(() => undefined)
  }
  // The shop's discount, the member discount and the coupon: the server's figures on the order.
  const saved = order.discount_amount + order.coupon_amount
  return (
    <View className='gold'>
      <View className='gold__paid'>
        <Text className='gold__paid-label'>{t('gold.paid')}</Text>
        <Money className='gold__paid-amount' cents={order.pay_amount} />
        <Text className='gold__order'>{order.shop_name ?? order.title}</Text>
        {saved > 0 && <Text className='gold__saved'>{t('gold.saved', { amount: `¥${centsToYuan(saved)}` })}</Text>}
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
