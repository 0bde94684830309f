/**
 * Cart checkouts racing (issue 24): shoppers whose carts hold the same two specs all check out at once, over real
 * sockets to a listening server. Each order takes one of each spec in the same transaction, all or nothing:
 * exactly as many orders as the scarcer spec allows, neither spec oversold nor left short by a refused order,
 * the winners' lines gone from their carts, the losers' still there; every answer an envelope, no 5xx.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { CartAnswer } from '../../src/contract/mallCart'
import { buildApp } from '../../server/http/app'
import { hashToken } from '../../server/domain/account'
import { httpClient, tally, type TestServerHandle } from './processes'
import { rowsOf, type Rows } from './helpers'
import { nowMs } from '../../server/time'


const BUYERS = 16
let app: FastifyInstance
/** The server's rows, through its storage seam (__tests__/server/helpers.ts). */
let db: Rows
let dir: string
let handle: TestServerHandle
const client = httpClient()

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-cart-'))
  app = await buildApp({ dbPath: path.join(dir, 'cart.sqlite'), sandbox: true, sandboxKey: 'cart-key', paySecret: 'cart-secret' })
  db = rowsOf(app.storage)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  handle = { base, dbPath: '', sandboxKey: 'cart-key', output: () => '', stop: async () => undefined }
})
afterAll(async () => {
  client.destroy()
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

let seq = 0
async function user(): Promise<string> {
  const phone = `136${String(++seq).padStart(8, '0')}`
  const { id: userId } = await db.row<{ id: number }>("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00') RETURNING id", phone, `c${seq}`)
  const token = `cart-${seq}-${Math.random().toString(36).slice(2)}`
  await db.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000, nowMs())
  return token
}
const api = <T = unknown>(method: 'GET' | 'POST', endpoint: string, payload: Record<string, unknown>, token: string) => client.api<T>(handle, method, endpoint, payload, { 'access-token': token })
const stockOf = async (specId: number) => (await db.row<{ stock: number }>('SELECT stock FROM mall_specs WHERE id = ?', specId)).stock

it(`${BUYERS} carts of the same two specs checked out at once: never oversold, all or nothing`, async () => {
  // 赣南脐橙 5 斤装 (spec 11): 6 left; 阿克苏苹果 5 斤装 (spec 31): 4 left — at most 4 orders of both.
  await db.run('UPDATE mall_specs SET stock = 6 WHERE id = 11')
  await db.run('UPDATE mall_specs SET stock = 4 WHERE id = 31')
  const buyers: string[] = []
  for (let i = 0; i < BUYERS; i++) buyers.push(await user())
  for (const token of buyers) {
    expect((await api('POST', 'personal.mall_cart/add', { product_id: 1, spec_id: 11, quantity: 1 }, token)).body.code).toBe(1)
    expect((await api('POST', 'personal.mall_cart/add', { product_id: 3, spec_id: 31, quantity: 1 }, token)).body.code).toBe(1)
  }
  const items = [
    { product_id: 1, spec_id: 11, quantity: 1 },
    { product_id: 3, spec_id: 31, quantity: 1 },
  ]
  const answers = await Promise.all(
    buyers.map((token, i) => api<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', items, delivery: 'pickup', client_request_id: `race-cart-${i}` }, token)),
  )
  expect(client.stats.maxInFlight).toBeGreaterThan(1)
  expect({ serverErrors: client.stats.serverErrors, nonEnvelope: client.stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
  const won = answers.filter((a) => a.body.code === 1).length
  expect(won).toBe(4)
  expect(tally(answers.filter((a) => a.body.code !== 1))).toEqual({ '200 0 阿克苏冰糖心苹果（5 斤装）已售罄': BUYERS - 4 })
  expect([await stockOf(11), await stockOf(31)]).toEqual([2, 0])
  const ordered = await db.row<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE kind = 'product' AND spec_id IS NOT NULL")
  expect(ordered.n).toBe(4)
  // Winners' carts are empty; losers keep both lines.
  for (const [i, token] of buyers.entries()) {
    const cart = (await api<CartAnswer>('GET', 'personal.mall_cart/index', {}, token)).body.data
    expect([i, cart.count]).toEqual([i, answers[i].body.code === 1 ? 0 : 2])
  }
})
