import type { Q } from '../query'
import { ORDER_STATUS } from '../../../src/contract/constants'
import type { OrderAction } from '../../../src/contract/store'
import { placeholders } from '../db'
import type { OrderRow } from './orders'
import type { PaymentRow, RefundRow } from './payments'

/** The store a user works for (one store per user), with its name. */
export const staffShopOf = async (db: Q, userId: number) =>
  (await db.get('SELECT s.shop_id, p.name FROM store_staff s JOIN shops p ON p.id = s.shop_id WHERE s.user_id = ?', userId)) as { shop_id: number; name: string } | undefined

// The audit trail -------------------------------------------------------------------------------------------

export const insertAction = (db: Q, a: { order_id: number; action: OrderAction['action']; by_user_id: number | null; reason: string | null; at: string }) =>
  db.run('INSERT INTO order_actions (order_id, action, by_user_id, reason, at) VALUES (?, ?, ?, ?, ?)', a.order_id, a.action, a.by_user_id, a.reason, a.at)

export interface ActionRow {
  action: OrderAction['action']
  by_user_id: number | null
  phone: string | null
  reason: string | null
  at: string
}

export const actionsOf = async (db: Q, orderId: number) =>
  (await db.all(`SELECT a.action, a.by_user_id, u.phone, a.reason, a.at FROM order_actions a
     LEFT JOIN users u ON u.id = a.by_user_id
     WHERE a.order_id = ? ORDER BY a.id`, orderId)) as ActionRow[]

/** When an order's code was verified (its newest 'verified' action). */
export const verifiedAt = async (db: Q, orderId: number) =>
  ((await db.get("SELECT at FROM order_actions WHERE order_id = ? AND action = 'verified' ORDER BY id DESC LIMIT 1", orderId)) as { at: string } | undefined)?.at ?? null

// Orders as the store sees them -------------------------------------------------------------------------------

/** The store's order: another store's (or no store's) is not found. */
export const storeOrderById = async (db: Q, shopId: number, id: number) => (await db.get('SELECT * FROM orders WHERE id = ? AND shop_id = ?', id, shopId)) as OrderRow | undefined

/** The order a redemption code belongs to (only kinds with a code; the newest if two ever shared one). */
export const byVerifyCode = async (db: Q, code: string) =>
  (await db.get("SELECT * FROM orders WHERE verify_code = ? AND kind = 'product' AND (delivery IS NULL OR delivery = 'pickup') ORDER BY id DESC LIMIT 1", code)) as OrderRow | undefined

export const shopperPhone = async (db: Q, userId: number) => ((await db.get('SELECT phone FROM users WHERE id = ?', userId)) as { phone: string } | undefined)?.phone ?? ''

const CODE_STATUSES = [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED]
/** Refund requests waiting for the store: refunding, and no refund asked of the provider yet. */
const AWAITING_STORE = `o.status = ${ORDER_STATUS.REFUNDING} AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.reason = 'order')`

export async function storePage(db: Q, shopId: number, filter: { status?: number; todo?: 'verify' | 'refund' | 'ship' }, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
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
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM orders o WHERE ${w}`, ...args)) as { n: number }).n
  const rows = (await db.all(`SELECT o.* FROM orders o WHERE ${w} ORDER BY o.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset)) as OrderRow[]
  return { rows, total }
}

/** Orders of the store paid in [from, to) (business wall times) whose money is kept: count and sum. */
export const paidBetween = async (db: Q, shopId: number, from: string, to: string) =>
  (await db.get(`SELECT COUNT(*) AS n, CAST(COALESCE(SUM(pay_amount), 0) AS bigint) AS sum FROM orders
     WHERE shop_id = ? AND pay_time >= ? AND pay_time < ? AND status IN (?, ?, ?, ?, ?)`, shopId, from, to, ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED, ORDER_STATUS.REFUNDING)) as { n: number; sum: number }

export const toVerifyCount = async (db: Q, shopId: number) =>
  ((await db.get(`SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ? AND o.kind = 'product' AND (o.delivery IS NULL OR o.delivery = 'pickup') AND o.status IN (${placeholders(CODE_STATUSES)})`, shopId, ...CODE_STATUSES)) as { n: number }).n

export const refundsToAnswerCount = async (db: Q, shopId: number) => ((await db.get(`SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ? AND ${AWAITING_STORE}`, shopId)) as { n: number }).n

// Refunds of whole orders -------------------------------------------------------------------------------------

/** The provider refund asked for an order's refund request (reason 'order'), if the request was approved. */
export const orderRefundOf = async (db: Q, orderId: number) => (await db.get("SELECT * FROM refunds WHERE order_id = ? AND reason = 'order'", orderId)) as RefundRow | undefined

/** What happened to an order's latest refund request, in order: its trail from that request on (none before the trail existed). */
export const refundTrailOf = async (db: Q, orderId: number) =>
  (await db.all(`SELECT action, by_user_id, reason, at FROM order_actions
     WHERE order_id = ? AND id >= (SELECT MAX(id) FROM order_actions WHERE order_id = ? AND action = 'refund_requested')
     AND action IN ('refund_requested', 'refund_approved', 'refund_auto_approved', 'refund_rejected', 'refund_withdrawn', 'refunded', 'refund_failed')
     ORDER BY id`, orderId, orderId)) as Array<Pick<ActionRow, 'action' | 'by_user_id' | 'reason' | 'at'>>

/** How a payment was made (its provider and channel), for where its refund goes back. */
export const paymentWayOf = async (db: Q, paymentId: number) => ((await db.get('SELECT provider, channel FROM payments WHERE id = ?', paymentId)) as { provider: string; channel: number } | undefined) ?? null

/** The payment attached to the order (the money the refund gives back). */
export const attachedPaymentOf = async (db: Q, orderId: number) => (await db.get("SELECT * FROM payments WHERE order_id = ? AND status = 'paid'", orderId)) as PaymentRow | undefined

/** Refund requests unanswered since `before` (epoch ms), oldest first. */
export const dueRefundRequests = async (db: Q, before: number, limit: number) =>
  ((await db.all(`SELECT o.id FROM orders o WHERE ${AWAITING_STORE} AND o.refund_requested_at <= ? ORDER BY o.refund_requested_at LIMIT ?`, before, limit)) as Array<{ id: number }>).map((r) => r.id)

/** Cheap check before the sweep takes the write lock. */
export const anyDueRefundRequest = async (db: Q, before: number): Promise<boolean> =>
  !!(await db.get('SELECT 1 AS one FROM orders WHERE status = ? AND refund_requested_at <= ? LIMIT 1', ORDER_STATUS.REFUNDING, before))

/**
 * The store refuses a request: refunding → the status it was asked from, with the reason for the shopper;
 * false when the order is not refunding or its refund was approved already (the status is in the WHERE).
 */
export const rejectRefunding = async (db: Q, id: number, reason: string, at: string): Promise<boolean> =>
  (await db.run(`UPDATE orders SET status = COALESCE(refund_from, ?), refund_rejection = ?, refund_rejected_at = ?
     WHERE id = ? AND status = ? AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.reason = 'order')`, ORDER_STATUS.PAID, reason, at, id, ORDER_STATUS.REFUNDING)).changes === 1

/** A coupon used by a refunded order is the shopper's again (it keeps its own expiry). */
export const returnUsedCoupon = (db: Q, id: number) => db.run("UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'used'", id)
