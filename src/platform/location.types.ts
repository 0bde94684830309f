import type { GeoPoint } from '@/contract/geo'

/**
 * Where the shopper is (GCJ-02): `precise` false when only a fuzzy location was granted (weapp
 * getFuzzyLocation). A failure is never a dead end: the screen falls back to the city picker.
 * - denied: the shopper (or the system) refused; `allowLater` on this platform can ask again
 * - timeout: no fix in time
 * - unavailable: this browser or device cannot locate (old browser, http page, no JSSDK)
 */
export type LocateResult = { point: GeoPoint; precise: boolean } | { failed: 'denied' | 'timeout' | 'unavailable' }

/** A place to show on a map. */
export interface Place extends GeoPoint {
  name: string
  address: string
}

/** What showing a place came to: a map opened (or the shopper is on their way to one), or no map can show it. */
export type PlaceOpened = 'opened' | 'unavailable'

/** Location behind one interface: weapp Taro.getLocation (gcj02); H5 WeChat JSSDK or navigator.geolocation (WGS-84 converted). */
export interface Locator {
  /**
   * Whether location is already allowed, so that locate() shows no prompt (a screen may then locate by
   * itself; otherwise it waits for the shopper to ask). Optional: without it a screen waits.
   */
  granted?(): Promise<boolean>
  /** True where allowLater opens a settings page the shopper can switch location on in (weapp); H5 shows a hint instead. */
  settingsPage?: boolean
  /** Ask for the shopper's position (only where a screen needs it, never at launch). */
  locate(): Promise<LocateResult>
  /**
   * After a refusal: weapp opens the settings page and answers whether location is allowed now; H5 cannot
   * change a browser's permission and answers false (the screen shows how to allow it).
   */
  allowLater(): Promise<boolean>
  /**
   * Show a place: weapp Taro.openLocation; H5 in WeChat the JSSDK's openLocation; elsewhere the maps service's
   * page in a new tab. 'unavailable' when no map can show it (no position, the platform's map failed): the
   * screen says so (features/place/showPlace), never nothing.
   */
  openPlace(place: Place): Promise<PlaceOpened>
}
