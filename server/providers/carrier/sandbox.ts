import type { ParcelState } from '../../../src/contract/mallEndpoints'
import type { ParcelTracker } from './types'

const HOUR = 3_600_000

/**
 * The sandbox carrier (issue 14, moved here in issue 40): every parcel moves through the same states at the same times
 * after it was shipped (docs/api.md "Parcels"), read on the carrier's clock — the server's clock plus what the sandbox
 * moved it by (POST /api/sandbox/carrierClock). Made up: a production server never uses it (server/http/app.ts).
 */
export const PARCEL_TIMELINE: ReadonlyArray<readonly [ParcelState, number]> = [
  ['shipped', 0],
  ['picked_up', 2 * HOUR],
  ['in_transit', 8 * HOUR],
  ['out_for_delivery', 26 * HOUR],
  ['delivered', 30 * HOUR],
]

export const sandboxTracker: ParcelTracker = {
  name: 'sandbox',
  tracked: true,
  local: true,
  track: async (parcel, now) => PARCEL_TIMELINE.filter(([, after]) => parcel.shipped_at + after <= now).map(([state, after]) => ({ state, at: parcel.shipped_at + after })),
}
