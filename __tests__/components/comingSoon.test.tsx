import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { resetLangCache } from '@/core/i18n'
import PageFrame from '@/components/PageFrame'
import { ROUTES } from '@/routes'
import { fakeApi, PENDING } from '../support/fakeApi'
import { click, mount, unmountAll } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  window.history.replaceState(null, '')
})

/** A page that is not a tab, framed as every page is (its content does not matter to the bar). */
const FramedPage = () => (
  <PageFrame route='pages/shopRegister/index'>
    <View />
  </PageFrame>
)

/** `depth` pages in the stack Taro reports and in the tab's history (history 5 numbers its entries from 0). */
function stack(depth: number) {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({ route: 'x' }) as unknown as Taro.Page))
  window.history.replaceState({ usr: null, key: 'k', idx: depth - 1 }, '')
}

describe('every route is built', () => {
  it('no page is only a frame and a skeleton (left loading forever), none is a "coming soon" frame any more', () => {
    const pagesDir = path.resolve(__dirname, '../../src/pages')
    for (const p of ROUTES.map((r) => r.path)) {
      const src = fs.readFileSync(path.join(pagesDir, `${p.slice('pages/'.length)}.tsx`), 'utf8')
      expect([p, /<Skeleton[^>]*\/>\s*<\/PageFrame>/.test(src), src.includes('ComingSoon')]).toEqual([p, false, false])
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
    const t = await mount(FramedPage)
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
