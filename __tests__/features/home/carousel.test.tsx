/**
 * The Home banner carousel (issue 11): dots that say which banner shows and go to one, autoplay that moves on
 * by itself, waits while a finger is on it and stops once the shopper picks a dot; one banner has no dots.
 */
import { forgetAnswers } from '@/core/cache'
import { resetLangCache, setLang } from '@/core/i18n'
import { AUTOPLAY_MS } from '@/features/home/BannerCarousel'
import HomePage from '@/pages/index/index'
import { fakeApi, openedWith, PENDING, resetRouter } from '../../support/fakeApi'
import { mount, unmountAll, until } from '../../support/screen'
import type TestUtils from '@tarojs/test-utils-react'

const banner = (id: number, title: string) => ({ id, title, image: `/assets/img/banner-${id}.svg`, path: '/pages/card/index' })

// Only the autoplay's interval runs on the fake clock (moved by the test alone, however slow the machine);
// timeouts, promises and the runtime keep real time.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'Date', 'performance', 'hrtime', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] }))
afterEach(() => {
  unmountAll()
  jest.useRealTimers()
  resetLangCache()
  resetRouter()
})

function homeApi(banners: ReturnType<typeof banner>[]) {
  return fakeApi({ 'index/moduleList': () => ({ banners, modules: [] }) }, { otherwise: PENDING })
}

const dots = (t: TestUtils) => Array.from(t.queries.querySelectorAll('.home-carousel__dot')) as HTMLElement[]
const current = (t: TestUtils) => dots(t).findIndex((d) => d.getAttribute('aria-current') === 'true')
const tick = (t: TestUtils, ms: number) => t.act(async () => void jest.advanceTimersByTime(ms))
/** The autoplay's interval is set (effects run after the render, when React gets to them), or cleared. */
const autoplay = (t: TestUtils, on: boolean) => until(t, () => expect(jest.getTimerCount()).toBe(on ? 1 : 0))

describe('Home banner carousel', () => {
  it('has a named dot per banner, the first current; autoplay moves on, round to the first again', async () => {
    openedWith('pages/index/index', {}, 1)
    homeApi([banner(1, '办卡'), banner(2, '买单'), banner(3, '秒杀')])
    const t = await mount(HomePage)
    await until(t, () => expect(dots(t)).toHaveLength(3))
    expect(dots(t).map((d) => d.getAttribute('aria-label'))).toEqual(['第 1 张，共 3 张', '第 2 张，共 3 张', '第 3 张，共 3 张'])
    expect(dots(t).every((d) => d.getAttribute('role') === 'button' && d.getAttribute('tabindex') === '0')).toBe(true)
    expect(current(t)).toBe(0)
    // Every banner is a link the keyboard reaches (focus scrolls it into view, and the dot follows the scroll).
    const items = Array.from(t.queries.querySelectorAll('.home-banners__item'))
    expect(items.map((el) => [el.getAttribute('role'), el.getAttribute('tabindex')])).toEqual([['link', '0'], ['link', '0'], ['link', '0']])

    await autoplay(t, true)
    await tick(t, AUTOPLAY_MS)
    expect(current(t)).toBe(1)
    await tick(t, AUTOPLAY_MS)
    expect(current(t)).toBe(2)
    await tick(t, AUTOPLAY_MS)
    expect(current(t)).toBe(0)
  })

  it('a finger on the banner holds it; a dot chosen shows that banner and autoplay stops', async () => {
    openedWith('pages/index/index', {}, 1)
    homeApi([banner(1, '办卡'), banner(2, '买单'), banner(3, '秒杀')])
    const t = await mount(HomePage)
    await until(t, () => expect(dots(t)).toHaveLength(3))
    const carousel = t.queries.querySelector('.home-carousel') as HTMLElement
    await autoplay(t, true)
    await t.act(async () => void t.fireEvent.touchStart(carousel))
    await autoplay(t, false)
    await tick(t, AUTOPLAY_MS * 2)
    expect(current(t)).toBe(0)
    await t.act(async () => void t.fireEvent.touchEnd(carousel))
    await autoplay(t, true)
    await tick(t, AUTOPLAY_MS)
    expect(current(t)).toBe(1)

    await t.act(async () => void t.fireEvent.click(dots(t)[2]))
    expect(current(t)).toBe(2)
    await autoplay(t, false)
    await tick(t, AUTOPLAY_MS * 3)
    expect(current(t)).toBe(2)
  })

  it('speaks English and shows no dots for a single banner', async () => {
    setLang('en')
    openedWith('pages/index/index', {}, 1)
    homeApi([banner(1, 'Get the card'), banner(2, 'Pay a bill')])
    const t = await mount(HomePage)
    await until(t, () => expect(dots(t)).toHaveLength(2))
    expect(dots(t)[1].getAttribute('aria-label')).toBe('Banner 2 of 2')
    unmountAll()
    // Another visit, not a return: nothing kept from the first (issue 27: src/core/cache.ts).
    forgetAnswers()

    homeApi([banner(1, 'Get the card')])
    const one = await mount(HomePage)
    await until(one, () => expect(one.queries.querySelector('.home-banners__item')).not.toBeNull())
    expect(dots(one)).toHaveLength(0)
  })
})
