import type { Q } from '../storage/query'
import * as repo from '../storage/repo/wechat'
import type { SubscribeMessage, SubscribeOutcome } from '../providers/wechat/types'
import { nowMs } from '../time'

/**
 * The subscription messages' outbox (issue 40; docs/api.md "Subscription messages"). A takeout order's move
 * (server/domain/takeout/subscriptions.ts) and a discount day's reminder (server/domain/discountDay/message.ts) record the
 * message in the transaction that decides it (wechat_messages, pending), using up the shopper's one-time consent there —
 * one acceptance, one message. It is sent after that transaction commits: by the same process as soon as the request
 * that recorded it has answered (`takeWaiting`, server/http/app.ts's onResponse hook), and by every housekeeping sweep.
 *
 * Sending a row is taken by one process at a time (a conditional UPDATE: repo/wechat.ts claimMessage), at most
 * MAX_ATTEMPTS times, BACKOFF_MS apart and doubling: a network failure, a timeout, a 5xx, WeChat's "busy" or a token still
 * refused after its renewal is tried again; 43101 (the shopper's consent is gone) ends it as `refused` — final, recorded,
 * never tried again; any other errcode (47003 a field WeChat refuses, 40003 a wrong openid, 40037 a wrong template) ends it
 * `failed` with its errcode. A message with no openid to send to (a shopper who never signed in on the mini-program) is
 * `skipped`. In the sandbox the sender sends nothing (server/providers/wechat/sandbox.ts) and the rows are what
 * GET /api/sandbox/messages lists.
 */

export const MAX_ATTEMPTS = 6
export const BACKOFF_MS = 30_000
export const BACKOFF_MAX_MS = 60 * 60_000

const backoffMs = (attempt: number) => Math.min(BACKOFF_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS)

/** Who sends: the mini-program's subscribe/send (real or the sandbox's), or null when there is none. */
export type MessageSender = ((message: SubscribeMessage) => Promise<SubscribeOutcome>) | null

/** Databases (by their root) with a message recorded since their outbox was last run by this process. */
const waiting = new WeakSet<Q>()

/** Inside the deciding transaction: records the message and marks the outbox to be run after the answer. */
export async function recordMessage(db: Q, m: { user_id: number; order_id: number | null; touser: string | null; template_id: string; event: string; page: string; data: Record<string, { value: string }>; at?: number }): Promise<number> {
  const id = await repo.insertMessage(db, { ...m, data: JSON.stringify(m.data), at: m.at ?? nowMs() })
  waiting.add(db.root)
  return id
}

/** A message was recorded through this process since the last call (the flag is cleared): run the outbox. No query. */
export function takeWaiting(db: Q): boolean {
  if (!waiting.has(db.root)) return false
  waiting.delete(db.root)
  return true
}

/** Sends one message if it is due and nobody else has taken it. Outside any transaction. */
export async function sendMessage(db: Q, send: MessageSender, id: number, now = nowMs()): Promise<repo.MessageRow['state'] | 'in_flight'> {
  if (db.inTransaction) throw new Error('a subscription message is sent after the transaction that records it commits')
  const row = await repo.messageById(db, id)
  if (!row || row.state !== 'pending') return row?.state ?? 'in_flight'
  const attempt = row.attempts + 1
  if (!(await repo.claimMessage(db, id, row.attempts, now, now + backoffMs(attempt)))) return 'in_flight'
  if (!row.touser) {
    await repo.finishMessage(db, id, 'skipped', nowMs(), null, 'no openid: the shopper has not signed in on the mini-program')
    return 'skipped'
  }
  if (!send) {
    await repo.finishMessage(db, id, 'skipped', nowMs(), null, 'no WeChat sender configured')
    return 'skipped'
  }
  let outcome: SubscribeOutcome
  try {
    outcome = await send({ touser: row.touser, template_id: row.template_id, page: row.page, data: JSON.parse(row.data) as SubscribeMessage['data'] })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (attempt >= MAX_ATTEMPTS) {
      await repo.finishMessage(db, id, 'failed', nowMs(), null, message)
      return 'failed'
    }
    await repo.messageTryFailed(db, id, message)
    return 'in_flight'
  }
  if (outcome.state === 'sent') await repo.finishMessage(db, id, 'sent', nowMs())
  else await repo.finishMessage(db, id, outcome.state, nowMs(), outcome.errcode, outcome.errmsg)
  return outcome.state
}

/** Every pending message that is due (the sweep, and after a request that recorded one): how many ended this run. */
export async function sendDueMessages(db: Q, send: MessageSender, now = nowMs(), limit = 100): Promise<number> {
  let ended = 0
  for (const id of await repo.dueMessages(db, now, limit)) {
    if ((await sendMessage(db, send, id, now)) !== 'in_flight') ended++
  }
  return ended
}
