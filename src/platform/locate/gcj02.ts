/**
 * WGS-84 (what browsers' geolocation gives) → GCJ-02 (what WeChat, China's map services and our server use): the
 * published transform (Krasovsky 1940 ellipsoid), a few hundred metres of shift inside China and none outside it.
 * Written out instead of a package: ~0.6 KB minified, in the lazily loaded location chunk.
 */
import type { GeoPoint } from '@/contract/geo'

const A = 6378245.0
const EE = 0.006693421622965943
const PI = Math.PI

/** The transform applies inside China's bounding box only (elsewhere both systems agree). */
export const outOfChina = ({ lat, lng }: GeoPoint) => lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271

const wave = (x: number, y: number) => ((20 * Math.sin(6 * x * PI) + 20 * Math.sin(2 * x * PI)) * 2) / 3 + y

function shiftLat(x: number, y: number): number {
  const r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x))
  return wave(x, r) + ((20 * Math.sin(y * PI) + 40 * Math.sin((y / 3) * PI)) * 2) / 3 + ((160 * Math.sin((y / 12) * PI) + 320 * Math.sin((y * PI) / 30)) * 2) / 3
}

function shiftLng(x: number, y: number): number {
  const r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x))
  return wave(x, r) + ((20 * Math.sin(x * PI) + 40 * Math.sin((x / 3) * PI)) * 2) / 3 + ((150 * Math.sin((x / 12) * PI) + 300 * Math.sin((x / 30) * PI)) * 2) / 3
}

export function wgs84ToGcj02(p: GeoPoint): GeoPoint {
  if (outOfChina(p)) return { lat: p.lat, lng: p.lng }
  const x = p.lng - 105
  const y = p.lat - 35
  const radLat = (p.lat / 180) * PI
  const magic = 1 - EE * Math.sin(radLat) * Math.sin(radLat)
  const sqrtMagic = Math.sqrt(magic)
  const dLat = (shiftLat(x, y) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * PI)
  const dLng = (shiftLng(x, y) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * PI)
  return { lat: p.lat + dLat, lng: p.lng + dLng }
}
