import type { Q } from '../query'

/**
 * What other verticals read and write of the discount days through Q, inside their own transactions (issue 28: the
 * discount days themselves are on the seam, server/storage/discountDays.ts):
 * - a bill's price (server/domain/orders.ts → discountDayCut): is today a discount day, the shop's extra rate. Days and
 *   shops are only written by the demo seed, on either engine.
 * - account deletion (server/http/routes/account.ts deleteAccount, in its transaction): the reminders go.
 * - the demo seed (server/domain/discountDay/discountDay.ts seedDiscountDays, in the seed's transaction).
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
