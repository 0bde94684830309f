import type { Q } from '../storage/query'
import * as mall from '../storage/repo/mall'
import * as seckill from '../storage/repo/seckill'
import type { OrderRow } from '../storage/repo/orders'
import type { MallDetail, MallItemDetail } from './pricing/mall'
import { returnTakeoutStock } from './takeout/stock'

/**
 * An order's detail and the stock it holds (moved out of orders.ts, issue 40, so that a refund the provider settles —
 * server/domain/pay/refundSettle.ts, called by the outbox — can give the stock back without importing orders.ts, which
 * imports the outbox).
 */

export const detailOf = (row: OrderRow): Record<string, unknown> => {
  try {
    const d: unknown = JSON.parse(row.detail)
    return d && typeof d === 'object' ? (d as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A mall order's lines when it has several (null for every other order). */
export const mallItemsOf = (row: OrderRow): MallItemDetail[] | null => {
  if (row.spec_id === null) return null
  const items = (detailOf(row) as Partial<MallDetail>).items
  return Array.isArray(items) && items.length > 0 ? items : null
}

/** Give back the stock an order held: a mall spec's, a flash-sale product's, or a takeout order's dishes' daily stock (issue 44). */
export async function returnOrderStock(db: Q, row: OrderRow): Promise<void> {
  const items = mallItemsOf(row)
  if (items) for (const i of items) await mall.returnSpecStock(db, i.spec_id, i.quantity)
  else if (row.spec_id !== null) await mall.returnSpecStock(db, row.spec_id, row.quantity)
  else if (row.kind === 'product' && row.ref_id) await seckill.returnStock(db, row.ref_id, row.quantity)
  else if (row.kind === 'takeout') await returnTakeoutStock(db, row)
}
