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

/** What the shopper may pick in a plain browser (payparam's pay_method). */
export type PayMethodChoice = NonNullable<PayparamPayload['pay_method']>

export interface PaymentAdapter {
  extras(order: OrderInfo, urls: ReturnUrls): Promise<PayparamExtras>
  pay(order: OrderInfo, answer: PayparamAnswer): Promise<AdapterResult>
  /**
   * The server asks the shopper to pick (payparam refused `pay_method_required`: WeChat Pay and Alipay are both
   * configured): the payment sheet, the choice remembered; null when the shopper closes it. H5 only.
   */
  choose?(order: OrderInfo, methods: readonly PayMethodChoice[]): Promise<PayMethodChoice | null>
  /**
   * The server needs the payer's identity first (payparam refused `alipay_auth_required`): what to send again, or null
   * while the browser leaves to authorise (the shopper pays again when it comes back). H5 only.
   */
  authorize?(order: OrderInfo): Promise<Partial<PayparamExtras> | null>
}
