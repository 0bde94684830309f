import { useCallback, useEffect, useRef, useState } from 'react'
import type { GeoPoint } from '@/contract/geo'
import { locator } from '@/platform/location'
import type { LocateResult } from '@/platform/location.types'

export type LocationState =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'located'; point: GeoPoint }
  | { state: 'failed'; failed: 'denied' | 'timeout' | 'unavailable' }

/** ~10 m: a list is not asked again for a fix that moved less. */
const round = (p: GeoPoint): GeoPoint => ({ lat: Math.round(p.lat * 1e4) / 1e4, lng: Math.round(p.lng * 1e4) / 1e4 })

/**
 * The shopper's location for a screen that needs it (Home's nearby list, Discount bill). Nothing is asked at
 * mount: when location is already allowed the fix is taken quietly, otherwise the screen offers `locate`.
 * A failure leaves the screen on its city picker; `allowLater` (weapp: the settings page) locates again when
 * location is allowed now.
 */
export function useShopperLocation() {
  const [loc, setLoc] = useState<LocationState>({ state: 'idle' })
  const alive = useRef(true)
  const locate = useCallback(async () => {
    setLoc({ state: 'locating' })
    const r: LocateResult = await locator.locate()
    if (!alive.current) return
    setLoc('point' in r ? { state: 'located', point: round(r.point) } : { state: 'failed', failed: r.failed })
  }, [])
  useEffect(() => {
    alive.current = true
    void locator.granted?.().then((yes) => {
      if (yes && alive.current) void locate()
    })
    return () => {
      alive.current = false
    }
  }, [locate])
  const allowLater = useCallback(async () => {
    if (await locator.allowLater()) await locate()
  }, [locate])
  return { loc, point: loc.state === 'located' ? loc.point : undefined, locate, allowLater }
}
