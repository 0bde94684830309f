import type { UserCoupon } from '../../../src/contract/member'
import { sql, type DB } from '../db'

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
export const coupons = (db: DB, shopId?: number) =>
  (shopId
    ? sql(db, `SELECT ${COUPON_COLS} FROM coupons WHERE shop_id IS NULL OR shop_id = ? ORDER BY amount DESC`).all(shopId)
    : sql(db, `SELECT ${COUPON_COLS} FROM coupons ORDER BY amount DESC`).all()) as CouponRow[]

export const couponTerms = (db: DB, id: number) => sql(db, 'SELECT id, valid_days FROM coupons WHERE id = ?').get(id) as { id: number; valid_days: number } | undefined

// A shopper's coupons -------------------------------------------------------------------------------------

export const claimedCouponIds = (db: DB, userId: number) => (sql(db, 'SELECT coupon_id FROM user_coupons WHERE user_id = ?').all(userId) as Array<{ coupon_id: number }>).map((r) => r.coupon_id)

/**
 * One of each coupon per shopper, kept by UNIQUE (user_id, coupon_id): null when the shopper holds this
 * coupon already (a double tap, or two claims racing in two processes), the new row's id otherwise.
 */
export function claim(db: DB, userId: number, couponId: number, expiresAt: string): number | null {
  try {
    return Number(sql(db, "INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, ?, 'available', ?)").run(userId, couponId, expiresAt).lastInsertRowid)
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return null
    throw err
  }
}

export const userCoupon = (db: DB, id: number) => sql(db, `${USER_COUPON_SELECT} WHERE uc.id = ?`).get(id) as UserCoupon | undefined

export type CouponTab = 'available' | 'used' | 'expired'

/** One page of the shopper's coupons on a tab: usable (available or held by an unpaid order), used, or expired unused. */
export function userCouponPage(db: DB, userId: number, tab: CouponTab, now: string, limit: number, offset: number): { rows: UserCoupon[]; total: number } {
  const cond =
    tab === 'available'
      ? { sql: "uc.status IN ('available', 'locked') AND uc.expires_at > ?", args: [now] }
      : tab === 'used'
        ? { sql: "uc.status = 'used'", args: [] }
        : { sql: "uc.status IN ('available', 'expired') AND uc.expires_at <= ?", args: [now] }
  const total = (sql(db, `SELECT COUNT(*) AS n FROM user_coupons uc WHERE uc.user_id = ? AND ${cond.sql}`).get(userId, ...cond.args) as { n: number }).n
  const rows = sql(db, `${USER_COUPON_SELECT} WHERE uc.user_id = ? AND ${cond.sql} ORDER BY uc.expires_at LIMIT ? OFFSET ?`).all(userId, ...cond.args, limit, offset) as UserCoupon[]
  return { rows, total }
}

/** The shopper's coupon if it can be used now (available, not expired), with its terms. */
export const usableCoupon = (db: DB, userCouponId: number, userId: number, now: string) =>
  sql(
    db,
    'SELECT uc.id, c.amount, c.min_spend, c.shop_id, c.kind FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.id = ? AND uc.user_id = ? AND uc.status = ? AND uc.expires_at > ?',
  ).get(userCouponId, userId, 'available', now) as { id: number; amount: number; min_spend: number; shop_id: number | null; kind: string | null } | undefined

/** available → locked by an unpaid order; false when it was not available any more. */
export const lockCoupon = (db: DB, id: number): boolean => sql(db, "UPDATE user_coupons SET status = 'locked' WHERE id = ? AND status = 'available'").run(id).changes === 1

export const attachCoupon = (db: DB, id: number, orderId: number | bigint) => sql(db, 'UPDATE user_coupons SET order_id = ? WHERE id = ?').run(orderId, id)

/** locked → available again (the order that held it was cancelled). */
export const releaseCoupon = (db: DB, id: number) => sql(db, "UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'locked'").run(id)

export const useCoupon = (db: DB, id: number) => sql(db, "UPDATE user_coupons SET status = 'used' WHERE id = ?").run(id)

/** Account deletion: used coupons stay with their orders, the rest go. */
export const deleteUnusedCouponsOf = (db: DB, userId: number) => sql(db, "DELETE FROM user_coupons WHERE user_id = ? AND status != 'used'").run(userId)
