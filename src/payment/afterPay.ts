import Taro from '@tarojs/taro'
import type { PayOutcome } from './pay'
import { routeUrl } from '@/routes'

/**
 * What the screen does once the pipeline answers: paid or pending → the success page checks with the
 * server; refund → the same page, which then says "refund in progress" / "refunded", never "success".
 */
export function afterPay(outcome: PayOutcome | undefined): void {
  if (!outcome) return
  if (outcome.status === 'paid' || outcome.status === 'pending' || outcome.status === 'refund') {
    void Taro.redirectTo({ url: routeUrl('pages/payBill/success', { id: outcome.order.id }) })
  }
  // 'redirected': the browser is leaving for the cashier; 'cancelled' / 'failed': the pipeline told the shopper.
}
