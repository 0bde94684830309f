import type { Q } from '../storage/query'
import crypto from 'node:crypto'
import type { ApiLang } from '../../src/contract/common'
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { REFERRAL_BOARD_SIZE, REFERRAL_PENDING_LISTED } from '../../src/contract/referralEndpoints'
import type { Storage } from '../storage/engine'
import { nicknameIn } from './names'
import * as repo from '../storage/referral'
import { insertSecretSetting, secretSetting } from '../storage/repo/referral'
import { fmt, nowMs } from '../time'

/**
 * The referral contest (issue 26; docs/api.md "Referral contest").
 * - A referral is recorded when a new account first binds with a share's `share_user_user_id` naming a live account
 *   (server/http/routes/account.ts): pending.
 * - The referred account's first PAID order (markPaid) confirms it — once: the phone's keyed hash (HMAC-SHA256 with the
 *   server's referral secret) goes into referral_phones; a phone whose hash is there already (counted before, then the
 *   account was deleted and the phone bound again) makes the referral void, never a second count. A referrer that is
 *   gone (deleted), or the shopper themselves, never counts.
 * - A contest counts the referrals confirmed between its start and its end. Deleting a referred account keeps the
 *   referrer's count (the referral happened); deleting the referrer takes them off the board, and those below move
 *   up one place; the phones they had counted stay counted.
 *
 * On the storage seam (issue 28): its four tables are read and written through server/storage/referral.ts. The two
 * moments that create and confirm referrals belong to other verticals' SQLite transactions (the bind's, markPaid's),
 * so they run right AFTER those commit (a seam transaction must not nest in `tx()`): recordReferral from the bind
 * route, confirmOnPaid from server/domain/pay/pay.ts `notify`. The HMAC key stays in `settings` (synchronous, below).
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
 * `db`: the HMAC key's settings row (SQLite).
 */
export async function recordReferral(db: Q, storage: Storage, referredId: number, referrerId: number | null, phone: string, now = nowMs()): Promise<void> {
  if (referrerId === null || referrerId === referredId || !(await repo.isLiveUser(storage.db, referrerId))) return
  await repo.insertReferral(storage.db, { referred_id: referredId, referrer_id: referrerId, phone_hash: await phoneHash(db, phone), bound_at: now })
}

/**
 * After a payment of the account's order has committed (server/domain/pay/pay.ts notify): the account's first paid
 * order confirms its pending referral, once per phone ever; nothing when none is pending (a later order, a repeat).
 *
 * Isolation: READ COMMITTED with a conditional update and the phone's primary key. Two confirmations at once for one
 * account (two orders paid together): the phone's INSERT … ON CONFLICT DO NOTHING lets one in; the other waits for it
 * on PostgreSQL (the key's lock), inserts nothing and its `void … WHERE state = 'pending'` then finds the referral
 * confirmed and changes nothing. On SQLite, BEGIN IMMEDIATE. The function only touches the database (it may run again).
 */
export async function confirmOnPaid(storage: Storage, userId: number, orderId: number, now = nowMs()): Promise<void> {
  await storage.transaction('read committed', async (trx) => {
    const pending = await repo.pendingReferralOf(trx, userId)
    if (!pending) return
    if (pending.referrer_id === userId || !(await repo.isLiveUser(trx, pending.referrer_id))) {
      await repo.voidReferral(trx, userId)
      return
    }
    if (await repo.countPhone(trx, pending.phone_hash, now)) await repo.confirmReferral(trx, userId, orderId, now)
    else await repo.voidReferral(trx, userId)
  })
}

/** Shows (false) or hides (true) the shopper's name on the board; one statement, so no transaction. */
export async function setHidden(storage: Storage, userId: number, hidden: boolean): Promise<void> {
  await repo.setHidden(storage.db, userId, hidden)
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
export async function contestView(storage: Storage, lang: ApiLang, userId: number | null, now = nowMs()): Promise<ReferralContestAnswer> {
  const db = storage.db
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
      pending: (await repo.pendingOf(db, userId, REFERRAL_PENDING_LISTED)).map((p) => ({ name: maskName(lang, p.nickname), bound_time: fmt(p.bound_at) })),
      hidden: await repo.isHidden(db, userId),
      user_id: userId,
    }
  }
  return {
    contest: { id: c.id, title: lang === 'en' ? c.title_en : c.title, start_time: fmt(c.start_at), end_time: fmt(c.end_at), start_at: c.start_at, end_at: c.end_at, state, prizes },
    board,
    ranked: rows.length,
    mine,
  }
}
