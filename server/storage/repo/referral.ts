import type { Q } from '../query'
import { placeholders } from '../db'

/**
 * The referral contest (the rules and the transactions: server/domain/referral.ts): contests, a referral per referred
 * account and what it waits on, the identities and phones already counted, the standings; the demo seed's contest and
 * the HMAC key kept in `settings`.
 */

export interface ContestRow {
  id: number
  title: string
  title_en: string
  start_at: number
  end_at: number
  prizes: string
  /** The least a purchase must cost to count (cents; issue 43). */
  min_amount: number
}

export const contestEndingAfter = (db: Q, now: number) => db.get<{ id: number }>('SELECT id FROM referral_contests WHERE end_at > ? LIMIT 1', now)

export const insertContest = (db: Q, c: Omit<ContestRow, 'id'>) =>
  db.run('INSERT INTO referral_contests (title, title_en, start_at, end_at, prizes, min_amount) VALUES (?, ?, ?, ?, ?, ?)', c.title, c.title_en, c.start_at, c.end_at, c.prizes, c.min_amount)

export const secretSetting = async (db: Q): Promise<string | undefined> => ((await db.get("SELECT value FROM settings WHERE key = 'referral_secret'")) as { value: string } | undefined)?.value

export const insertSecretSetting = (db: Q, value: string) => db.run("INSERT INTO settings (key, value) VALUES ('referral_secret', ?) ON CONFLICT DO NOTHING", value)

const CONTEST = 'SELECT id, title, title_en, start_at, end_at, prizes, min_amount FROM referral_contests'

/** The contest on at `now`, else the next to start, else the last that ended. */
export async function contestAt(db: Q, now: number): Promise<ContestRow | undefined> {
  const row =
    (await db.get<ContestRow>(`${CONTEST} WHERE start_at <= ? AND end_at > ? ORDER BY start_at DESC LIMIT 1`, now, now)) ??
    (await db.get<ContestRow>(`${CONTEST} WHERE start_at > ? ORDER BY start_at LIMIT 1`, now)) ??
    (await db.get<ContestRow>(`${CONTEST} WHERE end_at <= ? ORDER BY end_at DESC LIMIT 1`, now))
  return row && { ...row, min_amount: Number(row.min_amount) }
}

/** A referral per referred account: a second one for the same account is ignored (ON CONFLICT DO NOTHING on both engines). */
export const insertReferral = (db: Q, r: { referred_id: number; referrer_id: number; phone_hash: string; bound_at: number }) =>
  db.run('INSERT INTO referrals (referred_id, referrer_id, phone_hash, bound_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', r.referred_id, r.referrer_id, r.phone_hash, r.bound_at)

export const pendingReferralOf = (db: Q, referredId: number) =>
  db.get<{ referred_id: number; referrer_id: number; phone_hash: string; order_id: number | null; paid_at: number | null; held_for: string | null; payer_hash: string | null }>(
    "SELECT referred_id, referrer_id, phone_hash, order_id, paid_at, held_for, payer_hash FROM referrals WHERE referred_id = ? AND state = 'pending'",
    referredId,
  )

/** Pending referrals with a purchase waiting to be kept (not held for review), in the order they were recorded. */
export const holdingReferrals = (db: Q) =>
  db.all<{ referred_id: number; referrer_id: number; order_id: number | null; paid_at: number | null }>(
    "SELECT referred_id, referrer_id, order_id, paid_at FROM referrals WHERE state = 'pending' AND order_id IS NOT NULL AND held_for IS NULL ORDER BY referred_id",
  )

/** The qualifying purchase a pending referral waits on (or none: null, null), and the payer when one is named. */
export const setPurchase = async (db: Q, referredId: number, purchase: { order_id: number | null; paid_at: number | null }, onlyOrder?: number | null): Promise<boolean> => {
  const set = "UPDATE referrals SET order_id = ?, paid_at = ? WHERE referred_id = ? AND state = 'pending'"
  const changed =
    onlyOrder === undefined
      ? await db.run(set, purchase.order_id, purchase.paid_at, referredId)
      : onlyOrder === null
        ? await db.run(`${set} AND order_id IS NULL`, purchase.order_id, purchase.paid_at, referredId)
        : await db.run(`${set} AND order_id = ?`, purchase.order_id, purchase.paid_at, referredId, onlyOrder)
  return changed.changes === 1
}

export const setPayer = (db: Q, referredId: number, payerHash: string) =>
  db.run("UPDATE referrals SET payer_hash = ? WHERE referred_id = ? AND state = 'pending'", payerHash, referredId)

/** Held for the operator's review: the identity it shares with a referral already counted (still pending). */
export const holdReferral = (db: Q, referredId: number, heldFor: string) =>
  db.run("UPDATE referrals SET held_for = ? WHERE referred_id = ? AND state = 'pending'", heldFor, referredId)

/** The referrals held for review, the oldest first. */
export const heldReferrals = (db: Q) =>
  db.all<{ referred_id: number; referrer_id: number; held_for: string; order_id: number | null; paid_at: number | null; bound_at: number }>(
    "SELECT referred_id, referrer_id, held_for, order_id, paid_at, bound_at FROM referrals WHERE state = 'pending' AND held_for IS NOT NULL ORDER BY paid_at, referred_id",
  )

export const heldReferralOf = (db: Q, referredId: number) =>
  db.get<{ referred_id: number; referrer_id: number; phone_hash: string; paid_at: number | null; payer_hash: string | null }>(
    "SELECT referred_id, referrer_id, phone_hash, paid_at, payer_hash FROM referrals WHERE referred_id = ? AND state = 'pending' AND held_for IS NOT NULL",
    referredId,
  )

/** Of these identity hashes, those already counted for another referred account. */
export const countedIdentities = async (db: Q, hashes: string[], referredId: number): Promise<string[]> =>
  hashes.length === 0
    ? []
    : (await db.all<{ key_hash: string }>(`SELECT key_hash FROM referral_identities WHERE key_hash IN (${placeholders(hashes)}) AND referred_id <> ?`, ...hashes, referredId)).map((r) => r.key_hash)

export const countIdentities = async (db: Q, hashes: string[], referredId: number, at: number): Promise<void> => {
  for (const hash of hashes) await db.run('INSERT INTO referral_identities (key_hash, referred_id, counted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', hash, referredId, at)
}

/** The referred account's WeChat openids (mini-program and official account), where it has them. */
export const openidsOf = (db: Q, userId: number) => db.get<{ wx_openid: string | null; gzh_openid: string | null }>('SELECT wx_openid, gzh_openid FROM users WHERE id = ?', userId)

/** An order's money and status, and its owner's. */
export const orderFor = (db: Q, orderId: number) => db.get<{ user_id: number; status: number; pay_amount: number }>('SELECT user_id, status, pay_amount FROM orders WHERE id = ?', orderId)

/** The account's other paid orders of at least `min` (still paid, accepted, out for delivery or completed), earliest paid first. */
export const paidOrdersOf = (db: Q, userId: number, min: number, except: number) =>
  db.all<{ id: number; pay_time: string }>(
    'SELECT id, pay_time FROM orders WHERE user_id = ? AND id <> ? AND status IN (10, 20, 30, 40) AND pay_amount >= ? AND pay_time IS NOT NULL ORDER BY pay_time, id',
    userId,
    except,
    min,
  )

/** True when this phone's hash was not counted before (and is now): the primary key decides, whoever inserts first. */
export const countPhone = async (db: Q, phoneHash: string, at: number): Promise<boolean> =>
  (await db.run('INSERT INTO referral_phones (phone_hash, counted_at) VALUES (?, ?) ON CONFLICT DO NOTHING', phoneHash, at)).changes === 1

/** Counted: `at` is the kept purchase's payment time (a contest counts the referrals whose purchase it was paid within). */
export const confirmReferral = (db: Q, referredId: number, at: number) =>
  db.run("UPDATE referrals SET state = 'confirmed', confirmed_at = ? WHERE referred_id = ? AND state = 'pending'", at, referredId)

export const voidReferral = (db: Q, referredId: number) => db.run("UPDATE referrals SET state = 'void' WHERE referred_id = ? AND state = 'pending'", referredId)

export interface StandingRow {
  user_id: number
  nickname: string
  n: number
  last_at: number
  hidden: number
}

/**
 * Every live referrer with a confirmed referral in [from, to), best first: more confirmed referrals, then the one
 * who reached the count earlier (their last counted confirmation), then the lower account id. `hidden` is 1 or 0 on
 * both engines (a CASE: PostgreSQL's `IS NOT NULL` is a boolean); every selected column is grouped (PostgreSQL's rule).
 */
export const standings = async (db: Q, from: number, to: number): Promise<StandingRow[]> =>
  (
    await db.all<StandingRow>(
      `SELECT r.referrer_id AS user_id, u.nickname, COUNT(*) AS n, MAX(r.confirmed_at) AS last_at, CASE WHEN h.user_id IS NULL THEN 0 ELSE 1 END AS hidden
       FROM referrals r JOIN users u ON u.id = r.referrer_id LEFT JOIN referral_hidden h ON h.user_id = r.referrer_id
       WHERE r.state = 'confirmed' AND r.confirmed_at >= ? AND r.confirmed_at < ? AND u.deleted_at IS NULL
       GROUP BY r.referrer_id, u.nickname, h.user_id
       ORDER BY n DESC, last_at ASC, r.referrer_id ASC`,
      from,
      to,
    )
  ).map((r) => ({ user_id: r.user_id, nickname: r.nickname, n: Number(r.n), last_at: Number(r.last_at), hidden: Number(r.hidden) }))

/** The referrer's pending referrals whose accounts still exist, newest first: with the purchase waiting to be kept, or held. */
export const pendingOf = (db: Q, referrerId: number, limit: number) =>
  db.all<{ nickname: string; bound_at: number; paid_at: number | null; held_for: string | null }>(
    `SELECT u.nickname, r.bound_at, r.paid_at, r.held_for FROM referrals r JOIN users u ON u.id = r.referred_id
     WHERE r.referrer_id = ? AND r.state = 'pending' AND u.deleted_at IS NULL ORDER BY r.bound_at DESC, r.referred_id DESC LIMIT ?`,
    referrerId,
    limit,
  )

export const pendingCountOf = async (db: Q, referrerId: number): Promise<number> =>
  Number(
    await db.value(
      "SELECT COUNT(*) FROM referrals r JOIN users u ON u.id = r.referred_id WHERE r.referrer_id = ? AND r.state = 'pending' AND u.deleted_at IS NULL",
      referrerId,
    ),
  )

export const isHidden = async (db: Q, userId: number): Promise<boolean> => (await db.get('SELECT user_id FROM referral_hidden WHERE user_id = ?', userId)) !== undefined

export const setHidden = (db: Q, userId: number, hidden: boolean) =>
  hidden ? db.run('INSERT INTO referral_hidden (user_id) VALUES (?) ON CONFLICT DO NOTHING', userId) : db.run('DELETE FROM referral_hidden WHERE user_id = ?', userId)

export const isLiveUser = async (db: Q, id: number): Promise<boolean> => (await db.get('SELECT id FROM users WHERE id = ? AND deleted_at IS NULL', id)) !== undefined
