import Taro from '@tarojs/taro'
import type { TabBarLabels } from './tabBarLabels.types'

interface TaroAppConfig {
  tabBar?: { list?: Array<{ text?: string }> }
}

/**
 * Taro's H5 entry sets `window.__taroAppConfig`, creates the <taro-tabbar> with its `tabBar` (the same object) and
 * then announces the launch ('__taroRouterLaunch') — all in one turn, before the tab bar reads its list and draws
 * (a component that loads a turn later). The labels written into that list then are the ones it draws first.
 */
export const tabBarLabels: TabBarLabels = {
  beforeFirstDraw(labels) {
    const write = () => {
      const list = typeof window === 'undefined' ? undefined : (window as unknown as { __taroAppConfig?: TaroAppConfig }).__taroAppConfig?.tabBar?.list
      if (!Array.isArray(list)) return
      labels().forEach((text, i) => {
        if (list[i]) list[i].text = text
      })
    }
    write()
    Taro.eventCenter.once('__taroRouterLaunch', write)
  },
}
