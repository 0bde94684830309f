/**
 * The micro mall's cart (issue 24): shapes of the personal.mall_cart/* calls in ./mallEndpoints.ts. zod for the
 * server; the client imports types only. Kept on the server per shopper (weapp and H5 share it), one line per spec.
 * Checked out per store: personal.order/preCreate and create, kind `product`, source `mall`, with `items`
 * (src/contract/order.ts ProductPayload): the lines ordered leave the cart when the order is created. A line arrives
 * ticked (add), and the ticks stay within one store (issue 39).
 */
import { z } from 'zod'
import { Id } from './common'
import { OrderInfo } from './order'

/** At most this many of one spec on a line (also bounded by the spec's stock and the product's per-order limit). */
export const CART_LINE_MAX = 99
/** At most this many lines (specs) in one cart. */
export const CART_MAX_LINES = 50

/** One line of the cart, as it is now: the current price and stock, and whether it can be bought. */
export const CartLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  spec_id: z.number().int(),
  name: z.string(),
  spec_name: z.string(),
  image: z.string(),
  /** The spec's current price and member price (card holders), cents. */
  price: z.number().int(),
  member_price: z.number().int(),
  /**
   * What this shopper pays for one now (issue 39): the member price while they hold an active card, else the price —
   * as the order's quote prices it (server/domain/pricing/mall.ts). What the cart shows and adds up.
   */
  unit_price: z.number().int(),
  /** Ticked for checkout (kept on the server: both targets show the same). A line that cannot be bought now reads false. */
  checked: z.boolean(),
  quantity: z.number().int(),
  /** The spec's stock left now. */
  stock: z.number().int(),
  /** The most this line can hold now: the spec's stock, the product's per-order limit and CART_LINE_MAX (0 when sold out). */
  max: z.number().int(),
  /** Nothing left of this spec (the line stays, greyed, until the shopper removes it). */
  sold_out: z.boolean(),
  /** The product was taken off sale (greyed, cannot be checked out). */
  off_sale: z.boolean(),
  /** The quantity is more than is left: checking out needs it brought down to `max`. */
  over_stock: z.boolean(),
  /** The product can be picked up at its store. */
  pickup: z.boolean(),
})
export type CartLine = z.infer<typeof CartLine>

/** The lines of one store: checked out together, in one order, with one shipping fee. */
export const CartStore = z.object({
  /** The store: it ships the order (or it is picked up there). */
  store: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  /** The order's shipping fee when shipped (the highest of its products' fees: one parcel), cents. */
  shipping_fee: z.number().int(),
  lines: z.array(CartLine),
})
export type CartStore = z.infer<typeof CartStore>

/** The ticked lines that can be bought now: all of one store (checkout is one store's order), null when none. */
export const CartChecked = z.object({
  store_id: z.number().int(),
  lines: z.number().int(),
  pieces: z.number().int(),
  /** Σ unit_price × quantity, cents: the goods' price before shipping and coupons. */
  amount: z.number().int(),
})
export type CartChecked = z.infer<typeof CartChecked>

/** Pieces in the cart, as CartAnswer's `count`: the badge's answer (personal.mall_cart/count). */
export const CartCountAnswer = z.object({ count: z.number().int() })
export type CartCountAnswer = z.infer<typeof CartCountAnswer>

export const CartAnswer = z.object({
  /** Stores in the order their newest line was added, newest first; lines newest first. */
  stores: z.array(CartStore),
  /** Pieces in the cart (the badge). */
  count: z.number().int(),
  /** The shopper holds an active membership card: unit prices are member prices. */
  member: z.boolean(),
  checked: CartChecked.nullable(),
  /**
   * The shopper's unpaid orders made from the cart, not past their time, newest first (issue 39): their lines left the
   * cart when they were made; the cart says them with Pay and Cancel.
   */
  unpaid_orders: z.array(OrderInfo),
})
export type CartAnswer = z.infer<typeof CartAnswer>

const Quantity = z.number({ invalid_type_error: 'quantity must be a number' }).int('quantity must be a whole number').min(1, 'quantity is at least 1').max(CART_LINE_MAX, `quantity is at most ${CART_LINE_MAX}`)

/** Add a spec: to its line when it is there already (capped to what the line can hold). */
export const CartAddPayload = z.object({
  product_id: Id,
  spec_id: Id,
  quantity: Quantity.default(1),
})
export type CartAddPayload = z.input<typeof CartAddPayload>
export const CartAddAnswer = CartAnswer.extend({
  /** The line added to, as it is now; `capped`: fewer were added than asked (the stock or the limit). */
  added: z.object({ line_id: z.number().int(), quantity: z.number().int(), capped: z.boolean() }),
})
export type CartAddAnswer = z.infer<typeof CartAddAnswer>

/** Set a line's quantity (brought down to the line's `max` when more). */
export const CartSetPayload = z.object({ id: Id, quantity: Quantity })
export type CartSetPayload = z.input<typeof CartSetPayload>

/**
 * Tick or untick lines (the shopper's own; others' ids are ignored). Ticks stay within one store: ticking lines of one
 * store unticks every other store's; ids of several stores are refused (cart_check_one_store).
 */
export const CartCheckPayload = z.object({ ids: z.array(Id).min(1, 'ids must not be empty').max(CART_MAX_LINES), checked: z.boolean({ required_error: 'checked is required' }) })
export type CartCheckPayload = z.input<typeof CartCheckPayload>

/** Remove lines (the shopper's own; others' ids are ignored). */
export const CartRemovePayload = z.object({ ids: z.array(Id).min(1, 'ids must not be empty').max(CART_MAX_LINES) })
export type CartRemovePayload = z.input<typeof CartRemovePayload>
