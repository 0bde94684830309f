/**
 * Issue 24, "Broken or blocking" — the pay steps in Chromium at 375 × 812, zh and en:
 * - a shop's and a station's address open the map (no key in the build: Amap's marker page with the
 *   coordinates, in a new tab) and no page error (it was `process is not defined`);
 * - fuel: after tapping the amount the keypad's keys are on screen (they were at y 739–975);
 * - Pay a bill / fuel / Payment success opened cold with a bad or missing id: not found with Back home;
 * - back from the sandbox cashier without paying: Pay a bill says the unpaid order of that amount waits, and its
 *   Cancel and Pay work;
 * - issue 40: with WeChat Pay and Alipay both configured (the server's `pay_method_required` answered here in its
 *   place), the payment sheet: a dialog with both, the pick goes to payparam and is offered first next time; a desktop
 *   paying with WeChat Pay sees the Native QR code.
 * Screenshots: test-results/e2e/issue24-pay-*.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, LANG_EN, db, launch, logIn, phone, seriousAxe, settled, shot, still, visibleTitle } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const WORDS = {
  zh: { notFound: '没有找到要看的内容', home: '返回首页', result: '支付结果', waiting: '你有一笔订单还没有支付', cancelYes: '取消订单', paid: '支付成功', choose: '选择支付方式', wechat: '微信支付', alipay: '支付宝', last: '上次使用', cancel: '取消', qr: '微信扫码支付', qrDone: '我已支付' },
  en: { notFound: 'Nothing to show here', home: 'Back home', result: 'Payment result', waiting: 'You have an order waiting to be paid', cancelYes: 'Cancel', paid: 'Payment successful', choose: 'Choose how to pay', wechat: 'WeChat Pay', alipay: 'Alipay', last: 'Used last time', cancel: 'Cancel', qr: 'Scan with WeChat to pay', qrDone: 'I have paid' },
} as const
type Lang = keyof typeof WORDS

async function open(lang: Lang): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const opened = await phone(browser)
  if (lang === 'en') await opened.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  // The maps service is not on this machine's network: its page answers from here (what matters is the URL).
  await opened.context.route(/^https:\/\/(uri\.amap\.com|apis\.map\.qq\.com)\//, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }))
  return opened
}

async function docShot(page: Page, name: string): Promise<void> {
  await still(page)
  await shot(page, `issue24-pay-${name}`)
}

/** Tap an address: a new tab opens on a map page with the place's coordinates (GCJ-02, lng,lat). */
async function mapOpensFrom(page: Page, context: BrowserContext, selector: string, shopId: number): Promise<void> {
  const { lat, lng } = db<{ lat: number; lng: number }>('SELECT lat, lng FROM shops WHERE id = ?', shopId)
  const tab = context.waitForEvent('page', { timeout: 10000 })
  await page.locator(selector).first().click()
  const map = await tab
  await map.waitForLoadState('domcontentloaded')
  const url = new URL(map.url())
  expect(url.origin).toBe('https://uri.amap.com')
  expect(url.searchParams.get('position')).toBe(`${lng.toFixed(6)},${lat.toFixed(6)}`)
  // The app stayed where it was.
  expect(page.url()).toContain('/pages/')
  await map.close()
}

// One phone per test (a login code a minute per phone): zh 247x, en 248x.
describe.each([
  ['zh', '1380000247'],
  ['en', '1380000248'],
] as const)('pay steps (%s)', (lang, phones) => {
  const w = WORDS[lang]

  it('the shop’s and the station’s address open the map, without a page error', async () => {
    const phoneNo = `${phones}1`
    const { page, context, errors } = await open(lang)
    await page.goto(`${BASE()}/pages/shops/details?id=3`)
    await settled(page)
    await page.locator('.shop-head__name:visible').waitFor({ timeout: 15000 })
    await mapOpensFrom(page, context, '.shop-head__row[role="link"]:visible', 3)

    await logIn(page, phoneNo, '/pages/payBill/oil?station_id=6')
    await page.locator('.fuel-form__name:visible').waitFor({ timeout: 15000 })
    await mapOpensFrom(page, context, '.fuel-form__address:visible', 6)
    expect(errors.filter((e) => !/^4\d\d /.test(e))).toEqual([])
    await context.close()
  })

  it('fuel: after tapping the amount the keypad’s keys are on screen', async () => {
    const phoneNo = `${phones}2`
    const { page, context } = await open(lang)
    await logIn(page, phoneNo, '/pages/payBill/oil?station_id=6')
    await page.locator('.fuel-form__name:visible').waitFor({ timeout: 15000 })
    await page.locator('.fuel-chip--pump:visible').nth(1).click()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.locator('.fuel-form__amount:visible').click()
    const height = page.viewportSize()?.height ?? 812
    const keys = page.locator('.keypad__key:visible')
    expect(await keys.count()).toBe(12)
    for (const box of await keys.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.top).toBeGreaterThanOrEqual(0)
      expect(box.bottom).toBeLessThanOrEqual(height)
    }
    // What is typed shows beside the keypad, and the total with Pay.
    for (const d of '200') await page.locator(`.keypad__key--${d}:visible`).click()
    await page.locator('.fuel-form__litres:visible').waitFor({ timeout: 10000 })
    const amount = await page.locator('.fuel-form__amount-value:visible').boundingBox()
    const pay = await page.locator('.fuel-form__pay:visible').boundingBox()
    expect(amount && amount.y + amount.height <= height).toBe(true)
    expect(pay && pay.y + pay.height <= height).toBe(true)
    await docShot(page, `fuel-keypad-${lang}`)
    await context.close()
  })

  it('cold links with a bad or missing id: not found with Back home, never a Retry', async () => {
    const phoneNo = `${phones}3`
    const { page, context, errors } = await open(lang)
    await logIn(page, phoneNo, '/pages/personal/index')
    const links = [
      ['bill-missing-shop', '/pages/payBill/index?shop_id=99999'],
      ['bill-bad-id', '/pages/payBill/index?shop_id=abc'],
      ['fuel-missing-station', '/pages/payBill/oil?station_id=99999'],
      ['fuel-bad-id', '/pages/payBill/oil?station_id=1.5'],
      ['success-missing-order', '/pages/payBill/success?id=99999'],
      ['success-no-id', '/pages/payBill/success'],
    ] as const
    for (const [name, link] of links) {
      await page.goto(`${BASE()}${link}`)
      await settled(page)
      await page.locator('.state__title:visible', { hasText: w.notFound }).waitFor({ timeout: 15000 })
      expect(await page.locator('.state__retry:visible').count()).toBe(0)
      expect(await page.locator('.state__action:visible').textContent()).toBe(w.home)
      if (link.includes('success')) expect(await visibleTitle(page)).toBe(w.result)
      if (name.endsWith('missing-shop') || name.endsWith('missing-order') || name === 'fuel-bad-id') await docShot(page, `not-found-${name}-${lang}`)
    }
    // The server was asked only about the well-formed ids (their not-found answers are code 0, never an HTTP error).
    expect(errors).toEqual([])
    await page.locator('.state__action:visible').click()
    await page.waitForURL(/\/pages\/index\/index|\/$/, { timeout: 15000 })
    await context.close()
  })

  it('back from the cashier without paying: the unpaid order of that amount waits, Cancel cancels it, Pay pays it', async () => {
    const phoneNo = `${phones}4`
    const { page, context } = await open(lang)
    await logIn(page, phoneNo, '/pages/payBill/index?shop_id=3')
    await page.locator('.bill__shop-name:visible').waitFor({ timeout: 15000 })

    const payOnce = async (digits: string): Promise<string> => {
      for (const d of digits) await page.locator(`.keypad__key--${d === '.' ? 'dot' : d}:visible`).click()
      const payable = page.locator('.bill__payable:visible')
      await page.waitForFunction(() => /¥\d/.test(document.querySelector('.taro_page:not(.taro_page_shade) .bill__payable')?.textContent ?? ''), null, { timeout: 10000 })
      const amount = ((await payable.textContent()) ?? '').replace('¥', '')
      await page.locator('.bill__pay:visible').click()
      await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
      // The shopper does not pay: back to the app.
      await page.goBack()
      await page.waitForURL(/\/pages\/payBill\/index\?shop_id=3/, { timeout: 15000 })
      await settled(page)
      return amount
    }

    // 1. Back without paying: the notice says so, with the amount.
    const first = await payOnce('64.12')
    const notice = page.locator('.pending-order:visible')
    await notice.waitFor({ timeout: 15000 })
    expect(await notice.locator('.pending-order__title').textContent()).toBe(w.waiting)
    expect(await notice.locator('.pending-order__amount').textContent()).toContain(`¥${first}`)
    await docShot(page, `pending-order-${lang}`)
    const firstId = db<{ id: number }>("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'bill' ORDER BY o.id DESC LIMIT 1", phoneNo).id
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', firstId).status).toBe(0)

    // 2. Cancel: asked first, then the order is cancelled and the notice goes.
    await notice.locator('.pending-order__cancel').click()
    const modal = page.locator('.taro-modal__content:visible')
    await modal.waitFor({ timeout: 10000 })
    expect(await modal.innerText()).toContain(first)
    await modal.locator('.taro-modal__foot').getByText(w.cancelYes, { exact: true }).click()
    await page.waitForFunction(() => !document.querySelector('.taro_page:not(.taro_page_shade) .pending-order'), null, { timeout: 15000 })
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', firstId).status).toBe(50)

    // 3. Another one left at the cashier, then paid from the notice.
    await page.reload()
    await settled(page)
    await page.locator('.bill__shop-name:visible').waitFor({ timeout: 15000 })
    const second = await payOnce('56.43')
    await notice.waitFor({ timeout: 15000 })
    expect(await notice.locator('.pending-order__amount').textContent()).toContain(`¥${second}`)
    const secondId = db<{ id: number }>("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'bill' ORDER BY o.id DESC LIMIT 1", phoneNo).id
    expect(secondId).not.toBe(firstId)
    await notice.locator('.pending-order__pay').click()
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    await page.locator('#pay').click()
    await page.waitForURL(new RegExp(`/pages/payBill/success\\?id=${secondId}`), { timeout: 15000 })
    await page.locator('.pay-result__status:visible', { hasText: w.paid }).waitFor({ timeout: 15000 })
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', secondId).status).toBe(10)
    // No third order: the waiting one was paid.
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ? AND o.kind = 'bill'", phoneNo).n).toBe(2)
    await context.close()
  })

  it('WeChat Pay and Alipay both configured: the payment sheet; the pick is paid and offered first next time; a desktop gets the QR code', async () => {
    const phoneNo = `${phones}5`
    const { page, context } = await open(lang)
    // The server as it answers with both providers configured (server/domain/pay/pay.ts): payparam without a pick is
    // refused pay_method_required; with one, the sandbox pays it (its cashier; a desktop's WeChat Pay as a QR code).
    const picks: Array<string | null> = []
    let desktop = false
    await page.route('**/api/personal.order/payparam', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { pay_method?: string }
      picks.push(body.pay_method ?? null)
      if (!body.pay_method) {
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: w.choose, reason: 'pay_method_required', data: { methods: ['wechat', 'alipay'] } }) })
        return
      }
      const ua = desktop ? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' : route.request().headers()['user-agent']
      await route.continue({ headers: { ...route.request().headers(), 'user-agent': ua } })
    })
    await logIn(page, phoneNo, '/pages/payBill/index?shop_id=3')
    await page.locator('.bill__shop-name:visible').waitFor({ timeout: 15000 })
    for (const d of '18.80') await page.locator(`.keypad__key--${d === '.' ? 'dot' : d}:visible`).click()
    await page.waitForFunction(() => /¥\d/.test(document.querySelector('.taro_page:not(.taro_page_shade) .bill__payable')?.textContent ?? ''), null, { timeout: 10000 })
    await page.locator('.bill__pay:visible').click()

    const sheet = page.getByRole('dialog', { name: w.choose })
    await sheet.waitFor({ timeout: 15000 })
    expect(await sheet.getByRole('button').allTextContents()).toEqual([w.wechat, w.alipay, w.cancel])
    for (const box of await sheet.getByRole('button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) expect(box.height).toBeGreaterThanOrEqual(44)
    expect(await seriousAxe(page)).toEqual([])
    await docShot(page, `method-sheet-${lang}`)
    await sheet.getByRole('button', { name: w.alipay }).click()
    await page.waitForURL(/\/sandbox\/cashier/, { timeout: 15000 })
    expect(picks).toEqual([null, 'alipay'])
    expect(db<{ method: string }>("SELECT p.method FROM payments p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = o.user_id WHERE u.phone = ? ORDER BY p.id DESC LIMIT 1", phoneNo).method).toBe('alipay_wap')

    // Back without paying; paying again from the notice: Alipay first, marked as used last.
    await page.goBack()
    await page.waitForURL(/\/pages\/payBill\/index\?shop_id=3/, { timeout: 15000 })
    await settled(page)
    const notice = page.locator('.pending-order:visible')
    await notice.waitFor({ timeout: 15000 })
    await notice.locator('.pending-order__pay').click()
    await sheet.waitFor({ timeout: 15000 })
    expect(await sheet.getByRole('button').allTextContents()).toEqual([`${w.alipay}${w.last}`, w.wechat, w.cancel])
    await docShot(page, `method-sheet-remembered-${lang}`)

    // A desktop: WeChat Pay's Native QR code, until the shopper says it is paid.
    desktop = true
    await page.setViewportSize({ width: 1280, height: 800 })
    await sheet.getByRole('button', { name: w.wechat }).click()
    const qr = page.getByRole('dialog', { name: w.qr })
    await qr.waitFor({ timeout: 15000 })
    expect(await qr.locator('img').getAttribute('src')).toMatch(/^data:image\/gif;base64,/)
    expect(await seriousAxe(page)).toEqual([])
    await docShot(page, `native-qr-${lang}`)
    expect(db<{ method: string }>("SELECT p.method FROM payments p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = o.user_id WHERE u.phone = ? ORDER BY p.id DESC LIMIT 1", phoneNo).method).toBe('wechat_native')
    await page.keyboard.press('Escape')
    await qr.waitFor({ state: 'detached', timeout: 10000 })
    await context.close()
  })
})
