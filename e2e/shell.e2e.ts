import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, launch, phone, settled, shot, toastShown, visibleTitle } from './browser'
import { WEB_VIEW_URL, serveExamplePage } from './screens'

const ROUTES = [...fs.readFileSync(path.resolve(__dirname, '../src/routes.ts'), 'utf8').matchAll(/\{ path: '([^']+)', zh: '([^']+)', en: '([^']+)' \}/g)].map((m) => ({ path: m[1], zh: m[2] }))

/** Screens that need a user: an anonymous deep link lands on Authorization, which will bring the shopper back. */
const GATED = ['pages/personal/address', 'pages/personal/newAddress', 'pages/payBill/index', 'pages/payBill/success', 'pages/orders/detail', 'pages/card/my', 'pages/card/my_old', 'pages/card/vipCord', 'pages/card/ticketList', 'pages/card/records', 'pages/orders/orderInfo', 'pages/personal/sessions', 'pages/personal/deleteAccount', 'pages/store/index', 'pages/store/verify', 'pages/store/orders', 'pages/store/order', 'pages/store/takeout', 'pages/store/takeoutOrder', 'pages/store/takeoutSettings', 'pages/store/jobs', 'pages/logistics/index', 'pages/vMall/cart', 'pages/shopRegister/index', 'pages/store/staff', 'pages/store/profile', 'pages/store/hours', 'pages/store/intro', 'pages/store/menu', 'pages/store/dish', 'pages/store/delivery', 'pages/store/coupons', 'pages/store/changes']

let browser: Browser
/** The deep links' phone: one page, its storage emptied before each link (a new context per link cost ~0.4 s of CPU more, measured). */
let links: { context: BrowserContext; page: Page } | undefined
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await links?.context.close()
  await browser?.close()
})

/** A URL opened by someone who has never used the app: nothing stored (no login, no language, no cached answers). */
async function newcomer(url: string): Promise<Page> {
  links ??= await phone(browser)
  const { page } = links
  if (page.url().startsWith(BASE())) {
    await page.evaluate(() => {
      window.localStorage.clear()
      window.sessionStorage.clear()
    })
  }
  await page.goto(`${BASE()}${url}`)
  return page
}

/** A page with nothing behind it: the bar offers Home, not back, and Home goes Home. */
async function homeFromBar(page: Page): Promise<void> {
  expect(await page.locator('.nav-bar__back:visible').count()).toBe(0)
  await page.locator('.nav-bar__home:visible').click()
  await page.waitForURL(/\/pages\/index\/index|\/$/)
  await settled(page)
  expect(await visibleTitle(page)).toBe('一卡通')
}

/** The browser's own Back or Forward, then the page it lands on settled. */
async function walk(page: Page, move: 'back' | 'forward', url: RegExp): Promise<void> {
  await (move === 'back' ? page.goBack() : page.goForward())
  await page.waitForURL(url)
  await settled(page)
}

describe('H5 shell in Chromium', () => {
  it('knows all 62 routes', () => {
    expect(ROUTES).toHaveLength(62)
  })

  it('opens Home at / with no errors in the console', async () => {
    const { page, context, errors } = await phone(browser)
    await page.goto(`${BASE()}/`)
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    expect(await page.locator('.nav-bar__back:visible').count()).toBe(0)
    await shot(page, 'home')
    expect(errors).toEqual([])
    await context.close()
  })

  it('Home banner: a scroll-snap carousel whose dots follow autoplay, a swipe and a tap; reduced motion holds it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/`)
    await settled(page)
    const dots = page.locator('.home-carousel__dot')
    const scroller = page.locator('#home-banners')
    const current = () => page.locator('.home-carousel__dot[aria-current="true"]').getAttribute('aria-label')
    const page1 = async () => scroller.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))
    // Banners arrive with the moduleList answer, after the page has settled.
    await dots.nth(1).waitFor()
    const total = await dots.count()
    // Autoplay moves the picture, and the dot follows it (on a slow machine it may have moved on already: a
    // whole round is allowed; the first banner showing first is checked in jest and the simulator).
    await page.waitForFunction(() => document.querySelector('.home-carousel__dot[aria-current="true"]')?.getAttribute('aria-label')?.startsWith('第 2 张'), null, { timeout: 4000 * (total + 1) })
    await page.waitForFunction(() => {
      const el = document.getElementById('home-banners')
      return !!el && Math.abs(el.scrollLeft - el.clientWidth) < 2
    })
    // A dot tapped shows its banner and stops autoplay.
    await dots.nth(total - 1).click()
    await page.waitForFunction((n) => {
      const el = document.getElementById('home-banners')
      return !!el && Math.abs(el.scrollLeft - (n - 1) * el.clientWidth) < 2
    }, total)
    expect(await page1()).toBe(total - 1)
    expect(await current()).toBe(`第 ${total} 张，共 ${total} 张`)
    // A swipe (the scroller moved by the shopper; autoplay is stopped, so nothing races it) moves the dot.
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }))
    await page.waitForFunction(() => document.querySelector('.home-carousel__dot[aria-current="true"]')?.getAttribute('aria-label')?.startsWith('第 1 张'))
    expect(await page1()).toBe(0)
    await context.close()

    const reduced = await phone(browser)
    await reduced.page.emulateMedia({ reducedMotion: 'reduce' })
    await reduced.page.clock.install()
    await reduced.page.goto(`${BASE()}/`)
    await settled(reduced.page)
    await reduced.page.locator('.home-carousel__dot').first().waitFor()
    // Two autoplay periods on the page's clock, then two frames for React: the first banner still shows.
    await reduced.page.clock.runFor(9000)
    await reduced.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    expect(await reduced.page.locator('.home-carousel__dot[aria-current="true"]').getAttribute('aria-label')).toBe(`第 1 张，共 ${total} 张`)
    expect(await reduced.page.locator('#home-banners').evaluate((el) => el.scrollLeft)).toBe(0)
    await reduced.context.close()
  }, 180000)

  it.each(ROUTES.filter((r) => !GATED.includes(r.path)).map((r) => [r.path, r.zh]))('a deep link to /%s shows %s', async (route, title) => {
    const page = await newcomer(`/${route}`)
    await settled(page)
    expect(await visibleTitle(page)).toBe(title)
    expect(await page.title()).toBe(title)
  })

  it.each(GATED)('an anonymous deep link to /%s asks to log in first, with the way back', async (route) => {
    // Each page's own id (Pay a bill names its shop; a link that names none is "not found" to anyone: paySteps.e2e).
    const page = await newcomer(`/${route}?id=1&shop_id=1`)
    await page.waitForURL(/\/pages\/accountBind\/index\?redirect=/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('授权登录')
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toMatch(new RegExp(`^/${route}`))
  })

  it.each(['/pages/nope/index', '/foo'])('an unknown path (%s) lands on Home with a "page not found" toast', async (url) => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}${url}`)
    await toastShown(page, '页面不存在')
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    expect(new URL(page.url()).pathname).toMatch(/^\/(pages\/index\/index)?$/)
    await shot(page, `not-found${url}`)
    await context.close()
  })

  it('a page opened directly has a home button that goes Home', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/shops/details?id=1`)
    await settled(page)
    await homeFromBar(page)
    await context.close()
  })

  // Taro's H5 tab bar is drawn over a tab page (z-index 500, outside the page's stacking context): a sheet opened
  // there must end above it, or its last row — Cancel — sits under the bar and cannot be tapped.
  it.each([
    ['Home, the city picker', '/pages/index/index', '.home-bar__city'],
    ['My account, the language', '/pages/personal/index', '.menu-list__item--language'],
  ])('a sheet on a tab page ends above the tab bar: %s', async (_what, url, opener) => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}${url}`)
    await settled(page)
    await page.locator(`${opener}:visible`).first().click()
    const cancel = page.locator('.sheet__cancel:visible')
    await cancel.waitFor({ timeout: 10000 })
    const bar = (await page.locator('.weui-tabbar:visible').boundingBox()) as { y: number }
    const box = (await cancel.boundingBox()) as { y: number; height: number }
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 0.5)
    // Nothing covers it: the point at its middle is the button itself.
    expect(await cancel.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return !!top && el.contains(top)
    })).toBe(true)
    await shot(page, `sheet-above-tabbar${url}`)
    await cancel.click()
    await page.locator('.sheet__panel').first().waitFor({ state: 'detached', timeout: 5000 })
    await context.close()
  })

  // A page reached from another (Jobs, from Me) goes back with the bar's back button.
  it('a page reached from another goes back with the back button of the bar', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/personal/index`)
    await settled(page)
    await page.locator('.menu-list__item--jobs:visible').click()
    await page.waitForURL(/\/pages\/recruit\/index/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('招聘')
    await page.locator('.nav-bar__back:visible').click()
    await page.waitForURL(/\/pages\/personal\/index/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('我的')
    await context.close()
  })
})

describe('back and forward (browser buttons)', () => {
  it('after back, back, forward the page shows back, not home, and back still goes back', async () => {
    const { page, context } = await phone(browser)
    // Home → Discount bill (a grid tile) → Shop details (a shop of the list).
    await page.goto(`${BASE()}/pages/index/index`)
    await settled(page)
    const navigate = async (click: () => Promise<void>, url: RegExp) => {
      await click()
      await page.waitForURL(url)
      await settled(page)
    }
    await navigate(() => page.locator('.home-grid__item--discountBill:visible').click(), /\/pages\/discountBill\/index/)
    await page.locator('.shop-row:visible').first().waitFor({ timeout: 15000 })
    await navigate(() => page.locator('.shop-row__details:visible').first().click(), /\/pages\/shops\/details/)
    expect(await page.locator('.nav-bar__back:visible').count()).toBe(1)

    await walk(page, 'back', /\/pages\/discountBill\/index/)
    await walk(page, 'back', /\/pages\/index\/index/)
    await walk(page, 'forward', /\/pages\/discountBill\/index/)
    expect(await visibleTitle(page)).toBe('优惠买单')
    await shot(page, 'back-back-forward')
    expect(await page.locator('.nav-bar__home:visible').count()).toBe(0)
    // The bar's back goes to the page before, as the browser's would.
    await page.locator('.nav-bar__back:visible').click()
    await page.waitForURL(/\/pages\/index\/index/)
    await settled(page)
    expect(await visibleTitle(page)).toBe('一卡通')
    // Forward twice more: Shop details has its back too.
    await walk(page, 'forward', /\/pages\/discountBill\/index/)
    await walk(page, 'forward', /\/pages\/shops\/details/)
    expect(await page.locator('.nav-bar__back:visible').count()).toBe(1)
    expect(await page.locator('.nav-bar__home:visible').count()).toBe(0)
    await context.close()
  })
})

describe('web view', () => {
  /** Where the bar and the frame are on screen. */
  const geometry = (page: Page) =>
    page.evaluate(() => {
      const box = (el: Element | null) => {
        const r = el?.getBoundingClientRect()
        return r ? { top: r.top, bottom: r.bottom, height: r.height, width: r.width } : null
      }
      const bar = Array.from(document.querySelectorAll('.nav-bar')).find((el) => (el as HTMLElement).offsetParent !== null || el.getBoundingClientRect().height > 0) ?? null
      const frame = document.querySelector('.web-page__frame iframe')
      const barBox = box(bar)
      // What a tap in the middle of the bar reaches.
      const hit = barBox ? document.elementFromPoint(window.innerWidth / 2, (barBox.top + barBox.bottom) / 2) : null
      return { bar: barBox, frame: box(frame), barOnTop: Boolean(hit && bar?.contains(hit)), viewport: { width: window.innerWidth, height: window.innerHeight } }
    })

  it('an allowed page opened from a share link: the bar with its title and a home button above the frame, the frame filling the rest', async () => {
    const { page, context } = await phone(browser)
    await serveExamplePage(page)
    await page.goto(`${BASE()}${WEB_VIEW_URL}`)
    await settled(page)
    await page.locator('.web-page__frame iframe').waitFor()
    await page.frameLocator('.web-page__frame iframe').locator('h1').waitFor()
    const g = await geometry(page)
    expect(g.barOnTop).toBe(true)
    expect(g.bar?.height).toBeGreaterThan(0)
    expect(g.frame?.top).toBeGreaterThanOrEqual((g.bar?.bottom ?? 0) - 1)
    expect(g.frame?.bottom).toBeCloseTo(g.viewport.height, 0)
    expect(g.frame?.width).toBe(g.viewport.width)
    expect(await visibleTitle(page)).toBe('网页')
    expect(await page.locator('.web-page__frame iframe').getAttribute('title')).toBe('网页：www.example.com')
    await shot(page, 'web-view-shared')
    // Opened from a share: no page to go back to, a home button that goes Home.
    await homeFromBar(page)
    await context.close()
  })
})

describe('the server as npm start runs it', () => {
  it('serves index.html compressed and uncached, hashed assets cached long, the API', async () => {
    const html = await fetch(`${BASE()}/pages/card/my`, { headers: { 'accept-encoding': 'br' } })
    expect(html.status).toBe(200)
    expect(html.headers.get('content-encoding')).toBe('br')
    expect(html.headers.get('cache-control')).toBe('no-cache')
    const text = await (await fetch(`${BASE()}/`)).text()
    const js = /src="(\/js\/[^"]+\.js)"/.exec(text)?.[1]
    expect(js).toBeTruthy()
    const asset = await fetch(`${BASE()}${js}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
    const info = await (await fetch(`${BASE()}/api/index/serverInfo`)).json()
    expect(info).toMatchObject({ code: 1, data: { version: '1.0.0' } })
  })
})
