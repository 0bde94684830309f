import type { OrderInfo, PayparamAnswer, PriceQuote } from '../../src/contract/order'
import { hashToken } from '../../server/domain/account'
import { paymentInvariantViolations, signNotification } from '../../server/domain/pay/pay'
import { SECRET, holdServerClock, startServer, type TestServer } from './helpers'
import { fmt, nowMs } from '../../server/time'

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13700000001')).token
  // Flash-sale sessions follow the clock; make every session "on now" so tests do not depend on the hour.
  await s.run("UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000")
})
afterEach(() => s.close())

const create = (payload: Record<string, unknown>, tok = token, id = `req-${Math.random().toString(36).slice(2, 12)}`) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: id, ...payload }, tok)
const read = (id: number, tok = token) => s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, tok)
const payparam = (id: number, extra: Record<string, unknown> = {}, tok = token) =>
  s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, success_url: `/pages/payBill/success?id=${id}`, fail_url: `/pages/orders/detail?id=${id}`, ...extra }, tok)

/** Gives a coupon to the shopper the token belongs to (tokens are stored hashed); returns the user_coupons id. */
async function giveCoupon(userToken: string, couponId: number): Promise<number> {
  const session = await s.row<{ user_id: number }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(userToken))
  const coupon = await s.row<{ id: number }>("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, ?, 'available', '2099-01-01 00:00:00') RETURNING id", session.user_id, couponId)
  return coupon.id
}

describe('pricing (server only)', () => {
  it('bill: shop discount on the discountable part, coupon on top', async () => {
    // Shop 1 gives 88 % (12 % off); coupon 2: ¥10 off from ¥80 at shop 1.
    const coupon = await giveCoupon(token, 2)
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 20000, undiscounted_amount: 5000, coupon_id: coupon }, token)
    expect(q.body.code).toBe(1)
    expect(q.body.data).toMatchObject({ original_amount: 20000, discount_amount: 1800, member_discount_amount: 0, coupon_amount: 1000, pay_amount: 17200, coupon_id: coupon })
  })

  it('an active card adds the member discount', async () => {
    const card = await create({ kind: 'card', card_id: 2 })
    await payAndConfirm(card.body.data.order_info)
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 10000 }, token)
    // 12 % off 100.00 = 12.00; gold card 95 → 5 % of the remaining 88.00 = 4.40.
    expect(q.body.data).toMatchObject({ discount_amount: 1200, member_discount_amount: 440, pay_amount: 8360 })
  })

  it("a coupon is its owner's: another shopper's coupon is refused, the owner's applies", async () => {
    const other = await s.login('13700000002')
    const coupon = await giveCoupon(other.token, 2)
    const owner = await s.row<{ user_id: number }>('SELECT user_id FROM user_coupons WHERE id = ?', coupon)
    expect(owner.user_id).toBe(other.userId)
    const mine = await s.call('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 20000, coupon_id: coupon }, token)
    expect(mine.body).toMatchObject({ code: 0, msg: '优惠券不可用' })
    const theirs = await s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 20000, coupon_id: coupon }, other.token)
    expect(theirs.body.data).toMatchObject({ coupon_amount: 1000, coupon_id: coupon })
  })

  it('refuses a coupon that does not apply', async () => {
    const coupon = await giveCoupon(token, 2) // shop 1 only
    const q = await s.call('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 2, amount: 20000, coupon_id: coupon }, token)
    expect(q.body).toMatchObject({ code: 0, msg: '优惠券不适用于此商家' })
  })

  it('a coupon for another kind of order is refused (coupon_not_for_order): the mall coupon never takes money off a bill', async () => {
    const coupon = await giveCoupon(token, 4) // the mall's ¥8 off from ¥50, any shop
    const payload = { kind: 'bill', shop_id: 1, amount: 20000, coupon_id: coupon }
    expect((await s.call('POST', 'personal.order/preCreate', payload, token)).body).toMatchObject({ code: 0, reason: 'coupon_not_for_order' })
    expect((await create(payload)).body).toMatchObject({ code: 0, reason: 'coupon_not_for_order' })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n).toBe(0)
    expect((await s.row<{ status: string }>('SELECT status FROM user_coupons WHERE id = ?', coupon)).status).toBe('available')
  })

  it('an expired coupon is refused (coupon_unavailable) and stays with the shopper unused', async () => {
    const session = await s.row<{ user_id: number }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(token))
    const coupon = (await s.row<{ id: number }>("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, 2, 'available', '2020-01-01 00:00:00') RETURNING id", session.user_id)).id
    const payload = { kind: 'bill', shop_id: 1, amount: 20000, coupon_id: coupon }
    expect((await s.call('POST', 'personal.order/preCreate', payload, token)).body).toMatchObject({ code: 0, reason: 'coupon_unavailable' })
    expect((await create(payload)).body).toMatchObject({ code: 0, reason: 'coupon_unavailable' })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n).toBe(0)
    expect((await s.row<{ status: string; order_id: number | null }>('SELECT status, order_id FROM user_coupons WHERE id = ?', coupon))).toEqual({ status: 'available', order_id: null })
  })

  it('an order must pay something: a coupon worth more than the bill leaves the provider\'s minimum, 1 fen, to pay (issue 44)', async () => {
    const couponId = (await s.row<{ id: number }>("INSERT INTO coupons (title, amount, min_spend, shop_id, kind, valid_days) VALUES ('立减 10 元', 1000, 0, NULL, 'bill', 30) RETURNING id")).id
    const coupon = await giveCoupon(token, couponId)
    // Shop 1: 12 % off ¥10.00 leaves ¥8.80; the ¥10 coupon takes ¥8.79 of it, never all (docs/api.md "Coupons").
    const payload = { kind: 'bill', shop_id: 1, amount: 1000, coupon_id: coupon }
    expect((await s.call('POST', 'personal.order/preCreate', payload, token)).body).toMatchObject({ code: 1, data: { coupon_amount: 879, pay_amount: 1 } })
    const made = await create(payload)
    expect(made.body).toMatchObject({ code: 1, data: { order_info: { coupon_amount: 879, pay_amount: 1 } } })
    expect((await s.row<{ status: string }>('SELECT status FROM user_coupons WHERE id = ?', coupon)).status).toBe('locked')
  })
})

async function payAndConfirm(order: OrderInfo) {
  await payparam(order.id)
  const confirm = await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
  expect(confirm.body.code).toBe(1)
}

// In one process the handlers are synchronous, so these "at once" calls run one after another: they check
// the rules, not the guards under contention. multiprocess.test.ts hits several server processes on one
// database file in parallel for that.
describe('create', () => {
  it('is idempotent per client request id: 10 calls with one id make one order', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => create({ kind: 'bill', shop_id: 1, amount: 5000 }, token, 'same-request-id-1')))
    const ids = new Set(results.map((r) => r.body.data.order_info.id))
    expect(ids.size).toBe(1)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).n).toBe(1)
  })

  it('the same request id with another payload is refused, not answered with the first order; a retry in the other language is the same request', async () => {
    const first = await create({ kind: 'bill', shop_id: 1, amount: 3000 }, token, 'req-reused-1')
    expect(first.body.code).toBe(1)
    const retry = await create({ amount: 3000, shop_id: 1, kind: 'bill', lang: 'en' }, token, 'req-reused-1')
    expect(retry.body).toMatchObject({ code: 1, data: { order_info: { id: first.body.data.order_info.id } } })
    const other = await create({ kind: 'bill', shop_id: 1, amount: 9000 }, token, 'req-reused-1')
    expect(other.body).toMatchObject({ code: 0, msg: '该请求号已用于另一笔订单，请重新下单' })
    const count = await s.row<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE client_request_id = 'req-reused-1'")
    expect(count.n).toBe(1)
  })

  it('never oversells: 200 buyers of 20 in stock → exactly 20 orders', async () => {
    await s.run('UPDATE seckill_products SET stock = 20, total_stock = 20 WHERE id = 2')
    const buyers = await Promise.all(Array.from({ length: 200 }, (_, i) => s.quickUser(`1360000${String(i).padStart(4, '0')}`)))
    const results = await Promise.all(buyers.map((b) => create({ kind: 'product', product_id: 2, quantity: 1 }, b.token)))
    const okCount = results.filter((r) => r.body.code === 1).length
    expect(okCount).toBe(20)
    expect(results.filter((r) => r.body.code === 0).every((r) => r.body.msg === '已抢光')).toBe(true)
    expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock).toBe(0)
    expect((await s.row<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE kind = 'product'")).n).toBe(20)
  })

  it('keeps the per-user limit', async () => {
    const first = await create({ kind: 'product', product_id: 3, quantity: 1 })
    expect(first.body.code).toBe(1)
    expect((await create({ kind: 'product', product_id: 3, quantity: 1 })).body).toMatchObject({ code: 0, msg: '每人限购 1 件' })
  })

  it('an unpaid order past its time is cancelled and gives its stock back', async () => {
    const before = (await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock
    const order = (await create({ kind: 'product', product_id: 2, quantity: 2 })).body.data.order_info
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1, order.id)
    // It reads as cancelled at once and cannot be paid; the sweep cancels it and gives its stock back.
    expect((await read(order.id)).body.data.info.order_status).toBe(50)
    expect((await payparam(order.id)).body).toMatchObject({ code: 0, msg: '订单已取消，请重新下单' })
    await s.call('POST', 'sandbox/sweep', {})
    expect((await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', order.id)).status).toBe(50)
    expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock).toBe(before)
    expect((await payparam(order.id)).body).toMatchObject({ code: 0, msg: '订单已取消，请重新下单' })
  })

  it('an unpaid order is kept 15 minutes: still payable 1 ms before, cancelled with its stock back at 15 minutes', async () => {
    const t0 = nowMs()
    const held = holdServerClock(t0)
    try {
      const before = (await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock
      const order = (await create({ kind: 'product', product_id: 2, quantity: 1 })).body.data.order_info
      expect(order.expire_time).toBe(fmt(t0 + 15 * 60_000))
      holdServerClock(t0 + 15 * 60_000 - 1)
      expect((await read(order.id)).body.data.info.order_status).toBe(0)
      expect((await payparam(order.id)).body).toMatchObject({ code: 1, data: { pay_state: 0 } })
      holdServerClock(t0 + 15 * 60_000)
      // It reads as cancelled at once; the sweep closes the open trade at the provider first, then cancels the order and
      // gives its stock back (cancelUnpaid; a read calls no provider).
      expect((await read(order.id)).body.data.info.order_status).toBe(50)
      await s.call('POST', 'sandbox/sweep', {})
      expect((await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', order.id)).status).toBe(50)
      expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock).toBe(before)
    } finally {
      held.mockRestore()
    }
  })

  it('the expiry cancels only the orders past their time: another unpaid order in its 15 minutes stays unpaid with its stock, and can be paid', async () => {
    const before = (await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock
    const due = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const fresh = (await create({ kind: 'product', product_id: 2, quantity: 1 })).body.data.order_info
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1, due.id)
    expect((await read(due.id)).body.data.info.order_status).toBe(50)
    expect((await read(fresh.id)).body.data.info.order_status).toBe(0)
    expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 2')).stock).toBe(before - 1)
    await payAndConfirm(fresh)
    expect((await read(fresh.id)).body.data.info.order_status).toBe(10)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })

  it("a request id is the shopper's own: another shopper sending the same id and payload gets an order of their own, not mine", async () => {
    const mine = (await create({ kind: 'bill', shop_id: 1, amount: 3000 }, token, 'req-shared-1')).body.data.order_info
    const other = await s.login('13700000002')
    const theirs = await create({ kind: 'bill', shop_id: 1, amount: 3000 }, other.token, 'req-shared-1')
    expect(theirs.body.code).toBe(1)
    expect(theirs.body.data.order_info.id).not.toBe(mine.id)
    expect((await read(theirs.body.data.order_info.id, other.token)).body.code).toBe(1)
    const owners = await s.rows<{ user_id: number }>("SELECT user_id FROM orders WHERE client_request_id = 'req-shared-1' ORDER BY id")
    expect(owners.map((o) => o.user_id)).toEqual([(await s.row<{ user_id: number }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(token))).user_id, other.userId])
  })
})

describe('ownership', () => {
  it("another shopper's order is not found, everywhere", async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const other = await s.login('13700000002')
    expect((await read(order.id, other.token)).body).toMatchObject({ code: 0, msg: '订单不存在' })
    expect((await payparam(order.id, {}, other.token)).body).toMatchObject({ code: 0, msg: '订单不存在' })
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: 'x' }, other.token)).body.msg).toBe('订单不存在')
    expect((await s.call('GET', 'personal.order/orderVerification', { id: order.id }, other.token)).body.msg).toBe('订单不存在')
    const list = await s.call<{ total: number }>('GET', 'personal.order/index', {}, other.token)
    expect(list.body.data.total).toBe(0)
  })
})

describe('payment', () => {
  it('channel 6: a cashier URL; Pay at the cashier → notification → paid → back to the success URL', async () => {
    const order = (await create({ kind: 'card', card_id: 1 })).body.data.order_info
    const pp = await payparam(order.id)
    expect(pp.body.data).toMatchObject({ pay_state: 0, pay_param: { payInfo: null, tradeNO: null, pay_url: expect.stringMatching(/^\/sandbox\/cashier\?trade_no=T/) } })
    const page = await s.app.inject({ method: 'GET', url: pp.body.data.pay_param.pay_url as string })
    expect(page.body).toContain('id="pay"')
    expect(page.body).toContain('¥99.00')
    const tradeNo = (pp.body.data.pay_param.pay_url as string).split('=')[1]
    const submit = await s.app.inject({ method: 'POST', url: '/sandbox/cashier', payload: { trade_no: tradeNo, result: 'success' } })
    expect(submit.json()).toMatchObject({ code: 1, redirect: `/pages/payBill/success?id=${order.id}` })
    expect((await read(order.id)).body.data.info.order_status).toBe(10)
    // The card exists now, and paying again is the seed's "already paid".
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM user_cards')).n).toBe(1)
    expect((await payparam(order.id)).body.data.pay_state).toBe(1)
  })

  it('a failed payment leaves the order unpaid and it can be paid again', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const first = await payparam(order.id)
    const tradeNo = (first.body.data.pay_param.pay_url as string).split('=')[1]
    const submit = await s.app.inject({ method: 'POST', url: '/sandbox/cashier', payload: { trade_no: tradeNo, result: 'fail' } })
    expect(submit.json().redirect).toBe(`/pages/orders/detail?id=${order.id}`)
    expect((await read(order.id)).body.data.info.order_status).toBe(0)
    const again = await payparam(order.id)
    expect(again.body.data.pay_param.pay_url).not.toBe(first.body.data.pay_param.pay_url)
  })

  it('the mini-program gets JSAPI parameters; the dev confirm walks it to paid', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const pp = await payparam(order.id, { platform: 'weapp', pay_channel: undefined, success_url: undefined, fail_url: undefined })
    expect(pp.body.data.pay_param.payInfo).toEqual({ appId: expect.any(String), timeStamp: expect.any(String), nonceStr: expect.any(String), package: expect.stringMatching(/^prepay_id=/), signType: 'HMAC-SHA256', paySign: expect.any(String) })
    expect((await read(order.id)).body.data.info.order_status).toBe(0)
    await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
    expect((await read(order.id)).body.data.info.order_status).toBe(10)
  })

  it('a forged notification changes nothing; a repeated one is harmless', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    const pp = await payparam(order.id)
    const tradeNo = (pp.body.data.pay_param.pay_url as string).split('=')[1]
    const amount = order.pay_amount
    const forged = await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no: tradeNo, result: 'success', amount, sign: 'f'.repeat(64) } })
    expect(forged.json().code).toBe(0)
    const wrongAmount = await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: { trade_no: tradeNo, result: 'success', amount: 1, sign: signNotification({ trade_no: tradeNo, result: 'success', amount: 1 }, SECRET) } })
    expect(wrongAmount.json().code).toBe(0)
    expect((await read(order.id)).body.data.info.order_status).toBe(0)

    const good = { trade_no: tradeNo, result: 'success', amount, sign: signNotification({ trade_no: tradeNo, result: 'success', amount }, SECRET) }
    expect((await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: good })).json().code).toBe(1)
    // What the money looks like once paid: the order, its one payment, no refund — the ledger's rules hold.
    const ledger = async () => ({
      order: (await read(order.id)).body.data.info,
      payments: await s.rows<{ trade_no: string; status: string; notified_at: string | null }>('SELECT trade_no, status, notified_at FROM payments WHERE order_id = ? ORDER BY id', order.id),
      refunds: (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', order.id)).n,
      outbox: (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM provider_calls WHERE order_id = ?', order.id)).n,
      violations: await paymentInvariantViolations(s.app.q),
    })
    const paid = await ledger()
    expect(paid.order.order_status).toBe(10)
    expect(paid.payments).toEqual([{ trade_no: tradeNo, status: 'paid', notified_at: expect.any(String) }])
    expect([paid.refunds, paid.outbox, paid.violations]).toEqual([0, 0, []])
    // The provider repeats itself (it sends until it is answered), then a "fail" arrives late: answered, nothing moves —
    // no second attachment, no refund of the paid money, the payment still paid.
    expect((await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: good })).json().code).toBe(1)
    const failLater = { ...good, result: 'fail', sign: signNotification({ trade_no: tradeNo, result: 'fail', amount }, SECRET) }
    await s.app.inject({ method: 'POST', url: '/api/pay/notify', payload: failLater })
    expect(await ledger()).toEqual(paid)
  })

  it('refund: paid → refunding; an unpaid order cannot be refunded', async () => {
    const order = (await create({ kind: 'bill', shop_id: 1, amount: 5000 })).body.data.order_info
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, token)).body.msg).toBe('订单当前状态不能退款')
    await payAndConfirm(order)
    const res = await s.call<{ info: OrderInfo }>('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, token)
    expect(res.body.data.info.order_status).toBe(60)
    const tab = await s.call<{ list: OrderInfo[] }>('GET', 'personal.order/index', { tab: 'refund' }, token)
    expect(tab.body.data.list.map((o) => o.id)).toEqual([order.id])
  })

  it('the redemption code exists only once paid, and only for what is collected at the till', async () => {
    const order = (await create({ kind: 'product', product_id: 1, quantity: 1 })).body.data.order_info
    expect((await s.call('GET', 'personal.order/orderVerification', { id: order.id }, token)).body).toMatchObject({ code: 0, msg: '订单未支付，暂无核销码' })
    await payAndConfirm(order)
    const v = await s.call<{ code: string; used: boolean }>('GET', 'personal.order/orderVerification', { id: order.id }, token)
    expect(v.body.data.code).toMatch(/^\d{12}$/)
    expect(v.body.data.used).toBe(false)
  })

  it('a bill paid in the app and a card have nothing to redeem: no code', async () => {
    for (const payload of [{ kind: 'bill' as const, shop_id: 1, amount: 5000 }, { kind: 'card' as const, card_id: 1 }]) {
      const order = (await create(payload)).body.data.order_info
      await payAndConfirm(order)
      expect((await s.call('GET', 'personal.order/orderVerification', { id: order.id }, token)).body).toMatchObject({ code: 0, msg: '这笔订单无需核销', data: null })
    }
  })
})

describe('My orders list', () => {
  it('pages newest first and filters by tab', async () => {
    for (let i = 0; i < 12; i++) await create({ kind: 'bill', shop_id: 1, amount: 1000 + i })
    const p1 = await s.call<{ list: OrderInfo[]; total: number }>('GET', 'personal.order/index', { page: 1, page_size: 5 }, token)
    const p3 = await s.call<{ list: OrderInfo[]; total: number }>('GET', 'personal.order/index', { page: 3, page_size: 5 }, token)
    expect(p1.body.data.total).toBe(12)
    expect(p1.body.data.list[0].original_amount).toBe(1011)
    expect(p3.body.data.list).toHaveLength(2)
    expect((await s.call<{ total: number }>('GET', 'personal.order/index', { tab: 'paid' }, token)).body.data.total).toBe(0)
  })
})
