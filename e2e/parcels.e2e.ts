/**
 * Issue 14 in Chromium: a mall parcel from the shelf to the door. The shopper buys in the micro mall (a category,
 * a product, a spec, two of it, shipped to their address, paid at the sandbox cashier → its order detail); the
 * order waits in shop 3's workbench, whose staff in a SECOND browser context open "to ship" and enter the carrier
 * and tracking number; the shopper sees the parcel on My orders and its Logistics timeline, which follows the
 * sandbox carrier's clock (moved, not waited for), and confirms receipt while it is out for delivery → completed, the
 * header reading received from then on (issue 39), in English too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, logIn, phone, seedAddressAndCoupon, sessionOf, settled, shot, typeInto } from './browser'

let browser: Browser
let staff: { context: BrowserContext; page: Page; errors: string[] }

beforeAll(async () => {
  browser = await launch()
  staff = await phone(browser)
  // Signed in as the staff member (the token the app keeps; storeJobs.e2e.ts logs the same phone in, and a code a
  // minute per phone: sessionOf reuses its session rather than a second Authorization now).
  const token = await sessionOf('19900000003')
  await staff.page.goto(`${BASE()}/pages/index/index`)
  await staff.page.evaluate((tok) => window.localStorage.setItem('token', JSON.stringify({ data: tok })), token)
}, 180000)
afterAll(async () => {
  await api('sandbox/carrierClock', { reset: true }).catch(() => undefined)
  await staff?.context.close()
  await browser?.close()
})

describe('parcels', () => {
  it('a mall buy with a spec to an address → staff ship it in a second context → the shopper tracks it as the carrier’s clock moves → confirms receipt → completed', async () => {
    const shopper = await phone(browser)
    const token = await logIn(shopper.page, '13800001461')
    await seedAddressAndCoupon(token)

    // The mall: a category, a product, its second spec, two of it, delivered to the default address.
    await shopper.page.goto(`${BASE()}/pages/vMall/index`)
    await settled(shopper.page)
    await shopper.page.locator('.mall-cat:visible', { hasText: '美妆个护' }).click()
    await shopper.page.locator('.mall-card:visible', { hasText: '丝绒哑光口红' }).click()
    await shopper.page.waitForURL(/\/pages\/vMall\/detail\?id=18/)
    await settled(shopper.page)
    await shopper.page.locator('.mall-detail .mall-spec:visible', { hasText: '#02 豆沙' }).click()
    await shopper.page.locator('.mall-detail__buy:visible').click()
    await shopper.page.locator('.mall-sheet__who:visible', { hasText: '王五' }).waitFor({ timeout: 10000 })
    await shopper.page.locator('.mall-stepper__more:visible').click()
    expect(await shopper.page.locator('.mall-stepper__value:visible').textContent()).toBe('2')
    // 2 × ¥129.00, free shipping, no card: the server's figure.
    await shopper.page.locator('.mall-sheet__payable:visible', { hasText: '¥258.00' }).waitFor({ timeout: 10000 })
    await shot(shopper.page, 'mall-buy-sheet-zh')
    await shopper.page.locator('.mall-sheet__pay:visible').click()
    await shopper.page.waitForURL(/\/sandbox\/cashier/)
    await shopper.page.locator('#pay').click()
    await shopper.page.waitForURL(/\/pages\/orders\/detail\?id=\d+/, { timeout: 20000 })
    const id = Number(new URL(shopper.page.url()).searchParams.get('id'))
    await shopper.page.locator('.order-line__spec:visible', { hasText: '#02 豆沙' }).waitFor({ timeout: 15000 })
    expect(await shopper.page.locator('.order-delivery__text:visible').textContent()).toContain('华强北路 1 号')
    expect(await shopper.page.locator('.order-detail__code:visible').count()).toBe(0)
    expect(db<{ status: number; spec_id: number; quantity: number; delivery: string; shop_id: number }>('SELECT status, spec_id, quantity, delivery, shop_id FROM orders WHERE id = ?', id)).toEqual({ status: 10, spec_id: 182, quantity: 2, delivery: 'ship', shop_id: 3 })

    // The store (shop 3 悦容美发, which sells it): the workbench counts it, "to ship" lists it, the sheet ships it.
    await staff.page.goto(`${BASE()}/pages/store/index`)
    await settled(staff.page)
    await staff.page.locator('.workbench__to-ship:visible').click()
    await staff.page.waitForURL(/\/pages\/store\/orders\?todo=ship/)
    await staff.page.locator('.store-card:visible', { hasText: '丝绒哑光口红' }).first().click()
    await staff.page.waitForURL(new RegExp(`/pages/store/order\\?id=${id}`))
    await staff.page.locator('.store-order__address:visible', { hasText: '华强北路 1 号' }).waitFor({ timeout: 10000 })
    await staff.page.locator('.store-order__ship:visible').click()
    await staff.page.locator('.ship-sheet__carrier:visible', { hasText: '中通快递' }).click()
    await typeInto(staff.page, '.ship-sheet__no', 'ZT1461000001')
    await staff.page.locator('.ship-sheet__submit:visible').click()
    await staff.page.locator('.store-order__parcel:visible', { hasText: 'ZT1461000001' }).waitFor({ timeout: 10000 })
    await shot(staff.page, 'parcel-1-store-shipped')
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status).toBe(30)

    // The shopper: My orders → track the parcel.
    await shopper.page.goto(`${BASE()}/pages/orders/index`)
    await settled(shopper.page)
    await shopper.page.locator('.order-card__track:visible').first().click()
    await shopper.page.waitForURL(new RegExp(`/pages/logistics/index\\?id=${id}`))
    await shopper.page.locator('.parcel__state:visible', { hasText: '已发货' }).waitFor({ timeout: 10000 })
    expect(await shopper.page.locator('.parcel__no:visible').textContent()).toBe('ZT1461000001')

    // A day later on the carrier's clock: out for delivery, every event newest first.
    await api('sandbox/carrierClock', { advance_minutes: 27 * 60 })
    await shopper.page.reload()
    await settled(shopper.page)
    await shopper.page.locator('.parcel__state:visible', { hasText: '派送中' }).waitFor({ timeout: 10000 })
    const titles = await shopper.page.locator('.parcel-event__title:visible').allTextContents()
    expect(titles.map((t) => t.replace('最新', ''))).toEqual(['派送中', '运输中', '已揽件', '已发货'])
    await shot(shopper.page, 'parcel-2-out-for-delivery')

    // The courier hands it over: Confirm receipt, asked first → completed, and the header reads received (issue 39),
    // not "out for delivery"; what the carrier says later does not move it.
    await shopper.page.locator('.parcel__confirm:visible').click()
    await shopper.page.locator('.taro-modal__foot >> text=确认收货').first().click()
    await shopper.page.locator('.parcel__state:visible', { hasText: '已收货' }).waitFor({ timeout: 10000 })
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status).toBe(40)
    expect(await shopper.page.locator('.parcel__confirm:visible').count()).toBe(0)
    expect(await shopper.page.locator('.parcel__latest:visible').textContent()).toBe('已确认收货，订单完成')
    await shot(shopper.page, 'parcel-3-confirmed')
    await api('sandbox/carrierClock', { advance_minutes: 5 * 60 })
    await shopper.page.reload()
    await settled(shopper.page)
    await shopper.page.locator('.parcel__state:visible', { hasText: '已收货' }).waitFor({ timeout: 10000 })
    const after = await shopper.page.locator('.parcel-event__title:visible').allTextContents()
    expect(after.map((t) => t.replace('最新', ''))).toEqual(['已收货', '派送中', '运输中', '已揽件', '已发货'])
    // Order detail says it too, and in English the header reads Received.
    await shopper.page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
    await settled(shopper.page)
    await shopper.page.locator('.order-detail__parcel-latest:visible', { hasText: '已确认收货，订单完成' }).waitFor({ timeout: 10000 })
    await shopper.page.evaluate((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await shopper.page.goto(`${BASE()}/pages/logistics/index?id=${id}`)
    await settled(shopper.page)
    await shopper.page.locator('.parcel__state:visible', { hasText: 'Received' }).waitFor({ timeout: 10000 })
    await shot(shopper.page, 'parcel-4-received-en')
    expect(shopper.errors).toEqual([])
    expect(staff.errors).toEqual([])
    await shopper.context.close()
  })
})
