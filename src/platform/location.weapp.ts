import Taro from '@tarojs/taro'
import { hasPosition } from './locate/position'
import type { LocateResult, Locator } from './location.types'

/** How long WeChat may take for a fix before the screen goes on with the city picker. */
export const LOCATE_TIMEOUT_MS = 10000

type Fail = { errMsg?: string }

/** Taro's mini-program calls also return a promise that rejects on fail: the callbacks answer, so it is quietened. */
const quiet = (p: unknown) => {
  if (p && typeof (p as Promise<unknown>).catch === 'function') (p as Promise<unknown>).catch(() => undefined)
}

/** WeChat's refusals: the shopper's ("auth deny"), the system's (WeChat itself has no location permission), the privacy agreement's. */
const isDenied = (errMsg: string) => /auth|deny|denied|permission|privacy/i.test(errMsg) && !/requiredPrivateInfos|declare/i.test(errMsg)

/** One of WeChat's location APIs as a promise of a result (never a rejection). */
function ask(api: 'getLocation' | 'getFuzzyLocation'): Promise<LocateResult | Fail> {
  if (typeof Taro[api] !== 'function') return Promise.resolve({ errMsg: `${api}:fail not supported` })
  return new Promise((resolve) => {
    const success = (res: { latitude: number; longitude: number }) => resolve({ point: { lat: res.latitude, lng: res.longitude }, precise: api === 'getLocation' })
    const fail = (res: Fail) => resolve({ errMsg: res?.errMsg ?? `${api}:fail` })
    try {
      // Both in gcj02 (what openLocation and the server use).
      quiet(api === 'getLocation' ? Taro.getLocation({ type: 'gcj02', success, fail }) : Taro.getFuzzyLocation({ type: 'gcj02', success, fail }))
    } catch (e) {
      resolve({ errMsg: `${api}:fail ${e instanceof Error ? e.message : ''}` })
    }
  })
}

async function locateOnce(): Promise<LocateResult> {
  const precise = await ask('getLocation')
  if ('point' in precise || 'failed' in precise) return precise
  const errMsg = precise.errMsg ?? ''
  if (isDenied(errMsg)) return { failed: 'denied' }
  if (/timeout/i.test(errMsg)) return { failed: 'timeout' }
  // Precise location not granted to this mini-program (a build that declares getFuzzyLocation instead, or an
  // API WeChat does not offer here): the fuzzy location, city-level, is enough for the nearest city.
  const fuzzy = await ask('getFuzzyLocation')
  if ('point' in fuzzy) return fuzzy
  if ('failed' in fuzzy) return fuzzy
  return isDenied(fuzzy.errMsg ?? '') ? { failed: 'denied' } : { failed: 'unavailable' }
}

/** The mini-program: WeChat's own location (gcj02) under scope.userLocation, its settings page to allow it later. */
export const locator: Locator = {
  settingsPage: true,
  granted() {
    return new Promise((resolve) => {
      quiet(Taro.getSetting({
        success: (res) => resolve(res.authSetting['scope.userLocation'] === true || (res.authSetting as Record<string, boolean | undefined>)['scope.userFuzzyLocation'] === true),
        fail: () => resolve(false),
      }))
    })
  },
  locate() {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<LocateResult>((resolve) => {
      timer = setTimeout(() => resolve({ failed: 'timeout' }), LOCATE_TIMEOUT_MS)
    })
    return Promise.race([locateOnce(), timeout]).finally(() => clearTimeout(timer))
  },
  allowLater() {
    return new Promise((resolve) => {
      quiet(Taro.openSetting({
        success: (res) => resolve(res.authSetting['scope.userLocation'] === true || (res.authSetting as Record<string, boolean | undefined>)['scope.userFuzzyLocation'] === true),
        fail: () => resolve(false),
      }))
    })
  },
  openPlace(place) {
    if (!hasPosition(place)) return Promise.resolve('unavailable')
    return new Promise((resolve) => {
      // A cancel (the shopper closed the map) is not a failure; any other fail is: the screen says so.
      const fail = (res: Fail) => resolve(/cancel/i.test(res?.errMsg ?? '') ? 'opened' : 'unavailable')
      try {
        quiet(Taro.openLocation({ latitude: place.lat, longitude: place.lng, name: place.name, address: place.address, scale: 16, success: () => resolve('opened'), fail }))
      } catch {
        resolve('unavailable')
      }
    })
  },
}
