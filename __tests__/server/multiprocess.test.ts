/**
 * The guards under real contention: three server processes (`tsx server/main.ts`, as `npm start` runs it)
 * on one database — the SQLite file, or under TEST_DATABASE_URL one PostgreSQL database (DATABASE_URL; issue 28) —
 * hit in parallel over HTTP. In one process the handlers are synchronous, so requests
 * "at once" run one after another and pass without any transaction; here they race for the write lock.
 *
 *   (a) idempotency   one client_request_id sent 30 times over the 3 processes → one order
 *   (b) no oversell   150 buyers for 20 in stock → exactly 20 orders, stock 0, the rest 已抢光
 *       per-user limit 10 buyers × 6 different requests for a limit-1 product → one order each
 *   (c) paid once     two trades of one order paid, notified (with repeats) to different processes at once
 *                     → one payment attached, the other refunded through the provider
 *   (d) late money    success for a cancelled order's trade → refunded; cancel racing the notification →
 *                     either paid or cancelled-and-refunded, never both
 *   (e) one coupon    one shopper claims one coupon 9 times over the 3 processes at once → one row, one
 *                     code 1, the rest code 0 (UNIQUE user_id, coupon_id; never a 500)
 * Every answer must be an envelope and no answer a 5xx. All loops are bounded; waits poll with a deadline.
 */
import type { Q } from '../../server/storage/query'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SCHEMA_VERSION } from '../../server/storage/history'
import { hashToken } from '../../server/domain/account'
import { paymentInvariantViolations, signNotification } from '../../server/domain/pay/pay'
import { httpClient, startProcesses, tally, waitFor, type SharedDatabase, type TestServerHandle } from './processes'
import { nowMs } from '../../server/time'

const PROCESSES = 3
const SECRET = `mp-secret-${crypto.randomBytes(8).toString('hex')}`
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-mp-'))
const dbPath = path.join(dir, 'shared.sqlite')
let servers: TestServerHandle[] = []
let shared: SharedDatabase | undefined
/** The shared database beside the processes, on either engine. */
let db: Q
let token: string

// ---- HTTP: keep-alive sockets, so requests to the three processes really are in flight at once ----

const { request, api: call, stats, destroy } = httpClient()
const perCase: Record<string, { sent: number; serverErrors: number; nonEnvelope: number; maxInFlight: number; ms: number; note?: string }> = {}

const api = <T = unknown>(i: number, method: 'GET' | 'POST', endpoint: string, payload?: Record<string, unknown>, tok?: string) =>
  call<T>(servers[i % PROCESSES], method, endpoint, payload, tok ? { 'access-token': tok } : {})
const sandbox = <T = unknown>(i: number, method: 'GET' | 'POST', endpoint: string, payload?: Record<string, unknown>) =>
  call<T>(servers[i % PROCESSES], method, `sandbox/${endpoint}`, payload, { 'x-sandbox-key': servers[i % PROCESSES].sandboxKey })
const notify = (i: number, tradeNo: string, amount: number, result: 'success' | 'fail' = 'success') =>
  request<{ accepted: boolean; outcome: string }>(servers[i % PROCESSES], 'POST', '/api/pay/notify', { trade_no: tradeNo, result, amount, sign: signNotification({ trade_no: tradeNo, result, amount }, SECRET) })

const tallyOf = (values: string[]) => values.reduce<Record<string, number>>((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {})

const newRequestId = () => `mp-${crypto.randomBytes(8).toString('hex')}`

/** Each case's own figures (the totals are in `stats`). */
async function measured<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const before = { ...stats }
  stats.maxInFlight = 0
  const started = Date.now()
  try {
    return await fn()
  } finally {
    perCase[name] = {
      sent: stats.sent - before.sent,
      serverErrors: stats.serverErrors - before.serverErrors,
      nonEnvelope: stats.nonEnvelope - before.nonEnvelope,
      maxInFlight: stats.maxInFlight,
      ms: Date.now() - started,
    }
    stats.maxInFlight = Math.max(stats.maxInFlight, before.maxInFlight)
  }
}

/** Shoppers straight into the shared file (the SMS path is covered once, in beforeAll). */
let phoneSeq = 0
function quickUsers(n: number): Promise<Array<{ token: string; userId: number }>> {
  return db.transaction('read committed', async (tx) => {
    const made: Array<{ token: string; userId: number }> = []
    for (let i = 0; i < n; i++) {
      const phone = `135${String(++phoneSeq).padStart(8, '0')}`
      const userId = await tx.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `mp${phoneSeq}`)
      const tok = `mp-${crypto.randomBytes(16).toString('hex')}`
      await tx.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(tok), userId, nowMs() + 3_600_000, nowMs())
      made.push({ token: tok, userId })
    }
    return made
  })
}

/** Money-invariant violations that appeared since this case started (the whole file is checked at the end). */
let violationsBefore: string[] = []
const newViolations = async () => (await paymentInvariantViolations(db)).filter((v) => !violationsBefore.includes(v))

/** A number the query reads as `n` (PostgreSQL's COUNT is a bigint, a string in JS). */
const count = async (sql: string, ...args: Array<string | number>) => Number((await db.get<{ n: number | string }>(sql, ...args))?.n)

interface PaymentRow {
  id: number
  order_id: number
  trade_no: string
  channel: number
  status: string
}
interface RefundRow {
  payment_id: number
  order_id: number
  reason: string
  status: string
}

beforeAll(async () => {
  // All three at once on a new file: migrations and demo seeding must each run exactly once.
  const started = await startProcesses(PROCESSES, { label: 'mp', dbPath, env: { PAY_NOTIFY_SECRET: SECRET } })
  servers = started.servers
  shared = started.db
  db = shared.q()

  // A real login across processes: the code is sent by one process, read from the outbox through another (the outbox is
  // a table, docs/multi-process.md) and checked by a third.
  const phone = '13800000001'
  expect((await api(0, 'POST', 'Captcha/sendSmsCaptcha', { phone })).body.code).toBe(1)
  const outbox = await sandbox<{ list: Array<{ code: string }> }>(1, 'GET', 'smsOutbox', { phone })
  const bound = await api<{ token: string }>(2, 'POST', 'wechat/bind', { phone, code: outbox.body.data.list[0].code })
  expect(bound.body.code).toBe(1)
  token = bound.body.data.token

  // Flash-sale sessions follow the clock: every session "on now".
  await db.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
})

afterAll(async () => {
  destroy()
  await Promise.all(servers.map((s) => s.stop()))
  if (process.env.MP_DUMP) servers.forEach((s, i) => fs.writeFileSync(`${process.env.MP_DUMP}-${i}.log`, s.output()))
  await shared?.close()
  fs.rmSync(dir, { recursive: true, force: true })
  // The figures, for whoever reads the run.
  const on = shared?.engine === 'postgres' ? 'one PostgreSQL database' : 'one SQLite file'
  console.log(`multiprocess: ${PROCESSES} processes, ${on}\n${JSON.stringify({ total: stats, perCase }, null, 1)}`)
})

let before = { serverErrors: 0, nonEnvelope: 0 }
beforeEach(async () => {
  before = { serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }
  violationsBefore = db ? await paymentInvariantViolations(db) : []
})
afterEach(() => {
  // Nothing may have gone wrong in any case, whatever it asserted (counted per case).
  expect({ serverErrors: stats.serverErrors - before.serverErrors, nonEnvelope: stats.nonEnvelope - before.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
})

describe('three server processes on one database', () => {
  it('started at once on a new database: one schema, seeded once', async () => {
    if (db.engine === 'sqlite') expect(await db.value('PRAGMA user_version')).toBe(SCHEMA_VERSION)
    else expect(await count('SELECT max(version) AS n FROM schema_version')).toBe(SCHEMA_VERSION)
    expect(await count('SELECT COUNT(*) AS n FROM cities')).toBe(8)
    expect(await count('SELECT COUNT(*) AS n FROM seckill_products')).toBe(18)
    expect(await count('SELECT COUNT(*) AS n FROM mall_products')).toBe(22)
    expect(new Set(servers.map((s) => s.sandboxKey)).size).toBe(PROCESSES)
  })

  it('(a) one client_request_id sent 30 times over the processes at once → one order, one id in every answer', async () => {
    await measured('a', async () => {
      for (let round = 0; round < 3; round++) {
        const id = newRequestId()
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => api<{ order_info: { id: number } }>(i, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 5000, client_request_id: id }, token)))
        expect(tally(answers)).toEqual({ '200 1 ok': 30 })
        expect(new Set(answers.map((a) => a.body.data.order_info.id)).size).toBe(1)
        expect(await count('SELECT COUNT(*) AS n FROM orders WHERE client_request_id = ?', id)).toBe(1)
      }
    })
  })

  it('(b) 150 buyers for 20 in stock → exactly 20 orders, stock 0, every other answer 已抢光', async () => {
    await measured('b', async () => {
      await db.run('UPDATE seckill_products SET stock = 20, total_stock = 20, limit_per_user = 1 WHERE id = 2')
      const buyers = await quickUsers(150)
      const answers = await Promise.all(buyers.map((b, i) => api(i, 'POST', 'personal.order/create', { kind: 'product', product_id: 2, quantity: 1, client_request_id: newRequestId() }, b.token)))
      expect(tally(answers)).toEqual({ '200 1 ok': 20, '200 0 已抢光': 130 })
      expect(await count('SELECT stock AS n FROM seckill_products WHERE id = 2')).toBe(0)
      expect(await count("SELECT COUNT(*) AS n FROM orders WHERE kind = 'product' AND ref_id = 2")).toBe(20)
      expect(await count("SELECT COALESCE(SUM(quantity), 0) AS n FROM orders WHERE kind = 'product' AND ref_id = 2")).toBe(20)
    })
  })

  it('(b) per-user limit: 10 buyers × 6 different requests for a limit-1 product → one order each', async () => {
    await measured('b-limit', async () => {
      await db.run('UPDATE seckill_products SET stock = 100, total_stock = 100, limit_per_user = 1 WHERE id = 3')
      const buyers = await quickUsers(10)
      const calls = buyers.flatMap((b) => Array.from({ length: 6 }, () => b))
      const answers = await Promise.all(calls.map((b, i) => api(i, 'POST', 'personal.order/create', { kind: 'product', product_id: 3, quantity: 1, client_request_id: newRequestId() }, b.token)))
      expect(tally(answers)).toEqual({ '200 1 ok': 10, '200 0 每人限购 1 件': 50 })
      for (const b of buyers) expect(await count("SELECT COUNT(*) AS n FROM orders WHERE kind = 'product' AND ref_id = 3 AND user_id = ?", b.userId)).toBe(1)
      expect(await count('SELECT stock AS n FROM seckill_products WHERE id = 3')).toBe(90)
    })
  })

  it('(c) two trades of one order both paid, notified at once to different processes → one attached, the other refunded', async () => {
    await measured('c', async () => {
      const ROUNDS = 8
      const orders: Array<{ id: number; amount: number; trades: string[] }> = []
      for (let r = 0; r < ROUNDS; r++) {
        const created = await api<{ order_info: { id: number; pay_amount: number } }>(r, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 5000 + r, client_request_id: newRequestId() }, token)
        const order = created.body.data.order_info
        const h5 = await api<{ expend: { pay_info: string } }>(r, 'POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)
        const weapp = await api<{ expend: { pay_info: string } }>(r + 1, 'POST', 'personal.order/payparam', { id: order.id, platform: 'weapp' }, token)
        const trades = [h5.body.data.expend.pay_info, weapp.body.data.expend.pay_info]
        expect(trades[0]).not.toBe(trades[1])
        orders.push({ id: order.id, amount: order.pay_amount, trades })
      }
      // Both trades' successes and a repeat of each, every one to a different process, all rounds at once.
      const answers = await Promise.all(orders.flatMap((o, r) => [0, 1, 0, 1].map((t, k) => notify(r + k, o.trades[t], o.amount))))
      expect(tally(answers)).toEqual({ '200 1 ok': ROUNDS * 4 })
      // Per order: one success attaches its payment, the other trade's first success is refunded, the rest repeat.
      expect(tallyOf(answers.map((a) => a.body.data.outcome))).toEqual({ paid: ROUNDS, refunding: ROUNDS, repeat: ROUNDS * 2 })

      const ids = orders.map((o) => o.id)
      const inIds = `(${ids.join(',')})`
      // Each process's provider sends the refund notification back to that process; wait for all of them.
      await waitFor('the duplicate payments to be refunded', async () => (await count(`SELECT COUNT(*) AS n FROM refunds WHERE order_id IN ${inIds} AND status = 'succeeded'`)) === ROUNDS)
      for (const o of orders) {
        const payments = await db.all<PaymentRow>('SELECT * FROM payments WHERE order_id = ? ORDER BY id', o.id)
        expect(payments.map((p) => p.status).sort()).toEqual(['paid', 'refunded'])
        const refunds = await db.all<RefundRow>('SELECT * FROM refunds WHERE order_id = ?', o.id)
        expect(refunds).toEqual([expect.objectContaining({ payment_id: payments.find((p) => p.status === 'refunded')?.id, reason: 'duplicate', status: 'succeeded' })])
        expect(await count('SELECT status AS n FROM orders WHERE id = ?', o.id)).toBe(10)
      }
      expect(await newViolations()).toEqual([])
    })
  })

  it("(d) success for a cancelled order's trade, sent to every process at once → refunded once, the order stays cancelled", async () => {
    await measured('d-late', async () => {
      const ROUNDS = 4
      const orders: Array<{ id: number; amount: number; trade: string }> = []
      for (let r = 0; r < ROUNDS; r++) {
        const order = (await api<{ order_info: { id: number; pay_amount: number } }>(r, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 6000 + r, client_request_id: newRequestId() }, token)).body.data.order_info
        const trade = (await api<{ expend: { pay_info: string } }>(r + 1, 'POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)).body.data.expend.pay_info
        expect((await api(r + 2, 'POST', 'personal.order/cancel', { id: order.id }, token)).body.code).toBe(1)
        orders.push({ id: order.id, amount: order.pay_amount, trade })
      }
      const answers = await Promise.all(orders.flatMap((o, r) => [0, 1, 2].map((k) => notify(r + k, o.trade, o.amount))))
      expect(tally(answers)).toEqual({ '200 1 ok': ROUNDS * 3 })
      expect(tallyOf(answers.map((a) => a.body.data.outcome))).toEqual({ refunding: ROUNDS, repeat: ROUNDS * 2 })
      const inIds = `(${orders.map((o) => o.id).join(',')})`
      await waitFor('the late payments to be refunded', async () => (await count(`SELECT COUNT(*) AS n FROM refunds WHERE order_id IN ${inIds} AND status = 'succeeded'`)) === ROUNDS)
      for (const o of orders) {
        expect(await count('SELECT status AS n FROM orders WHERE id = ?', o.id)).toBe(50)
        expect((await db.get<{ status: string }>('SELECT status FROM payments WHERE trade_no = ?', o.trade))?.status).toBe('refunded')
        expect(await db.all('SELECT reason, status FROM refunds WHERE order_id = ?', o.id)).toEqual([{ reason: 'late', status: 'succeeded' }])
      }
      expect(await newViolations()).toEqual([])
    })
  })

  it('(d) cancel racing the success notification on other processes → paid, or cancelled and refunded; never both', async () => {
    await measured('d-race', async () => {
      const ROUNDS = 8
      const orders: Array<{ id: number; amount: number; trade: string }> = []
      for (let r = 0; r < ROUNDS; r++) {
        const order = (await api<{ order_info: { id: number; pay_amount: number } }>(r, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 7000 + r, client_request_id: newRequestId() }, token)).body.data.order_info
        const trade = (await api<{ expend: { pay_info: string } }>(r, 'POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)).body.data.expend.pay_info
        orders.push({ id: order.id, amount: order.pay_amount, trade })
      }
      const answers = await Promise.all(
        orders.flatMap((o, r) => [api(r, 'POST', 'personal.order/cancel', { id: o.id }, token), notify(r + 1, o.trade, o.amount), notify(r + 2, o.trade, o.amount)]),
      )
      const cancels = tally(answers.filter((_, i) => i % 3 === 0))
      expect(Object.keys(cancels).filter((k) => k !== '200 1 ok' && k !== '200 0 订单当前状态不能取消')).toEqual([])
      expect(tally(answers.filter((_, i) => i % 3 !== 0))).toEqual({ '200 1 ok': ROUNDS * 2 })
      const inIds = `(${orders.map((o) => o.id).join(',')})`
      await waitFor('no refund pending', async () => (await count(`SELECT COUNT(*) AS n FROM refunds WHERE order_id IN ${inIds} AND status <> 'succeeded'`)) === 0)
      for (const [r, o] of orders.entries()) {
        const status = await count('SELECT status AS n FROM orders WHERE id = ?', o.id)
        const payment = (await db.get<{ status: string }>('SELECT status FROM payments WHERE trade_no = ?', o.trade))?.status
        const refunds = await db.all('SELECT reason, status FROM refunds WHERE order_id = ?', o.id)
        // The shopper was told "cancelled" exactly when the cancel won: then the money is refunded and the order stays cancelled.
        const cancelled = answers[r * 3].body.code === 1
        if (cancelled) expect({ status, payment, refunds }).toEqual({ status: 50, payment: 'refunded', refunds: [{ reason: 'late', status: 'succeeded' }] })
        else expect({ status, payment, refunds }).toEqual({ status: 10, payment: 'paid', refunds: [] })
      }
      expect(await newViolations()).toEqual([])
      const paid = await count(`SELECT COUNT(*) AS n FROM orders WHERE id IN ${inIds} AND status = 10`)
      perCase['d-race-outcome'] = { sent: 0, serverErrors: 0, nonEnvelope: 0, maxInFlight: 0, ms: 0, note: `${paid} paid, ${ROUNDS - paid} cancelled and refunded` }
    })
  })

  it('(e) payparam in parallel, and racing a cancel → one open trade per channel, and none left open on a cancelled order', async () => {
    await measured('e-payparam', async () => {
      const ROUNDS = 6
      for (let r = 0; r < ROUNDS; r++) {
        const order = (await api<{ order_info: { id: number } }>(r, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 8000 + r, client_request_id: newRequestId() }, token)).body.data.order_info
        const same = await Promise.all(Array.from({ length: 6 }, (_, k) => api<{ expend: { pay_info: string } }>(r + k, 'POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)))
        expect(tally(same)).toEqual({ '200 1 ok': 6 })
        expect(new Set(same.map((a) => a.body.data.expend.pay_info)).size).toBe(1)
        expect(await count("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'pending'", order.id)).toBe(1)

        const other = (await api<{ order_info: { id: number } }>(r, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 8100 + r, client_request_id: newRequestId() }, token)).body.data.order_info
        const race = await Promise.all([
          api(r, 'POST', 'personal.order/cancel', { id: other.id }, token),
          ...Array.from({ length: 4 }, (_, k) => api(r + k + 1, 'POST', 'personal.order/payparam', { id: other.id, platform: k % 2 ? 'weapp' : 'h5', pay_channel: k % 2 ? undefined : 6 }, token)),
        ])
        expect(race[0].body).toMatchObject({ code: 1 })
        expect(Object.keys(tally(race.slice(1))).filter((k) => k !== '200 1 ok' && k !== '200 0 订单已取消，请重新下单')).toEqual([])
        // Whatever the order of events, no trade is left open on the cancelled order.
        expect(await count("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'pending'", other.id)).toBe(0)
      }
      expect(await newViolations()).toEqual([])
    })
  })

  it('(e) one coupon each: claims racing over the processes make one row, the rest answer code 0', async () => {
    await measured('e: coupon claims', async () => {
      for (const [round, shopper] of (await quickUsers(4)).entries()) {
        const answers = await Promise.all(Array.from({ length: 9 }, (_, k) => api(round + k, 'POST', 'personal.coupon/claim', { coupon_id: 1 + (round % 4) }, shopper.token)))
        expect(tally(answers)).toEqual({ '200 1 ok': 1, '200 0 已领取过该优惠券': 8 })
        expect(await count('SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ?', shopper.userId)).toBe(1)
      }
    })
  })

  it('(f) a mall spec: 120 buyers racing for 15 in stock, shipped to their own addresses → exactly 15 orders, stock 0, the other spec untouched', async () => {
    await measured('f: mall spec stock', async () => {
      await db.run('UPDATE mall_specs SET stock = 15, total_stock = 15 WHERE id = 141')
      await db.run('UPDATE mall_products SET limit_per_order = 5 WHERE id = 14')
      const otherSpec = await count('SELECT stock AS n FROM mall_specs WHERE id = 131')
      const buyers = await quickUsers(120)
      const addressIds: number[] = []
      for (const b of buyers)
        addressIds.push(await db.insert("INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, is_default, created_at) VALUES (?, '买家', '13800000000', '广东省', '深圳市', '南山区', '科技园 1 号', 1, '2026-01-01 00:00:00')", b.userId))
      const answers = await Promise.all(
        buyers.map((b, i) =>
          api(i, 'POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: 14, spec_id: 141, quantity: 1, delivery: 'ship', address_id: addressIds[i], client_request_id: newRequestId() }, b.token),
        ),
      )
      const byMessage = tally(answers)
      expect(byMessage['200 1 ok']).toBe(15)
      // Refused before or at the decrement, depending on when each read the stock: never a 5xx, never more than 15.
      expect(Object.keys(byMessage).every((k) => k === '200 1 ok' || /^200 0 (该规格已售罄|库存仅剩 \d+ 件|库存不足，请减少数量或换个规格)$/.test(k))).toBe(true)
      expect(await count('SELECT stock AS n FROM mall_specs WHERE id = 141')).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM orders WHERE spec_id = 141')).toBe(15)
      expect(await count('SELECT stock AS n FROM mall_specs WHERE id = 131')).toBe(otherSpec)
    })
  })

  it('after the processes stop: no error logged, the money invariant holds over the whole database, integrity ok', async () => {
    await Promise.all(servers.map((s) => s.stop()))
    // Error-level log lines (pino: 50 error, 60 fatal) of all processes, counted by error code and message.
    const errors = servers.flatMap((s) => s.output().split('\n').filter((l) => /"level":(50|60)/.test(l)))
    expect(tallyOf(errors.map((l) => (/"code":"(\w+)"/.exec(l)?.[1] ?? '') + ' ' + (/"msg":"([^"]*)"/.exec(l)?.[1] ?? l.slice(0, 120))))).toEqual({})
    expect(await paymentInvariantViolations(db)).toEqual([])
    if (db.engine === 'sqlite') expect(await db.value('PRAGMA integrity_check')).toBe('ok')
    expect(await count('SELECT COUNT(*) AS n FROM seckill_products WHERE stock < 0')).toBe(0)
    expect(await count('SELECT COUNT(*) AS n FROM mall_specs WHERE stock < 0')).toBe(0)
  })
})
