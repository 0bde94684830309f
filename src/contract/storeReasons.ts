import type { ApiLang } from './common'

/**
 * Reasons the store picks from a list (issue 39): why it refuses a new takeout order, why it rejects a refund request.
 * The store's screens offer them in the staff member's language and send the code; the server stores the code
 * (`code:<code>` in the reason column: storedReason) and answers its words in the reader's language — the shopper in
 * theirs, the store in its own (storeReasonIn). Words the store types (Other) are stored and shown as written.
 * Rows written before the codes hold the takeout list's words in Chinese or English: they read as their code.
 * Plain data and functions: the app and the server import them.
 */

/** Refusing a new takeout order (hui_shanghu.store_takeout/refuse `reason_code`). */
export const TAKEOUT_REFUSAL_REASONS = ['busy', 'sold_out', 'closing', 'too_far'] as const
export type TakeoutRefusalReason = (typeof TAKEOUT_REFUSAL_REASONS)[number]

/** Rejecting a refund request (hui_shanghu.store_order/refundReject `reason_code`). */
export const REFUND_REJECTION_REASONS = ['consumed', 'opened', 'shipped', 'more_detail'] as const
export type RefundRejectionReason = (typeof REFUND_REJECTION_REASONS)[number]

export type StoreReason = TakeoutRefusalReason | RefundRejectionReason

/** Each reason in both languages: what the store picks and what the shopper reads. */
export const STORE_REASON_WORDS: Record<StoreReason, { zh: string; en: string }> = {
  // The takeout list's words are the ones the store sent before the codes (so those rows read as their code).
  busy: { zh: '店里太忙，暂时接不了', en: 'Too busy to take it now' },
  sold_out: { zh: '菜品已售完', en: 'A dish has sold out' },
  closing: { zh: '即将打烊', en: 'Closing soon' },
  too_far: { zh: '地址太远，无法配送', en: 'Too far to deliver' },
  consumed: { zh: '已消费或已核销，不支持退款', en: 'Already used or redeemed: it cannot be refunded' },
  opened: { zh: '商品已拆封，影响二次销售', en: 'It has been opened and cannot be sold again' },
  shipped: { zh: '商品已发出，请收到后再申请', en: 'It has been shipped: ask again once it arrives' },
  more_detail: { zh: '请补充照片或说明后重新申请', en: 'Please ask again with photos or more detail' },
}

/** Whitespace and the characters that show nothing (zero-width space and joiners, word joiner, byte-order mark). */
const EDGES = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g

/** Words the store typed as they are kept: without blank or invisible characters at either end ('' when nothing shows). */
export const trimReason = (text: string): string => text.replace(EDGES, '')

const MARK = 'code:'
const isStoreReason = (code: string): code is StoreReason => Object.prototype.hasOwnProperty.call(STORE_REASON_WORDS, code)

/** How a listed reason is stored: its code behind a mark (free text is stored as typed). */
export const storedReason = (code: StoreReason): string => `${MARK}${code}`

/** The listed reason a stored reason is (a code, or the list's words of an older row in either language); null: the store's own words. */
export function storeReasonOf(stored: string | null | undefined): StoreReason | null {
  if (!stored) return null
  const text = stored.trim()
  if (text.startsWith(MARK)) {
    const code = text.slice(MARK.length)
    return isStoreReason(code) ? code : null
  }
  for (const code of Object.keys(STORE_REASON_WORDS) as StoreReason[]) {
    const words = STORE_REASON_WORDS[code]
    if (words.zh === text || words.en === text) return code
  }
  return null
}

/** A stored reason as `lang` says it: a listed one in that language's words, the store's own words as written. */
export function storeReasonIn<T extends string | null>(lang: ApiLang, stored: T): T | string {
  const code = storeReasonOf(stored)
  return code ? STORE_REASON_WORDS[code][lang] : stored
}
