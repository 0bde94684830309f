import type { Q } from '../query'

/**
 * WeChat's shared tokens and the subscription messages' outbox (issue 40; schema: server/storage/migrations/0036_wechat.sqlite.sql).
 * Each take is one conditional UPDATE: of several processes on the database, one succeeds.
 */

// ---- access_token / jsapi_ticket (wechat_tokens) -------------------------------------------------------------------

export type TokenKind = 'access_token' | 'jsapi_ticket'
export interface TokenRow {
  value: string | null
  expires_at: number
  lease_until: number
  forced_at: number
}

export const readToken = async (db: Q, appId: string, kind: TokenKind): Promise<TokenRow | undefined> =>
  db.get<TokenRow>('SELECT value, expires_at, lease_until, forced_at FROM wechat_tokens WHERE app_id = ? AND kind = ?', appId, kind)

/** The refresh lease: taken when the value is missing or due and nobody holds the lease (the row made first if need be). */
export async function takeTokenLease(db: Q, appId: string, kind: TokenKind, now: number, leaseUntil: number, dueBefore: number): Promise<boolean> {
  await db.run('INSERT INTO wechat_tokens (app_id, kind) VALUES (?, ?) ON CONFLICT (app_id, kind) DO NOTHING', appId, kind)
  const taken = await db.run('UPDATE wechat_tokens SET lease_until = ? WHERE app_id = ? AND kind = ? AND lease_until <= ? AND (value IS NULL OR expires_at <= ?)', leaseUntil, appId, kind, now, dueBefore)
  return taken.changes === 1
}

/** A forced refresh: only while the stored value is still the refused one and the last was forced before `forcedBefore`. */
export const takeTokenForce = async (db: Q, appId: string, kind: TokenKind, stale: string, now: number, leaseUntil: number, forcedBefore: number): Promise<boolean> =>
  (await db.run('UPDATE wechat_tokens SET forced_at = ?, lease_until = ? WHERE app_id = ? AND kind = ? AND value = ? AND forced_at <= ?', now, leaseUntil, appId, kind, stale, forcedBefore)).changes === 1

export const saveToken = (db: Q, appId: string, kind: TokenKind, value: string, expiresAt: number, leaseUntil: number, now: number) =>
  db.run(
    'INSERT INTO wechat_tokens (app_id, kind, value, expires_at, lease_until, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (app_id, kind) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, lease_until = excluded.lease_until, updated_at = excluded.updated_at',
    appId,
    kind,
    value,
    expiresAt,
    leaseUntil,
    now,
  )

export const releaseTokenLease = (db: Q, appId: string, kind: TokenKind) => db.run('UPDATE wechat_tokens SET lease_until = 0 WHERE app_id = ? AND kind = ?', appId, kind)

// ---- subscription messages (wechat_messages) -----------------------------------------------------------------------

export interface MessageRow {
  id: number
  user_id: number
  order_id: number | null
  touser: string | null
  template_id: string
  event: string
  page: string
  data: string
  created_at: number
  state: 'pending' | 'sent' | 'refused' | 'skipped' | 'failed'
  attempts: number
  next_attempt_at: number
  errcode: number | null
  last_error: string | null
  done_at: number | null
}

/** A message to send after the commit (inside the transaction that decides it). */
export const insertMessage = (db: Q, m: { user_id: number; order_id: number | null; touser: string | null; template_id: string; event: string; page: string; data: string; at: number }) =>
  db.insert(
    "INSERT INTO wechat_messages (user_id, order_id, touser, template_id, event, page, data, created_at, state, attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)",
    m.user_id,
    m.order_id,
    m.touser,
    m.template_id,
    m.event,
    m.page,
    m.data,
    m.at,
    m.at,
  )

export const messageById = (db: Q, id: number) => db.get<MessageRow>('SELECT * FROM wechat_messages WHERE id = ?', id)

/** Pending messages due now, oldest first (index wechat_messages_due). */
export const dueMessages = async (db: Q, now: number, limit: number): Promise<number[]> =>
  (await db.all<{ id: number }>("SELECT id FROM wechat_messages WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?", now, limit)).map((r) => r.id)

/** Takes a message for one attempt (its lease until `retryAt`): false when another process took it first. */
export const claimMessage = async (db: Q, id: number, attempts: number, now: number, retryAt: number): Promise<boolean> =>
  (await db.run("UPDATE wechat_messages SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND state = 'pending' AND attempts = ? AND next_attempt_at <= ?", retryAt, id, attempts, now)).changes === 1

/** The end of a message: sent, refused (43101), skipped (nobody to send to) or failed (errcode kept). */
export const finishMessage = (db: Q, id: number, state: Exclude<MessageRow['state'], 'pending'>, now: number, errcode: number | null = null, error: string | null = null) =>
  db.run("UPDATE wechat_messages SET state = ?, errcode = ?, last_error = ?, done_at = ? WHERE id = ? AND state = 'pending'", state, errcode, error, now, id)

/** A try that failed for now: left pending (due again when its lease ends). */
export const messageTryFailed = (db: Q, id: number, error: string) => db.run("UPDATE wechat_messages SET last_error = ? WHERE id = ? AND state = 'pending'", error, id)

/** The outbox as the sandbox lists it: one order's messages, or the latest 100, oldest first. */
export const listMessages = async (db: Q, orderId?: number): Promise<MessageRow[]> =>
  orderId
    ? db.all<MessageRow>('SELECT * FROM wechat_messages WHERE order_id = ? ORDER BY id', orderId)
    : db.all<MessageRow>('SELECT * FROM (SELECT * FROM wechat_messages ORDER BY id DESC LIMIT 100) AS latest ORDER BY id')

/** A deleted account: nothing more is sent to it, and what was sent no longer names its openid. */
export async function forgetMessagesOf(db: Q, userId: number, now: number): Promise<void> {
  await db.run("UPDATE wechat_messages SET state = 'skipped', last_error = 'account deleted', done_at = ? WHERE user_id = ? AND state = 'pending'", now, userId)
  await db.run('UPDATE wechat_messages SET touser = NULL WHERE user_id = ?', userId)
}

// ---- the OAuth state's key (settings) -------------------------------------------------------------------------------

/** The key that signs the official account's OAuth `state` (a random one, made once and shared by every process). */
export async function oauthStateKey(db: Q, fresh: string): Promise<string> {
  await db.run("INSERT INTO settings (key, value) VALUES ('wechat_oauth_state_key', ?) ON CONFLICT DO NOTHING", fresh)
  return (await db.get<{ value: string }>("SELECT value FROM settings WHERE key = 'wechat_oauth_state_key'"))?.value ?? fresh
}
