import crypto from 'node:crypto'
import type { ApiLang } from '../../src/contract/common'
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { REFERRAL_BOARD_SIZE, REFERRAL_PENDING_LISTED } from '../../src/contract/referralEndpoints'
import type { DB } from '../storage/db'
import { nicknameIn } from './names'
import * as repo from '../storage/repo/referral'
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
 */

const secrets = new WeakMap<DB, Buffer>()

/** The HMAC key: REFERRAL_SECRET when configured, else one random key kept in settings (shared by every process on the file). */
export function setReferralSecret(db: DB, secret?: string): void {
  if (secret) secrets.set(db, Buffer.from(secret))
}

function keyOf(db: DB): Buffer {
  let key = secrets.get(db)
  if (!key) {
    if (!repo.secretSetting(db)) repo.insertSecretSetting(db, crypto.randomBytes(32).toString('hex'))
    key = Buffer.from(repo.secretSetting(db) as string)
    secrets.set(db, key)
  }
  return key
}

/** A phone's keyed hash: without the secret, a stored hash cannot be matched against the small space of phone numbers. */
export const phoneHash = (db: DB, phone: string): string => crypto.createHmac('sha256', keyOf(db)).update(phone).digest('hex')

/** At a new account's first bind: the sharer is recorded as its referrer when it is another live account. */
export function recordReferral(db: DB, referredId: number, referrerId: number | null, phone: string, now = nowMs()): void {
  if (referrerId === null || referrerId === referredId || !repo.isLiveUser(db, referrerId)) return
  repo.insertReferral(db, { referred_id: referredId, referrer_id: referrerId, phone_hash: phoneHash(db, phone), bound_at: now })
}

/** Inside markPaid's transaction: an account's first paid order confirms its pending referral, once per phone ever. */
export function confirmOnPaid(db: DB, userId: number, orderId: number, now = nowMs()): void {
  const pending = repo.pendingReferralOf(db, userId)
  if (!pending) return
  if (pending.referrer_id === userId || !repo.isLiveUser(db, pending.referrer_id)) {
    repo.voidReferral(db, userId)
    return
  }
  if (repo.countPhone(db, pending.phone_hash, now)) repo.confirmReferral(db, userId, orderId, now)
  else repo.voidReferral(db, userId)
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

export function contestView(db: DB, lang: ApiLang, userId: number | null, now = nowMs()): ReferralContestAnswer {
  const c = repo.contestAt(db, now)
  if (!c) return { contest: null, board: [], ranked: 0, mine: null }
  const prizes = (JSON.parse(c.prizes) as Prize[]).map((p) => ({ rank_from: p.rank_from, rank_to: p.rank_to, title: lang === 'en' ? p.en : p.zh }))
  const state = now < c.start_at ? 'upcoming' : now >= c.end_at ? 'ended' : 'on'
  const rows = repo.standings(db, c.start_at, c.end_at)
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
      pending_count: repo.pendingCountOf(db, userId),
      pending: repo.pendingOf(db, userId, REFERRAL_PENDING_LISTED).map((p) => ({ name: maskName(lang, p.nickname), bound_time: fmt(p.bound_at) })),
      hidden: repo.isHidden(db, userId),
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
