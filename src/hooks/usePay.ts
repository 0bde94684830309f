import { useRef } from 'react'
import type { OrderInfo, OrderPayload } from '@/contract/order'
import { useAction } from '@/hooks/useAction'
import { checkout, newRequestId, payOrder, type PayOutcome } from '@/payment/pay'

/**
 * Pay from a screen: single-flight (a double tap sends one order), `paying` for the button. A retry of
 * the same payload reuses the request id, so the server returns the same order instead of a second one.
 */
export function usePay() {
  const attempt = useRef<{ key: string; id: string } | null>(null)

  const buy = useAction(async (payload: OrderPayload): Promise<PayOutcome> => {
    const key = JSON.stringify(payload)
    if (attempt.current?.key !== key) attempt.current = { key, id: newRequestId() }
    const outcome = await checkout(payload, attempt.current.id)
    if (outcome.status === 'paid' || outcome.status === 'redirected') attempt.current = null
    return outcome
  })

  /** Pay an order that already exists (My orders → pay now). */
  const payExisting = useAction((order: OrderInfo) => payOrder(order))

  return {
    pay: buy.run,
    payExisting: payExisting.run,
    paying: buy.busy || payExisting.busy,
    error: buy.error ?? payExisting.error,
  }
}
