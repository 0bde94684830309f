import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { nowMs } from '../../time'

/** A full refund of one trade, as asked of the payment provider. */
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

/**
 * The payment provider, as the server sees it. The sandbox provider stands in for WeChat Pay / the
 * cashier: it can close open trades and refunds by sending its own signed refund notification back to
 * `/api/pay/refundNotify`, like a real provider's asynchronous callback. Outside the sandbox no provider
 * is configured in this reference server: payments are refused ("not configured") rather than invented.
 * Its methods are called only through the outbox (server/domain/pay/outbox.ts runCall), after the transaction that decided the
 * call has committed — never inside one, which may run again.
 */
export interface PayProvider {
  readonly configured: boolean
  /**
   * Close an open trade so it can no longer be paid. false: the provider says it is paid already. A real provider
   * answers over the network (a promise); the sandbox's at once. Called only outside transactions (server/domain/pay/outbox.ts).
   */
  closeTrade(tradeNo: string): boolean | Promise<boolean>
  /** Ask for a refund; the outcome arrives later as a signed refund notification. */
  refund(call: RefundCall): void | Promise<void>
  /** What was asked of the provider (newest last), for the operator and the tests. */
  readonly calls: readonly ProviderCall[]
}

export interface RefundNotification {
  refund_no: string
  result: 'success' | 'fail'
  amount: number
  sign: string
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

/**
 * The sandbox provider's number of a successful payment, in WeChat Pay's transaction_id shape (28 digits, 4200…): issued
 * with its success notification (server/http/routes/sandbox.ts), kept on the payment (the receipt page's check_code uses it).
 */
export const sandboxTransactionId = (): string => `4200000${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`

export function createSandboxProvider(secret: string, deliver: (n: RefundNotification) => Promise<void>, log: FastifyBaseLogger): PayProvider {
  const calls: ProviderCall[] = []
  const record = (c: ProviderCall) => {
    calls.push(c)
    if (calls.length > CALLS_KEPT) calls.shift()
  }
  return {
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
  }
}

export function createUnconfiguredProvider(log: FastifyBaseLogger): PayProvider {
  return {
    configured: false,
    calls: [],
    closeTrade: () => true,
    refund(call) {
      // Nothing can move money here: the refund stays pending for an operator to settle by hand.
      log.error({ refund_no: call.refund_no, trade_no: call.trade_no, amount: call.amount }, 'refund needs a payment provider: settle it by hand')
    },
  }
}
