import { Text } from '@tarojs/components'
import type { OrderInfo } from '@/contract/order'
import { payStage } from '@/contract/orderRules'
import { parseTime } from '@/core/clock'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage, request } from '@/core/request'
import { useT } from '@/features/orders/messages'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'

/** What My orders and Order detail share about an unpaid order: the auto-cancel countdown and Cancel. */

/** Seconds until an unpaid order is cancelled by itself (on the server's clock); 0 for any other order. */
export function useAutoCancelLeft(order: OrderInfo): number {
  return useCountdown(payStage(order.order_status) === 'unpaid' ? parseTime(order.expire_time) : null)
}

/** "4 分 59 秒后自动取消" (a time left, not a clock time as "04:59" read) — nothing once the time is up. */
export function AutoCancelCountdown({ seconds, className }: { seconds: number; className: string }) {
  const t = useT()
  if (seconds <= 0) return null
  return (
    <Text className={className} role='timer'>
      {seconds >= 60 ? t('orders.autoCancel', { min: Math.floor(seconds / 60), sec: seconds % 60 }) : t('orders.autoCancelSeconds', { sec: seconds })}
    </Text>
  )
}

/**
 * Cancel an unpaid order after asking (single-flight). The cancel invalidates every kept answer (its stock and coupon
 * come back too: src/core/cache.ts), so a list on show asks again by itself; `onCancelled` is for what else a screen does.
 */
export function useCancelOrder(onCancelled?: () => void | Promise<void>) {
  const t = useT()
  return useAction(async (order: OrderInfo) => {
    if (!(await confirmAction(t('orders.cancelConfirm'), t('orders.cancelYes'), t('orders.cancelNo')))) return
    try {
      await request('personal.order/cancel', { id: order.id })
      toastSuccess(t('orders.cancelled'))
      await onCancelled?.()
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
}
