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
// The table is generated from the definitions in ./api/mall.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { MALL_ENDPOINTS, type MallEndpointPath } from './generated/mallEndpoints'

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
