import { reasonText, type Reason, type ReasonParams } from '../../src/contract/reasons'

/**
 * A business refusal: answered as HTTP 200 with code 0 (or -1 for auth), its reason, params and a readable msg.
 * Built by refuse() only: a refusal has a reason from the contract, never words of its own.
 */
export class BizError extends Error {
  readonly code: 0 | -1
  /** What the client needs to act on the refusal (e.g. fuel's price_moved); null for most. */
  readonly data: unknown
  /** The stable reason from the contract (src/contract/reasons.ts); msg is written from it in the asker's language. */
  readonly reason: Reason
  readonly params: ReasonParams
  constructor(reason: Reason, params: ReasonParams, code: 0 | -1, data: unknown) {
    // The Chinese words, for logs; the answer's msg is written as it leaves (app.ts).
    super(reasonText(reason, 'zh', params))
    this.code = code
    this.data = data
    this.reason = reason
    this.params = params
  }
}

/**
 * A refusal by its reason (src/contract/reasons.ts): `throw refuse('order_not_found')`,
 * `throw refuse('coupon_min_spend', { min: '10.00' })`, `throw refuse('login_required', {}, { code: -1 })`.
 * msg is written from the reason in the asker's language as the answer leaves (app.ts).
 */
export function refuse(reason: Reason, params: ReasonParams = {}, opts: { code?: 0 | -1; data?: unknown } = {}): BizError {
  return new BizError(reason, params, opts.code ?? 0, opts.data ?? null)
}
