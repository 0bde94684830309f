/**
 * WeChat Pay's receipt frame (点金计划 商家小票, issue 26): the messages its payment-complete page listens for, posted to
 * the frame's parent at the origin the server names (WeChat Pay's, https://payapp.weixin.qq.com). WeChat's own helper
 * script (jgoldplan-1.0.0.js on wx.gtimg.com) is never loaded — nothing comes from the network: this posts the same
 * JSON strings its documentation and samples show. A page not in a frame (opened directly, or on weapp) posts nothing.
 */

/** The receipt page's fixed height in CSS pixels inside WeChat Pay's frame (told to WeChat with onIframeReady). */
export const RECEIPT_FRAME_HEIGHT = 360

/** Whether the page runs inside another page's frame (false on weapp and when opened directly). */
export function inFrame(): boolean {
  try {
    return typeof window !== 'undefined' && !!window.parent && window.parent !== window
  } catch {
    return true
  }
}

function post(message: Record<string, unknown>, origin: string): boolean {
  if (!inFrame()) return false
  try {
    window.parent.postMessage(JSON.stringify(message), origin)
    return true
  } catch {
    return false
  }
}

/** The receipt is drawn: WeChat shows our page (SHOW_CUSTOM_PAGE) at this fixed height (CSS pixels). */
export const frameReady = (origin: string, height: number): boolean => post({ action: 'onIframeReady', displayStyle: 'SHOW_CUSTOM_PAGE', height }, origin)

/** A link out of the frame: WeChat leaves its page and opens the URL (an absolute one) in the browser. */
export const jumpOut = (origin: string, url: string): boolean => post({ action: 'jumpOut', jumpOutUrl: url }, origin)
