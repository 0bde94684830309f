import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { requestStore } from '@/api/store'
import { refundReasonIn } from '@/contract/ordersWords'
import type { OrderAction, StoreOrderAnswer } from '@/contract/store'
import { invalidate } from '@/core/cache'
import { getLang } from '@/core/i18n'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { routeUrl } from '@/routes'
import OrderSummary, { hasPackedLines, Pair } from './OrderSummary'
import RejectSheet from './RejectSheet'
import ShipSheet from './ShipSheet'
import './store.css'

interface Props {
  data: StoreOrderAnswer
  /** The order after an action (the answer carries it and its trail). */
  onChanged: (answer: StoreOrderAnswer) => void
}

/** A store order: what it is, the refund request if any, the actions its state allows, and who did what when. */
export default function StoreOrderDetail({ data, onChanged }: Props) {
  const t = useT()
  const order = data.info
  const [rejecting, setRejecting] = useState(false)
  const [shipping, setShipping] = useState(false)
  const address = order.delivery?.mode === 'ship' ? order.delivery.address : null

  const approve = useAction(async () => {
    if (!(await confirmAction(t('storeOrder.approveAsk'), t('storeOrder.approveYes'), t('common.cancel')))) return
    try {
      onChanged(await requestStore('hui_shanghu.store_order/refundApprove', { id: order.id }))
      toastSuccess(t('storeOrder.approved'))
    } catch (e) {
      toastError(errorMessage(e))
      // Refused: someone else answered first. The store's orders kept (this one, the lists) are out of date: asked
      // again, this screen at once.
      invalidate('hui_shanghu.store_order/')
    }
  })

  return (
    <View className='store-order'>
      <OrderSummary order={order} />
      <View className='store-box'>
        <Pair label={t('storeOrder.created')} value={order.create_time} />
        {order.pay_time && <Pair label={t('storeOrder.payTime')} value={order.pay_time} />}
      </View>

      {address && (
        <View className='store-box store-order__address'>
          <Text className='store-section'>{t('storeOrder.shipTo')}</Text>
          <Text>
            {address.name} {address.phone}
          </Text>
          <Text>{address.text}</Text>
        </View>
      )}

      {order.parcel && (
        <View className='store-box store-order__parcel'>
          <Text className='store-section'>{t('storeOrder.parcel')}</Text>
          <Pair label={order.parcel.carrier_name} value={order.parcel.tracking_no} />
          <Text className='store-note'>{order.parcel.latest}</Text>
        </View>
      )}

      {order.refund_state !== 'none' && order.refund_reason && (
        <View className='store-box store-order__refund'>
          <Text className='store-section'>{t('storeOrder.refundAsked')}</Text>
          <Pair label={t('storeOrder.refundReason')} value={refundReasonIn(getLang(), order.refund_reason)} className='store-order__refund-reason' />
          {order.refund_requested_at && <Pair label={t('storeOrder.refundAskedAt')} value={order.refund_requested_at} />}
          {order.can_answer_refund && order.refund_auto_approve_at && <Text className='store-note'>{t('storeOrder.autoApproveAt', { time: order.refund_auto_approve_at })}</Text>}
          {order.refund_state === 'awaiting_provider' && <Text className='store-note store-order__waiting'>{t('storeOrder.refundWaiting')}</Text>}
        </View>
      )}

      {(order.can_answer_refund || order.can_verify || order.can_ship) && (
        <View className='store-actions'>
          {order.can_ship && (
            <Button className='btn-pill store-actions__btn store-order__ship' onClick={() => setShipping(true)}>
              {t('storeOrder.ship')}
            </Button>
          )}
          {order.can_verify && (
            <Button className='btn-pill store-actions__btn store-order__verify' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/verify') })}>
              {t('storeOrder.verify')}
            </Button>
          )}
          {order.can_answer_refund && (
            <Button className='btn-outline store-actions__btn store-order__reject' disabled={approve.busy || undefined} onClick={() => setRejecting(true)}>
              {t('storeOrder.reject')}
            </Button>
          )}
          {order.can_answer_refund && (
            <Button className='btn-pill store-actions__btn store-order__approve' disabled={approve.busy || undefined} loading={approve.busy} onClick={() => void approve.run()}>
              {t('storeOrder.approve')}
            </Button>
          )}
        </View>
      )}

      <View className='store-box store-trail'>
        <Text className='store-section'>{t('storeOrder.trail')}</Text>
        {data.actions.length === 0 ? <Text className='store-note'>{t('storeOrder.trailEmpty')}</Text> : data.actions.map((a, i) => <TrailRow key={`${a.at}-${i}`} action={a} />)}
      </View>

      {shipping && order.can_ship && (
        <ShipSheet
          orderId={order.id}
          lines={order.lines}
          onClose={() => setShipping(false)}
          onDone={(answer) => {
            setShipping(false)
            onChanged(answer)
          }}
        />
      )}

      {rejecting && order.can_answer_refund && (
        <RejectSheet
          orderId={order.id}
          lines={hasPackedLines(order) ? order.lines : []}
          onClose={() => setRejecting(false)}
          onDone={(answer) => {
            setRejecting(false)
            onChanged(answer)
          }}
        />
      )}
    </View>
  )
}

export function TrailRow({ action }: { action: OrderAction }) {
  const t = useT()
  const who = action.by_phone ? `${t(`storeTrail.by.${action.by}`)} ${action.by_phone}` : t(`storeTrail.by.${action.by}`)
  return (
    <View className={`store-trail__row store-trail__row--${action.action}`}>
      <View className='store-trail__line'>
        <Text className='store-trail__what'>{t(`storeTrail.${action.action}`)}</Text>
        <Text className='store-trail__at'>{action.at}</Text>
      </View>
      <Text className='store-trail__who'>{who}</Text>
      {action.reason && <Text className='store-trail__reason'>{refundReasonIn(getLang(), action.reason)}</Text>}
    </View>
  )
}
