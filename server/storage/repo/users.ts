import { sql, type DB } from '../db'
import { realNowMs } from '../../time'

export interface UserRow {
  id: number
  phone: string
  nickname: string
  avatar: string
  referrer_id: number | null
}

const USER_COLS = 'id, phone, nickname, avatar, referrer_id'

// Users ------------------------------------------------------------------------------------------------

export const userById = (db: DB, id: number) => sql(db, `SELECT ${USER_COLS} FROM users WHERE id = ?`).get(id) as UserRow | undefined

export const userByPhone = (db: DB, phone: string) => sql(db, `SELECT ${USER_COLS} FROM users WHERE phone = ?`).get(phone) as UserRow | undefined

export const userExists = (db: DB, id: number): boolean => !!sql(db, 'SELECT id FROM users WHERE id = ?').get(id)

export const insertUser = (db: DB, u: Omit<UserRow, 'id'> & { created_at: string }): number =>
  Number(sql(db, 'INSERT INTO users (phone, nickname, avatar, referrer_id, created_at) VALUES (?, ?, ?, ?, ?)').run(u.phone, u.nickname, u.avatar, u.referrer_id, u.created_at).lastInsertRowid)

export const setWxOpenid = (db: DB, id: number, openid: string) => sql(db, 'UPDATE users SET wx_openid = ? WHERE id = ?').run(openid, id)

export const setGzhOpenid = (db: DB, id: number, openid: string) => sql(db, 'UPDATE users SET gzh_openid = ? WHERE id = ?').run(openid, id)

export const setPrivacyConsent = (db: DB, id: number, version: string, at: string) => sql(db, 'UPDATE users SET privacy_version = ?, privacy_agreed_at = ? WHERE id = ?').run(version, at, id)

export const phoneOf = (db: DB, id: number) => (sql(db, 'SELECT phone FROM users WHERE id = ?').get(id) as { phone: string }).phone

/**
 * The erased account keeps its id (orders refer to it) and a phone placeholder that can never be a real number;
 * its nickname becomes the system's, avatar, openids and referrer go; shoppers it referred lose the link. The
 * consent record (privacy version and when) and created_at stay.
 */
export function anonymise(db: DB, id: number, at: string): void {
  forgetSessions(db, (s) => s.id === id)
  sql(db, "UPDATE users SET phone = ?, nickname = '已注销用户', avatar = '', wx_openid = NULL, gzh_openid = NULL, referrer_id = NULL, deleted_at = ? WHERE id = ?").run(`deleted:${id}`, at, id)
  sql(db, 'UPDATE users SET referrer_id = NULL WHERE referrer_id = ?').run(id)
}

/** A deleted staff member is no longer their store's staff (what they did stays on the orders' trails by id). */
export const endStaffLink = (db: DB, id: number) => sql(db, 'DELETE FROM store_staff WHERE user_id = ?').run(id)

/** A deleted owner's cards keep their rows (the orders that bought them) but lose the till-code secret: no code can be made again. */
export const dropCardSecrets = (db: DB, id: number) => sql(db, 'UPDATE user_cards SET secret = NULL WHERE user_id = ?').run(id)

// Sessions (tokens; a session's id is tokens.id) ----------------------------------------------------------

export interface SessionUser {
  id: number
  phone: string
  nickname: string
  sessionId: number
  last_seen_at: number
  expires_at: number
}

/**
 * Sessions looked up in the last `ttlMs`, per database, by token (docs/performance.md "The hot path": the lookup was
 * the first of two statements on every signed-in call, and hashing the token for it a tenth of a read's own work).
 * Only live sessions are kept, never an unknown token, at most SESSION_CACHE_MAX; an entry is used until its `until`
 * and never past its session's expiry, and leaves the map once it is past `until` (the oldest go first as entries are
 * added), so the tokens held in memory are those used in the last `ttlMs`. Whatever ends a session or a user goes
 * through this file and forgets their entries at once (endSession, endOwnSession, endSessionsOf, anonymise). Another
 * process does not hear of it: there a revoked token works for up to `ttlMs` (docs/api.md "Accounts", after logout);
 * 0 turns the cache off.
 */
const sessionCaches = new WeakMap<DB, { ttlMs: number; entries: Map<string, { session: SessionUser; until: number }> }>()
export const SESSION_CACHE_MAX = 10_000
/** The cache's time to live by default (SESSION_CACHE_MS), and the most it may be set to. */
export const SESSION_CACHE_MS_DEFAULT = 1000
export const SESSION_CACHE_MS_MAX = 10_000

/** Turns the session cache on for this database (buildApp: AppOptions.sessionCacheMs); off until called. */
export function cacheSessions(db: DB, ttlMs: number): void {
  sessionCaches.set(db, { ttlMs, entries: new Map() })
}

/** Forgets the cached sessions that match (a session or a user that ended). */
function forgetSessions(db: DB, match: (s: SessionUser) => boolean): void {
  const cache = sessionCaches.get(db)
  if (cache) for (const [token, e] of cache.entries) if (match(e.session)) cache.entries.delete(token)
}

/**
 * The live session of a token, with its (not deleted) user: from the cache, or looked up by the token's hash
 * (`hashOf`: the tokens table keeps only hashes).
 */
export function sessionOfToken(db: DB, token: string, hashOf: (token: string) => string, now: number): SessionUser | undefined {
  const cache = sessionCaches.get(db)
  // The cache's own lifetime runs on real time: the sandbox may move the server's clock (`now`) back or forth.
  const real = realNowMs()
  const hit = cache?.entries.get(token)
  if (hit && real < hit.until && now < hit.session.expires_at) return hit.session
  const session = sql(
    db,
    'SELECT u.id, u.phone, u.nickname, t.id AS sessionId, t.last_seen_at, t.expires_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ? AND t.expires_at > ? AND u.deleted_at IS NULL',
  ).get(hashOf(token), now) as SessionUser | undefined
  if (cache) {
    const entries = cache.entries
    entries.delete(token)
    // Entries are added in the order they expire: the expired ones are at the front.
    for (const [oldest, e] of entries) {
      if (e.until > real && entries.size < SESSION_CACHE_MAX) break
      entries.delete(oldest)
    }
    if (session && cache.ttlMs > 0) entries.set(token, { session, until: real + cache.ttlMs })
  }
  return session
}

export const touchSession = (db: DB, sessionId: number, now: number) => sql(db, 'UPDATE tokens SET last_seen_at = ? WHERE id = ?').run(now, sessionId)

export const insertSession = (db: DB, s: { hash: string; user_id: number; expires_at: number; created_at: number; device: string }) =>
  sql(db, 'INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at, device) VALUES (?, ?, ?, ?, ?, ?)').run(s.hash, s.user_id, s.expires_at, s.created_at, s.created_at, s.device)

export const liveSessionsOf = (db: DB, userId: number, now: number) =>
  sql(db, 'SELECT id, device, created_at, last_seen_at FROM tokens WHERE user_id = ? AND expires_at > ? ORDER BY last_seen_at DESC').all(userId, now) as Array<{
    id: number
    device: string
    created_at: number
    last_seen_at: number
  }>

export function endSession(db: DB, sessionId: number): boolean {
  forgetSessions(db, (s) => s.sessionId === sessionId)
  return sql(db, 'DELETE FROM tokens WHERE id = ?').run(sessionId).changes === 1
}

/** Only the shopper's own session: false for another shopper's id. */
export function endOwnSession(db: DB, sessionId: number, userId: number): boolean {
  forgetSessions(db, (s) => s.sessionId === sessionId && s.id === userId)
  return sql(db, 'DELETE FROM tokens WHERE id = ? AND user_id = ?').run(sessionId, userId).changes === 1
}

export function endSessionsOf(db: DB, userId: number) {
  forgetSessions(db, (s) => s.id === userId)
  return sql(db, 'DELETE FROM tokens WHERE user_id = ?').run(userId)
}

export const deleteExpiredSessions = (db: DB, now: number): number => sql(db, 'DELETE FROM tokens WHERE expires_at <= ?').run(now).changes

// Login codes (sms_codes; created_at is epoch ms) -------------------------------------------------------------

export const lastCodeAt = (db: DB, phone: string) => (sql(db, 'SELECT created_at FROM sms_codes WHERE phone = ? ORDER BY id DESC LIMIT 1').get(phone) as { created_at: number } | undefined)?.created_at

export const codesSince = (db: DB, phone: string, since: number): number => (sql(db, 'SELECT COUNT(*) AS n FROM sms_codes WHERE phone = ? AND created_at > ?').get(phone, since) as { n: number }).n

export const insertCode = (db: DB, c: { phone: string; scene: string; code: string; created_at: number }) =>
  sql(db, 'INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, ?, ?, ?)').run(c.phone, c.scene, c.code, c.created_at)

/** The newest unused code for binding this phone. */
export const latestBindCode = (db: DB, phone: string) =>
  sql(db, "SELECT id, code, created_at, attempts FROM sms_codes WHERE phone = ? AND used = 0 AND scene = 'bind' ORDER BY id DESC LIMIT 1").get(phone) as
    | { id: number; code: string; created_at: number; attempts: number }
    | undefined

/**
 * One guess of a code, taken before it is compared: false when its `max` guesses are used up. A conditional update, so
 * guesses in flight at once in several server processes cannot all read "guesses left" (docs/multi-process.md).
 */
export const takeAttempt = (db: DB, id: number, max: number): boolean => sql(db, 'UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ? AND attempts < ?').run(id, max).changes === 1
/** A guess that was right gives its attempt back: only wrong guesses stay counted. */
export const returnAttempt = (db: DB, id: number) => sql(db, 'UPDATE sms_codes SET attempts = attempts - 1 WHERE id = ? AND attempts > 0').run(id)

/** Used once: false when it was used already (a racing bind with the same code). */
export const useCode = (db: DB, id: number): boolean => sql(db, 'UPDATE sms_codes SET used = 1 WHERE id = ? AND used = 0').run(id).changes === 1

export const deleteCodesBefore = (db: DB, before: number): number => sql(db, 'DELETE FROM sms_codes WHERE created_at < ?').run(before).changes

/** Used or stale codes lose their digits (the rows stay: the per-phone cap counts them). */
export const blankCodes = (db: DB, staleBefore: number) => sql(db, "UPDATE sms_codes SET code = '' WHERE code != '' AND (used = 1 OR created_at < ?)").run(staleBefore)

export const deleteCodesOf = (db: DB, phone: string) => sql(db, 'DELETE FROM sms_codes WHERE phone = ?').run(phone)
/** The sandbox's copy of the texts sent to a phone (server/sandbox/sandbox.ts; empty outside the sandbox). */
export const deleteSandboxTextsTo = (db: DB, phone: string) => sql(db, 'DELETE FROM sandbox_sms WHERE phone = ?').run(phone)
