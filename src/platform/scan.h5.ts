import { jssdk } from './jssdk'
import type { ScanResult, Scanner } from './scan.types'
import type { WxSdk } from './jssdk.types'

/**
 * A scan through WeChat's own scanner (JSSDK scanQRCode, needResult 1). A barcode comes back as
 * "EAN_13,6901234567890": the text is what follows the comma.
 */
function scanInWeChat(wx: WxSdk): Promise<ScanResult> {
  return new Promise((resolve) => {
    wx.scanQRCode({
      needResult: 1,
      scanType: ['qrCode', 'barCode'],
      success: (res) => {
        const raw = res.resultStr ?? ''
        const text = /^[A-Z_0-9-]+,/.test(raw) ? raw.slice(raw.indexOf(',') + 1) : raw
        resolve(text ? { text } : 'cancelled')
      },
      cancel: () => resolve('cancelled'),
      fail: (res) => resolve(/cancel/i.test(res.errMsg ?? '') ? 'cancelled' : 'unavailable'),
    })
  })
}

const hasCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices && typeof navigator.mediaDevices.getUserMedia === 'function')

/**
 * H5: inside WeChat's browser its scanner through the JSSDK (src/platform/jssdk); elsewhere the camera with an
 * in-app overlay and a QR decoder, loaded only when the scanner opens (./scanCamera/camera, its own chunk).
 */
export const scanner: Scanner = {
  available: () => jssdk.inWeChat() || hasCamera(),
  async scan() {
    if (jssdk.inWeChat()) {
      const wx = await jssdk.ready(['scanQRCode'])
      if (wx) return scanInWeChat(wx)
    }
    if (!hasCamera()) return 'unavailable'
    const { scanWithCamera } = await import(/* webpackChunkName: "qr-camera" */ './scanCamera/camera')
    return scanWithCamera()
  },
}
