import { lockRow, type Q } from '../query'
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

export const userById = async (db: Q, id: number) => (await db.get(`SELECT ${USER_COLS} FROM users WHERE id = ?`, id)) as UserRow | undefined

export const userByPhone = async (db: Q, phone: string) => (await db.get(`SELECT ${USER_COLS} FROM users WHERE phone = ?`, phone)) as UserRow | undefined

export const userExists = async (db: Q, id: number): Promise<boolean> => !!(await db.get('SELECT id FROM users WHERE id = ?', id))

export const insertUser = async (db: Q, u: Omit<UserRow, 'id'> & { created_at: string }): Promise<number> =>
  Number(await db.insert('INSERT INTO users (phone, nickname, avatar, referrer_id, created_at) VALUES (?, ?, ?, ?, ?)', u.phone, u.nickname, u.avatar, u.referrer_id, u.created_at))

export const setWxOpenid = (db: Q, id: number, openid: string) => db.run('UPDATE users SET wx_openid = ? WHERE id = ?', openid, id)

export const setWxUnionid = (db: Q, id: number, unionid: string) => db.run('UPDATE users SET wx_unionid = ? WHERE id = ?', unionid, id)

export const setGzhOpenid = (db: Q, id: number, openid: string) => db.run('UPDATE users SET gzh_openid = ? WHERE id = ?', openid, id)

export const setPrivacyConsent = (db: Q, id: number, version: string, at: string) => db.run('UPDATE users SET privacy_version = ?, privacy_agreed_at = ? WHERE id = ?', version, at, id)

export const phoneOf = async (db: Q, id: number) => ((await db.get('SELECT phone FROM users WHERE id = ?', id)) as { phone: string }).phone

/**
 * The erased account keeps its id (orders refer to it) and a phone placeholder that can never be a real number;
 * its nickname becomes the system's, avatar, openids and referrer go; shoppers it referred lose the link. The
 * consent record (privacy version and when) and created_at stay.
 */
export async function anonymise(db: Q, id: number, at: string): Promise<void> {
  forgetSessions(db, (s) => s.id === id)
  await db.run("UPDATE users SET phone = ?, nickname = '已注销用户', avatar = '', wx_openid = NULL, wx_unionid = NULL, gzh_openid = NULL, referrer_id = NULL, deleted_at = ? WHERE id = ?", `deleted:${id}`, at, id)
  await db.run('UPDATE users SET referrer_id = NULL WHERE referrer_id = ?', id)
}

/** A deleted staff member is no longer their store's staff (what they did stays on the orders' trails by id). */
export const endStaffLink = (db: Q, id: number) => db.run('DELETE FROM store_staff WHERE user_id = ?', id)

/** A deleted owner's cards keep their rows (the orders that bought them) but lose the till-code secret: no code can be made again. */
export const dropCardSecrets = (db: Q, id: number) => db.run('UPDATE user_cards SET secret = NULL WHERE user_id = ?', id)

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
const sessionCaches = new WeakMap<Q, { ttlMs: number; entries: Map<string, { session: SessionUser; until: number }> }>()
export const SESSION_CACHE_MAX = 10_000
/** The cache's time to live by default (SESSION_CACHE_MS), and the most it may be set to. */
export const SESSION_CACHE_MS_DEFAULT = 1000
export const SESSION_CACHE_MS_MAX = 10_000

/** Turns the session cache on for this database (buildApp: AppOptions.sessionCacheMs); off until called. */
export function cacheSessions(db: Q, ttlMs: number): void {
  sessionCaches.set(db.root, { ttlMs, entries: new Map() })
}

/** Forgets the cached sessions that match (a session or a user that ended). */
function forgetSessions(db: Q, match: (s: SessionUser) => boolean): void {
  const cache = sessionCaches.get(db.root)
  if (cache) for (const [token, e] of cache.entries) if (match(e.session)) cache.entries.delete(token)
}

/**
 * The live session of a token, with its (not deleted) user: from the cache, or looked up by the token's hash
 * (`hashOf`: the tokens table keeps only hashes).
 */
/** The session of a token as this process's cache holds it (live, not expired); undefined: ask sessionOfToken. */
export function cachedSession(db: Q, token: string, now: number): SessionUser | undefined {
  // The cache's own lifetime runs on real time: the sandbox may move the server's clock (`now`) back or forth.
  const hit = sessionCaches.get(db.root)?.entries.get(token)
  return hit && realNowMs() < hit.until && now < hit.session.expires_at ? hit.session : undefined
}

export async function sessionOfToken(db: Q, token: string, hashOf: (token: string) => string, now: number): Promise<SessionUser | undefined> {
  const hit = cachedSession(db, token, now)
  if (hit) return hit
  const cache = sessionCaches.get(db.root)
  const real = realNowMs()
  const session = (await db.get('SELECT u.id, u.phone, u.nickname, t.id AS "sessionId", t.last_seen_at, t.expires_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ? AND t.expires_at > ? AND u.deleted_at IS NULL', hashOf(token), now)) as SessionUser | undefined
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

export const touchSession = (db: Q, sessionId: number, now: number) => db.run('UPDATE tokens SET last_seen_at = ? WHERE id = ?', now, sessionId)

export const insertSession = (db: Q, s: { hash: string; user_id: number; expires_at: number; created_at: number; device: string }) =>
  db.run('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at, device) VALUES (?, ?, ?, ?, ?, ?)', s.hash, s.user_id, s.expires_at, s.created_at, s.created_at, s.device)

export const liveSessionsOf = async (db: Q, userId: number, now: number) =>
  (await db.all('SELECT id, device, created_at, last_seen_at FROM tokens WHERE user_id = ? AND expires_at > ? ORDER BY last_seen_at DESC', userId, now)) as Array<{
    id: number
    device: string
    created_at: number
    last_seen_at: number
  }>

export async function endSession(db: Q, sessionId: number): Promise<boolean> {
  forgetSessions(db, (s) => s.sessionId === sessionId)
  return (await db.run('DELETE FROM tokens WHERE id = ?', sessionId)).changes === 1
}

/** Only the shopper's own session: false for another shopper's id. */
export async function endOwnSession(db: Q, sessionId: number, userId: number): Promise<boolean> {
  forgetSessions(db, (s) => s.sessionId === sessionId && s.id === userId)
  return (await db.run('DELETE FROM tokens WHERE id = ? AND user_id = ?', sessionId, userId)).changes === 1
}

export function endSessionsOf(db: Q, userId: number) {
  forgetSessions(db, (s) => s.id === userId)
  return db.run('DELETE FROM tokens WHERE user_id = ?', userId)
}

export const deleteExpiredSessions = async (db: Q, now: number): Promise<number> => (await db.run('DELETE FROM tokens WHERE expires_at <= ?', now)).changes

// Login codes (sms_codes; created_at is epoch ms) -------------------------------------------------------------

export const lastCodeAt = async (db: Q, phone: string) => ((await db.get('SELECT created_at FROM sms_codes WHERE phone = ? ORDER BY id DESC LIMIT 1', phone)) as { created_at: number } | undefined)?.created_at

export const codesSince = async (db: Q, phone: string, since: number): Promise<number> => ((await db.get('SELECT COUNT(*) AS n FROM sms_codes WHERE phone = ? AND created_at > ?', phone, since)) as { n: number }).n

/** The new code's id. */
export const insertCode = (db: Q, c: { phone: string; scene: string; code: string; created_at: number }): Promise<number> =>
  db.insert('INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, ?, ?, ?)', c.phone, c.scene, c.code, c.created_at)

/** When this phone's codes since `since` were made, oldest first (the hourly cap). */
export const codeTimesSince = async (db: Q, phone: string, since: number): Promise<number[]> =>
  (await db.all<{ created_at: number }>('SELECT created_at FROM sms_codes WHERE phone = ? AND created_at > ? ORDER BY created_at', phone, since)).map((r) => Number(r.created_at))

/** A code that was not texted (the SMS provider refused or did not answer): gone — it signs nobody in and counts for no limit. */
export const voidCode = (db: Q, id: number) => db.run('DELETE FROM sms_codes WHERE id = ?', id)

/** The newest unused code for binding this phone. */
export const latestBindCode = async (db: Q, phone: string) =>
  (await db.get("SELECT id, code, created_at, attempts FROM sms_codes WHERE phone = ? AND used = 0 AND scene = 'bind' ORDER BY id DESC LIMIT 1", phone)) as
    | { id: number; code: string; created_at: number; attempts: number }
    | undefined

/** The newest unused code texted to this mobile for a merchant sign-up (Captcha/sendSmsCaptcha, scene shopRegister). */
export const latestSignUpCode = async (db: Q, mobile: string) =>
  (await db.get("SELECT id, code, created_at, attempts FROM sms_codes WHERE phone = ? AND used = 0 AND scene = 'shopRegister' ORDER BY id DESC LIMIT 1", mobile)) as
    | { id: number; code: string; created_at: number; attempts: number }
    | undefined

/** The id of the live (not deleted) account of a phone. */
export const liveUserIdByPhone = async (db: Q, phone: string) =>
  ((await db.get('SELECT id FROM users WHERE phone = ? AND deleted_at IS NULL', phone)) as { id: number } | undefined)?.id

/**
 * One guess of a code, taken before it is compared: false when its `max` guesses are used up. A conditional update, so
 * guesses in flight at once in several server processes cannot all read "guesses left" (docs/multi-process.md).
 */
export const takeAttempt = async (db: Q, id: number, max: number): Promise<boolean> => (await db.run('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ? AND attempts < ?', id, max)).changes === 1
/** A guess that was right gives its attempt back: only wrong guesses stay counted. */
export const returnAttempt = (db: Q, id: number) => db.run('UPDATE sms_codes SET attempts = attempts - 1 WHERE id = ? AND attempts > 0', id)

/** Used once: false when it was used already (a racing bind with the same code). */
export const useCode = async (db: Q, id: number): Promise<boolean> => (await db.run('UPDATE sms_codes SET used = 1 WHERE id = ? AND used = 0', id)).changes === 1

export const deleteCodesBefore = async (db: Q, before: number): Promise<number> => (await db.run('DELETE FROM sms_codes WHERE created_at < ?', before)).changes

/** Used or stale codes lose their digits (the rows stay: the per-phone cap counts them). */
export const blankCodes = (db: Q, staleBefore: number) => db.run("UPDATE sms_codes SET code = '' WHERE code != '' AND (used = 1 OR created_at < ?)", staleBefore)

export const deleteCodesOf = (db: Q, phone: string) => db.run('DELETE FROM sms_codes WHERE phone = ?', phone)
/** The sandbox's copy of the texts sent to a phone (server/sandbox/sandbox.ts; empty outside the sandbox). */
/** The sandbox's SMS outbox (server/sandbox/sandbox.ts): a texted code kept; its id. */
export const keepSandboxText = (db: Q, phone: string, code: string, at: number): Promise<number> => db.insert('INSERT INTO sandbox_sms (phone, code, at) VALUES (?, ?, ?)', phone, code, at)

/** The sandbox's outbox cut to its newest texts: those with an id at or below `id` go. */
export const dropSandboxTextsUpTo = (db: Q, id: number) => db.run('DELETE FROM sandbox_sms WHERE id <= ?', id)

/** The sandbox's texts to a phone, newest first. */
export const sandboxTextsTo = async (db: Q, phone: string) => (await db.all('SELECT phone, code, at FROM sandbox_sms WHERE phone = ? ORDER BY id DESC', phone)) as Array<{ phone: string; code: string; at: number }>

export const deleteSandboxTextsTo = (db: Q, phone: string) => db.run('DELETE FROM sandbox_sms WHERE phone = ?', phone)

/**
 * The shopper's row, locked until the transaction ends: on PostgreSQL at READ COMMITTED one shopper's writes (an order's
 * create) run one after another while other shoppers' run beside them (FOR NO KEY UPDATE: rows that only reference the
 * user are not held up). SQLite's transaction holds the whole file's write lock from its start already.
 */
export const lockUser = (db: Q, userId: number): Promise<void> => lockRow(db, 'users', userId)

/** The user's WeChat openids: the mini-program's (wx_openid) and the official account's (gzh_openid), for WeChat Pay's JSAPI payer. */
export const openidsOf = async (db: Q, id: number) => (await db.get('SELECT wx_openid, gzh_openid FROM users WHERE id = ?', id)) as { wx_openid: string | null; gzh_openid: string | null } | undefined
