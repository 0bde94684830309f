/**
 * Issue 24 in Chromium (H5 build, reference server): a paid flash-sale order of 2 at pickup. Its detail shows the
 * price the shopper paid per item (the sale's, the list price struck through beside it), no discount that was not one,
 * and beside the code the store to collect it at: its address (tap: a map with its coordinates) and hours. zh and en.
 * Issue 39: a takeout order to pick up (shop 19 茶见奶茶, accepted by its store through the API) says the same beside
 * its pickup code, and gives the shop's number in full with Call (a tel: link) and Copy; its money as lines.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, logIn, phone, placeOrder, serverClock, seriousAxe, sessionOf, settled, shot, still } from './browser'
import { liveFlashProduct } from './screens'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  // The server's clock at 12:00 of its day, whatever the time: the flash sale bought is on, hours from its end.
  await holdFlashSession(serverClock)
}, 60000)
afterAll(async () => {
  await browser?.close()
  await releaseServerClock(serverClock)
})

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`

/** Tap the address: a new tab opens on a map page with the store's coordinates (GCJ-02, lng,lat). */
async function mapOpens(page: Page, context: BrowserContext, shopId: number, place = '.order-pickup__place', from = '/pages/orders/detail'): Promise<void> {
  const { lat, lng } = db<{ lat: number; lng: number }>('SELECT lat, lng FROM shops WHERE id = ?', shopId)
  const tab = context.waitForEvent('page', { timeout: 10000 })
  await page.locator(`${place}:visible`).click()
  const map = await tab
  await map.waitForLoadState('domcontentloaded')
  const url = new URL(map.url())
  expect(url.origin).toBe('https://uri.amap.com')
  expect(url.searchParams.get('position')).toBe(`${lng.toFixed(6)},${lat.toFixed(6)}`)
  expect(page.url()).toContain(from)
  await map.close()
}

/** 茶见奶茶 (server/demo/seedTakeout.ts): open round the clock, pickup offered; its staff phone. */
const TAKEOUT_SHOP = 19
const TAKEOUT_STAFF = '19900000019'

/** The tel: links the page follows, kept (and not followed: Chromium would hand them to the system). */
async function recordCalls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: string[] = []
    ;(window as unknown as { __calls: string[] }).__calls = calls
    document.addEventListener(
      'click',
      (e) => {
        const a = e.target
        if (a instanceof HTMLAnchorElement && a.href.startsWith('tel:')) {
          calls.push(a.getAttribute('href') ?? '')
          e.preventDefault()
        }
      },
      true,
    )
  })
}

describe.each([
  ['zh', '13800002461', { discount: '优惠', hours: '营业时间', pickupAt: '到店自提', takeoutPickupAt: '自取地点', allDay: '24 小时营业', takeoutShopper: '13800002465' }],
  ['en', '13800002462', { discount: 'Discount', hours: 'Open', pickupAt: 'Pick up at', takeoutPickupAt: 'Pick up at', allDay: 'Open 24 hours', takeoutShopper: '13800002464' }],
] as const)('a flash-sale order at pickup (%s)', (lang, phoneNo, words) => {
  it('the sale price × the quantity, no discount line, and the store beside the code: address (map) and hours', async () => {
    const { page, context, errors } = await phone(browser)
    try {
      if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
      await context.route(/^https:\/\/(uri\.amap\.com|apis\.map\.qq\.com)\//, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }))
      const token = await logIn(page, phoneNo)
      const productId = liveFlashProduct()
      const prod = db<{ price: number; original_price: number; pickup_shop_id: number; limit_per_user: number }>('SELECT price, original_price, pickup_shop_id, limit_per_user FROM seckill_products WHERE id = ?', productId)
      // Two where the product allows it (the live session's product may be one per shopper).
      const qty = Math.min(2, prod.limit_per_user)
      const shop = db<{ name: string; address: string; hours: string }>('SELECT name, address, hours FROM shops WHERE id = ?', prod.pickup_shop_id)
      const id = await placeOrder(token, { kind: 'product', product_id: productId, quantity: qty, client_request_id: `pickup-${lang}-${Date.now()}` }, true)
      await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
      await settled(page)
      await page.locator('.order-detail__code-digits:visible').waitFor({ timeout: 15000 })

      // The line: what was paid per item (the sale's price), the list price struck through, × the quantity.
      const line = page.locator('.order-line:visible').first()
      expect(await line.locator('.order-line__price').textContent()).toBe(yuan(prod.price))
      expect(await line.locator('.order-line__list-price').textContent()).toBe(yuan(prod.original_price))
      expect(await line.locator('.order-line__qty').textContent()).toBe(`× ${qty}`)
      // The amounts: the sale's total, no discount line (the sale is the price), paid the same.
      const box = page.locator('.order-detail__box:visible', { hasText: yuan(prod.price * qty) }).last()
      expect(await box.textContent()).not.toContain(words.discount)
      expect(await box.textContent()).not.toContain(yuan(prod.original_price * qty))
      expect(await page.locator('.order-detail__row--strong:visible').textContent()).toContain(yuan(prod.price * qty))

      // Beside the code: the store, its address and hours.
      const pickup = page.locator('.order-detail__code:visible .order-pickup')
      expect(await pickup.locator('.order-pickup__label').textContent()).toBe(words.pickupAt)
      expect(await pickup.locator('.order-pickup__name').textContent()).toBe(shop.name)
      expect(await pickup.locator('.order-pickup__address').textContent()).toBe(shop.address)
      expect(await pickup.locator('.order-pickup__hours').textContent()).toContain(`${words.hours} ${shop.hours}`)
      const place = await pickup.locator('.order-pickup__place').boundingBox()
      expect(place?.height).toBeGreaterThanOrEqual(44)
      await still(page)
      await shot(page, `issue24-pickup-${lang}-top`)
      await pickup.scrollIntoViewIfNeeded()
      await still(page)
      await shot(page, `issue24-pickup-${lang}-store`)
      await mapOpens(page, context, prod.pickup_shop_id)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a takeout order to pick up: beside its code the shop, its address (map), hours, and its number in full with Call and Copy; the money as lines', async () => {
    const { page, context, errors } = await phone(browser)
    try {
      if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
      await context.route(/^https:\/\/(uri\.amap\.com|apis\.map\.qq\.com)\//, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }))
      await recordCalls(context)
      const token = await logIn(page, words.takeoutShopper)
      const mango = db<{ id: number; price: number }>("SELECT id, price FROM dishes WHERE shop_id = ? AND name = '芒果班戟'", TAKEOUT_SHOP)
      const id = await placeOrder(token, { kind: 'takeout', shop_id: TAKEOUT_SHOP, mode: 'pickup', items: [{ id: mango.id, quantity: 1 }], client_request_id: `pickup-takeout-${lang}-${Date.now()}` }, true)
      await api('hui_shanghu.store_takeout/accept', { id }, await sessionOf(TAKEOUT_STAFF))
      const shop = db<{ name: string; address: string; phone: string }>('SELECT name, address, phone FROM shops WHERE id = ?', TAKEOUT_SHOP)

      await page.goto(`${BASE()}/pages/takeout/orderDetail?id=${id}`)
      await settled(page)
      await page.locator('.to-pickup__code:visible').waitFor({ timeout: 15000 })
      const place = page.locator('.to-pickup .to-place:visible')
      expect(await place.locator('.to-place__label').textContent()).toBe(words.takeoutPickupAt)
      expect(await place.locator('.to-place__name').textContent()).toBe(shop.name)
      expect(await place.locator('.to-place__address').textContent()).toBe(shop.address)
      expect(await place.locator('.to-place__hours').textContent()).toBe(words.allDay)
      expect((await place.locator('.to-place__where').boundingBox())?.height).toBeGreaterThanOrEqual(44)
      // The shop's number in full, to read or copy (a desktop browser cannot call), and Call: a tel: link.
      expect(await page.locator('.to-contact__number:visible').first().textContent()).toBe(shop.phone)
      // The money on the page, lines that add up: the dish, packing ¥1.00 (no delivery for a pickup), paid.
      expect(await page.locator('.to-money__row:visible .to-row__value').allTextContents()).toEqual([yuan(mango.price), '¥1.00', yuan(mango.price + 100)])
      await still(page)
      await shot(page, `issue39-takeout-pickup-${lang}-code`)
      expect(await seriousAxe(page)).toEqual([])
      await page.locator('.to-money:visible').scrollIntoViewIfNeeded()
      await still(page)
      await shot(page, `issue39-takeout-pickup-${lang}-money`)
      await page.locator('.to-contact__call:visible').first().click()
      expect(await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls)).toEqual([`tel:${shop.phone}`])
      await page.locator('.to-contact__copy:visible').first().click()
      await mapOpens(page, context, TAKEOUT_SHOP, '.to-place__where', '/pages/takeout/orderDetail')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
