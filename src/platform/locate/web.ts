/**
 * H5 location, loaded only when a screen asks (its own chunk: Home's first load carries none of it).
 * Inside WeChat's browser the JSSDK (gcj02); elsewhere the browser's geolocation (WGS-84, converted to GCJ-02).
 */
import { jssdk } from '../jssdk'
import type { WxSdk } from '../jssdk.types'
import type { LocateResult, Place, PlaceOpened } from '../location.types'
import { wgs84ToGcj02 } from './gcj02'
import { hasPosition } from './position'

/** How long a fix may take before the screen goes on with the city picker. */
export const LOCATE_TIMEOUT_MS = 8000
/** A fix this recent (ms) is good enough for "nearby". */
export const LOCATE_MAX_AGE_MS = 5 * 60 * 1000

function inWeChat(wx: WxSdk): Promise<LocateResult | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ failed: 'timeout' }), LOCATE_TIMEOUT_MS)
    const done = (r: LocateResult | null) => {
      clearTimeout(timer)
      resolve(r)
    }
    wx.getLocation({
      type: 'gcj02',
      success: (res) => done({ point: { lat: res.latitude, lng: res.longitude }, precise: true }),
      cancel: () => done({ failed: 'denied' }),
      // A refusal is final; anything else (a config without getLocation) tries the browser's own.
      fail: (res) => done(/deny|denied|cancel|permission/i.test(res.errMsg ?? '') ? { failed: 'denied' } : null),
    })
  })
}

/** The browser's geolocation: only on https or localhost, and not in very old browsers. */
function inBrowser(): Promise<LocateResult> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
  if (!geo || (typeof window !== 'undefined' && window.isSecureContext === false)) return Promise.resolve({ failed: 'unavailable' })
  return new Promise((resolve) => {
    // Browsers honour `timeout` only once permission is given: the prompt itself may wait for ever.
    const timer = setTimeout(() => resolve({ failed: 'timeout' }), LOCATE_TIMEOUT_MS + 2000)
    const done = (r: LocateResult) => {
      clearTimeout(timer)
      resolve(r)
    }
    try {
      geo.getCurrentPosition(
        (pos) => done({ point: wgs84ToGcj02({ lat: pos.coords.latitude, lng: pos.coords.longitude }), precise: true }),
        (err) => done({ failed: err.code === err.PERMISSION_DENIED || err.code === 1 ? 'denied' : err.code === err.TIMEOUT || err.code === 3 ? 'timeout' : 'unavailable' }),
        { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
      )
    } catch {
      done({ failed: 'unavailable' })
    }
  })
}

export async function locateWeb(): Promise<LocateResult> {
  if (jssdk.inWeChat()) {
    const wx = await jssdk.ready(['getLocation', 'openLocation'])
    const r = wx ? await inWeChat(wx) : null
    if (r) return r
  }
  return inBrowser()
}

/** The maps-service key the build was given (TARO_APP_MAP_KEY of the .env files; '' = none). */
const MAP_KEY: string = process.env.TARO_APP_MAP_KEY ?? ''

/**
 * The maps service's page for a point (both GCJ-02, as our coordinates): Tencent Maps' marker page with the key
 * from the environment file (TARO_APP_MAP_KEY); without a key Amap's marker page, which needs none (and on a
 * phone offers the Amap app).
 */
export function mapPageUrl(place: Place, key = MAP_KEY): string {
  const lat = place.lat.toFixed(6)
  const lng = place.lng.toFixed(6)
  const label = (s: string) => s.replace(/[;:,()]/g, ' ').trim()
  if (!key) return `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(label(place.name))}&src=onecardpass&coordinate=gaode&callnative=1`
  const marker = `coord:${lat},${lng};title:${label(place.name)};addr:${label(place.address)}`
  return `https://apis.map.qq.com/uri/v1/marker?marker=${encodeURIComponent(marker)}&referer=${encodeURIComponent(key)}`
}

/** WeChat's own map through the JSSDK; false when it cannot show it (then the web page is used). */
function openInWeChat(wx: WxSdk, place: Place): Promise<boolean> {
  return new Promise((resolve) => {
    // WeChat answers a failure at once; a map that opened may answer only when it is closed.
    const timer = setTimeout(() => resolve(true), 2000)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      resolve(ok)
    }
    try {
      wx.openLocation({ latitude: place.lat, longitude: place.lng, name: place.name, address: place.address, scale: 16, success: () => done(true), cancel: () => done(true), fail: () => done(false) })
    } catch {
      done(false)
    }
  })
}

export async function openPlaceWeb(place: Place): Promise<PlaceOpened> {
  if (!hasPosition(place)) return 'unavailable'
  if (jssdk.inWeChat()) {
    const wx = await jssdk.ready(['getLocation', 'openLocation'])
    if (wx && (await openInWeChat(wx, place))) return 'opened'
  }
  const url = mapPageUrl(place)
  // A new tab (the app stays where it was, the amount typed with it). `noopener` is not passed as a feature:
  // with it window.open answers null even when the tab opened. A blocked pop-up: the map in this tab.
  const tab = window.open(url, '_blank')
  if (tab) {
    tab.opener = null
    return 'opened'
  }
  window.location.assign(url)
  return 'opened'
}
