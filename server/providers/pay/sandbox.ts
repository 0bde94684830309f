import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { nowMs } from '../../time'
import type { OpenTrade, PaymentProvider, PayMethod, PreparedPayment, ProviderName, RefundStatus, TradeRef, TradeStatus } from './types'

/**
 * The sandbox provider (moved here from server/domain/pay/provider.ts, issue 40): it stands in for WeChat Pay and Alipay
 * on every path when no real provider is configured for it. Its cashier (`/sandbox/cashier`) and its HMAC-signed
 * notifications (`/api/pay/notify`, `/api/pay/refundNotify`) live in server/http/routes/sandbox.ts, which checks the
 * signatures; this module signs. Outside the sandbox with no provider configured, payments are refused ("not
 * configured") rather than invented (createUnconfiguredProvider).
 */

/** A full refund of one trade, as asked of the sandbox provider. */
export interface RefundCall {
  refund_no: string
  trade_no: string
  amount: number
}

export interface ProviderCall {
  kind: 'close' | 'refund'
  trade_no: string
  refund_no?: string
  amount?: number
  at: number
}

/** The sandbox's payment notification (its own HMAC format): what the cashier and `sandbox/confirmPay` send. */
export interface SandboxNotification {
  trade_no: string
  result: 'success' | 'fail'
  amount: number
  /** The provider's own number of the payment (WeChat Pay's transaction_id), when it gives one. */
  transaction_id?: string
  sign: string
}

export interface RefundNotification {
  refund_no: string
  result: 'success' | 'fail'
  amount: number
  sign: string
}

/**
 * The sandbox provider as the server and its tests hold it (`app.payProvider`): what it was asked (`calls`), its two
 * outgoing calls in their old shape (closeTrade, refund — a test may replace or spy on them: the provider's face below
 * calls them through this object), and the provider seam (`provider(name)`, `forMethod(method)`) the domain asks.
 */
export interface SandboxProvider {
  readonly configured: boolean
  /**
   * Close an open trade so it can no longer be paid. false: the provider says it is paid already. Called only outside
   * transactions (server/domain/pay/outbox.ts).
   */
  closeTrade(tradeNo: string): boolean | Promise<boolean>
  /** Ask for a refund; the outcome arrives later as a signed refund notification. */
  refund(call: RefundCall): void | Promise<void>
  /** What was asked of the provider (newest last), for the operator and the tests. */
  readonly calls: readonly ProviderCall[]
  /** The seam (server/domain/pay/providers.ts PayProviders): the sandbox answers for every trade it opened. */
  provider(name: ProviderName): PaymentProvider | null
  /** Every method, when configured (the sandbox stands in for each). */
  forMethod(method: PayMethod): PaymentProvider | null
}

/** The HMAC of a sandbox payment notification; the provider's transaction_id is signed too when given. */
export function signNotification(n: Omit<SandboxNotification, 'sign'>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${n.trade_no}|${n.result}|${n.amount}${n.transaction_id ? `|${n.transaction_id}` : ''}`).digest('hex')
}

export function signRefundNotification(n: Omit<RefundNotification, 'sign'>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`refund|${n.refund_no}|${n.result}|${n.amount}`).digest('hex')
}

/** Constant-time comparison of two hex signatures; a different byte length is a plain mismatch. */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

const CALLS_KEPT = 500

/** How long a sandbox answer to payparam is given again (as long as the order may be paid; a real prepay_id lives 2 hours). */
const SANDBOX_VALID_MS = 2 * 60 * 60_000

/**
 * The sandbox provider's number of a successful payment, in WeChat Pay's transaction_id shape (28 digits, 4200…): issued
 * with its success notification (server/http/routes/sandbox.ts), kept on the payment (the receipt page's check_code uses it).
 */
export const sandboxTransactionId = (): string => `4200000${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`

const ALL_METHODS: readonly PayMethod[] = ['wechat_jsapi', 'wechat_h5', 'wechat_native', 'alipay_jsapi', 'alipay_wap', 'sandbox']

/**
 * What the client is given, as the sandbox always answered: JSAPI parameters signed with the sandbox's HMAC (a mini-program
 * or WeChat's browser: the simulator and the browser tier confirm them with `sandbox/confirmPay`), the trade number for
 * Alipay's tradePay, or the sandbox cashier's page for every other path (a desktop's QR code too).
 */
function sandboxAnswer(trade: OpenTrade, secret: string): PreparedPayment {
  const valid_until = Math.min(trade.expires_at, nowMs() + SANDBOX_VALID_MS)
  if (trade.method === 'wechat_jsapi') {
    const nonceStr = crypto.randomBytes(8).toString('hex')
    const timeStamp = String(Math.floor(nowMs() / 1000))
    const pkg = `prepay_id=${trade.trade_no}`
    const paySign = crypto.createHmac('sha256', secret).update(`${timeStamp}${nonceStr}${pkg}`).digest('hex')
    return { payInfo: { appId: 'wx-sandbox', timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign }, pay_url: null, tradeNO: null, valid_until }
  }
  if (trade.method === 'alipay_jsapi') return { payInfo: null, pay_url: null, tradeNO: trade.trade_no, valid_until }
  const cashier = `/sandbox/cashier?trade_no=${trade.trade_no}`
  return { payInfo: null, pay_url: cashier, tradeNO: null, code_url: trade.method === 'wechat_native' ? cashier : null, valid_until }
}

/**
 * The provider seam over a SandboxProvider: every outgoing call goes through the object's own closeTrade / refund, so a
 * test that replaces or spies on them sees (and steers) what the domain asks.
 */
function sandboxFace(sandbox: SandboxProvider, secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    methods: ALL_METHODS,
    prepare: async (trade) => sandboxAnswer(trade, secret),
    // The sandbox's trades are settled by its own notifications: a query learns nothing more than what is stored.
    query: async (): Promise<TradeStatus> => ({ state: 'unknown' }),
    close: async (trade: TradeRef) => ((await sandbox.closeTrade(trade.trade_no)) ? 'closed' : 'paid'),
    refund: async (r): Promise<RefundStatus> => {
      await sandbox.refund({ refund_no: r.refund_no, trade_no: r.trade_no, amount: r.amount })
      return { state: 'pending' }
    },
    queryRefund: async (): Promise<RefundStatus> => ({ state: 'pending' }),
  }
}

/**
 * `log`: the process's logger. Its one line (a refund notification it could not deliver) is the outbox's — a refund is
 * asked after its transaction commits, or by the sweep — and is found by its refund_no, not by a request's id
 * (server/providers/log.ts; docs/operations.md "Watching it").
 */
export function createSandboxProvider(secret: string, deliver: (n: RefundNotification) => Promise<void>, log: FastifyBaseLogger): SandboxProvider {
  const calls: ProviderCall[] = []
  const record = (c: ProviderCall) => {
    calls.push(c)
    if (calls.length > CALLS_KEPT) calls.shift()
  }
  let face: PaymentProvider | null = null
  const sandbox: SandboxProvider = {
    configured: true,
    calls,
    closeTrade(tradeNo) {
      record({ kind: 'close', trade_no: tradeNo, at: nowMs() })
      return true
    },
    refund(call) {
      record({ kind: 'refund', trade_no: call.trade_no, refund_no: call.refund_no, amount: call.amount, at: nowMs() })
      const n = { refund_no: call.refund_no, result: 'success' as const, amount: call.amount }
      // The provider answers later, on its own connection, as a real one does.
      setImmediate(() => {
        deliver({ ...n, sign: signRefundNotification(n, secret) }).catch((err: unknown) => log.error({ err, refund_no: call.refund_no }, 'sandbox refund notification failed'))
      })
    },
    provider: (name) => (name === 'sandbox' ? (face ??= sandboxFace(sandbox, secret)) : null),
    forMethod: () => (face ??= sandboxFace(sandbox, secret)),
  }
  return sandbox
}

/**
 * Outside the sandbox `app.payProvider` (the tests' handle on the sandbox provider) is this: it is asked nothing and
 * answers for nobody. The domain asks PayProviders (server/providers/pay/registry.ts), which then has no sandbox: payparam
 * refuses a method no real provider takes (online_pay_unavailable), and a stored trade of the sandbox's (a sandbox's
 * database started without it) has no provider to call — the outbox tries its call a bounded number of times, then
 * leaves it failed for an operator (server/domain/pay/outbox.ts).
 */
export function createUnconfiguredProvider(): SandboxProvider {
  return { configured: false, calls: [], closeTrade: () => true, refund: () => undefined, provider: () => null, forMethod: () => null }
}
