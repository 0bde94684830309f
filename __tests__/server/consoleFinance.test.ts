/**
 * The console's money views and decisions (issue 45; docs/api.md "Console: money and decisions"): finance reads payments
 * and refunds by business day (Asia/Shanghai) and by shop, matching the `payments` and `refunds` tables to the fen, and
 * exports a day as CSV; an operator answers a refund request a store left unanswered (through the store's own functions:
 * refunded once, every fen in the ledger) and ends a shopper's sessions — each decision with its audit row and reason.
 * Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import type { InjectOptions } from 'fastify'
import { CONSOLE_ENDPOINTS, type ConsoleEndpointPath, type OperatorRole } from '../../src/contract/consoleEndpoints'
import type { MoneyDayPage, MoneyDays, MoneyExport, MoneyShops, ShopperAnswer, WaitingRefundPage } from '../../src/contract/console'
import type { OrderInfo } from '../../src/contract/order'
import { ORDER_STATUS } from '../../src/contract/constants'
import { DEMO_OPERATORS } from '../../server/demo/seedOperators'
import { totpCode } from '../../server/domain/console/secrets'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { holdServerClock, startServer, type TestServer } from './helpers'

interface Answer<T> {
  code: number
  msg: string
  data: T
  reason?: string
}

const HOUR = 3_600_000
/** 2027-06-10 23:30 in Shanghai (15:30 UTC): the last half hour of the business day. */
const LATE_ON_10 = Date.UTC(2027, 5, 10, 15, 30)
/** 2027-06-11 00:30 in Shanghai (16:30 UTC, still the 10th in UTC): the next business day. */
const EARLY_ON_11 = Date.UTC(2027, 5, 10, 16, 30)

let s: TestServer
let clock = 0
/** Moves the held server clock (never back: TOTP codes are used once). */
const at = (ms: number) => {
  clock = Math.max(ms, clock + 60_000)
  holdServerClock(clock)
}

let address = 0
async function call<T>(path: ConsoleEndpointPath, payload: Record<string, unknown>, token: string): Promise<Answer<T>> {
  const method = CONSOLE_ENDPOINTS[path]
  const opts: InjectOptions = { method, url: `/api/${path}`, headers: { 'operator-token': token }, remoteAddress: `10.9.0.${(++address % 250) + 1}` }
  if (method === 'GET') opts.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
  else opts.payload = payload
  const res = await s.app.inject(opts)
  expect(res.statusCode).toBe(200)
  return res.json() as Answer<T>
}

/** A demo operator's session, signed in at the held clock (a step of its own: a code is used once). */
async function operator(role: OperatorRole): Promise<string> {
  at(clock + 60_000)
  const o = DEMO_OPERATORS.find((d) => d.role === role) as (typeof DEMO_OPERATORS)[number]
  const res = await s.app.inject({ method: 'POST', url: '/api/console.auth/signIn', payload: { username: o.username, password: o.password, totp: totpCode(o.totpSecret, clock) }, remoteAddress: `10.8.0.${(++address % 250) + 1}` })
  const body = res.json() as Answer<{ token: string }>
  expect(body.code).toBe(1)
  return body.data.token
}

let shopper = ''
const newId = () => `req-${Math.random().toString(36).slice(2, 12)}`

/** A bill paid at `shopId` at the held moment (H5, the sandbox cashier). */
async function paidBill(amount: number, shopId = 1): Promise<OrderInfo> {
  const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: shopId, amount, client_request_id: newId() }, shopper)
  const id = created.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper)).body.data.info
}
const askRefund = async (id: number, reason = '不想要了') => expect((await s.call('POST', 'personal.order/refund', { id, reason }, shopper)).body.code).toBe(1)

/** The ledger's own sums of a day, straight from the tables (what finance must match). */
async function ledgerOf(day: string) {
  const paid = await s.rows<{ amount: number; received: string | null }>(
    `SELECT p.amount, CASE WHEN r.reason = 'order' THEN o.pay_time ELSE p.notified_at END AS received
     FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN refunds r ON r.payment_id = p.id WHERE p.status IN ('paid', 'refunding', 'refunded')`,
  )
  const back = await s.rows<{ amount: number; notified_at: string | null }>("SELECT amount, notified_at FROM refunds WHERE status = 'succeeded'")
  const onDay = <T extends { amount: number }>(rows: T[], time: (r: T) => string | null) => rows.filter((r) => time(r)?.startsWith(day)).map((r) => Number(r.amount))
  const received = onDay(paid, (r) => r.received)
  const returned = onDay(back, (r) => r.notified_at)
  return { payments_count: received.length, payments_fen: received.reduce((a, b) => a + b, 0), refunds_count: returned.length, refunds_fen: returned.reduce((a, b) => a + b, 0) }
}

const orders: Record<string, OrderInfo> = {}

/** Waits for a condition (the sandbox provider's refund notification arrives after the answer), a bounded number of turns. */
async function until(check: () => Promise<boolean>, turns = 500): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await check()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('condition not met')
}

beforeAll(async () => {
  s = await startServer()
  at(LATE_ON_10 - 2 * HOUR)
  shopper = (await s.login('13700004590')).token
  // 2027-06-10 (Shanghai): three bills at shop 1 and one at shop 2, the last at 23:30.
  at(LATE_ON_10 - HOUR)
  orders.a = await paidBill(1234)
  orders.b = await paidBill(99)
  orders.c = await paidBill(50000, 2)
  at(LATE_ON_10)
  orders.d = await paidBill(8801)
  // 2027-06-11 00:30 (Shanghai; the same UTC day): a bill of the next business day.
  at(EARLY_ON_11)
  orders.e = await paidBill(777)
  // Bill b is refunded on the 11th (its store approves): money back on the 11th, received still on the 10th.
  await askRefund(orders.b.id)
  expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: orders.b.id }, (await s.login('19900000001')).token)).body.code).toBe(1)
})
afterAll(async () => {
  expect(await paymentInvariantViolations(s.app.q)).toEqual([])
  await s.close()
})
afterEach(() => jest.restoreAllMocks())
beforeEach(() => holdServerClock(clock))

describe('money by business day and by shop', () => {
  it('each day of the range matches the tables to the fen; 23:30 and 00:30 Shanghai fall on their own days', async () => {
    const finance = await operator('finance')
    const res = await call<MoneyDays>('console.money/days', { from: '2027-06-09', to: '2027-06-11' }, finance)
    expect(res.code).toBe(1)
    expect(res.data.list.map((d) => d.day)).toEqual(['2027-06-09', '2027-06-10', '2027-06-11'])
    const [d9, d10, d11] = res.data.list
    expect(d9).toMatchObject({ payments_count: 0, payments_fen: 0, refunds_count: 0, refunds_fen: 0 })
    const paid = (...keys: string[]) => keys.reduce((sum, k) => sum + orders[k].pay_amount, 0)
    expect(d10).toEqual({ day: '2027-06-10', payments_count: 4, payments_fen: paid('a', 'b', 'c', 'd'), refunds_count: 0, refunds_fen: 0, net_fen: paid('a', 'b', 'c', 'd') })
    expect(d11).toEqual({ day: '2027-06-11', payments_count: 1, payments_fen: paid('e'), refunds_count: 1, refunds_fen: paid('b'), net_fen: paid('e') - paid('b') })
    for (const d of res.data.list) expect(d).toMatchObject(await ledgerOf(d.day))
    expect(res.data.totals).toEqual({ payments_count: 5, payments_fen: paid('a', 'b', 'c', 'd', 'e'), refunds_count: 1, refunds_fen: paid('b'), net_fen: paid('a', 'c', 'd', 'e') })
  })

  it('by shop: the same totals, most received first', async () => {
    const finance = await operator('admin')
    const res = await call<MoneyShops>('console.money/shops', { from: '2027-06-10', to: '2027-06-11' }, finance)
    expect(res.code).toBe(1)
    const paid = (...keys: string[]) => keys.reduce((sum, k) => sum + orders[k].pay_amount, 0)
    expect(res.data.list.map((r) => [r.shop_id, r.payments_count, r.payments_fen, r.refunds_fen])).toEqual([
      [2, 1, paid('c'), 0],
      [1, 4, paid('a', 'b', 'd', 'e'), paid('b')],
    ])
    expect(res.data.list[0].shop_name).toEqual(expect.any(String))
    const days = await call<MoneyDays>('console.money/days', { from: '2027-06-10', to: '2027-06-11' }, finance)
    expect(res.data.totals).toEqual(days.data.totals)
  })

  it('a day’s payments and refunds, paged, one line each', async () => {
    const finance = await operator('finance')
    const first = await call<MoneyDayPage>('console.money/day', { day: '2027-06-10', page: 1, page_size: 3 }, finance)
    const second = await call<MoneyDayPage>('console.money/day', { day: '2027-06-10', page: 2, page_size: 3 }, finance)
    expect(first.data.total).toBe(4)
    const lines = [...first.data.list, ...second.data.list]
    expect(lines.map((l) => [l.order_id, l.amount])).toEqual([orders.a, orders.b, orders.c, orders.d].map((o) => [o.id, o.pay_amount]))
    expect(lines[1]).toMatchObject({ status: 'refunded', provider: 'sandbox', at: expect.stringMatching(/^2027-06-10 22:3/) })
    const refunds = await call<MoneyDayPage>('console.money/day', { day: '2027-06-11', kind: 'refunds' }, finance)
    expect(refunds.data.list).toEqual([expect.objectContaining({ order_id: orders.b.id, amount: orders.b.pay_amount, status: 'succeeded', reason: 'order', trade_no: lines[1].number })])
  })

  it('a range backwards, too long or a day that is no day is refused by its reason', async () => {
    const finance = await operator('finance')
    expect(await call('console.money/days', { from: '2027-06-11', to: '2027-06-10' }, finance)).toMatchObject({ code: 0, reason: 'console_range_invalid' })
    expect(await call('console.money/days', { from: '2027-01-01', to: '2027-06-10' }, finance)).toMatchObject({ code: 0, reason: 'console_range_invalid' })
    expect(await call('console.money/day', { day: '2027-02-30' }, finance)).toMatchObject({ code: 0, reason: 'console_day_invalid' })
  })
})

describe('the CSV export', () => {
  /** RFC 4180 as Excel reads it: quoted fields may hold commas, quotes ("") and line breaks. */
  function parse(csv: string): string[][] {
    const rows: string[][] = []
    let row: string[] = []
    let field = ''
    let quoted = false
    const text = csv.replace(/^\uFEFF/, '')
    for (let i = 0; i < text.length; i++) {
      const c = text[i]
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          field += '"'
          i++
        } else if (c === '"') quoted = false
        else field += c
      } else if (c === '"') quoted = true
      else if (c === ',') {
        row.push(field)
        field = ''
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(field)
        rows.push(row)
        row = []
        field = ''
        i++
      } else field += c
    }
    if (field || row.length) {
      row.push(field)
      rows.push(row)
    }
    return rows
  }

  it('UTF-8 with a BOM, one line per payment and refund; its payments sum to SUM(amount) of the day’s counted payments, in yuan and fen', async () => {
    const finance = await operator('finance')
    for (const day of ['2027-06-10', '2027-06-11']) {
      const res = await call<MoneyExport>('console.money/export', { day }, finance)
      expect(res.code).toBe(1)
      expect(res.data.filename).toBe(`ledger-${day}.csv`)
      expect(res.data.csv.startsWith('\uFEFF')).toBe(true)
      const [header, ...rows] = parse(res.data.csv)
      expect(header).toEqual(['类型', '流水号', '原支付流水号', '订单ID', '订单号', '店铺ID', '店铺', '支付渠道', '支付方式', '状态', '退款原因', '金额(元)', '金额(分)', '时间'])
      const payments = rows.filter((r) => r[0] === '收款')
      const refunds = rows.filter((r) => r[0] === '退款')
      const ledger = await ledgerOf(day)
      expect(payments.length).toBe(ledger.payments_count)
      expect(payments.reduce((sum, r) => sum + Number(r[12]), 0)).toBe(ledger.payments_fen)
      // Yuan with two decimals, the same money as the fen column.
      for (const r of [...payments, ...refunds]) expect(r[11]).toBe((Number(r[12]) / 100).toFixed(2))
      expect(refunds.reduce((sum, r) => sum + Number(r[12]), 0)).toBe(ledger.refunds_fen)
      expect(res.data.totals).toMatchObject(ledger)
      // Every line names its trade, order, shop, provider and method, status and time of that day.
      for (const r of payments) expect(r).toEqual([expect.any(String), expect.stringMatching(/\S/), '', expect.stringMatching(/^\d+$/), expect.stringMatching(/\S/), expect.stringMatching(/^\d+$/), expect.stringMatching(/\S/), 'sandbox', expect.stringMatching(/\S/), expect.stringMatching(/^(paid|refunding|refunded)$/), '', expect.any(String), expect.any(String), expect.stringMatching(new RegExp(`^${day} `))])
    }
    const en = await call<MoneyExport>('console.money/export', { day: '2027-06-10', lang: 'en' }, finance)
    expect(parse(en.data.csv)[0][0]).toBe('kind')
  })

  it('a content operator and a reviewer are refused (the money area is admin’s and finance’s)', async () => {
    for (const role of ['content', 'reviewer'] as const) {
      const token = await operator(role)
      expect(await call('console.money/export', { day: '2027-06-10' }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
      expect(await call('console.money/days', { from: '2027-06-10', to: '2027-06-10' }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
    }
  })
})

describe('refund requests the stores did not answer', () => {
  it('listed past the store’s answer window; finance approves one with a reason (refunded once, through the ledger) and refuses another; each with its audit row', async () => {
    at(clock + HOUR)
    const o1 = await paidBill(4321, 2)
    const o2 = await paidBill(1500, 2)
    await askRefund(o1.id, '商品有问题')
    at(clock + HOUR)
    await askRefund(o2.id, '买错了')
    // 46 hours on (47 for the first): none past the window yet (the timer's 48 h), both waiting.
    at(clock + 46 * HOUR)
    let finance = await operator('finance')
    const early = await call<WaitingRefundPage>('console.refund/index', { overdue_only: 'true' }, finance)
    expect(early.data).toMatchObject({ total: 0, answer_window_hours: 48, overdue_total: 0 })
    const all = await call<WaitingRefundPage>('console.refund/index', {}, finance)
    expect(all.data.list.map((r) => r.order_id)).toEqual([o1.id, o2.id])
    // Past the window for the first: marked, listed first.
    at(clock + HOUR)
    finance = await operator('finance')
    const late = await call<WaitingRefundPage>('console.refund/index', { overdue_only: 'true' }, finance)
    expect(late.data).toMatchObject({ total: 1, overdue_total: 1, list: [{ order_id: o1.id, amount: o1.pay_amount, reason: '商品有问题', overdue: true, shopper_phone: '137****4590' }] })
    expect(late.data.list[0].waiting_hours).toBeGreaterThanOrEqual(48)

    expect(await call('console.refund/approve', { order_id: o1.id, reason: '' }, finance)).toMatchObject({ code: 0, reason: 'operator_reason_required' })
    const approved = await call<{ status: number; refund_no: string; refund_fen: number }>('console.refund/approve', { order_id: o1.id, reason: '商家 48 小时未处理' }, finance)
    // Approved: the refund asked of the provider (its answer settles the order, as after a store's approval).
    expect(approved).toMatchObject({ code: 1, data: { order_id: o1.id, refund_fen: o1.pay_amount, refund_no: expect.any(String) } })
    expect([ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED]).toContain(approved.data.status)
    // Refunded at most once: again, refused; one refund row for the order, for the amount paid.
    expect((await call('console.refund/approve', { order_id: o1.id, reason: 'again' }, finance)).reason).toMatch(/^refund_(already_approved|not_waiting)$/)
    await until(async () => (await s.row<{ status: string }>('SELECT status FROM refunds WHERE order_id = ?', o1.id)).status === 'succeeded')
    expect(await s.rows('SELECT amount, status FROM refunds WHERE order_id = ?', o1.id)).toEqual([{ amount: o1.pay_amount, status: 'succeeded' }])

    const refused = await call('console.refund/reject', { order_id: o2.id, reason: '已与顾客电话确认，不退款' }, finance)
    expect(refused).toMatchObject({ code: 1, data: { order_id: o2.id, status: ORDER_STATUS.PAID, refund_no: null } })
    const seen = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: o2.id }, shopper)).body.data.info
    expect(seen.refund).toMatchObject({ state: 'refused', refused: { reason: '已与顾客电话确认，不退款' } })
    expect(await call('console.refund/reject', { order_id: o2.id, reason: 'again' }, finance)).toMatchObject({ code: 0, reason: 'refund_not_waiting' })

    const audit = await s.rows<{ action: string; target_id: string; reason: string; before_json: string; after_json: string }>(
      "SELECT action, target_id, reason, before_json, after_json FROM operator_audit WHERE action IN ('refund.approve', 'refund.reject') ORDER BY id",
    )
    expect(audit.map((a) => [a.action, Number(a.target_id), a.reason, JSON.parse(a.before_json).status, JSON.parse(a.after_json).status])).toEqual([
      ['refund.approve', o1.id, '商家 48 小时未处理', ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDING],
      ['refund.reject', o2.id, '已与顾客电话确认，不退款', ORDER_STATUS.REFUNDING, ORDER_STATUS.PAID],
    ])
    expect(JSON.parse(audit[0].after_json).refund).toMatchObject({ amount: o1.pay_amount })
    // The ledger: the day's refunds include it, to the fen.
    const day = new Date(clock + 8 * HOUR).toISOString().slice(0, 10)
    const money = await call<MoneyDays>('console.money/days', { from: day, to: day }, finance)
    expect(money.data.list[0]).toMatchObject(await ledgerOf(day))
    expect(money.data.list[0].refunds_fen).toBeGreaterThanOrEqual(o1.pay_amount)
  })

  it('a reviewer and a content operator are refused', async () => {
    for (const role of ['reviewer', 'content'] as const) expect(await call('console.refund/index', {}, await operator(role))).toMatchObject({ code: 0, reason: 'operator_role_refused' })
  })
})

describe('a shopper’s account', () => {
  it('an administrator finds a shopper by phone (masked), sees the sessions and ends them all with a reason; the shopper is signed out', async () => {
    const second = (await s.login('13700004590')).token
    expect((await s.call('GET', 'personal.user/info', {}, second)).body.code).toBe(1)
    const admin = await operator('admin')
    expect(await call('console.shopper/find', { phone: '1370000' }, admin)).toMatchObject({ code: 0, reason: 'console_phone_invalid' })
    expect(await call('console.shopper/find', { phone: '13799999999' }, admin)).toMatchObject({ code: 0, reason: 'user_not_found' })
    const found = await call<ShopperAnswer>('console.shopper/find', { phone: '13700004590' }, admin)
    expect(found).toMatchObject({ code: 1, data: { shopper: { phone_masked: '137****4590' } } })
    expect(JSON.stringify(found.data)).not.toContain('13700004590')
    expect(found.data.sessions.length).toBeGreaterThanOrEqual(2)
    const ended = await call<{ ended: number }>('console.shopper/endSessions', { user_id: found.data.shopper.id, reason: '顾客来电说手机丢了' }, admin)
    expect(ended).toMatchObject({ code: 1, data: { ended: found.data.sessions.length } })
    expect((await s.call('GET', 'personal.user/info', {}, second)).body.code).toBe(-1)
    expect((await call<ShopperAnswer>('console.shopper/find', { phone: '13700004590' }, admin)).data.sessions).toEqual([])
    const row = await s.row<{ reason: string; target_kind: string; before_json: string }>("SELECT reason, target_kind, before_json FROM operator_audit WHERE action = 'shopper.endSessions'")
    expect(row).toMatchObject({ reason: '顾客来电说手机丢了', target_kind: 'user' })
    expect(JSON.parse(row.before_json).sessions).toHaveLength(found.data.sessions.length)
  })

  it('finance is refused (the shopper area is the administrator’s)', async () => {
    expect(await call('console.shopper/find', { phone: '13700004590' }, await operator('finance'))).toMatchObject({ code: 0, reason: 'operator_role_refused' })
  })
})
