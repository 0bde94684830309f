import { ORDER_STATUS } from '../../../src/contract/constants'
import type { OrderAction } from '../../../src/contract/store'
import { placeholders, sql, type DB } from '../db'
import type { OrderRow } from './orders'
import type { PaymentRow, RefundRow } from './payments'

/** The store a user works for (one store per user), with its name. */
export const staffShopOf = (db: DB, userId: number) =>
  sql(db, 'SELECT s.shop_id, p.name FROM store_staff s JOIN shops p ON p.id = s.shop_id WHERE s.user_id = ?').get(userId) as { shop_id: number; name: string } | undefined

// The audit trail -------------------------------------------------------------------------------------------

export const insertAction = (db: DB, a: { order_id: number; action: OrderAction['action']; by_user_id: number | null; reason: string | null; at: string }) =>
  sql(db, 'INSERT INTO order_actions (order_id, action, by_user_id, reason, at) VALUES (?, ?, ?, ?, ?)').run(a.order_id, a.action, a.by_user_id, a.reason, a.at)

export interface ActionRow {
  action: OrderAction['action']
  by_user_id: number | null
  phone: string | null
  reason: string | null
  at: string
}

export const actionsOf = (db: DB, orderId: number) =>
  sql(
    db,
    `SELECT a.action, a.by_user_id, u.phone, a.reason, a.at FROM order_actions a
     LEFT JOIN users u ON u.id = a.by_user_id
     WHERE a.order_id = ? ORDER BY a.id`,
  ).all(orderId) as ActionRow[]

/** When an order's code was verified (its newest 'verified' action). */
export const verifiedAt = (db: DB, orderId: number) =>
  (sql(db, "SELECT at FROM order_actions WHERE order_id = ? AND action = 'verified' ORDER BY id DESC LIMIT 1").get(orderId) as { at: string } | undefined)?.at ?? null

// Orders as the store sees them -------------------------------------------------------------------------------

/** The store's order: another store's (or no store's) is not found. */
export const storeOrderById = (db: DB, shopId: number, id: number) => sql(db, 'SELECT * FROM orders WHERE id = ? AND shop_id = ?').get(id, shopId) as OrderRow | undefined

/** The order a redemption code belongs to (only kinds with a code; the newest if two ever shared one). */
export const byVerifyCode = (db: DB, code: string) =>
  sql(db, "SELECT * FROM orders WHERE verify_code = ? AND kind = 'product' AND (delivery IS NULL OR delivery = 'pickup') ORDER BY id DESC LIMIT 1").get(code) as OrderRow | undefined

export const shopperPhone = (db: DB, userId: number) => (sql(db, 'SELECT phone FROM users WHERE id = ?').get(userId) as { phone: string } | undefined)?.phone ?? ''

const CODE_STATUSES = [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED]
/** Refund requests waiting for the store: refunding, and no refund asked of the provider yet. */
const AWAITING_STORE = `o.status = ${ORDER_STATUS.REFUNDING} AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.reason = 'order')`

export function storePage(db: DB, shopId: number, filter: { status?: number; todo?: 'verify' | 'refund' | 'ship' }, limit: number, offset: number): { rows: OrderRow[]; total: number } {
  const where = ['o.shop_id = ?']
  const args: Array<string | number> = [shopId]
  if (filter.status !== undefined) {
    where.push('o.status = ?')
    args.push(filter.status)
  }
  if (filter.todo === 'verify') {
    where.push(`o.kind = 'product' AND (o.delivery IS NULL OR o.delivery = 'pickup') AND o.status IN (${placeholders(CODE_STATUSES)})`)
    args.push(...CODE_STATUSES)
  }
  if (filter.todo === 'refund') where.push(AWAITING_STORE)
  if (filter.todo === 'ship') {
    where.push("o.delivery = 'ship' AND o.status = ? AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)")
    args.push(ORDER_STATUS.PAID)
  }
  const w = where.join(' AND ')
  const total = (sql(db, `SELECT COUNT(*) AS n FROM orders o WHERE ${w}`).get(...args) as { n: number }).n
  const rows = sql(db, `SELECT o.* FROM orders o WHERE ${w} ORDER BY o.id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as OrderRow[]
  return { rows, total }
}

/** Orders of the store paid in [from, to) (business wall times) whose money is kept: count and sum. */
export const paidBetween = (db: DB, shopId: number, from: string, to: string) =>
  sql(
    db,
    `SELECT COUNT(*) AS n, COALESCE(SUM(pay_amount), 0) AS sum FROM orders
     WHERE shop_id = ? AND pay_time >= ? AND pay_time < ? AND status IN (?, ?, ?, ?, ?)`,
  ).get(shopId, from, to, ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED, ORDER_STATUS.REFUNDING) as { n: number; sum: number }

export const toVerifyCount = (db: DB, shopId: number) =>
  (sql(db, `SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ? AND o.kind = 'product' AND (o.delivery IS NULL OR o.delivery = 'pickup') AND o.status IN (${placeholders(CODE_STATUSES)})`).get(shopId, ...CODE_STATUSES) as { n: number }).n

export const refundsToAnswerCount = (db: DB, shopId: number) => (sql(db, `SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ? AND ${AWAITING_STORE}`).get(shopId) as { n: number }).n

// Refunds of whole orders -------------------------------------------------------------------------------------

/** The provider refund asked for an order's refund request (reason 'order'), if the request was approved. */
export const orderRefundOf = (db: DB, orderId: number) => sql(db, "SELECT * FROM refunds WHERE order_id = ? AND reason = 'order'").get(orderId) as RefundRow | undefined

/** What happened to an order's latest refund request, in order: its trail from that request on (none before the trail existed). */
export const refundTrailOf = (db: DB, orderId: number) =>
  sql(
    db,
    `SELECT action, by_user_id, reason, at FROM order_actions
     WHERE order_id = ? AND id >= (SELECT MAX(id) FROM order_actions WHERE order_id = ? AND action = 'refund_requested')
     AND action IN ('refund_requested', 'refund_approved', 'refund_auto_approved', 'refund_rejected', 'refund_withdrawn', 'refunded', 'refund_failed')
     ORDER BY id`,
  ).all(orderId, orderId) as Array<Pick<ActionRow, 'action' | 'by_user_id' | 'reason' | 'at'>>

/** How a payment was made (its channel), for where its refund goes back. */
export const paymentChannelOf = (db: DB, paymentId: number) => (sql(db, 'SELECT channel FROM payments WHERE id = ?').get(paymentId) as { channel: number } | undefined)?.channel ?? null

/** The payment attached to the order (the money the refund gives back). */
export const attachedPaymentOf = (db: DB, orderId: number) => sql(db, "SELECT * FROM payments WHERE order_id = ? AND status = 'paid'").get(orderId) as PaymentRow | undefined

/** Refund requests unanswered since `before` (epoch ms), oldest first. */
export const dueRefundRequests = (db: DB, before: number, limit: number) =>
  (sql(db, `SELECT o.id FROM orders o WHERE ${AWAITING_STORE} AND o.refund_requested_at <= ? ORDER BY o.refund_requested_at LIMIT ?`).all(before, limit) as Array<{ id: number }>).map((r) => r.id)

/** Cheap check before the sweep takes the write lock. */
export const anyDueRefundRequest = (db: DB, before: number): boolean =>
  !!sql(db, 'SELECT 1 FROM orders WHERE status = ? AND refund_requested_at <= ? LIMIT 1').get(ORDER_STATUS.REFUNDING, before)

/**
 * The store refuses a request: refunding → the status it was asked from, with the reason for the shopper;
 * false when the order is not refunding or its refund was approved already (the status is in the WHERE).
 */
export const rejectRefunding = (db: DB, id: number, reason: string, at: string): boolean =>
  sql(
    db,
    `UPDATE orders SET status = COALESCE(refund_from, ?), refund_rejection = ?, refund_rejected_at = ?
     WHERE id = ? AND status = ? AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.reason = 'order')`,
  ).run(ORDER_STATUS.PAID, reason, at, id, ORDER_STATUS.REFUNDING).changes === 1

/** A coupon used by a refunded order is the shopper's again (it keeps its own expiry). */
export const returnUsedCoupon = (db: DB, id: number) => sql(db, "UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'used'").run(id)
