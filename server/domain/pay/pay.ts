import { lockRow, type Q } from '../../storage/query'
import type { PayparamAnswer, PayparamPayload } from '../../../src/contract/order'
import type { z } from 'zod'
import { ORDER_STATUS, PAY_CHANNEL } from '../../../src/contract/constants'
import { PAID_OR_LATER } from '../../../src/contract/orderRules'
import type { OpenTrade, PaymentEvent, PaymentProvider, PayMethod, PreparedPayment, RefundEvent } from '../../providers/pay/types'
import { refuse } from '../refusal'
import { markPaid } from '../orders'
import { confirmOnPaid } from '../referral'
import { askRefundAgain, recordRefund, runCall } from './outbox'
import type { PayProviders } from './providers'
import { settleRefund } from './refundSettle'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as payments from '../../storage/repo/payments'
import type { PaymentRow } from '../../storage/repo/payments'
import * as users from '../../storage/repo/users'
import { fmt, nowMs, nowText } from '../../time'
import { refundNumber, tradeNumber } from '../numbers'

type PayInput = z.output<typeof PayparamPayload>

export type { PaymentRow, RefundRow } from '../../storage/repo/payments'
// The sandbox's notification signature, for the tests written against it here (server/providers/pay/sandbox.ts).
export { signNotification } from './provider'

/** Only paths of this site: the cashier and the OAuth stand-in must never become open redirects. */
export function sameSitePath(url: string | undefined): string | null {
  if (!url) return null
  return /^\/(?!\/)[^\s\\]*$/.test(url) ? url : null
}


/** What payparam's request tells beside its payload: the shopper's address and browser, the site's origin. */
export interface PayRequest {
  /** The shopper's address as Fastify sees it (TRUST_PROXY decides). */
  client_ip: string
  user_agent: string
  /** This site's origin (scheme and host) for the provider's return to an absolute URL; null: none given. */
  origin: string | null
}

/** A phone's or a tablet's browser (WeChat Pay's H5 payment); anything else is a desktop (its Native QR code). */
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony/i

interface MethodChoice {
  channel: number
  method: PayMethod
  app_kind?: OpenTrade['app_kind']
}

/**
 * How the shopper pays (issue 40): the mini-program and H5 in WeChat's browser (channel 8) — WeChat Pay's JSAPI; Alipay's
 * browser (`alipay`) — Alipay's JSAPI (tradePay); a plain browser — what the shopper picked (`pay_method`): WeChat Pay's H5
 * payment on a phone or its Native QR code on a desktop, or Alipay's WAP page. A plain browser that picked nothing is
 * asked to pick when both are configured (pay_method_required, with the methods), else paid by the one configured, else
 * by the sandbox's cashier when the sandbox is on (as it always was).
 */
function chooseMethod(providers: PayProviders, input: PayInput, req: PayRequest): MethodChoice {
  if (input.platform === 'weapp') return { channel: PAY_CHANNEL.WX_JSAPI, method: 'wechat_jsapi', app_kind: 'miniprogram' }
  const channel = input.pay_channel ?? PAY_CHANNEL.REDIRECT
  if (channel === PAY_CHANNEL.WX_JSAPI) return { channel, method: 'wechat_jsapi', app_kind: 'official_account' }
  if (input.alipay) return { channel, method: 'alipay_jsapi' }
  const wechat: PayMethod = MOBILE_UA.test(req.user_agent) ? 'wechat_h5' : 'wechat_native'
  if (input.pay_method === 'wechat') return { channel, method: wechat }
  if (input.pay_method === 'alipay') return { channel, method: 'alipay_wap' }
  // Nothing picked: the real providers decide. Both: the shopper picks on the payment sheet (the app asks again with
  // pay_method). One: that one. None: the sandbox's cashier when the sandbox is on, as it always was.
  const real = (method: PayMethod) => (providers.forMethod(method)?.name ?? 'sandbox') !== 'sandbox'
  const offered = [...(real(wechat) ? (['wechat'] as const) : []), ...(real('alipay_wap') ? (['alipay'] as const) : [])]
  if (offered.length > 1) throw refuse('pay_method_required', {}, { data: { methods: offered } })
  return { channel, method: offered[0] === 'wechat' ? wechat : offered[0] === 'alipay' ? 'alipay_wap' : 'sandbox' }
}

/** A description of at most 127 bytes of UTF-8 (WeChat Pay's limit), cut between characters. */
export function describe(title: string): string {
  let out = ''
  for (const ch of title) {
    if (ch < ' ') continue
    if (Buffer.byteLength(out + ch, 'utf8') > 127) break
    out += ch
  }
  return out
}

/** A prepared answer is given again while it has this long left (a shopper needs time to pay with it). */
const REUSE_MARGIN_MS = 60_000

/** What the stored answer was prepared for: another payer or return address needs a new one. */
const preparedKey = (t: Pick<OpenTrade, 'payer_id' | 'return_url'>) => `${t.payer_id ?? ''}|${t.return_url ?? ''}`

function answerOf(trade: PaymentRow, p: PreparedPayment): PayparamAnswer {
  return {
    pay_state: 0,
    pay_param: { payInfo: p.payInfo ?? null, pay_url: p.pay_url ?? null, tradeNO: p.tradeNO ?? null, code_url: p.code_url ?? null },
    expend: { pay_info: trade.trade_no },
  }
}

/**
 * payparam: one open trade per order, channel, provider and method; the answer has the seed's shape for every path.
 * The order's status is read again and the trade opened in one transaction (the order's row locked), so a cancel or a
 * second payparam in another process cannot slip in between (no trade opened for a cancelled order, no two open trades
 * for one way of paying). The provider is asked after that transaction commits (server/providers/README.md); its answer
 * is kept on the trade and given again while it is valid (a second payparam asks nothing of the provider).
 */
export async function preparePayment(db: Q, providers: PayProviders, userId: number, orderId: number, input: PayInput, req: PayRequest): Promise<PayparamAnswer> {
  const choice = chooseMethod(providers, input, req)
  const provider = providers.forMethod(choice.method)
  if (!provider) throw refuse('online_pay_unavailable')
  if (input.platform === 'h5' && choice.method === 'wechat_jsapi' && !input.wx_gzh_openid) throw refuse('wechat_auth_required')
  const payer = await payerOf(db, provider, userId, choice, input)
  // READ COMMITTED after locking the order's row (openTrade): payparams at once for one order, and a cancel, run one
  // after another — one open trade per way of paying, none opened on a cancelled order.
  const opened = await db.transaction('read committed', (db) => openTrade(db, orderId, choice, provider, input))
  if (!opened) return { pay_state: 1, pay_param: { payInfo: null, pay_url: null, tradeNO: null, code_url: null }, expend: { pay_info: '' } }
  const { trade, order } = opened
  const successPath = sameSitePath(input.success_url)
  const open: OpenTrade = {
    trade_no: trade.trade_no,
    amount: trade.amount,
    description: describe(order.title) || order.order_no,
    method: choice.method,
    ...(choice.app_kind ? { app_kind: choice.app_kind } : {}),
    ...(payer ? { payer_id: payer } : {}),
    client_ip: req.client_ip,
    ...(req.origin ? { return_url: `${req.origin}${successPath ?? `/pages/orders/detail?id=${order.id}`}` } : {}),
    expires_at: order.expire_at,
    sub_mchid: trade.sub_mchid,
  }
  const key = preparedKey(open)
  if (trade.prepared && trade.prepared_until !== null && trade.prepared_until - REUSE_MARGIN_MS > nowMs()) {
    const kept = JSON.parse(trade.prepared) as PreparedPayment & { key?: string }
    if (kept.key === key) return answerOf(trade, kept)
  }
  let prepared: PreparedPayment
  try {
    prepared = await provider.prepare(open)
  } catch (err) {
    // The provider could not be reached or refused the trade: nothing is paid; the shopper may try again. The cause is
    // kept on the refusal for the log (server/http/routes/order.ts).
    throw Object.assign(refuse('payment_provider_failed'), { cause: err })
  }
  await payments.setPrepared(db, trade.id, JSON.stringify({ ...prepared, key }), prepared.valid_until)
  return answerOf(trade, prepared)
}

/**
 * Who pays, as the provider must be told: the mini-program's openid (stored at WeChat login), the official account's
 * (the H5 app's stored h5_wx_gzh_openid, sent with payparam), Alipay's buyer (its open_id, sent with payparam). The
 * sandbox needs none; a real provider without one is refused with the reason that sends the shopper to authorise.
 */
async function payerOf(db: Q, provider: PaymentProvider, userId: number, choice: MethodChoice, input: PayInput): Promise<string | undefined> {
  if (choice.method === 'wechat_jsapi') {
    const ids = await users.openidsOf(db, userId)
    const openid = choice.app_kind === 'miniprogram' ? ids?.wx_openid : (input.wx_gzh_openid ?? ids?.gzh_openid)
    if (!openid && provider.name !== 'sandbox') throw refuse('wechat_auth_required')
    return openid ?? undefined
  }
  if (choice.method === 'alipay_jsapi') {
    if (!input.alipay_open_id && provider.name !== 'sandbox') throw refuse('alipay_auth_required')
    return input.alipay_open_id
  }
  return undefined
}

/** The open trade for this order and way of paying (opened if need be), with its order; null when the order is paid or later. */
async function openTrade(db: Q, orderId: number, choice: MethodChoice, provider: PaymentProvider, input: PayInput): Promise<{ trade: PaymentRow; order: OrderRow } | null> {
  await lockRow(db, 'orders', orderId)
  const order = (await orders.byId(db, orderId)) as OrderRow
  if (order.status !== ORDER_STATUS.UNPAID) {
    if (order.status === ORDER_STATUS.CANCELLED) throw refuse('order_cancelled')
    if (order.status === ORDER_STATUS.REFUNDING) throw refuse('order_refunding')
    if (order.status === ORDER_STATUS.REFUNDED) throw refuse('order_refunded')
    // Already paid: the seed's shortcut.
    return null
  }
  // Past its time it reads as cancelled (server/domain/orders.ts shownStatus) and the sweep cancels it: nothing opens now.
  if (order.expire_at <= nowMs()) throw refuse('order_cancelled')
  let trade = await payments.openTradeFor(db, order.id, choice.channel, provider.name, choice.method)
  if (!trade) {
    trade = await payments.insertTrade(db, {
      order_id: order.id,
      trade_no: await tradeNumber(db),
      channel: choice.channel,
      amount: order.pay_amount,
      success_url: sameSitePath(input.success_url),
      fail_url: sameSitePath(input.fail_url),
      provider: provider.name,
      method: choice.method,
      sub_mchid: order.shop_id !== null ? await payments.subMchidOfShop(db, order.shop_id) : null,
    })
  } else if (input.success_url || input.fail_url) {
    await payments.setReturnUrls(db, trade.id, sameSitePath(input.success_url), sameSitePath(input.fail_url))
  }
  return { trade, order }
}

export type NotifyOutcome = 'paid' | 'repeat' | 'failed' | 'refunding' | 'rejected'

/**
 * A provider's payment notification, verified by its provider (the sandbox's HMAC in its route, WeChat Pay's and
 * Alipay's signatures in theirs) and normalized (PaymentEvent). Here it is compared with the stored trade before
 * anything is paid: the trade must exist and be that provider's, for the same amount, and — WeChat Pay's service-provider
 * mode — for the same sub-merchant. Repeats change nothing; a failure leaves the order unpaid (it can be paid again).
 *
 * Paid at most once: money that arrives for an order that is no longer unpaid (cancelled, or paid
 * through another trade) is never attached to it. That payment becomes `refunding`, a refund row is
 * written in the same transaction, and the provider is asked to refund once the transaction commits.
 * The transaction is IMMEDIATE, so two processes notified at once for two trades of one order cannot
 * both attach theirs (and `payments_one_paid` would refuse the second if they could).
 */
export async function settlePayment(db: Q, providers: PayProviders, n: PaymentEvent): Promise<{ outcome: NotifyOutcome; payment: PaymentRow | null }> {
  const found = await payments.tradeByNo(db, n.trade_no)
  if (!found || found.amount !== n.amount || found.provider !== n.provider) return { outcome: 'rejected', payment: null }
  if (found.sub_mchid && n.sub_mchid && found.sub_mchid !== n.sub_mchid) return { outcome: 'rejected', payment: null }

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
  if (result.refund !== null) await runCall(db, providers, result.refund)
  return { outcome: result.outcome, payment: (await payments.tradeById(db, found.id)) as PaymentRow }
}

/**
 * A provider's payment notification as the routes take it: settlePayment, then — after its transaction has
 * committed — the referral contest's confirmation.
 * Also on a repeat of a paid trade: the provider notifies again until it is answered, so a confirmation lost to a
 * process that stopped between the commit and this call is made by the next notification (confirmOnPaid does nothing
 * when no referral is pending).
 */
export async function notify(db: Q, providers: PayProviders, n: PaymentEvent): Promise<{ outcome: NotifyOutcome; payment: PaymentRow | null }> {
  const result = await settlePayment(db, providers, n)
  const payment = result.payment
  if (payment && payment.status === 'paid' && (result.outcome === 'paid' || result.outcome === 'repeat')) {
    const order = (await orders.byId(db, payment.order_id)) as OrderRow
    // The payer the provider names (an openid, Alipay's buyer id): one person's phones count once in the referral contest.
    await confirmOnPaid(db, order.user_id, order.id, n.payer_id ? { payer: `${n.provider}:${n.payer_id}` } : {})
  }
  return result
}

/** personal.order/payResult's asks in flight in this process, by order: a second ask waits for the first's answer. */
const checking = new Map<number, Promise<void>>()

/**
 * An order's open trades asked of their providers (issue 40; personal.order/payResult): after a payment outside the app
 * — WeChat Pay's H5 page, Alipay's WAP page, a QR code — whose return proves nothing, or when the app comes back with
 * an order pending, and no notification has settled it. A trade the provider says is paid is settled as its
 * notification would be (settlePayment: compared with the stored trade first); anything else changes nothing here (a
 * closed or failed trade is the sweep's and the notification's to settle). One ask at a time per order in a process;
 * outside any transaction. The sandbox answers "unknown": its own notifications settle its trades.
 */
export function checkPayment(db: Q, providers: PayProviders, orderId: number): Promise<void> {
  const running = checking.get(orderId)
  if (running) return running
  const asked = askOpenTrades(db, providers, orderId).finally(() => checking.delete(orderId))
  checking.set(orderId, asked)
  return asked
}

async function askOpenTrades(db: Q, providers: PayProviders, orderId: number): Promise<void> {
  if (db.inTransaction) throw new Error('checkPayment calls the payment provider: outside any transaction')
  if ((await orders.statusOf(db, orderId)) !== ORDER_STATUS.UNPAID) return
  for (const trade of await payments.openTradesOfOrder(db, orderId)) {
    const provider = providers.provider(trade.provider)
    if (!provider) continue
    const status = await provider.query({ trade_no: trade.trade_no, sub_mchid: trade.sub_mchid })
    if (status.state !== 'paid') continue
    const outcome = await notify(db, providers, { provider: provider.name, trade_no: trade.trade_no, result: 'success', amount: status.amount, transaction_id: status.transaction_id, sub_mchid: trade.sub_mchid })
    if (outcome.outcome === 'paid') return
  }
}

/** A provider's refund notification, verified by its provider and normalized: the refund and its payment are settled once (false: not believed). */
export const handleRefundNotification = (db: Q, e: RefundEvent): Promise<boolean> => settleRefund(db, e)

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
export async function retryPendingRefunds(db: Q, providers: PayProviders, now = nowMs()): Promise<number> {
  const before = fmt(now - REFUND_RETRY_MS)
  let asked = 0
  for (const r of (await payments.pendingRefunds(db, before, 100))) {
    if ((await askRefundAgain(db, providers, r, now - REFUND_RETRY_MS, now)) === 'asked') asked++
  }
  return asked
}
