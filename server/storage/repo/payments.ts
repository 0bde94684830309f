import type { Q } from '../query'
import { placeholders } from '../db'

export interface PaymentRow {
  id: number
  order_id: number
  trade_no: string
  channel: number
  amount: number
  /**
   * pending: open at the provider · paid: the one payment attached to its order · failed: the provider
   * said it failed · closed: closed before the order was cancelled · refunding / refunded: money taken for
   * an order that was cancelled or paid already, given back (see refunds).
   */
  status: 'pending' | 'paid' | 'failed' | 'closed' | 'refunding' | 'refunded'
  success_url: string | null
  fail_url: string | null
  /** Who took (or may take) the money: 'sandbox' · 'wechatpay' · 'alipay' (server/providers/pay/types.ts ProviderName). */
  provider: 'sandbox' | 'wechatpay' | 'alipay'
  /** How it is paid (server/providers/pay/types.ts PayMethod): one open trade per order, channel, provider and method. */
  method: string
  /** The provider's last answer to payparam (JSON), given again until prepared_until (ms, server clock). */
  prepared: string | null
  prepared_until: number | null
  /** WeChat Pay's service-provider mode: the sub-merchant the trade was opened for (the shop's); null: the platform's own. */
  sub_mchid: string | null
  transaction_id?: string | null
}

export interface RefundRow {
  id: number
  refund_no: string
  payment_id: number
  order_id: number
  amount: number
  /** late / duplicate: money that arrived for an order it could not pay · order: the order's refund request, approved. */
  reason: 'late' | 'duplicate' | 'order'
  status: 'pending' | 'succeeded' | 'failed'
  created_at: string
  notified_at: string | null
}

// Trades (payments) ----------------------------------------------------------------------------------

export const tradeById = async (db: Q, id: number) => (await db.get('SELECT * FROM payments WHERE id = ?', id)) as PaymentRow | undefined

export const tradeByNo = async (db: Q, tradeNo: string) => (await db.get('SELECT * FROM payments WHERE trade_no = ?', tradeNo)) as PaymentRow | undefined

/** The newest trade opened for an order (the sandbox's "confirm pay"). */
export const latestTradeOf = async (db: Q, orderId: number) => (await db.get('SELECT * FROM payments WHERE order_id = ? ORDER BY id DESC LIMIT 1', orderId)) as PaymentRow | undefined

export const openTradesOf = async (db: Q, orderId: number) => (await db.all("SELECT id, trade_no FROM payments WHERE order_id = ? AND status = 'pending'", orderId)) as Array<{ id: number; trade_no: string }>

/** The open trade of an order for one channel, provider and method (a shopper who switches from WeChat Pay to Alipay gets a trade of each). */
export const openTradeFor = async (db: Q, orderId: number, channel: number, provider: PaymentRow['provider'] = 'sandbox', method = 'sandbox') =>
  (await db.get("SELECT * FROM payments WHERE order_id = ? AND channel = ? AND provider = ? AND method = ? AND status = 'pending'", orderId, channel, provider, method)) as PaymentRow | undefined

/** An order's open trades, newest first (personal.order/payResult asks their providers how they stand). */
export const openTradesOfOrder = async (db: Q, orderId: number) =>
  (await db.all("SELECT * FROM payments WHERE order_id = ? AND status = 'pending' ORDER BY id DESC LIMIT 5", orderId)) as PaymentRow[]

export async function insertTrade(
  db: Q,
  t: Pick<PaymentRow, 'order_id' | 'trade_no' | 'channel' | 'amount' | 'success_url' | 'fail_url'> & Partial<Pick<PaymentRow, 'provider' | 'method' | 'sub_mchid'>>,
): Promise<PaymentRow> {
  await db.run(
    "INSERT INTO payments (order_id, trade_no, channel, amount, status, success_url, fail_url, provider, method, sub_mchid) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)",
    t.order_id,
    t.trade_no,
    t.channel,
    t.amount,
    t.success_url,
    t.fail_url,
    t.provider ?? 'sandbox',
    t.method ?? 'sandbox',
    t.sub_mchid ?? null,
  )
  return (await tradeByNo(db, t.trade_no)) as PaymentRow
}

/** The provider's answer to payparam, kept to be given again while it is valid. */
export const setPrepared = (db: Q, id: number, prepared: string, until: number) => db.run('UPDATE payments SET prepared = ?, prepared_until = ? WHERE id = ?', prepared, until, id)

/** The shop's WeChat Pay sub-merchant (service-provider mode); null when it has none. */
export const subMchidOfShop = async (db: Q, shopId: number) => ((await db.get('SELECT wxpay_sub_mchid FROM shops WHERE id = ?', shopId)) as { wxpay_sub_mchid: string | null } | undefined)?.wxpay_sub_mchid ?? null

/** A paid trade as the gold plan's receipt page checks it (server/domain/pay/receipt.ts). */
export interface PaidTradeRow {
  order_id: number
  trade_no: string
  transaction_id: string
  /** The sub-merchant that took the money: the trade's own (opened for its shop's), else its shop's, else null. */
  sub_mchid: string | null
}

const PAID_TRADE = `SELECT p.order_id, p.trade_no, p.transaction_id, COALESCE(p.sub_mchid, s.wxpay_sub_mchid) AS sub_mchid
  FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN shops s ON s.id = o.shop_id
  WHERE p.status = 'paid' AND p.transaction_id IS NOT NULL`

/** The paid trade (with the provider's transaction id) of that number. */
export const paidTradeByNo = async (db: Q, tradeNo: string) => (await db.get(`${PAID_TRADE} AND p.trade_no = ?`, tradeNo)) as PaidTradeRow | undefined

/** An order's paid trade (with the provider's transaction id). */
export const paidTradeOfOrder = async (db: Q, orderId: number) => (await db.get(`${PAID_TRADE} AND p.order_id = ?`, orderId)) as PaidTradeRow | undefined

export const setReturnUrls = (db: Q, id: number, successUrl: string | null, failUrl: string | null) =>
  db.run('UPDATE payments SET success_url = ?, fail_url = ? WHERE id = ?', successUrl, failUrl, id)

/** A trade the provider closed (the outbox's close_trade call): pending → closed, by its number. */
export const closeTradeByNo = (db: Q, tradeNo: string) => db.run("UPDATE payments SET status = 'closed' WHERE trade_no = ? AND status = 'pending'", tradeNo)

/** A pending trade the provider says failed; nothing else changes. */
export const failTrade = (db: Q, id: number, at: string) => db.run("UPDATE payments SET status = 'failed', notified_at = ? WHERE id = ? AND status = 'pending'", at, id)

/** The trade whose money is attached to its order (payments_one_paid allows one per order). */
export const attachTrade = (db: Q, id: number, at: string, transactionId: string | null = null) =>
  db.run("UPDATE payments SET status = 'paid', notified_at = ?, transaction_id = COALESCE(?, transaction_id) WHERE id = ?", at, transactionId, id)

export const refundingTrade = (db: Q, id: number, at: string) => db.run("UPDATE payments SET status = 'refunding', notified_at = ? WHERE id = ?", at, id)

export const refundedTrade = (db: Q, id: number) => db.run("UPDATE payments SET status = 'refunded' WHERE id = ? AND status = 'refunding'", id)

// Refunds --------------------------------------------------------------------------------------------

export const refundByNo = async (db: Q, refundNo: string) => (await db.get('SELECT * FROM refunds WHERE refund_no = ?', refundNo)) as RefundRow | undefined

export const insertRefund = (db: Q, r: Pick<RefundRow, 'refund_no' | 'payment_id' | 'order_id' | 'amount' | 'reason' | 'created_at'>) =>
  db.run("INSERT INTO refunds (refund_no, payment_id, order_id, amount, reason, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)", r.refund_no, r.payment_id, r.order_id, r.amount, r.reason, r.created_at)

/** pending → succeeded or failed, once; false when the refund was settled already. */
export const settleRefund = async (db: Q, id: number, status: 'succeeded' | 'failed', at: string): Promise<boolean> =>
  (await db.run("UPDATE refunds SET status = ?, notified_at = ? WHERE id = ? AND status = 'pending'", status, at, id)).changes === 1

/** Refunds still pending that were asked for at or before `before` (at most `limit`). */
/** A refund with what its provider needs: the trade's provider, number, sub-merchant and amount (the total refunded from). */
export const refundWithTrade = async (db: Q, refundNo: string) =>
  (await db.get('SELECT r.*, p.provider, p.trade_no, p.sub_mchid, p.amount AS total FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.refund_no = ?', refundNo)) as
    | (RefundRow & { provider: PaymentRow['provider']; trade_no: string; sub_mchid: string | null; total: number })
    | undefined

export const pendingRefunds = async (db: Q, before: string, limit: number) =>
  (await db.all("SELECT r.refund_no, r.amount, r.order_id, p.trade_no FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.status = 'pending' AND r.created_at <= ? LIMIT ?", before, limit)) as Array<{
    refund_no: string
    order_id: number
    amount: number
    trade_no: string
  }>

// The money invariant's reads ---------------------------------------------------------------------------

/** Every trade whose money was taken, with its order's status and its refund. */
export const takenMoney = async (db: Q) =>
  (await db.all(`SELECT p.id, p.order_id, p.status, o.status AS order_status, r.id AS refund_id, r.status AS refund_status
     FROM payments p LEFT JOIN orders o ON o.id = p.order_id LEFT JOIN refunds r ON r.payment_id = p.id
     WHERE p.status IN ('paid', 'refunding', 'refunded')`)) as Array<{ id: number; order_id: number; status: string; order_status: number | null; refund_id: number | null; refund_status: string | null }>

export const ordersPaidTwice = async (db: Q) =>
  (await db.all("SELECT order_id, COUNT(*) AS n FROM payments WHERE status = 'paid' GROUP BY order_id HAVING COUNT(*) > 1")) as Array<{ order_id: number; n: number }>

/** Orders in one of these statuses with money to pay but no payment attached. */
export const ordersWithoutPayment = async (db: Q, statuses: readonly number[]) =>
  (await db.all(`SELECT o.id FROM orders o WHERE o.status IN (${placeholders(statuses)}) AND o.pay_amount > 0 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND (p.status = 'paid'
       OR (p.status IN ('refunding', 'refunded') AND EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'order'))))`, ...statuses)) as Array<{ id: number }>
