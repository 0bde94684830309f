/**
 * Issue 39 (H5): the tab bar is drawn in the app's language from its first paint. Taro's entry puts the app config
 * on window, creates the tab bar with its `tabBar` and announces the launch in one turn; the tab bar reads its list
 * a turn later — the labels written at the launch are the ones it draws first (e2e/english.e2e.ts watches it in
 * Chromium).
 */
import Taro from '@tarojs/taro'
import { tabBarLabels } from '@/platform/tabBarLabels.h5'

const win = window as unknown as { __taroAppConfig?: { tabBar: { list: Array<{ text: string; pagePath: string }> } } }

afterEach(() => {
  delete win.__taroAppConfig
})

it("writes the labels into the app config's tab bar when the router launches (and at once, when it is there already)", () => {
  const labels = () => ['Home', 'Card', 'Orders', 'Me']
  tabBarLabels.beforeFirstDraw(labels)
  const list = ['首页', '会员卡', '订单', '我的'].map((text, i) => ({ text, pagePath: `p${i}` }))
  win.__taroAppConfig = { tabBar: { list } }
  Taro.eventCenter.trigger('__taroRouterLaunch', {})
  expect(list.map((i) => i.text)).toEqual(['Home', 'Card', 'Orders', 'Me'])

  const again = ['首页', '会员卡', '订单', '我的'].map((text, i) => ({ text, pagePath: `p${i}` }))
  win.__taroAppConfig = { tabBar: { list: again } }
  tabBarLabels.beforeFirstDraw(labels)
  expect(again.map((i) => i.text)).toEqual(['Home', 'Card', 'Orders', 'Me'])
})
