import type { ParcelState } from '../../../src/contract/mallEndpoints'

/**
 * Parcel tracking (issue 40): where a shipped parcel is, as a carrier-tracking service reports it. The store enters the
 * carrier and the waybill number when it ships (hui_shanghu.store_order/ship); what happens to the parcel after that is a
 * tracker's to say — or nobody's: tracking is optional. Chosen at start (server/http/app.ts) and handed to the domain
 * (server/domain/shipping.ts), which imports only this file.
 *
 * - `sandbox` (./sandbox.ts): the made-up carrier of the sandbox, moving every parcel through fixed states at fixed times
 *   after it was shipped, on the carrier's clock (the sandbox can move it). Never in production.
 * - `none` (./none.ts): production without a tracking service. The shopper sees the carrier and the waybill number (to
 *   copy into the carrier's own app) and no made-up events; the order completes when the shopper confirms receipt, or by
 *   the timer UNTRACKED_AUTO_COMPLETE_DAYS after it was shipped.
 * - a real service (Kuaidi100, Cainiao, a carrier's own API …) would implement the same interface: asked by the
 *   housekeeping sweep only, outside any transaction — never in a shopper's read — its events stored as they come.
 */

/** A shipped parcel as the tracker is asked about it. */
export interface Parcel {
  order_id: number
  /** The carrier code the store chose (src/contract/mallEndpoints.ts CARRIERS). */
  carrier: string
  /** The waybill number, upper case. */
  tracking_no: string
  /** When the store shipped it (ms, on the carrier's clock). */
  shipped_at: number
}

/** A state the tracker reports, with when it was reached (ms). */
export interface TrackedEvent {
  state: ParcelState
  at: number
}

export interface ParcelTracker {
  readonly name: 'sandbox' | 'none' | (string & Record<never, never>)
  /** false: nothing reports where parcels are (`none`): no events after "shipped", completion by confirmation or the timer. */
  readonly tracked: boolean
  /**
   * true: the answer follows from the parcel alone, in this process, at once (the sandbox's timeline) — a shopper's read
   * may ask it. false: a call that leaves the machine — the sweep alone asks it, and reads answer what was stored.
   */
  readonly local: boolean
  /** The states the parcel has reached by `now`, oldest first. A failure throws (the next sweep asks again). */
  track(parcel: Parcel, now: number): Promise<TrackedEvent[]>
}
