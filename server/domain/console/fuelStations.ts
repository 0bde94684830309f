import type { Q } from '../../storage/query'
import * as fuel from '../../storage/repo/fuel'
import * as prices from '../../storage/repo/fuelPrices'
import type { ConsoleFuelStationDetail } from '../../../src/contract/console'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { pricesAt } from '../fuelPrices'
import { named } from '../names'
import { refuse } from '../refusal'
import { nowMs } from '../../time'

/**
 * A fuel station's grades and pumps in the operator's console (issue 45, f45-fuel; docs/api.md "Console: fuel
 * stations"). Which shops are stations is the merchant sign-up's (shops.is_oil); here: a grade added with its first price
 * — an oil_price_changes row in force now, the price changes' own rule (server/domain/fuelPrices.ts), so the station
 * page, quotes and orders read it at once — the grades' order, a grade switched off (oil_grades.off_at: shoppers no
 * longer see or order it; a paid order keeps its litre price in its own detail) or on again, a pump added, and a pump
 * removed when no unpaid order still in its time names it (an order's pump is in its detail: the shopper pays at it).
 * Nothing is cached: every shopper's call reads these rows.
 */

export async function stationDetailOf(db: Q, shopId: number, lang: 'zh' | 'en'): Promise<ConsoleFuelStationDetail> {
  const st = await fuel.station(db, shopId)
  if (!st) throw refuse('station_not_found')
  const inForce = new Map((await pricesAt(db, shopId, nowMs(), true)).map((g) => [g.grade, g.price]))
  const grades = (await fuel.gradeRows(db, shopId)).map((g) => ({ grade: g.grade, price: inForce.get(g.grade) ?? null, offered: g.off_at === null }))
  return { id: st.id, name: st.name, brand: named(lang, st.brand), pumps: (await fuel.pumps(db, shopId)).map(Number), grades }
}

const requireStation = async (db: Q, shopId: number) => {
  if (!(await fuel.station(db, shopId))) throw refuse('station_not_found')
}

/** A grade the station lacks, last in its order, with its first price as a change in force now. */
export async function addGrade(db: Q, operatorId: number, p: { shop_id: number; grade: string; price: number }): Promise<void> {
  await requireStation(db, p.shop_id)
  const rows = await fuel.gradeRows(db, p.shop_id)
  if (rows.some((g) => g.grade === p.grade)) throw refuse('console_fuel_grade_exists', { grade: p.grade })
  const now = nowMs()
  await fuel.insertGrade(db, p.shop_id, p.grade, Math.max(0, ...rows.map((g) => Number(g.sort))) + 1)
  await prices.insertChange(db, { shop_id: p.shop_id, grade: p.grade, price: p.price, effective_at: now, created_by: operatorId, created_at: now })
}

/** Every grade of the station once, first to last; anything else moves nothing. */
export async function orderGrades(db: Q, shopId: number, order: readonly string[]): Promise<{ before: string[]; after: string[] }> {
  await requireStation(db, shopId)
  const before = (await fuel.gradeRows(db, shopId)).map((g) => g.grade)
  if (order.length !== before.length || new Set(order).size !== order.length || order.some((g) => !before.includes(g))) throw refuse('console_fuel_grade_order_invalid')
  for (const [i, grade] of order.entries()) await fuel.setGradeSort(db, shopId, grade, i + 1)
  return { before, after: [...order] }
}

export async function setGradeOffered(db: Q, shopId: number, grade: string, offered: boolean): Promise<{ before: boolean; after: boolean }> {
  await requireStation(db, shopId)
  const row = (await fuel.gradeRows(db, shopId)).find((g) => g.grade === grade)
  if (!row) throw refuse('oil_grade_not_sold', { grade })
  const before = row.off_at === null
  if (before !== offered) await fuel.setGradeOff(db, shopId, grade, offered ? null : nowMs())
  return { before, after: offered }
}

export async function addPump(db: Q, shopId: number, pumpNo: number): Promise<void> {
  await requireStation(db, shopId)
  if (await fuel.hasPump(db, shopId, pumpNo)) throw refuse('console_fuel_pump_exists', { pump: pumpNo })
  await fuel.insertPump(db, shopId, pumpNo)
}

/** A pump named by an unpaid order still in its time stays (the shopper is about to fuel at it); a paid order keeps its detail. */
export async function removePump(db: Q, shopId: number, pumpNo: number): Promise<void> {
  await requireStation(db, shopId)
  const naming = (await fuel.unpaidOilDetails(db, shopId, ORDER_STATUS.UNPAID, nowMs())).filter((d) => (JSON.parse(d) as { pump_no?: number }).pump_no === pumpNo).length
  if (naming > 0) throw refuse('console_fuel_pump_in_use', { pump: pumpNo, count: naming })
  if (!(await fuel.deletePump(db, shopId, pumpNo))) throw refuse('pump_not_found', { pump: pumpNo })
}
