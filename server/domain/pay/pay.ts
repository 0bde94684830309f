import { lockRow, type Q } from '../../storage/query'
import crypto from 'node:crypto'
import type { PayparamAnswer, PayparamPayload } from '../../../src/contract/order'
import type { z } from 'zod'
import { ORDER_STATUS, PAY_CHANNEL } from '../../../src/contract/constants'
import { PAID_OR_LATER } from '../../../src/contract/orderRules'
import { refuse } from '../refusal'
import { markPaid } from '../orders'
import { confirmOnPaid } from '../referral'
import type { Storage } from '../../storage/engine'
import { finishOrderRefund, recordRefundFailure } from '../store/store'
import { askRefundAgain, recordRefund, runCall } from './outbox'
import { sameSignature, signRefundNotification, type PayProvider, type RefundNotification } from './provider'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as payments from '../../storage/repo/payments'
import type { PaymentRow } from '../../storage/repo/payments'
import { fmt, nowMs, nowText } from '../../time'
import { refundNumber, tradeNumber } from '../numbers'

type PayInput = z.output<typeof PayparamPayload>

export type { PaymentRow, RefundRow } from '../../storage/repo/payments'

export interface Notification {
  trade_no: string
  result: 'success' | 'fail'
  amount: number
  /** The provider's own number of the payment (WeChat Pay's transaction_id), when it gives one. */
  transaction_id?: string
  sign: string
}

/** Only paths of this site: the cashier and the OAuth stand-in must never become open redirects. */
export function sameSitePath(url: string | undefined): string | null {
  if (!url) return null
  return /^\/(?!\/)[^\s\\]*$/.test(url) ? url : null
}

export function signNotification(n: Omit<Notification, 'sign'>, secret: string): string {
  // The provider's transaction_id is signed too when given (a notification without one signs as before).
  return crypto.createHmac('sha256', secret).update(`${n.trade_no}|${n.result}|${n.amount}${n.transaction_id ? `|${n.transaction_id}` : ''}`).digest('hex')
}

/**
 * payparam: one open trade per order and channel; the answer has the seed's shape for every path. The
 * order's status is read again and the trade opened in one IMMEDIATE transaction, so a cancel or a second
 * payparam in another process cannot slip in between (no trade opened for a cancelled order, no two open
 * trades for one channel).
 */
export async function preparePayment(db: Q, provider: PayProvider, orderId: number, input: PayInput, secret: string): Promise<PayparamAnswer> {
  if (!provider.configured) throw refuse('online_pay_unavailable')
  const channel = input.platform === 'weapp' ? PAY_CHANNEL.WX_JSAPI : (input.pay_channel ?? PAY_CHANNEL.REDIRECT)
  if (input.platform === 'h5' && channel === PAY_CHANNEL.WX_JSAPI && !input.wx_gzh_openid) throw refuse('wechat_auth_required')
  // READ COMMITTED after locking the order's row (openTrade): payparams at once for one order, and a cancel, run one
  // after another — one open trade per channel, none opened on a cancelled order.
  const payment = await db.transaction('read committed', (db) => openTrade(db, orderId, channel, input))
  if (!payment) return { pay_state: 1, pay_param: { payInfo: null, pay_url: null, tradeNO: null }, expend: { pay_info: '' } }

  const nonceStr = crypto.randomBytes(8).toString('hex')
  const timeStamp = String(Math.floor(nowMs() / 1000))
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
async function openTrade(db: Q, orderId: number, channel: number, input: PayInput): Promise<PaymentRow | null> {
  await lockRow(db, 'orders', orderId)
  const order = (await orders.byId(db, orderId)) as OrderRow
  if (order.status !== ORDER_STATUS.UNPAID) {
    if (order.status === ORDER_STATUS.CANCELLED) throw refuse('order_cancelled')
    if (order.status === ORDER_STATUS.REFUNDING) throw refuse('order_refunding')
    if (order.status === ORDER_STATUS.REFUNDED) throw refuse('order_refunded')
    // Already paid: the seed's shortcut.
    return null
  }
  let payment = await payments.openTradeFor(db, order.id, channel)
  if (!payment) {
    payment = await payments.insertTrade(db, {
      order_id: order.id,
      trade_no: await tradeNumber(db),
      channel,
      amount: order.pay_amount,
      success_url: sameSitePath(input.success_url),
      fail_url: sameSitePath(input.fail_url),
    })
  } else if (input.success_url || input.fail_url) {
    await payments.setReturnUrls(db, payment.id, sameSitePath(input.success_url), sameSitePath(input.fail_url))
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
export async function handleNotification(db: Q, provider: PayProvider, n: Notification, secret: string): Promise<{ outcome: NotifyOutcome; payment: PaymentRow | null }> {
  const expected = signNotification({ trade_no: n.trade_no, result: n.result, amount: n.amount, transaction_id: n.transaction_id }, secret)
  if (!sameSignature(expected, n.sign)) return { outcome: 'rejected', payment: null }
  const found = await payments.tradeByNo(db, n.trade_no)
  if (!found || found.amount !== n.amount) return { outcome: 'rejected', payment: null }

  // PostgreSQL: READ COMMITTED after locking the order's row — every notification of one order's trades (a retry of the
  // same, the other trade of a second channel) and its cancel run one after another, each reading the payment and the
  // order as the one before left them. SERIALIZABLE alone answered some of 32 notifications at once with 500s (its
  // retries ran out). Attach-once also holds in the data: `setPaid … WHERE status = unpaid`, `payments_one_paid`.
  const result = await db.transaction('read committed', async (db): Promise<{ outcome: NotifyOutcome; refund: number | null }> => {
    await lockRow(db, 'orders', found.order_id)
    const payment = (await payments.tradeById(db, found.id)) as PaymentRow
    if (n.result === 'fail') {
      await payments.failTrade(db, payment.id, nowText())
      return { outcome: payment.status === 'pending' ? 'failed' : 'repeat', refund: null }
    }
    if (payment.status === 'paid' || payment.status === 'refunding' || payment.status === 'refunded') return { outcome: 'repeat', refund: null }
    // Money was taken for this trade (pending, or a trade closed or failed earlier that the provider paid after all).
    if (await markPaid(db, payment.order_id)) {
      await payments.attachTrade(db, payment.id, nowText(), n.transaction_id ?? null)
      return { outcome: 'paid', refund: null }
    }
    const reason = (await orders.statusOf(db, payment.order_id)) === ORDER_STATUS.CANCELLED ? 'late' : 'duplicate'
    const refundNo = await refundNumber(db)
    await payments.refundingTrade(db, payment.id, nowText())
    await payments.insertRefund(db, { refund_no: refundNo, payment_id: payment.id, order_id: payment.order_id, amount: payment.amount, reason, created_at: nowText() })
    // Recorded in the outbox with the refund row; asked of the provider after the commit (server/domain/pay/outbox.ts).
    return { outcome: 'refunding', refund: await recordRefund(db, payment.order_id, { refund_no: refundNo, trade_no: payment.trade_no, amount: payment.amount }) }
  })
  if (result.refund !== null) await runCall(db, provider, result.refund)
  return { outcome: result.outcome, payment: (await payments.tradeById(db, found.id)) as PaymentRow }
}

/**
 * The provider's payment notification as the routes take it: handleNotification, then — after its transaction has
 * committed — the referral contest's confirmation on the storage seam (a seam transaction must not nest in `tx()`).
 * Also on a repeat of a paid trade: the provider notifies again until it is answered, so a confirmation lost to a
 * process that stopped between the commit and this call is made by the next notification (confirmOnPaid does nothing
 * when no referral is pending).
 */
export async function notify(db: Q, storage: Storage, provider: PayProvider, n: Notification, secret: string): Promise<{ outcome: NotifyOutcome; payment: PaymentRow | null }> {
  const result = await handleNotification(db, provider, n, secret)
  const payment = result.payment
  if (payment && payment.status === 'paid' && (result.outcome === 'paid' || result.outcome === 'repeat')) {
    const order = (await orders.byId(db, payment.order_id)) as OrderRow
    await confirmOnPaid(storage, order.user_id, order.id)
  }
  return result
}

/** The provider's refund notification: the refund and its payment are settled once. */
export async function handleRefundNotification(db: Q, n: RefundNotification, secret: string): Promise<boolean> {
  const expected = signRefundNotification({ refund_no: n.refund_no, result: n.result, amount: n.amount }, secret)
  if (!sameSignature(expected, n.sign)) return false
  const refund = await payments.refundByNo(db, n.refund_no)
  if (!refund || refund.amount !== n.amount) return false
  await db.transaction('serializable', async (db) => {
    const settled = await payments.settleRefund(db, refund.id, n.result === 'success' ? 'succeeded' : 'failed', nowText())
    if (settled && n.result === 'success') await payments.refundedTrade(db, refund.payment_id)
    // An approved refund request: the order is refunded now (coupon, stock and card given back), once.
    if (settled && refund.reason === 'order') {
      if (n.result === 'success') await finishOrderRefund(db, refund.order_id)
      else await recordRefundFailure(db, refund.order_id)
    }
  })
  return true
}

/**
 * The money invariant, as a list of violations (empty when it holds): every payment whose money was
 * taken belongs to exactly one order and is either the one payment attached to it, with the order paid
 * or later in its life (paid, accepted, delivering, completed, refunding, refunded), or has a refund.
 */
export async function paymentInvariantViolations(db: Q): Promise<string[]> {
  const problems: string[] = []
  for (const r of (await payments.takenMoney(db))) {
    if (r.order_status === null) problems.push(`payment ${r.id} belongs to no order`)
    else if (r.status === 'paid' && !PAID_OR_LATER.includes(r.order_status)) problems.push(`payment ${r.id} is attached to order ${r.order_id} in status ${r.order_status}`)
    else if (r.status !== 'paid' && r.refund_id === null) problems.push(`payment ${r.id} (${r.status}) has no refund`)
  }
  for (const t of (await payments.ordersPaidTwice(db))) problems.push(`order ${t.order_id} has ${t.n} payments attached`)
  for (const o of (await payments.ordersWithoutPayment(db, PAID_OR_LATER))) problems.push(`order ${o.id} is paid with no payment attached`)
  return problems
}

/** Refunds the provider has not answered within this long are asked for again (same refund number). */
export const REFUND_RETRY_MS = 5 * 60_000

/**
 * A refund is asked for after its transaction commits, through the outbox (server/domain/pay/outbox.ts): a process that stopped
 * in between, or a provider that failed, is covered by the outbox's own retries. This covers the provider's answer
 * lost: the sweep asks again for every refund still pending REFUND_RETRY_MS after it was asked (the refund number
 * makes the provider's side idempotent) — its outbox call made pending again, once however many processes sweep, and
 * made by the one that takes it. Failed refunds are an operator's to settle. The number asked again.
 */
export async function retryPendingRefunds(db: Q, provider: PayProvider, now = nowMs()): Promise<number> {
  const before = fmt(now - REFUND_RETRY_MS)
  let asked = 0
  for (const r of (await payments.pendingRefunds(db, before, 100))) {
    if ((await askRefundAgain(db, provider, r, now - REFUND_RETRY_MS, now)) === 'asked') asked++
  }
  return asked
}
