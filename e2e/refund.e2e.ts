/**
 * Issue 24 in Chromium: a refund a shopper can follow. A paid bill at shop 2 粤式茶餐厅; the shopper asks for a refund on
 * its Order detail and watches it wait for the store (with the time it is approved by itself), withdraws it once (asked
 * first; the order is paid again), asks again, sees it on My orders' refund tab; the store approves it through its API
 * (staff of shop 2, 19900000002, logged in through the API: each e2e file logs a store of its own in) and the shopper
 * reads the amount, the date and where the money went back — in Chinese and in English.
 * Issue 39: an accepted takeout order (shop 19 茶见奶茶): My orders' "Apply for refund" opens its page with the refund
 * form; "Other" asks for words when Submit is tapped; words and a photo are sent and read back on the timeline; the
 * same in English. Before the store accepts, My orders says Cancel and the page asks it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { BASE, DPR, LANG_EN, api, db, launch, logIn, phone, placeOrder, seriousAxe, sessionOf, settled, shot, smsCode, still, toastGone, toastShown } from './browser'

const SHOPPER = '13800002424'
const STAFF = '19900000002'

let browser: Browser
let shopper: { context: BrowserContext; page: Page; errors: string[] }

beforeAll(async () => {
  browser = await launch()
  shopper = await phone(browser)
}, 180000)
afterAll(async () => {
  await shopper?.context.close()
  await browser?.close()
})

/** A staff session of shop 2 through the API (the login code from the sandbox outbox). */
async function staffToken(): Promise<string> {
  await api('Captcha/sendSmsCaptcha', { phone: STAFF })
  const bound = await api<{ token: string }>('wechat/bind', { phone: STAFF, code: await smsCode(STAFF) })
  return bound.token
}

const status = (id: number) => db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status

async function askRefund(page: Page, button: string, reason: string): Promise<void> {
  await page.locator(`${button}:visible`).click()
  await page.locator('.refund-sheet__reason:visible', { hasText: reason }).click()
  await page.locator('.refund-sheet__submit:visible').click()
  await page.locator('.refund-step--awaiting_store.refund-step--current:visible').waitFor({ timeout: 15000 })
}

describe('a refund the shopper follows', () => {
  it('asked → waiting for the store → withdrawn once → asked again → the refund tab → approved by the store → refunded: amount and date (zh, en)', async () => {
    const { page, errors } = shopper
    const token = await logIn(page, SHOPPER)
    const id = await placeOrder(token, { kind: 'bill', shop_id: 2, amount: 8800, client_request_id: 'e2e-refund-bill-1' }, true)
    const paid = db<{ pay_amount: number }>('SELECT pay_amount FROM orders WHERE id = ?', id).pay_amount
    const yuan = `¥${(paid / 100).toFixed(2)}`

    // Ask: the timeline waits for the store, with the shopper's reason and when it is approved by itself.
    await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
    await settled(page)
    await askRefund(page, '.order-detail__refund', '重复支付')
    expect(status(id)).toBe(60)
    expect(await page.locator('.order-detail__status-text:visible').textContent()).toBe('退款中')
    expect(await page.locator('.refund-step__reason:visible').textContent()).toBe('退款原因：重复支付')
    expect(await page.locator('.refund-step__auto:visible').textContent()).toMatch(/^商家未处理的话，将于 \d{4}-\d\d-\d\d \d\d:\d\d 自动同意$/)
    expect(await page.locator('.refund-timeline__amount:visible').textContent()).toBe(yuan)
    expect(await page.locator('.refund-timeline__to:visible').textContent()).toBe('沙箱收银台（原路退回）')
    await toastGone(page)
    await still(page)
    await shot(page, 'refund-1-waiting-zh')

    // Withdraw once: asked first, then told; the order is paid again and a refund can be asked again.
    await page.locator('.refund-timeline__withdraw:visible').click()
    await page.locator('.taro-modal__foot >> text=撤销申请').first().click()
    await toastShown(page, '退款申请已撤销')
    await page.locator('.refund-step--withdrawn:visible').waitFor({ timeout: 15000 })
    expect(status(id)).toBe(10)
    expect(await page.locator('.order-detail__status-text:visible').textContent()).toBe('已付款')
    expect(await page.locator('.refund-timeline__next:visible').textContent()).toBe('如有需要，可以再次申请退款')
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action = 'refund_withdrawn'", id).n).toBe(1)
    await toastGone(page)
    await still(page)
    await shot(page, 'refund-2-withdrawn-zh')

    // Asked again, from the timeline.
    await askRefund(page, '.refund-timeline__again', '商家原因')
    expect(await page.locator('.refund-step__reason:visible').textContent()).toBe('退款原因：商家原因')
    expect(status(id)).toBe(60)

    // My orders' refund tab reads the same state.
    await page.goto(`${BASE()}/pages/orders/index`)
    await settled(page)
    await page.locator('.orders-tabs__tab--refund:visible').click()
    await page.locator('.order-card__refund:visible', { hasText: '退款待商家处理' }).first().waitFor({ timeout: 15000 })
    await still(page)
    await shot(page, 'refund-3-tab-waiting-zh')

    // The store approves it (its API, a staff token); the sandbox provider sends the money back.
    await api('hui_shanghu.store_order/refundApprove', { id }, await staffToken())
    const deadline = Date.now() + 15000
    while (status(id) !== 70 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(status(id)).toBe(70)

    await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
    await settled(page)
    await page.locator('.refund-step--refunded.refund-step--done:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.order-detail__status-text:visible').textContent()).toBe('已退款')
    expect(await page.locator('.refund-timeline__amount:visible').textContent()).toBe(yuan)
    const refundedAt = db<{ at: string }>("SELECT at FROM order_actions WHERE order_id = ? AND action = 'refunded'", id).at
    expect(await page.locator('.refund-timeline__refunded-at:visible').textContent()).toBe(refundedAt.slice(0, 16))
    expect(await page.locator('.refund-timeline__withdraw:visible').count()).toBe(0)
    await still(page)
    await shot(page, 'refund-4-refunded-zh')

    // The refund tab: refunded, with its date.
    await page.goto(`${BASE()}/pages/orders/index`)
    await settled(page)
    await page.locator('.orders-tabs__tab--refund:visible').click()
    await page.locator('.order-card__refund:visible', { hasText: `已退款 · ${refundedAt.slice(0, 10)}` }).first().waitFor({ timeout: 15000 })

    // The same in English.
    const en = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: await shopper.context.storageState() })
    await en.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    const enPage = await en.newPage()
    try {
      await enPage.goto(`${BASE()}/pages/orders/detail?id=${id}`)
      await settled(enPage)
      await enPage.locator('.refund-step--refunded.refund-step--done:visible').waitFor({ timeout: 15000 })
      expect(await enPage.locator('.refund-step__title:visible').allTextContents()).toEqual(['Refund requested', 'Waiting for the store', 'The store approved it', 'Money on its way back', 'Refunded'])
      expect(await enPage.locator('.refund-timeline__to:visible').textContent()).toBe('The sandbox cashier (the way you paid)')
      expect(await enPage.locator('.refund-timeline__amount:visible').textContent()).toBe(yuan)
      await still(enPage)
      await shot(enPage, 'refund-4-refunded-en')
    } finally {
      await en.close()
    }
    expect(errors).toEqual([])
  })
})

describe('a takeout order refunded from My orders (issue 39)', () => {
  const TAKEOUT_SHOPPER = '13800003925'
  const TAKEOUT_STAFF = '19900000019'

  it('Apply for refund lands on the form: Other needs words, words and a photo go with it, read back on the timeline (zh, en); not accepted yet: Cancel, asked', async () => {
    const { page, context, errors } = await phone(browser)
    try {
      const token = await logIn(page, TAKEOUT_SHOPPER)
      const address = await api<{ info: { id: number } }>('personal.address/save', { name: '李雷', mobile: '13600003925', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', lat: 22.545, lng: 114.05 }, token)
      const mango = db<{ id: number }>("SELECT id FROM dishes WHERE shop_id = 19 AND name = '芒果班戟'").id
      const takeout = (n: number) => ({ kind: 'takeout', shop_id: 19, items: [{ id: mango, quantity: 1 }], address_id: address.info.id, client_request_id: `e2e-refund-takeout-${n}-${Date.now()}` })
      const waiting = await placeOrder(token, takeout(1), true)
      const id = await placeOrder(token, takeout(2), true)
      await api('hui_shanghu.store_takeout/accept', { id }, await sessionOf(TAKEOUT_STAFF))

      // My orders: the accepted one says Apply for refund, the one waiting for the shop says Cancel.
      await page.goto(`${BASE()}/pages/orders/index`)
      await settled(page)
      await page.locator('.order-card__detail:visible', { hasText: '申请退款' }).first().waitFor({ timeout: 15000 })
      expect(await page.locator('.order-card__detail:visible').allTextContents()).toEqual(expect.arrayContaining(['申请退款', '取消订单']))
      await still(page)
      await shot(page, 'issue39-refund-takeout-1-my-orders-zh')
      await page.locator('.order-card__detail:visible', { hasText: '申请退款' }).first().click()
      await page.waitForURL(new RegExp(`/pages/takeout/orderDetail\\?id=${id}&ask=refund`))
      await settled(page)
      await page.locator('.refund-sheet__panel:visible').waitFor({ timeout: 15000 })

      // Other, Submit: the words are asked for by the field; nothing sent.
      await page.locator('.refund-sheet__reason:visible', { hasText: '其他' }).click()
      await page.locator('.refund-sheet__submit:visible').click()
      expect(await page.locator('.refund-sheet__error--words:visible').textContent()).toBe('请写下退款原因（1–200 字）')
      expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status).toBe(20)
      await still(page)
      await shot(page, 'issue39-refund-takeout-2-form-other-zh')
      expect(await seriousAxe(page)).toEqual([])
      // Any reason takes words and photos: the shop's fault, with what happened and a photo.
      await page.locator('.refund-sheet__reason:visible', { hasText: '商家原因' }).click()
      await page.locator('.refund-sheet__words textarea:visible').fill('奶茶洒了一半')
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c98a4b' } }).jpeg().toBuffer()
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.refund-sheet__photo-add:visible').click()])
      await chooser.setFiles({ name: 'spilt.jpg', mimeType: 'image/jpeg', buffer: photo })
      await page.locator('.refund-sheet__photo-remove:visible').waitFor({ timeout: 20000 })
      await still(page)
      await shot(page, 'issue39-refund-takeout-3-form-filled-zh')
      await page.locator('.refund-sheet__submit:visible').click()
      await page.locator('.refund-step--awaiting_store.refund-step--current:visible').waitFor({ timeout: 15000 })
      expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status).toBe(60)
      expect(await page.locator('.refund-step__reason:visible').textContent()).toBe('退款原因：商家原因')
      expect(await page.locator('.refund-step__detail:visible').textContent()).toBe('补充说明：奶茶洒了一半')
      await page.locator('.refund-timeline__photo:visible img').evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? null : new Promise((r) => (img.onload = r))))
      expect(await page.locator('.to-steps:visible').count()).toBe(0)
      await toastGone(page)
      await still(page)
      await shot(page, 'issue39-refund-takeout-4-asked-zh')

      // English, the same page cold: the listed reason in English, the shopper's own words as written.
      const en = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: await context.storageState() })
      await en.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
      const enPage = await en.newPage()
      try {
        await enPage.goto(`${BASE()}/pages/takeout/orderDetail?id=${id}`)
        await settled(enPage)
        await enPage.locator('.refund-step--awaiting_store.refund-step--current:visible').waitFor({ timeout: 15000 })
        expect(await enPage.locator('.refund-step__reason:visible').textContent()).toBe("Your reason: Shop's fault")
        expect(await enPage.locator('.refund-step__detail:visible').textContent()).toBe('Your words: 奶茶洒了一半')
        await still(enPage)
        await shot(enPage, 'issue39-refund-takeout-4-asked-en')
        // My orders in English: the one waiting for the shop says Cancel; it opens its page with the cancel asked.
        await enPage.goto(`${BASE()}/pages/orders/index`)
        await settled(enPage)
        const cancel = enPage.locator('.order-card__detail:visible', { hasText: 'Cancel' }).first()
        await cancel.waitFor({ timeout: 15000 })
        await still(enPage)
        await shot(enPage, 'issue39-refund-takeout-5-my-orders-en')
        await cancel.click()
        await enPage.waitForURL(new RegExp(`/pages/takeout/orderDetail\\?id=${waiting}&ask=cancel`))
        await enPage.locator('.taro-modal__foot:visible').waitFor({ timeout: 15000 })
        await still(enPage)
        await shot(enPage, 'issue39-refund-takeout-6-cancel-asked-en')
        await enPage.locator('.taro-modal__foot:visible').getByText('Cancel', { exact: true }).click()
        await enPage.locator('.to-status--refused:visible, .to-status--refunded:visible').first().waitFor({ timeout: 15000 })
      } finally {
        await en.close()
      }
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
