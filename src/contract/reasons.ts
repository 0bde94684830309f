import type { ApiLang } from './common'
import { fillWords } from './words'

/**
 * Every refusal the server can answer (code 0 / -1), by a stable reason: the app branches on `reason`, never on
 * `msg`; the server writes `msg` from the reason in the payload's language. `{name}` placeholders are filled from
 * the refusal's `params` (the same `fillWords` the app's `t` uses). Add a reason here, with both languages,
 * before throwing it (`refuse('order_not_found')` in server/http.ts).
 */
export const REASONS = {
  // (issue 23: being filled from server/refusals.ts and server/store.ts; the reasons helper owns this list's order)
  invalid_request: { zh: '参数错误', en: 'Invalid request' },
  login_required: { zh: '请先登录', en: 'Please log in first' },
  session_expired: { zh: '登录已过期，请重新登录', en: 'Your session has expired. Please log in again' },
  order_not_found: { zh: '订单不存在', en: 'This order does not exist' },
  shop_not_found: { zh: '商家不存在', en: 'This shop does not exist' },
  product_not_found: { zh: '商品不存在', en: 'This product does not exist' },
  special_not_found: { zh: '专题不存在', en: 'This special does not exist' },
} as const satisfies Record<string, { readonly zh: string; readonly en: string }>

export type Reason = keyof typeof REASONS
export type ReasonParams = Readonly<Record<string, string | number>>

export const isReason = (value: unknown): value is Reason => typeof value === 'string' && Object.prototype.hasOwnProperty.call(REASONS, value)

/** A refusal's words in the asker's language, its `{name}`s filled from params. */
export function reasonText(reason: Reason, lang: ApiLang, params: ReasonParams = {}): string {
  return fillWords(REASONS[reason][lang === 'en' ? 'en' : 'zh'], params)
}
