import type { Q } from '../storage/query'
import type { GradePrice, Station, StationDetail } from '../../src/contract/fuel'
import { OIL_GRADES, litresFor } from '../../src/contract/fuelEndpoints'
import { distanceMeters, type GeoPoint } from '../../src/contract/geo'
import { discountsOf } from './discount'
import { refuse } from './refusal'
import * as cards from '../storage/repo/cards'
import * as fuel from '../storage/repo/fuel'
import { pricesAt } from './fuelPrices'
import { inBusinessZone, nowMs, nowText } from '../time'

/** The business day prices are read for: "YYYY-MM-DD" in the business zone. */
export const businessDay = (at = nowMs()) => inBusinessZone(at).format('YYYY-MM-DD')

/** The shopper's card rate (null: no card, or nobody logged in): fuel's member price counts it as bills do. */
export const cardRateOf = async (db: Q, userId: number | null): Promise<number | null> => (userId === null ? null : ((await cards.activeMemberRate(db, userId, nowText())) ?? null))

/** Per litre after the station's discount and the card: the same rule as a bill of one litre's price. */
export function memberLitrePrice(price: number, stationRate: number, cardRate: number | null): number {
  const { discount, member } = discountsOf(price, stationRate, cardRate)
  return price - discount - member
}

/** The grades with the price in force at the server's now (./fuelPrices.ts: business-day prices and stated changes). */
async function gradesOf(db: Q, row: fuel.StationRow, cardRate: number | null): Promise<GradePrice[]> {
  return (await pricesAt(db, row.id)).map((g) => ({ grade: g.grade, price: g.price, member_price: memberLitrePrice(g.price, row.discount_rate, cardRate) }))
}

async function stationOf(db: Q, row: fuel.StationRow, at: GeoPoint | null, cardRate: number | null): Promise<Station> {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    city_id: row.city_id,
    address: row.address,
    hours: row.hours,
    lat: row.lat,
    lng: row.lng,
    discount_rate: row.discount_rate,
    distance: at ? distanceMeters(at, row) : null,
    grades: await gradesOf(db, row, cardRate),
  }
}

/** Stations near a point (nearest first, every city), or a city's (when no point), paged. */
export async function stationPage(db: Q, q: { at: GeoPoint | null; cityId?: number; userId: number | null; page: number; pageSize: number }) {
  const cardRate = await cardRateOf(db, q.userId)
  const rows = await fuel.stations(db, q.at ? undefined : q.cityId)
  const all = await Promise.all(rows.map((r) => stationOf(db, r, q.at, cardRate)))
  if (q.at) all.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id)
  const start = (q.page - 1) * q.pageSize
  return { list: all.slice(start, start + q.pageSize), total: all.length, page: q.page, page_size: q.pageSize }
}

export async function stationDetail(db: Q, id: number, at: GeoPoint | null, userId: number | null): Promise<StationDetail> {
  const row = await fuel.station(db, id)
  if (!row) throw refuse('station_not_found')
  const cardRate = await cardRateOf(db, userId)
  return { ...(await stationOf(db, row, at, cardRate)), phone: row.phone, pumps: await fuel.pumps(db, id), member_card: cardRate !== null }
}

/**
 * A fuel order's price per litre and figures, or a refusal a shopper can act on: an unknown grade, a grade
 * the station lacks (or has no price in force now), a pump it lacks, an amount out of range.
 */
export async function fuelTerms(db: Q, p: { shop_id: number; oil_grade: string; pump_no: number; amount: number }): Promise<{ litrePrice: number }> {
  if (!(await fuel.station(db, p.shop_id))) throw refuse('not_a_fuel_station')
  if (!(OIL_GRADES as readonly string[]).includes(p.oil_grade)) throw refuse('oil_grade_unknown', { grade: p.oil_grade })
  const price = (await pricesAt(db, p.shop_id)).find((g) => g.grade === p.oil_grade)?.price
  if (price === undefined) throw refuse('oil_grade_not_sold', { grade: p.oil_grade })
  if (!(await fuel.hasPump(db, p.shop_id, p.pump_no))) throw refuse('pump_not_found', { pump: p.pump_no })
  return { litrePrice: price }
}

export { litresFor }
