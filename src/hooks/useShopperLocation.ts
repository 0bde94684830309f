import { useCallback, useEffect, useState } from 'react'
import type { GeoPoint } from '@/contract/geo'
import { locator } from '@/platform/location'

export type LocationState =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'located'; point: GeoPoint }
  | { state: 'failed'; failed: 'denied' | 'timeout' | 'unavailable' }

/**
 * The shopper's location for a screen that needs it (Home's nearby list, Discount bill). Nothing is asked at
 * mount: when location is already allowed the fix is taken quietly, otherwise the screen offers `locate`.
 * A failure leaves the screen on its city picker; `allowLater` (weapp: the settings page) locates again when
 * location is allowed now.
 */
export function useShopperLocation() {
  const [loc, setLoc] = useState<LocationState>({ state: 'idle' })
  const locate = useCallback(() => {
    setLoc({ state: 'locating' })
    return locator.locate().then((r) => setLoc('point' in r ? { state: 'located', point: r.point } : { state: 'failed', failed: r.failed }))
  }, [])
  useEffect(() => {
    void locator.granted?.().then((yes) => (yes ? locate() : undefined))
  }, [locate])
  return {
    loc,
    point: loc.state === 'located' ? loc.point : undefined,
    locate,
    allowLater: () =>
      locator.allowLater().then((yes) => (yes ? locate() : undefined)),
  }
}
