import type { Q } from '../../storage/query'
import * as fuel from '../../storage/repo/fuel'
import * as prices from '../../storage/repo/fuelPrices'
import type { PriceChangeRow } from '../../storage/repo/fuelPrices'
import type { FuelChange, FuelIndexAnswer } from '../../../src/contract/console'
import { pricesAt } from '../fuelPrices'
import { named } from '../names'
import { refuse } from '../refusal'
import { fmt, inBusinessZone, nowMs, parseText } from '../../time'

/**
 * Fuel prices in the operator's console (issue 45): each station's grades with the price in force now (the shoppers'
 * rule, server/domain/fuelPrices.ts) and the changes still to come; a change stated for an instant (now or later), kept
 * in oil_price_changes and read by every shopper's call from that instant on — nothing cached. A quote given before the
 * change and created after it is refused with `fuel_price_moved` and the new quote (server/domain/pricing/bill.ts, the
 * rule of every price move); an order created keeps its litre price in its detail.
 */

export const changeOf = (c: PriceChangeRow): FuelChange => ({
  id: Number(c.id),
  shop_id: Number(c.shop_id),
  grade: c.grade,
  price: Number(c.price),
  effective_at: Number(c.effective_at),
  effective_at_text: fmt(Number(c.effective_at)),
  cancelled_at: c.cancelled_at === null ? null : Number(c.cancelled_at),
})

export async function fuelIndex(db: Q, lang: 'zh' | 'en'): Promise<FuelIndexAnswer> {
  const now = nowMs()
  const day = inBusinessZone(now).format('YYYY-MM-DD')
  const [stations, changes, dayRows] = await Promise.all([fuel.stations(db), prices.pendingChanges(db, now), prices.pendingDayPrices(db, day)])
  const out = []
  for (const st of stations) {
    const inForce = new Map((await pricesAt(db, st.id, now, true)).map((g) => [g.grade, g.price]))
    const grades = (await prices.gradePriceSources(db, st.id, day, now, true)).map((g) => {
      const pending = [
        ...changes.filter((c) => Number(c.shop_id) === st.id && c.grade === g.grade).map((c) => ({ id: Number(c.id), price: Number(c.price), effective_at: Number(c.effective_at), effective_at_text: fmt(Number(c.effective_at)) })),
        ...dayRows
          .filter((r) => Number(r.shop_id) === st.id && r.grade === g.grade)
          .map((r) => {
            const at = parseText(r.effective_from).valueOf()
            return { id: null, price: Number(r.price), effective_at: at, effective_at_text: fmt(at) }
          }),
      ].sort((a, b) => a.effective_at - b.effective_at)
      return { grade: g.grade, price: inForce.get(g.grade) ?? null, pending }
    })
    out.push({ id: st.id, name: st.name, brand: named(lang, st.brand), grades })
  }
  return { stations: out, now, now_text: fmt(now) }
}

export async function scheduleChange(db: Q, operatorId: number, p: { shop_id: number; grade: string; price: number; effective_at?: string }): Promise<{ before: { grade: string; price: number | null }; after: FuelChange }> {
  if (!(await fuel.station(db, p.shop_id))) throw refuse('station_not_found')
  if (!(await fuel.offersGrade(db, p.shop_id, p.grade))) throw refuse('oil_grade_not_sold', { grade: p.grade })
  const now = nowMs()
  // A stated minute still running (the form's "now" a few seconds late) is now; one before it is refused.
  const at = p.effective_at === undefined ? now : Math.max(parseText(p.effective_at).valueOf(), now)
  if (p.effective_at !== undefined && parseText(p.effective_at).valueOf() + 60_000 <= now) throw refuse('console_fuel_time_past')
  const inForce = (await pricesAt(db, p.shop_id, now, true)).find((g) => g.grade === p.grade)?.price ?? null
  const id = await prices.insertChange(db, { shop_id: p.shop_id, grade: p.grade, price: p.price, effective_at: at, created_by: operatorId, created_at: now })
  return { before: { grade: p.grade, price: inForce }, after: changeOf((await prices.change(db, id)) as PriceChangeRow) }
}

export async function cancelChange(db: Q, id: number): Promise<{ before: FuelChange; after: FuelChange }> {
  const row = await prices.change(db, id)
  if (!row) throw refuse('console_fuel_change_not_pending')
  if (!(await prices.cancelChange(db, id, nowMs()))) throw refuse('console_fuel_change_not_pending')
  return { before: changeOf(row), after: changeOf((await prices.change(db, id)) as PriceChangeRow) }
}
