/**
 * Location behind one interface (src/platform/location.*): the mini-program's WeChat APIs and H5's JSSDK or
 * browser geolocation — granted, refused, timed out, unavailable — and opening a place on a map.
 */
import Taro from '@tarojs/taro'
import { distanceMeters } from '@/contract/geo'
import type { WxSdk } from '@/platform/jssdk.types'
import { locator as h5 } from '@/platform/location.h5'
import { locator as weapp, LOCATE_TIMEOUT_MS as WEAPP_TIMEOUT_MS } from '@/platform/location.weapp'
import { mapPageUrl } from '@/platform/locate/web'
import { wgs84ToGcj02 } from '@/platform/locate/gcj02'
import { fakeApi } from '../support/fakeApi'

type Cb = { success?: (r: unknown) => void; fail?: (r: { errMsg: string }) => void; complete?: () => void }
const PLACE = { lat: 22.5401, lng: 114.0551, name: '川味小馆', address: '南山区科技园南区 8 号' }

afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  delete (window as Window & { wx?: unknown }).wx
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined })
})

/** Taro's mini-program API (absent from the H5 runtime jest runs in) replaced for one test. */
function stubTaro<K extends 'getLocation' | 'getFuzzyLocation' | 'openSetting' | 'openLocation'>(name: K, impl: (o: Cb & Record<string, unknown>) => unknown) {
  const fn = jest.fn(impl)
  Object.defineProperty(Taro, name, { configurable: true, writable: true, value: fn })
  return fn
}

describe('weapp locator', () => {
  it('granted: WeChat’s gcj02 fix as it is, precise', async () => {
    const get = stubTaro('getLocation', (o) => o.success?.({ latitude: 22.55, longitude: 113.95 }))
    await expect(weapp.locate()).resolves.toEqual({ point: { lat: 22.55, lng: 113.95 }, precise: true })
    expect(get.mock.calls[0][0]).toMatchObject({ type: 'gcj02' })
  })

  it('refused (auth deny) is denied, without trying the fuzzy location (Taro’s rejected promise is not left unhandled)', async () => {
    stubTaro('getLocation', (o) => {
      o.fail?.({ errMsg: 'getLocation:fail auth deny' })
      return Promise.reject({ errMsg: 'getLocation:fail auth deny' })
    })
    const fuzzy = stubTaro('getFuzzyLocation', (o) => o.success?.({ latitude: 1, longitude: 1 }))
    await expect(weapp.locate()).resolves.toEqual({ failed: 'denied' })
    expect(fuzzy).not.toHaveBeenCalled()
  })

  it('precise location not granted to the mini-program: the fuzzy location instead, not precise', async () => {
    stubTaro('getLocation', (o) => o.fail?.({ errMsg: 'getLocation:fail the api need to be declared in the requiredPrivateInfos field in app.json/ext.json' }))
    const fuzzy = stubTaro('getFuzzyLocation', (o) => o.success?.({ latitude: 23.13, longitude: 113.26 }))
    await expect(weapp.locate()).resolves.toEqual({ point: { lat: 23.13, lng: 113.26 }, precise: false })
    expect(fuzzy.mock.calls[0][0]).toMatchObject({ type: 'gcj02' })
  })

  it('no answer from WeChat in time: timeout', async () => {
    jest.useFakeTimers()
    stubTaro('getLocation', () => undefined)
    const result = weapp.locate()
    await jest.advanceTimersByTimeAsync(WEAPP_TIMEOUT_MS)
    await expect(result).resolves.toEqual({ failed: 'timeout' })
  })

  it('allow later: the settings page, then whether location is allowed now', async () => {
    stubTaro('openSetting', (o) => o.success?.({ authSetting: { 'scope.userLocation': true } }))
    await expect(weapp.allowLater()).resolves.toBe(true)
    stubTaro('openSetting', (o) => o.success?.({ authSetting: { 'scope.userLocation': false } }))
    await expect(weapp.allowLater()).resolves.toBe(false)
  })

  it('a place opens in WeChat’s map', async () => {
    const open = stubTaro('openLocation', (o) => o.success?.({ errMsg: 'openLocation:ok' }))
    await expect(weapp.openPlace(PLACE)).resolves.toBe('opened')
    expect(open.mock.calls[0][0]).toMatchObject({ latitude: PLACE.lat, longitude: PLACE.lng, name: PLACE.name, address: PLACE.address })
  })

  it('a map that fails, or a place without a position, answers unavailable (the screen says so); closing the map is not a failure', async () => {
    stubTaro('openLocation', (o) => o.fail?.({ errMsg: 'openLocation:fail invalid coordinates' }))
    await expect(weapp.openPlace(PLACE)).resolves.toBe('unavailable')
    stubTaro('openLocation', (o) => o.fail?.({ errMsg: 'openLocation:fail cancel' }))
    await expect(weapp.openPlace(PLACE)).resolves.toBe('opened')
    const open = stubTaro('openLocation', (o) => o.success?.({ errMsg: 'openLocation:ok' }))
    await expect(weapp.openPlace({ ...PLACE, lat: 0, lng: 0 })).resolves.toBe('unavailable')
    await expect(weapp.openPlace({ ...PLACE, lat: Number.NaN })).resolves.toBe('unavailable')
    expect(open).not.toHaveBeenCalled()
  })
})

/** A browser geolocation that answers with this position or this error code. */
function browserGeo(answer: { lat: number; lng: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
    if ('code' in answer) fail({ code: answer.code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError)
    else ok({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition)
  })
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } })
  return getCurrentPosition
}

describe('H5 locator outside WeChat (navigator.geolocation)', () => {
  it('granted: the browser’s WGS-84 fix converted to GCJ-02 (a few hundred metres in Shenzhen), asked with a timeout and maximumAge', async () => {
    const get = browserGeo({ lat: 22.543, lng: 114.05 })
    const r = await h5.locate()
    expect(r).toEqual({ point: wgs84ToGcj02({ lat: 22.543, lng: 114.05 }), precise: true })
    if (!('point' in r)) throw new Error('no point')
    expect(distanceMeters(r.point, { lat: 22.543, lng: 114.05 })).toBeGreaterThan(200)
    expect(distanceMeters(r.point, { lat: 22.543, lng: 114.05 })).toBeLessThan(1000)
    expect(get.mock.calls[0][2]).toMatchObject({ timeout: 8000, maximumAge: expect.any(Number) })
  })

  it.each([
    [1, 'denied'],
    [3, 'timeout'],
    [2, 'unavailable'],
  ] as const)('error code %s → %s', async (code, failed) => {
    browserGeo({ code })
    await expect(h5.locate()).resolves.toEqual({ failed })
  })

  it('an old browser without geolocation, or an http page: unavailable', async () => {
    await expect(h5.locate()).resolves.toEqual({ failed: 'unavailable' })
    const get = browserGeo({ lat: 22.5, lng: 114 })
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false })
    await expect(h5.locate()).resolves.toEqual({ failed: 'unavailable' })
    expect(get).not.toHaveBeenCalled()
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
  })

  it('a browser’s permission cannot be changed from the page: allowLater answers false', async () => {
    await expect(h5.allowLater()).resolves.toBe(false)
  })

  it('a place opens the maps service’s page: Tencent Maps with the key, Amap’s keyless page without one', async () => {
    const url = mapPageUrl(PLACE, 'KEY-123')
    expect(url.startsWith('https://apis.map.qq.com/uri/v1/marker?marker=')).toBe(true)
    expect(decodeURIComponent(url)).toContain('coord:22.540100,114.055100;title:川味小馆;addr:南山区科技园南区 8 号')
    expect(url).toContain('referer=KEY-123')
    expect(mapPageUrl(PLACE, '')).toBe(`https://uri.amap.com/marker?position=114.055100,22.540100&name=${encodeURIComponent('川味小馆')}&src=onecardpass&coordinate=gaode&callnative=1`)
  })

  it('in a new tab, the app staying where it was (window.open without noopener, which would answer null)', async () => {
    const tab = { opener: {} } as unknown as Window
    const open = jest.spyOn(window, 'open').mockReturnValue(tab)
    const assign = jest.fn()
    jest.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    await expect(h5.openPlace(PLACE)).resolves.toBe('opened')
    expect(open).toHaveBeenCalledWith(mapPageUrl(PLACE, ''), '_blank')
    expect(tab.opener).toBeNull()
    expect(assign).not.toHaveBeenCalled()
  })

  it('a blocked pop-up: the map in this tab; no position: unavailable, nothing opened', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null)
    const assign = jest.fn()
    jest.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    await expect(h5.openPlace(PLACE)).resolves.toBe('opened')
    expect(assign).toHaveBeenCalledWith(mapPageUrl(PLACE, ''))
    open.mockClear()
    await expect(h5.openPlace({ ...PLACE, lat: 0, lng: 0 })).resolves.toBe('unavailable')
    expect(open).not.toHaveBeenCalled()
  })
})

const SIGNED = { appId: 'wx-sandbox', timestamp: 1763900000, nonceStr: 'abc123', signature: 'f00dfeed', jsApiList: ['chooseWXPay'] }
let page = 0

/** WeChat's browser with a fake JSSDK whose getLocation answers as given. */
function inWeChat(getLocation: WxSdk['getLocation']) {
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40')
  window.history.pushState({}, '', `/pages/index/index?n=${++page}`)
  let onReady = () => undefined as void
  const wx = {
    config: jest.fn(() => setTimeout(() => onReady(), 0)),
    ready: (cb: () => void) => void (onReady = cb),
    error: () => undefined,
    scanQRCode: jest.fn(),
    getLocation: jest.fn(getLocation),
    openLocation: jest.fn((o: { success?: (r: unknown) => void; fail?: (r: { errMsg: string }) => void }) => o.success?.({ errMsg: 'openLocation:ok' })),
  }
  ;(window as Window & { wx?: unknown }).wx = wx
  const api = fakeApi({ 'wechat/getJSSDKConfig': () => ({ jssdk: SIGNED }) })
  return { wx, api }
}

describe('H5 locator inside WeChat (JSSDK)', () => {
  it('granted: the JSSDK configured for getLocation and openLocation, its gcj02 fix as it is', async () => {
    const { wx } = inWeChat((o) => o.success?.({ errMsg: 'getLocation:ok', latitude: 23.13, longitude: 113.33 }))
    const geo = browserGeo({ lat: 0, lng: 0 })
    await expect(h5.locate()).resolves.toEqual({ point: { lat: 23.13, lng: 113.33 }, precise: true })
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ jsApiList: expect.arrayContaining(['getLocation', 'openLocation']) }))
    expect(wx.getLocation).toHaveBeenCalledWith(expect.objectContaining({ type: 'gcj02' }))
    expect(geo).not.toHaveBeenCalled()
  })

  it('refused in WeChat’s prompt: denied', async () => {
    inWeChat((o) => o.cancel?.({ errMsg: 'getLocation:cancel' }))
    await expect(h5.locate()).resolves.toEqual({ failed: 'denied' })
  })

  it('no fix from WeChat in time: timeout', async () => {
    inWeChat(() => undefined)
    jest.useFakeTimers()
    const result = h5.locate()
    // The JSSDK config (a timer of 0) and then the location's own 8 s guard.
    for (let i = 0; i < 20; i++) await jest.advanceTimersByTimeAsync(1000)
    await expect(result).resolves.toEqual({ failed: 'timeout' })
  })

  it('a place opens in WeChat’s map through the JSSDK', async () => {
    const { wx } = inWeChat(() => undefined)
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window)
    await expect(h5.openPlace(PLACE)).resolves.toBe('opened')
    expect(wx.openLocation).toHaveBeenCalledWith(expect.objectContaining({ latitude: PLACE.lat, longitude: PLACE.lng, name: PLACE.name, address: PLACE.address }))
    expect(open).not.toHaveBeenCalled()
  })

  it('WeChat’s map refused (a config without openLocation): the maps service’s page instead', async () => {
    const { wx } = inWeChat(() => undefined)
    wx.openLocation.mockImplementation((o) => o.fail?.({ errMsg: 'openLocation:fail permission denied' }))
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window)
    await expect(h5.openPlace(PLACE)).resolves.toBe('opened')
    expect(open).toHaveBeenCalledWith(mapPageUrl(PLACE, ''), '_blank')
  })
})

describe('WGS-84 → GCJ-02', () => {
  it('matches the published transform’s reference point and leaves points outside China alone', () => {
    expect(wgs84ToGcj02({ lat: 31.1774276, lng: 121.5272106 })).toEqual({ lat: expect.closeTo(31.17530398364597, 9), lng: expect.closeTo(121.531541859215, 9) })
    expect(wgs84ToGcj02({ lat: 51.5, lng: -0.12 })).toEqual({ lat: 51.5, lng: -0.12 })
  })
})
