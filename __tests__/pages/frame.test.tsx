import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { resetLangCache, setLang } from '@/core/i18n'
import HomePage from '@/pages/index/index'
import CardMyPage from '@/pages/card/my'
import ShopDetailsPage from '@/pages/shops/details'
import { fakeApi, PENDING } from '../support/fakeApi'

const mounted: TestUtils[] = []
afterEach(() => {
  window.history.replaceState(null, '')
  mounted.splice(0).forEach((t) => t.unmout())
  jest.restoreAllMocks()
  resetLangCache()
})

async function mount(Page: () => JSX.Element, stackDepth: number) {
  // Screens load data: keep every request pending so the loading state is what renders.
  fakeApi({}, { otherwise: PENDING })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: stackDepth }, () => ({ route: 'x' }) as unknown as Taro.Page))
  // H5 reads the tab's history (src/platform/nav.h5.ts): history 5 numbers its entries, 0 for the first page.
  window.history.replaceState({ usr: null, key: 'k', idx: stackDepth - 1 }, '')
  const t = new TestUtils()
  mounted.push(t)
  await t.mount(Page)
  await t.queries.waitForQuerySelector('.nav-bar__title')
  return t
}

describe('page frame', () => {
  it('Home shows its title, no back and no home button, and a loading skeleton (no placeholder words)', async () => {
    const t = await mount(HomePage, 1)
    expect(t.queries.querySelector('.nav-bar__title')?.textContent).toBe('一卡通')
    expect(t.queries.querySelector('.nav-bar__back')).toBeNull()
    expect(t.queries.querySelector('.nav-bar__home')).toBeNull()
    expect(t.queries.querySelector('.skeleton')).not.toBeNull()
  })

  it('a page opened directly (share link, QR, refresh) offers the home button, which goes Home', async () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(ShopDetailsPage, 1)
    expect(t.queries.querySelector('.nav-bar__title')?.textContent).toBe('店铺详情')
    expect(t.queries.querySelector('.nav-bar__back')).toBeNull()
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.nav-bar__home') as HTMLElement))
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('a page reached from another offers back, which goes back', async () => {
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined)
    const t = await mount(CardMyPage, 2)
    expect(t.queries.querySelector('.nav-bar__home')).toBeNull()
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.nav-bar__back') as HTMLElement))
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('titles follow the chosen language', async () => {
    setLang('en')
    const t = await mount(CardMyPage, 2)
    expect(t.queries.querySelector('.nav-bar__title')?.textContent).toBe('My cards')
    expect(t.queries.querySelector('.nav-bar__back')?.getAttribute('aria-label')).toBe('Back')
  })
})
