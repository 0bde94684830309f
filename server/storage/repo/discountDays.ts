import type { Q } from '../query'

/**
 * The discount days (server/domain/discountDay/discountDay.ts opens the transactions): the days and the shops taking part,
 * shoppers' reminders and their messages; a bill's price reads them too (server/domain/orders.ts → discountDayCut), and
 * account deletion drops a shopper's reminders.
 */

export const isDiscountDay = async (db: Q, day: string): Promise<boolean> => (await db.get('SELECT 1 AS one FROM discount_days WHERE day = ?', day)) !== undefined

/** A shop's extra rate (percent paid) when it takes part; null otherwise. */
export const extraRateOf = async (db: Q, shopId: number): Promise<number | null> =>
  ((await db.get('SELECT extra_rate FROM discount_day_shops WHERE shop_id = ?', shopId)) as { extra_rate: number } | undefined)?.extra_rate ?? null

export const deleteRemindersOf = async (db: Q, userId: number): Promise<void> => void await db.run('DELETE FROM discount_day_reminders WHERE user_id = ?', userId)

export const hasDiscountDays = async (db: Q): Promise<boolean> => (await db.get('SELECT 1 AS one FROM discount_days LIMIT 1')) !== undefined

export const addDay = async (db: Q, day: string): Promise<void> => void (await db.run('INSERT INTO discount_days (day) VALUES (?) ON CONFLICT DO NOTHING', day))

/** Only a shop the database has (an older database seeded before some demo shops existed has fewer). */
export const addShop = async (db: Q, shopId: number, rate: number): Promise<void> =>
  void (await db.run('INSERT INTO discount_day_shops (shop_id, extra_rate) SELECT CAST(? AS BIGINT), CAST(? AS BIGINT) WHERE EXISTS (SELECT 1 FROM shops WHERE id = ?) ON CONFLICT DO NOTHING', shopId, rate, shopId))

/** The discount days of one month ('YYYY-MM'), in order. */
export const daysOfMonth = async (db: Q, month: string): Promise<string[]> =>
  (await db.all<{ day: string }>('SELECT day FROM discount_days WHERE day LIKE ? ORDER BY day', `${month}-%`)).map((r) => r.day)

/** The first discount day after `day`, or null. */
export const nextDayAfter = async (db: Q, day: string): Promise<string | null> =>
  (await db.value<string>('SELECT day FROM discount_days WHERE day > ? ORDER BY day LIMIT 1', day)) ?? null

/** The shops taking part and their extra rate, by shop id. */
export const shopsTakingPart = (db: Q) => db.all<{ shop_id: number; extra_rate: number }>('SELECT shop_id, extra_rate FROM discount_day_shops ORDER BY shop_id')

export const countShopsTakingPart = async (db: Q): Promise<number> => Number(await db.value('SELECT COUNT(*) FROM discount_day_shops'))

export const isReminded = async (db: Q, userId: number, day: string): Promise<boolean> =>
  (await db.get('SELECT 1 AS one FROM discount_day_reminders WHERE user_id = ? AND day = ?', userId, day)) !== undefined

/** One reminder per shopper and day: a second ask keeps the first (its template and time). */
export const addReminder = (db: Q, r: { userId: number; day: string; templateId: string; grantedAt: number }) =>
  db.run('INSERT INTO discount_day_reminders (user_id, day, template_id, granted_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, day) DO NOTHING', r.userId, r.day, r.templateId, r.grantedAt)

/** Withdrawn before it is sent (a sent one stays: its message is on record). */
export const cancelReminder = (db: Q, userId: number, day: string) =>
  db.run('DELETE FROM discount_day_reminders WHERE user_id = ? AND day = ? AND sent_at IS NULL', userId, day)

/** Unsent reminders of days before `today`: nothing left to remind of. */
export const dropMissedReminders = (db: Q, today: string) => db.run('DELETE FROM discount_day_reminders WHERE day < ? AND sent_at IS NULL', today)

/** The day's unsent reminders, oldest consent first, with the shopper's WeChat openid (null: none known). */
export const dueReminders = (db: Q, day: string) =>
  db.all<{ user_id: number; template_id: string; wx_openid: string | null }>(
    'SELECT r.user_id, r.template_id, u.wx_openid FROM discount_day_reminders r JOIN users u ON u.id = r.user_id WHERE r.day = ? AND r.sent_at IS NULL ORDER BY r.granted_at, r.user_id',
    day,
  )

/** Marks one reminder sent, only if it was not: true when this call did (a conditional update). */
export const markSent = async (db: Q, userId: number, day: string, at: number): Promise<boolean> =>
  (await db.run('UPDATE discount_day_reminders SET sent_at = ? WHERE user_id = ? AND day = ? AND sent_at IS NULL', at, userId, day)).changes === 1

/** A message in the subscription messages' outbox with no order (a discount day's reminder), to be sent after the commit. */
export const recordMessage = (db: Q, m: { userId: number; touser: string | null; templateId: string; event: string; page: string; data: string; at: number }) =>
  db.run(
    'INSERT INTO wechat_messages (user_id, order_id, touser, template_id, event, page, data, created_at, next_attempt_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)',
    m.userId,
    m.touser,
    m.templateId,
    m.event,
    m.page,
    m.data,
    m.at,
    m.at,
  )
