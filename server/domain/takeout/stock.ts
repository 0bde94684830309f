import type { Q } from '../../storage/query'
import { refuse } from '../refusal'
import * as menu from '../../storage/repo/menu'
import type { OrderRow } from '../../storage/repo/orders'

/**
 * A dish's daily stock (issue 44): pieces a business day, set by the store (null: unlimited). The quote refuses a line
 * that asks for more than is left (server/domain/takeout/pricing.ts); create takes the pieces in the order's transaction,
 * each dish in one conditional statement (concurrent orders never take more than the stock: repo/menu.ts takeDishStock);
 * an unpaid order cancelled, or a paid one refused before the store accepted it, gives them back to the day they were
 * taken on (kept in the order's detail as `stock_day`). A day's stock starts whole: yesterday's sales do not count today.
 */

interface StockDetail {
  stock_day?: unknown
  items?: Array<{ id?: unknown; name?: unknown; quantity?: unknown }>
}

const linesOf = (detail: StockDetail): Array<{ id: number; name: string; quantity: number }> =>
  (Array.isArray(detail.items) ? detail.items : []).flatMap((i) =>
    typeof i.id === 'number' && typeof i.quantity === 'number' && i.quantity > 0 ? [{ id: i.id, name: typeof i.name === 'string' ? i.name : '', quantity: i.quantity }] : [],
  )

/** Sums a cart's lines by dish (one dish with two option choices is two lines of one stock). */
function byDish(detail: StockDetail): Map<number, { name: string; quantity: number }> {
  const out = new Map<number, { name: string; quantity: number }>()
  for (const l of linesOf(detail)) out.set(l.id, { name: l.name, quantity: (out.get(l.id)?.quantity ?? 0) + l.quantity })
  return out
}

/** Create: each dish's pieces taken from its day's stock, or the order refused (the transaction gives back what was taken). */
export async function takeTakeoutStock(db: Q, detail: StockDetail): Promise<void> {
  const day = typeof detail.stock_day === 'string' ? detail.stock_day : null
  if (day === null) return
  for (const [dishId, { name, quantity }] of byDish(detail)) {
    if (!(await menu.takeDishStock(db, dishId, day, quantity))) {
      const left = (await menu.stockLeft(db, dishId, day)) ?? 0
      throw left === 0 ? refuse('takeout_dish_sold_out', { name }) : refuse('takeout_dish_stock_short', { name, left })
    }
  }
}

/** An order that will not be made: what it took of its day's stock goes back. */
export async function returnTakeoutStock(db: Q, row: OrderRow): Promise<void> {
  if (row.kind !== 'takeout') return
  let detail: StockDetail
  try {
    detail = JSON.parse(row.detail) as StockDetail
  } catch {
    return
  }
  if (typeof detail.stock_day !== 'string') return
  for (const [dishId, { quantity }] of byDish(detail)) await menu.returnDishStock(db, dishId, detail.stock_day, quantity)
}
