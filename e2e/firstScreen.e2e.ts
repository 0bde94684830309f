/**
 * Issue 15 in Chromium: Home's HTML draws Home's first screen — the bar, city and search, the first banner with its
 * words, the services and the flash sales — in the shopper's language before the app's scripts have arrived, each
 * thing where the app will draw it; the app removes the drawing in the render that draws its own. A drawing that
 * said something else than the app, sat elsewhere, stayed, or came in the wrong language would show here.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, phone, settled } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** What the first screen shows, by the app's class names: the first such element's words and box. */
const PARTS = [
  '.nav-bar__title',
  '.home-bar__city',
  '.home-bar__search',
  '.home-bar__placeholder',
  '.home-banners__img',
  '.home-banners__title',
  '.home-banners__go',
  '.home-carousel__dots',
  '.home-grid',
  '.home-grid__item:nth-child(7)',
  '.home-grid__icon',
  '.home-grid__label',
  '.home-flash__title',
  '.home-flash__more',
  '.home-flash__item:nth-child(3)',
  '.home-flash__img',
  '.home-flash__name',
  '.home-flash__price',
  '.home-flash__original',
  '.home-section-title',
]
type Part = [selector: string, words: string, box: number[]] | [selector: string, missing: null]

/** Each part as drawn inside the drawing (`inDrawing`) or by the app (outside it). */
const partsOf = (page: Page, inDrawing: boolean): Promise<Part[]> =>
  page.evaluate(
    ([parts, inside]) =>
      parts.map((sel): Part => {
        const el = Array.from(document.querySelectorAll(sel)).find((e) => !!e.closest('#home-shell') === inside)
        if (!el) return [sel, null]
        const r = el.getBoundingClientRect()
        return [sel, (el.textContent ?? '').trim(), [r.x, r.y, r.width, r.height].map((n) => Math.round(n))]
      }),
    [PARTS, inDrawing] as const,
  )

const JS = /\/js\/.+\.js$/

async function drawnThenApp(lang: 'zh' | 'en'): Promise<{ drawn: Part[]; app: Part[]; lang: string | null }> {
  const { page, context } = await phone(browser)
  if (lang === 'en') await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
  // A first visit keeps the language in a cookie: the server draws the next page in it.
  await page.goto(`${BASE()}/pages/card/index`)
  await settled(page)
  // The app's scripts held back: what the shopper sees while they download.
  await page.route(JS, (r) => r.abort())
  await page.goto(`${BASE()}/pages/index/index`)
  await page.locator('#home-shell .home-grid__label').first().waitFor({ state: 'visible' })
  await page.waitForFunction(() => (document.querySelector('#home-shell img') as HTMLImageElement | null)?.complete === true)
  const drawn = await partsOf(page, true)
  const drawnLang = await page.locator('#home-shell').getAttribute('data-lang')
  expect(await page.locator('#home-shell').getAttribute('aria-hidden')).toBe('true')

  await page.unroute(JS)
  await page.goto(`${BASE()}/pages/index/index`)
  await page.locator('.home-flash__item').first().waitFor({ state: 'visible', timeout: 15000 })
  expect(await page.locator('#home-shell').count()).toBe(0)
  await settled(page)
  const app = await partsOf(page, false)
  await context.close()
  return { drawn, app, lang: drawnLang }
}

/** The countdown ticks between the two loads: its words are compared without the time. */
const withoutTime = (parts: Part[]) => parts.map((p) => (p[1] === null ? p : [p[0], p[1].replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss'), p[2]]))

describe("Home's first screen", () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`is drawn by the HTML with no app script at all (${lang}), saying what the app says, where the app draws it`, async () => {
      const { drawn, app, lang: drawnLang } = await drawnThenApp(lang)
      expect(drawnLang).toBe(lang === 'en' ? 'en' : 'zh-CN')
      // Everything there, with words, in the shopper's language.
      expect(drawn.filter((p) => p[1] === null).map((p) => p[0])).toEqual([])
      const words = Object.fromEntries(drawn.map((p) => [p[0], p[1]]))
      expect(words['.nav-bar__title']).toBe(lang === 'en' ? 'One Card Pass' : '一卡通')
      expect(words['.home-bar__placeholder']).toBe(lang === 'en' ? 'Search shops and products' : '搜索商家、商品')
      expect(words['.home-grid__label']).toBe(lang === 'en' ? 'Membership card' : '会员卡')
      // The same words in the same boxes as the app draws them (to the pixel).
      expect(withoutTime(drawn)).toEqual(withoutTime(app))
    })
  }

  it('goes at once when drawn for another language than the phone keeps, and the app draws Home in the right one', async () => {
    const { page, context } = await phone(browser)
    // The phone says English, but no cookie has told the server yet: it draws Chinese, which the page drops.
    await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
    await page.route(JS, (r) => r.abort())
    await page.goto(`${BASE()}/pages/index/index`)
    expect(await page.locator('#home-shell').count()).toBe(0)
    await page.unroute(JS)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('.home-grid__label').first().waitFor({ state: 'visible', timeout: 15000 })
    expect(await page.locator('.home-grid__label').first().textContent()).toBe('Membership card')
    await context.close()
  })

  it('other pages have none, and a Home whose services fail does not keep it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/card/index`)
    await settled(page)
    expect(await page.locator('#home-shell').count()).toBe(0)
    // A referral kept from an earlier launch: the page asks for its first calls itself (another URL than the ones
    // the server answered), and the services' call fails.
    await page.evaluate(() => window.localStorage.setItem('share_user_user_id', JSON.stringify({ data: 'u-1' })))
    await page.route(/\/api\/index\/moduleList/, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: '服务繁忙', data: null }) }))
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('#home-shell').waitFor({ state: 'detached', timeout: 15000 })
    await page.locator('.state--error').first().waitFor({ state: 'visible', timeout: 15000 })
    await context.close()
  })
})
