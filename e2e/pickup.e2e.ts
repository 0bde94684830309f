/**
 * Issue 24 in Chromium (H5 build, reference server): a paid flash-sale order of 2 at pickup. Its detail shows the
 * price the shopper paid per item (the sale's, the list price struck through beside it), no discount that was not one,
 * and beside the code the store to collect it at: its address (tap: a map with its coordinates) and hours. zh and en.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, LANG_EN, db, launch, logIn, phone, placeOrder, serverClock, settled, shot, still } from './browser'
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
async function mapOpens(page: Page, context: BrowserContext, shopId: number): Promise<void> {
  const { lat, lng } = db<{ lat: number; lng: number }>('SELECT lat, lng FROM shops WHERE id = ?', shopId)
  const tab = context.waitForEvent('page', { timeout: 10000 })
  await page.locator('.order-pickup__place:visible').click()
  const map = await tab
  await map.waitForLoadState('domcontentloaded')
  const url = new URL(map.url())
  expect(url.origin).toBe('https://uri.amap.com')
  expect(url.searchParams.get('position')).toBe(`${lng.toFixed(6)},${lat.toFixed(6)}`)
  expect(page.url()).toContain('/pages/orders/detail')
  await map.close()
}

describe.each([
  ['zh', '13800002461', { discount: '优惠', hours: '营业时间', pickupAt: '到店自提' }],
  ['en', '13800002462', { discount: 'Discount', hours: 'Open', pickupAt: 'Pick up at' }],
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
})
