import type { Q } from '../../storage/query'
import { ProviderRefusal, type RefundStatus } from '../../providers/pay/types'
import { providerOf, type PayProviders } from './providers'
import { settleRefund } from './refundSettle'
import * as calls from '../../storage/repo/providerCalls'
import type { ProviderCallRow } from '../../storage/repo/providerCalls'
import * as payments from '../../storage/repo/payments'
import { nowMs } from '../../time'

/**
 * The provider outbox (issue 28; docs/api.md "Calls to the payment provider"). A transaction may run more than once
 * (PostgreSQL runs it again on 40001/40P01; on SQLite a request answered 503 server_busy is sent again by the client,
 * the sweep runs again), so no transaction calls the payment provider. The transaction that decides a call records it
 * (a row of `provider_calls`: close_trade or refund, pending); the call is made after the commit by whoever takes the
 * row first — the request that recorded it, at once, or the housekeeping sweep (runDueCalls) when that request stopped
 * or the provider failed. Taking a row is one conditional UPDATE (repo/providerCalls.ts claimCall), so of several
 * processes exactly one makes each attempt; a row is tried at most MAX_ATTEMPTS times, BACKOFF_MS apart and doubling,
 * then left `failed` for an operator (last_error kept). On PostgreSQL the same UPDATE is enough under READ COMMITTED: a
 * second taker waits for the first's row lock, then finds next_attempt_at moved on and takes nothing (no SKIP LOCKED
 * needed; the sweep's SELECT of due ids may list a row another process is taking — its claim then simply fails).
 * A process that stops between a call and recording its outcome leaves the row to be taken again when its lease ends:
 * a call is made at least once, and again only then — never by a transaction run again; the provider's side is
 * idempotent by the trade or refund number.
 */

export const MAX_ATTEMPTS = 8
/** The wait after the first attempt; doubled after each (at most BACKOFF_MAX_MS). It is also the taker's lease. */
export const BACKOFF_MS = 30_000
export const BACKOFF_MAX_MS = 60 * 60_000

/** When a call taken for its `attempt`-th time (1-based) is due again if its outcome is not recorded by then. */
export const backoffMs = (attempt: number): number => Math.min(BACKOFF_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS)

/**
 * What became of a call: closed / paid (close_trade: the provider closed the trade, or says it is paid already) · asked
 * (refund: asked for; its outcome comes as a signed refund notification) · in_flight (another request or process has it,
 * or it is waiting out its backoff) · failed (out of attempts: an operator's).
 */
export type CallOutcome = NonNullable<ProviderCallRow['result']> | 'in_flight' | 'failed'

function mustBeInTransaction(db: Q, what: string): void {
  if (!db.inTransaction) throw new Error(`${what} is recorded inside the transaction that decides it`)
}

/** Records closing a trade (inside the deciding transaction). Its call's id. */
export async function recordCloseTrade(db: Q, orderId: number, tradeNo: string, now = nowMs()): Promise<number> {
  mustBeInTransaction(db, 'closing a trade')
  return calls.insertCall(db, { kind: 'close_trade', ref_no: tradeNo, trade_no: tradeNo, order_id: orderId, amount: null }, now)
}

/** A full refund of one trade, as recorded in the outbox. */
export interface RefundCall {
  refund_no: string
  trade_no: string
  amount: number
}

/** Records a refund (inside the transaction that writes its refund row). Its call's id: run it after the commit. */
export async function recordRefund(db: Q, orderId: number, call: RefundCall, now = nowMs()): Promise<number> {
  mustBeInTransaction(db, 'a refund')
  return calls.insertCall(db, { kind: 'refund', ref_no: call.refund_no, trade_no: call.trade_no, order_id: orderId, amount: call.amount }, now)
}

/**
 * Makes the call at the trade's own provider (the one stored on it: a trade opened at WeChat Pay is closed and refunded
 * there, whatever the start would choose today). A refund the provider settles in its answer (Alipay's; WeChat Pay's
 * when it is done at once) is settled here as its notification would be; a pending one waits for the notification
 * (or the sweep's asking again, server/domain/pay/pay.ts retryPendingRefunds).
 */
async function callProvider(db: Q, providers: PayProviders, row: ProviderCallRow): Promise<NonNullable<ProviderCallRow['result']>> {
  const trade = await payments.tradeByNo(db, row.trade_no)
  if (!trade) throw new Error(`trade ${row.trade_no} not found`)
  const provider = providerOf(providers, trade.provider)
  const ref = { trade_no: trade.trade_no, sub_mchid: trade.sub_mchid }
  if (row.kind === 'close_trade') return provider.close(ref)
  // (A test may stand a refund in that answers nothing: pending.)
  const status: RefundStatus = (await provider.refund({ ...ref, refund_no: row.ref_no, amount: row.amount ?? 0, total: trade.amount })) ?? { state: 'pending' }
  if (status.state !== 'pending') {
    await settleRefund(db, { provider: provider.name, refund_no: row.ref_no, result: status.state === 'succeeded' ? 'success' : 'fail', amount: row.amount ?? 0, sub_mchid: trade.sub_mchid })
  }
  return 'asked'
}

const settled = (row: ProviderCallRow | undefined): CallOutcome => (row?.state === 'done' && row.result ? row.result : row?.state === 'failed' ? 'failed' : 'in_flight')

/**
 * Makes a recorded call if it is due and nobody else has taken it; outside any transaction (refused inside one: it
 * could be run again). A call done already answers its recorded outcome without asking the provider again. A trade
 * the provider closed is closed here too (pending → closed), with the outcome, in one transaction.
 */
export async function runCall(db: Q, providers: PayProviders, id: number, now = nowMs()): Promise<CallOutcome> {
  if (db.inTransaction) throw new Error('the payment provider is called after the transaction commits (record the call inside it: server/domain/pay/outbox.ts)')
  const row = await calls.callById(db, id)
  if (!row || row.state !== 'pending') return settled(row)
  const attempt = row.attempts + 1
  if (!(await calls.claimCall(db, id, row.attempts, now, now + backoffMs(attempt)))) return settled(await calls.callById(db, id))
  let result: NonNullable<ProviderCallRow['result']>
  try {
    result = await callProvider(db, providers, row)
  } catch (err) {
    // Left pending (due again when its backoff ends, as set when it was taken), or failed after its last attempt — at
    // once when the provider refused it for good (ProviderRefusal: asking again would be refused again).
    const out = attempt >= MAX_ATTEMPTS || err instanceof ProviderRefusal
    await calls.callFailed(db, id, err instanceof ProviderRefusal ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err), out)
    return out ? 'failed' : 'in_flight'
  }
  await db.transaction('serializable', async (db) => {
    await calls.finishCall(db, id, result, nowMs())
    if (row.kind === 'close_trade' && result === 'closed') await payments.closeTradeByNo(db, row.trade_no)
  })
  return result
}

/**
 * A refund asked for whose answer never came (server/domain/pay/pay.ts retryPendingRefunds): its call, done since before
 * `doneBefore`, is made pending again — once, however many processes sweep — and made by whoever takes it. A refund
 * asked before the outbox existed gets its call now. in_flight when it is not this sweep's to ask.
 */
export async function askRefundAgain(db: Q, providers: PayProviders, r: { refund_no: string; trade_no: string; order_id: number; amount: number }, doneBefore: number, now = nowMs()): Promise<CallOutcome> {
  if (!(await calls.rearmRefund(db, r, doneBefore, now))) return 'in_flight'
  const row = await calls.callByRef(db, 'refund', r.refund_no)
  return row ? (await runCall(db, providers, row.id, now)) : 'in_flight'
}

/** The housekeeping sweep: every pending call that is due, each taken by one process only (at most `limit` a sweep). */
export async function runDueCalls(db: Q, providers: PayProviders, now = nowMs(), limit = 100): Promise<number> {
  let made = 0
  for (const id of (await calls.dueCalls(db, now, limit))) {
    const outcome = await runCall(db, providers, id, now)
    if (outcome !== 'in_flight' && outcome !== 'failed') made++
  }
  return made
}

/** Whether every open trade of an order is closed at the provider: closed · paid (one is paid already) · unsettled (a call in flight or failed). */
export type ClosingOutcome = 'closed' | 'paid' | 'unsettled'

/**
 * Closes every open trade of an order at the provider — before the order may be cancelled, so nothing can be paid for
 * an order that reads "cancelled" (server/domain/orders.ts cancelUnpaid). Outside any transaction: the calls are recorded in
 * a short transaction of their own (only those not recorded yet: a trade the provider reported paid stays reported
 * paid), then made. A trade opened after this read is found by the cancel's own transaction, which then cancels
 * nothing.
 */
export async function closeOpenTrades(db: Q, providers: PayProviders, orderId: number, now = nowMs()): Promise<ClosingOutcome> {
  const open = await payments.openTradesOf(db, orderId)
  if (open.length === 0) return 'closed'
  const known = new Map((await calls.callsOfOrder(db, orderId)).filter((c) => c.kind === 'close_trade').map((c) => [c.ref_no, c.id]))
  const ids = open.every((t) => known.has(t.trade_no)) ? open.map((t) => known.get(t.trade_no) as number) : await db.transaction('serializable', async (db) => {
        const made: number[] = []
        for (const t of await payments.openTradesOf(db, orderId)) made.push(await recordCloseTrade(db, orderId, t.trade_no, now))
        return made
      })
  let outcome: ClosingOutcome = 'closed'
  for (const id of ids) {
    const made = await runCall(db, providers, id, now)
    if (made === 'paid') return 'paid'
    if (made !== 'closed') outcome = 'unsettled'
  }
  return outcome
}
