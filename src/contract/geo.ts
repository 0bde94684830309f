/**
 * One coordinate system between client and server: GCJ-02 (what WeChat and China's map services use).
 * The browser's WGS-84 is converted on the client before it is sent (platform/location.h5.ts).
 */
import { z } from 'zod'

export interface GeoPoint {
  /** Latitude, degrees (GCJ-02). */
  lat: number
  /** Longitude, degrees (GCJ-02). */
  lng: number
}

/**
 * Where the shopper is, as optional query fields of a list call (both or neither): the server then answers
 * each row's `distance` in metres and sorts by it.
 */
export const GeoQuery = z.object({
  lat: z.coerce.number({ invalid_type_error: 'lat must be a number' }).min(-90).max(90).optional(),
  lng: z.coerce.number({ invalid_type_error: 'lng must be a number' }).min(-180).max(180).optional(),
})

/** The point of a GeoQuery when both halves are there, else null. */
export const pointOf = (q: { lat?: number; lng?: number }): GeoPoint | null =>
  q.lat === undefined || q.lng === undefined ? null : { lat: q.lat, lng: q.lng }

const EARTH_RADIUS_M = 6371008.8
const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance in metres (haversine), rounded to the metre. */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat)
  const dLng = rad(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))))
}

/** "350 m" under a kilometre, "2.4 km" up to 100 km, then "123 km" (the same in both languages). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(0, Math.round(meters))} m`
  const km = meters / 1000
  return km < 100 ? `${(Math.round(km * 10) / 10).toFixed(1)} km` : `${Math.round(km)} km`
}
