import type { Q } from '../query'

/**
 * Fuel prices with the operator's stated changes (issue 45): per grade of a station, the business-day price in force
 * (oil_price_history, the latest effective_from on or before the day) and the latest stated change in force at an
 * instant (oil_price_changes, effective_at ≤ now, not cancelled). server/domain/fuelPrices.ts picks the later of the two.
 */
export interface GradePriceSources {
  grade: string
  day_price: number | null
  day_from: string | null
  change_price: number | null
  change_at: number | null
}

/** `withOff`: the grades switched off too (the console's view; shoppers never read them). */
export const gradePriceSources = async (db: Q, shopId: number, day: string, now: number, withOff = false) =>
  db.all<GradePriceSources>(
    `SELECT g.grade,
       (SELECT h.price FROM oil_price_history h WHERE h.shop_id = g.shop_id AND h.grade = g.grade AND h.effective_from <= ? ORDER BY h.effective_from DESC LIMIT 1) AS day_price,
       (SELECT h.effective_from FROM oil_price_history h WHERE h.shop_id = g.shop_id AND h.grade = g.grade AND h.effective_from <= ? ORDER BY h.effective_from DESC LIMIT 1) AS day_from,
       (SELECT c.price FROM oil_price_changes c WHERE c.shop_id = g.shop_id AND c.grade = g.grade AND c.cancelled_at IS NULL AND c.effective_at <= ? ORDER BY c.effective_at DESC, c.id DESC LIMIT 1) AS change_price,
       (SELECT c.effective_at FROM oil_price_changes c WHERE c.shop_id = g.shop_id AND c.grade = g.grade AND c.cancelled_at IS NULL AND c.effective_at <= ? ORDER BY c.effective_at DESC, c.id DESC LIMIT 1) AS change_at
     FROM oil_grades g WHERE g.shop_id = ?${withOff ? '' : ' AND g.off_at IS NULL'} ORDER BY g.sort, g.grade`,
    day,
    day,
    now,
    now,
    shopId,
  )

export interface PriceChangeRow {
  id: number
  shop_id: number
  grade: string
  price: number
  effective_at: number
  created_by: number | null
  created_at: number
  cancelled_at: number | null
}

const CHANGE_COLUMNS = 'id, shop_id, grade, price, effective_at, created_by, created_at, cancelled_at'

/** Changes still to come (after `now`, not cancelled), soonest first. */
export const pendingChanges = async (db: Q, now: number) =>
  db.all<PriceChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM oil_price_changes WHERE effective_at > ? AND cancelled_at IS NULL ORDER BY effective_at, id`, now)

/** Business-day rows still to come (after `day`): the demo's scheduled changes. */
export const pendingDayPrices = async (db: Q, day: string) =>
  db.all<{ shop_id: number; grade: string; price: number; effective_from: string }>('SELECT shop_id, grade, price, effective_from FROM oil_price_history WHERE effective_from > ? ORDER BY effective_from', day)

export const change = async (db: Q, id: number) => db.get<PriceChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM oil_price_changes WHERE id = ?`, id)

export const insertChange = (db: Q, c: Omit<PriceChangeRow, 'id' | 'cancelled_at'>) =>
  db.insert('INSERT INTO oil_price_changes (shop_id, grade, price, effective_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)', c.shop_id, c.grade, c.price, c.effective_at, c.created_by, c.created_at)

/** Cancel a change not yet in force: 0 changes when it already took effect or was cancelled. */
export const cancelChange = async (db: Q, id: number, now: number): Promise<boolean> =>
  (await db.run('UPDATE oil_price_changes SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL AND effective_at > ?', now, id, now)).changes === 1
