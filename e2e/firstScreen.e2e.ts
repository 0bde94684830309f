/**
 * Issue 15 in Chromium: a tab's HTML draws its first screen — Home's bar, city and search, first banner, services
 * and flash sales; My orders and Me as a shopper who has not logged in sees them — in the shopper's language before
 * the app's scripts have arrived, each thing where the app will draw it; the app removes the drawing in the render
 * that draws its own. A drawing that said something else than the app, sat elsewhere, stayed, came in the wrong
 * language or showed a logged-out screen to a logged-in shopper would show here.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, phone, settled } from './browser'
import { ROUTES } from '../src/routes'

const EN_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.en]))
const ZH_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.zh]))

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** What each drawn first screen shows, by the app's class names (the first such element's words and box), and what says the app has drawn it. */
const SCREENS: Array<{ name: string; path: string; ready: string; parts: string[] }> = [
  {
    name: 'Home',
    path: '/pages/index/index',
    ready: '.home-flash__item',
    parts: [
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
    ],
  },
  {
    name: 'Membership card (not logged in)',
    path: '/pages/card/index',
    ready: '.card-products__buy',
    parts: [
      '.nav-bar__title',
      '.card-products__title',
      '.card-product',
      '.card-product--chosen',
      '.card-product--chosen .card-product__name',
      '.card-product--chosen .card-product__price',
      '.card-product--chosen .card-product__days',
      '.card-product--chosen .card-product__benefit',
      '.card-product:nth-child(4)',
      '.card-products__bar',
      '.card-products__total',
      '.card-products__buy',
    ],
  },
  {
    name: 'My orders (not logged in)',
    path: '/pages/orders/index',
    ready: '.state__action',
    parts: ['.nav-bar__title', '.state--empty', '.state__art', '.state__title', '.state__action'],
  },
  {
    name: 'Me (not logged in)',
    path: '/pages/personal/index',
    ready: '.menu-list__item--about',
    parts: [
      '.nav-bar__title',
      '.account-header',
      '.account-header__avatar',
      '.account-header__login',
      '.account-header__hint',
      '.menu-list',
      '.menu-list__item--cards',
      '.menu-list__item--language .menu-list__value',
      '.menu-list__item--service .menu-list__value',
      '.menu-list__item--about',
      '.menu-list__item--about .menu-list__value',
    ],
  },
]
type Part = [selector: string, words: string, box: number[]] | [selector: string, missing: null]

/** Each part as drawn inside the drawing (`inDrawing`) or by the app (outside it). */
const partsOf = (page: Page, parts: string[], inDrawing: boolean): Promise<Part[]> =>
  page.evaluate(
    ([list, inside]) =>
      list.map((sel): Part => {
        const el = Array.from(document.querySelectorAll(sel)).find((e) => !!e.closest('#first-screen') === inside)
        if (!el) return [sel, null]
        const r = el.getBoundingClientRect()
        return [sel, (el.textContent ?? '').trim(), [r.x, r.y, r.width, r.height].map((n) => Math.round(n))]
      }),
    [parts, inDrawing] as const,
  )

const JS = /\/js\/.+\.js$/

async function drawnThenApp(screen: (typeof SCREENS)[number], lang: 'zh' | 'en'): Promise<{ drawn: Part[]; app: Part[]; lang: string | null }> {
  const { page, context } = await phone(browser)
  if (lang === 'en') await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
  // A first visit keeps the language in a cookie: the server draws the next page in it.
  await page.goto(`${BASE()}/pages/card/index`)
  await settled(page)
  // The app's scripts held back: what the shopper sees while they download.
  await page.route(JS, (r) => r.abort())
  await page.goto(`${BASE()}${screen.path}`)
  await page.locator(`#first-screen ${screen.ready}`).first().waitFor({ state: 'visible' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('#first-screen img')).every((img) => img.complete))
  const drawn = await partsOf(page, screen.parts, true)
  const drawnLang = await page.locator('#first-screen').getAttribute('data-lang')
  expect(await page.locator('#first-screen').getAttribute('aria-hidden')).toBe('true')

  await page.unroute(JS)
  await page.goto(`${BASE()}${screen.path}`)
  await page.locator(screen.ready).first().waitFor({ state: 'visible', timeout: 15000 })
  expect(await page.locator('#first-screen').count()).toBe(0)
  await settled(page)
  const app = await partsOf(page, screen.parts, false)
  await context.close()
  return { drawn, app, lang: drawnLang }
}

/** The countdown ticks between the two loads: its words are compared without the time. */
const withoutTime = (parts: Part[]) => parts.map((p) => (p[1] === null ? p : [p[0], p[1].replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss'), p[2]]))

describe('the first screens drawn by the HTML', () => {
  for (const screen of SCREENS) {
    for (const lang of ['zh', 'en'] as const) {
      it(`${screen.name} (${lang}): drawn with no app script at all, saying what the app says, where the app draws it`, async () => {
        const { drawn, app, lang: drawnLang } = await drawnThenApp(screen, lang)
        expect(drawnLang).toBe(lang === 'en' ? 'en' : 'zh-CN')
        // Everything there, in the same words and the same boxes as the app draws them (to the pixel).
        expect(drawn.filter((p) => p[1] === null).map((p) => p[0])).toEqual([])
        expect(withoutTime(drawn)).toEqual(withoutTime(app))
        expect(drawn[0][1]).toBe(lang === 'en' ? EN_TITLE[screen.path.slice(1)] : ZH_TITLE[screen.path.slice(1)])
      })
    }
  }

  it('a session kept on the phone drops the logged-out drawings of Membership card, My orders and Me before they show', async () => {
    const { page, context } = await phone(browser)
    await context.addInitScript(() => window.localStorage.setItem('token', JSON.stringify({ data: 'some-session' })))
    await page.route(JS, (r) => r.abort())
    for (const path of ['/pages/card/index', '/pages/orders/index', '/pages/personal/index']) {
      await page.goto(`${BASE()}${path}`)
      expect([path, await page.locator('#first-screen').count()]).toEqual([path, 0])
    }
    // Home's drawing is the same for everyone: it stays.
    await page.goto(`${BASE()}/pages/index/index`)
    expect(await page.locator('#first-screen').count()).toBe(1)
    await context.close()
  })
})

describe("Home's first screen", () => {
  it('goes at once when drawn for another language than the phone keeps, and the app draws Home in the right one', async () => {
    const { page, context } = await phone(browser)
    // The phone says English, but no cookie has told the server yet: it draws Chinese, which the page drops.
    await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
    await page.route(JS, (r) => r.abort())
    await page.goto(`${BASE()}/pages/index/index`)
    expect(await page.locator('#first-screen').count()).toBe(0)
    await page.unroute(JS)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('.home-grid__label').first().waitFor({ state: 'visible', timeout: 15000 })
    expect(await page.locator('.home-grid__label').first().textContent()).toBe('Membership card')
    await context.close()
  })

  it('other pages have none, and a Home whose services fail does not keep it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/discountBill/index`)
    await settled(page)
    expect(await page.locator('#first-screen').count()).toBe(0)
    // A referral kept from an earlier launch: the page asks for its first calls itself (another URL than the ones
    // the server answered), and the services' call fails.
    await page.evaluate(() => window.localStorage.setItem('share_user_user_id', JSON.stringify({ data: 'u-1' })))
    await page.route(/\/api\/index\/moduleList/, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: '服务繁忙', data: null }) }))
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 15000 })
    await page.locator('.state--error').first().waitFor({ state: 'visible', timeout: 15000 })
    await context.close()
  })
})
