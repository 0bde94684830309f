/**
 * A refund the shopper can follow (issue 24): the shopper's order carries its refund's timeline — asked (the reason)
 * → waiting for the store (approved by itself at the timer's time) → approved → money on its way → refunded (amount,
 * date, where it goes back) or refused (the store's reason, ask again) — and a request not yet answered can be
 * withdrawn (personal.order/cancelRefund) and asked again. Withdrawing races the store's approve over real sockets to
 * a listening server whose timer runs: exactly one of them moves the order.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { OrderInfo, OrderRefund } from '../../src/contract/order'
import type { StoreOrderAnswer } from '../../src/contract/store'
import { buildApp } from '../../server/http/app'
import { hashToken } from '../../server/domain/account'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { signRefundNotification, type RefundCall } from '../../server/domain/pay/provider'
import { staffPhone } from '../../server/demo/seed'
import { autoApproveRefunds } from '../../server/domain/store/store'
import { rowsOf, SECRET, startServer, type Rows, type SqlParam, type TestServer } from './helpers'
import { httpClient, type TestServerHandle } from './processes'
import { nowMs } from '../../server/time'

const HOUR = 3_600_000
const newId = () => `req-${Math.random().toString(36).slice(2, 12)}`

describe('the refund timeline (one server, injected requests)', () => {
  let s: TestServer
  let shopper: { token: string; userId: number }
  let staff: { token: string; userId: number }
  beforeEach(async () => {
    s = await startServer()
    shopper = await s.login('13700002401')
    staff = await s.login(staffPhone(1))
  })
  afterEach(async () => {
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
    await s.close()
  })

  /** A paid bill at shop 1: H5 at the sandbox cashier (channel 6), or the mini-program (WeChat Pay, channel 8). */
  async function paidBill(amount = 7800, platform: 'h5' | 'weapp' = 'h5'): Promise<OrderInfo> {
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount, client_request_id: newId() }, shopper.token)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', platform === 'h5' ? { id, platform, pay_channel: 6 } : { id, platform }, shopper.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    return read(id)
  }
  const read = async (id: number, token = shopper.token) => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, token)).body.data.info
  const refundOf = async (id: number) => (await read(id)).refund as OrderRefund
  const ask = (id: number, reason = '重复支付') => s.call<{ info: OrderInfo }>('POST', 'personal.order/refund', { id, reason }, shopper.token)
  const withdraw = (id: number, token = shopper.token, lang?: string) => s.call<{ info: OrderInfo }>('POST', 'personal.order/cancelRefund', { id, ...(lang ? { lang } : {}) }, token)
  const steps = (r: OrderRefund) => r.steps.map((x) => `${x.key}:${x.state}`)
  /** The provider's refunds held back (the sandbox answers at once otherwise), to read "money on its way". */
  function holdRefunds(): RefundCall[] {
    const held: RefundCall[] = []
    s.app.payProvider.refund = (call) => void held.push(call)
    return held
  }
  const notifyRefund = (call: RefundCall, result: 'success' | 'fail' = 'success') =>
    s.call('POST', 'pay/refundNotify', { refund_no: call.refund_no, result, amount: call.amount, sign: signRefundNotification({ refund_no: call.refund_no, result, amount: call.amount }, SECRET) })

  it('an order never refunded carries no refund', async () => {
    const order = await paidBill()
    expect(order.refund).toBeNull()
  })

  it('ask → waiting for the store (reason, time, approved by itself 48 h later) → approved → money on its way → refunded: amount, date, WeChat Pay', async () => {
    const order = await paidBill(7800, 'weapp')
    const askedFrom = nowMs()
    const asked = await ask(order.id, '金额输错了')
    const askedBy = nowMs()
    expect(asked.body.data.info.refund).toMatchObject({ state: 'awaiting_store', reason: '金额输错了', can_withdraw: true, can_ask_again: false, amount: order.pay_amount, to: 'wechat' })
    const waiting = await refundOf(order.id)
    const askedAt = Date.parse(`${(waiting.asked_at as string).replace(' ', 'T')}+08:00`)
    // Stamped while the request ran (a text to the second), not within a fixed 5 s of a later read of a running clock.
    expect(askedAt).toBeGreaterThanOrEqual(Math.floor(askedFrom / 1000) * 1000)
    expect(askedAt).toBeLessThanOrEqual(askedBy)
    expect(Date.parse(`${(waiting.auto_approve_at as string).replace(' ', 'T')}+08:00`) - askedAt).toBe(48 * HOUR)
    expect(steps(waiting)).toEqual(['asked:done', 'awaiting_store:current', 'approved:todo', 'on_its_way:todo', 'refunded:todo'])
    expect(waiting.steps[0].at).toBe(waiting.asked_at)
    // My orders' refund tab reads the same.
    const tab = await s.call<{ list: OrderInfo[] }>('GET', 'personal.order/index', { tab: 'refund' }, shopper.token)
    expect(tab.body.data.list.find((o) => o.id === order.id)?.refund).toEqual(waiting)

    const held = holdRefunds()
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)).body.code).toBe(1)
    const onItsWay = await refundOf(order.id)
    expect(onItsWay).toMatchObject({ state: 'awaiting_provider', approved_by: 'store', approved_at: expect.any(String), can_withdraw: false, auto_approve_at: null, delayed: false })
    expect(steps(onItsWay)).toEqual(['asked:done', 'awaiting_store:done', 'approved:done', 'on_its_way:current', 'refunded:todo'])

    expect((await notifyRefund(held[0])).body.code).toBe(1)
    const done = await refundOf(order.id)
    expect(done).toMatchObject({ state: 'refunded', amount: order.pay_amount, to: 'wechat', refunded_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), can_withdraw: false, can_ask_again: false })
    expect(steps(done)).toEqual(['asked:done', 'awaiting_store:done', 'approved:done', 'on_its_way:done', 'refunded:done'])
    expect(done.steps.at(-1)?.at).toBe(done.refunded_at)
    expect((await read(order.id)).order_status).toBe(70)
  })

  it('a refund the provider could not make yet reads "on its way, delayed"; the sandbox cashier is where H5 money goes back', async () => {
    const order = await paidBill()
    await ask(order.id)
    const held = holdRefunds()
    await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)
    await notifyRefund(held[0], 'fail')
    expect(await refundOf(order.id)).toMatchObject({ state: 'awaiting_provider', delayed: true, to: 'sandbox' })
  })

  it('a blank reason (empty, spaces, a tab and a newline) is refused with its reason; the order is not moved', async () => {
    const order = await paidBill()
    for (const reason of ['', '   ', ' \t\n ']) {
      const res = await ask(order.id, reason)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ code: 0, reason: 'invalid_request', data: null })
      expect(res.body.msg).toContain('reason')
    }
    const info = await read(order.id)
    expect([info.order_status, info.refund]).toEqual([10, null])
    expect((await s.row<{ n: number }>("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action LIKE 'refund%'", order.id)).n).toBe(0)
    // A reason with words around its spaces is the shopper's, kept as written but trimmed.
    expect((await ask(order.id, '  买错了  ')).body.data.info.refund).toMatchObject({ state: 'awaiting_store', reason: '买错了' })
  })

  it('a refund notification settles the refund once: a late "fail" after "success" (or a second "success") changes nothing', async () => {
    const order = await paidBill(6600, 'weapp')
    await ask(order.id)
    const held = holdRefunds()
    await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)
    expect((await notifyRefund(held[0], 'success')).body.code).toBe(1)
    const settled = async () => ({
      refund: await s.row<{ status: string; notified_at: string }>('SELECT status, notified_at FROM refunds WHERE refund_no = ?', held[0].refund_no),
      payment: (await s.row<{ status: string }>("SELECT status FROM payments WHERE order_id = ? AND status <> 'pending'", order.id)).status,
      order: await read(order.id),
      actions: (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ?', order.id)).n,
    })
    const before = await settled()
    expect(before.refund.status).toBe('succeeded')
    expect(before.payment).toBe('refunded')
    expect(before.order.order_status).toBe(70)
    // The provider's late or repeated word: accepted (answered, so it stops sending), and nothing moves.
    expect((await notifyRefund(held[0], 'fail')).body.code).toBe(1)
    expect((await notifyRefund(held[0], 'success')).body.code).toBe(1)
    const after = await settled()
    expect(after).toEqual(before)
    expect(after.order.refund).toMatchObject({ state: 'refunded', delayed: false })
  })

  it('nobody answers: the timer approves it, and the timeline says so', async () => {
    const order = await paidBill()
    await ask(order.id)
    holdRefunds()
    expect(await autoApproveRefunds(s.app.q, s.app.payProvider, 48, nowMs() + 49 * HOUR)).toBe(1)
    expect(await refundOf(order.id)).toMatchObject({ state: 'awaiting_provider', approved_by: 'timer' })
  })

  it('ask → refused: the store’s reason and time, the order back where it was, ask again offered; asking again waits for the store', async () => {
    const order = await paidBill()
    await ask(order.id)
    expect((await s.call('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: '已到店消费' }, staff.token)).body.code).toBe(1)
    const info = await read(order.id)
    expect(info.order_status).toBe(10)
    expect(info.refund).toMatchObject({ state: 'refused', reason: '重复支付', refused: { reason: '已到店消费', at: expect.any(String) }, can_withdraw: false, can_ask_again: true })
    expect(steps(info.refund as OrderRefund)).toEqual(['asked:done', 'awaiting_store:done', 'refused:done'])
    expect((await withdraw(order.id)).body).toMatchObject({ code: 0, reason: 'refund_withdraw_not_waiting' })

    await ask(order.id, '商家原因')
    expect(await refundOf(order.id)).toMatchObject({ state: 'awaiting_store', reason: '商家原因', refused: null, can_withdraw: true })
  })

  it('ask → withdraw → back to the status it was asked from, recorded by the shopper → ask again → approved: then withdrawing is refused', async () => {
    const order = await paidBill()
    await ask(order.id)
    const withdrawn = await withdraw(order.id)
    expect(withdrawn.body.code).toBe(1)
    expect(withdrawn.body.data.info.order_status).toBe(10)
    expect(withdrawn.body.data.info.refund).toMatchObject({ state: 'withdrawn', withdrawn_at: expect.any(String), can_withdraw: false, can_ask_again: true })
    expect(steps(withdrawn.body.data.info.refund as OrderRefund)).toEqual(['asked:done', 'withdrawn:done'])
    const store = await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff.token)
    expect(store.body.data.info).toMatchObject({ order_status: 10, refund_state: 'none', can_answer_refund: false })
    expect(store.body.data.actions.at(-1)).toMatchObject({ action: 'refund_withdrawn', by: 'shopper' })
    // Nothing left to withdraw; the store cannot answer a request that is gone.
    expect((await withdraw(order.id)).body).toMatchObject({ code: 0, reason: 'refund_withdraw_not_waiting', msg: '没有等待商家处理的退款申请，无法撤销' })
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)).body).toMatchObject({ code: 0, reason: 'refund_not_waiting' })

    expect((await ask(order.id, '不想要了')).body.code).toBe(1)
    expect(await refundOf(order.id)).toMatchObject({ state: 'awaiting_store', reason: '不想要了', withdrawn_at: null })
    holdRefunds()
    await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)
    expect((await withdraw(order.id, shopper.token, 'en')).body).toMatchObject({ code: 0, reason: 'refund_withdraw_approved', msg: expect.stringContaining('cannot be withdrawn') })
    expect((await read(order.id)).order_status).toBe(60)
  })

  it('a withdrawn card order’s card is usable again', async () => {
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 1, client_request_id: newId() }, shopper.token)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', { id, platform: 'weapp' }, shopper.token)
    await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })
    const state = async () => (await s.call<{ list: Array<{ state: string }> }>('GET', 'personal.card/index', {}, shopper.token)).body.data.list[0]?.state
    await ask(id, '不想要了')
    expect(await state()).toBe('suspended')
    expect((await withdraw(id)).body.code).toBe(1)
    expect(await state()).toBe('active')
  })

  it('only the owner withdraws: another shopper reads not found, anonymous is asked to log in, bad ids are refused (no 5xx)', async () => {
    const order = await paidBill()
    await ask(order.id)
    const other = await s.login('13700002402')
    expect((await withdraw(order.id, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await withdraw(order.id, '')).body.code).toBe(-1)
    for (const id of ['abc', -1, 0, 1e12]) {
      const res = await s.call('POST', 'personal.order/cancelRefund', { id }, shopper.token)
      expect(res.status).toBeLessThan(500)
      expect(res.body.code).toBe(0)
    }
    expect(await refundOf(order.id)).toMatchObject({ state: 'awaiting_store' })
    // Another shopper's order is not found on read either.
    expect((await s.call('GET', 'personal.order/read', { id: order.id }, other.token)).body.code).toBe(0)
  })
})

describe('withdraw racing the store’s approve and the timer (a listening server, parallel sockets)', () => {
  let app: FastifyInstance
  /** The server's rows, through its storage seam (__tests__/server/helpers.ts). */
  let db: Rows
  let dir: string
  let handle: TestServerHandle
  const client = httpClient()

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-refund-'))
    // The timer runs every 20 ms and approves requests older than an hour.
    app = await buildApp({ dbPath: path.join(dir, 'race.sqlite'), sandbox: true, sandboxKey: 'race-key', paySecret: SECRET, refundAutoApproveHours: 1, sweepMs: 20 })
    db = rowsOf(app.storage)
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    handle = { base, dbPath: '', sandboxKey: 'race-key', output: () => '', stop: async () => undefined }
  })
  afterAll(async () => {
    client.destroy()
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  afterEach(async () => {
    expect({ serverErrors: client.stats.serverErrors, nonEnvelope: client.stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
    expect(await paymentInvariantViolations(app.q)).toEqual([])
  })

  let seq = 0
  async function user(shopId?: number): Promise<string> {
    const phone = `135${String(++seq).padStart(8, '0')}`
    const { id: userId } = await db.row<{ id: number }>("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00') RETURNING id", phone, `r${seq}`)
    const token = `race-${seq}-${Math.random().toString(36).slice(2)}`
    await db.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, nowMs() + HOUR, nowMs())
    if (shopId) await db.run("INSERT INTO store_staff (user_id, shop_id, created_at) VALUES (?, ?, '2026-01-01 00:00:00')", userId, shopId)
    return token
  }
  const api = <T = unknown>(method: 'GET' | 'POST', endpoint: string, payload: Record<string, unknown>, token: string, sandbox = false) =>
    client.api<T>(handle, method, endpoint, payload, { 'access-token': token, ...(sandbox ? { 'x-sandbox-key': 'race-key' } : {}) })
  const count = async (sqlText: string, ...args: SqlParam[]) => (await db.row<{ n: number }>(sqlText, ...args)).n

  it('exactly one of the shopper’s withdraws and the staff’s approves wins, round after round (the timer racing too in half of them)', async () => {
    const shopper = await user()
    const staff = [await user(1), await user(1)]
    const winners: Record<string, number> = {}
    for (let round = 0; round < 8; round++) {
      const created = await api<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 4000 + round, client_request_id: `race-${round}-${seq}` }, shopper)
      const id = created.body.data.order_info.id
      await api('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper)
      expect((await api('POST', 'sandbox/confirmPay', { id, result: 'success' }, '', true)).body.code).toBe(1)
      expect((await api('POST', 'personal.order/refund', { id, reason: 'race' }, shopper)).body.code).toBe(1)
      // Odd rounds: overdue for the timer while the requests are in flight.
      if (round % 2 === 1) await db.run('UPDATE orders SET refund_requested_at = ? WHERE id = ?', nowMs() - 2 * HOUR, id)
      const answers = await Promise.all([
        api('POST', 'personal.order/cancelRefund', { id }, shopper),
        api('POST', 'hui_shanghu.store_order/refundApprove', { id }, staff[0]),
        api('POST', 'personal.order/cancelRefund', { id }, shopper),
        api('POST', 'hui_shanghu.store_order/refundApprove', { id }, staff[1]),
      ])
      const ok = answers.map((a, i) => (a.body.code === 1 ? (i % 2 === 0 ? 'withdraw' : 'approve') : null)).filter(Boolean)
      const withdrawals = await count("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action = 'refund_withdrawn'", id)
      const approvals = await count("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action IN ('refund_approved', 'refund_auto_approved')", id)
      // One move of the order, whoever made it: withdrawn (back to paid, no refund asked) or approved (one refund).
      expect(withdrawals + approvals).toBe(1)
      expect(ok.length).toBeLessThanOrEqual(1)
      if (round % 2 === 0) expect(ok).toHaveLength(1)
      if (withdrawals === 1) {
        expect(await count('SELECT status AS n FROM orders WHERE id = ?', id)).toBe(10)
        expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', id)).toBe(0)
      } else {
        expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', id)).toBe(1)
        expect(await count('SELECT status AS n FROM orders WHERE id = ?', id)).not.toBe(10)
      }
      for (const a of answers.filter((x) => x.body.code !== 1)) expect(['refund_withdraw_approved', 'refund_withdraw_not_waiting', 'refund_not_waiting', 'refund_already_approved']).toContain((a.body as { reason?: string }).reason)
      const key = ok[0] ?? 'timer'
      winners[key] = (winners[key] ?? 0) + 1
    }
    // Both sides really raced: each won at least once over the rounds is likely but not certain; the invariant is above.
    expect(Object.values(winners).reduce((a, b) => a + b, 0)).toBe(8)
  })
})
