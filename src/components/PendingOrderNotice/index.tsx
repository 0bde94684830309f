import { Button, Text, View } from '@tarojs/components'
import type { OrderInfo } from '@/contract/order'
import { parseTime } from '@/core/clock'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { errorMessage, request } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'
import { afterPay } from '@/payment/afterPay'
import { payOrder } from '@/payment/pay'
import { useT } from './messages'
import './index.css'

interface Props {
  /** The unpaid order waiting at this shop or station (src/api/pendingOrders.ts), or null. */
  order: OrderInfo | null | undefined
  /** Read it again: after a cancel, or a payment that did not happen. */
  onChanged: () => void | Promise<void>
  /** Say what the order is (its title: the mall's cart, where the shop alone does not tell the orders apart). */
  showTitle?: boolean
}

/**
 * Above Pay a bill's and fuel's form, the mall's cart and its confirm sheet (issue 39): an unpaid order waits (the
 * shopper went back from the cashier, or closed the payment sheet). Says how much, where it is kept and until when, and offers to pay it or cancel it.
 */
export default function PendingOrderNotice({ order, onChanged, showTitle = false }: Props) {
  const t = useT()
  const left = useCountdown(order ? parseTime(order.expire_time) : null)

  const pay = useAction(async (o: OrderInfo) => {
    const outcome = await payOrder(o)
    afterPay(outcome)
    // The sheet closed, or the payment failed: it still waits (or is gone) — read it again.
    if (outcome.status !== 'redirected' && outcome.status !== 'paid') await onChanged()
  })
  const cancel = useAction(async (o: OrderInfo) => {
    if (!(await confirmAction(t('pending.cancelConfirm', { amount: centsToYuan(o.pay_amount) }), t('pending.cancelYes'), t('pending.cancelNo')))) return
    try {
      await request('personal.order/cancel', { id: o.id })
      toastSuccess(t('pending.cancelled'))
    } catch (e) {
      toastError(errorMessage(e))
    }
    await onChanged()
  })

  // Nothing waits, or its time is up (the server cancels it by itself).
  if (!order || (order.expire_time && left <= 0)) return null
  const busy = pay.busy || cancel.busy
  return (
    <View className='pending-order' role='region' aria-label={t('pending.title')}>
      <Text className='pending-order__title'>{t('pending.title')}</Text>
      {showTitle && <Text className='pending-order__what'>{order.title}</Text>}
      <Text className='pending-order__amount'>{t('pending.amount', { amount: centsToYuan(order.pay_amount) })}</Text>
      <Text className='pending-order__hint'>{t('pending.hint')}</Text>
      {left > 0 && <Text className='pending-order__hint pending-order__expires'>{t('pending.expires', { minutes: Math.ceil(left / 60) })}</Text>}
      <View className='pending-order__actions'>
        <Button className='btn-outline pending-order__cancel' disabled={busy || undefined} loading={cancel.busy} onClick={() => void cancel.run(order)}>
          {t('pending.cancel')}
        </Button>
        <Button className='btn-pill pending-order__pay' disabled={busy || undefined} loading={pay.busy} onClick={() => void pay.run(order)}>
          {t('pending.pay')}
        </Button>
      </View>
    </View>
  )
}
