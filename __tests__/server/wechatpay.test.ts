/**
 * WeChat Pay API v3 (issue 40, server/providers/wechatpay) against its double (__tests__/doubles/wechatpay.ts: WeChat Pay's
 * published protocol, real keys made per run): signed requests, verified answers, JSAPI (mini-program and official
 * account), H5, Native, query, close, refund, notifications in both of WeChat Pay's signature modes, direct and
 * service-provider mode — and what must be refused: a wrong signature, a signature probe, a stale or tampered
 * notification, another amount, merchant or app; a provider that times out, answers 5xx or signs its answer wrongly.
 */
import crypto from 'node:crypto'
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { ORDER_STATUS } from '../../src/contract/constants'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { runDueCalls } from '../../server/domain/pay/outbox'
import { approveRefund } from '../../server/domain/store/store'
import { readWechatPayConfig } from '../../server/providers/wechatpay/config'
import { createWechatPay } from '../../server/providers/wechatpay/wechatpay'
import { startWechatPayDouble, type SentNotification, type WechatPayDouble } from '../doubles/wechatpay'
import { selfSignedCertificate } from '../doubles/x509'
import { startServer, type TestServer } from './helpers'

let wx: WechatPayDouble
let s: TestServer | null = null
let shopper: { token: string; userId: number }
let n = 0

beforeAll(async () => {
  wx = await startWechatPayDouble()
})
afterAll(async () => {
  await wx.close()
})
afterEach(async () => {
  wx.fault = null
  wx.signWith = 'public_key'
  await s?.close()
  s = null
})

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
const DESKTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'

/** A test server whose WeChat Pay is pointed at the double (the sandbox pays the rest), and a shopper with a mini-program openid. */
async function serve(env: Record<string, string> = wx.env()): Promise<TestServer> {
  const cfg = readWechatPayConfig(env)
  if (!cfg) throw new Error('not configured')
  s = await startServer({ payments: { wechatpay: createWechatPay(cfg) } })
  shopper = await s.login(`137000043${String(n++ % 100).padStart(2, '0')}`)
  await s.run('UPDATE users SET wx_openid = ? WHERE id = ?', `o-mp-${shopper.userId}`, shopper.userId)
  return s
}
const server = (): TestServer => s as TestServer

const create = async (shopId = 1, amount = 8800): Promise<OrderInfo> => {
  const res = await server().call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `wxpay-${n++}-${Date.now()}`, kind: 'bill', shop_id: shopId, amount }, shopper.token)
  expect(res.body).toMatchObject({ code: 1 })
  return res.body.data.order_info
}
async function payparam(payload: Record<string, unknown>, ua = PHONE_UA): Promise<{ code: number; reason?: string; data: PayparamAnswer }> {
  const res = await server().app.inject({ method: 'POST', url: '/api/personal.order/payparam', headers: { 'access-token': shopper.token, 'user-agent': ua }, remoteAddress: '198.51.100.23', payload })
  return res.json()
}
const tradeOf = async (orderId: number) => (await server().row<{ trade_no: string }>("SELECT trade_no FROM payments WHERE order_id = ? AND provider = 'wechatpay' ORDER BY id DESC LIMIT 1", orderId)).trade_no
/** WeChat Pay's notification, as it arrives at the server. */
const deliver = (path: 'pay' | 'refund', sent: SentNotification) =>
  server().app.inject({ method: 'POST', url: `/notify/wechatpay/${path}`, headers: { 'content-type': 'application/json', ...sent.headers }, payload: sent.body })
const statusOf = async (id: number) => (await server().row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status
async function paidByWeChat(): Promise<{ order: OrderInfo; trade: string }> {
  const order = await create()
  expect((await payparam({ id: order.id, platform: 'weapp' })).code).toBe(1)
  const trade = await tradeOf(order.id)
  expect((await deliver('pay', wx.pay(trade))).statusCode).toBe(204)
  return { order, trade }
}

describe('configuration (WXPAY_*)', () => {
  it('nothing set: not configured; a half configuration stops the start with the variable named', () => {
    expect(readWechatPayConfig({})).toBeNull()
    const env = wx.env()
    expect(readWechatPayConfig(env)).toMatchObject({ mchid: wx.mchid, serialNo: wx.merchantSerial, sp: null })
    const without = (name: string) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== name))
    expect(() => readWechatPayConfig(without('WXPAY_API_V3_KEY'))).toThrow(/^WXPAY_API_V3_KEY: must be 32 characters/)
    expect(() => readWechatPayConfig({ ...env, WXPAY_API_V3_KEY: 'short' })).toThrow(/^WXPAY_API_V3_KEY: must be 32 characters/)
    expect(() => readWechatPayConfig(without('WXPAY_MCH_ID'))).toThrow(/^WXPAY_MCH_ID: must be set/)
    expect(() => readWechatPayConfig(without('WXPAY_PRIVATE_KEY'))).toThrow(/^WXPAY_PRIVATE_KEY: must be set/)
    expect(() => readWechatPayConfig(without('WXPAY_PUBLIC_KEY'))).toThrow(/^WXPAY_PUBLIC_KEY: must be set/)
    expect(() => readWechatPayConfig(without('WXPAY_PUBLIC_KEY_ID'))).toThrow(/^WXPAY_PUBLIC_KEY_ID: must be set/)
    expect(() => readWechatPayConfig({ ...env, PUBLIC_URL: 'http://pay.example.com' })).toThrow(/^PUBLIC_URL: /)
    expect(() => readWechatPayConfig({ ...env, WXPAY_SP_MODE: '1' })).toThrow(/^WXPAY_SUB_MCH_ID: must be set in service-provider mode/)
    expect(() => readWechatPayConfig({ ...env, WXPAY_PRIVATE_KEY: 'not a key' })).toThrow(/^WXPAY_PRIVATE_KEY: not a PEM private key/)
  })

  it("a private key that does not match the merchant's certificate stops the start, naming WXPAY_PRIVATE_KEY; the merchant's own certificate as WeChat Pay's is refused", () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const env = wx.env()
    expect(() => readWechatPayConfig({ ...env, WXPAY_PRIVATE_KEY: other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string })).toThrow(/^WXPAY_PRIVATE_KEY: does not match the merchant certificate/)
    expect(() => readWechatPayConfig({ ...env, WXPAY_MCH_SERIAL_NO: 'ABCDEF0123456789' })).toThrow(/^WXPAY_MCH_SERIAL_NO: does not match/)
    expect(() => readWechatPayConfig({ ...env, WXPAY_PLATFORM_CERT: env.WXPAY_MCH_CERT })).toThrow(/^WXPAY_PLATFORM_CERT: holds the merchant's own certificate/)
    // A key from a file (…_FILE) is read like the variable.
    const cert = selfSignedCertificate(other, 'x')
    expect(() => readWechatPayConfig({ ...env, WXPAY_MCH_CERT: cert.pem })).toThrow(/^WXPAY_PRIVATE_KEY: does not match/)
    expect(() => readWechatPayConfig({ ...env, WXPAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem' })).toThrow(/^WXPAY_PRIVATE_KEY: set WXPAY_PRIVATE_KEY or WXPAY_PRIVATE_KEY_FILE, not both/)
    const { WXPAY_PRIVATE_KEY: _key, ...rest } = env
    expect(() => readWechatPayConfig({ ...rest, WXPAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem' })).toThrow(/^WXPAY_PRIVATE_KEY_FILE: cannot read/)
  })
})

describe('JSAPI', () => {
  it("the mini-program: a signed prepay with the shopper's openid; payInfo signType RSA, its paySign verifies with the merchant's public key; the notification pays the order once", async () => {
    await serve()
    const order = await create()
    const res = await payparam({ id: order.id, platform: 'weapp' })
    expect(res.code).toBe(1)
    const info = res.data.pay_param.payInfo
    expect(info).toMatchObject({ appId: wx.appIdMp, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) })
    expect(wx.verifyPaySign(info as NonNullable<typeof info>)).toBe(true)
    expect(wx.verifyPaySign({ ...(info as NonNullable<typeof info>), package: 'prepay_id=other' })).toBe(false)
    const trade = wx.trades.get(res.data.expend.pay_info)
    expect(trade).toMatchObject({ kind: 'jsapi', partner: false, appid: wx.appIdMp, mchid: wx.mchid, amount: order.pay_amount, payer: `o-mp-${shopper.userId}`, notify_url: 'https://pay.example.com/notify/wechatpay/pay' })
    expect(info?.package).toBe(`prepay_id=${trade?.prepay_id}`)
    expect(trade?.time_expire).toMatch(/\+08:00$/)
    expect(wx.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/jsapi', signed: true })

    const paid = wx.pay(res.data.expend.pay_info)
    const answer = await deliver('pay', paid)
    expect(answer.statusCode).toBe(204)
    expect(answer.body).toBe('')
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
    expect(await server().row('SELECT transaction_id FROM payments WHERE trade_no = ?', res.data.expend.pay_info)).toEqual({ transaction_id: wx.trades.get(res.data.expend.pay_info)?.transaction_id })
    // A duplicate (WeChat Pay sends again until answered) and a replay within the window: taken, nothing changes.
    expect((await deliver('pay', paid)).statusCode).toBe(204)
    expect((await deliver('pay', wx.paymentNotification(res.data.expend.pay_info))).statusCode).toBe(204)
    expect(await server().rows("SELECT status FROM payments WHERE order_id = ? AND status = 'paid'", order.id)).toHaveLength(1)
    expect(await server().rows('SELECT id FROM refunds WHERE order_id = ?', order.id)).toEqual([])
    expect(await paymentInvariantViolations(server().app.q)).toEqual([])
  })

  it("the official account (H5 in WeChat, channel 8): its app id, the openid the H5 app sent; with WeChat Pay's platform certificate", async () => {
    wx.signWith = 'platform'
    await serve(wx.env({ verify: 'platform' }))
    const order = await create()
    const res = await payparam({ id: order.id, platform: 'h5', pay_channel: 8, wx_gzh_openid: 'o-oa-43' }, 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50')
    expect(res.data.pay_param.payInfo).toMatchObject({ appId: wx.appIdOa, signType: 'RSA' })
    expect(wx.trades.get(res.data.expend.pay_info)).toMatchObject({ appid: wx.appIdOa, payer: 'o-oa-43' })
    expect((await deliver('pay', wx.pay(res.data.expend.pay_info))).statusCode).toBe(204)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
  })
})

describe('H5 and Native', () => {
  it("a phone's browser: the H5 payment with the shopper's address and h5_info.type, its page returning to the order; a desktop: the Native QR code", async () => {
    await serve()
    const order = await create()
    const h5 = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat', success_url: `/pages/payBill/success?id=${order.id}` })
    const trade = wx.trades.get(h5.data.expend.pay_info)
    expect(trade).toMatchObject({ kind: 'h5', payer_client_ip: '198.51.100.23', h5_type: 'Wap' })
    const url = new URL(h5.data.pay_param.pay_url as string)
    expect(url.origin).toBe('https://wx.tenpay.com')
    expect(url.searchParams.get('redirect_url')).toMatch(new RegExp(`^http://localhost(:\\d+)?/pages/payBill/success\\?id=${order.id}$`))

    const native = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' }, DESKTOP_UA)
    expect(native.data.pay_param).toMatchObject({ code_url: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/), pay_url: null })
    expect(wx.trades.get(native.data.expend.pay_info)).toMatchObject({ kind: 'native' })
  })

  it('the shopper comes back and no notification came: payResult asks WeChat Pay (a signed query) and pays the order', async () => {
    await serve()
    const order = await create()
    const h5 = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })
    // Paid at WeChat Pay; its notification is late.
    wx.pay(h5.data.expend.pay_info)
    const res = await server().call<{ info: OrderInfo }>('POST', 'personal.order/payResult', { id: order.id }, shopper.token)
    expect(res.body.data.info.order_status).toBe(ORDER_STATUS.PAID)
    expect(wx.requests.filter((r) => r.method === 'GET' && r.path === `/v3/pay/transactions/out-trade-no/${h5.data.expend.pay_info}`)).toEqual([expect.objectContaining({ signed: true })])
  })
})

describe('notifications WeChat Pay must not be believed for', () => {
  it('a signature probe, a stale timestamp, a tampered body, a wrong key, another amount, merchant or app: 4xx {"code":"FAIL"}, the order unpaid; then the real one pays', async () => {
    await serve()
    const order = await create()
    const res = await payparam({ id: order.id, platform: 'weapp' })
    const trade = res.data.expend.pay_info
    wx.trades.get(trade)!.transaction_id = '4200000000202612060000000043'
    const cases: Array<[string, SentNotification, number, string]> = [
      ['probe', wx.paymentNotification(trade, { trade_state: 'SUCCESS', probe: true }), 401, 'signature probe'],
      ['stale', wx.paymentNotification(trade, { trade_state: 'SUCCESS', timestampOffsetS: -360 }), 401, 'timestamp outside the 5-minute window'],
      ['future', wx.paymentNotification(trade, { trade_state: 'SUCCESS', timestampOffsetS: 360 }), 401, 'timestamp outside the 5-minute window'],
      ['tampered', wx.paymentNotification(trade, { trade_state: 'SUCCESS', tamper: true }), 401, 'signature does not verify'],
      ['wrong key', wx.paymentNotification(trade, { trade_state: 'SUCCESS', wrongKey: true }), 400, 'resource does not decrypt'],
      ['amount', wx.paymentNotification(trade, { trade_state: 'SUCCESS', amount: order.pay_amount - 1 }), 400, 'trade does not match'],
      ['merchant', wx.paymentNotification(trade, { trade_state: 'SUCCESS', mchid: '1900000001' }), 400, 'merchant does not match'],
      ['app', wx.paymentNotification(trade, { trade_state: 'SUCCESS', appid: 'wx0000000000000000' }), 400, 'app id does not match'],
    ]
    for (const [label, sent, status, message] of cases) {
      const answer = await deliver('pay', sent)
      expect([label, answer.statusCode, answer.json()]).toEqual([label, status, { code: 'FAIL', message }])
      expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    }
    // No signature at all.
    expect((await server().app.inject({ method: 'POST', url: '/notify/wechatpay/pay', headers: { 'content-type': 'application/json' }, payload: wx.pay(trade).body })).statusCode).toBe(401)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    expect((await deliver('pay', wx.pay(trade))).statusCode).toBe(204)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
  })

  it("both of WeChat Pay's modes: a server given both keys takes either signature; one given only the platform certificate refuses the public key's", async () => {
    await serve(wx.env({ verify: 'both' }))
    const a = await create()
    const b = await create()
    const ta = (await payparam({ id: a.id, platform: 'weapp' })).data.expend.pay_info
    const tb = (await payparam({ id: b.id, platform: 'weapp' })).data.expend.pay_info
    expect((await deliver('pay', wx.pay(ta, { signWith: 'platform' }))).statusCode).toBe(204)
    expect((await deliver('pay', wx.pay(tb, { signWith: 'public_key' }))).statusCode).toBe(204)
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual([ORDER_STATUS.PAID, ORDER_STATUS.PAID])
    await server().close()

    wx.signWith = 'platform'
    await serve(wx.env({ verify: 'platform' }))
    const c = await create()
    const tc = (await payparam({ id: c.id, platform: 'weapp' })).data.expend.pay_info
    const answer = await deliver('pay', wx.pay(tc, { signWith: 'public_key' }))
    expect([answer.statusCode, answer.json()]).toEqual([401, { code: 'FAIL', message: 'unknown Wechatpay-Serial' }])
    expect(await statusOf(c.id)).toBe(ORDER_STATUS.UNPAID)
  })
})

describe('when WeChat Pay fails', () => {
  it('times out, answers 5xx or 429, or signs its answer wrongly: payparam answers payment_provider_failed, nothing is paid; the next ask pays', async () => {
    await serve()
    const order = await create()
    for (const kind of ['timeout', '5xx', '429', 'bad_signature'] as const) {
      wx.fault = { kind, times: 1 }
      expect([kind, await payparam({ id: order.id, platform: 'weapp' })]).toEqual([kind, expect.objectContaining({ code: 0, reason: 'payment_provider_failed' })])
    }
    const ok = await payparam({ id: order.id, platform: 'weapp' })
    expect(ok.code).toBe(1)
    expect(wx.verifyPaySign(ok.data.pay_param.payInfo as NonNullable<PayparamAnswer['pay_param']['payInfo']>)).toBe(true)
  })

  it("a request signed with another key is refused by WeChat Pay (401 SIGN_ERROR): nothing is opened", async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const { WXPAY_MCH_CERT: _cert, ...env } = wx.env()
    await serve({ ...env, WXPAY_PRIVATE_KEY: other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string })
    const order = await create()
    expect(await payparam({ id: order.id, platform: 'weapp' })).toMatchObject({ code: 0, reason: 'payment_provider_failed' })
    expect(wx.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/jsapi', signed: false })
  })

  it('closing at a cancel: a 5xx keeps the order unpaid (the outbox tries again and then cancels); a trade paid meanwhile stops the cancel and its notification pays it', async () => {
    await serve()
    const order = await create()
    const trade = (await payparam({ id: order.id, platform: 'weapp' })).data.expend.pay_info
    wx.fault = { kind: '5xx', times: 1, path: /close$/ }
    expect((await server().call('POST', 'personal.order/cancel', { id: order.id }, shopper.token)).body).toMatchObject({ code: 0, reason: 'payment_processing' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    const due = (await server().row<{ next_attempt_at: number }>("SELECT next_attempt_at FROM provider_calls WHERE ref_no = ? AND kind = 'close_trade'", trade)).next_attempt_at
    await runDueCalls(server().app.q, server().app.payProviders, due)
    expect(wx.trades.get(trade)?.state).toBe('CLOSED')
    expect((await server().call('POST', 'personal.order/cancel', { id: order.id }, shopper.token)).body.code).toBe(1)

    const second = await create()
    const paidTrade = (await payparam({ id: second.id, platform: 'weapp' })).data.expend.pay_info
    const late = wx.pay(paidTrade)
    expect((await server().call('POST', 'personal.order/cancel', { id: second.id }, shopper.token)).body).toMatchObject({ code: 0, reason: 'payment_processing' })
    expect((await deliver('pay', late)).statusCode).toBe(204)
    expect(await statusOf(second.id)).toBe(ORDER_STATUS.PAID)
    expect(await paymentInvariantViolations(server().app.q)).toEqual([])
  })
})

describe('refunds', () => {
  it("an approved refund is asked of WeChat Pay after the commit (PROCESSING: money on its way) and ends by WeChat Pay's refund notification; a repeat or another amount changes nothing", async () => {
    await serve()
    const { order, trade } = await paidByWeChat()
    expect((await server().call('POST', 'personal.order/refund', { id: order.id, reason: '点错了' }, shopper.token)).body.code).toBe(1)
    await approveRefund(server().app.q, server().app.payProviders, order.id, null)
    const [refund] = [...wx.refunds.values()].filter((r) => r.out_trade_no === trade)
    expect(refund).toMatchObject({ refund: order.pay_amount, total: order.pay_amount, status: 'PROCESSING', notify_url: 'https://pay.example.com/notify/wechatpay/refund' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.REFUNDING)

    const wrong = await deliver('refund', wx.finishRefund(refund.out_refund_no, { amount: order.pay_amount - 1 }))
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { code: 'FAIL', message: 'refund does not match' }])
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.REFUNDING)
    const probe = await deliver('refund', wx.finishRefund(refund.out_refund_no, { probe: true }))
    expect(probe.statusCode).toBe(401)
    const done = wx.finishRefund(refund.out_refund_no)
    expect((await deliver('refund', done)).statusCode).toBe(204)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.REFUNDED)
    expect((await deliver('refund', done)).statusCode).toBe(204)
    expect(await server().rows('SELECT status FROM refunds WHERE order_id = ?', order.id)).toEqual([{ status: 'succeeded' }])
    expect(await paymentInvariantViolations(server().app.q)).toEqual([])
  })
})

describe("service-provider mode (WXPAY_SP_MODE=1)", () => {
  it("partner endpoints with sp_mchid and the shop's sub_mchid; the payer's sp_openid; ids compared per mode; the refund names the sub-merchant; the receipt finds the sub-merchant by the trade's shop", async () => {
    await serve(wx.env({ sp: true }))
    await server().run('UPDATE shops SET wxpay_sub_mchid = ? WHERE id = 1', '1900009301')
    const order = await create(1)
    const res = await payparam({ id: order.id, platform: 'weapp' })
    expect(res.code).toBe(1)
    const trade = res.data.expend.pay_info
    expect(wx.requests.at(-1)).toMatchObject({ path: '/v3/pay/partner/transactions/jsapi', signed: true, body: expect.objectContaining({ sp_mchid: wx.mchid, sub_mchid: '1900009301', sp_appid: wx.appIdMp, payer: { sp_openid: `o-mp-${shopper.userId}` } }) })
    expect(wx.verifyPaySign(res.data.pay_param.payInfo as NonNullable<PayparamAnswer['pay_param']['payInfo']>)).toBe(true)

    // Another sub-merchant, or another service provider: refused.
    expect((await deliver('pay', wx.paymentNotification(trade, { trade_state: 'SUCCESS', sub_mchid: '1900009302' }))).statusCode).toBe(400)
    expect((await deliver('pay', wx.paymentNotification(trade, { trade_state: 'SUCCESS', mchid: '1900000001' }))).json()).toEqual({ code: 'FAIL', message: 'merchant does not match' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    expect((await deliver('pay', wx.pay(trade))).statusCode).toBe(204)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)

    // The receipt link WeChat Pay opens names the shop's sub-merchant (not the one configured number).
    const link = await server().call<{ url: string }>('GET', 'sandbox/receiptLink', { order_id: order.id })
    const params = Object.fromEntries(new URL(link.body.data.url).searchParams) as Record<string, string>
    expect(params.sub_mch_id).toBe('1900009301')
    expect((await server().call('GET', 'hui_public.order/receipt', params)).body.code).toBe(1)
    expect((await server().call('GET', 'hui_public.order/receipt', { ...params, sub_mch_id: '1900000109' })).body).toMatchObject({ code: 0, reason: 'receipt_check_failed' })

    // A card is the platform's own sale: the configured sub-merchant.
    const card = await server().call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `wxpay-card-${n++}`, kind: 'card', card_id: 1 }, shopper.token)
    const cardPay = await payparam({ id: card.body.data.order_info.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })
    expect(wx.trades.get(cardPay.data.expend.pay_info)).toMatchObject({ partner: true, sub_mchid: wx.subMchid, appid: wx.spAppId })

    expect((await server().call('POST', 'personal.order/refund', { id: order.id, reason: '点错了' }, shopper.token)).body.code).toBe(1)
    await approveRefund(server().app.q, server().app.payProviders, order.id, null)
    const refund = [...wx.refunds.values()].find((r) => r.out_trade_no === trade)
    expect(refund).toMatchObject({ sub_mchid: '1900009301', status: 'PROCESSING' })
    expect((await deliver('refund', wx.finishRefund(refund!.out_refund_no, { sub_mchid: '1900009302' }))).statusCode).toBe(400)
    expect((await deliver('refund', wx.finishRefund(refund!.out_refund_no))).statusCode).toBe(204)
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.REFUNDED)
  })
})
