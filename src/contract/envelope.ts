/** Response envelope of every call (docs/product.md#calls-answers-and-order-statuses): success = HTTP 200 and code 1. */
export const CODE = { OK: 1, FAIL: 0, AUTH: -1 } as const
export type ResultCode = (typeof CODE)[keyof typeof CODE]

export interface Envelope<T> {
  code: ResultCode
  msg: string
  data: T
  /**
   * A refusal's (code 0 / -1) stable reason, a key of REASONS (src/contract/reasons.ts): the app branches on it,
   * never on msg. msg is the reason's words in the asker's language, filled from params.
   */
  reason?: string
  /** The `{name}` values of the reason's words (a minimum spend, a limit …); absent when it has none. */
  params?: Readonly<Record<string, string | number>>
}

/** Request headers the client always sends. */
export const HEADER_TOKEN = 'Access-Token'
export const HEADER_ORIGIN = 'Access-Origin'

/**
 * Response headers on every /api answer: the server's clock in ms since the epoch (the client counts down
 * on it, not on the phone's), and the business zone's UTC offset now ("+08:00"), the offset of every text
 * time in the answer ("YYYY-MM-DD HH:mm:ss" is business wall time).
 */
export const HEADER_SERVER_TIME = 'X-Server-Time'
export const HEADER_BUSINESS_OFFSET = 'X-Business-Offset'
