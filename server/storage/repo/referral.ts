import { sql, type DB } from '../db'

/** The referral contest's tables (issue 26; server/domain/referral.ts has the rules). Instants are ms on the server clock. */

export interface ContestRow {
  id: number
  title: string
  title_en: string
  start_at: number
  end_at: number
  prizes: string
}

const CONTEST_COLS = 'id, title, title_en, start_at, end_at, prizes'

/** The contest on at `now`, else the next to start, else the last that ended. */
export const contestAt = (db: DB, now: number) =>
  (sql(db, `SELECT ${CONTEST_COLS} FROM referral_contests WHERE start_at <= ? AND end_at > ? ORDER BY start_at DESC LIMIT 1`).get(now, now) ??
    sql(db, `SELECT ${CONTEST_COLS} FROM referral_contests WHERE start_at > ? ORDER BY start_at LIMIT 1`).get(now) ??
    sql(db, `SELECT ${CONTEST_COLS} FROM referral_contests WHERE end_at <= ? ORDER BY end_at DESC LIMIT 1`).get(now)) as ContestRow | undefined

export const contestEndingAfter = (db: DB, now: number) => sql(db, 'SELECT id FROM referral_contests WHERE end_at > ? LIMIT 1').get(now) as { id: number } | undefined

export const insertContest = (db: DB, c: Omit<ContestRow, 'id'>) =>
  sql(db, 'INSERT INTO referral_contests (title, title_en, start_at, end_at, prizes) VALUES (?, ?, ?, ?, ?)').run(c.title, c.title_en, c.start_at, c.end_at, c.prizes)

export const insertReferral = (db: DB, r: { referred_id: number; referrer_id: number; phone_hash: string; bound_at: number }) =>
  sql(db, 'INSERT OR IGNORE INTO referrals (referred_id, referrer_id, phone_hash, bound_at) VALUES (?, ?, ?, ?)').run(r.referred_id, r.referrer_id, r.phone_hash, r.bound_at)

export const pendingReferralOf = (db: DB, referredId: number) =>
  sql(db, "SELECT referred_id, referrer_id, phone_hash FROM referrals WHERE referred_id = ? AND state = 'pending'").get(referredId) as
    | { referred_id: number; referrer_id: number; phone_hash: string }
    | undefined

/** True when this phone's hash was not counted before (and is now). */
export const countPhone = (db: DB, phoneHash: string, at: number): boolean =>
  sql(db, 'INSERT OR IGNORE INTO referral_phones (phone_hash, counted_at) VALUES (?, ?)').run(phoneHash, at).changes === 1

export const confirmReferral = (db: DB, referredId: number, orderId: number, at: number) =>
  sql(db, "UPDATE referrals SET state = 'confirmed', confirmed_at = ?, order_id = ? WHERE referred_id = ? AND state = 'pending'").run(at, orderId, referredId)

export const voidReferral = (db: DB, referredId: number) => sql(db, "UPDATE referrals SET state = 'void' WHERE referred_id = ? AND state = 'pending'").run(referredId)

export interface StandingRow {
  user_id: number
  nickname: string
  n: number
  last_at: number
  hidden: number
}

/**
 * Every live referrer with a confirmed referral in [from, to), best first: more confirmed referrals, then the one
 * who reached the count earlier (their last counted confirmation), then the lower account id.
 */
export const standings = (db: DB, from: number, to: number) =>
  sql(
    db,
    `SELECT r.referrer_id AS user_id, u.nickname, COUNT(*) AS n, MAX(r.confirmed_at) AS last_at, (h.user_id IS NOT NULL) AS hidden
     FROM referrals r JOIN users u ON u.id = r.referrer_id LEFT JOIN referral_hidden h ON h.user_id = r.referrer_id
     WHERE r.state = 'confirmed' AND r.confirmed_at >= ? AND r.confirmed_at < ? AND u.deleted_at IS NULL
     GROUP BY r.referrer_id ORDER BY n DESC, last_at ASC, r.referrer_id ASC`,
  ).all(from, to) as StandingRow[]

/** The referrer's pending referrals whose accounts still exist, newest first. */
export const pendingOf = (db: DB, referrerId: number, limit: number) =>
  sql(
    db,
    `SELECT u.nickname, r.bound_at FROM referrals r JOIN users u ON u.id = r.referred_id
     WHERE r.referrer_id = ? AND r.state = 'pending' AND u.deleted_at IS NULL ORDER BY r.bound_at DESC, r.referred_id DESC LIMIT ?`,
  ).all(referrerId, limit) as Array<{ nickname: string; bound_at: number }>

export const pendingCountOf = (db: DB, referrerId: number): number =>
  (
    sql(db, "SELECT COUNT(*) AS n FROM referrals r JOIN users u ON u.id = r.referred_id WHERE r.referrer_id = ? AND r.state = 'pending' AND u.deleted_at IS NULL").get(referrerId) as {
      n: number
    }
  ).n

export const isHidden = (db: DB, userId: number): boolean => !!sql(db, 'SELECT 1 FROM referral_hidden WHERE user_id = ?').get(userId)

export const setHidden = (db: DB, userId: number, hidden: boolean) =>
  hidden ? sql(db, 'INSERT OR IGNORE INTO referral_hidden (user_id) VALUES (?)').run(userId) : sql(db, 'DELETE FROM referral_hidden WHERE user_id = ?').run(userId)

export const isLiveUser = (db: DB, id: number): boolean => !!sql(db, 'SELECT 1 FROM users WHERE id = ? AND deleted_at IS NULL').get(id)

export const secretSetting = (db: DB): string | undefined => (sql(db, "SELECT value FROM settings WHERE key = 'referral_secret'").get() as { value: string } | undefined)?.value

export const insertSecretSetting = (db: DB, value: string) => sql(db, "INSERT OR IGNORE INTO settings (key, value) VALUES ('referral_secret', ?)").run(value)
