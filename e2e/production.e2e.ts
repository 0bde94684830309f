/**
 * Issue 40, a production start in the browser: the server as `NODE_ENV=production npm start` runs it — compiled, `node
 * dist-server/main.js` (issue 41: built first when missing or older than the sources), no SANDBOX, no DEMO_DATA — with its providers pointed at the doubles (__tests__/doubles/: Tencent Cloud SMS, WeChat Pay API v3, Alipay's
 * gateway, each with keys made for this run and real cryptography), everything on 127.0.0.1.
 *
 * - The operator, with `npm run admin` (compiled too: dist-server/admin.js), approves a merchant's application (submitted through the API as the signed-in
 *   applicant does, pictures uploaded, the contact's mobile verified by a texted code) and creates a card product.
 * - A shopper logs in by SMS on the H5 screens (the code read from the SMS double), pays a bill at that shop with WeChat
 *   Pay's H5 payment (chosen on the payment sheet; WeChat Pay's page on wx.tenpay.com is answered here: the double pays
 *   the trade and sends its signed, encrypted notification, then the shopper is sent back to redirect_url), buys the
 *   card with Alipay's WAP payment (chosen on the sheet; the double's cashier pays, notifies and returns as Alipay's
 *   does) and pays a second bill there with Alipay.
 * - The shopper asks refunds of both bills on their order pages; the store (the approved owner, through the store API)
 *   approves both. WeChat Pay's refund is PROCESSING until WeChat Pay's refund notification ends it; Alipay's ends by
 *   its answer (fund_change Y; an N is settled by the refund query, which the server tests cover). Each order page then
 *   reads 已退款.
 * - The database holds no demo row (one shop, one card product, the two people of this journey) and every payment is
 *   attached to its order or refunded.
 *
 * PUBLIC_URL is https (the server refuses anything else, for everyone): https://shop.example.com, where WeChat Pay and
 * Alipay send notifications. On this machine nothing answers there, so the notifications are delivered to the server's
 * own address, as the TLS terminator in front of a real server forwards them (the WeChat Pay double's `send`, the Alipay
 * double's `forward`). The shopper's browser uses the server's address; the return addresses are built from it.
 * A card order belongs to no store (nobody but the 48-hour timer approves its refund), so the Alipay refund the store
 * approves is of the second bill. Screenshots: test-results/e2e/production-*.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DPR, launch, settled, shot, still, typeInto } from './browser'
import { startAlipayDouble, type AlipayDouble } from '../__tests__/doubles/alipay'
import { startSmsDouble, type SmsDouble } from '../__tests__/doubles/sms'
import { startWechatPayDouble, type WechatPayDouble } from '../__tests__/doubles/wechatpay'

interface Server {
  base: string
  dbPath: string
  stop: () => Promise<void>
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string; env: Record<string, string>; sandbox: boolean; built: boolean }) => Promise<Server>
}

const ROOT = path.resolve(__dirname, '..')
const PUBLIC_URL = 'https://shop.example.com'
const MERCHANT = '13900004001'
const CONTACT = '13900004002'
const SHOPPER = '13900004003'
const SHOP_NAME = '晨光面馆'
// A phone's browser outside WeChat and Alipay: WeChat Pay's H5 payment (a desktop would get the Native QR code).
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

let sms: SmsDouble
let wxpay: WechatPayDouble
let alipay: AlipayDouble
let server: Server
let browser: Browser
let context: BrowserContext
let page: Page
const notified: Array<{ kind: string; status: number; body: string }> = []

/** A read of the server's SQLite file (read-only), as an operator's look at the database. */
function rows<T>(sql: string, ...args: unknown[]): T[] {
  const conn = new Database(server.dbPath, { readonly: true, fileMustExist: true })
  try {
    return conn.prepare(sql).all(...args) as T[]
  } finally {
    conn.close()
  }
}
const orderStatus = (id: number) => rows<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)[0].status

/** Waits for a condition the server reaches by itself (bounded; no fixed wait). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The newest code the SMS double was asked to text to this phone. */
async function textedCode(phone: string, after: number): Promise<string> {
  let code = ''
  await until(`a code texted to ${phone}`, () => {
    const text = [...sms.texts].reverse().find((t) => t.phone.endsWith(phone) && t.at >= after)
    code = text?.params[0] ?? ''
    return code !== ''
  })
  return code
}

async function call<T>(apiPath: string, body: Record<string, unknown>, token = ''): Promise<T> {
  const res = await fetch(`${server.base}/api/${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify(body) })
  const json = (await res.json()) as { code: number; msg: string; reason?: string; data: T }
  if (json.code !== 1) throw new Error(`${apiPath}: ${json.reason ?? ''} ${json.msg}`)
  return json.data
}

/** Signed in through the API as the app does: a texted code, then wechat/bind. The session token. */
async function signIn(phone: string): Promise<string> {
  const at = Date.now()
  await call('Captcha/sendSmsCaptcha', { phone })
  return (await call<{ token: string }>('wechat/bind', { phone, code: await textedCode(phone, at) })).token
}

/** A picture uploaded as the app uploads one (index/uploadPic, multipart `file`): its /uploads/… address. */
async function upload(token: string, colour: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer()
  const form = new FormData()
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg')
  const res = await fetch(`${server.base}/api/index/uploadPic`, { method: 'POST', headers: { 'access-token': token }, body: form })
  const json = (await res.json()) as { code: number; data: { url: string } }
  if (json.code !== 1) throw new Error(`upload: ${JSON.stringify(json)}`)
  return json.data.url
}

/** `npm run admin -- …` on the server's database, as the operator runs it; what it printed. */
async function admin(...args: string[]): Promise<string> {
  const { DB_PATH: _d, DATABASE_URL: _u, ...env } = process.env
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...env, NODE_ENV: 'production', DB_PATH: server.dbPath }, timeout: 60000 })
  return stdout
}

async function typeAmount(digits: string): Promise<void> {
  for (const d of digits) await page.locator(`.keypad__key--${d === '.' ? 'dot' : d}:visible`).click()
}

/** The payment sheet (选择支付方式), the method tapped. */
async function pick(method: '微信支付' | '支付宝', shotName?: string): Promise<void> {
  const sheet = page.getByRole('dialog', { name: '选择支付方式' })
  await sheet.waitFor({ timeout: 15000 })
  await still(page)
  if (shotName) await shot(page, shotName)
  await sheet.getByRole('button', { name: new RegExp(`^${method}`) }).click()
}

/** A bill of `amount` yuan at the shop: the keypad, Pay, the method picked; the order's id (from the cashier's trade). */
async function payBill(shopId: number, amount: string, method: '微信支付' | '支付宝'): Promise<number> {
  await page.goto(`${server.base}/pages/payBill/index?shop_id=${shopId}`)
  await settled(page)
  expect(await page.locator('.bill__shop-name:visible').textContent()).toBe(SHOP_NAME)
  await typeAmount(amount)
  await page.locator('.bill__pay:visible').click()
  await pick(method)
  if (method === '支付宝') await payAtAlipay()
  await page.waitForURL(/\/pages\/payBill\/success\?id=\d+/, { timeout: 15000 })
  await page.locator('.pay-result__status:visible', { hasText: '支付成功' }).waitFor({ timeout: 15000 })
  return Number(new URL(page.url()).searchParams.get('id'))
}

/** Alipay's WAP cashier (the double's page): the amount shown, 确认付款 — Alipay pays, notifies and sends the shopper back. */
async function payAtAlipay(): Promise<void> {
  await page.waitForURL((u) => u.href.startsWith(alipay.gateway), { timeout: 15000 })
  await page.locator('#pay').click()
}

/** The shopper asks a refund on the order's page (重复支付); it waits for the store. */
async function askRefund(id: number): Promise<void> {
  await page.goto(`${server.base}/pages/orders/detail?id=${id}`)
  await settled(page)
  await page.locator('.order-detail__refund:visible').click()
  await page.locator('.refund-sheet__reason:visible', { hasText: '重复支付' }).click()
  await page.locator('.refund-sheet__submit:visible').click()
  await page.locator('.refund-step--awaiting_store.refund-step--current:visible').waitFor({ timeout: 15000 })
  expect(orderStatus(id)).toBe(60)
}

/** The order's page reads refunded, with the amount. */
async function seenRefunded(id: number, yuan: string, shotName: string): Promise<void> {
  await page.goto(`${server.base}/pages/orders/detail?id=${id}`)
  await settled(page)
  await page.locator('.refund-step--refunded.refund-step--done:visible').waitFor({ timeout: 15000 })
  expect(await page.locator('.order-detail__status-text:visible').textContent()).toBe('已退款')
  expect(await page.locator('.refund-timeline__amount:visible').textContent()).toBe(yuan)
  await still(page)
  await shot(page, shotName)
}

beforeAll(async () => {
  ;[sms, wxpay, alipay, browser] = await Promise.all([startSmsDouble(), startWechatPayDouble(), startAlipayDouble(), launch()])
  server = await startTestServer({
    staticDir: path.join(ROOT, 'dist-h5'),
    label: 'e2e-production',
    sandbox: false,
    built: true,
    env: { NODE_ENV: 'production', ...sms.env(), ...wxpay.env({ notifyUrl: PUBLIC_URL }), ...alipay.env(PUBLIC_URL), PUBLIC_URL },
  })
  // What reaches https://shop.example.com reaches this server (the TLS terminator's part).
  alipay.forward[PUBLIC_URL] = server.base
  context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', userAgent: PHONE_UA })
  // WeChat Pay's H5 page (h5_url on wx.tenpay.com) is not on this machine's network: answered here as it goes for a shopper
  // who pays in WeChat — WeChat Pay's double marks the trade paid and sends its notification, then the page sends the
  // shopper to redirect_url.
  await context.route(/^https:\/\/wx\.tenpay\.com\//, async (route) => {
    const url = new URL(route.request().url())
    const trade = [...wxpay.trades.values()].find((t) => t.prepay_id === url.searchParams.get('prepay_id'))
    if (!trade) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'no such prepay_id' })
    const answer = await wxpay.send(`${server.base}/notify/wechatpay/pay`, wxpay.pay(trade.out_trade_no))
    notified.push({ kind: 'pay', ...answer })
    return route.fulfill({ status: 302, headers: { location: url.searchParams.get('redirect_url') ?? server.base } })
  })
  page = await context.newPage()
}, 120000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await Promise.all([sms?.close(), wxpay?.close(), alipay?.close()])
})

describe('a production start with the providers at their doubles', () => {
  it('the operator approves a shop and creates a card; a shopper logs in by SMS, pays by WeChat Pay H5 and Alipay WAP, and both refunds end', async () => {
    // No demo: no shop, no card product, nobody.
    expect(rows<{ n: number }>('SELECT (SELECT COUNT(*) FROM shops) + (SELECT COUNT(*) FROM card_products) + (SELECT COUNT(*) FROM users) AS n')[0].n).toBe(0)

    // The merchant applies (signed in by a texted code; the contact's mobile verified by another).
    const merchant = await signIn(MERCHANT)
    const [licence, storefront] = await Promise.all([upload(merchant, '#c0392b'), upload(merchant, '#2980b9')])
    const at = Date.now()
    await call('Captcha/sendSmsCaptcha', { phone: CONTACT, scene: 'shopRegister' })
    await call('personal.merchant_application/submit', {
      shop_name: SHOP_NAME,
      class_id: 1,
      contact_name: '李雷',
      mobile: CONTACT,
      city_id: 1,
      district: '南山区',
      address: '科苑路 88 号',
      hours: '10:00-22:00',
      discount_rate: 90,
      licence_image: licence,
      storefront_image: storefront,
      sms_code: await textedCode(CONTACT, at),
    }, merchant)

    // The operator: the application, approved; a card product.
    expect(await admin('applications')).toContain(SHOP_NAME)
    const appId = rows<{ id: number }>('SELECT id FROM merchant_applications')[0].id
    await admin('approve', String(appId))
    await admin('card-create', '--name', '银卡', '--level', '1', '--price', '99', '--days', '365', '--rate', '95')
    const shopId = rows<{ id: number }>('SELECT id FROM shops WHERE name = ?', SHOP_NAME)[0].id

    // The shopper logs in by SMS on the screens.
    await page.goto(`${server.base}/pages/accountBind/index?redirect=${encodeURIComponent('/pages/personal/index')}`)
    await settled(page)
    await typeInto(page, '.bind__phone', SHOPPER)
    await page.locator('.bind__agree:visible').click()
    const sent = Date.now()
    await page.locator('.bind__send:visible').click()
    await typeInto(page, '.bind__code', await textedCode(SHOPPER, sent))
    await page.locator('.bind__submit:visible').click()
    await page.waitForURL(/\/pages\/personal\/index/, { timeout: 15000 })

    // A bill with WeChat Pay's H5 payment: paid by WeChat Pay's notification.
    const wxBill = await payBill(shopId, '58', '微信支付')
    expect(notified).toEqual([{ kind: 'pay', status: 204, body: '' }])
    const wxTrade = [...wxpay.trades.values()][0]
    expect(wxTrade).toMatchObject({ kind: 'h5', state: 'SUCCESS', h5_type: 'Wap', payer_client_ip: '127.0.0.1' })
    expect(rows('SELECT method, status FROM payments WHERE order_id = ?', wxBill)).toEqual([{ method: 'wechat_h5', status: 'paid' }])

    // The card with Alipay's WAP payment, picked on the sheet (WeChat Pay offered first: used last time).
    await page.goto(`${server.base}/pages/card/index`)
    await settled(page)
    await page.locator('.card-product--level1:visible').click()
    await page.locator('.card-products__total:visible', { hasText: '¥99.00' }).waitFor({ timeout: 15000 })
    await page.locator('.card-products__buy:visible').click()
    await pick('支付宝', 'production-1-pay-method-sheet')
    await payAtAlipay()
    await page.waitForURL(/\/pages\/payBill\/success\?id=\d+/, { timeout: 15000 })
    await page.locator('.pay-result__status:visible', { hasText: '支付成功' }).waitFor({ timeout: 15000 })
    const cardOrder = Number(new URL(page.url()).searchParams.get('id'))
    expect(rows('SELECT method, status FROM payments WHERE order_id = ?', cardOrder)).toEqual([{ method: 'alipay_wap', status: 'paid' }])

    // A second bill at the shop with Alipay (a card order belongs to no store: this is the Alipay refund a store approves).
    const aliBill = await payBill(shopId, '36', '支付宝')
    expect(rows('SELECT method, status FROM payments WHERE order_id = ?', aliBill)).toEqual([{ method: 'alipay_wap', status: 'paid' }])
    const paid = (id: number) => `¥${(rows<{ pay_amount: number }>('SELECT pay_amount FROM orders WHERE id = ?', id)[0].pay_amount / 100).toFixed(2)}`

    // Refunds asked on the order pages; the store (its owner, through the store API) approves both.
    await askRefund(wxBill)
    await askRefund(aliBill)
    // The applicant, now the shop's owner, in the session they applied in.
    await call('hui_shanghu.store_order/refundApprove', { id: wxBill }, merchant)
    await call('hui_shanghu.store_order/refundApprove', { id: aliBill }, merchant)

    // Alipay's refund ends by its answer (fund_change Y: the money moved; an N would be settled by the refund query) —
    // Alipay sends no refund notification.
    await until('the Alipay bill refunded', () => orderStatus(aliBill) === 70)
    expect(alipay.requests.filter((r) => r.method === 'alipay.trade.refund')).toHaveLength(1)
    const aliTrade = [...alipay.trades.values()].find((t) => t.out_trade_no === rows<{ trade_no: string }>('SELECT trade_no FROM payments WHERE order_id = ?', aliBill)[0].trade_no)
    expect(aliTrade).toMatchObject({ refunded: aliTrade?.amount, status: 'TRADE_CLOSED' })

    // WeChat Pay's refund is PROCESSING until its notification.
    await until('the WeChat Pay refund asked', () => wxpay.refunds.size === 1)
    const [refund] = [...wxpay.refunds.values()]
    expect(refund).toMatchObject({ out_trade_no: wxTrade.out_trade_no, status: 'PROCESSING', refund: wxTrade.amount })
    expect(orderStatus(wxBill)).toBe(60)
    const answer = await wxpay.send(`${server.base}/notify/wechatpay/refund`, wxpay.finishRefund(refund.out_refund_no))
    expect(answer).toEqual({ status: 204, body: '' })
    expect(orderStatus(wxBill)).toBe(70)

    await seenRefunded(wxBill, paid(wxBill), 'production-2-refunded-wechatpay')
    await seenRefunded(aliBill, paid(aliBill), 'production-3-refunded-alipay')
    await page.goto(`${server.base}/pages/orders/index`)
    await settled(page)
    await page.locator('.orders-tabs__tab--refund:visible').click()
    await page.locator('.order-card__refund:visible', { hasText: '已退款' }).nth(1).waitFor({ timeout: 15000 })
    await still(page)
    await shot(page, 'production-4-refund-tab')

    // The database: no demo row; every payment attached to its order or refunded.
    expect(rows('SELECT phone FROM users ORDER BY phone')).toEqual([{ phone: MERCHANT }, { phone: SHOPPER }])
    expect(rows('SELECT name FROM shops')).toEqual([{ name: SHOP_NAME }])
    expect(rows('SELECT name FROM card_products')).toEqual([{ name: '银卡' }])
    for (const table of ['seckill_products', 'mall_products', 'takeout_shops', 'coupons', 'jobs', 'oil_stations', 'sandbox_messages']) {
      expect({ table, rows: rows<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)[0].n }).toEqual({ table, rows: 0 })
    }
    expect(rows('SELECT order_id, method, status FROM payments ORDER BY order_id')).toEqual([
      { order_id: wxBill, method: 'wechat_h5', status: 'refunded' },
      { order_id: cardOrder, method: 'alipay_wap', status: 'paid' },
      { order_id: aliBill, method: 'alipay_wap', status: 'refunded' },
    ])
  })
})
