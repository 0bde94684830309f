import { request } from '@/core/request'
import type { SharePlatform } from './share.types'

interface WxShareSdk {
  config(c: Record<string, unknown>): void
  ready(cb: () => void): void
  updateAppMessageShareData(o: { title: string; desc: string; link: string; imgUrl: string }): void
  updateTimelineShareData(o: { title: string; link: string; imgUrl: string }): void
}

/** H5 inside WeChat: tell the JSSDK (when the page has it) what this page shares. Elsewhere: nothing. */
export const sharePlatform: SharePlatform = {
  announce({ title, path }) {
    const wx = (window as unknown as { wx?: WxShareSdk }).wx
    if (!wx || !/MicroMessenger/i.test(navigator.userAgent)) return
    const link = `${window.location.origin}${path}`
    request('wechat/getJSSDKConfig', { url: window.location.href.split('#')[0] })
      .then(({ jssdk }) => {
        wx.config({ ...jssdk, debug: false })
        wx.ready(() => {
          const imgUrl = `${window.location.origin}/assets/img/share-1.svg`
          wx.updateAppMessageShareData({ title, desc: title, link, imgUrl })
          wx.updateTimelineShareData({ title, link, imgUrl })
        })
      })
      .catch(() => undefined)
  },
}
