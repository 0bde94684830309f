/**
 * H5 location, loaded only when a screen asks (its own chunk: Home's first load carries none of it).
 * Inside WeChat's browser the JSSDK (gcj02); elsewhere the browser's geolocation (WGS-84, converted to GCJ-02).
 */
import { jssdk } from '../jssdk'
import type { WxSdk } from '../jssdk.types'
import type { LocateResult, Place } from '../location.types'
import { wgs84ToGcj02 } from './gcj02'

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

/**
 * The maps service's page for a point: Tencent Maps' marker page with the key from the environment file
 * (TARO_APP_MAP_KEY); without a key a `geo:` link, which phones open in their map app.
 */
export function mapPageUrl(place: Place, key = process.env.TARO_APP_MAP_KEY ?? ''): string {
  const lat = place.lat.toFixed(6)
  const lng = place.lng.toFixed(6)
  const label = (s: string) => s.replace(/[;:,()]/g, ' ').trim()
  if (!key) return `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label(place.name))})`
  const marker = `coord:${lat},${lng};title:${label(place.name)};addr:${label(place.address)}`
  return `https://apis.map.qq.com/uri/v1/marker?marker=${encodeURIComponent(marker)}&referer=${encodeURIComponent(key)}`
}

export async function openPlaceWeb(place: Place): Promise<void> {
  if (jssdk.inWeChat()) {
    const wx = await jssdk.ready(['getLocation', 'openLocation'])
    if (wx) {
      wx.openLocation({ latitude: place.lat, longitude: place.lng, name: place.name, address: place.address, scale: 16 })
      return
    }
  }
  const url = mapPageUrl(place)
  // A new tab for the web page (the app stays where it was); a blocked pop-up or a geo: link opens in place.
  const tab = url.startsWith('https:') ? window.open(url, '_blank', 'noopener') : null
  if (!tab) window.location.href = url
}
