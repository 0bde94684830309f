import type { Q } from '../storage/query'
import * as prices from '../storage/repo/fuelPrices'
import { inBusinessZone, nowMs, parseText } from '../time'

/**
 * The list price per litre in force at an instant (issue 45): per grade of a station, the later of the business-day
 * price (oil_price_history: from the business day's midnight) and the latest change an operator stated for an instant
 * at or before `now` (oil_price_changes; a change and a day row taking effect at the same instant: the change). A
 * grade with neither is not offered, nor is one an operator switched off (oil_grades.off_at; `withOff`: the console's view). What the shopper's station list, station page, quotes and orders read
 * (server/domain/fuel.ts), at the server's now.
 */
export async function pricesAt(db: Q, shopId: number, now = nowMs(), withOff = false): Promise<Array<{ grade: string; price: number }>> {
  const day = inBusinessZone(now).format('YYYY-MM-DD')
  const rows = await prices.gradePriceSources(db, shopId, day, now, withOff)
  const out: Array<{ grade: string; price: number }> = []
  for (const r of rows) {
    const dayAt = r.day_from === null ? null : parseText(r.day_from).valueOf()
    if (r.change_price !== null && r.change_at !== null && (dayAt === null || Number(r.change_at) >= dayAt)) out.push({ grade: r.grade, price: Number(r.change_price) })
    else if (r.day_price !== null) out.push({ grade: r.grade, price: Number(r.day_price) })
  }
  return out
}
