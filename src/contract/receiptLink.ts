/**
 * When pages/orders/orderInfo is WeChat Pay's receipt (点金计划 商家小票, issue 26; issue 43 made it one rule): the app
 * decides by it whether to draw the receipt (src/pages/orders/orderInfo.tsx), the server whether the page may be framed
 * by WeChat Pay (server/http/security.ts isReceiptFrameRequest). Two rules had drifted apart — the server framed any
 * URL with a `check_code` key, `?id=…&check_code=` (empty) included, while the app drew the gold-pointing plan there —
 * so both now import this one. Plain TypeScript, no zod (the app bundles it).
 */

/** The parameters WeChat Pay adds to the receipt link, all three required. */
export const RECEIPT_PARAMS = ['sub_mch_id', 'out_trade_no', 'check_code'] as const

export type ReceiptParams = Record<(typeof RECEIPT_PARAMS)[number], string>

/**
 * The receipt's parameters when the page is the receipt, else null: each of the three present once and not empty, and
 * no `id` (the app's own links to the page carry `?id=`; WeChat Pay's never do). A parameter given twice is an array
 * in the router's query (below), not a string: not a receipt.
 */
export function receiptParamsOf(params: Readonly<Record<string, unknown>>): ReceiptParams | null {
  if (params.id !== undefined) return null
  const out: Partial<ReceiptParams> = {}
  for (const key of RECEIPT_PARAMS) {
    const value = params[key]
    if (typeof value !== 'string' || value === '') return null
    out[key] = value
  }
  return out as ReceiptParams
}

/**
 * A page URL's query as the H5 router reads it (Taro's @tarojs/router: query-string's `parse(search, { decode: false })`),
 * so the server judges the same parameters the page will see: nothing decoded, a key without `=` is null, a key given
 * twice an array, empty pieces skipped.
 */
export function pageQueryOf(search: string): Record<string, string | string[] | null> {
  // No prototype (as query-string's own): a key such as `__proto__` is a key like any other.
  const out = Object.create(null) as Record<string, string | string[] | null>
  for (const piece of search.replace(/^[?#&]/, '').split('&')) {
    if (piece === '') continue
    const at = piece.indexOf('=')
    const key = at < 0 ? piece : piece.slice(0, at)
    const value = at < 0 ? null : piece.slice(at + 1)
    const seen = out[key]
    if (seen === undefined) out[key] = value
    else out[key] = [...(Array.isArray(seen) ? seen : [seen ?? '']), value ?? '']
  }
  return out
}
