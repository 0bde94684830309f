import type { Q } from '../query'
import type { UserCoupon } from '../../../src/contract/member'

export interface CouponRow {
  id: number
  title: string
  amount: number
  /** A percentage coupon's percent off (`amount` is then its cap); null: a value coupon (issue 44). */
  percent_off: number | null
  min_spend: number
  shop_id: number | null
  kind: string | null
  /** How many may be claimed in all (null: unlimited), how many were, and each shopper's limit (issue 44). */
  quantity: number | null
  claimed: number
  per_person: number
  /** A window's first and last business day ("YYYY-MM-DD"), or days from the claim (0 with a window). */
  valid_from: string | null
  valid_to: string | null
  valid_days: number
  stopped_at: string | null
  created_at: string | null
}

const COUPON_COLS = 'id, title, amount, percent_off, min_spend, shop_id, kind, quantity, claimed, per_person, valid_from, valid_to, valid_days, stopped_at, created_at'
const USER_COUPON_SELECT = `SELECT uc.id, uc.coupon_id, c.title, c.amount, c.percent_off, c.min_spend, c.shop_id, c.kind, uc.status, uc.expires_at, uc.starts_at FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`

// The catalogue ----------------------------------------------------------------------------------------------

/**
 * The coupons a shopper may claim now — every shop's and this one's, largest first: not stopped, not all claimed, and a
 * window not over (`today`: the business day). Without a shop: every coupon that is.
 */
export const coupons = async (db: Q, shopId: number | undefined, today: string) =>
  (await db.all(
    `SELECT ${COUPON_COLS} FROM coupons WHERE ${shopId ? '(shop_id IS NULL OR shop_id = ?) AND ' : ''}stopped_at IS NULL AND (quantity IS NULL OR claimed < quantity) AND (valid_to IS NULL OR valid_to >= ?)
      ORDER BY amount DESC, id`,
    ...(shopId ? [shopId, today] : [today]),
  )) as CouponRow[]

export const couponById = async (db: Q, id: number) => (await db.get(`SELECT ${COUPON_COLS} FROM coupons WHERE id = ?`, id)) as CouponRow | undefined

// A shopper's coupons -------------------------------------------------------------------------------------

/** How many of each coupon the shopper holds (claimed, used or not). */
export async function claimedCounts(db: Q, userId: number): Promise<Map<number, number>> {
  const rows = (await db.all('SELECT coupon_id, COUNT(*) AS n FROM user_coupons WHERE user_id = ? GROUP BY coupon_id', userId)) as Array<{ coupon_id: number; n: number }>
  return new Map(rows.map((r) => [Number(r.coupon_id), Number(r.n)]))
}

/**
 * One more of a coupon for a shopper, inside the caller's transaction: its place among their claims (`seq`, unique per
 * shopper and coupon: two claims racing for one place make one row — null for the other), counted against the
 * coupon's quantity in one conditional statement (never more claimed than issued, nor claimed while it is stopped).
 * 'taken': that place was taken meanwhile; 'out': none left (or stopped meanwhile).
 */
export async function claim(db: Q, userId: number, couponId: number, seq: number, startsAt: string | null, expiresAt: string): Promise<number | 'taken' | 'out'> {
  // ON CONFLICT, not a caught unique violation: the error's code is the engine's own, and on PostgreSQL it would end a
  // surrounding transaction. No row back: that place was taken.
  const row = (await db.get(
    "INSERT INTO user_coupons (user_id, coupon_id, status, expires_at, seq, starts_at) VALUES (?, ?, 'available', ?, ?, ?) ON CONFLICT (user_id, coupon_id, seq) DO NOTHING RETURNING id",
    userId,
    couponId,
    expiresAt,
    seq,
    startsAt,
  )) as { id: number } | undefined
  if (!row) return 'taken'
  const counted = await db.run('UPDATE coupons SET claimed = claimed + 1 WHERE id = ? AND stopped_at IS NULL AND (quantity IS NULL OR claimed < quantity)', couponId)
  return counted.changes === 1 ? Number(row.id) : 'out'
}

// A shop's own coupons (issue 44) ----------------------------------------------------------------------------

export const shopCoupons = async (db: Q, shopId: number) => (await db.all(`SELECT ${COUPON_COLS} FROM coupons WHERE shop_id = ? ORDER BY id DESC LIMIT 100`, shopId)) as CouponRow[]

/** Each coupon's uses: orders paid with it (a refunded order's coupon comes back, and is then not counted). */
export async function usedCounts(db: Q, couponIds: readonly number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map()
  const rows = (await db.all(`SELECT coupon_id, COUNT(*) AS n FROM user_coupons WHERE status = 'used' AND coupon_id IN (${couponIds.map(() => '?').join(', ')}) GROUP BY coupon_id`, ...couponIds)) as Array<{ coupon_id: number; n: number }>
  return new Map(rows.map((r) => [Number(r.coupon_id), Number(r.n)]))
}

export const insertShopCoupon = (db: Q, c: Omit<CouponRow, 'id' | 'claimed' | 'stopped_at'>) =>
  db.insert(
    'INSERT INTO coupons (title, amount, percent_off, min_spend, shop_id, kind, quantity, claimed, per_person, valid_from, valid_to, valid_days, stopped_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, NULL, ?)',
    c.title,
    c.amount,
    c.percent_off,
    c.min_spend,
    c.shop_id,
    c.kind,
    c.quantity,
    c.per_person,
    c.valid_from,
    c.valid_to,
    c.valid_days,
    c.created_at,
  )

/** Stopped once: false when it was stopped already (or is not this shop's). */
export const stopShopCoupon = async (db: Q, shopId: number, id: number, at: string) => (await db.run('UPDATE coupons SET stopped_at = ? WHERE id = ? AND shop_id = ? AND stopped_at IS NULL', at, id, shopId)).changes === 1

export const userCoupon = async (db: Q, id: number) => (await db.get(`${USER_COUPON_SELECT} WHERE uc.id = ?`, id)) as UserCoupon | undefined

export type CouponTab = 'available' | 'used' | 'expired'

/** One page of the shopper's coupons on a tab: usable (available or held by an unpaid order), used, or expired unused. */
export async function userCouponPage(db: Q, userId: number, tab: CouponTab, now: string, limit: number, offset: number): Promise<{ rows: UserCoupon[]; total: number }> {
  const cond =
    tab === 'available'
      ? { sql: "uc.status IN ('available', 'locked') AND uc.expires_at > ?", args: [now] }
      : tab === 'used'
        ? { sql: "uc.status = 'used'", args: [] }
        : { sql: "uc.status IN ('available', 'expired') AND uc.expires_at <= ?", args: [now] }
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM user_coupons uc WHERE uc.user_id = ? AND ${cond.sql}`, userId, ...cond.args)) as { n: number }).n
  const rows = (await db.all(`${USER_COUPON_SELECT} WHERE uc.user_id = ? AND ${cond.sql} ORDER BY uc.expires_at, uc.id LIMIT ? OFFSET ?`, userId, ...cond.args, limit, offset)) as UserCoupon[]
  return { rows, total }
}

/** The shopper's coupon if it can be used now (available, not expired), with its terms (a window's first day: `starts_at`). */
export const usableCoupon = async (db: Q, userCouponId: number, userId: number, now: string) =>
  (await db.get(
    'SELECT uc.id, c.amount, c.percent_off, c.min_spend, c.shop_id, c.kind, uc.starts_at FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.id = ? AND uc.user_id = ? AND uc.status = ? AND uc.expires_at > ?',
    userCouponId,
    userId,
    'available',
    now,
  )) as { id: number; amount: number; percent_off: number | null; min_spend: number; shop_id: number | null; kind: string | null; starts_at: string | null } | undefined

/** available → locked by an unpaid order; false when it was not available any more. */
export const lockCoupon = async (db: Q, id: number): Promise<boolean> => (await db.run("UPDATE user_coupons SET status = 'locked' WHERE id = ? AND status = 'available'", id)).changes === 1

export const attachCoupon = (db: Q, id: number, orderId: number | bigint) => db.run('UPDATE user_coupons SET order_id = ? WHERE id = ?', orderId, id)

/** locked → available again (the order that held it was cancelled). */
export const releaseCoupon = (db: Q, id: number) => db.run("UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'locked'", id)

export const useCoupon = (db: Q, id: number) => db.run("UPDATE user_coupons SET status = 'used' WHERE id = ?", id)

/** Account deletion: used coupons stay with their orders, the rest go. */
export const deleteUnusedCouponsOf = (db: Q, userId: number) => db.run("DELETE FROM user_coupons WHERE user_id = ? AND status != 'used'", userId)
