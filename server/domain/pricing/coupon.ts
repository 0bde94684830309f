import { PAY_MIN_CENTS } from '../../../src/contract/storeShopEndpoints'
import { percentOff } from '../discount'

/**
 * What a coupon takes off an order (issue 44; docs/api.md "Coupons"), decided by the server only:
 * - a value coupon its value, a percentage coupon that percentage of what it applies to (rounded half up to the cent),
 *   at most its cap;
 * - never more than what it applies to (the goods after the shop's, the card's and a discount day's cuts: the fees are
 *   still paid);
 * - never so much that less than the provider's minimum payment (PAY_MIN_CENTS, 1 fen) is left to pay: a ¥10 coupon on a
 *   ¥8.80 bill takes ¥8.79 off, and ¥0.01 is paid.
 */
export function couponOff(terms: { amount: number; percent_off: number | null }, appliesTo: number, fee: number): number {
  const value = terms.percent_off === null ? terms.amount : Math.min(terms.amount, percentOff(appliesTo, 100 - terms.percent_off))
  return Math.max(0, Math.min(value, appliesTo, appliesTo + fee - PAY_MIN_CENTS))
}
