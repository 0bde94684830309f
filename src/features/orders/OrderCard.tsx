import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import { ORDER_STATUS } from '@/contract/constants'
import type { OrderInfo } from '@/contract/order'
import { canRefund, cancelNotRefund, hasRedemptionCode, payStage } from '@/contract/orderRules'
import { useT } from '@/features/orders/messages'
import { orderHeading } from './heading'
import { LineSummary } from './OrderLines'
import { refundLine } from './RefundTimeline'
import { AutoCancelCountdown, useAutoCancelLeft } from './unpaid'
import './orders.css'
import { routeUrl } from '@/routes'

interface Props {
  order: OrderInfo
  busy: boolean
  onPay: (order: OrderInfo) => void
  onCancel: (order: OrderInfo) => void
}

/** A product order's lines show what was bought (picture, name, spec); its title would say it twice. */
const hasProductLines = (order: OrderInfo) => order.kind === 'product' && (order.lines?.length ?? 0) > 0

/** One order in My orders, with the actions its status allows. */
export default function OrderCard({ order, busy, onPay, onCancel }: Props) {
  const t = useT()
  const unpaid = payStage(order.order_status) === 'unpaid'
  const left = useAutoCancelLeft(order)
  // A paid takeout order opens its own page (its timeline follows the store).
  const takeoutPage = order.kind === 'takeout' && !unpaid
  const open = () => void Taro.navigateTo({ url: takeoutPage ? routeUrl('pages/takeout/orderDetail', { id: order.id }) : routeUrl('pages/orders/detail', { id: order.id }) })
  const paidLike = canRefund(order.order_status)
  // Issue 39: a takeout order's button lands where the shopper can do what it says — its page with the refund form open,
  // or (not accepted yet: cancelled, not refunded by request) with the cancel asked.
  const cancelsInstead = cancelNotRefund(order.kind, order.order_status)
  const ask = () => void Taro.navigateTo({ url: routeUrl('pages/takeout/orderDetail', { id: order.id, ask: cancelsInstead ? 'cancel' : 'refund' }) })
  const { name, item } = orderHeading(order, t)
  return (
    <View className={`order-card order-card--${order.order_status}`} role='link' tabIndex={0} onClick={open}>
      <View className='order-card__head'>
        <Text className='order-card__name'>{name}</Text>
        <OrderStatusText className='order-card__status' status={order.order_status} kind={order.kind} />
      </View>
      <LineSummary order={order} />
      <View className='order-card__body'>
        {/* What was bought, under the shop; an order with no shop is named once, above. */}
        {item && !hasProductLines(order) && <Text className='order-card__item'>{item}</Text>}
        <Money className='order-card__amount' cents={order.pay_amount} />
      </View>
      <Text className='order-card__time'>{order.create_time}</Text>
      {order.refund ? (
        <Text className={`order-card__refund order-card__refund--${order.refund.state}`}>{refundLine(order.refund, t)}</Text>
      ) : (
        order.refund_rejection && <Text className='order-card__rejected'>{t('detail.refundRejectedReason', { reason: order.refund_rejection.reason })}</Text>
      )}
      {(unpaid || paidLike || order.parcel) && (
        <View className='order-card__actions' onClick={(e) => e.stopPropagation()}>
          {unpaid && <AutoCancelCountdown className='order-card__countdown' seconds={left} />}
          {unpaid && (
            <Button className='btn-outline order-card__btn tap-slop order-card__cancel' disabled={busy || undefined} onClick={() => onCancel(order)}>
              {t('orders.cancel')}
            </Button>
          )}
          {unpaid && left > 0 && (
            <Button className='btn-pill order-card__btn tap-slop order-card__pay' disabled={busy || undefined} loading={busy} onClick={() => onPay(order)}>
              {t('orders.payNow')}
            </Button>
          )}
          {order.parcel && (
            <Button className='btn-outline order-card__btn tap-slop order-card__track' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/logistics/index', { id: order.id }) })}>
              {t('detail.logistics')}
            </Button>
          )}
          {paidLike && !order.parcel && (
            <Button className='btn-outline order-card__btn tap-slop order-card__detail' onClick={takeoutPage ? ask : open}>
              {order.order_status === ORDER_STATUS.PAID && hasRedemptionCode(order.kind, order.order_status, order.delivery?.mode) ? t('orders.showCode') : cancelsInstead ? t('orders.cancel') : t('orders.refund')}
            </Button>
          )}
        </View>
      )}
    </View>
  )
}
