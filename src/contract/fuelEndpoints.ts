/**
 * Fuel (issue 13), in the seed's naming style: the stations near the shopper and one station's grades,
 * prices and pumps. Paid as order kind `oil` (personal.order/preCreate, create).
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and these
 * calls are made only by the fuel screen (the payBill sub-package). Shapes are in ./fuel.ts.
 * Runtime values (no zod): the client imports this file for real.
 */
// The table is generated from the definitions in ./api/fuel.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { FUEL_ENDPOINTS, type FuelEndpointPath } from './generated/fuelEndpoints'

/** The grades the system knows, in the order screens show them. A station offers some of them. */
export const OIL_GRADES = ['92#', '95#', '98#', '0#'] as const
export type OilGrade = (typeof OIL_GRADES)[number]

/** One fuel payment, in cents: at least ¥1, at most ¥3,000 (the server refuses anything else). */
export const FUEL_MIN_CENTS = 100
export const FUEL_MAX_CENTS = 300_000

/** Litres an amount buys at a price per litre (both in cents), to 2 decimals — the server's figure. */
export const litresFor = (amountCents: number, litrePriceCents: number): number => Math.round((amountCents * 100) / litrePriceCents) / 100
