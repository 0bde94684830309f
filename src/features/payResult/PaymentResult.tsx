import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import { useT } from '@/features/payResult/messages'
import { payStage, type PayStage } from '@/contract/orderRules'
import './PaymentResult.css'
import { routeUrl } from '@/routes'

interface Props {
  order: OrderInfo
  checking: boolean
  onCheckAgain: () => void
}

/** The page title for what the order really is: "payment success" only when it is paid and kept. */
export function resultTitle(stage: PayStage, translate: ReturnType<typeof useT>): string {
  if (stage === 'paid') return translate('success.paid')
  if (stage === 'refunding') return translate('success.refunding')
  if (stage === 'refunded') return translate('success.refunded')
  if (stage === 'cancelled') return translate('success.cancelled')
  return translate('success.result')
}

/**
 * Payment success (or, until the server confirms, "checking"): never declared on a redirect alone, and
 * never for an order whose money is going back (refunding 60 / refunded 70) or that was cancelled.
 */
export default function PaymentResult({ order, checking, onCheckAgain }: Props) {
  const t = useT()
  const stage = payStage(order.order_status)
  const paid = stage === 'paid'
  const refund = stage === 'refunding' || stage === 'refunded'
  const settled = paid || refund || stage === 'cancelled'
  const saved = order.discount_amount + order.coupon_amount
  const viewOrder = () => void Taro.redirectTo({ url: routeUrl('pages/orders/detail', { id: order.id }) })
  const home = () => void Taro.switchTab({ url: routeUrl('pages/index/index') })

  return (
    <View className='pay-result'>
      <View className={`pay-result__icon${paid ? '' : ` pay-result__icon--${refund ? 'refund' : 'wait'}`}`} />
      <Text className={`pay-result__status pay-result__status--${stage}`}>{settled ? resultTitle(stage, t) : checking ? t('success.checking') : t('success.notYet')}</Text>
      {stage === 'unpaid' && !checking && <Text className='pay-result__hint'>{t('success.notYetHint')}</Text>}
      {refund && <Text className='pay-result__hint'>{t(stage === 'refunding' ? 'success.refundingHint' : 'success.refundedHint')}</Text>}
      <Money className='pay-result__amount' cents={order.pay_amount} />
      <View className='pay-result__rows'>
        {saved > 0 && (
          <View className='kv-row pay-result__row pay-result__row--saved'>
            <Text>{t('success.saved')}</Text>
            <Money cents={saved} />
          </View>
        )}
        <View className='kv-row pay-result__row'>
          <Text>{t('success.shop')}</Text>
          <Text>{order.shop_name ?? order.title}</Text>
        </View>
        <View className='kv-row pay-result__row'>
          <Text>{t('success.orderNo')}</Text>
          <Text className='pay-result__order-no'>{order.order_no}</Text>
        </View>
        {order.pay_time && (
          <View className='kv-row pay-result__row'>
            <Text>{t('success.time')}</Text>
            <Text>{order.pay_time}</Text>
          </View>
        )}
      </View>
      <View className='pay-result__actions'>
        {stage === 'unpaid' && (
          <Button className='pay-result__btn pay-result__again' disabled={checking || undefined} loading={checking} onClick={onCheckAgain}>
            {t('success.checkAgain')}
          </Button>
        )}
        <Button className='pay-result__btn pay-result__view' onClick={viewOrder}>
          {t('success.viewOrder')}
        </Button>
        <Button className='pay-result__btn pay-result__home' onClick={home}>
          {t('success.home')}
        </Button>
      </View>
      {paid && (
        <Text className='pay-result__plan' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/orderInfo', { id: order.id }) })}>
          {t('success.goldPlan')} ›
        </Text>
      )}
    </View>
  )
}
