/**
 * Issue 12, the store's side in the browser: a shopper pays for a flash-sale product (collected at shop 8), the
 * staff of shop 8 in a SECOND browser context logs in with the normal SMS flow, finds the workbench on Me and
 * verifies the code typed at the till; the shopper's order then reads completed and the code "used". Refunds
 * asked by the shopper are approved (money back in the sandbox provider's ledger: the refund succeeded and the
 * payment is refunded) or rejected with a reason the shopper then reads. Issue 39: a shopper's cart order of three
 * products reaches the store's order screen with all three lines (in the app and opened cold, zh and en), the ship
 * sheet lists them, and a rejection picked from the list reaches an English shopper in English.
 */
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, fakeCamera, launch, logIn, phone, placeOrder, seriousAxe, serverClock, sessionOf, settled, shot, still, tokenOf, visibleTitle, typeInto, writeQrVideo } from './browser'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

/** Staff of shop 8, the pickup store of every flash-sale product (docs/api.md: 199000000NN = staff of shop NN). */
const STAFF_PHONE = '19900000008'

let browser: Browser
let staff: { context: BrowserContext; page: Page; errors: string[] }

beforeAll(async () => {
  // The orders are for the flash-sale product on now: the server's clock is held inside a session, four hours from
  // either switch (test-mp/flashClock.js), so one is on with stock whatever the hour; reset after.
  await holdFlashSession(serverClock)
  browser = await launch()
  staff = await phone(browser)
  await logIn(staff.page, STAFF_PHONE)
}, 180000)
afterAll(async () => {
  await staff?.context.close()
  await browser?.close()
  await releaseServerClock(serverClock)
})

/** A flash-sale product on sale now (the clock is held inside a session). */
async function liveProduct(): Promise<number> {
  const res = (await (await fetch(`${BASE()}/api/hui_public.hsh_seckill_prod/index?page=1&page_size=20`)).json()) as { data: { list: Array<{ id: number; state: string; stock: number }> } }
  const on = res.data.list.find((p) => p.state === 'on' && p.stock > 0)
  if (!on) throw new Error('no flash-sale product on sale')
  return on.id
}

/** A shopper in a context of their own with a paid flash-sale order; its id. */
async function shopperWithOrder(phoneNo: string, key: string) {
  const shopper = await phone(browser)
  const token = await logIn(shopper.page, phoneNo)
  const id = await placeOrder(token, { kind: 'product', product_id: await liveProduct(), quantity: 1, client_request_id: `e2e-store-${key}` }, true)
  return { ...shopper, token, id }
}

/** The dialog's own button (Taro's H5 modal). */
const confirmDialog = (page: Page, text: string) => page.locator(`.taro-modal__foot >> text=${text}`).first().click()

async function openStoreOrder(page: Page, id: number) {
  await page.goto(`${BASE()}/pages/store/order?id=${id}`)
  await settled(page)
  await page.locator('.store-order:visible').waitFor({ timeout: 15000 })
}

async function shopperOrderReads(page: Page, id: number, status: string) {
  await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
  await settled(page)
  await page.locator(`.order-detail__status-text:visible >> text=${status}`).waitFor({ timeout: 15000 })
}

describe('the store workbench', () => {
  it('a shopper pays → staff (second browser) finds the workbench on Me, types the code → verified; the shopper’s order reads completed and the code used', async () => {
    const shopper = await shopperWithOrder('13800000201', 'verify-1')
    await shopperOrderReads(shopper.page, shopper.id, '已付款')
    const digits = ((await shopper.page.locator('.order-detail__code-digits:visible').textContent()) ?? '').replace(/\s+/g, '')
    expect(digits).toMatch(/^\d{12}$/)
    // A shopper's Me has no workbench.
    await shopper.page.goto(`${BASE()}/pages/personal/index`)
    await settled(shopper.page)
    await shopper.page.locator('.menu-list__item--logout:visible').waitFor({ timeout: 15000 })
    expect(await shopper.page.locator('.menu-list__item--workbench').count()).toBe(0)

    const page = staff.page
    await page.goto(`${BASE()}/pages/personal/index`)
    await settled(page)
    await page.locator('.menu-list__item--workbench:visible').click()
    await page.waitForURL(/\/pages\/store\/index/)
    await settled(page)
    await page.locator('.workbench__shop:visible').waitFor({ timeout: 15000 })
    expect(await visibleTitle(page)).toBe('门店工作台')
    expect(Number(await page.locator('.workbench__to-verify .workbench__count:visible').textContent())).toBeGreaterThan(0)
    await shot(page, 'store-1-workbench')

    await page.locator('.workbench__entry--verify:visible').click()
    await page.waitForURL(/\/pages\/store\/verify/)
    await settled(page)
    await typeInto(page, '.verify__input', digits)
    await page.locator('.verify__look-up:visible').click()
    await page.locator('.verify__confirm:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.store-summary__phone:visible').textContent()).toBe('138****0201')
    await shot(page, 'store-2-verify-preview')
    await page.locator('.verify__confirm:visible').click()
    await confirmDialog(page, '核销')
    await page.locator('.verify__done:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.store-summary__status:visible').textContent()).toBe('已完成')
    await shot(page, 'store-3-verified')

    // The same code again: refused with the reason.
    await page.locator('.verify__next:visible').click()
    await typeInto(page, '.verify__input', digits)
    await page.locator('.verify__look-up:visible').click()
    await page.locator('.verify__refused:visible').waitFor({ timeout: 15000 })

    await shopperOrderReads(shopper.page, shopper.id, '已完成')
    await shopper.page.locator('.order-detail__used:visible >> text=已核销').waitFor()
    expect(await shopper.page.locator('.order-detail__code-digits').count()).toBe(0)
    // Who verified, on the store's order.
    await openStoreOrder(page, shopper.id)
    expect(await page.locator('.store-trail__row--verified:visible').textContent()).toContain('199****0008')
    expect(staff.errors).toEqual([])
    await shopper.context.close()
  })

  it('staff scan the shopper’s code with the camera (Chromium’s fake camera filming the order’s QR code) → the order → verified', async () => {
    const shopper = await shopperWithOrder('13800000204', 'scan-1')
    const { verify_code: code } = db<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', shopper.id)
    await shopper.context.close()
    const video = path.resolve(__dirname, '..', 'test-results', 'e2e', 'store-scan.y4m')
    writeQrVideo(code, video)
    const camera = await launch(fakeCamera(video))
    try {
      const cam = await phone(camera)
      await cam.context.grantPermissions(['camera'], { origin: new URL(BASE()).origin })
      // The staff member's session from the other browser (a second SMS to the same phone would wait out its cooldown).
      const token = await tokenOf(staff.page)
      await cam.context.addInitScript((t) => window.localStorage.setItem('token', JSON.stringify({ data: t })), token)
      await cam.page.goto(`${BASE()}/pages/store/verify`)
      await settled(cam.page)
      await cam.page.locator('.verify__scan:visible').click()
      // The camera chunk loads, the overlay films, jsQR reads the code; the screen looks it up.
      await cam.page.locator('.verify__confirm:visible').waitFor({ timeout: 20000 })
      expect(await cam.page.locator('.verify__input input').inputValue()).toBe(code)
      await shot(cam.page, 'store-scan-preview')
      await cam.page.locator('.verify__confirm:visible').click()
      await confirmDialog(cam.page, '核销')
      await cam.page.locator('.verify__done:visible').waitFor({ timeout: 15000 })
      expect(db<{ order_status: number }>('SELECT status AS order_status FROM orders WHERE id = ?', shopper.id).order_status).toBe(40)
      expect(cam.errors).toEqual([])
    } finally {
      await camera.close()
    }
  }, 180000)

  it('refund asked → approved in the workbench → refunded, the money back in the provider’s ledger', async () => {
    const shopper = await shopperWithOrder('13800000202', 'approve-1')
    await api('personal.order/refund', { id: shopper.id, reason: '不想要了' }, shopper.token)
    const page = staff.page
    await page.goto(`${BASE()}/pages/store/orders?todo=refund`)
    await settled(page)
    const row = page.locator(`.store-card:visible`).first()
    await row.waitFor({ timeout: 15000 })
    await shot(page, 'store-4-orders-refunds')
    await openStoreOrder(page, shopper.id)
    expect(await page.locator('.store-order__refund-reason:visible').textContent()).toBe('不想要了')
    await shot(page, 'store-5-refund-request')
    await page.locator('.store-order__approve:visible').click()
    await confirmDialog(page, '同意')
    // The provider's refund notification arrives on its own: read again until refunded.
    for (let i = 0; i < 30; i++) {
      if ((await page.locator('.store-summary__status:visible').textContent()) === '已退款') break
      await page.waitForTimeout(300)
      await page.reload()
      await settled(page)
      await page.locator('.store-order:visible').waitFor({ timeout: 15000 })
    }
    expect(await page.locator('.store-summary__status:visible').textContent()).toBe('已退款')
    expect(await page.locator('.store-trail__row--refund_approved:visible').textContent()).toContain('199****0008')
    const ledger = db<{ status: string; amount: number; payment_status: string }>(
      "SELECT r.status, r.amount, p.status AS payment_status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.order_id = ? AND r.reason = 'order'",
      shopper.id,
    )
    expect(ledger).toMatchObject({ status: 'succeeded', payment_status: 'refunded' })
    await shopperOrderReads(shopper.page, shopper.id, '已退款')
    await shopper.context.close()
  })

  it('refund asked → rejected with a reason → back to paid, the reason shown to the shopper', async () => {
    const shopper = await shopperWithOrder('13800000203', 'reject-1')
    await api('personal.order/refund', { id: shopper.id, reason: '买错了' }, shopper.token)
    const page = staff.page
    await openStoreOrder(page, shopper.id)
    await page.locator('.store-order__reject:visible').click()
    await page.locator('.reject-sheet [role="dialog"]:visible').waitFor()
    // Reject stays off until a reason is given: spaces are none.
    await page.locator('.reject-sheet__reason--other:visible').click()
    await typeInto(page, '.reject-sheet__other', '   ')
    expect(await page.locator('.reject-sheet__submit').isDisabled()).toBe(true)
    await typeInto(page, '.reject-sheet__other', '商品已拆封，不支持退款')
    await shot(page, 'store-6-reject-sheet')
    await page.locator('.reject-sheet__submit:visible').click()
    await page.locator('.store-summary__status:visible >> text=已付款').waitFor({ timeout: 15000 })
    expect(await page.locator('.store-trail__row--refund_rejected:visible').textContent()).toContain('商品已拆封，不支持退款')
    await shot(page, 'store-7-rejected')

    await shopperOrderReads(shopper.page, shopper.id, '已付款')
    expect(await shopper.page.locator('.refund-step__refused:visible').textContent()).toBe('拒绝原因：商品已拆封，不支持退款')
    await shot(shopper.page, 'store-8-shopper-rejected')
    await shopper.page.goto(`${BASE()}/pages/orders/index`)
    await settled(shopper.page)
    await shopper.page.locator('.order-card__refund--refused:visible').first().waitFor({ timeout: 15000 })
    await shopper.context.close()
  })

  it('issue 39: a shopper’s cart order of three products → the store’s order lists every line (in the app and cold, zh and en) and the ship sheet too; a reason picked from the list reaches an English shopper in English', async () => {
    const token = await sessionOf('13800003939')
    const address = await api<{ info: { id: number } }>('personal.address/save', { name: '韩梅梅', mobile: '13600003939', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 100 号' }, token)
    // Three products of shop 8 put in the cart, then checked out in one order, as the cart's checkout does.
    const items = [
      { product_id: 6, spec_id: 61, quantity: 1 },
      { product_id: 7, spec_id: 71, quantity: 2 },
      { product_id: 3, spec_id: 31, quantity: 1 },
    ]
    for (const i of items) await api('personal.mall_cart/add', i, token)
    const id = await placeOrder(token, { kind: 'product', source: 'mall', items, delivery: 'ship', address_id: address.info.id, client_request_id: `e2e-store-cart3-${Date.now()}` }, true)

    const page = staff.page
    const names = ['比利时黑巧克力礼盒', '黄油手工曲奇', '阿克苏冰糖心苹果']
    const linesRead = async () => ({
      names: await page.locator('.store-summary .store-line__name:visible').allTextContents(),
      specs: await page.locator('.store-summary .store-line__spec:visible').allTextContents(),
      qty: await page.locator('.store-summary .store-line__qty:visible').allTextContents(),
      amounts: await page.locator('.store-summary .store-line__amount:visible').allTextContents(),
    })
    // In the app: the workbench's To ship → the order's card (its summary) → the order.
    await page.goto(`${BASE()}/pages/store/index`)
    await settled(page)
    await page.locator('.workbench__to-ship:visible').click()
    await page.waitForURL(/\/pages\/store\/orders\?todo=ship/)
    await settled(page)
    const card = page.locator('.store-card:visible', { hasText: '比利时黑巧克力礼盒 × 1、黄油手工曲奇 × 2 另 1 种 · 共 4 件' }).first()
    await card.waitFor({ timeout: 15000 })
    await still(page)
    await shot(page, 'store-9-cart3-list-zh')
    await card.click()
    await page.waitForURL(new RegExp(`/pages/store/order\\?id=${id}`))
    await settled(page)
    await page.locator('.store-summary .store-line:visible').nth(2).waitFor({ timeout: 15000 })
    expect(await linesRead()).toEqual({ names, specs: ['12 粒装', '原味 500 g', '5 斤装'], qty: ['× 1', '× 2', '× 1'], amounts: ['¥49.90', '¥79.80', '¥29.90'] })
    expect(await page.locator('.store-summary__pieces:visible').textContent()).toBe('共 4 件')
    await still(page)
    await shot(page, 'store-10-cart3-order-zh')
    expect(await seriousAxe(page)).toEqual([])
    // The ship sheet: what goes into the parcel.
    await page.locator('.store-order__ship:visible').click()
    await page.locator('.ship-sheet [role="dialog"]:visible').waitFor()
    expect(await page.locator('.ship-sheet .store-line__name:visible').allTextContents()).toEqual(names)
    await still(page)
    await shot(page, 'store-11-cart3-ship-sheet-zh')
    await page.locator('.ship-sheet__keep:visible').click()

    // In English, opened cold by URL: the same lines (the merchant's names as written), the words in English.
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), LANG_EN)
    try {
      await openStoreOrder(page, id)
      await page.locator('.store-summary .store-line:visible').nth(2).waitFor({ timeout: 15000 })
      expect((await linesRead()).names).toEqual(names)
      expect(await page.locator('.store-summary__pieces:visible').textContent()).toBe('4 items')
      expect(await page.locator('.store-order__ship:visible').textContent()).toBe('Ship')
      await still(page)
      await shot(page, 'store-12-cart3-order-en')
      expect(await seriousAxe(page)).toEqual([])
      await page.locator('.store-order__ship:visible').click()
      await page.locator('.ship-sheet [role="dialog"]:visible').waitFor()
      expect(await page.locator('.ship-sheet .form-sheet__label:visible').first().textContent()).toBe('In this parcel')
      await still(page)
      await shot(page, 'store-13-cart3-ship-sheet-en')
      await page.locator('.ship-sheet__keep:visible').click()

      // A refund asked on it, rejected by the (English) staff with a reason from the list: an English shopper reads it
      // in English, a Chinese one in Chinese.
      await api('personal.order/refund', { id, reason: '不想要了' }, token)
      await openStoreOrder(page, id)
      await page.locator('.store-order__reject:visible').click()
      await page.locator('.reject-sheet [role="dialog"]:visible').waitFor()
      expect(await page.locator('.reject-sheet .store-line__name:visible').allTextContents()).toEqual(names)
      await page.locator('.reject-sheet__reason--more_detail:visible').click()
      await still(page)
      await shot(page, 'store-14-cart3-reject-sheet-en')
      await page.locator('.reject-sheet__submit:visible').click()
      await page.locator('.store-trail__row--refund_rejected:visible').waitFor({ timeout: 15000 })
    } finally {
      // Back to Chinese for the file's other tests (the staff page is shared).
      await page.evaluate(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'zh-CN' })))
    }
    const read = async (lang: 'zh' | 'en') => {
      const res = (await (await fetch(`${BASE()}/api/personal.order/read?id=${id}&lang=${lang}`, { headers: { 'access-token': token } })).json()) as { data: { info: { refund_rejection: { reason: string } | null } } }
      return res.data.info.refund_rejection?.reason
    }
    expect(await read('en')).toBe('Please ask again with photos or more detail')
    expect(await read('zh')).toBe('请补充照片或说明后重新申请')
    expect(staff.errors).toEqual([])
  })
})
