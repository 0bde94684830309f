import type { Q } from '../query'

/** A call to the payment provider, recorded in the transaction that decided it (server/domain/pay/outbox.ts). */
export interface ProviderCallRow {
  id: number
  kind: 'close_trade' | 'refund'
  /** close_trade: the trade number · refund: the refund number. One row per (kind, ref_no). */
  ref_no: string
  trade_no: string
  order_id: number
  /** refund: the amount asked back (cents); null for close_trade. */
  amount: number | null
  state: 'pending' | 'done' | 'failed'
  /** done: closed (the trade can no longer be paid) · paid (the provider says it is paid already) · asked (a refund asked for). */
  result: 'closed' | 'paid' | 'asked' | null
  attempts: number
  /** ms, server clock: when the row may be taken next (taking it moves this on by the backoff). */
  next_attempt_at: number
  last_error: string | null
  created_at: number
  done_at: number | null
}

/** Records a call (inside the deciding transaction); a call already recorded for the same number is kept as it is. Its id. */
export async function insertCall(db: Q, c: Pick<ProviderCallRow, 'kind' | 'ref_no' | 'trade_no' | 'order_id' | 'amount'>, now: number): Promise<number> {
  await db.run("INSERT INTO provider_calls (kind, ref_no, trade_no, order_id, amount, state, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (kind, ref_no) DO NOTHING", c.kind, c.ref_no, c.trade_no, c.order_id, c.amount, now, now)
  return ((await db.get('SELECT id FROM provider_calls WHERE kind = ? AND ref_no = ?', c.kind, c.ref_no)) as { id: number }).id
}

export const callById = async (db: Q, id: number) => (await db.get('SELECT * FROM provider_calls WHERE id = ?', id)) as ProviderCallRow | undefined

export const callByRef = async (db: Q, kind: ProviderCallRow['kind'], refNo: string) => (await db.get('SELECT * FROM provider_calls WHERE kind = ? AND ref_no = ?', kind, refNo)) as ProviderCallRow | undefined

export const callsOfOrder = async (db: Q, orderId: number) => (await db.all('SELECT * FROM provider_calls WHERE order_id = ? ORDER BY id', orderId)) as ProviderCallRow[]

/**
 * Takes a pending call that is due, for one attempt: one conditional UPDATE, so of several processes (or a request and
 * the sweep) exactly one takes it (the attempt it read, still due). Taking it counts the attempt and moves next_attempt_at to `retryAt`: were the taker
 * to stop before it records the outcome, the row is due again then (a lease).
 */
export const claimCall = async (db: Q, id: number, attempts: number, now: number, retryAt: number): Promise<boolean> =>
  (await db.run("UPDATE provider_calls SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND state = 'pending' AND attempts = ? AND next_attempt_at <= ?", retryAt, id, attempts, now)).changes === 1

export const finishCall = async (db: Q, id: number, result: NonNullable<ProviderCallRow['result']>, now: number) =>
  (await db.run("UPDATE provider_calls SET state = 'done', result = ?, done_at = ?, last_error = NULL WHERE id = ? AND state = 'pending'", result, now, id)).changes === 1

/** The provider threw: the error kept; the row stays pending (due again at the next_attempt_at its taking set), or failed. */
export const callFailed = (db: Q, id: number, error: string, failed: boolean) =>
  db.run(`UPDATE provider_calls SET last_error = ?${failed ? ", state = 'failed'" : ''} WHERE id = ? AND state = 'pending'`, error, id)

/** Pending calls due now, oldest first (index provider_calls_due). */
/** How many calls are pending and the oldest one's creation time (null: none) — the outbox's gauges (server/http/metrics.ts). */
export const pendingCallsSummary = async (db: Q) =>
  db.get<{ n: number | string; oldest: number | string | null }>("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM provider_calls WHERE state = 'pending'")

export const dueCalls = async (db: Q, now: number, limit: number) =>
  ((await db.all("SELECT id FROM provider_calls WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?", now, limit)) as Array<{ id: number }>).map((r) => r.id)

/**
 * A refund asked for whose answer never came: its done call is made pending again (attempts afresh), once however many
 * processes sweep (conditional on its state and on when it was done). A refund without a call row (asked before the
 * outbox existed) gets one. True when the call is now pending for this reason.
 */
export async function rearmRefund(db: Q, c: { refund_no: string; trade_no: string; order_id: number; amount: number }, doneBefore: number, now: number): Promise<boolean> {
  const inserted = await db.run("INSERT INTO provider_calls (kind, ref_no, trade_no, order_id, amount, state, attempts, next_attempt_at, created_at) VALUES ('refund', ?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (kind, ref_no) DO NOTHING", c.refund_no, c.trade_no, c.order_id, c.amount, now, now)
  if (inserted.changes === 1) return true
  return (
    (await db.run("UPDATE provider_calls SET state = 'pending', attempts = 0, next_attempt_at = ?, result = NULL, done_at = NULL WHERE kind = 'refund' AND ref_no = ? AND state = 'done' AND done_at <= ?", now, c.refund_no, doneBefore))
      .changes === 1
  )
}
