import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OrderInfo } from '../../src/contract/order'
import type { ReceiptAnswer } from '../../src/contract/receipt'
import { pageQueryOf, receiptParamsOf } from '../../src/contract/receiptLink'
import { startServer, type TestServer } from './helpers'

/**
 * The receipt page in WeChat Pay's frame (点金计划 商家小票, issue 26): the sandbox provider issues a transaction_id with
 * a payment; WeChat Pay's link carries sub_mch_id, out_trade_no and check_code = MD5(link?sub_mch_id&out_trade_no&
 * transaction_id); the server answers receipt data only when check_code is right, with no session; the page's document
 * may be framed by WeChat Pay's origin alone, and only when opened with those parameters.
 */
let s: TestServer
let dir: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-receipt-'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><div id="app"></div></body></html>')
  s = await startServer(dir)
})
afterAll(async () => {
  await s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

let n = 0
async function paidBill(phone: string): Promise<{ order: OrderInfo; token: string }> {
  const me = await s.login(phone)
  const made = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 12345, client_request_id: `receipt-${n++}` }, me.token)
  expect(made.body.code).toBe(1)
  const order = made.body.data.order_info
  expect((await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, me.token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })).body.code).toBe(1)
  return { order, token: me.token }
}

/** The link WeChat Pay would open (the sandbox's stand-in) and its parameters. */
async function linkOf(orderId: number) {
  const res = await s.call<{ url: string; frame_origin: string }>('GET', 'sandbox/receiptLink', { order_id: orderId })
  expect(res.body.code).toBe(1)
  const url = new URL(res.body.data.url)
  return { url: res.body.data.url, base: res.body.data.url.split('?')[0], params: Object.fromEntries(url.searchParams) as { sub_mch_id: string; out_trade_no: string; check_code: string } }
}

const receipt = (q: Record<string, string>) => s.call<ReceiptAnswer>('GET', 'hui_public.order/receipt', q)

describe('the receipt', () => {
  it("check_code is WeChat Pay's MD5 over the link with the payment's transaction_id; right: receipt data only, no session needed", async () => {
    const { order } = await paidBill('13700002801')
    const payment = await s.row<{ trade_no: string; transaction_id: string }>("SELECT trade_no, transaction_id FROM payments WHERE order_id = ? AND status = 'paid'", order.id)
    // Issued by the sandbox provider with its success notification, in WeChat Pay's shape.
    expect(payment.transaction_id).toMatch(/^4200\d{24}$/)
    const { base, params } = await linkOf(order.id)
    expect(params.sub_mch_id).toBe('1900000109')
    expect(params.out_trade_no).toBe(payment.trade_no)
    const md5 = crypto.createHash('md5').update(`${base}?sub_mch_id=${params.sub_mch_id}&out_trade_no=${payment.trade_no}&transaction_id=${payment.transaction_id}`).digest('hex')
    expect(params.check_code).toBe(md5)

    const res = await receipt(params)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(1)
    // Exactly what a receipt shows, and where WeChat's frame is.
    expect(Object.keys(res.body.data).sort()).toEqual(['frame_origin', 'receipt'])
    expect(res.body.data.frame_origin).toBe('https://payapp.weixin.qq.com')
    expect(res.body.data.receipt).toEqual({ order_id: order.id, order_no: order.order_no, shop_name: '川味小馆', amount: order.pay_amount, paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })
    const text = JSON.stringify(res.body)
    for (const personal of ['13700002801', 'nickname', 'phone', 'user_id', payment.transaction_id]) expect(text).not.toContain(personal)
    // Upper-case hex is the same code.
    expect((await receipt({ ...params, check_code: params.check_code.toUpperCase() })).body.code).toBe(1)
  })

  it('a wrong check_code, another sub-merchant, another trade, an unpaid one and bad input: one refusal, never a 5xx', async () => {
    const { order } = await paidBill('13700002802')
    const { params } = await linkOf(order.id)
    const flipped = `${params.check_code.slice(0, -1)}${params.check_code.endsWith('0') ? '1' : '0'}`
    const other = await paidBill('13700002803')
    const otherTrade = (await linkOf(other.order.id)).params.out_trade_no
    const me = await s.login('13700002804')
    const unpaid = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 500, client_request_id: `receipt-${n++}` }, me.token)).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: unpaid.id, platform: 'h5', pay_channel: 6 }, me.token)
    const unpaidTrade = (await s.row<{ trade_no: string }>('SELECT trade_no FROM payments WHERE order_id = ?', unpaid.id)).trade_no
    const cases: Array<Record<string, string>> = [
      { ...params, check_code: flipped },
      { ...params, sub_mch_id: '1900000110' },
      { ...params, out_trade_no: otherTrade },
      { ...params, out_trade_no: unpaidTrade },
    ]
    for (const q of cases) {
      const res = await receipt(q)
      // Only where WeChat's frame is (the error page tells it): nothing of the order.
      expect({ status: res.status, code: res.body.code, reason: (res.body as { reason?: string }).reason, data: res.body.data }).toEqual({ status: 200, code: 0, reason: 'receipt_check_failed', data: { frame_origin: 'https://payapp.weixin.qq.com' } })
    }
    // Malformed: refused by the contract, with the same reason.
    for (const q of [{ ...params, check_code: 'not-md5' }, { ...params, out_trade_no: "x' OR 1=1 --" }]) {
      const res = await receipt(q)
      expect({ status: res.status, code: res.body.code, reason: (res.body as { reason?: string }).reason }).toEqual({ status: 200, code: 0, reason: 'receipt_check_failed' })
    }
    const missing = await receipt({ sub_mch_id: params.sub_mch_id, out_trade_no: params.out_trade_no })
    expect(missing.status).toBe(200)
    expect(missing.body.code).toBe(0)
  })

  it('outside the sandbox with no receipt link configured: refused as not set up', async () => {
    const prod = await startServer({ sandbox: false })
    try {
      const res = await prod.call('GET', 'hui_public.order/receipt', { sub_mch_id: '1900000109', out_trade_no: 'T1', check_code: '0'.repeat(32) })
      expect(res.body).toMatchObject({ code: 0, reason: 'receipt_unavailable' })
    } finally {
      await prod.close()
    }
  })
})

describe("the page's frame rule", () => {
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1].trim()

  it("only the receipt page opened with WeChat Pay's parameters may be framed, by WeChat Pay's origin alone; every other page by nobody", async () => {
    const { order } = await paidBill('13700002805')
    const { params } = await linkOf(order.id)
    const query = new URLSearchParams(params).toString()
    const framed = await s.app.inject({ method: 'GET', url: `/pages/orders/orderInfo?${query}` })
    expect(framed.statusCode).toBe(200)
    expect(frameAncestors(framed.headers['content-security-policy'])).toBe('https://payapp.weixin.qq.com')
    expect(framed.headers['x-frame-options']).toBeUndefined()
    // The rest of the policy is the pages' own (nonces, no inline script without one).
    expect(String(framed.headers['content-security-policy'])).toMatch(/script-src 'self' https:\/\/res\.wx\.qq\.com 'nonce-/)

    for (const url of [`/pages/orders/orderInfo?id=${order.id}`, '/pages/orders/orderInfo', '/pages/index/index', `/pages/orders/detail?${query}`, `/pages/orders/orderInfoX?${query}`, '/sandbox/cashier?trade_no=none']) {
      const res = await s.app.inject({ method: 'GET', url })
      expect({ url, frame: frameAncestors(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] }).toEqual({ url, frame: "'none'", xfo: 'DENY' })
    }
    // An /api answer keeps its own.
    const api = await s.app.inject({ method: 'GET', url: `/api/hui_public.order/receipt?${query}` })
    expect(frameAncestors(api.headers['content-security-policy'])).toBe("'none'")
  })

  it("the page is framed exactly when the app draws the receipt (the contract's receiptParamsOf): three parameters, none empty or twice, and no id", async () => {
    const { order } = await paidBill('13700002806')
    const { params } = await linkOf(order.id)
    const query = new URLSearchParams(params).toString()
    const noCheck = `sub_mch_id=${params.sub_mch_id}&out_trade_no=${params.out_trade_no}`
    const cases: Array<[string, boolean]> = [
      [query, true],
      // Issue 43's repro: the app's own link with an empty check_code was framed.
      [`id=${order.id}&check_code=`, false],
      [`${noCheck}&check_code=`, false],
      [`id=${order.id}&${query}`, false],
      [`${query}&id=`, false],
      [`${query}&id`, false],
      [noCheck, false],
      [`${query}&check_code=${params.check_code}`, false],
      [`check_code=${params.check_code}`, false],
    ]
    for (const [search, receipt] of cases) {
      // The app's rule on the query its router reads, and the server's answer to the same URL.
      expect({ search, receipt: receiptParamsOf(pageQueryOf(search)) !== null }).toEqual({ search, receipt })
      const res = await s.app.inject({ method: 'GET', url: `/pages/orders/orderInfo?${search}` })
      expect({ search, frame: frameAncestors(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] }).toEqual(
        receipt ? { search, frame: 'https://payapp.weixin.qq.com', xfo: undefined } : { search, frame: "'none'", xfo: 'DENY' },
      )
    }
  })

  it('GOLDPLAN_FRAME_ORIGIN names the one origin (a stand-in of WeChat Pay for the sandbox browser test)', async () => {
    const other = await startServer({ staticDir: dir, goldplan: { frameOrigin: 'http://127.0.0.1:4567', receiptUrl: null, subMchId: null } })
    try {
      const res = await other.app.inject({ method: 'GET', url: '/pages/orders/orderInfo?sub_mch_id=1&out_trade_no=T&check_code=00' })
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('http://127.0.0.1:4567')
    } finally {
      await other.close()
    }
  })
})
