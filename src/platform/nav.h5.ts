import Taro from '@tarojs/taro'
import type { NavPlatform } from './nav.types'

/**
 * Where this page stands in the tab's history: the router's history library (history 5, under Taro's H5
 * router) numbers the entries it makes in `history.state.idx`, 0 for the first page of the app opened in this
 * tab (a share link, a QR code, a typed address), one more for each page pushed after it.
 */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null
  return typeof state?.idx === 'number' ? state.idx : 0
}

/**
 * Taro's page stack (getCurrentPages) is not enough on H5: the browser's Forward button reaches Taro's router
 * as a "pop" to a page it no longer holds, and the router then unloads the page below and loads the forward
 * page as if it were the first one (@tarojs/router spa.js, the POP branch with prevIndex -1). After back,
 * back, forward the stack holds one page although the tab's history has the page below it. The history entry
 * index still knows, so it decides too; and going back from such a page is the browser's own back (Taro's
 * navigateBack with one page on its stack would go nowhere: history.go(0) reloads).
 */
const stackDepth = () => Taro.getCurrentPages().length

export const navPlatform: NavPlatform = {
  // The status-bar inset comes from CSS env(safe-area-inset-top) on H5.
  metrics: () => ({ statusBarHeight: 0, barHeight: 44, rightInset: 0 }),
  hasPageBehind: () => stackDepth() > 1 || historyIndex() > 0,
  back() {
    if (stackDepth() > 1) void Taro.navigateBack({ delta: 1 })
    else window.history.back()
  },
  // No system bar in a browser: every page keeps the app's NavBar.
  drawsBar: () => false,
}
