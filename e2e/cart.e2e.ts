/**
 * Issue 24 in Chromium: a cart of two specs checked out in ONE order. The shopper adds 赣南脐橙 5 斤装 × 2 and
 * 智利冰鲜三文鱼 300 g from their products' Add to cart sheets (a toast each; the badge counts 3), opens the cart
 * from the product's bar, chooses the store's lines, checks out (their address, one shipping fee, the server's
 * price), pays at the sandbox cashier → Order detail lists both lines with spec, price and quantity; the cart no
 * longer holds them; the stock of each spec went down by what was bought.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, db, launch, logIn, phone, seedAddressAndCoupon, settled, shot, still, toastShown } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await launch()
}, 180000)
afterAll(async () => {
  await browser?.close()
})

/** On a product's page: Add to cart with this spec and quantity; the toast says so. */
async function addFromProduct(page: Page, productId: number, spec: string, quantity: number): Promise<void> {
  await page.goto(`${BASE()}/pages/vMall/detail?id=${productId}`)
  await settled(page)
  await page.locator('.mall-detail .mall-spec:visible', { hasText: spec }).click()
  await page.locator('.mall-detail__add:visible').click()
  await page.locator('.mall-cart-sheet__add:visible').waitFor({ timeout: 10000 })
  for (let i = 1; i < quantity; i++) await page.locator('.mall-stepper__more:visible').click()
  await page.locator('.mall-cart-sheet__add:visible').click()
  await toastShown(page, '已加入购物车')
  await page.locator('.mall-cart-sheet__add').waitFor({ state: 'detached', timeout: 10000 })
}

describe('the cart', () => {
  it('two specs added from their products → the cart → ONE order with one shipping fee → paid in the sandbox → Order detail lists both lines', async () => {
    const shopper = await phone(browser)
    const token = await logIn(shopper.page, '13800002471')
    await seedAddressAndCoupon(token)
    const stock = () => db<{ a: number; b: number }>('SELECT (SELECT stock FROM mall_specs WHERE id = 11) AS a, (SELECT stock FROM mall_specs WHERE id = 21) AS b')
    const before = stock()
    const page = shopper.page

    await addFromProduct(page, 1, '5 斤装', 2)
    await addFromProduct(page, 2, '300 g', 1)
    await page.locator('.mall-detail__cart .mall-cart-entry__badge:visible', { hasText: '3' }).waitFor({ timeout: 10000 })
    await shot(page, 'cart-product-entry-zh')

    await page.locator('.mall-detail__cart:visible').click()
    await page.waitForURL(/\/pages\/vMall\/cart/)
    await settled(page)
    await page.locator('.cart-line:visible').first().waitFor({ timeout: 10000 })
    expect(await page.locator('.cart-line__name:visible').allTextContents()).toEqual(['智利冰鲜三文鱼', '赣南脐橙'])
    await page.locator('.cart-store__head .cart-check:visible').click()
    await page.locator('.cart-bar__amount:visible', { hasText: '¥139.70' }).waitFor()
    await page.locator('.cart-bar__checkout:visible', { hasText: '结算（3）' }).click()

    // Their address, one shipping fee (¥10.00 for the salmon), the server's figure: 2 × ¥39.90 + ¥59.90 + ¥10.00.
    await page.locator('.mall-sheet__who:visible', { hasText: '王五' }).waitFor({ timeout: 10000 })
    await page.locator('.mall-sheet__payable:visible', { hasText: '¥149.70' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.cart-sheet__price:visible').allTextContents()).toEqual(['¥59.90 × 1', '¥39.90 × 2'])
    await shot(page, 'cart-checkout-zh')
    await page.locator('.mall-sheet__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)
    await page.locator('#pay').click()
    await page.waitForURL(/\/pages\/orders\/detail\?id=\d+/, { timeout: 20000 })
    const id = Number(new URL(page.url()).searchParams.get('id'))

    // Both lines on the order: name, spec, unit price and quantity.
    await page.locator('.order-line:visible').nth(1).waitFor({ timeout: 15000 })
    expect(await page.locator('.order-line__name:visible').allTextContents()).toEqual(['智利冰鲜三文鱼', '赣南脐橙'])
    expect(await page.locator('.order-line__spec:visible').allTextContents()).toEqual(['300 g', '5 斤装'])
    expect(await page.locator('.order-line__price:visible').allTextContents()).toEqual(['¥59.90', '¥39.90'])
    expect(await page.locator('.order-line__qty:visible').allTextContents()).toEqual(['× 1', '× 2'])
    await still(page)
    await shot(page, 'cart-order-detail-zh')
    expect(db<{ status: number; pay_amount: number; fee_amount: number; shop_id: number }>('SELECT status, pay_amount, fee_amount, shop_id FROM orders WHERE id = ?', id)).toEqual({ status: 10, pay_amount: 14970, fee_amount: 1000, shop_id: 8 })
    expect(stock()).toEqual({ a: before.a - 2, b: before.b - 1 })

    // The ordered lines left the cart.
    const cart = (await (await fetch(`${BASE()}/api/personal.mall_cart/index`, { headers: { 'access-token': token } })).json()) as { data: { count: number } }
    expect(cart.data.count).toBe(0)
    await shopper.context.close()
  })
})
