import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import ComingSoon, { UNFINISHED_ROUTES } from '@/components/ComingSoon'
import { tables } from '@/components/ComingSoon/messages'
import { resetLangCache, setLang } from '@/core/i18n'
import PageFrame from '@/components/PageFrame'
import { ROUTES } from '@/routes'
import { fakeApi, PENDING } from '../support/fakeApi'
import { click, mount, text, unmountAll } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  window.history.replaceState(null, '')
})

/** A route still to build (the list shrinks as screens are built: the last one left), framed as its page is. */
const SOON = UNFINISHED_ROUTES[UNFINISHED_ROUTES.length - 1]
const SoonPage = () => (
  <PageFrame route={SOON}>
    <ComingSoon route={SOON} />
  </PageFrame>
)

/** `depth` pages in the stack Taro reports and in the tab's history (history 5 numbers its entries from 0). */
function stack(depth: number) {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({ route: 'x' }) as unknown as Taro.Page))
  window.history.replaceState({ usr: null, key: 'k', idx: depth - 1 }, '')
}

describe('a route that is not built yet', () => {
  it('says so, names what the screen will offer, and goes Home; opened directly there is no back', async () => {
    stack(1)
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(SoonPage)
    expect(text(t, '.nav-bar__title')).toBe(ROUTES.find((r) => r.path === SOON)?.zh)
    expect(text(t, '.soon__title')).toBe('即将上线')
    expect(text(t, '.soon__offer')).toBe(tables['zh-CN'][`soon.offer.${SOON}`])
    // Never the endless skeleton.
    expect(t.queries.querySelector('.skeleton')).toBeNull()
    expect(t.queries.querySelector('.soon__back')).toBeNull()
    await click(t, '.soon__home')
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('reached from another page, it offers back, which goes back', async () => {
    stack(2)
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined)
    const t = await mount(() => <ComingSoon route='pages/shopRegister/index' />)
    await click(t, '.soon__back')
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('speaks English', async () => {
    setLang('en')
    stack(2)
    const t = await mount(() => <ComingSoon route='pages/shopRegister/index' />)
    expect(text(t, '.soon__title')).toBe('Coming soon')
    expect(text(t, '.soon__offer')).toBe('Merchants apply to join online and follow the review.')
    expect(text(t, '.soon__back')).toBe('Go back')
    expect(text(t, '.soon__home')).toBe('Go to Home')
  })

  it('every page that is not built shows it (none is left loading forever), and each has its line in both languages', () => {
    const pagesDir = path.resolve(__dirname, '../../src/pages')
    const pages = ROUTES.map((r) => r.path).filter((p) => {
      const file = path.join(pagesDir, `${p.slice('pages/'.length)}.tsx`)
      const src = fs.readFileSync(file, 'utf8')
      // A page that is only a frame and a skeleton spins forever.
      expect([p, /<Skeleton[^>]*\/>\s*<\/PageFrame>/.test(src)]).toEqual([p, false])
      return src.includes('<ComingSoon')
    })
    expect(pages.sort()).toEqual([...UNFINISHED_ROUTES].sort())
    for (const route of UNFINISHED_ROUTES) {
      expect(tables['zh-CN'][`soon.offer.${route}`]).toBeTruthy()
      expect(tables.en[`soon.offer.${route}`]).toBeTruthy()
    }
  })
})

describe('back or home in the navigation bar (H5)', () => {
  it('a page whose history entry has pages before it offers back even when Taro reports a stack of one (after back, back, forward)', async () => {
    stack(1)
    // history 5 (under Taro's router) numbers the tab's entries: 2 = the third page of the app in this tab.
    window.history.replaceState({ usr: null, key: 'k', idx: 2 }, '')
    const historyBack = jest.spyOn(window.history, 'back').mockImplementation(() => undefined)
    const navigateBack = jest.spyOn(Taro, 'navigateBack')
    const t = await mount(SoonPage)
    expect(t.queries.querySelector('.nav-bar__home')).toBeNull()
    await click(t, '.nav-bar__back')
    // Taro's navigateBack with one page on its stack would reload; the browser's back goes to the page before.
    expect(historyBack).toHaveBeenCalledTimes(1)
    expect(navigateBack).not.toHaveBeenCalled()
  })

  it('a tab page never offers back, whatever the history holds', async () => {
    stack(1)
    fakeApi({}, { otherwise: PENDING })
    window.history.replaceState({ usr: null, key: 'k', idx: 3 }, '')
    const MePage = (await import('@/pages/personal/index')).default
    const t = await mount(MePage)
    expect(t.queries.querySelector('.nav-bar__back')).toBeNull()
    expect(t.queries.querySelector('.nav-bar__home')).toBeNull()
  })
})
