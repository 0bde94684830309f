/**
 * Alipay end to end through the server (issue 40; with PAYMENTS' routing): payparam in a plain browser with Alipay
 * picked answers the WAP page URL, the shopper pays at the double's cashier, Alipay's notification pays the order; in
 * Alipay's browser payparam creates the trade for the buyer and answers Alipay's trade_no; the store approves a refund,
 * which Alipay answers at once (the outbox), and the order is refunded without a notification.
 */
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { ORDER_STATUS } from '../../src/contract/constants'
import { readAlipayConfig, type AlipayConfig } from '../../server/providers/alipay/config'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { staffPhone } from '../../server/demo/seed'
import { startAlipayDouble, type AlipayDouble } from '../doubles/alipay'
import { startServer, type TestServer } from './helpers'

const PUBLIC_URL = 'https://shop.example.com'

let double: AlipayDouble
let s: TestServer
let address: string
let shopper: { token: string }
describe('Alipay through payparam', () => {
  beforeAll(async () => {
    double = await startAlipayDouble()
    s = await startServer({ alipay: readAlipayConfig(double.env(PUBLIC_URL)) as AlipayConfig })
    address = await s.app.listen({ port: 0, host: '127.0.0.1' })
    shopper = await s.login('13700004101')
  })
  afterAll(async () => {
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
    await s.close()
    await double.close()
  })

  let n = 0
  const bill = async (amount: number) => (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount, client_request_id: `req-alipay-${n++}` }, shopper.token)).body.data.order_info.id
  const statusOf = async (id: number) => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper.token)).body.data.info.order_status

  it('a plain browser with Alipay picked: the WAP page, paid at Alipay, the notification pays the order once', async () => {
    const id = await bill(6600)
    const answer = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' }, shopper.token)
    expect(answer.body.code).toBe(1)
    const payUrl = answer.body.data.pay_param.pay_url as string
    expect(payUrl.startsWith(double.gateway)).toBe(true)
    const page = await double.open(payUrl)
    const stored = await s.row<{ amount: number; trade_no: string }>('SELECT amount, trade_no FROM payments WHERE order_id = ?', id)
    expect(page.trade).toMatchObject({ out_trade_no: stored.trade_no, amount: stored.amount, status: 'WAIT_BUYER_PAY' })
    const tradeNo = page.trade?.out_trade_no as string
    expect(await double.pay(tradeNo, { notifyTo: `${address}/notify/alipay` })).toBe('success')
    expect(await statusOf(id)).toBe(ORDER_STATUS.PAID)
    expect(await double.send(`${address}/notify/alipay`, double.notification(tradeNo))).toEqual({ status: 200, text: 'success' })
    expect(await s.rows("SELECT status FROM payments WHERE order_id = ?", id)).toEqual([{ status: 'paid' }])
  })

  it("Alipay's browser: payparam creates the trade for the buyer and answers Alipay's trade_no; without the buyer, alipay_auth_required", async () => {
    const id = await bill(3300)
    expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, alipay: true }, shopper.token)).body).toMatchObject({ code: 0, reason: 'alipay_auth_required' })
    const answer = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, alipay: true, alipay_open_id: 'buyer-open-id-7' }, shopper.token)
    const trade = [...double.trades.values()].find((t) => t.buyer_open_id === 'buyer-open-id-7')
    expect(trade).toMatchObject({ amount: (await s.row<{ amount: number }>('SELECT amount FROM payments WHERE order_id = ?', id)).amount, product_code: 'JSAPI_PAY' })
    expect(answer.body.data.pay_param.tradeNO).toBe(trade?.trade_no)
    expect(await double.pay(trade?.out_trade_no as string, { notifyTo: `${address}/notify/alipay` })).toBe('success')
    expect(await statusOf(id)).toBe(ORDER_STATUS.PAID)
  })

  it('a refund the store approves: Alipay answers at once, the order is refunded with no notification', async () => {
    const id = await bill(5000)
    const answer = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' }, shopper.token)
    const page = await double.open(answer.body.data.pay_param.pay_url as string)
    const tradeNo = page.trade?.out_trade_no as string
    await double.pay(tradeNo, { notifyTo: `${address}/notify/alipay` })
    expect((await s.call('POST', 'personal.order/refund', { id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    const staff = await s.login(staffPhone(1))
    const approved = await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id }, staff.token)
    expect(approved.body.code).toBe(1)
    for (let i = 0; i < 50 && (await statusOf(id)) !== ORDER_STATUS.REFUNDED; i++) await new Promise((r) => setImmediate(r))
    expect(await statusOf(id)).toBe(ORDER_STATUS.REFUNDED)
    expect(double.trades.get(tradeNo)).toMatchObject({ refunded: double.trades.get(tradeNo)?.amount, status: 'TRADE_CLOSED' })
    // The shopper reads where the money went back: Alipay, the way they paid.
    const info = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper.token)).body.data.info
    expect(info.refund).toMatchObject({ state: 'refunded', to: 'alipay' })
  })
})
