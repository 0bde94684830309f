import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import Database from 'better-sqlite3'
import { paymentInvariantViolations, REFUND_RETRY_MS, retryPendingRefunds, signNotification } from '../../server/domain/pay/pay'
import { signRefundNotification } from '../../server/domain/pay/provider'
import { SECRET, startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

/**
 * Paid at most once: every payment whose money was taken is the one payment attached to an order that
 * is paid or later in its life, or is refunded through the provider.
 */
let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13700000011')).token
})
afterEach(() => s.close())

const create = (payload: Record<string, unknown>) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `req-${Math.random().toString(36).slice(2, 12)}`, ...payload }, token)
const read = (id: number) => s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, token)
const payparam = async (id: number, extra: Record<string, unknown> = { platform: 'h5', pay_channel: 6 }) => {
  const res = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, ...extra }, token)
  expect(res.body.code).toBe(1)
  return res.body.data.expend.pay_info
}
const notify = (trade_no: string, amount: number, result: 'success' | 'fail' = 'success', sign = signNotification({ trade_no, result, amount }, SECRET)) =>
  s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no, result, amount, sign } })
const payment = async (tradeNo: string) => s.row<{ status: string }>('SELECT status FROM payments WHERE trade_no = ?', tradeNo)
const refunds = (orderId: number) => s.rows<{ reason: string; status: string; amount: number }>('SELECT reason, status, amount FROM refunds WHERE order_id = ? ORDER BY id', orderId)

/** Wait (bounded) until the sandbox provider's asynchronous refund notification has been handled. */
async function refundSettled(orderId: number, count = 1): Promise<void> {
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    const rows = await refunds(orderId)
    if (rows.length >= count && rows.every((r) => r.status !== 'pending')) return
    await new Promise((r) => setImmediate(r))
  }
  throw new Error(`refunds of order ${orderId} did not settle: ${JSON.stringify(await refunds(orderId))}`)
}

const refundCalls = () => s.app.payProvider.calls.filter((c) => c.kind === 'refund')

describe('a payment that lands on a cancelled order', () => {
  it('is accepted, never attached, and refunded through the provider (shopper cancels)', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
    // The open trade was closed at the provider before the order read "cancelled".
    expect((await payment(trade)).status).toBe('closed')
    expect(s.app.payProvider.calls).toContainEqual(expect.objectContaining({ kind: 'close', trade_no: trade }))

    const late = await notify(trade, order.pay_amount)
    expect(late.json()).toMatchObject({ code: 1, data: { accepted: true, outcome: 'refunding' } })
    expect((await read(order.id)).body.data.info.order_status).toBe(50)
    await refundSettled(order.id)
    expect(await refunds(order.id)).toEqual([{ reason: 'late', status: 'succeeded', amount: order.pay_amount }])
    expect((await payment(trade)).status).toBe('refunded')
    expect(refundCalls()).toEqual([expect.objectContaining({ trade_no: trade, amount: order.pay_amount })])
    // A repeat of the same notification changes nothing and asks for no second refund.
    expect((await notify(trade, order.pay_amount)).json().code).toBe(1)
    expect(refundCalls()).toHaveLength(1)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it('the same when the 15-minute expiry cancelled it; the cashier then refuses the closed trade', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1, order.id)
    expect((await read(order.id)).body.data.info.order_status).toBe(50)
    // The read closed nothing (it never calls the provider); the sweep closes the trade and cancels the order.
    expect((await payment(trade)).status).toBe('pending')
    await s.call('POST', 'sandbox/sweep', {})
    expect((await payment(trade)).status).toBe('closed')
    const cashier = await s.app.inject({ method: 'POST', url: '/sandbox/cashier', payload: { trade_no: trade, result: 'success' } })
    expect(cashier.json()).toMatchObject({ code: 0, msg: '交易已关闭，请返回重新下单' })
    expect((await payment(trade)).status).toBe('closed')

    await notify(trade, order.pay_amount)
    await refundSettled(order.id)
    expect((await refunds(order.id))[0]).toMatchObject({ reason: 'late', status: 'succeeded' })
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })
})

describe('two trades for one order', () => {
  it('H5 channel 6 and weapp: both paid at the provider → one attached, the other refunded', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const h5 = await payparam(order.id)
    const weapp = await payparam(order.id, { platform: 'weapp' })
    expect(h5).not.toBe(weapp)
    expect((await notify(h5, order.pay_amount)).json().data.outcome).toBe('paid')
    expect((await notify(weapp, order.pay_amount)).json().data.outcome).toBe('refunding')
    const info = (await read(order.id)).body.data.info
    expect(info.order_status).toBe(10)
    await refundSettled(order.id)
    expect((await payment(h5)).status).toBe('paid')
    expect((await payment(weapp)).status).toBe('refunded')
    expect(await refunds(order.id)).toEqual([{ reason: 'duplicate', status: 'succeeded', amount: order.pay_amount }])
    // The shopper's card / coupon effects happened once: pay_time is the first payment's.
    expect(info.pay_time).not.toBeNull()
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it('a card bought twice over two trades gives one card, not two', async () => {
    const order = (await create({ kind: 'card', card_id: 1 })).body.data.order_info
    const a = await payparam(order.id)
    const b = await payparam(order.id, { platform: 'weapp' })
    await Promise.all([notify(a, order.pay_amount), notify(b, order.pay_amount)])
    await refundSettled(order.id)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM user_cards')).n).toBe(1)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })
})

describe('refund notifications', () => {
  it('a forged or wrong-amount refund notification changes nothing', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    await s.call('POST', 'personal.order/cancel', { id: order.id }, token)
    const row = () => s.row<{ refund_no: string; status: string }>('SELECT refund_no, status FROM refunds WHERE order_id = ?', order.id)
    await notify(trade, order.pay_amount)
    const refundNo = (await row()).refund_no
    expect(refundNo).toMatch(/^R/)
    const forged = await s.app.inject({ method: 'POST', url: '/api/pay/refundNotify', payload: { refund_no: refundNo, result: 'fail', amount: order.pay_amount, sign: 'f'.repeat(64) } })
    expect(forged.json().code).toBe(0)
    const wrong = { refund_no: refundNo, result: 'success' as const, amount: 1 }
    expect((await s.app.inject({ method: 'POST', url: '/api/pay/refundNotify', payload: { ...wrong, sign: signRefundNotification(wrong, SECRET) } })).json().code).toBe(0)
    await refundSettled(order.id)
    expect((await row()).status).toBe('succeeded')
  })
})

describe('signatures', () => {
  it('a signature with the right number of characters but not of bytes is a plain rejection, not a 500', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    const res = await notify(trade, order.pay_amount, 'success', 'é'.repeat(64))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 0, msg: '签名或金额不正确' })
    const refund = await s.app.inject({ method: 'POST', url: '/api/pay/refundNotify', payload: { refund_no: 'R1', result: 'success', amount: 1, sign: 'é'.repeat(64) } })
    expect(refund.statusCode).toBe(200)
    expect(refund.json().code).toBe(0)
    expect((await read(order.id)).body.data.info.order_status).toBe(0)
  })
})

describe('refunding and refunded orders are never "paid" again', () => {
  it('payparam on a refunding or refunded order says so instead of "already paid"', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    await notify(trade, order.pay_amount)
    await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, token)
    expect((await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)).body).toMatchObject({ code: 0, msg: '订单退款中' })
    await s.run('UPDATE orders SET status = 70 WHERE id = ?', order.id)
    expect((await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)).body).toMatchObject({ code: 0, msg: '订单已退款' })
  })
})

describe('the invariant check itself', () => {
  it('reports a payment attached to an unpaid order, two attached payments, and money kept with no refund', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const a = await payparam(order.id)
    const b = await payparam(order.id, { platform: 'weapp' })
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
    await s.run("UPDATE payments SET status = 'paid' WHERE trade_no = ?", a)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([expect.stringMatching(/attached to order \d+ in status 0/)])
    await s.run("UPDATE payments SET status = 'refunding' WHERE trade_no = ?", b)
    expect(await paymentInvariantViolations(s.app.q)).toContainEqual(expect.stringMatching(/has no refund/))
  })
})

describe('a refund the provider never answered', () => {
  it('is asked for again by the sweep after a while, with the same refund number, until it settles', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const trade = await payparam(order.id)
    await s.call('POST', 'personal.order/cancel', { id: order.id }, token)
    await notify(trade, order.pay_amount)
    await refundSettled(order.id)
    // As if the process had stopped before the provider answered: the refund is still pending.
    await s.run("UPDATE refunds SET status = 'pending', notified_at = NULL WHERE order_id = ?", order.id)
    await s.run("UPDATE payments SET status = 'refunding' WHERE trade_no = ?", trade)
    const refundNo = (await s.row<{ refund_no: string }>('SELECT refund_no FROM refunds WHERE order_id = ?', order.id)).refund_no
    expect(await retryPendingRefunds(s.app.q, s.app.payProvider)).toBe(0) // too young to ask again
    expect(await retryPendingRefunds(s.app.q, s.app.payProvider, nowMs() + REFUND_RETRY_MS + 1000)).toBe(1)
    expect(refundCalls().map((c) => c.refund_no)).toEqual([refundNo, refundNo])
    await refundSettled(order.id)
    expect((await payment(trade)).status).toBe('refunded')
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })
})

// SQLite's busy timeout (another connection holding the file's write lock); PostgreSQL waits on row locks instead, and
// its transactions' retries are checked in storageMigrations.test.ts.
;(process.env.TEST_DATABASE_URL ? describe.skip : describe)('a database locked by another process past the busy timeout', () => {
  it('answers 503 with the envelope and Retry-After (nothing was written: safe to retry), not a 500', async () => {
    const other = new Database(`${s.dir}/test.sqlite`)
    try {
      other.prepare('BEGIN IMMEDIATE').run()
      const res = await s.app.inject({ method: 'POST', url: '/api/personal.user/logout', headers: { 'access-token': token } })
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('1')
      expect(res.json()).toEqual({ code: 0, msg: '系统繁忙，请稍后重试', data: null, reason: 'server_busy' })
    } finally {
      other.prepare('ROLLBACK').run()
      other.close()
    }
    expect((await s.call('POST', 'personal.user/logout', {}, token)).body.code).toBe(1)
  })
})
