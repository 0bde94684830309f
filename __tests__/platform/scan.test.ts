/**
 * The H5 scanner (src/platform/scan.h5.ts): inside WeChat's browser, WeChat's scanner through the JSSDK
 * configured with the server's signature; elsewhere the camera in an in-app overlay, decoded by jsQR (mocked
 * here: the real decoding of a camera's QR code is proven in Chromium by e2e/scan.e2e.ts); no camera →
 * 'unavailable', so the screen offers typing.
 */
import jsQR from 'jsqr'
import { setLang, resetLangCache } from '@/core/i18n'
import { JSSDK_SRC } from '@/platform/jssdk'
import type { WxSdk } from '@/platform/jssdk.types'
import { scanner } from '@/platform/scan'
import { fakeApi } from '../support/fakeApi'

jest.mock('jsqr', () => ({ __esModule: true, default: jest.fn() }))
const decode = jsQR as unknown as jest.Mock

const SIGNED = { appId: 'wx-sandbox', timestamp: 1763900000, nonceStr: 'abc123', signature: 'f00dfeed', jsApiList: ['chooseWXPay'] }
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40'
let page = 0

type WxWindow = Window & { wx?: Partial<WxSdk> }

/** WeChat's browser on a page of its own (the JSSDK is configured per page URL) with a fake `wx`. */
function inWeChat(scan: WxSdk['scanQRCode'], configOk = true) {
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
  window.history.pushState({}, '', `/pages/store/verify?n=${++page}`)
  let onReady = () => undefined as void
  let onError: (r: { errMsg?: string }) => void = () => undefined
  const wx = {
    config: jest.fn(() => setTimeout(() => (configOk ? onReady() : onError({ errMsg: 'config:invalid signature' })), 0)),
    ready: (cb: () => void) => void (onReady = cb),
    error: (cb: (r: { errMsg?: string }) => void) => void (onError = cb),
    scanQRCode: jest.fn(scan),
    getLocation: jest.fn(),
  }
  ;(window as WxWindow).wx = wx
  const api = fakeApi({ 'wechat/getJSSDKConfig': () => ({ jssdk: SIGNED }) })
  return { wx, api }
}

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: jest.fn(getUserMedia) } })
}

afterEach(() => {
  delete (window as WxWindow).wx
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined })
  document.querySelectorAll('.qr-scan').forEach((e) => e.remove())
  jest.restoreAllMocks()
  decode.mockReset()
  resetLangCache()
})

describe('H5 scanner inside WeChat (JSSDK)', () => {
  it('configures the JSSDK with the server’s signature for this page and returns what scanQRCode read', async () => {
    const { wx, api } = inWeChat((o) => o.success?.({ errMsg: 'scanQRCode:ok', resultStr: '900000005123456' }))
    expect(scanner.available()).toBe(true)
    await expect(scanner.scan()).resolves.toEqual({ text: '900000005123456' })
    expect(api.called('wechat/getJSSDKConfig')[0].data).toMatchObject({ url: window.location.href })
    expect(wx.config).toHaveBeenCalledWith({ ...SIGNED, jsApiList: ['chooseWXPay', 'scanQRCode'], debug: false })
    expect(wx.scanQRCode).toHaveBeenCalledWith(expect.objectContaining({ needResult: 1, scanType: ['qrCode', 'barCode'] }))
  })

  it('loads the JSSDK script when the page does not have it', async () => {
    const { wx } = inWeChat((o) => o.success?.({ errMsg: 'scanQRCode:ok', resultStr: 'hello' }))
    delete (window as WxWindow).wx
    const result = scanner.scan()
    const script = await waitFor(() => document.querySelector<HTMLScriptElement>(`script[src="${JSSDK_SRC}"]`))
    ;(window as WxWindow).wx = wx
    script.dispatchEvent(new Event('load'))
    await expect(result).resolves.toEqual({ text: 'hello' })
    expect(wx.config).toHaveBeenCalledTimes(1)
  })

  it('a barcode’s text is the code after its type', async () => {
    inWeChat((o) => o.success?.({ errMsg: 'scanQRCode:ok', resultStr: 'EAN_13,6901234567892' }))
    await expect(scanner.scan()).resolves.toEqual({ text: '6901234567892' })
  })

  it('the shopper backing out is cancelled', async () => {
    inWeChat((o) => o.cancel?.({ errMsg: 'scanQRCode:cancel' }))
    await expect(scanner.scan()).resolves.toBe('cancelled')
  })

  it('a refused JSSDK config and no camera: unavailable (type the code)', async () => {
    const { wx } = inWeChat(() => undefined, false)
    await expect(scanner.scan()).resolves.toBe('unavailable')
    expect(wx.scanQRCode).not.toHaveBeenCalled()
  })
})

describe('H5 camera scanner (outside WeChat)', () => {
  it('no camera: not offered, and a scan is unavailable without opening anything', async () => {
    expect(scanner.available()).toBe(false)
    await expect(scanner.scan()).resolves.toBe('unavailable')
    expect(document.querySelector('.qr-scan')).toBeNull()
  })

  it('a refused camera says so in the shopper’s language; its button ends the scan as unavailable', async () => {
    setLang('en')
    withCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')))
    expect(scanner.available()).toBe(true)
    const result = scanner.scan()
    const alert = await waitFor(() => document.querySelector('.qr-scan__hint[role="alert"]'))
    expect(alert.textContent).toBe('The camera cannot be used: allow camera access in your browser settings, or type the code')
    const button = document.querySelector<HTMLButtonElement>('.qr-scan__cancel')
    expect(button?.textContent).toBe('Type the code')
    button?.click()
    await expect(result).resolves.toBe('unavailable')
    expect(document.querySelector('.qr-scan')).toBeNull()
  })

  it('decodes the camera’s frames until a QR code is read, then turns the camera off and closes', async () => {
    const stop = jest.fn()
    withCamera(() => Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream))
    fakeVideo()
    decode.mockReturnValueOnce(null).mockReturnValue({ data: '900000005123456' })
    const result = scanner.scan()
    const overlay = await waitFor(() => document.querySelector('.qr-scan[role="dialog"]'))
    expect(overlay.querySelector('video')).not.toBeNull()
    expect(overlay.querySelector('.qr-scan__cancel')?.textContent).toBe('取消')
    await expect(result).resolves.toEqual({ text: '900000005123456' })
    expect(decode).toHaveBeenCalledTimes(2)
    expect(decode.mock.calls[0].slice(1, 3)).toEqual([640, 480])
    expect(stop).toHaveBeenCalled()
    expect(document.querySelector('.qr-scan')).toBeNull()
  })

  it('cancel closes the overlay, turns the camera off and is cancelled', async () => {
    const stop = jest.fn()
    withCamera(() => Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream))
    fakeVideo()
    decode.mockReturnValue(null)
    const result = scanner.scan()
    await waitFor(() => (decode.mock.calls.length ? true : null))
    document.querySelector<HTMLButtonElement>('.qr-scan__cancel')?.click()
    await expect(result).resolves.toBe('cancelled')
    expect(stop).toHaveBeenCalled()
    expect(document.querySelector('.qr-scan')).toBeNull()
  })
})

/** A video element that plays 640×480 frames, and a canvas that gives their pixels (jsdom has neither). */
function fakeVideo() {
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  jest.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4)
  jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640)
  jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480)
  const ctx = { drawImage: jest.fn(), getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }) }
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D)
}

/** Wait (on real timers) until `get` gives something. */
async function waitFor<T>(get: () => T | null, timeout = 3000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const v = get()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
