/**
 * One coordinate system between client and server: GCJ-02 (what WeChat and China's map services use).
 * The browser's WGS-84 is converted on the client before it is sent (platform/location.h5.ts).
 */
import { z } from 'zod'
import { distanceMeters, type GeoPoint } from './distance'

export type { GeoPoint } from './distance'

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

// Runtime helpers without zod (the app bundle imports them from ./distance; both are re-exported here).
export { distanceMeters, formatDistance } from './distance'

/**
 * Whether a point lies in a district (issue 44: a shop's map point; the same rule as a shopper's address): within the
 * district's reach of its centre — the distance from the centre to the district's farthest part, plus a margin. No
 * boundaries are shipped; the circle is the stated margin (it takes in a strip of the neighbouring districts, so a
 * pin a street over the line is kept). The reach of each district: server/domain/address/districtReach.ts.
 */
export const withinReach = (point: GeoPoint, area: { centre: GeoPoint; radius_m: number }): boolean => distanceMeters(point, area.centre) <= area.radius_m
