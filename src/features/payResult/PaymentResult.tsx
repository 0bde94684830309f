import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import { useT } from '@/features/payResult/messages'
import { payStage, type PayStage } from '@/contract/orderRules'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
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
  return translate('success.unpaid')
}

/** One line under the status where there is something to add: why nothing is paid yet, where the money goes. */
const HINTS: Partial<Record<PayStage, 'success.unpaidHint' | 'success.refundingHint' | 'success.refundedHint'>> = {
  unpaid: 'success.unpaidHint',
  refunding: 'success.refundingHint',
  refunded: 'success.refundedHint',
}

/**
 * Payment success (or, until the server confirms, "checking"): never declared on a redirect alone, and
 * never for an order whose money is going back (refunding 60 / refunded 70) or that was cancelled.
 */
export default function PaymentResult({ order, checking, onCheckAgain }: Props) {
  const t = useT()
  const { payExisting, paying } = usePay()
  const stage = payStage(order.order_status)
  const paid = stage === 'paid'
  const unpaid = stage === 'unpaid'
  const refund = stage === 'refunding' || stage === 'refunded'
  // Savings are only savings once paid: an unpaid or cancelled order saved nothing yet.
  const saved = paid || refund ? order.discount_amount + order.coupon_amount : 0
  const viewOrder = () => void Taro.redirectTo({ url: routeUrl('pages/orders/detail', { id: order.id }) })
  const home = () => void Taro.switchTab({ url: routeUrl('pages/index/index') })
  const icon = paid ? '' : ` pay-result__icon--${refund ? 'refund' : unpaid ? 'unpaid' : 'wait'}`
  const hint = unpaid && checking ? undefined : HINTS[stage]

  return (
    <View className={`pay-result pay-result--${stage}`}>
      <View className={`pay-result__icon${icon}`} aria-hidden='true' />
      <Text className={`pay-result__status pay-result__status--${stage}`}>{unpaid && checking ? t('success.checking') : resultTitle(stage, t)}</Text>
      {hint && <Text className='pay-result__hint'>{t(hint)}</Text>}
      <Money className='pay-result__amount' cents={order.pay_amount} />
      <View className='pay-result__rows'>
        {saved > 0 && (
          <View className='kv-row pay-result__row pay-result__row--saved'>
            <Text>{t('success.saved')}</Text>
            <Money cents={saved} />
          </View>
        )}
        {/* What was paid for: the card bought, else the shop (or the item when there is no shop). */}
        <View className={`kv-row pay-result__row pay-result__row--${order.kind === 'card' ? 'card' : 'shop'}`}>
          <Text>{t(order.kind === 'card' ? 'success.card' : order.shop_name ? 'success.shop' : 'success.item')}</Text>
          <Text>{order.shop_name ?? order.title}</Text>
        </View>
        {order.oil && (
          <View className='kv-row pay-result__row pay-result__row--fuel'>
            <Text>{t('success.fuel')}</Text>
            <Text>{t('success.fuelLine', { grade: order.oil.grade, pump: order.oil.pump_no, litres: order.oil.litres.toFixed(2) })}</Text>
          </View>
        )}
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
        {unpaid && (
          <Button className='btn-pill pay-result__btn pay-result__pay' disabled={paying || checking || undefined} loading={paying} onClick={() => void payExisting(order).then(afterPay)}>
            {t('success.payNow')}
          </Button>
        )}
        {unpaid && (
          <Button className='btn-outline pay-result__btn pay-result__again' disabled={checking || undefined} loading={checking} onClick={onCheckAgain}>
            {t('success.checkAgain')}
          </Button>
        )}
        {/* A card just bought: what it is for, at once — the code to show at the till. */}
        {paid && order.kind === 'card' && (
          <Button className='btn-pill pay-result__btn pay-result__code' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/card/vipCord') })}>
            {t('success.showCode')}
          </Button>
        )}
        <Button className='btn-outline pay-result__btn pay-result__view' onClick={viewOrder}>
          {t('success.viewOrder')}
        </Button>
        <Button className='btn-outline pay-result__btn pay-result__home' onClick={home}>
          {t('success.home')}
        </Button>
      </View>
      {paid && (
        <Text className='pay-result__plan tap-slop' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/orderInfo', { id: order.id }) })}>
          {t('success.goldPlan')} ›
        </Text>
      )}
    </View>
  )
}
