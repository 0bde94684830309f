import { request } from '@/core/request'
import type { Jssdk, WxSdk } from './jssdk.types'

/** WeChat's JSSDK script (the official account's JS-interface domain must list this site). */
export const JSSDK_SRC = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'
/** How long the script, the signature and wx.config may take before the caller goes on without the JSSDK. */
export const JSSDK_TIMEOUT_MS = 10000

type WxWindow = Window & { wx?: WxSdk }

let script: Promise<WxSdk | null> | null = null

/** `window.wx`, loading the JSSDK script once when the page does not have it. */
function loadScript(): Promise<WxSdk | null> {
  const have = (window as WxWindow).wx
  if (have) return Promise.resolve(have)
  if (!script) {
    script = new Promise((resolve) => {
      const el = document.createElement('script')
      el.src = JSSDK_SRC
      el.async = true
      el.onload = () => resolve((window as WxWindow).wx ?? null)
      el.onerror = () => {
        script = null
        el.remove()
        resolve(null)
      }
      document.head.appendChild(el)
    })
  }
  return script
}

/** The configurations made, by the page URL they were signed for and the APIs asked. */
const configured = new Map<string, Promise<WxSdk | null>>()

async function configure(apis: string[]): Promise<WxSdk | null> {
  const wx = await loadScript()
  if (!wx) return null
  // The signature covers the page URL without its hash, not the API list: ask for what is needed.
  const { jssdk: signed } = await request('wechat/getJSSDKConfig', { url: window.location.href.split('#')[0] })
  const jsApiList = Array.from(new Set([...signed.jsApiList, ...apis]))
  return new Promise<WxSdk | null>((resolve) => {
    wx.ready(() => resolve(wx))
    wx.error(() => resolve(null))
    wx.config({ ...signed, jsApiList, debug: false })
  })
}

export const jssdk: Jssdk = {
  inWeChat: () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent),
  ready(apis) {
    if (!jssdk.inWeChat()) return Promise.resolve(null)
    const key = `${window.location.href.split('#')[0]} ${apis.slice().sort().join(',')}`
    let done = configured.get(key)
    if (!done) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), JSSDK_TIMEOUT_MS)
      })
      done = Promise.race([configure(apis).catch(() => null), timeout]).then((wx) => {
        clearTimeout(timer)
        // A failure is not kept: the next call tries again (a poor signal may have come back).
        if (!wx) configured.delete(key)
        return wx
      })
      configured.set(key, done)
    }
    return done
  },
}
