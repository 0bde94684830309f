import type { Q } from '../../storage/query'
import type { z } from 'zod'
import type { OilFigures, OrderPayload, PriceQuote } from '../../../src/contract/order'
import * as cards from '../../storage/repo/cards'
import { nowText } from '../../time'
import type { TakeoutPriced } from '../takeout/priced'

/**
 * What pricing one kind of order gives priceOrder (server/domain/orders.ts), the same shape for every kind: card.ts,
 * bill.ts (bills and fuel), flash.ts, mall.ts here, takeout in server/domain/takeout/pricing.ts. priceOrder adds the
 * coupon and the total. Synchronous: create prices inside the order's SQLite transaction.
 */

/** One kind's payload (the contract's union, parsed). */
export type KindPayload<K extends z.output<typeof OrderPayload>['kind']> = Extract<z.output<typeof OrderPayload>, { kind: K }>

export interface KindPriced {
  title: string
  original: number
  /** The shop's (or the sale's) discount; a card upgrade's credit. */
  discount: number
  /** The card's member discount. */
  member: number
  fee: number
  shopId: number | null
  refId: number | null
  quantity: number
  /** What create stores as the order's detail (JSON, in this key order: read back by orders.ts and the store). */
  detail: Record<string, unknown>
  /** The quote's lines (the shipping fee, takeout's fees). */
  lines: PriceQuote['lines']
  /** A card: renewal, upgrade or new (the quote's `card`). */
  card?: PriceQuote['card']
  /** Fuel: the litres and the price per litre (the quote's `oil`). */
  oil?: OilFigures
  /** A bill on a discount day (issue 26): the further cut, apart from `discount` in the quote. */
  discountDay?: NonNullable<PriceQuote['discount_day']>
  /** Mall: the spec (its stock is taken at create), how it is delivered, each spec's quantity taken at create. */
  mall?: { specId: number; delivery: 'ship' | 'pickup'; specTakes: Array<{ specId: number; quantity: number }> }
  /** Takeout: its quote and what create keeps in takeout_orders. */
  takeout?: TakeoutPriced
  /** A flash sale: what create checks (today's session times, the stock and the limit per shopper, read with the price). */
  flash?: FlashState
}

/** A flash-sale product's state as pricing read it: create's time, stock and per-person checks use it (no second read). */
export interface FlashState {
  start_time: string
  end_time: string
  stock: number
  limit_per_user: number
}

/** The shopper's active card rate, if any: its extra member discount applies to bills, fuel, takeout dishes; a card holder pays mall member prices. */
export async function activeCardRate(db: Q, userId: number): Promise<number | null> {
  return (await cards.activeMemberRate(db, userId, nowText())) ?? null
}
