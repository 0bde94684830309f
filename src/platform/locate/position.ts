import type { Place } from '../location.types'

/** A point a map can show: finite, on the globe, and not the 0,0 of a place whose position was never set. */
export const hasPosition = (place: Place): boolean =>
  Number.isFinite(place.lat) && Number.isFinite(place.lng) && Math.abs(place.lat) <= 90 && Math.abs(place.lng) <= 180 && !(place.lat === 0 && place.lng === 0)
