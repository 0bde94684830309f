/**
 * One coordinate system between client and server: GCJ-02 (what WeChat and China's map services use).
 * The browser's WGS-84 is converted on the client before it is sent (platform/location.h5.ts).
 */
import { z } from 'zod'
import type { GeoPoint } from './distance'

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
