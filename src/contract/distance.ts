/** Distances between GCJ-02 points and how a shopper reads them (no zod: the app bundle imports this file). */

/** A point in GCJ-02 (the one coordinate system between client and server: ./geo.ts). */
export interface GeoPoint {
  /** Latitude, degrees (GCJ-02). */
  lat: number
  /** Longitude, degrees (GCJ-02). */
  lng: number
}

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
