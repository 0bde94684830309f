import crypto from 'node:crypto'
import type { PayparamAnswer, PayparamPayload } from '../src/contract/order'
import type { z } from 'zod'
import { ORDER_STATUS, PAY_CHANNEL } from '../src/contract/constants'
import { tx, type DB } from './db'
import { BizError } from './http'
import { markPaid, type OrderRow } from './orders'
import { sameSignature, signRefundNotification, type PayProvider, type RefundCall, type RefundNotification } from './provider'
import { dayjs, nowText } from './time'

type PayInput = z.output<typeof PayparamPayload>

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
}

export interface RefundRow {
  id: number
  refund_no: string
  payment_id: number
  order_id: number
  amount: number
  reason: 'late' | 'duplicate'
  status: 'pending' | 'succeeded' | 'failed'
  created_at: string
  notified_at: string | null
}

export interface Notification {
  trade_no: string
  result: 'success' | 'fail'
  amount: number
  sign: string
}

/** Only paths of this site: the cashier and the OAuth stand-in must never become open redirects. */
export function sameSitePath(url: string | undefined): string | null {
  if (!url) return null
  return /^\/(?!\/)[^\s\\]*$/.test(url) ? url : null
}

export function signNotification(n: Omit<Notification, 'sign'>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${n.trade_no}|${n.result}|${n.amount}`).digest('hex')
}

/** Trade numbers are unguessable: the cashier settles by trade number. */
const newTradeNo = () => `T${Date.now()}${crypto.randomBytes(8).toString('hex')}`

/**
 * payparam: one open trade per order and channel; the answer has the seed's shape for every path. The
 * order's status is read again and the trade opened in one IMMEDIATE transaction, so a cancel or a second
 * payparam in another process cannot slip in between (no trade opened for a cancelled order, no two open
 * trades for one channel).
 */
export function preparePayment(db: DB, provider: PayProvider, orderId: number, input: PayInput, secret: string): PayparamAnswer {
  if (!provider.configured) throw new BizError('在线支付暂未开通，请到店支付')
  const channel = input.platform === 'weapp' ? PAY_CHANNEL.WX_JSAPI : (input.pay_channel ?? PAY_CHANNEL.REDIRECT)
  if (input.platform === 'h5' && channel === PAY_CHANNEL.WX_JSAPI && !input.wx_gzh_openid) throw new BizError('请在微信中授权后再支付')
  const payment = tx(db, () => openTrade(db, orderId, channel, input))
  if (!payment) return { pay_state: 1, pay_param: { payInfo: null, pay_url: null, tradeNO: null }, expend: { pay_info: '' } }

  const nonceStr = crypto.randomBytes(8).toString('hex')
  const timeStamp = String(Math.floor(Date.now() / 1000))
  const pkg = `prepay_id=${payment.trade_no}`
  const payInfo =
    channel === PAY_CHANNEL.WX_JSAPI
      ? { appId: 'wx-sandbox', timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign: crypto.createHmac('sha256', secret).update(`${timeStamp}${nonceStr}${pkg}`).digest('hex') }
      : null
  const payUrl = channel === PAY_CHANNEL.REDIRECT && !input.alipay ? `/sandbox/cashier?trade_no=${payment.trade_no}` : null
  return {
    pay_state: 0,
    pay_param: { payInfo, pay_url: payUrl, tradeNO: input.alipay ? payment.trade_no : null },
    expend: { pay_info: payment.trade_no },
  }
}

/** The open trade for this order and channel (opened if need be); null when the order is paid or later. */
function openTrade(db: DB, orderId: number, channel: number, input: PayInput): PaymentRow | null {
  const order = db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow
  if (order.status !== ORDER_STATUS.UNPAID) {
    if (order.status === ORDER_STATUS.CANCELLED) throw new BizError('订单已取消，请重新下单')
    if (order.status === ORDER_STATUS.REFUNDING) throw new BizError('订单退款中')
    if (order.status === ORDER_STATUS.REFUNDED) throw new BizError('订单已退款')
    // Already paid: the seed's shortcut.
    return null
  }
  let payment = db.prepare("SELECT * FROM payments WHERE order_id = ? AND channel = ? AND status = 'pending'").get(order.id, channel) as PaymentRow | undefined
  if (!payment) {
    const tradeNo = newTradeNo()
    db.prepare('INSERT INTO payments (order_id, trade_no, channel, amount, status, success_url, fail_url) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      order.id,
      tradeNo,
      channel,
      order.pay_amount,
      'pending',
      sameSitePath(input.success_url),
      sameSitePath(input.fail_url),
    )
    payment = db.prepare('SELECT * FROM payments WHERE trade_no = ?').get(tradeNo) as PaymentRow
  } else if (input.success_url || input.fail_url) {
    db.prepare('UPDATE payments SET success_url = ?, fail_url = ? WHERE id = ?').run(sameSitePath(input.success_url), sameSitePath(input.fail_url), payment.id)
  }
  return payment
}

export type NotifyOutcome = 'paid' | 'repeat' | 'failed' | 'refunding' | 'rejected'

/**
 * The provider's payment notification. Signature (byte-safe) and amount are checked; repeats change
 * nothing; a failure leaves the order unpaid (it can be paid again).
 *
 * Paid at most once: money that arrives for an order that is no longer unpaid (cancelled, or paid
 * through another trade) is never attached to it. That payment becomes `refunding`, a refund row is
 * written in the same transaction, and the provider is asked to refund once the transaction commits.
 * The transaction is IMMEDIATE, so two processes notified at once for two trades of one order cannot
 * both attach theirs (and `payments_one_paid` would refuse the second if they could).
 */
export function handleNotification(db: DB, provider: PayProvider, n: Notification, secret: string): { outcome: NotifyOutcome; payment: PaymentRow | null } {
  const expected = signNotification({ trade_no: n.trade_no, result: n.result, amount: n.amount }, secret)
  if (!sameSignature(expected, n.sign)) return { outcome: 'rejected', payment: null }
  const found = db.prepare('SELECT * FROM payments WHERE trade_no = ?').get(n.trade_no) as PaymentRow | undefined
  if (!found || found.amount !== n.amount) return { outcome: 'rejected', payment: null }

  const result = tx(db, (): { outcome: NotifyOutcome; refund: RefundCall | null } => {
    const payment = db.prepare('SELECT * FROM payments WHERE id = ?').get(found.id) as PaymentRow
    if (n.result === 'fail') {
      db.prepare("UPDATE payments SET status = 'failed', notified_at = ? WHERE id = ? AND status = 'pending'").run(nowText(), payment.id)
      return { outcome: payment.status === 'pending' ? 'failed' : 'repeat', refund: null }
    }
    if (payment.status === 'paid' || payment.status === 'refunding' || payment.status === 'refunded') return { outcome: 'repeat', refund: null }
    // Money was taken for this trade (pending, or a trade closed or failed earlier that the provider paid after all).
    if (markPaid(db, payment.order_id)) {
      db.prepare("UPDATE payments SET status = 'paid', notified_at = ? WHERE id = ?").run(nowText(), payment.id)
      return { outcome: 'paid', refund: null }
    }
    const order = db.prepare('SELECT status FROM orders WHERE id = ?').get(payment.order_id) as { status: number }
    const reason = order.status === ORDER_STATUS.CANCELLED ? 'late' : 'duplicate'
    const refundNo = `R${Date.now()}${crypto.randomBytes(6).toString('hex')}`
    db.prepare("UPDATE payments SET status = 'refunding', notified_at = ? WHERE id = ?").run(nowText(), payment.id)
    db.prepare("INSERT INTO refunds (refund_no, payment_id, order_id, amount, reason, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)").run(
      refundNo,
      payment.id,
      payment.order_id,
      payment.amount,
      reason,
      nowText(),
    )
    return { outcome: 'refunding', refund: { refund_no: refundNo, trade_no: payment.trade_no, amount: payment.amount } }
  })
  if (result.refund) provider.refund(result.refund)
  return { outcome: result.outcome, payment: db.prepare('SELECT * FROM payments WHERE id = ?').get(found.id) as PaymentRow }
}

/** The provider's refund notification: the refund and its payment are settled once. */
export function handleRefundNotification(db: DB, n: RefundNotification, secret: string): boolean {
  const expected = signRefundNotification({ refund_no: n.refund_no, result: n.result, amount: n.amount }, secret)
  if (!sameSignature(expected, n.sign)) return false
  const refund = db.prepare('SELECT * FROM refunds WHERE refund_no = ?').get(n.refund_no) as RefundRow | undefined
  if (!refund || refund.amount !== n.amount) return false
  tx(db, () => {
    const res = db.prepare("UPDATE refunds SET status = ?, notified_at = ? WHERE id = ? AND status = 'pending'").run(n.result === 'success' ? 'succeeded' : 'failed', nowText(), refund.id)
    if (res.changes === 1 && n.result === 'success') db.prepare("UPDATE payments SET status = 'refunded' WHERE id = ? AND status = 'refunding'").run(refund.payment_id)
  })
  return true
}

/**
 * The money invariant, as a list of violations (empty when it holds): every payment whose money was
 * taken belongs to exactly one order and is either the one payment attached to it, with the order paid
 * or later in its life (paid, accepted, delivering, completed, refunding, refunded), or has a refund.
 */
export function paymentInvariantViolations(db: DB): string[] {
  const problems: string[] = []
  const later: number[] = [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED, ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED]
  const rows = db
    .prepare(
      `SELECT p.id, p.order_id, p.status, o.status AS order_status, r.id AS refund_id, r.status AS refund_status
       FROM payments p LEFT JOIN orders o ON o.id = p.order_id LEFT JOIN refunds r ON r.payment_id = p.id
       WHERE p.status IN ('paid', 'refunding', 'refunded')`,
    )
    .all() as Array<{ id: number; order_id: number; status: string; order_status: number | null; refund_id: number | null; refund_status: string | null }>
  for (const r of rows) {
    if (r.order_status === null) problems.push(`payment ${r.id} belongs to no order`)
    else if (r.status === 'paid' && !later.includes(r.order_status)) problems.push(`payment ${r.id} is attached to order ${r.order_id} in status ${r.order_status}`)
    else if (r.status !== 'paid' && r.refund_id === null) problems.push(`payment ${r.id} (${r.status}) has no refund`)
  }
  const twice = db.prepare("SELECT order_id, COUNT(*) AS n FROM payments WHERE status = 'paid' GROUP BY order_id HAVING n > 1").all() as Array<{ order_id: number; n: number }>
  for (const t of twice) problems.push(`order ${t.order_id} has ${t.n} payments attached`)
  const unpaidButPaid = db
    .prepare(`SELECT o.id FROM orders o WHERE o.status IN (${later.map(() => '?').join(', ')}) AND o.pay_amount > 0 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'paid')`)
    .all(...later) as Array<{ id: number }>
  for (const o of unpaidButPaid) problems.push(`order ${o.id} is paid with no payment attached`)
  return problems
}

/** Refunds the provider has not answered within this long are asked for again (same refund number). */
export const REFUND_RETRY_MS = 5 * 60_000

/**
 * A refund is asked for after its transaction commits; if the process stopped in between, or the
 * provider's answer was lost, the refund would wait forever. The sweep asks again for every refund still
 * pending after REFUND_RETRY_MS (the refund number makes the provider's side idempotent). Failed refunds
 * are an operator's to settle; they are logged.
 */
export function retryPendingRefunds(db: DB, provider: PayProvider, now = Date.now()): number {
  const before = dayjs(now - REFUND_RETRY_MS).format('YYYY-MM-DD HH:mm:ss')
  const rows = db
    .prepare("SELECT r.refund_no, r.amount, p.trade_no FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.status = 'pending' AND r.created_at <= ? LIMIT 100")
    .all(before) as Array<{ refund_no: string; amount: number; trade_no: string }>
  for (const r of rows) provider.refund({ refund_no: r.refund_no, trade_no: r.trade_no, amount: r.amount })
  return rows.length
}
