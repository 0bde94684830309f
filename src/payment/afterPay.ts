import Taro from '@tarojs/taro'
import type { PayOutcome } from './pay'
import { routeUrl } from '@/routes'

/**
 * What the screen does once the pipeline answers: a product order the server says is paid → its order detail
 * (the seed's rule: its redemption code is there); other paid, pending or refund outcomes → the success page,
 * which checks with the server and then says "refund in progress" / "refunded", never "success".
 */
export function afterPay(outcome: PayOutcome | undefined): void {
  if (!outcome) return
  // A takeout order opens its own page (its timeline follows the store), paid or still being confirmed.
  if (outcome.order.kind === 'takeout' && (outcome.status === 'paid' || outcome.status === 'pending')) {
    void Taro.redirectTo({ url: routeUrl('pages/takeout/orderDetail', { id: outcome.order.id }) })
    return
  }
  if (outcome.status === 'paid' && outcome.order.kind === 'product') {
    void Taro.redirectTo({ url: routeUrl('pages/orders/detail', { id: outcome.order.id }) })
    return
  }
  if (outcome.status === 'paid' || outcome.status === 'pending' || outcome.status === 'refund') {
    void Taro.redirectTo({ url: routeUrl('pages/payBill/success', { id: outcome.order.id }) })
  }
  // 'redirected': the browser is leaving for the cashier; 'cancelled' / 'failed': the pipeline told the shopper.
}
