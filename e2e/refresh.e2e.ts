/**
 * Issue 24 in Chromium: pull-to-refresh with a real touch drag (DevTools touch events, as a finger on a phone):
 * on Flash sales, the Micro mall, Home (started on its banner or flash strip) and the fuel stations it asks the server
 * again, as it does on My orders; on a list the pull reaches the
 * top of the page and the list's call goes out once more.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, logIn, phone, placeParcel, seedAddressAndCoupon, serverClock, settled } from './browser'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

let browser: Browser

beforeAll(async () => {
  // Flash sales and Home's strip show the session on now: the server's clock is held inside one, four hours from either
  // switch (test-mp/flashClock.js), so a pull never lands on a switch; reset after.
  await holdFlashSession(serverClock)
  browser = await launch()
}, 60000)
afterAll(async () => {
  await browser?.close()
  await releaseServerClock(serverClock)
})

/** A finger on `from` (the first one visible), dragged 360 px down in small steps, then lifted. */
async function pullDown(page: Page, from: string): Promise<void> {
  const box = await page.locator(`${from}:visible`).first().boundingBox()
  if (!box) throw new Error(`nothing to pull on at ${from}`)
  const x = Math.round(box.x + box.width / 2)
  const y = Math.round(box.y + Math.min(box.height / 2, 30))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let i = 1; i <= 12; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + i * 30 }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

// Pulled where a shopper pulls: at the top of the screen — on Flash sales and the mall that is a row scrolling
// sideways (the sessions, the gallery), which must not swallow the pull — and on the list itself.
const CASES = [
  { name: 'My orders', url: '/pages/orders/index', ready: '.order-card, .state--empty', from: '.orders-tabs', call: 'personal.order/index', login: true },
  { name: 'Flash sales (on the sessions)', url: '/pages/seckill/index', ready: '.flash-card', from: '.flash-sessions', call: 'hui_public.hsh_seckill_prod/index', login: false },
  { name: 'Flash sales (on a product)', url: '/pages/seckill/index', ready: '.flash-card', from: '.flash-card', call: 'hui_public.hsh_seckill_prod/index', login: false },
  { name: 'Micro mall (on the gallery)', url: '/pages/vMall/index', ready: '.mall-card', from: '.mall-gallery__strip', call: 'hui_public.mall_product/index', login: false },
  { name: 'Micro mall (on a product)', url: '/pages/vMall/index', ready: '.mall-card', from: '.mall-card', call: 'hui_public.mall_product/index', login: false },
  // Home (issue 24): its banner and flash strip scroll sideways at the top; a pull started on them refreshes Home.
  { name: 'Home (on the banner)', url: '/pages/index/index', ready: '.home-banners__item', from: '.home-banners', call: 'index/moduleList', login: false },
  { name: 'Home (on the flash strip)', url: '/pages/index/index', ready: '.home-flash__item', from: '.home-flash__list', call: 'hui_public.hsh_seckill_prod/index', login: false },
  // Fuel (issue 24): the stations (the city's, no location in the test browser) refresh on a pull.
  { name: 'Fuel stations', url: '/pages/payBill/oil', ready: '.fuel-station', from: '.fuel-station', call: 'hui_shanghu.oil_station/index', login: false },
]

describe('pull-to-refresh asks the server again', () => {
  it.each(CASES)('$name', async ({ url, ready, from, call, login }) => {
    const { context, page, errors } = await phone(browser)
    try {
      if (login) await logIn(page, '13800002441', url)
      else {
        await page.goto(`${BASE()}${url}`)
        await settled(page)
      }
      const shown = ready
        .split(', ')
        .map((sel) => `${sel}:visible`)
        .join(', ')
      await page.locator(shown).first().waitFor({ timeout: 15000 })
      // The list's call goes out again after the pull (without it: a timeout), and the list is there afterwards.
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${call}`, { timeout: 10000 })
      await pullDown(page, from)
      expect((await asked).status()).toBe(200)
      await page.locator(shown).first().waitFor({ timeout: 15000 })
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})

// Logistics (issue 24): the parcel moves on; a pull asks where it is now.
it('Logistics of a shipped parcel: a pull asks where it is again', async () => {
  const { context, page, errors } = await phone(browser)
  try {
    const token = await logIn(page, '13800002442', '/pages/personal/index')
    await seedAddressAndCoupon(token)
    const id = await placeParcel(token, `refresh-parcel-${Date.now()}`, 'sandbox')
    await page.goto(`${BASE()}/pages/logistics/index?id=${id}`)
    await settled(page)
    await page.locator('.parcel__confirm:visible').waitFor({ timeout: 15000 })
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/personal.order/read', { timeout: 10000 })
    await pullDown(page, '.parcel__state')
    expect((await asked).status()).toBe(200)
    await page.locator('.parcel__confirm:visible').waitFor({ timeout: 15000 })
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
