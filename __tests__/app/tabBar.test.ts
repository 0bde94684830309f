import Taro from '@tarojs/taro'
import { resetLangCache, setLang } from '@/core/i18n'
import { applyTabBarLanguage, TAB_MAX_TRIES, TAB_RETRY_MS } from '@/tabBar'

type Item = Parameters<typeof Taro.setTabBarItem>[0]

describe('tab bar labels in the chosen language', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    window.localStorage.clear()
    resetLangCache()
    setLang('en')
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  /** Labels as the tab bar would show them: only calls that were answered took effect. */
  function fakeTabBar(listening: () => boolean) {
    const labels = ['首页', '会员卡', '订单', '我的']
    const calls: Item[] = []
    jest.spyOn(Taro, 'setTabBarItem').mockImplementation((item: Item) => {
      calls.push(item)
      if (!listening()) return new Promise(() => undefined) // H5: dropped before <taro-tabbar> listens, never answers
      labels[item.index] = item.text ?? labels[item.index]
      return Promise.resolve({ errMsg: 'setTabBarItem:ok' })
    })
    return { labels, calls }
  }

  it('a bar that is ready at once gets English labels with one call per tab', async () => {
    const bar = fakeTabBar(() => true)
    applyTabBarLanguage()
    await jest.advanceTimersByTimeAsync(TAB_RETRY_MS * TAB_MAX_TRIES)
    expect(bar.labels).toEqual(['Home', 'Card', 'Orders', 'Me'])
    expect(bar.calls).toHaveLength(4)
  })

  it('a bar that starts listening only after launch still ends up in English', async () => {
    let ready = false
    const bar = fakeTabBar(() => ready)
    applyTabBarLanguage()
    await jest.advanceTimersByTimeAsync(TAB_RETRY_MS * 2)
    expect(bar.labels).toEqual(['首页', '会员卡', '订单', '我的'])
    ready = true
    await jest.advanceTimersByTimeAsync(TAB_RETRY_MS * 2)
    expect(bar.labels).toEqual(['Home', 'Card', 'Orders', 'Me'])
    const callsThen = bar.calls.length
    await jest.advanceTimersByTimeAsync(TAB_RETRY_MS * TAB_MAX_TRIES)
    expect(bar.calls).toHaveLength(callsThen)
  })

  it('a bar that never answers is asked a bounded number of times', async () => {
    const bar = fakeTabBar(() => false)
    applyTabBarLanguage()
    await jest.advanceTimersByTimeAsync(TAB_RETRY_MS * TAB_MAX_TRIES * 3)
    expect(bar.calls).toHaveLength(4 * TAB_MAX_TRIES)
  })
})
