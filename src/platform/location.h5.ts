import type { Locator } from './location.types'

/** The location code (JSSDK path, geolocation, the WGS-84 → GCJ-02 transform) in its own chunk, loaded on first use. */
const web = () => import(/* webpackChunkName: "locate" */ './locate/web')

/**
 * H5: inside WeChat's browser the JSSDK (gcj02); elsewhere navigator.geolocation (https or localhost only),
 * converted to GCJ-02. A browser's permission cannot be changed from the page: allowLater answers false and the
 * screen says how to allow it in the browser.
 */
export const locator: Locator = {
  // The Permissions API where there is one (older browsers: not known, so the screen waits for a tap).
  granted: () =>
    Promise.resolve()
      .then(() => navigator.permissions.query({ name: 'geolocation' }))
      .then((s) => s.state === 'granted')
      .catch(() => false),
  // No settings page a page can open: the screen shows how to allow it in the browser.
  settingsPage: false,
  locate: () => web().then((m) => m.locateWeb(), () => ({ failed: 'unavailable' as const })),
  allowLater: () => Promise.resolve(false),
  openPlace: (place) => web().then((m) => m.openPlaceWeb(place), () => 'unavailable' as const),
}
