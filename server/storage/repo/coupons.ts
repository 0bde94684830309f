import type { Q } from '../query'
import type { UserCoupon } from '../../../src/contract/member'

export interface CouponRow {
  id: number
  title: string
  amount: number
  min_spend: number
  shop_id: number | null
  kind: string | null
}

const COUPON_COLS = 'id, title, amount, min_spend, shop_id, kind'
const USER_COUPON_SELECT = `SELECT uc.id, uc.coupon_id, c.title, c.amount, c.min_spend, c.shop_id, c.kind, uc.status, uc.expires_at FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`

// The catalogue ----------------------------------------------------------------------------------------------

/** Every coupon, or those good at every shop and at this one; largest first. */
export const coupons = async (db: Q, shopId?: number) =>
  (shopId
    ? (await db.all(`SELECT ${COUPON_COLS} FROM coupons WHERE shop_id IS NULL OR shop_id = ? ORDER BY amount DESC, id`, shopId))
    : (await db.all(`SELECT ${COUPON_COLS} FROM coupons ORDER BY amount DESC, id`))) as CouponRow[]

export const couponTerms = async (db: Q, id: number) => (await db.get('SELECT id, valid_days FROM coupons WHERE id = ?', id)) as { id: number; valid_days: number } | undefined

// A shopper's coupons -------------------------------------------------------------------------------------

export const claimedCouponIds = async (db: Q, userId: number) => ((await db.all('SELECT coupon_id FROM user_coupons WHERE user_id = ?', userId)) as Array<{ coupon_id: number }>).map((r) => r.coupon_id)

/**
 * One of each coupon per shopper, kept by UNIQUE (user_id, coupon_id): null when the shopper holds this
 * coupon already (a double tap, or two claims racing in two processes), the new row's id otherwise.
 */
export async function claim(db: Q, userId: number, couponId: number, expiresAt: string): Promise<number | null> {
  // ON CONFLICT, not a caught unique violation: the error's code is the engine's own, and on PostgreSQL it would end a
  // surrounding transaction. No row back: the shopper held it already.
  const row = (await db.get(
    "INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, ?, 'available', ?) ON CONFLICT (user_id, coupon_id) DO NOTHING RETURNING id",
    userId,
    couponId,
    expiresAt,
  )) as { id: number } | undefined
  return row ? Number(row.id) : null
}

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

/** The shopper's coupon if it can be used now (available, not expired), with its terms. */
export const usableCoupon = async (db: Q, userCouponId: number, userId: number, now: string) =>
  (await db.get('SELECT uc.id, c.amount, c.min_spend, c.shop_id, c.kind FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.id = ? AND uc.user_id = ? AND uc.status = ? AND uc.expires_at > ?', userCouponId, userId, 'available', now)) as { id: number; amount: number; min_spend: number; shop_id: number | null; kind: string | null } | undefined

/** available → locked by an unpaid order; false when it was not available any more. */
export const lockCoupon = async (db: Q, id: number): Promise<boolean> => (await db.run("UPDATE user_coupons SET status = 'locked' WHERE id = ? AND status = 'available'", id)).changes === 1

export const attachCoupon = (db: Q, id: number, orderId: number | bigint) => db.run('UPDATE user_coupons SET order_id = ? WHERE id = ?', orderId, id)

/** locked → available again (the order that held it was cancelled). */
export const releaseCoupon = (db: Q, id: number) => db.run("UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'locked'", id)

export const useCoupon = (db: Q, id: number) => db.run("UPDATE user_coupons SET status = 'used' WHERE id = ?", id)

/** Account deletion: used coupons stay with their orders, the rest go. */
export const deleteUnusedCouponsOf = (db: Q, userId: number) => db.run("DELETE FROM user_coupons WHERE user_id = ? AND status != 'used'", userId)
