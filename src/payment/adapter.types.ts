import type { OrderInfo, PayparamAnswer, PayparamPayload } from '@/contract/order'

/** What the platform adds to `payparam`: which platform, channel, openid, return URLs. */
export type PayparamExtras = Omit<PayparamPayload, 'id' | 'share_user_user_id'>

/**
 * How a platform takes the money once the server has answered payparam.
 * - 'confirm': the provider says it went through — the pipeline still asks the server before saying paid;
 * - 'cancelled': the shopper backed out (not an error; the order stays unpaid in Orders);
 * - 'failed': the provider refused;
 * - 'redirected': the page is leaving for a cashier; the pending-order checks finish the job on return.
 */
export type AdapterResult = 'confirm' | 'cancelled' | 'failed' | 'redirected'

export interface ReturnUrls {
  /** Same-origin paths the H5 cashier returns to. */
  success: string
  fail: string
}

export interface PaymentAdapter {
  extras(order: OrderInfo, urls: ReturnUrls): Promise<PayparamExtras>
  pay(order: OrderInfo, answer: PayparamAnswer): Promise<AdapterResult>
}
