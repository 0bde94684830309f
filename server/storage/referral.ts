import { sql } from 'kysely'
import type { Store } from './engine'

/**
 * The referral contest's repository on the storage seam (issue 28; the rules and the transactions: server/domain/referral.ts).
 * Async, on either engine. On Q (server/storage/repo/referral.ts): the demo seed's contest (in the seed's transaction,
 * server/demo/seedReferral.ts) and the HMAC key kept in `settings`.
 */

export interface ContestRow {
  id: number
  title: string
  title_en: string
  start_at: number
  end_at: number
  prizes: string
  /** The least a purchase must cost to count (cents; issue 43). */
  min_amount: number
}

const CONTEST_COLS = ['id', 'title', 'title_en', 'start_at', 'end_at', 'prizes', 'min_amount'] as const

/** The contest on at `now`, else the next to start, else the last that ended. */
export async function contestAt(s: Store, now: number): Promise<ContestRow | undefined> {
  const contests = s.selectFrom('referral_contests').select(CONTEST_COLS)
  const row =
    (await contests.where('start_at', '<=', now).where('end_at', '>', now).orderBy('start_at', 'desc').limit(1).executeTakeFirst()) ??
    (await contests.where('start_at', '>', now).orderBy('start_at').limit(1).executeTakeFirst()) ??
    (await contests.where('end_at', '<=', now).orderBy('end_at', 'desc').limit(1).executeTakeFirst())
  return row && { ...row, min_amount: Number(row.min_amount) }
}

/** A referral per referred account: a second one for the same account is ignored (ON CONFLICT DO NOTHING on both engines). */
export const insertReferral = (s: Store, r: { referred_id: number; referrer_id: number; phone_hash: string; bound_at: number }) =>
  s.insertInto('referrals').values(r).onConflict((oc) => oc.doNothing()).execute()

export const pendingReferralOf = (s: Store, referredId: number) =>
  s
    .selectFrom('referrals')
    .select(['referred_id', 'referrer_id', 'phone_hash', 'order_id', 'paid_at', 'held_for', 'payer_hash'])
    .where('referred_id', '=', referredId)
    .where('state', '=', 'pending')
    .executeTakeFirst()

/** Pending referrals with a purchase waiting to be kept (not held for review), in the order they were recorded. */
export const holdingReferrals = (s: Store) =>
  s
    .selectFrom('referrals')
    .select(['referred_id', 'referrer_id', 'order_id', 'paid_at'])
    .where('state', '=', 'pending')
    .where('order_id', 'is not', null)
    .where('held_for', 'is', null)
    .orderBy('referred_id')
    .execute()

/** The qualifying purchase a pending referral waits on (or none: null, null), and the payer when one is named. */
export const setPurchase = (s: Store, referredId: number, purchase: { order_id: number | null; paid_at: number | null }, onlyOrder?: number | null) => {
  let q = s.updateTable('referrals').set(purchase).where('referred_id', '=', referredId).where('state', '=', 'pending')
  q = onlyOrder === undefined ? q : onlyOrder === null ? q.where('order_id', 'is', null) : q.where('order_id', '=', onlyOrder)
  return q.executeTakeFirst().then((r) => Number(r.numUpdatedRows) === 1)
}

export const setPayer = (s: Store, referredId: number, payerHash: string) =>
  s.updateTable('referrals').set({ payer_hash: payerHash }).where('referred_id', '=', referredId).where('state', '=', 'pending').execute()

/** Held for the operator's review: the identity it shares with a referral already counted (still pending). */
export const holdReferral = (s: Store, referredId: number, heldFor: string) =>
  s.updateTable('referrals').set({ held_for: heldFor }).where('referred_id', '=', referredId).where('state', '=', 'pending').execute()

/** The referrals held for review, the oldest first. */
export const heldReferrals = async (s: Store) =>
  (
    await s
      .selectFrom('referrals')
      .select(['referred_id', 'referrer_id', 'held_for', 'order_id', 'paid_at', 'bound_at'])
      .where('state', '=', 'pending')
      .where('held_for', 'is not', null)
      .orderBy('paid_at')
      .orderBy('referred_id')
      .execute()
  ).map((r) => ({ ...r, referred_id: Number(r.referred_id), referrer_id: Number(r.referrer_id), held_for: r.held_for as string }))

export const heldReferralOf = (s: Store, referredId: number) =>
  s.selectFrom('referrals').select(['referred_id', 'referrer_id', 'phone_hash', 'paid_at', 'payer_hash']).where('referred_id', '=', referredId).where('state', '=', 'pending').where('held_for', 'is not', null).executeTakeFirst()

/** Of these identity hashes, those already counted for another referred account. */
export const countedIdentities = async (s: Store, hashes: string[], referredId: number): Promise<string[]> =>
  hashes.length === 0 ? [] : (await s.selectFrom('referral_identities').select('key_hash').where('key_hash', 'in', hashes).where('referred_id', '<>', referredId).execute()).map((r) => r.key_hash)

export const countIdentities = async (s: Store, hashes: string[], referredId: number, at: number): Promise<void> => {
  if (hashes.length === 0) return
  await s
    .insertInto('referral_identities')
    .values(hashes.map((key_hash) => ({ key_hash, referred_id: referredId, counted_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** The referred account's WeChat openids (mini-program and official account), where it has them. */
export const openidsOf = (s: Store, userId: number) => s.selectFrom('users').select(['wx_openid', 'gzh_openid']).where('id', '=', userId).executeTakeFirst()

/** An order's money and status, and its owner's (the core's table, read on the seam). */
export const orderFor = async (s: Store, orderId: number): Promise<{ user_id: number; status: number; pay_amount: number } | undefined> => {
  const row = (await sql<{ user_id: number; status: number; pay_amount: number }>`SELECT user_id, status, pay_amount FROM orders WHERE id = ${orderId}`.execute(s)).rows[0]
  return row && { user_id: Number(row.user_id), status: Number(row.status), pay_amount: Number(row.pay_amount) }
}

/** The account's other paid orders of at least `min` (still paid, accepted, out for delivery or completed), earliest paid first. */
export const paidOrdersOf = async (s: Store, userId: number, min: number, except: number): Promise<Array<{ id: number; pay_time: string }>> =>
  (
    await sql<{ id: number; pay_time: string }>`SELECT id, pay_time FROM orders WHERE user_id = ${userId} AND id <> ${except} AND status IN (10, 20, 30, 40) AND pay_amount >= ${min} AND pay_time IS NOT NULL ORDER BY pay_time, id`.execute(s)
  ).rows.map((r) => ({ id: Number(r.id), pay_time: r.pay_time }))

/** True when this phone's hash was not counted before (and is now): the primary key decides, whoever inserts first. */
export const countPhone = async (s: Store, phoneHash: string, at: number): Promise<boolean> =>
  Number((await s.insertInto('referral_phones').values({ phone_hash: phoneHash, counted_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0) === 1

/** Counted: `at` is the kept purchase's payment time (a contest counts the referrals whose purchase it was paid within). */
export const confirmReferral = (s: Store, referredId: number, at: number) =>
  s.updateTable('referrals').set({ state: 'confirmed', confirmed_at: at }).where('referred_id', '=', referredId).where('state', '=', 'pending').execute()

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

/** The referrer's pending referrals whose accounts still exist, newest first: with the purchase waiting to be kept, or held. */
export const pendingOf = (s: Store, referrerId: number, limit: number) =>
  s
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .select(['u.nickname', 'r.bound_at', 'r.paid_at', 'r.held_for'])
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
