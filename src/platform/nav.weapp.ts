import Taro from '@tarojs/taro'
import type { NavMetrics, NavPlatform } from './nav.types'

let cached: NavMetrics | undefined

/** Align the bar with the capsule button: same vertical centre, height from its gap to the status bar. */
function measure(): NavMetrics {
  const info = Taro.getWindowInfo ? Taro.getWindowInfo() : Taro.getSystemInfoSync()
  const statusBarHeight = info.statusBarHeight ?? 20
  let barHeight = 44
  let rightInset = 96
  try {
    const capsule = Taro.getMenuButtonBoundingClientRect()
    if (capsule && capsule.height > 0) {
      barHeight = (capsule.top - statusBarHeight) * 2 + capsule.height
      rightInset = info.windowWidth - capsule.left
    }
  } catch {
    // Older base libraries: keep the defaults.
  }
  return { statusBarHeight, barHeight, rightInset }
}

export const navPlatform: NavPlatform = {
  metrics() {
    cached ??= measure()
    return cached
  },
  // The mini-program's page stack is the truth: it is what the system back gesture walks.
  hasPageBehind: () => Taro.getCurrentPages().length > 1,
  pagesBehind: () => Math.max(0, Taro.getCurrentPages().length - 1),
  back(pages = 1) {
    void Taro.navigateBack({ delta: pages })
  },
  // Only the web view, whose <web-view> covers the whole page and anything the app drew on it.
  drawsBar(route) {
    const page = Taro.getCurrentPages().find((p) => p.route === route) as { config?: { navigationStyle?: string } } | undefined
    return page?.config?.navigationStyle === 'default'
  },
}
