/**
 * The micro mall and parcels (issue 14), in the seed's naming style. Shapes are in ./mall.ts.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and these
 * calls are made only by the mall's sub-package, the logistics screen and the order screens' parcel parts.
 * Runtime values (no zod): the client imports this file for real.
 *
 * Mall products are paid as order kind `product` with `source: 'mall'` (personal.order/preCreate, create;
 * src/contract/order.ts ProductPayload).
 */
export const MALL_ENDPOINTS = {
  /** Categories, in the order the mall shows them. */
  'hui_public.mall_category/index': 'GET',
  /** Products, paged: by category, by special, or by keyword (Search's product tab). */
  'hui_public.mall_product/index': 'GET',
  /** One product with its specs (each with its price, member price and stock). */
  'hui_public.mall_product/read': 'GET',
  /** One special: banner, title, text (its products: mall_product/index with special_id). */
  'hui_public.mall_special/read': 'GET',
  /** The promotion gallery: slides, each linking to a product or a special. */
  'hui_public.mall_gallery/index': 'GET',
  /** The shopper's parcel of one of their orders: carrier, tracking number, events newest first. */
  'personal.order/logistics': 'GET',
  /** The shopper confirms a shipped parcel arrived: the order is completed. */
  'personal.order/confirmReceipt': 'POST',
  /** The shopper's cart (issue 24; ./mallCart.ts): lines grouped by store with their current price and stock. */
  'personal.mall_cart/index': 'GET',
  /** Add a product's spec (the same spec again adds to its line, capped to its stock and limit). */
  'personal.mall_cart/add': 'POST',
  /** Set a line's quantity. */
  'personal.mall_cart/setQuantity': 'POST',
  /** Tick or untick lines for checkout (issue 39; the ticks stay within one store). */
  'personal.mall_cart/check': 'POST',
  /** Remove lines. */
  'personal.mall_cart/remove': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type MallEndpointPath = keyof typeof MALL_ENDPOINTS

/** Carriers the store can choose when shipping (the sandbox carrier tracks every one of them; in production a tracking service may, or none). */
export const CARRIERS = ['SF', 'ZTO', 'YTO', 'JD', 'EMS'] as const
export type Carrier = (typeof CARRIERS)[number]

/**
 * A parcel's tracking states, in order. The sandbox carrier moves a parcel through them at fixed times after
 * it is shipped (server/domain/shipping.ts PARCEL_TIMELINE), read on the carrier's clock (the sandbox can move it).
 * `received` is the shopper's, not the carrier's (issue 39): receipt confirmed (or the order completed by itself after
 * delivery) — the parcel is in the shopper's hands, whatever the carrier last said.
 */
export const PARCEL_STATES = ['shipped', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'received'] as const
export type ParcelState = (typeof PARCEL_STATES)[number]

/** A delivered parcel the shopper does not confirm completes by itself this many days after delivery. */
export const AUTO_COMPLETE_DAYS = 7

/**
 * Without a tracking service (a production server without one: nothing reports delivery, issue 40) a shipped parcel the
 * shopper does not confirm completes by itself this many days after it was shipped — the usual automatic confirmation of
 * receipt of China's marketplaces for goods sent by post (docs/decisions/2026-12-06-parcels-without-tracking.md).
 */
export const UNTRACKED_AUTO_COMPLETE_DAYS = 10
