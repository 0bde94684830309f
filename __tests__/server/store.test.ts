/**
 * The store's side (issue 12): the staff role in userIds, the one authorisation gate over every store call,
 * verification, refund answers (approve → provider refund → refunded; reject → back, with the reason) and
 * the timer. Races under real contention are in storeRaces.test.ts.
 */
import type { OrderInfo } from '../../src/contract/order'
import type { StoreEndpointPath } from '../../src/contract/storeEndpoints'
import { STORE_ENDPOINTS } from '../../src/contract/storeEndpoints'
import type { StoreOrderAnswer, VerifyPreviewAnswer, WorkbenchAnswer } from '../../src/contract/store'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { staffPhone } from '../../server/demo/seed'
import { autoApproveRefunds } from '../../server/domain/store/store'
import { startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

let s: TestServer
let shopper: { token: string; userId: number }
beforeEach(async () => {
  s = await startServer()
  shopper = await s.login('13700000001')
  await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
})
afterEach(() => s.close())

const newId = () => `req-${Math.random().toString(36).slice(2, 12)}`
async function paidOrder(payload: Record<string, unknown>, token = shopper.token): Promise<OrderInfo> {
  const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: newId(), ...payload }, token)
  expect(created.body.code).toBe(1)
  const id = created.body.data.order_info.id
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, token)).body.data.info
}
const codeOf = async (id: number, token = shopper.token) => (await s.call<{ code: string; used: boolean }>('GET', 'personal.order/orderVerification', { id }, token)).body.data
const readOrder = async (id: number, token = shopper.token) => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, token)).body.data.info
const askRefund = (id: number, token = shopper.token) => s.call('POST', 'personal.order/refund', { id, reason: '不想要了' }, token)

/** Polls (bounded) until the order reads `status`: the sandbox provider's refund notification arrives on its own. */
async function until(id: number, status: number): Promise<OrderInfo> {
  const deadline = Date.now() + 5000
  for (;;) {
    const info = await readOrder(id)
    if (info.order_status === status || Date.now() > deadline) return info
    await new Promise((r) => setImmediate(r))
  }
}

describe('the staff role', () => {
  it('bind and the profile carry userIdBuss and storeId for staff only; userIdAgent stays null', async () => {
    const staff = await s.login(staffPhone(8))
    const bind = await s.row<{ id: number }>('SELECT id FROM users WHERE phone = ?', staffPhone(8))
    expect(bind.id).toBe(staff.userId)
    const profile = await s.call<{ user: { userIds: unknown } }>('GET', 'personal.user/info', {}, staff.token)
    expect(profile.body.data.user.userIds).toEqual({ userIdAgent: null, userIdBuss: staff.userId, storeId: 8 })
    const mine = await s.call<{ user: { userIds: unknown } }>('GET', 'personal.user/info', {}, shopper.token)
    expect(mine.body.data.user.userIds).toEqual({ userIdAgent: null, userIdBuss: null, storeId: null })
  })

  it('the bind answer itself names the store', async () => {
    const phone = staffPhone(1)
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const code = (await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })).body.data.list[0].code
    const bind = await s.call<{ user: { id: number; userIds: unknown } }>('POST', 'wechat/bind', { phone, code })
    expect(bind.body.data.user.userIds).toEqual({ userIdAgent: null, userIdBuss: bind.body.data.user.id, storeId: 1 })
  })

  it('every demo shop has one staff account', async () => {
    const shops = (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM shops')).n
    expect((await s.row<{ n: number }>('SELECT COUNT(DISTINCT shop_id) AS n FROM store_staff')).n).toBe(shops)
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM store_staff')).n).toBe(shops)
  })
})

describe('authorisation: one gate over every store call', () => {
  it('anonymous → -1, a shopper → 0 无权限 / No permission, staff of A on A → ok, staff of A on B → not found', async () => {
    const staffA = await s.login(staffPhone(8))
    // Shop 8's order: a flash-sale product (collected at shop 8), paid and asked for a refund.
    const productA = await paidOrder({ kind: 'product', product_id: 2, quantity: 1 })
    const codeA = (await codeOf(productA.id)).code
    // Shop 1's orders: a paid bill asked for a refund, and a paid product moved to shop 1 (its code).
    const billB = await paidOrder({ kind: 'bill', shop_id: 1, amount: 5000 })
    expect((await askRefund(billB.id)).body.code).toBe(1)
    const productB = await paidOrder({ kind: 'product', product_id: 1, quantity: 1 })
    await s.run('UPDATE orders SET shop_id = 1 WHERE id = ?', productB.id)
    const codeB = (await codeOf(productB.id)).code
    const billA = await paidOrder({ kind: 'bill', shop_id: 8, amount: 5000 })
    expect((await askRefund(billA.id)).body.code).toBe(1)
    const billA2 = await paidOrder({ kind: 'bill', shop_id: 8, amount: 6000 })
    expect((await askRefund(billA2.id)).body.code).toBe(1)
    const billB2 = await paidOrder({ kind: 'bill', shop_id: 1, amount: 6000 })
    expect((await askRefund(billB2.id)).body.code).toBe(1)
    // A mall parcel of each store to ship (B's: a shop-8 product's order moved to shop 1).
    const address = (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号' }, shopper.token)).body.data.info.id
    const mallA = await paidOrder({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, delivery: 'ship', address_id: address })
    const mallB = await paidOrder({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, delivery: 'ship', address_id: address })
    await s.run('UPDATE orders SET shop_id = 1 WHERE id = ?', mallB.id)

    type Case = { a: Record<string, unknown>; b: Record<string, unknown> }
    // For each call: a payload on shop A's (8) own order, and the same call on shop B's (1).
    const cases: Record<StoreEndpointPath, Case> = {
      'hui_shanghu.store/workbench': { a: {}, b: {} },
      'hui_shanghu.store_order/index': { a: {}, b: {} },
      'hui_shanghu.store_order/read': { a: { id: productA.id }, b: { id: productB.id } },
      'hui_shanghu.store_order/ship': { a: { id: mallA.id, carrier: 'SF', tracking_no: 'SF1234567890' }, b: { id: mallB.id, carrier: 'SF', tracking_no: 'SF1234567890' } },
      'hui_shanghu.store_order/verifyPreview': { a: { code: codeA }, b: { code: codeB } },
      'hui_shanghu.store_order/verify': { a: { code: codeA }, b: { code: codeB } },
      'hui_shanghu.store_order/refundReject': { a: { id: billA.id, reason: '已消费' }, b: { id: billB.id, reason: '已消费' } },
      'hui_shanghu.store_order/refundApprove': { a: { id: billA2.id }, b: { id: billB2.id } },
      // Cards are good at every partner store: any staff may check any code (no store's orders in the answer).
      'hui_shanghu.store_card/check': { a: { code: '900000001000000' }, b: { code: '900000001000000' } },
      // The store's own record of card checks (tillLimits.test.ts reads it in full).
      'hui_shanghu.store_card/checks': { a: {}, b: {} },
    }
    for (const path of Object.keys(STORE_ENDPOINTS) as StoreEndpointPath[]) {
      const method = STORE_ENDPOINTS[path]
      const { a, b } = cases[path]
      const anon = await s.call(method, path, a)
      const asShopper = await s.call(method, path, a, shopper.token)
      const asShopperEn = await s.call(method, path, { ...a, lang: 'en' }, shopper.token)
      const onB = await s.call<Record<string, unknown>>(method, path, b, staffA.token)
      const onA = await s.call(method, path, a, staffA.token)
      // One row of the table per call (the path in every row, so a failure names it).
      expect({ path, http: [anon.status, asShopper.status, onA.status, onB.status], anon: anon.body.code, shopper: asShopper.body, shopperEn: asShopperEn.body.msg, aOnA: onA.body.code }).toEqual({
        path,
        http: [200, 200, 200, 200],
        anon: -1,
        shopper: { code: 0, msg: '无权限', reason: 'no_permission', data: null },
        shopperEn: 'No permission',
        aOnA: 1,
      })
      // B's orders are out of A's reach: never a success that names them.
      // Another store's code reads exactly as one that does not exist.
      if (path === 'hui_shanghu.store_order/verifyPreview') expect(onB.body.data).toEqual({ verifiable: false, refusal: 'unknown', message: '核销码无效', order: null, used_at: null })
      else if (path === 'hui_shanghu.store/workbench' || path === 'hui_shanghu.store_order/index' || path === 'hui_shanghu.store_card/check' || path === 'hui_shanghu.store_card/checks')
        expect(JSON.stringify(onB.body.data)).not.toContain(`"order_no":"${billB.order_no}"`)
      else expect(onB.body.code).toBe(0)
    }
    // Nothing of shop 1 moved: the bill still waits for its store, the product is still unverified.
    expect((await readOrder(billB.id)).order_status).toBe(60)
    expect((await readOrder(billB2.id)).order_status).toBe(60)
    expect((await readOrder(productB.id)).order_status).toBe(10)
    expect((await readOrder(mallB.id)).order_status).toBe(10)
    const list = await s.call<{ list: Array<{ id: number }> }>('GET', 'hui_shanghu.store_order/index', { page_size: 50 }, staffA.token)
    expect(list.body.data.list.map((o) => o.id).sort()).toEqual([productA.id, billA.id, billA2.id, mallA.id].sort())
  })
})

describe('verification', () => {
  it('preview shows what, how much and a masked phone; verify completes once; the shopper sees it used', async () => {
    const staff = await s.login(staffPhone(8))
    const order = await paidOrder({ kind: 'product', product_id: 2, quantity: 2 })
    const { code } = await codeOf(order.id)
    const preview = await s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code }, staff.token)
    expect(preview.body.data).toMatchObject({ verifiable: true, refusal: null, order: { id: order.id, title: order.title, quantity: 2, pay_amount: order.pay_amount, shopper_phone: '137****0001' } })
    expect(JSON.stringify(preview.body.data)).not.toContain(code)

    const verified = await s.call<StoreOrderAnswer>('POST', 'hui_shanghu.store_order/verify', { code: ` ${code.slice(0, 4)} ${code.slice(4)} ` }, staff.token)
    expect(verified.body.data.info.order_status).toBe(40)
    expect(verified.body.data.actions).toEqual([expect.objectContaining({ action: 'verified', by: 'store', by_user_id: staff.userId, by_phone: '199****0008' })])
    expect(await codeOf(order.id)).toMatchObject({ used: true })
    expect((await readOrder(order.id)).order_status).toBe(40)

    const again = await s.call('POST', 'hui_shanghu.store_order/verify', { code }, staff.token)
    expect(again.body).toMatchObject({ code: 0, msg: '核销码已使用' })
    const usedPreview = await s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code, lang: 'en' }, staff.token)
    expect(usedPreview.body.data).toMatchObject({ verifiable: false, refusal: 'used', message: 'This code has been used', used_at: expect.any(String) })
  })

  it('refuses unknown, unpaid, refunding, refunded and other stores’ codes with a reason', async () => {
    const staff = await s.login(staffPhone(8))
    const verify = (code: string) => s.call('POST', 'hui_shanghu.store_order/verify', { code }, staff.token)
    expect((await verify('123456789012')).body).toMatchObject({ code: 0, msg: '核销码无效' })
    expect((await verify('12ab')).body.code).toBe(0)

    const unpaid = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: newId(), kind: 'product', product_id: 1, quantity: 1 }, shopper.token)).body.data.order_info
    const unpaidCode = (await s.row<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', unpaid.id)).verify_code
    expect((await verify(unpaidCode)).body).toMatchObject({ code: 0, msg: '订单未支付，不能核销' })

    const refunding = await paidOrder({ kind: 'product', product_id: 2, quantity: 1 })
    const refundingCode = (await codeOf(refunding.id)).code
    await askRefund(refunding.id)
    expect((await verify(refundingCode)).body).toMatchObject({ code: 0, msg: '订单退款中，不能核销' })
    await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: refunding.id }, staff.token)
    await until(refunding.id, 70)
    expect((await verify(refundingCode)).body).toMatchObject({ code: 0, msg: '订单已退款，不能核销' })

    const elsewhere = await paidOrder({ kind: 'product', product_id: 4, quantity: 1 })
    await s.run('UPDATE orders SET shop_id = 3 WHERE id = ?', elsewhere.id)
    expect((await verify((await codeOf(elsewhere.id)).code)).body).toMatchObject({ code: 0, msg: '核销码无效' })
    expect((await readOrder(elsewhere.id)).order_status).toBe(10)
  })

  it('a parcel to ship has no code at the till: its stored code reads as unknown there, and the parcel stays to be shipped', async () => {
    const staff = await s.login(staffPhone(8))
    const address = (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }, shopper.token)).body.data.info.id
    const parcel = await paidOrder({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, quantity: 1, delivery: 'ship', address_id: address })
    const stored = (await s.row<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', parcel.id)).verify_code
    expect((await s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code: stored }, staff.token)).body.data).toMatchObject({ verifiable: false, refusal: 'unknown', order: null })
    expect((await s.call('POST', 'hui_shanghu.store_order/verify', { code: stored }, staff.token)).body).toMatchObject({ code: 0, reason: 'verify_code_invalid' })
    expect((await readOrder(parcel.id)).order_status).toBe(10)
    expect((await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: parcel.id }, staff.token)).body.data.info).toMatchObject({ order_status: 10, can_ship: true, can_verify: false })
  })
})

describe('refunds', () => {
  it('approve → the provider refunds → refunded; the coupon comes back; the trail names everyone; the money invariant holds', async () => {
    const staff = await s.login(staffPhone(1))
    const coupon = (await s.row<{ id: number }>("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, 2, 'available', '2099-01-01 00:00:00') RETURNING id", shopper.userId)).id
    const order = await paidOrder({ kind: 'bill', shop_id: 1, amount: 20000, coupon_id: coupon })
    expect((await s.row<{ status: string }>('SELECT status FROM user_coupons WHERE id = ?', coupon)).status).toBe('used')
    await askRefund(order.id)

    const read = await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff.token)
    expect(read.body.data.info).toMatchObject({ refund_state: 'awaiting_store', can_answer_refund: true, refund_reason: '不想要了', refund_auto_approve_at: expect.any(String) })
    const approved = await s.call<StoreOrderAnswer>('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)
    expect(approved.body.code).toBe(1)
    expect((await until(order.id, 70)).order_status).toBe(70)

    expect((await s.row<{ status: string }>('SELECT status FROM user_coupons WHERE id = ?', coupon)).status).toBe('available')
    expect(await s.row<{ status: string; amount: number; reason: string }>('SELECT status, amount, reason FROM refunds WHERE order_id = ?', order.id)).toEqual({ status: 'succeeded', amount: order.pay_amount, reason: 'order' })
    expect((await s.row<{ status: string }>("SELECT status FROM payments WHERE order_id = ? AND status <> 'closed'", order.id)).status).toBe('refunded')
    expect(s.app.payProvider.calls.filter((c) => c.kind === 'refund' && c.amount === order.pay_amount)).toHaveLength(1)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
    const trail = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff.token)).body.data.actions
    expect(trail.map((a) => [a.action, a.by])).toEqual([
      ['refund_requested', 'shopper'],
      ['refund_approved', 'store'],
      ['refunded', 'provider'],
    ])
    // A second answer changes nothing.
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)).body).toMatchObject({ code: 0, msg: '订单不在退款中' })
    expect((await s.call('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: 'x' }, staff.token)).body.code).toBe(0)
  })

  it('a refunded flash-sale order gives its stock back', async () => {
    const staff = await s.login(staffPhone(8))
    const before = (await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 5')).stock
    const order = await paidOrder({ kind: 'product', product_id: 5, quantity: 2 })
    expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 5')).stock).toBe(before - 2)
    await askRefund(order.id)
    await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)
    await until(order.id, 70)
    expect((await s.row<{ stock: number }>('SELECT stock FROM seckill_products WHERE id = 5')).stock).toBe(before)
  })

  it('reject with a reason → back where it was, the shopper reads the reason; a new request clears it', async () => {
    const staff = await s.login(staffPhone(1))
    const order = await paidOrder({ kind: 'bill', shop_id: 1, amount: 5000 })
    await askRefund(order.id)
    expect((await s.call('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: '  ' }, staff.token)).body.code).toBe(0)
    const rejected = await s.call<StoreOrderAnswer>('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: '菜品已食用' }, staff.token)
    expect(rejected.body.data.info).toMatchObject({ order_status: 10, refund_state: 'none' })
    expect(rejected.body.data.actions.at(-1)).toMatchObject({ action: 'refund_rejected', by: 'store', reason: '菜品已食用' })
    const mine = await readOrder(order.id)
    expect(mine).toMatchObject({ order_status: 10, refund_rejection: { reason: '菜品已食用', at: expect.any(String) } })
    expect(s.app.payProvider.calls.filter((c) => c.kind === 'refund')).toHaveLength(0)
    await askRefund(order.id)
    expect((await readOrder(order.id)).refund_rejection).toBeNull()
  })

  it('a card suspended by its refund request is active again when the request is refused (sandbox stand-in)', async () => {
    const card = await paidOrder({ kind: 'card', card_id: 1 })
    await askRefund(card.id)
    const state = async () => (await s.call<{ list: Array<{ state: string }> }>('GET', 'personal.card/index', {}, shopper.token)).body.data.list[0].state
    expect(await state()).toBe('suspended')
    expect((await s.call('POST', 'sandbox/answerRefund', { id: card.id, result: 'refuse' })).body.code).toBe(1)
    expect(await state()).toBe('active')
    expect((await readOrder(card.id)).refund_rejection?.reason).toBe('沙箱：商家拒绝退款')
  })

  it('the timer approves requests unanswered for the set hours (card → void), and only those', async () => {
    const card = await paidOrder({ kind: 'card', card_id: 1 })
    const bill = await paidOrder({ kind: 'bill', shop_id: 1, amount: 5000 })
    await askRefund(card.id)
    await askRefund(bill.id)
    await s.run('UPDATE orders SET refund_requested_at = ? WHERE id = ?', nowMs() - 49 * 3_600_000, card.id)
    await s.run('UPDATE orders SET refund_requested_at = ? WHERE id = ?', nowMs() - 47 * 3_600_000, bill.id)
    expect(await autoApproveRefunds(s.app.q, s.app.payProvider, 48)).toBe(1)
    expect((await until(card.id, 70)).order_status).toBe(70)
    expect((await readOrder(bill.id)).order_status).toBe(60)
    expect((await s.call<{ list: Array<{ state: string }> }>('GET', 'personal.card/index', {}, shopper.token)).body.data.list[0].state).toBe('void')
    const actions = await s.rows('SELECT action, by_user_id FROM order_actions WHERE order_id = ? ORDER BY id', card.id)
    expect(actions).toEqual([
      { action: 'refund_requested', by_user_id: shopper.userId },
      { action: 'refund_auto_approved', by_user_id: null },
      { action: 'refunded', by_user_id: null },
    ])
    expect(await autoApproveRefunds(s.app.q, s.app.payProvider, 48)).toBe(0)
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  })
})

describe('workbench and store orders', () => {
  it("today's paid orders and takings agree with the provider's ledger; counts of what needs doing; filters", async () => {
    // Noon of the server's business day, running on from there: the orders are paid and the day's takings read on one
    // business day (a midnight between the two — npm run test:clock starts each file 10 s before one — moved the
    // orders to yesterday's takings).
    const { now } = (await s.call<{ now: string }>('POST', 'sandbox/clock', {})).body.data
    expect((await s.call('POST', 'sandbox/clock', { at: `${now.slice(0, 10)} 12:00:00` })).body.code).toBe(1)
    try {
      const staff = await s.login(staffPhone(1))
      const a = await paidOrder({ kind: 'bill', shop_id: 1, amount: 5000 })
      const b = await paidOrder({ kind: 'bill', shop_id: 1, amount: 8000 })
      const refunded = await paidOrder({ kind: 'bill', shop_id: 1, amount: 3000 })
      await paidOrder({ kind: 'bill', shop_id: 2, amount: 9900 })
      await askRefund(refunded.id)
      await askRefund(b.id)
      await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: refunded.id }, staff.token)
      await until(refunded.id, 70)

      const wb = (await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, staff.token)).body.data
      // Kept money of shop 1 paid today: a and b (b's refund is only asked); the refunded one is not counted.
      const ledger = (await s.row<{ sum: number }>(
        // CAST: PostgreSQL's SUM of a bigint is a numeric, which reaches JS as a string.
        "SELECT CAST(COALESCE(SUM(p.amount), 0) AS BIGINT) AS sum FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.shop_id = 1 AND p.status = 'paid'",
      )).sum
      expect(wb).toMatchObject({ shop: { id: 1 }, paid_count: 2, takings: a.pay_amount + b.pay_amount, to_verify: 0, refunds_to_answer: 1, refund_auto_approve_hours: 48 })
      expect(wb.takings).toBe(ledger)

      const byStatus = await s.call<{ list: Array<{ id: number }>; total: number }>('GET', 'hui_shanghu.store_order/index', { status: 70 }, staff.token)
      expect(byStatus.body.data.list.map((o) => o.id)).toEqual([refunded.id])
      const todo = await s.call<{ list: Array<{ id: number }> }>('GET', 'hui_shanghu.store_order/index', { todo: 'refund' }, staff.token)
      expect(todo.body.data.list.map((o) => o.id)).toEqual([b.id])
      const paged = await s.call<{ list: unknown[]; total: number }>('GET', 'hui_shanghu.store_order/index', { page: 2, page_size: 2 }, staff.token)
      expect(paged.body.data).toMatchObject({ total: 3 })
      expect(paged.body.data.list).toHaveLength(1)
      expect((await s.call('GET', 'hui_shanghu.store_order/index', { status: 11 }, staff.token)).body.code).toBe(0)
    } finally {
      await s.call('POST', 'sandbox/clock', { reset: true })
    }
  })
})

describe('bad input', () => {
  it('every store call answers bad input with code 0 and a readable msg, never a 5xx', async () => {
    const staff = await s.login(staffPhone(1))
    const bad: Array<Record<string, unknown>> = [
      { id: 'x' },
      { id: -1 },
      { id: 1e12 },
      { code: 'DROP TABLE' },
      { code: '1'.repeat(200) },
      { status: 'abc' },
      { status: 11 },
      { todo: 'all' },
      { page: 0 },
      { page_size: 500 },
      { id: 1, reason: 'x'.repeat(300) },
    ]
    for (const path of Object.keys(STORE_ENDPOINTS) as StoreEndpointPath[]) {
      for (const payload of bad) {
        const res = await s.call(STORE_ENDPOINTS[path], path, payload, staff.token)
        expect({ path, payload, status: res.status, ok: [0, 1].includes(res.body.code), msg: typeof res.body.msg }).toEqual({ path, payload, status: 200, ok: true, msg: 'string' })
      }
    }
    // Each call's own required input, missing → code 0.
    for (const path of ['hui_shanghu.store_order/read', 'hui_shanghu.store_order/verifyPreview', 'hui_shanghu.store_order/verify', 'hui_shanghu.store_order/refundApprove', 'hui_shanghu.store_order/refundReject', 'hui_shanghu.store_card/check'] as const) {
      expect({ path, code: (await s.call(STORE_ENDPOINTS[path], path, {}, staff.token)).body.code }).toEqual({ path, code: 0 })
    }
  })
})
