/**
 * No provider call runs in a shopper's read (issue 40): housekeeping — an unpaid order's expiry, closing its trades at the
 * provider — is the sweep's; a read answers from what is stored (an unpaid order past its time reads as cancelled, with
 * nothing to pay). And personal.order/payResult: after a payment outside the app, the server asks the provider about
 * the order's open trade when no notification came, and settles it as the notification would.
 */
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { METHODS } from '../../server/http/envelope'
import { ORDER_STATUS } from '../../src/contract/constants'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { nowMs } from '../../server/time'
import { countingProvider, type CountingProvider } from './countingProvider'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let wechat: CountingProvider
let shopper: { token: string; userId: number }
let n = 0

beforeEach(async () => {
  wechat = countingProvider('wechatpay', () => s.app.storage.inTransaction())
  s = await startServer({ payments: { wechatpay: wechat } })
  shopper = await s.login('13700000041')
})
afterEach(async () => {
  await s.close()
})

const create = async (amount = 5000): Promise<OrderInfo> => {
  const res = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `reads-${n++}-${Date.now()}`, kind: 'bill', shop_id: 1, amount }, shopper.token)
  expect(res.body).toMatchObject({ code: 1 })
  return res.body.data.order_info
}
/** payparam from a phone's browser that picked WeChat Pay: a trade opened at the provider. */
const payWithWeChat = async (id: number): Promise<string> => {
  const res = await s.app.inject({ method: 'POST', url: '/api/personal.order/payparam', headers: { 'access-token': shopper.token, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' }, payload: { id, platform: 'h5', pay_channel: 6, pay_method: 'wechat' } })
  const body = res.json() as { code: number; data: PayparamAnswer }
  expect(body.code).toBe(1)
  return body.data.expend.pay_info
}
const payResult = (id: number) => s.call<{ info: OrderInfo }>('POST', 'personal.order/payResult', { id }, shopper.token)
const stored = async (id: number) => (await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status
const asked = (op: string) => wechat.seen.filter((c) => c.op === op)

describe("a shopper's reads", () => {
  it('call no provider, whatever is past due: every GET of the API as a shopper with an unpaid order past its time', async () => {
    const order = await create()
    const tradeNo = await payWithWeChat(order.id)
    expect(wechat.seen.map((c) => c.op)).toEqual(['prepare'])
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1000, order.id)

    const reads = (Object.keys(METHODS) as Array<keyof typeof METHODS>).filter((p) => METHODS[p] === 'GET')
    expect(reads).toEqual(expect.arrayContaining(['personal.order/read', 'personal.order/index', 'personal.takeout/read']))
    for (const path of reads) {
      await s.call('GET', path, { id: order.id }, shopper.token)
      for (const tab of ['all', 'unpaid']) if (path === 'personal.order/index') await s.call('GET', path, { tab }, shopper.token)
    }
    expect(wechat.seen.map((c) => c.op)).toEqual(['prepare'])

    // The sweep closes the trade at the provider, outside any transaction, and cancels the order for real.
    await s.call('POST', 'sandbox/sweep', {})
    expect(asked('close')).toEqual([expect.objectContaining({ trade_no: tradeNo, inTransaction: false })])
    expect(await stored(order.id)).toBe(ORDER_STATUS.CANCELLED)
  })

  it('answer an unpaid order past its time as cancelled, from what is stored: nothing to pay, not in the "to pay" tab; payparam refuses it', async () => {
    const order = await create()
    const unpaid = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)).body.data.info
    expect(unpaid).toMatchObject({ order_status: ORDER_STATUS.UNPAID, expire_time: expect.any(String) })
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1000, order.id)

    const read = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)).body.data.info
    expect(read).toMatchObject({ order_status: ORDER_STATUS.CANCELLED, expire_time: null })
    expect(await stored(order.id)).toBe(ORDER_STATUS.UNPAID)
    const tab = await s.call<{ list: OrderInfo[]; total: number }>('GET', 'personal.order/index', { tab: 'unpaid' }, shopper.token)
    expect(tab.body.data.list.map((o) => o.id)).not.toContain(order.id)
    const all = await s.call<{ list: OrderInfo[] }>('GET', 'personal.order/index', { tab: 'all' }, shopper.token)
    expect(all.body.data.list.find((o) => o.id === order.id)).toMatchObject({ order_status: ORDER_STATUS.CANCELLED })
    expect((await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, shopper.token)).body).toMatchObject({ code: 0, reason: 'order_cancelled' })
    expect(wechat.seen).toEqual([])
  })
})

describe('personal.order/payResult', () => {
  it('no notification came: the provider says paid → the order is paid once, with its transaction number; asked again, the provider is not asked', async () => {
    const order = await create()
    const tradeNo = await payWithWeChat(order.id)
    wechat.next.query = { state: 'paid', amount: order.pay_amount, transaction_id: '4200000000000000000000000041' }
    const res = await payResult(order.id)
    expect(res.body).toMatchObject({ code: 1, data: { info: { id: order.id, order_status: ORDER_STATUS.PAID } } })
    expect(asked('query')).toEqual([expect.objectContaining({ trade_no: tradeNo, inTransaction: false })])
    expect(await s.row('SELECT status, transaction_id FROM payments WHERE trade_no = ?', tradeNo)).toEqual({ status: 'paid', transaction_id: '4200000000000000000000000041' })
    expect((await payResult(order.id)).body.data.info.order_status).toBe(ORDER_STATUS.PAID)
    expect(asked('query')).toHaveLength(1)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it('still open, or the provider unreachable: the order is answered as stored, unpaid', async () => {
    const order = await create()
    await payWithWeChat(order.id)
    expect((await payResult(order.id)).body).toMatchObject({ code: 1, data: { info: { order_status: ORDER_STATUS.UNPAID } } })
    wechat.next.fail = new Error('connect ETIMEDOUT')
    expect((await payResult(order.id)).body).toMatchObject({ code: 1, data: { info: { order_status: ORDER_STATUS.UNPAID } } })
    expect(asked('query')).toHaveLength(2)
  })

  it('a paid answer for another amount is not believed', async () => {
    const order = await create()
    await payWithWeChat(order.id)
    wechat.next.query = { state: 'paid', amount: order.pay_amount - 1, transaction_id: '4200000000000000000000000042' }
    expect((await payResult(order.id)).body.data.info.order_status).toBe(ORDER_STATUS.UNPAID)
  })

  it('two asks at once make one query (single-flight per order)', async () => {
    const order = await create()
    await payWithWeChat(order.id)
    wechat.next.query = { state: 'paid', amount: order.pay_amount, transaction_id: '4200000000000000000000000043' }
    const [a, b] = await Promise.all([payResult(order.id), payResult(order.id)])
    expect([a.body.data.info.order_status, b.body.data.info.order_status]).toEqual([ORDER_STATUS.PAID, ORDER_STATUS.PAID])
    expect(asked('query')).toHaveLength(1)
  })

  it('an order past its time that the provider says is paid is paid (the money was taken before the sweep)', async () => {
    const order = await create()
    await payWithWeChat(order.id)
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1000, order.id)
    wechat.next.query = { state: 'paid', amount: order.pay_amount, transaction_id: '4200000000000000000000000044' }
    expect((await payResult(order.id)).body.data.info.order_status).toBe(ORDER_STATUS.PAID)
    await s.call('POST', 'sandbox/sweep', {})
    expect(await stored(order.id)).toBe(ORDER_STATUS.PAID)
  })

  it("another shopper's order is not found; the sandbox's trade is answered as stored", async () => {
    const order = await create()
    const other = await s.login('13700000042')
    expect((await s.call('POST', 'personal.order/payResult', { id: order.id }, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    // Alipay is not configured here: the sandbox pays by it (its cashier), and its trades are settled by its notifications.
    expect((await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' }, shopper.token)).body.code).toBe(1)
    expect((await payResult(order.id)).body.data.info.order_status).toBe(ORDER_STATUS.UNPAID)
    expect(wechat.seen).toEqual([])
  })
})
