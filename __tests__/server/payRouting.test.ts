/**
 * payparam routed to a provider and a method (issue 40, server/domain/pay/pay.ts preparePayment): the trade opened in its
 * transaction, the provider asked after the commit, its answer kept and given again while valid; the provider's
 * notifications, normalized, compared with the stored trade before anything is paid; a refund its provider settles in
 * its answer (Alipay's) refunds the order at once. The providers here are doubles of the seam that count what they are
 * asked (countingProvider.ts); WeChat Pay's own protocol is tested against its double in wechatpay.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { ORDER_STATUS } from '../../src/contract/constants'
import { notify, paymentInvariantViolations } from '../../server/domain/pay/pay'
import { approveRefund } from '../../server/domain/store/store'
import { openDatabase } from '../../server/storage/db'
import { openAtVersion, versionBefore } from './oldDatabase'
import { countingProvider, type CountingProvider } from './countingProvider'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let wechat: CountingProvider
let alipay: CountingProvider
let shopper: { token: string; userId: number }
let n = 0

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'

async function start(opts: { alipay?: boolean } = {}): Promise<void> {
  const inTransaction = () => s.app.storage.inTransaction()
  wechat = countingProvider('wechatpay', inTransaction)
  alipay = countingProvider('alipay', inTransaction)
  s = await startServer({ payments: { wechatpay: wechat, alipay: opts.alipay ? alipay : null } })
  shopper = await s.login('13700000040')
}
afterEach(async () => {
  await s.close()
})

const create = async (shopId = 1, amount = 5000): Promise<OrderInfo> => {
  const res = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `routing-${n++}`, kind: 'bill', shop_id: shopId, amount }, shopper.token)
  expect(res.body).toMatchObject({ code: 1 })
  return res.body.data.order_info
}
/** payparam as a browser sends it: its user agent and address (Fastify's req.ip). */
const payparam = async (payload: Record<string, unknown>, ua = PHONE_UA) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/personal.order/payparam', headers: { 'access-token': shopper.token, 'user-agent': ua }, remoteAddress: '203.0.113.7', payload })
  return res.json() as { code: number; reason?: string; data: PayparamAnswer }
}
const trades = (orderId: number) => s.rows<{ trade_no: string; provider: string; method: string; status: string; sub_mchid: string | null }>('SELECT trade_no, provider, method, status, sub_mchid FROM payments WHERE order_id = ? ORDER BY id', orderId)
const statusOf = async (id: number) => (await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status

describe('payparam: which provider and method', () => {
  beforeEach(() => start())

  it("the mini-program pays by WeChat Pay's JSAPI with the shopper's mini-program openid; asked after the trade's transaction; asked again, the kept answer is given", async () => {
    const order = await create()
    // Without an openid (never logged in through WeChat) the real provider cannot be asked: the shopper is sent to authorise.
    expect(await payparam({ id: order.id, platform: 'weapp' })).toMatchObject({ code: 0, reason: 'wechat_auth_required' })
    expect(wechat.seen).toEqual([])
    await s.run('UPDATE users SET wx_openid = ? WHERE id = ?', 'o-mini-40', shopper.userId)

    const first = await payparam({ id: order.id, platform: 'weapp' })
    expect(first.code).toBe(1)
    expect(first.data.pay_param.payInfo).toMatchObject({ appId: 'wx-double', signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
    expect(wechat.prepared).toEqual([
      expect.objectContaining({ method: 'wechat_jsapi', app_kind: 'miniprogram', payer_id: 'o-mini-40', amount: order.pay_amount, client_ip: '203.0.113.7', trade_no: first.data.expend.pay_info }),
    ])
    expect(wechat.seen.map((c) => c.inTransaction)).toEqual([false])
    expect(await trades(order.id)).toEqual([expect.objectContaining({ provider: 'wechatpay', method: 'wechat_jsapi', status: 'pending' })])

    const again = await payparam({ id: order.id, platform: 'weapp' })
    expect(again.data).toEqual(first.data)
    expect(wechat.seen).toHaveLength(1)
  })

  it('H5 in a plain browser: WeChat Pay picked on a phone is its H5 payment (the shopper\'s address given), on a desktop its Native QR code; Alipay picked with no Alipay configured is the sandbox\'s cashier', async () => {
    const order = await create()
    const phone = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' }, PHONE_UA)
    expect(phone.data.pay_param).toMatchObject({ pay_url: expect.stringMatching(/^https:\/\/wx\.example\/h5/), payInfo: null, code_url: null })
    expect(wechat.prepared[0]).toMatchObject({ method: 'wechat_h5', client_ip: '203.0.113.7', return_url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/pages\/orders\/detail\?id=/) })

    const desktop = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' }, DESKTOP_UA)
    expect(desktop.data.pay_param).toMatchObject({ code_url: expect.stringMatching(/^weixin:\/\/wxpay\//), pay_url: null })
    expect(wechat.prepared[1]).toMatchObject({ method: 'wechat_native' })

    const ali = await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' })
    expect(ali.data.pay_param.pay_url).toBe(`/sandbox/cashier?trade_no=${ali.data.expend.pay_info}`)
    // One open trade per way of paying.
    expect((await trades(order.id)).map((t) => `${t.provider}/${t.method}`)).toEqual(['wechatpay/wechat_h5', 'wechatpay/wechat_native', 'sandbox/alipay_wap'])
  })

  it('a plain browser that picked nothing: with WeChat Pay alone configured, WeChat Pay', async () => {
    const order = await create()
    const res = await payparam({ id: order.id, platform: 'h5', pay_channel: 6 })
    expect(res.data.pay_param.pay_url).toMatch(/^https:\/\/wx\.example\/h5/)
    expect(wechat.prepared[0]).toMatchObject({ method: 'wechat_h5' })
  })

  it('a provider that cannot be reached: payparam answers payment_provider_failed and nothing is paid; asked again, it pays', async () => {
    const order = await create()
    wechat.next.fail = new Error('connect ETIMEDOUT')
    expect(await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })).toMatchObject({ code: 0, reason: 'payment_provider_failed' })
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    wechat.next.fail = null
    expect((await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })).data.pay_param.pay_url).toMatch(/^https:\/\/wx\.example/)
  })

  it("service-provider mode: the trade is opened for the shop's sub-merchant", async () => {
    await s.run('UPDATE shops SET wxpay_sub_mchid = ? WHERE id = 1', '1900000109')
    const order = await create(1)
    await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })
    expect(wechat.prepared[0]).toMatchObject({ sub_mchid: '1900000109' })
    expect(await trades(order.id)).toEqual([expect.objectContaining({ sub_mchid: '1900000109' })])
  })
})

describe('a plain browser that picked nothing', () => {
  it('with WeChat Pay and Alipay configured: asked to pick (pay_method_required, with the methods), nothing opened; with neither, the sandbox cashier as before', async () => {
    await start({ alipay: true })
    const order = await create()
    expect(await payparam({ id: order.id, platform: 'h5', pay_channel: 6 })).toMatchObject({ code: 0, reason: 'pay_method_required', data: { methods: ['wechat', 'alipay'] } })
    expect(await trades(order.id)).toEqual([])
    expect([...wechat.seen, ...alipay.seen]).toEqual([])
    await s.close()

    s = await startServer()
    shopper = await s.login('13700000040')
    const again = await create()
    const res = await payparam({ id: again.id, platform: 'h5', pay_channel: 6 })
    expect(res.data.pay_param.pay_url).toBe(`/sandbox/cashier?trade_no=${res.data.expend.pay_info}`)
  })
})

describe("a provider's notification, compared with the stored trade", () => {
  beforeEach(() => start({ alipay: true }))

  it("another provider's, another amount or another sub-merchant is refused; the right one pays once; a repeat changes nothing", async () => {
    await s.run('UPDATE shops SET wxpay_sub_mchid = ? WHERE id = 1', '1900000109')
    const order = await create(1)
    const tradeNo = (await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })).data.expend.pay_info
    const paid = { provider: 'wechatpay' as const, trade_no: tradeNo, result: 'success' as const, amount: order.pay_amount, transaction_id: '4200000000000000000000000040', sub_mchid: '1900000109' }
    expect((await notify(s.app.q, s.app.payProviders, { ...paid, provider: 'alipay' })).outcome).toBe('rejected')
    expect((await notify(s.app.q, s.app.payProviders, { ...paid, provider: 'sandbox' })).outcome).toBe('rejected')
    expect((await notify(s.app.q, s.app.payProviders, { ...paid, amount: order.pay_amount - 1 })).outcome).toBe('rejected')
    expect((await notify(s.app.q, s.app.payProviders, { ...paid, sub_mchid: '1900000110' })).outcome).toBe('rejected')
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.UNPAID)
    expect((await notify(s.app.q, s.app.payProviders, paid)).outcome).toBe('paid')
    expect((await notify(s.app.q, s.app.payProviders, paid)).outcome).toBe('repeat')
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.PAID)
    expect(await s.row('SELECT transaction_id FROM payments WHERE trade_no = ?', tradeNo)).toEqual({ transaction_id: paid.transaction_id })
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it("Alipay's refund, settled in its answer, refunds the order at once (no notification comes); its trade is refunded where it was paid", async () => {
    const order = await create()
    const tradeNo = (await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' })).data.expend.pay_info
    expect(alipay.prepared[0]).toMatchObject({ method: 'alipay_wap', trade_no: tradeNo })
    expect((await notify(s.app.q, s.app.payProviders, { provider: 'alipay', trade_no: tradeNo, result: 'success', amount: order.pay_amount, transaction_id: '2026120622001' })).outcome).toBe('paid')
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    alipay.next.refund = { state: 'succeeded' }
    await approveRefund(s.app.q, s.app.payProviders, order.id, null)
    expect(alipay.seen.filter((c) => c.op === 'refund')).toEqual([
      expect.objectContaining({ inTransaction: false, arg: expect.objectContaining({ trade_no: tradeNo, amount: order.pay_amount, total: order.pay_amount }) }),
    ])
    expect(wechat.seen.filter((c) => c.op === 'refund')).toEqual([])
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.REFUNDED)
    expect(await s.rows('SELECT status FROM refunds WHERE order_id = ?', order.id)).toEqual([{ status: 'succeeded' }])
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it("a cancel closes the trade at its own provider (WeChat Pay's, not the sandbox)", async () => {
    const order = await create()
    const tradeNo = (await payparam({ id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' })).data.expend.pay_info
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, shopper.token)).body.code).toBe(1)
    expect(wechat.seen.filter((c) => c.op === 'close')).toEqual([expect.objectContaining({ trade_no: tradeNo, inTransaction: false })])
    expect(s.app.payProvider.calls.filter((c) => c.kind === 'close')).toEqual([])
  })
})

describe('the migration (a database of the version before)', () => {
  it("old trades are the sandbox's: channel 8's its JSAPI stand-in, the others its cashier; shops have no sub-merchant yet", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-providers-'))
    const file = path.join(dir, 'old.sqlite')
    const old = openAtVersion(file, versionBefore('ALTER TABLE payments ADD COLUMN provider'))
    old.pragma('foreign_keys = OFF')
    old.exec("INSERT INTO payments (order_id, trade_no, channel, amount, status) VALUES (1, 'T-old-8', 8, 100, 'paid'), (1, 'T-old-6', 6, 100, 'closed')")
    old.close()
    const db = openDatabase(file)
    try {
      expect(db.prepare('SELECT trade_no, provider, method, prepared, prepared_until, sub_mchid FROM payments ORDER BY trade_no').all()).toEqual([
        { trade_no: 'T-old-6', provider: 'sandbox', method: 'sandbox', prepared: null, prepared_until: null, sub_mchid: null },
        { trade_no: 'T-old-8', provider: 'sandbox', method: 'wechat_jsapi', prepared: null, prepared_until: null, sub_mchid: null },
      ])
      expect(db.prepare("SELECT name FROM pragma_table_info('shops') WHERE name = 'wxpay_sub_mchid'").all()).toHaveLength(1)
    } finally {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
