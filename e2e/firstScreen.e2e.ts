/**
 * Issue 15 in Chromium: Home's HTML draws Home's first screen (the bar and the first banner's picture) before the
 * app's scripts have arrived, where the app will draw the same; the app removes it once its own banner is on
 * screen. A drawing that stayed, or that sat elsewhere than the app's banner, would show here.
 */
import type { Browser } from 'playwright-core'
import { BASE, launch, phone, settled } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const rectOf = (selector: string) => (el: Element | null) => {
  if (!el) throw new Error(`${selector} not found`)
  const r = el.getBoundingClientRect()
  return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]
}

describe("Home's first screen", () => {
  it('is drawn by the HTML with no app script at all, then replaced by the app at the same place', async () => {
    const { page, context } = await phone(browser)
    // The app's scripts held back: what the shopper sees while they download.
    await page.route(/\/js\/.+\.js$/, (r) => r.abort())
    await page.goto(`${BASE()}/pages/index/index`)
    const drawn = page.locator('#home-shell img.home-banners__img')
    await drawn.waitFor({ state: 'visible' })
    await page.waitForFunction(() => (document.querySelector('#home-shell img') as HTMLImageElement | null)?.naturalWidth !== 0)
    const drawnAt = await drawn.evaluate(rectOf('#home-shell img'))
    expect(drawnAt[2]).toBeGreaterThan(300)
    expect(await page.locator('#home-shell').getAttribute('aria-hidden')).toBe('true')

    await page.unroute(/\/js\/.+\.js$/)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('.home-banners__item .home-banners__img').first().waitFor({ state: 'visible', timeout: 15000 })
    await page.locator('#home-shell').waitFor({ state: 'detached', timeout: 15000 })
    await settled(page)
    const appAt = await page.locator('.home-banners__img').first().evaluate(rectOf('.home-banners__img'))
    expect(appAt).toEqual(drawnAt)
    await context.close()
  })

  it('other pages have none, and a Home whose banners fail does not keep it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/card/index`)
    await settled(page)
    expect(await page.locator('#home-shell').count()).toBe(0)
    await page.route(/\/api\/index\/moduleList/, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: '服务繁忙', data: null }) }))
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('#home-shell').waitFor({ state: 'detached', timeout: 15000 })
    await context.close()
  })
})
