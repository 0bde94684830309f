import type { Q } from '../query'

export interface StationRow {
  id: number
  name: string
  brand: string
  city_id: number
  address: string
  hours: string
  phone: string
  lat: number
  lng: number
  discount_rate: number
}

const STATION_SELECT = `SELECT s.id, s.name, o.brand, s.city_id, s.address, s.hours, s.phone, s.lat, s.lng, s.discount_rate
  FROM oil_stations o JOIN shops s ON s.id = o.shop_id`

/** Every station, or a city's (few enough to sort by distance in code). */
export const stations = async (db: Q, cityId?: number) =>
  (cityId ? (await db.all(`${STATION_SELECT} WHERE s.city_id = ? ORDER BY s.id`, cityId)) : (await db.all(`${STATION_SELECT} ORDER BY s.id`))) as StationRow[]

export const station = async (db: Q, id: number) => (await db.get(`${STATION_SELECT} WHERE s.id = ?`, id)) as StationRow | undefined

export const pumps = async (db: Q, shopId: number) => ((await db.all('SELECT pump_no FROM oil_pumps WHERE shop_id = ? ORDER BY pump_no', shopId)) as Array<{ pump_no: number }>).map((r) => r.pump_no)

export const hasPump = async (db: Q, shopId: number, pumpNo: number) => (await db.get('SELECT 1 AS one FROM oil_pumps WHERE shop_id = ? AND pump_no = ?', shopId, pumpNo)) !== undefined

/**
 * The grades a station offers with the list price in force on `day` (business date "YYYY-MM-DD"): per grade the
 * price with the latest effective_from on or before it. A grade with no price in force yet is not offered.
 */
export const pricesOn = async (db: Q, shopId: number, day: string) =>
  (await db.all(`SELECT g.grade, (SELECT h.price FROM oil_price_history h WHERE h.shop_id = g.shop_id AND h.grade = g.grade AND h.effective_from <= ?
       ORDER BY h.effective_from DESC LIMIT 1) AS price
     FROM oil_grades g WHERE g.shop_id = ? ORDER BY g.sort, g.grade`, day, shopId))
    .filter((r): r is { grade: string; price: number } => (r as { price: number | null }).price !== null) as Array<{ grade: string; price: number }>

/** Set a grade's price from a business day on (the sandbox's price move; a scheduled change is the same row in the future). */
export const setPrice = (db: Q, shopId: number, grade: string, price: number, from: string) =>
  db.run('INSERT INTO oil_price_history (shop_id, grade, price, effective_from) VALUES (?, ?, ?, ?) ON CONFLICT (shop_id, grade, effective_from) DO UPDATE SET price = excluded.price', shopId, grade, price, from)

export const offersGrade = async (db: Q, shopId: number, grade: string) => (await db.get('SELECT 1 AS one FROM oil_grades WHERE shop_id = ? AND grade = ?', shopId, grade)) !== undefined

// ——— f45-fuel: a station's grades and pumps in the console (server/domain/console/fuelStations.ts) ———

/** A station's grades as stored, switched-off ones too (off_at ms; NULL while offered), in the shoppers' order. */
export const gradeRows = async (db: Q, shopId: number) =>
  (await db.all('SELECT grade, sort, off_at FROM oil_grades WHERE shop_id = ? ORDER BY sort, grade', shopId)) as Array<{ grade: string; sort: number; off_at: number | null }>

export const insertGrade = (db: Q, shopId: number, grade: string, sort: number) => db.run('INSERT INTO oil_grades (shop_id, grade, sort) VALUES (?, ?, ?)', shopId, grade, sort)

export const setGradeSort = (db: Q, shopId: number, grade: string, sort: number) => db.run('UPDATE oil_grades SET sort = ? WHERE shop_id = ? AND grade = ?', sort, shopId, grade)

export const setGradeOff = (db: Q, shopId: number, grade: string, offAt: number | null) => db.run('UPDATE oil_grades SET off_at = ? WHERE shop_id = ? AND grade = ?', offAt, shopId, grade)

export const insertPump = (db: Q, shopId: number, pumpNo: number) => db.run('INSERT INTO oil_pumps (shop_id, pump_no) VALUES (?, ?)', shopId, pumpNo)

export const deletePump = async (db: Q, shopId: number, pumpNo: number) => (await db.run('DELETE FROM oil_pumps WHERE shop_id = ? AND pump_no = ?', shopId, pumpNo)).changes === 1

/** The details (JSON text, with pump_no) of a station's fuel orders still unpaid and not past their time. */
export const unpaidOilDetails = async (db: Q, shopId: number, status: number, now: number) =>
  ((await db.all("SELECT detail FROM orders WHERE shop_id = ? AND kind = 'oil' AND status = ? AND expire_at > ?", shopId, status, now)) as Array<{ detail: string }>).map((r) => r.detail)
