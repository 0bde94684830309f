import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { QrCode } from '@/components/MemberCode'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import type { OrderInfo, VerificationAnswer } from '@/contract/order'
import { ORDER_STATUS } from '@/contract/constants'
import { canRefund, cancelNotRefund, payStage } from '@/contract/orderRules'
import { toastSuccess } from '@/core/feedback'
import { useT } from '@/features/orders/messages'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
import { orderHeading } from './heading'
import { OrderItems } from './OrderLines'
import PickupPlace from './PickupPlace'
import RefundSheet from './RefundSheet'
import RefundTimeline from './RefundTimeline'
import { AutoCancelCountdown, useAutoCancelLeft, useCancelOrder } from './unpaid'
import './OrderDetail.css'
import { routeUrl } from '@/routes'

interface Props {
  order: OrderInfo
  code: VerificationAnswer | null
  /** Back from the cashier after a payment that did not go through (its return URL says so). */
  payFailed?: boolean
}

/**
 * Order detail: status, amounts, number (copy), times, the redemption code, refund; unpaid: countdown, cancel, pay.
 * What it writes (cancel, refund, withdraw) invalidates the kept order: the screen reads it again by itself, once.
 */
export default function OrderDetail({ order, code, payFailed = false }: Props) {
  const t = useT()
  const { payExisting, paying } = usePay()
  const [refunding, setRefunding] = useState(false)
  const cancel = useCancelOrder()
  const unpaid = payStage(order.order_status) === 'unpaid'
  const left = useAutoCancelLeft(order)
  const copy = () =>
    void Taro.setClipboardData({ data: order.order_no })
      .then(() => toastSuccess(t('common.copied')))
      .catch(() => undefined)
  const refundable = canRefund(order.order_status)
  // A takeout order is refunded (or, not accepted yet, cancelled) from its own page, where its state follows the store (issue 39).
  const takeout = order.kind === 'takeout'
  const cancelsInstead = cancelNotRefund(order.kind, order.order_status)
  const { name, item } = orderHeading(order, t)

  return (
    <View className='order-detail'>
      {payFailed && unpaid && (
        <View className='order-detail__banner' role='alert'>
          <Text>{t('detail.payFailed')}</Text>
        </View>
      )}
      <View className={`order-detail__status order-detail__status--${order.order_status}`}>
        <OrderStatusText className='order-detail__status-text' status={order.order_status} />
        <Text className='order-detail__title'>{item ? `${name} · ${item}` : name}</Text>
        {unpaid && <AutoCancelCountdown className='order-detail__countdown' seconds={left} />}
      </View>

      {/* The refund's timeline (issue 24); a server without it: the store's last refusal, as before. */}
      {order.refund && <RefundTimeline order={order} refund={order.refund} onAskAgain={() => setRefunding(true)} />}
      {order.refund === undefined && order.refund_rejection && (
        <View className='order-detail__rejected' role='status'>
          <Text className='order-detail__rejected-title'>{t('detail.refundRejected')}</Text>
          <Text className='order-detail__rejected-reason'>{t('detail.refundRejectedReason', { reason: order.refund_rejection.reason })}</Text>
          <Text className='order-detail__rejected-at'>{order.refund_rejection.at}</Text>
        </View>
      )}

      {code?.used && (
        <View className='order-detail__code order-detail__code--used'>
          <Text className='order-detail__section'>{t('detail.code')}</Text>
          <Text className='order-detail__used'>{t('detail.codeUsed')}</Text>
        </View>
      )}

      {code && !code.used && (
        <View className='order-detail__code'>
          <Text className='order-detail__section'>{t('detail.code')}</Text>
          <QrCode value={code.code} label={t('detail.code')} />
          <Text className='order-detail__code-digits'>{code.code.replace(/(\d{4})(?=\d)/g, '$1 ')}</Text>
          {order.pickup && <PickupPlace place={order.pickup} />}
        </View>
      )}
      {/* Collected at a store without a code to show (not paid yet, collected, or refunded): still where it is. */}
      {order.pickup && !(code && !code.used) && (
        <View className='order-detail__code'>
          <PickupPlace place={order.pickup} />
        </View>
      )}

      <OrderItems order={order} />
      {order.parcel && (
        <View className='order-detail__box order-detail__parcel' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/logistics/index', { id: order.id }) })}>
          <View className='kv-row order-detail__row'>
            <Text>{order.parcel.carrier_name}</Text>
            <Text className='order-detail__parcel-no'>{order.parcel.tracking_no}</Text>
          </View>
          <Text className='order-detail__parcel-latest'>{order.parcel.latest} ›</Text>
        </View>
      )}

      <View className='order-detail__box'>
        <Row label={t('detail.original')} cents={order.original_amount} />
        {order.discount_amount > 0 && <Row label={t('detail.discount')} cents={-order.discount_amount} />}
        {order.coupon_amount > 0 && <Row label={t('detail.coupon')} cents={-order.coupon_amount} />}
        {/* Each fee as charged (issue 39): a pickup order's packing is not "delivery/packing". */}
        {order.fees ? order.fees.map((f) => <Row key={f.kind} label={t(`detail.fee.${f.kind}`)} cents={f.amount} />) : order.fee_amount > 0 && <Row label={t('detail.fee')} cents={order.fee_amount} />}
        <Row label={t(unpaid ? 'detail.toPay' : 'detail.paid')} cents={order.pay_amount} strong />
      </View>

      <View className='order-detail__box'>
        <View className='kv-row order-detail__row'>
          <Text>{t('detail.orderNo')}</Text>
          <Text className='order-detail__no tap-slop' role='button' tabIndex={0} onClick={copy}>
            {order.order_no} · {t('common.copy')}
          </Text>
        </View>
        <View className='kv-row order-detail__row'>
          <Text>{t('detail.created')}</Text>
          <Text>{order.create_time}</Text>
        </View>
        {order.pay_time && (
          <View className='kv-row order-detail__row'>
            <Text>{t('detail.payTime')}</Text>
            <Text>{order.pay_time}</Text>
          </View>
        )}
      </View>

      <View className='order-detail__actions'>
        {/* A shipped parcel: where it is, and confirming receipt (Logistics). */}
        {order.parcel && (
          <Button
            className={`${order.order_status === ORDER_STATUS.DELIVERING ? 'btn-pill' : 'btn-outline'} order-detail__btn tap-slop order-detail__track`}
            onClick={() => void Taro.navigateTo({ url: routeUrl('pages/logistics/index', { id: order.id }) })}
          >
            {t('detail.logistics')}
          </Button>
        )}
        {refundable && !order.refund?.can_ask_again && (
          <Button className='btn-outline order-detail__btn tap-slop order-detail__refund' onClick={takeout ? () => void Taro.navigateTo({ url: routeUrl('pages/takeout/orderDetail', { id: order.id, ask: cancelsInstead ? 'cancel' : 'refund' }) }) : () => setRefunding(true)}>
            {t(cancelsInstead ? 'orders.cancel' : 'orders.refund')}
          </Button>
        )}
        {unpaid && (
          <Button className='btn-outline order-detail__btn tap-slop order-detail__cancel' disabled={cancel.busy || paying || undefined} loading={cancel.busy} onClick={() => void cancel.run(order)}>
            {t('orders.cancel')}
          </Button>
        )}
        {unpaid && (left > 0 || !order.expire_time) && (
          <Button className='btn-pill order-detail__btn tap-slop order-detail__pay' disabled={paying || cancel.busy || undefined} loading={paying} onClick={() => void payExisting(order).then(afterPay)}>
            {t('orders.payNow')}
          </Button>
        )}
      </View>
      {refunding && refundable && (
        <RefundSheet
          order={order}
          onClose={() => setRefunding(false)}
          onSent={() => setRefunding(false)}
        />
      )}
    </View>
  )
}

function Row({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <View className={`kv-row order-detail__row${strong ? ' order-detail__row--strong' : ''}`}>
      <Text>{label}</Text>
      <Text>
        {cents < 0 ? '-' : ''}
        <Money cents={Math.abs(cents)} />
      </Text>
    </View>
  )
}
