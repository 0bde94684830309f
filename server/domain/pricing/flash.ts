import type { Q } from '../../storage/query'
import * as seckill from '../../storage/repo/seckill'
import { refuse } from '../refusal'
import type { KindPayload, KindPriced } from './kind'

/** What a flash-sale order cannot carry, a mall product's options (refused flash_sale_no_options): the one rule. */
export const flashHasOptions = (p: KindPayload<'product'>): boolean => p.items !== undefined || p.spec_id !== undefined || p.delivery !== undefined || p.address_id !== undefined

/**
 * A flash-sale product (a product order without `source: 'mall'`): the sale's price × quantity, kept as the list price
 * less a discount; no options (spec, delivery, address, several items). Its time, per-person limit and stock are
 * checked when the order is created (takeFlashStock in server/domain/orders.ts).
 */
export async function priceFlash(db: Q, p: KindPayload<'product'>): Promise<KindPriced> {
  if (p.product_id === undefined && p.items === undefined) throw refuse('product_required')
  if (flashHasOptions(p) || p.product_id === undefined) throw refuse('flash_sale_no_options')
  // A product the console took off sale is no longer priced (nor ordered).
  const prod = await seckill.flashPrice(db, p.product_id)
  if (!prod) throw refuse('product_not_found')
  const quantity = p.quantity
  return {
    title: prod.name,
    original: prod.original_price * quantity,
    discount: (prod.original_price - prod.price) * quantity,
    member: 0,
    fee: 0,
    // Collected at its pickup store: the order is that store's (its staff verify the code).
    shopId: prod.pickup_shop_id,
    refId: prod.id,
    quantity,
    detail: {},
    lines: [],
    flash: { start_time: prod.start_time, end_time: prod.end_time, stock: prod.stock, limit_per_user: prod.limit_per_user },
  }
}
