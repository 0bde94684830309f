/** What WeChat's JSSDK callbacks are given (errMsg like "scanQRCode:ok", "scanQRCode:cancel"). */
export interface WxResult {
  errMsg?: string
}

interface WxCallbacks<R> {
  success?: (res: R) => void
  fail?: (res: WxResult) => void
  cancel?: (res: WxResult) => void
  complete?: (res: WxResult) => void
}

/** The part of WeChat's JSSDK (jweixin, `window.wx`) the app uses. */
export interface WxSdk {
  config(c: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void
  ready(cb: () => void): void
  error(cb: (res: WxResult) => void): void
  scanQRCode(o: { needResult: 0 | 1; scanType: Array<'qrCode' | 'barCode'> } & WxCallbacks<WxResult & { resultStr?: string }>): void
  getLocation(o: { type: 'wgs84' | 'gcj02' } & WxCallbacks<WxResult & { latitude: number; longitude: number; accuracy?: number }>): void
  openLocation(o: { latitude: number; longitude: number; name?: string; address?: string; scale?: number } & WxCallbacks<WxResult>): void
}

/**
 * WeChat's JSSDK, configured for the current page (H5 inside WeChat's browser only): the script loaded when the
 * page does not have it yet, and `wx.config` run with the server's signature (wechat/getJSSDKConfig).
 */
export interface Jssdk {
  /** Whether this is WeChat's browser (where the JSSDK can be used at all). */
  inWeChat(): boolean
  /** The configured `wx` with these APIs allowed; null outside WeChat, or when the script, signature or config fail. */
  ready(apis: string[]): Promise<WxSdk | null>
}
