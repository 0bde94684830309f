import { useRef } from 'react'
import { createFuelOrder, PriceMovedError } from '@/api/fuel'
import type { OilOrderPayload } from '@/contract/order'
import { toastError } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { newRequestId, payOrder, type PayOutcome } from '@/payment/pay'

/**
 * Pay for fuel: single-flight, one request id per payload (a retry gets the same order), create with the price
 * per litre the shopper was quoted. A moved price comes back as a PriceMovedError (nothing created) for the
 * screen to show and confirm; any other refusal is said in a toast.
 */
export function useFuelPay() {
  const attempt = useRef<{ key: string; id: string } | null>(null)
  const action = useAction(async (payload: OilOrderPayload & { quoted_price: number }): Promise<PayOutcome | PriceMovedError> => {
    const key = JSON.stringify(payload)
    if (attempt.current?.key !== key) attempt.current = { key, id: newRequestId() }
    let order
    try {
      order = await createFuelOrder(payload, attempt.current.id)
    } catch (e) {
      if (e instanceof PriceMovedError) {
        attempt.current = null
        return e
      }
      toastError(errorMessage(e))
      throw e
    }
    const outcome = await payOrder(order)
    if (outcome.status === 'paid' || outcome.status === 'redirected') attempt.current = null
    return outcome
  })
  return { pay: action.run, paying: action.busy }
}
