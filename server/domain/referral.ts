import type { Q } from '../storage/query'
import crypto from 'node:crypto'
import type { ApiLang } from '../../src/contract/common'
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { REFERRAL_BOARD_SIZE, REFERRAL_KEEP_DAYS, REFERRAL_PENDING_LISTED } from '../../src/contract/referralEndpoints'
import { ORDER_STATUS } from '../../src/contract/constants'
import { nicknameIn } from './names'
import { refuse } from './refusal'
import * as repo from '../storage/repo/referral'
import { insertSecretSetting, secretSetting } from '../storage/repo/referral'
import { fmt, nowMs, parseText } from '../time'

/**
 * The referral contest (issue 26; docs/api.md "Referral contest").
 * - A referral is recorded when a new account first binds with a share's `share_user_user_id` naming a live account
 *   (server/http/routes/account.ts): pending.
 * - It counts for a KEPT purchase of at least the contest's minimum (issue 43: four throwaway phones — two paying a
 *   takeout order and cancelling it, two paying a ¥0.01 bill — ranked their sharer first). The referred account's paid
 *   order of at least `min_amount` (the amount paid) is recorded on the referral (confirmOnPaid, after the payment
 *   commits): it waits there, still pending, until it is kept — completed, or still paid REFERRAL_KEEP_DAYS after its
 *   payment. A cancel or refund before that puts the referral back to pending (the account's next qualifying purchase, if
 *   any, takes its place): the friend may still buy for real. settleReferrals (the housekeeping sweep) decides.
 * - Kept, it counts once: the phone's keyed hash (HMAC-SHA256 with the server's referral secret) goes into
 *   referral_phones; a phone whose hash is there already (counted before, then the account was deleted and the phone
 *   bound again) makes the referral void, never a second count. A referrer that is gone (deleted), or the shopper
 *   themselves, never counts.
 * - One person's several phones: neither WeChat nor a browser names a device, but WeChat names a person within the app
 *   (the openid), and a real payment names its payer (a card, a payer account). These identities of every counted
 *   referral are kept as keyed hashes (referral_identities); a kept purchase whose account shares one with a referral
 *   already counted is HELD for the operator's review (still pending, `held_for`): `npm run admin -- referrals`, then
 *   `referral-count N` (different people after all) or `referral-void N`. Phones bound in a browser without WeChat have
 *   no such identity: what each costs is a kept purchase of at least the minimum.
 * - A contest counts the referrals whose kept purchase was PAID between its start and its end (`confirmed_at` is that
 *   payment's time), so its board may still change for REFERRAL_KEEP_DAYS after it ends. Deleting a referred account
 *   keeps the referrer's count (the referral happened); deleting the referrer takes them off the board, and those below
 *   move up one place; the phones they had counted stay counted.
 *
 * Its tables are read and written through server/storage/repo/referral.ts. The two moments that create and confirm
 * referrals follow other verticals' transactions (the bind's, markPaid's) and run right AFTER those commit: recordReferral
 * from the bind route, confirmOnPaid from server/domain/pay/pay.ts `notify`. The HMAC key is kept in `settings`.
 */

const secrets = new WeakMap<Q, Buffer>()

/** The HMAC key: REFERRAL_SECRET when configured, else one random key kept in settings (shared by every process on the file). */
export function setReferralSecret(db: Q, secret?: string): void {
  if (secret) secrets.set(db.root, Buffer.from(secret))
}

async function keyOf(db: Q): Promise<Buffer> {
  let key = secrets.get(db.root)
  if (!key) {
    if (!(await secretSetting(db))) await insertSecretSetting(db, crypto.randomBytes(32).toString('hex'))
    key = Buffer.from((await secretSetting(db)) as string)
    secrets.set(db.root, key)
  }
  return key
}

/** A phone's keyed hash: without the secret, a stored hash cannot be matched against the small space of phone numbers. */
export const phoneHash = async (db: Q, phone: string): Promise<string> => crypto.createHmac('sha256', await keyOf(db)).update(phone).digest('hex')

/**
 * After a new account's first bind has committed: the sharer is recorded as its referrer when it is another live
 * account. No transaction: one insert (a second for the same account is ignored); a referrer deleted between the
 * check and the insert is harmless (the board leaves deleted referrers out, and confirmOnPaid voids their referrals).
 */
export async function recordReferral(db: Q, referredId: number, referrerId: number | null, phone: string, now = nowMs()): Promise<void> {
  if (referrerId === null || referrerId === referredId || !(await repo.isLiveUser(db, referrerId))) return
  await repo.insertReferral(db, { referred_id: referredId, referrer_id: referrerId, phone_hash: await phoneHash(db, phone), bound_at: now })
}

/** An identity's keyed hash (a WeChat openid, a payer id): like a phone's, it cannot be matched without the secret. */
const identityHash = async (db: Q, kind: string, value: string): Promise<string> => crypto.createHmac('sha256', await keyOf(db)).update(`${kind}:${value}`).digest('hex')

/** How long a paid purchase waits before it counts (unless completed sooner). */
export const KEEP_MS = REFERRAL_KEEP_DAYS * 86_400_000

/** The minimum purchase of the contest on at `now` (else the next, else the last): 0 with none. */
const minimumAt = async (s: Q, now: number): Promise<number> => (await repo.contestAt(s, now))?.min_amount ?? 0

/**
 * After a payment of the account's order has committed (server/domain/pay/pay.ts notify): a paid order of at least the
 * contest's minimum becomes its pending referral's purchase, waiting to be kept (settleReferrals counts it) — unless one
 * already waits. `payer`: the payer the provider names (WeChat Pay's payer, Alipay's buyer; none in the sandbox), kept as
 * a keyed hash — one payer behind several referrals holds them for review. Nothing when no referral is pending (a
 * later order, a repeat of the notification, a purchase under the minimum).
 *
 * Isolation: READ COMMITTED with conditional updates (`… WHERE state = 'pending' AND order_id IS NULL`): two orders paid
 * at once for one account record one of them. On SQLite, BEGIN IMMEDIATE. It only touches the database (it may run again).
 */
export async function confirmOnPaid(db: Q, userId: number, orderId: number, o: { payer?: string } = {}, now = nowMs()): Promise<void> {
  const payerHash = o.payer ? await identityHash(db, 'payer', o.payer) : null
  await db.transaction('read committed', async (trx) => {
    const pending = await repo.pendingReferralOf(trx, userId)
    if (!pending) return
    if (pending.referrer_id === userId || !(await repo.isLiveUser(trx, pending.referrer_id))) {
      await repo.voidReferral(trx, userId)
      return
    }
    if (pending.order_id !== null && Number(pending.order_id) !== orderId) return
    const order = await repo.orderFor(trx, orderId)
    if (!order || order.user_id !== userId || order.pay_amount < (await minimumAt(trx, now))) return
    if (pending.order_id === null) await repo.setPurchase(trx, userId, { order_id: orderId, paid_at: now }, null)
    if (payerHash) await repo.setPayer(trx, userId, payerHash)
  })
}

/** Statuses after which a purchase no longer counts: cancelled, refunded. (Refunding: it waits for the outcome.) */
const UNDONE: ReadonlySet<number> = new Set([ORDER_STATUS.CANCELLED, ORDER_STATUS.REFUNDED])

/**
 * The housekeeping sweep's part (server/http/app.ts; `POST /api/sandbox/sweep`): every pending referral whose purchase
 * waits — kept now (completed, or still paid KEEP_MS after payment): counted, held for review, or void; cancelled or
 * refunded: back to pending, with the account's next qualifying purchase if it has one; refunding: it waits. Each
 * referral in a transaction of its own (READ COMMITTED, conditional updates on its state and purchase; the phone's and
 * the identities' primary keys decide between two sweeps at once).
 */
export async function settleReferrals(db: Q, now = nowMs()): Promise<{ counted: number; held: number; undone: number }> {
  const out = { counted: 0, held: 0, undone: 0 }
  for (const r of await repo.holdingReferrals(db)) {
    const orderId = Number(r.order_id)
    const order = await repo.orderFor(db, orderId)
    if (!order || UNDONE.has(order.status)) {
      const min = await minimumAt(db, now)
      const next = (await repo.paidOrdersOf(db, Number(r.referred_id), min, orderId))[0]
      const done = await db.transaction('read committed', (trx) =>
        repo.setPurchase(trx, Number(r.referred_id), next ? { order_id: next.id, paid_at: parseText(next.pay_time).valueOf() } : { order_id: null, paid_at: null }, orderId),
      )
      if (done) out.undone++
      continue
    }
    const kept = order.status === ORDER_STATUS.COMPLETED || (order.status !== ORDER_STATUS.REFUNDING && Number(r.paid_at) + KEEP_MS <= now)
    if (!kept) continue
    const result = await keep(db, Number(r.referred_id), orderId, now)
    if (result === 'counted') out.counted++
    if (result === 'held') out.held++
  }
  return out
}

/** The identities of a referred account: its WeChat openids and the payer its purchase named, as keyed hashes by kind. */
async function identitiesOf(db: Q, s: Q, userId: number, payerHash: string | null): Promise<Array<{ kind: 'wechat' | 'payer'; hash: string }>> {
  const ids = await repo.openidsOf(s, userId)
  const out: Array<{ kind: 'wechat' | 'payer'; hash: string }> = []
  if (ids?.wx_openid) out.push({ kind: 'wechat', hash: await identityHash(db, 'wx', ids.wx_openid) })
  if (ids?.gzh_openid) out.push({ kind: 'wechat', hash: await identityHash(db, 'gzh', ids.gzh_openid) })
  if (payerHash) out.push({ kind: 'payer', hash: payerHash })
  return out
}

/** A kept purchase: the referral counted (phone and identities recorded), held for review, or void. */
async function keep(db: Q, referredId: number, orderId: number, now: number): Promise<'counted' | 'held' | 'void' | 'gone'> {
  return db.transaction('read committed', async (trx) => {
    const pending = await repo.pendingReferralOf(trx, referredId)
    if (!pending || pending.held_for !== null || Number(pending.order_id) !== orderId) return 'gone'
    if (pending.referrer_id === referredId || !(await repo.isLiveUser(trx, pending.referrer_id))) {
      await repo.voidReferral(trx, referredId)
      return 'void'
    }
    const identities = await identitiesOf(db, trx, referredId, pending.payer_hash)
    const seen = new Set(await repo.countedIdentities(trx, identities.map((i) => i.hash), referredId))
    const shared = identities.find((i) => seen.has(i.hash))
    if (shared) {
      await repo.holdReferral(trx, referredId, shared.kind)
      return 'held'
    }
    if (!(await repo.countPhone(trx, pending.phone_hash, now))) {
      await repo.voidReferral(trx, referredId)
      return 'void'
    }
    await repo.countIdentities(trx, identities.map((i) => i.hash), referredId, now)
    await repo.confirmReferral(trx, referredId, Number(pending.paid_at ?? now))
    return 'counted'
  })
}

// The operator's review of held referrals (scripts/adminReview.ts: `npm run admin -- referrals | referral-count N | referral-void N`).

/** The referrals held for review: one person's several phones, by the identity they share with one already counted. */
export const heldReferrals = (db: Q) => repo.heldReferrals(db)

/**
 * The operator counts a held referral (the people are different after all): its phone counted (a phone counted before:
 * void, as ever), its identities recorded, confirmed at its purchase's payment time. `referral_not_held` when none is held
 * under that account.
 */
export async function countHeld(db: Q, referredId: number, now = nowMs()): Promise<'counted' | 'void'> {
  return db.transaction('read committed', async (trx) => {
    const held = await repo.heldReferralOf(trx, referredId)
    if (!held) throw refuse('referral_not_held')
    if (!(await repo.countPhone(trx, held.phone_hash, now))) {
      await repo.voidReferral(trx, referredId)
      return 'void'
    }
    await repo.countIdentities(trx, (await identitiesOf(db, trx, referredId, held.payer_hash)).map((i) => i.hash), referredId, now)
    await repo.confirmReferral(trx, referredId, Number(held.paid_at ?? now))
    return 'counted'
  })
}

/** The operator voids a held referral: it never counts. */
export async function voidHeld(db: Q, referredId: number): Promise<void> {
  await db.transaction('read committed', async (trx) => {
    if (!(await repo.heldReferralOf(trx, referredId))) throw refuse('referral_not_held')
    await repo.voidReferral(trx, referredId)
  })
}

/** Shows (false) or hides (true) the shopper's name on the board; one statement, so no transaction. */
export async function setHidden(db: Q, userId: number, hidden: boolean): Promise<void> {
  await repo.setHidden(db, userId, hidden)
}

/** A prize as stored (JSON in referral_contests.prizes): its ranks and its words in both languages. */
export interface Prize {
  rank_from: number
  rank_to: number
  zh: string
  en: string
}

/** "会**4": the first and last characters of a nickname (its system form in the shopper's language). */
export function maskName(lang: ApiLang, nickname: string): string {
  const name = [...nicknameIn(lang, nickname)]
  if (name.length <= 1) return '*'
  return `${name[0]}**${name.length > 2 ? name[name.length - 1] : ''}`
}

/** The contest's board: several reads, no transaction (each a moment's state; the board is refreshed by reading again). */
export async function contestView(db: Q, lang: ApiLang, userId: number | null, now = nowMs()): Promise<ReferralContestAnswer> {
  const c = await repo.contestAt(db, now)
  if (!c) return { contest: null, board: [], ranked: 0, mine: null }
  const prizes = (JSON.parse(c.prizes) as Prize[]).map((p) => ({ rank_from: p.rank_from, rank_to: p.rank_to, title: lang === 'en' ? p.en : p.zh }))
  const state = now < c.start_at ? 'upcoming' : now >= c.end_at ? 'ended' : 'on'
  const rows = await repo.standings(db, c.start_at, c.end_at)
  const board = rows.slice(0, REFERRAL_BOARD_SIZE).map((r, i) => ({
    rank: i + 1,
    name: r.hidden ? null : maskName(lang, r.nickname),
    hidden: !!r.hidden,
    count: r.n,
    me: r.user_id === userId,
  }))
  let mine: ReferralContestAnswer['mine'] = null
  if (userId !== null) {
    const at = rows.findIndex((r) => r.user_id === userId)
    mine = {
      rank: at < 0 ? null : at + 1,
      count: at < 0 ? 0 : rows[at].n,
      pending_count: await repo.pendingCountOf(db, userId),
      pending: (await repo.pendingOf(db, userId, REFERRAL_PENDING_LISTED)).map((p) => ({
        name: maskName(lang, p.nickname),
        bound_time: fmt(p.bound_at),
        counts_from: p.paid_at !== null && p.held_for === null ? fmt(Number(p.paid_at) + KEEP_MS) : null,
        in_review: p.held_for !== null,
      })),
      hidden: await repo.isHidden(db, userId),
      user_id: userId,
    }
  }
  return {
    contest: {
      id: c.id,
      title: lang === 'en' ? c.title_en : c.title,
      start_time: fmt(c.start_at),
      end_time: fmt(c.end_at),
      start_at: c.start_at,
      end_at: c.end_at,
      state,
      prizes,
      min_amount: c.min_amount,
      keep_days: REFERRAL_KEEP_DAYS,
    },
    board,
    ranked: rows.length,
    mine,
  }
}
