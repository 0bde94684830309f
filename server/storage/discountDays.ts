import type { Store } from './engine'

/**
 * The discount days' repository on the storage seam (issue 28): async, on either engine, run by
 * server/domain/discountDay/discountDay.ts (which opens the transactions). What other verticals read and write inside
 * their own transactions on Q — a bill's price (server/domain/orders.ts), account deletion, the demo seed — is in
 * server/storage/repo/discountDays.ts.
 */

export const isDiscountDay = async (s: Store, day: string): Promise<boolean> =>
  (await s.selectFrom('discount_days').select('day').where('day', '=', day).executeTakeFirst()) !== undefined

/** The discount days of one month ('YYYY-MM'), in order. */
export const daysOfMonth = async (s: Store, month: string): Promise<string[]> =>
  (await s.selectFrom('discount_days').select('day').where('day', 'like', `${month}-%`).orderBy('day').execute()).map((r) => r.day)

/** The first discount day after `day`, or null. */
export const nextDayAfter = async (s: Store, day: string): Promise<string | null> =>
  (await s.selectFrom('discount_days').select('day').where('day', '>', day).orderBy('day').limit(1).executeTakeFirst())?.day ?? null

/** The shops taking part and their extra rate, by shop id. */
export const shopsTakingPart = (s: Store): Promise<Array<{ shop_id: number; extra_rate: number }>> =>
  s.selectFrom('discount_day_shops').select(['shop_id', 'extra_rate']).orderBy('shop_id').execute()

export const countShopsTakingPart = async (s: Store): Promise<number> =>
  Number((await s.selectFrom('discount_day_shops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

export const isReminded = async (s: Store, userId: number, day: string): Promise<boolean> =>
  (await s.selectFrom('discount_day_reminders').select('day').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst()) !== undefined

/** One reminder per shopper and day: a second ask keeps the first (its template and time). */
export const addReminder = (s: Store, r: { userId: number; day: string; templateId: string; grantedAt: number }) =>
  s
    .insertInto('discount_day_reminders')
    .values({ user_id: r.userId, day: r.day, template_id: r.templateId, granted_at: r.grantedAt })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute()

/** Withdrawn before it is sent (a sent one stays: its message is on record). */
export const cancelReminder = (s: Store, userId: number, day: string) =>
  s.deleteFrom('discount_day_reminders').where('user_id', '=', userId).where('day', '=', day).where('sent_at', 'is', null).execute()

/** Every reminder of the shopper (a deleted account). */
export const deleteRemindersOf = (s: Store, userId: number) => s.deleteFrom('discount_day_reminders').where('user_id', '=', userId).execute()

/** Unsent reminders of days before `today`: nothing left to remind of. */
export const dropMissedReminders = (s: Store, today: string) => s.deleteFrom('discount_day_reminders').where('day', '<', today).where('sent_at', 'is', null).execute()

/** The day's unsent reminders, oldest consent first, with the shopper's WeChat openid (null: none known). */
export const dueReminders = (s: Store, day: string): Promise<Array<{ user_id: number; template_id: string; wx_openid: string | null }>> =>
  s
    .selectFrom('discount_day_reminders as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.template_id', 'u.wx_openid'])
    .where('r.day', '=', day)
    .where('r.sent_at', 'is', null)
    .orderBy('r.granted_at')
    .orderBy('r.user_id')
    .execute()

/** Marks one reminder sent, only if it was not: true when this call did (a conditional update). */
export const markSent = async (s: Store, userId: number, day: string, at: number): Promise<boolean> =>
  Number(
    (await s.updateTable('discount_day_reminders').set({ sent_at: at }).where('user_id', '=', userId).where('day', '=', day).where('sent_at', 'is', null).executeTakeFirst())
      .numUpdatedRows,
  ) === 1

/** A message in the subscription messages' outbox with no order (a discount day's reminder), to be sent after the commit. */
export const recordMessage = (s: Store, m: { userId: number; touser: string | null; templateId: string; event: string; page: string; data: string; at: number }) =>
  s
    .insertInto('wechat_messages')
    .values({ user_id: m.userId, order_id: null, touser: m.touser, template_id: m.templateId, event: m.event, page: m.page, data: m.data, created_at: m.at, next_attempt_at: m.at })
    .execute()
