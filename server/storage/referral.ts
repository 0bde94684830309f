import { sql } from 'kysely'
import type { Store } from './engine'

/**
 * The referral contest's repository on the storage seam (issue 28; the rules and the transactions: server/domain/referral.ts).
 * Async, on either engine. What stays synchronous SQLite (server/storage/repo/referral.ts): the demo seed's contest
 * (seeded with the rest of the demo data before the seam opens) and the HMAC key kept in `settings` (not moved yet).
 */

export interface ContestRow {
  id: number
  title: string
  title_en: string
  start_at: number
  end_at: number
  prizes: string
}

const CONTEST_COLS = ['id', 'title', 'title_en', 'start_at', 'end_at', 'prizes'] as const

/** The contest on at `now`, else the next to start, else the last that ended. */
export async function contestAt(s: Store, now: number): Promise<ContestRow | undefined> {
  const contests = s.selectFrom('referral_contests').select(CONTEST_COLS)
  return (
    (await contests.where('start_at', '<=', now).where('end_at', '>', now).orderBy('start_at', 'desc').limit(1).executeTakeFirst()) ??
    (await contests.where('start_at', '>', now).orderBy('start_at').limit(1).executeTakeFirst()) ??
    (await contests.where('end_at', '<=', now).orderBy('end_at', 'desc').limit(1).executeTakeFirst())
  )
}

/** A referral per referred account: a second one for the same account is ignored (ON CONFLICT DO NOTHING on both engines). */
export const insertReferral = (s: Store, r: { referred_id: number; referrer_id: number; phone_hash: string; bound_at: number }) =>
  s.insertInto('referrals').values(r).onConflict((oc) => oc.doNothing()).execute()

export const pendingReferralOf = (s: Store, referredId: number) =>
  s.selectFrom('referrals').select(['referred_id', 'referrer_id', 'phone_hash']).where('referred_id', '=', referredId).where('state', '=', 'pending').executeTakeFirst()

/** True when this phone's hash was not counted before (and is now): the primary key decides, whoever inserts first. */
export const countPhone = async (s: Store, phoneHash: string, at: number): Promise<boolean> =>
  Number((await s.insertInto('referral_phones').values({ phone_hash: phoneHash, counted_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0) === 1

export const confirmReferral = (s: Store, referredId: number, orderId: number, at: number) =>
  s.updateTable('referrals').set({ state: 'confirmed', confirmed_at: at, order_id: orderId }).where('referred_id', '=', referredId).where('state', '=', 'pending').execute()

export const voidReferral = (s: Store, referredId: number) =>
  s.updateTable('referrals').set({ state: 'void' }).where('referred_id', '=', referredId).where('state', '=', 'pending').execute()

export interface StandingRow {
  user_id: number
  nickname: string
  n: number
  last_at: number
  hidden: number
}

/**
 * Every live referrer with a confirmed referral in [from, to), best first: more confirmed referrals, then the one
 * who reached the count earlier (their last counted confirmation), then the lower account id. `hidden` is 1 or 0 on
 * both engines (a CASE: PostgreSQL's `IS NOT NULL` is a boolean); every selected column is grouped (PostgreSQL's rule).
 */
export const standings = async (s: Store, from: number, to: number): Promise<StandingRow[]> =>
  (
    await s
      .selectFrom('referrals as r')
      .innerJoin('users as u', 'u.id', 'r.referrer_id')
      .leftJoin('referral_hidden as h', 'h.user_id', 'r.referrer_id')
      .select([
        'r.referrer_id as user_id',
        'u.nickname',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('r.confirmed_at').as('last_at'),
        sql<number>`CASE WHEN h.user_id IS NULL THEN 0 ELSE 1 END`.as('hidden'),
      ])
      .where('r.state', '=', 'confirmed')
      .where('r.confirmed_at', '>=', from)
      .where('r.confirmed_at', '<', to)
      .where('u.deleted_at', 'is', null)
      .groupBy(['r.referrer_id', 'u.nickname', 'h.user_id'])
      .orderBy('n', 'desc')
      .orderBy('last_at', 'asc')
      .orderBy('r.referrer_id', 'asc')
      .execute()
  ).map((r) => ({ user_id: r.user_id, nickname: r.nickname, n: Number(r.n), last_at: Number(r.last_at), hidden: Number(r.hidden) }))

/** The referrer's pending referrals whose accounts still exist, newest first. */
export const pendingOf = (s: Store, referrerId: number, limit: number) =>
  s
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .select(['u.nickname', 'r.bound_at'])
    .where('r.referrer_id', '=', referrerId)
    .where('r.state', '=', 'pending')
    .where('u.deleted_at', 'is', null)
    .orderBy('r.bound_at', 'desc')
    .orderBy('r.referred_id', 'desc')
    .limit(limit)
    .execute()

export const pendingCountOf = async (s: Store, referrerId: number): Promise<number> =>
  Number(
    (
      await s
        .selectFrom('referrals as r')
        .innerJoin('users as u', 'u.id', 'r.referred_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.referrer_id', '=', referrerId)
        .where('r.state', '=', 'pending')
        .where('u.deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  )

export const isHidden = async (s: Store, userId: number): Promise<boolean> =>
  !!(await s.selectFrom('referral_hidden').select('user_id').where('user_id', '=', userId).executeTakeFirst())

export const setHidden = (s: Store, userId: number, hidden: boolean) =>
  hidden
    ? s.insertInto('referral_hidden').values({ user_id: userId }).onConflict((oc) => oc.doNothing()).execute()
    : s.deleteFrom('referral_hidden').where('user_id', '=', userId).execute()

export const isLiveUser = async (s: Store, id: number): Promise<boolean> =>
  !!(await s.selectFrom('users').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst())
