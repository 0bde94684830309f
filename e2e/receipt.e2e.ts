/**
 * The receipt in WeChat Pay's frame (点金计划 商家小票, issue 26), end to end on the H5 build: a stand-in of WeChat
 * Pay's payment-complete page (another origin, served here — nothing is loaded from WeChat) frames the receipt link
 * the sandbox provider's payment gives (sub_mch_id, out_trade_no, check_code). Its own reference server is started
 * with that origin as GOLDPLAN_FRAME_ORIGIN: the one origin allowed to frame that page. The frame shows the receipt
 * (shop, amount, time, order number), posts onIframeReady with its fixed height, and "View order details" posts
 * jumpOut. A changed check_code shows the error page. axe 0 serious/critical, zh and en; screenshots at 375×812
 * (test-results/e2e/issue26-receipt-*).
 */
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Browser, Frame, Page } from 'playwright-core'
import { LANG_EN, launch, phone, seriousAxe, shot, still } from './browser'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string; env: Record<string, string> }) => Promise<{ base: string; sandboxKey: string; stop: () => Promise<void> }>
}

let browser: Browser
let wechat: http.Server
let wechatOrigin = ''
let server: { base: string; sandboxKey: string; stop: () => Promise<void> } | undefined
let link = ''
let orderId = 0

/**
 * The stand-in of WeChat Pay's page: the receipt link in an iframe (sized by onIframeReady's height, as WeChat does),
 * every message it receives kept in window.__messages and listed on the page.
 */
const WECHAT_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付 · 支付成功（替身）</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#ededed}header{padding:24px 16px;text-align:center;background:#fff}h1{font-size:18px;margin:8px 0 0;color:#1a1a1a}
iframe{display:block;width:100%;height:120px;border:0;background:#fff;margin-top:12px}ol{font-size:12px;color:#333;word-break:break-all}</style></head>
<body><header><p style="margin:0;color:#555">微信支付（测试替身）</p><h1>支付成功</h1></header><main><iframe id="receipt" title="商家小票"></iframe><ol id="log"></ol></main>
<script>window.__messages=[];window.addEventListener('message',function(e){var m;try{m=JSON.parse(e.data)}catch(x){m={raw:String(e.data)}}
window.__messages.push({origin:e.origin,message:m});if(m.action==='onIframeReady'&&m.height)document.getElementById('receipt').style.height=m.height+'px';
var li=document.createElement('li');li.textContent=e.origin+' '+JSON.stringify(m);document.getElementById('log').appendChild(li)});
document.getElementById('receipt').src=new URLSearchParams(location.search).get('src')||'about:blank'</script></body></html>`

type Envelope<T> = { code: number; msg: string; data: T }
async function call<T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>, token = ''): Promise<T> {
  const headers = { 'content-type': 'application/json', 'access-token': token, 'access-origin': '', 'x-sandbox-key': server?.sandboxKey ?? '' }
  const url = method === 'GET' ? `${server?.base}/api/${apiPath}?${new URLSearchParams(body as Record<string, string>)}` : `${server?.base}/api/${apiPath}`
  const res = await fetch(url, method === 'GET' ? { headers } : { method, headers, body: JSON.stringify(body) })
  const json = (await res.json()) as Envelope<T>
  if (json.code !== 1) throw new Error(`${apiPath}: ${json.msg}`)
  return json.data
}

beforeAll(async () => {
  wechat = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(WECHAT_PAGE))
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve))
  wechatOrigin = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`
  server = await startTestServer({ staticDir: path.resolve(__dirname, '..', 'dist-h5'), label: 'receipt', env: { GOLDPLAN_FRAME_ORIGIN: wechatOrigin } })
  browser = await launch()
  // A shopper pays a bill at 川味小馆; the sandbox provider issues the payment's transaction_id.
  const phoneNo = '13700002901'
  await call('POST', 'Captcha/sendSmsCaptcha', { phone: phoneNo })
  const { list } = await call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone: phoneNo })
  const { token } = await call<{ token: string }>('POST', 'wechat/bind', { phone: phoneNo, code: list[0].code })
  orderId = (await call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 8800, client_request_id: 'receipt-e2e-1' }, token)).order_info.id
  await call('POST', 'personal.order/payparam', { id: orderId, platform: 'h5', pay_channel: 6 }, token)
  await call('POST', 'sandbox/confirmPay', { id: orderId, result: 'success' })
  link = (await call<{ url: string }>('GET', 'sandbox/receiptLink', { order_id: String(orderId) })).url
}, 120000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise((resolve) => wechat?.close(resolve))
})

const messagesOf = (page: Page) => page.evaluate(() => (window as unknown as { __messages: Array<{ origin: string; message: Record<string, unknown> }> }).__messages)

async function receiptFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#receipt')
  const frame = await handle.contentFrame()
  if (!frame) throw new Error('no receipt frame')
  return frame
}

describe("the receipt in WeChat Pay's frame", () => {
  it('drawn in the frame of the stand-in WeChat page: the receipt, onIframeReady with the fixed height, jumpOut for the full order', async () => {
    const { page, errors } = await phone(browser)
    await page.goto(`${wechatOrigin}/?src=${encodeURIComponent(link)}`)
    const frame = await receiptFrame(page)
    await frame.waitForSelector('.receipt__shop', { timeout: 30000 })
    expect((await frame.textContent('.receipt__shop'))?.trim()).toBe('川味小馆')
    expect((await frame.textContent('.receipt__order-no'))?.trim()).toMatch(/\S+/)
    expect((await frame.textContent('.receipt__money'))?.replace(/\s/g, '')).toContain('¥')
    await page.waitForFunction(() => (window as unknown as { __messages: Array<{ message: { action?: string } }> }).__messages.some((m) => m.message.action === 'onIframeReady'))
    const origin = new URL(server?.base ?? '').origin
    expect((await messagesOf(page))[0]).toEqual({ origin, message: { action: 'onIframeReady', displayStyle: 'SHOW_CUSTOM_PAGE', height: 360 } })
    // Nothing but the receipt: no nav bar, no login screen, no phone number.
    expect(await frame.$('.nav-bar')).toBeNull()
    expect(await frame.$('.login-needed')).toBeNull()
    expect(await frame.evaluate(() => document.body.innerText)).not.toContain('13700002901')
    await still(page)
    await shot(page, 'issue26-receipt-framed-zh')
    await shot(page, 'issue26-receipt-framed-zh')

    // A tap inside the cross-origin frame (Playwright's pointer hit-test does not reach into it under a touch context).
    await frame.locator('.receipt__order').dispatchEvent('click')
    await page.waitForFunction(() => (window as unknown as { __messages: Array<{ message: { action?: string } }> }).__messages.some((m) => m.message.action === 'jumpOut'))
    const jump = (await messagesOf(page)).find((m) => m.message.action === 'jumpOut')
    expect(jump).toEqual({ origin, message: { action: 'jumpOut', jumpOutUrl: `${origin}/pages/orders/detail?id=${orderId}` } })
    // The frame stayed on the receipt: the order is opened by WeChat, outside it.
    expect(frame.url()).toContain('/pages/orders/orderInfo?')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a changed check_code: the error page, still told to the frame', async () => {
    const { page } = await phone(browser)
    const code = new URL(link).searchParams.get('check_code') ?? ''
    const tampered = link.replace(code, `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`)
    await page.goto(`${wechatOrigin}/?src=${encodeURIComponent(tampered)}`)
    const frame = await receiptFrame(page)
    await frame.waitForSelector('.receipt__message', { timeout: 30000 })
    expect((await frame.textContent('.receipt__message'))?.trim()).toBe('小票校验未通过，请在订单中查看支付结果')
    expect(await frame.$('.receipt__shop')).toBeNull()
    await page.waitForFunction(() => (window as unknown as { __messages: Array<{ message: { action?: string } }> }).__messages.some((m) => m.message.action === 'onIframeReady'))
    await still(page)
    await shot(page, 'issue26-receipt-refused-zh')
    await shot(page, 'issue26-receipt-refused-zh')
    await page.context().close()
  })

  it.each(['zh', 'en'])('axe 0 serious/critical on the receipt (%s)', async (lang) => {
    const { page, context } = await phone(browser)
    if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.goto(link)
    await page.waitForSelector('.receipt__shop', { timeout: 30000 })
    expect((await page.textContent('.receipt__title'))?.trim()).toBe(lang === 'en' ? '✓ Payment successful' : '✓ 支付成功')
    await still(page)
    await shot(page, `issue26-receipt-${lang}`)
    await shot(page, `issue26-receipt-${lang}`)
    expect(await seriousAxe(page)).toEqual([])
    await context.close()
  })
})
