import type { Q } from '../query'
import { ORDER_STATUS } from '../../../src/contract/constants'

/**
 * The ledger as finance reads it (issue 45, the console's money views; docs/api.md "Console: money and decisions").
 *
 * Money received: a payment the provider confirmed — status `paid` (attached to its order), `refunding` or `refunded`
 * (taken, then given back: those are counted again on the refunds side). `pending`, `failed` and `closed` took nothing.
 * Its time: when the money arrived — `payments.notified_at`, except for a payment whose order was refunded on request
 * (refund reason `order`): approving it rewrote `notified_at` (server/domain/store/store.ts approveRefund), and the
 * order's `pay_time`, set in the same transaction that attached the payment, keeps the arrival.
 *
 * Money returned: a refund the provider confirmed — status `succeeded`, at its `notified_at`. `pending` is on its way
 * (not yet returned), `failed` came back to us (an operator's to settle).
 *
 * Every text time is the business zone's wall clock ("YYYY-MM-DD HH:mm:ss", server/time.ts): its first ten characters
 * are the business day.
 */
const RECEIVED_AT = "CASE WHEN r.reason = 'order' THEN o.pay_time ELSE p.notified_at END"
const RECEIVED_FROM = `FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN refunds r ON r.payment_id = p.id LEFT JOIN shops s ON s.id = o.shop_id
  WHERE p.status IN ('paid', 'refunding', 'refunded')`
const RETURNED_FROM = `FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = r.order_id LEFT JOIN shops s ON s.id = o.shop_id
  WHERE r.status = 'succeeded'`
const DAY_OF = (text: string) => `substr(${text}, 1, 10)`

export interface Sum {
  key: string | number | null
  name?: string | null
  n: number
  fen: number
}

const sums = (rows: Array<Record<string, unknown>>): Sum[] =>
  rows.map((r) => ({ key: r.k === null ? null : typeof r.k === 'string' ? r.k : Number(r.k), name: (r.name as string | null | undefined) ?? null, n: Number(r.n), fen: Number(r.fen ?? 0) }))

/** Money received per business day in [from, to]. */
export const receivedByDay = async (db: Q, from: string, to: string) =>
  sums(await db.all(`SELECT ${DAY_OF(RECEIVED_AT)} AS k, COUNT(*) AS n, SUM(p.amount) AS fen ${RECEIVED_FROM} AND ${DAY_OF(RECEIVED_AT)} BETWEEN ? AND ? GROUP BY ${DAY_OF(RECEIVED_AT)}`, from, to))

/** Money returned per business day in [from, to]. */
export const returnedByDay = async (db: Q, from: string, to: string) =>
  sums(await db.all(`SELECT ${DAY_OF('r.notified_at')} AS k, COUNT(*) AS n, SUM(r.amount) AS fen ${RETURNED_FROM} AND ${DAY_OF('r.notified_at')} BETWEEN ? AND ? GROUP BY ${DAY_OF('r.notified_at')}`, from, to))

/** Money received per shop (null: no shop) in [from, to]. */
export const receivedByShop = async (db: Q, from: string, to: string) =>
  sums(await db.all(`SELECT o.shop_id AS k, MIN(s.name) AS name, COUNT(*) AS n, SUM(p.amount) AS fen ${RECEIVED_FROM} AND ${DAY_OF(RECEIVED_AT)} BETWEEN ? AND ? GROUP BY o.shop_id`, from, to))

/** Money returned per shop (null: no shop) in [from, to]. */
export const returnedByShop = async (db: Q, from: string, to: string) =>
  sums(await db.all(`SELECT o.shop_id AS k, MIN(s.name) AS name, COUNT(*) AS n, SUM(r.amount) AS fen ${RETURNED_FROM} AND ${DAY_OF('r.notified_at')} BETWEEN ? AND ? GROUP BY o.shop_id`, from, to))

export interface LedgerLine {
  id: number
  number: string
  trade_no: string | null
  order_id: number
  order_no: string
  shop_id: number | null
  shop_name: string | null
  amount: number
  provider: string
  method: string
  status: string
  reason: string | null
  at: string
}

const lines = (rows: Array<Record<string, unknown>>): LedgerLine[] =>
  rows.map((r) => ({
    id: Number(r.id),
    number: String(r.number),
    trade_no: (r.trade_no as string | null) ?? null,
    order_id: Number(r.order_id),
    order_no: String(r.order_no),
    shop_id: r.shop_id === null || r.shop_id === undefined ? null : Number(r.shop_id),
    shop_name: (r.shop_name as string | null) ?? null,
    amount: Number(r.amount),
    provider: String(r.provider),
    method: String(r.method),
    status: String(r.status),
    reason: (r.reason as string | null) ?? null,
    at: String(r.at),
  }))

/** A day's payments that count as received, in the order the money arrived; `limit` null: all of them (the export). */
export async function receivedOn(db: Q, day: string, limit: number | null, offset = 0): Promise<LedgerLine[]> {
  const page = limit === null ? '' : ` LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`
  return lines(
    await db.all(
      `SELECT p.id, p.trade_no AS number, NULL AS trade_no, p.order_id, o.order_no, o.shop_id, s.name AS shop_name, p.amount, p.provider, p.method, p.status, NULL AS reason, ${RECEIVED_AT} AS at
       ${RECEIVED_FROM} AND ${DAY_OF(RECEIVED_AT)} = ? ORDER BY at, p.id${page}`,
      day,
    ),
  )
}

/** A day's refunds that count as returned, in the order the money came back. */
export async function returnedOn(db: Q, day: string, limit: number | null, offset = 0): Promise<LedgerLine[]> {
  const page = limit === null ? '' : ` LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`
  return lines(
    await db.all(
      `SELECT r.id, r.refund_no AS number, p.trade_no, r.order_id, o.order_no, o.shop_id, s.name AS shop_name, r.amount, p.provider, p.method, r.status, r.reason, r.notified_at AS at
       ${RETURNED_FROM} AND ${DAY_OF('r.notified_at')} = ? ORDER BY r.notified_at, r.id${page}`,
      day,
    ),
  )
}

// Refund requests waiting on a store ------------------------------------------------------------------------------

/** Waiting on the store: refunding, and no provider refund asked for it yet (server/storage/repo/store.ts AWAITING_STORE). */
const WAITING = `o.status = ${ORDER_STATUS.REFUNDING} AND NOT EXISTS (SELECT 1 FROM refunds rf WHERE rf.order_id = o.id AND rf.reason = 'order')`

export interface WaitingRow {
  id: number
  order_no: string
  title: string
  shop_id: number | null
  shop_name: string | null
  pay_amount: number
  refund_reason: string | null
  refund_requested_at: number
  phone: string
}

/** Requests waiting on a store, the longest waiting first; `overdueBefore`: only those asked at or before it (ms). */
export async function waitingRefunds(db: Q, overdueBefore: number | null, limit: number, offset: number): Promise<{ rows: WaitingRow[]; total: number }> {
  const cond = overdueBefore === null ? '' : ' AND o.refund_requested_at <= ?'
  const args = overdueBefore === null ? [] : [overdueBefore]
  const total = Number(await db.value(`SELECT COUNT(*) FROM orders o WHERE ${WAITING}${cond}`, ...args))
  const rows = (await db.all(
    `SELECT o.id, o.order_no, o.title, o.shop_id, s.name AS shop_name, o.pay_amount, o.refund_reason, o.refund_requested_at, u.phone
     FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN shops s ON s.id = o.shop_id
     WHERE ${WAITING}${cond} ORDER BY o.refund_requested_at, o.id LIMIT ? OFFSET ?`,
    ...args,
    limit,
    offset,
  )) as Array<Record<string, unknown>>
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      order_no: String(r.order_no),
      title: String(r.title),
      shop_id: r.shop_id === null ? null : Number(r.shop_id),
      shop_name: (r.shop_name as string | null) ?? null,
      pay_amount: Number(r.pay_amount),
      refund_reason: (r.refund_reason as string | null) ?? null,
      refund_requested_at: Number(r.refund_requested_at),
      phone: String(r.phone),
    })),
  }
}

/** How many requests have waited on a store since at or before `before` (ms). */
export const overdueRefundCount = async (db: Q, before: number): Promise<number> => Number(await db.value(`SELECT COUNT(*) FROM orders o WHERE ${WAITING} AND o.refund_requested_at <= ?`, before))

/** A request's state for the audit trail: the order's status, its refund request and the provider refund asked for it. */
export async function refundDecisionOf(db: Q, orderId: number) {
  const o = (await db.get('SELECT status, refund_requested_at, refund_rejection, pay_amount FROM orders WHERE id = ?', orderId)) as
    | { status: number; refund_requested_at: number | null; refund_rejection: string | null; pay_amount: number }
    | undefined
  if (!o) return null
  const refund = (await db.get("SELECT refund_no, amount, status FROM refunds WHERE order_id = ? AND reason = 'order'", orderId)) as { refund_no: string; amount: number; status: string } | undefined
  return {
    status: Number(o.status),
    refund_requested_at: o.refund_requested_at === null ? null : Number(o.refund_requested_at),
    refund_rejection: o.refund_rejection,
    pay_amount: Number(o.pay_amount),
    refund: refund ? { refund_no: refund.refund_no, amount: Number(refund.amount), status: refund.status } : null,
  }
}
