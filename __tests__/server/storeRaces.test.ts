/**
 * The store's guards under real contention (issue 12): three server processes (`tsx server/main.ts`) on
 * one database (the SQLite file; under TEST_DATABASE_URL one PostgreSQL database, issue 28), hit in parallel over HTTP, their housekeeping sweep running every 50 ms.
 *
 *   (v) two staff verifying one code at once, over the processes → redeemed once, every other answer
 *       "used"; one 'verified' on the trail
 *   (r) approves sent to every process at once while every process's timer finds the request overdue
 *       → refunded once: one refund row, one provider refund (one refund number), one approval on the trail
 * Every answer must be an envelope and no answer a 5xx. Waits poll with a deadline.
 */
import type { Q } from '../../server/storage/query'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashToken } from '../../server/domain/account'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { staffPhone } from '../../server/demo/seed'
import { httpClient, startProcesses, tally, waitFor, type Answer, type SharedDatabase, type TestServerHandle } from './processes'
import { nowMs } from '../../server/time'

const PROCESSES = 3
const SECRET = `store-secret-${crypto.randomBytes(8).toString('hex')}`
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-store-'))
const dbPath = path.join(dir, 'shared.sqlite')
let servers: TestServerHandle[] = []
let shared: SharedDatabase | undefined
/** The shared database beside the processes, on either engine. */
let db: Q
const { api: call, stats, destroy } = httpClient()

function api<T = unknown>(i: number, method: 'GET' | 'POST', endpoint: string, payload: Record<string, unknown>, token: string, sandboxKey?: string): Promise<Answer<T>> {
  return call<T>(servers[i % PROCESSES], method, endpoint, payload, { 'access-token': token, ...(sandboxKey ? { 'x-sandbox-key': sandboxKey } : {}) })
}

const count = async (sqlText: string, ...args: Array<string | number>) => Number((await db.get<{ n: number | string }>(sqlText, ...args))?.n)

/** A user with a session straight into the shared file; `shopId`: made staff of that store. */
let seq = 0
async function user(shopId?: number): Promise<{ token: string; userId: number }> {
  const phone = `134${String(++seq).padStart(8, '0')}`
  const userId = await db.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `s${seq}`)
  const token = `st-${crypto.randomBytes(16).toString('hex')}`
  await db.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000, nowMs())
  if (shopId) await db.run("INSERT INTO store_staff (user_id, shop_id, created_at) VALUES (?, ?, '2026-01-01 00:00:00')", userId, shopId)
  return { token, userId }
}

/** A paid order made over HTTP (create, payparam, the sandbox's confirm). */
async function paidOrder(token: string, payload: Record<string, unknown>): Promise<number> {
  const created = await api<{ order_info: { id: number } }>(0, 'POST', 'personal.order/create', { client_request_id: `r-${crypto.randomBytes(6).toString('hex')}`, ...payload }, token)
  expect(created.body.code).toBe(1)
  const id = created.body.data.order_info.id
  expect((await api(1, 'POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await api(2, 'POST', 'sandbox/confirmPay', { id, result: 'success' }, '', servers[2].sandboxKey)).body.code).toBe(1)
  return id
}

beforeAll(async () => {
  const started = await startProcesses(PROCESSES, { label: 'store', dbPath, env: { PAY_NOTIFY_SECRET: SECRET, REFUND_AUTO_APPROVE_HOURS: '1', SWEEP_MS: '50' } })
  servers = started.servers
  shared = started.db
  db = shared.q()
  await db.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
  await db.run('UPDATE seckill_products SET stock = 500, total_stock = 500, limit_per_user = 50')
})

afterAll(async () => {
  destroy()
  await Promise.all(servers.map((s) => s.stop()))
  await shared?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

afterEach(async () => {
  expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
  expect(await paymentInvariantViolations(db)).toEqual([])
})

describe('the store under contention: three processes, one database', () => {
  it('seeded the staff of every shop once', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM store_staff s JOIN users u ON u.id = s.user_id WHERE u.phone LIKE ?', '199000000%')).toBe(await count('SELECT COUNT(*) AS n FROM shops'))
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE phone = ?', staffPhone(8))).toBe(1)
  })

  it('(v) two staff verifying the same code at once, 8 times each over the processes → redeemed once', async () => {
    const shopper = await user()
    const staff = [await user(8), await user(8)]
    for (let round = 0; round < 5; round++) {
      const id = await paidOrder(shopper.token, { kind: 'product', product_id: 2, quantity: 1 })
      const code = (await db.get<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', id))?.verify_code
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => api(i, 'POST', 'hui_shanghu.store_order/verify', { code }, staff[i % 2].token)))
      expect(tally(answers)).toEqual({ '200 1 ok': 1, '200 0 核销码已使用': 15 })
      expect(await count('SELECT status AS n FROM orders WHERE id = ?', id)).toBe(40)
      expect(await count("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action = 'verified'", id)).toBe(1)
    }
  })

  it('(r) approves at every process racing every process’s timer → refunded once, one provider refund', async () => {
    const shopper = await user()
    const staff = await user(1)
    for (let round = 0; round < 4; round++) {
      const id = await paidOrder(shopper.token, { kind: 'bill', shop_id: 1, amount: 5000 + round })
      expect((await api(0, 'POST', 'personal.order/refund', { id, reason: 'race' }, shopper.token)).body.code).toBe(1)
      // Overdue now for every process's sweep (1 hour), while nine approves go out at once.
      const approves = Array.from({ length: 9 }, (_, i) => api(i, 'POST', 'hui_shanghu.store_order/refundApprove', { id }, staff.token))
      await db.run('UPDATE orders SET refund_requested_at = ? WHERE id = ?', nowMs() - 2 * 3_600_000, id)
      const answers = await Promise.all(approves)
      const ok = answers.filter((a) => a.body.code === 1).length
      expect(ok).toBeLessThanOrEqual(1)
      for (const a of answers.filter((x) => x.body.code !== 1)) expect(['退款已同意，正在退回', '订单不在退款中']).toContain(a.body.msg)
      await waitFor('the order refunded', async () => (await count('SELECT status AS n FROM orders WHERE id = ?', id)) === 70)
      expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', id)).toBe(1)
      expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ? AND status = 'succeeded'", id)).toBe(1)
      expect(await count("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action IN ('refund_approved', 'refund_auto_approved')", id)).toBe(1)
      expect(await count("SELECT COUNT(*) AS n FROM order_actions WHERE order_id = ? AND action = 'refunded'", id)).toBe(1)
      expect(await count("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'refunded'", id)).toBe(1)
      // The approval is by the staff member when an approve won, by the timer otherwise.
      const by = await db.get<{ by_user_id: number | null }>("SELECT by_user_id FROM order_actions WHERE order_id = ? AND action LIKE 'refund_%approved'", id)
      expect(by?.by_user_id).toBe(ok === 1 ? staff.userId : null)
    }
  })
})
