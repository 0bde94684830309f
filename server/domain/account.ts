import crypto from 'node:crypto'

/**
 * The signed-in person and the rules of login codes, for every part of the server: the envelope (server/http/envelope.ts)
 * signs requests in with them, the account routes send and check codes, the store's staff invites hash their tokens as
 * sessions do, a merchant application checks its phone with the same limits.
 */

export interface AuthUser {
  id: number
  phone: string
  nickname: string
  /** The session (token row) this request came with. */
  sessionId: number
}

/**
 * What is stored of a session or invite token: its SHA-256, never the token. crypto.hash: one call, no Hash object per
 * request (Node ≥ 20.12; package.json allows any 20).
 */
export const hashToken: (token: string) => string =
  typeof crypto.hash === 'function' ? (token) => crypto.hash('sha256', token, 'hex') : (token) => crypto.createHash('sha256').update(token).digest('hex')

/** A login (or merchant phone) code answers for this long after it was sent. */
export const SMS_VALID_MS = 5 * 60_000
/** Wrong guesses one code takes (over all processes, however many are in flight at once). */
export const SMS_MAX_ATTEMPTS = 5
