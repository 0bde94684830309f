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
 * Taro's page stack (getCurrentPages) is not the truth on H5: the browser's Forward button reaches Taro's router
 * as a "pop" to a page it no longer holds, and the router then unloads the page below and loads the forward
 * page as if it were the first one (@tarojs/router spa.js, the POP branch with prevIndex -1). After back,
 * back, forward its stack holds one page although the tab's history has the page below it. The history entry
 * index knows (every navigateTo pushes an entry; redirectTo, switchTab and reLaunch replace one), so it alone
 * decides. Going back is the browser's own back: history.go(-1), as Taro's navigateBack does, except that with
 * one page on Taro's stack navigateBack would history.go(0), a reload.
 */
export const navPlatform: NavPlatform = {
  // The status-bar inset comes from CSS env(safe-area-inset-top) on H5.
  metrics: () => ({ statusBarHeight: 0, barHeight: 44, rightInset: 0 }),
  hasPageBehind: () => historyIndex() > 0,
  pagesBehind: () => historyIndex(),
  back: (pages = 1) => (pages === 1 ? window.history.back() : window.history.go(-pages)),
  // No system bar in a browser: every page keeps the app's NavBar.
  drawsBar: () => false,
}
