import type { Q } from '../query'
import { sql, type DB } from '../db'

/**
 * What other verticals still read and write of the discount days synchronously, inside their SQLite work (issue 28: the
 * discount days themselves are on the seam, server/storage/discountDays.ts):
 * - a bill's price (server/domain/orders.ts → discountDayCut): is today a discount day, the shop's extra rate. Days and
 *   shops are only written by the demo seed (on SQLite, copied into PostgreSQL in the hybrid), so both engines agree.
 * - account deletion (server/http/routes/account.ts deleteAccount, in its transaction): the reminders go.
 * - the demo seed (server/demo/seed.ts).
 */

export const isDiscountDay = async (db: Q, day: string): Promise<boolean> => (await db.get('SELECT 1 AS one FROM discount_days WHERE day = ?', day)) !== undefined

/** A shop's extra rate (percent paid) when it takes part; null otherwise. */
export const extraRateOf = async (db: Q, shopId: number): Promise<number | null> =>
  ((await db.get('SELECT extra_rate FROM discount_day_shops WHERE shop_id = ?', shopId)) as { extra_rate: number } | undefined)?.extra_rate ?? null

export const deleteRemindersOf = async (db: Q, userId: number): Promise<void> => void await db.run('DELETE FROM discount_day_reminders WHERE user_id = ?', userId)

export const hasDiscountDays = (db: DB): boolean => sql(db, 'SELECT 1 FROM discount_days LIMIT 1').get() !== undefined

export const addDay = (db: DB, day: string): void => void sql(db, 'INSERT INTO discount_days (day) VALUES (?) ON CONFLICT DO NOTHING').run(day)

/** Only a shop the database has (an older database seeded before some demo shops existed has fewer). */
export const addShop = (db: DB, shopId: number, rate: number): void =>
  void sql(db, 'INSERT INTO discount_day_shops (shop_id, extra_rate) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM shops WHERE id = ?) ON CONFLICT DO NOTHING').run(shopId, rate, shopId)
