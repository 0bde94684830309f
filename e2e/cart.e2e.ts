/**
 * Issue 24 in Chromium: a cart of two specs checked out in ONE order. The shopper adds 赣南脐橙 5 斤装 × 2 and
 * 智利冰鲜三文鱼 300 g from their products' Add to cart sheets (a toast each; the badge counts 3), opens the cart
 * from the product's bar — the lines arrive ticked, the total already the server's (issue 39) — checks out (their
 * address, one shipping fee, the server's price), goes to the sandbox cashier and comes BACK without paying: the cart
 * says the unpaid order with Pay and Cancel (issue 39, no second order), Pay there → paid → Order detail lists both
 * lines with spec, price and quantity; the cart no longer holds them; the stock of each spec went down by what was bought.
 * In English, a card holder: the cart at the member prices the checkout charges (¥79.90, not ¥89.90 then ¥79.90),
 * ticks kept on the server, and Buy now of goods an unpaid order holds says that order instead of making a second one.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, logIn, phone, placeOrder, seedAddressAndCoupon, settled, shot, still, toastShown } from './browser'

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
    const token = await logIn(shopper.page, '13800002491')
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
    // Issue 39: the lines arrived ticked — the total is there before any tap, checkout ready.
    await page.locator('.cart-bar__amount:visible', { hasText: '¥139.70' }).waitFor()
    expect(await page.locator('.cart-line .cart-check:visible').evaluateAll((els) => els.map((e) => e.getAttribute('aria-checked')))).toEqual(['true', 'true'])
    expect(await page.locator('.cart-line__member:visible').allTextContents()).toEqual(['会员价 ¥54.90', '会员价 ¥35.90'])
    await still(page)
    await shot(page, 'cart-1-ticked-zh')
    await page.locator('.cart-bar__checkout:visible', { hasText: '结算（3）' }).click()

    // Their address, one shipping fee (¥10.00 for the salmon), the server's figure: 2 × ¥39.90 + ¥59.90 + ¥10.00.
    await page.locator('.mall-sheet__who:visible', { hasText: '王五' }).waitFor({ timeout: 10000 })
    await page.locator('.mall-sheet__payable:visible', { hasText: '¥149.70' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.cart-sheet__price:visible').allTextContents()).toEqual(['¥59.90 × 1', '¥39.90 × 2'])
    await shot(page, 'cart-checkout-zh')
    await page.locator('.mall-sheet__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)

    // Back from the cashier without paying (issue 39): the cart says the order waiting, with Pay and Cancel.
    await page.goBack()
    await page.waitForURL(/\/pages\/vMall\/cart/)
    await settled(page)
    await page.locator('.pending-order:visible').waitFor({ timeout: 10000 })
    expect(await page.locator('.pending-order__what:visible').textContent()).toBe('智利冰鲜三文鱼 等 3 件')
    expect(await page.locator('.pending-order__amount:visible').textContent()).toBe('待付款 ¥149.70')
    await still(page)
    await shot(page, 'cart-2-back-from-cashier-zh')
    const unpaid = () => db<{ n: number }>("SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = '13800002491' AND o.kind = 'product'").n
    expect(unpaid()).toBe(1)
    await page.locator('.pending-order__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)
    expect(await page.locator('#amount').textContent()).toBe('¥149.70')
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
    // One order, paid: going to the cashier twice made no second one.
    expect(unpaid()).toBe(1)
    expect(stock()).toEqual({ a: before.a - 2, b: before.b - 1 })

    // The ordered lines left the cart.
    const cart = (await (await fetch(`${BASE()}/api/personal.mall_cart/index`, { headers: { 'access-token': token } })).json()) as { data: { count: number } }
    expect(cart.data.count).toBe(0)
    await shopper.context.close()
  })

  it('in English, a card holder: the cart at member prices, ticks kept on the server; Buy now of goods an unpaid order holds says that order (Cancel → priced again)', async () => {
    const shopper = await phone(browser)
    await shopper.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    const token = await logIn(shopper.page, '13800003971')
    await seedAddressAndCoupon(token)
    await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-cart-card-3971' }, true)
    // 每日坚果 原味 30 包: ¥89.90, members ¥79.90 (the figures); 黄油手工曲奇 原味 500 g ¥39.90 → ¥35.90.
    await api('personal.mall_cart/add', { product_id: 5, spec_id: 51, quantity: 1 }, token)
    await api('personal.mall_cart/add', { product_id: 7, spec_id: 71, quantity: 1 }, token)
    const page = shopper.page
    await page.goto(`${BASE()}/pages/vMall/cart`)
    await settled(page)
    await page.locator('.cart-bar__amount:visible', { hasText: '¥115.80' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.cart-line__price:visible').allTextContents()).toEqual(['¥35.90', '¥79.90'])
    expect(await page.locator('.cart-line__list:visible').allTextContents()).toEqual(['¥39.90', '¥89.90'])
    expect(await page.locator('.cart-bar__hint:visible').textContent()).toBe('At member prices; shipping not included')
    expect(await page.locator('.cart-bar__checkout:visible').textContent()).toBe('Check out (2)')
    await still(page)
    await shot(page, 'cart-3-member-en')

    // Untick the cookies: the server's total follows, and a reload shows what was kept.
    await page.locator('.cart-line .cart-check:visible').first().click()
    await page.locator('.cart-bar__amount:visible', { hasText: '¥79.90' }).waitFor({ timeout: 10000 })
    await page.locator('.cart-bar__amount--settling').waitFor({ state: 'detached', timeout: 10000 })
    await page.reload()
    await settled(page)
    await page.locator('.cart-bar__amount:visible', { hasText: '¥79.90' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.cart-line .cart-check:visible').evaluateAll((els) => els.map((e) => e.getAttribute('aria-checked')))).toEqual(['false', 'true'])
    await page.locator('.cart-bar__checkout:visible', { hasText: 'Check out (1)' }).click()
    await page.locator('.cart-sheet__price:visible', { hasText: '¥79.90 × 1' }).waitFor({ timeout: 10000 })
    await page.locator('.mall-sheet__pay:visible:not([disabled])').waitFor({ timeout: 10000 })
    await page.locator('.mall-sheet__pay:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)
    await page.goBack()
    await page.waitForURL(/\/pages\/vMall\/cart/)
    await settled(page)
    await page.locator('.pending-order:visible').waitFor({ timeout: 10000 })
    expect(await page.locator('.pending-order__title:visible').textContent()).toBe('You have an order waiting to be paid')
    expect(await page.locator('.pending-order__amount:visible').textContent()).toBe('To pay ¥79.90')
    await still(page)
    await shot(page, 'cart-4-back-from-cashier-en')

    // Buy now of the same nuts: the sheet says the unpaid order in the price's place; no second order can be made.
    await page.goto(`${BASE()}/pages/vMall/detail?id=5`)
    await settled(page)
    await page.locator('.mall-detail__buy:visible').click()
    await page.locator('.form-sheet .pending-order:visible').waitFor({ timeout: 10000 })
    expect(await page.locator('.mall-sheet__pay:visible').isDisabled()).toBe(true)
    await still(page)
    await shot(page, 'cart-5-buy-now-unpaid-en')
    await page.locator('.form-sheet .pending-order__cancel:visible').click()
    await still(page)
    await page.locator('.taro-modal__foot >> text="Cancel"').first().click()
    await page.locator('.mall-sheet__payable:visible', { hasText: '¥79.90' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.form-sheet .pending-order:visible').count()).toBe(0)
    expect(db<{ statuses: string }>("SELECT GROUP_CONCAT(o.status) AS statuses FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = '13800003971' AND o.kind = 'product'").statuses).toBe('50')
    expect(shopper.errors).toEqual([])
    await shopper.context.close()
  })
})
