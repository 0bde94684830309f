import type { ParcelTracker } from './types'

/**
 * No tracking service (production's default, issue 40): nothing reports where a parcel is after the store shipped it. The
 * shopper reads the carrier and the waybill number (and looks it up in the carrier's app); the order completes by their
 * confirmation or UNTRACKED_AUTO_COMPLETE_DAYS after shipping (server/domain/shipping.ts sweepParcels).
 */
export const noTracker: ParcelTracker = {
  name: 'none',
  tracked: false,
  local: true,
  track: async () => [],
}
