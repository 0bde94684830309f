/**
 * Live status under abuse (issue 43, item 1; server/http/routes/takeoutLive.ts, docs/api.md "Live status"): many accounts
 * at once over real sockets. The server listens on 127.0.0.1 behind a "proxy" it trusts (TRUST_PROXY: loopback), so each
 * connection names its client address in X-Forwarded-For, as a reverse proxy would; an attacker's 125 throwaway accounts
 * open 4 streams each, all at once, and the shopper's and the store's streams still open: unpaid (and finished) orders
 * cannot be watched, one client address holds a small share of the process's streams, the stores keep a reserve no
 * shopper stream can take. A stream ends at the next check after its session ends (logout, a device ended from the
 * session list). The process's real bounds (TAKEOUT_LIVE_DEFAULTS), not shrunken ones: 500 streams.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { TakeoutLiveEvent } from '../../src/contract/takeout'
import { TAKEOUT_LIVE_DEFAULTS } from '../../src/contract/takeoutEndpoints'
import { buildApp } from '../../server/http/app'
import { hashToken } from '../../server/domain/account'
import { staffPhone } from '../../server/demo/seed'
import { businessMidnight, nowMs } from '../../server/time'
import { holdServerClock, SANDBOX_KEY, SECRET } from './helpers'
import { sharedDatabase, type SharedDatabase } from './processes'

const HOUR = 3_600_000
const D = TAKEOUT_LIVE_DEFAULTS
/** Shopper streams one process takes at most: the rest is the stores' reserve. */
const SHOPPER_SHARE = D.perProcess - D.storeReserve

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-live-abuse-'))
const dbPath = path.join(dir, 'abuse.sqlite')
let shared: SharedDatabase
let app: FastifyInstance
let port = 0

type Env<T = unknown> = { code: number; msg: string; data: T; reason?: string }
async function call<T = unknown>(method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = ''): Promise<Env<T>> {
  const headers: Record<string, string> = { 'access-token': token }
  if (url.startsWith('sandbox/')) headers['x-sandbox-key'] = SANDBOX_KEY
  const opts: InjectOptions = { method, url: `/api/${url}`, headers }
  if (method === 'GET') opts.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
  else opts.payload = payload
  return (await app.inject(opts).then((r) => r.json())) as Env<T>
}

/** Bounded wait for a condition, on the real monotonic clock (the server's is held). */
async function until(what: string, cond: () => boolean, ms = 15_000): Promise<void> {
  const deadline = performance.now() + ms
  while (!cond()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** One stream over its own connection: its first envelope (hello, or the refusal answered instead), then its lines. */
interface Opened {
  status: number
  first: Env<TakeoutLiveEvent>
  lines: Array<Env<TakeoutLiveEvent>>
  ended: boolean
  close: () => void
}
function open(url: string, token: string, from: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/${url}`, agent: false, headers: { 'access-token': token, 'x-forwarded-for': from } }, (res) => {
      const o: Opened = { status: res.statusCode ?? 0, first: null as unknown as Env<TakeoutLiveEvent>, lines: [], ended: false, close: () => req.destroy() }
      let buffer = ''
      let told = false
      const tell = () => {
        if (told || o.lines.length === 0) return
        told = true
        o.first = o.lines[0]
        resolve(o)
      }
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        // A refusal is one JSON answer without a newline; a stream's lines end with one.
        let nl = buffer.indexOf('\n')
        while (nl >= 0) {
          const line = buffer.slice(0, nl)
          buffer = buffer.slice(nl + 1)
          if (line.trim()) o.lines.push(JSON.parse(line) as Env<TakeoutLiveEvent>)
          nl = buffer.indexOf('\n')
        }
        tell()
      })
      res.on('end', () => {
        if (buffer.trim()) o.lines.push(JSON.parse(buffer) as Env<TakeoutLiveEvent>)
        o.ended = true
        tell()
        if (!told) reject(new Error(`${url}: ended without a line`))
      })
      res.on('close', () => {
        o.ended = true
      })
    })
    req.on('error', reject)
  })
}
const held: Opened[] = []
/** Many opens at once (every connection in flight together), kept for the end of the test. */
async function openAll(list: Array<{ url: string; token: string; from: string }>): Promise<Opened[]> {
  const out = await Promise.all(list.map((x) => open(x.url, x.token, x.from)))
  held.push(...out)
  return out
}
const tallyOf = (list: Opened[]) => {
  const t: Record<string, number> = {}
  for (const o of list) {
    const key = o.first.code === 1 ? o.first.data.type : String(o.first.reason)
    t[key] = (t[key] ?? 0) + 1
  }
  return t
}

/** Accounts written the way the server stores them (one session each), without the login codes' limits. */
let n = 0
async function accounts(count: number, prefix: string): Promise<Array<{ id: number; token: string }>> {
  const q = app.q
  const out: Array<{ id: number; token: string }> = []
  for (let i = 0; i < count; i++) {
    const phone = `${prefix}${String(i).padStart(4, '0')}`
    const id = await q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `u${phone.slice(-4)}`)
    const token = `abuse-${phone}-${n++}`
    await q.run('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)', hashToken(token), id, nowMs() + 24 * HOUR)
    out.push({ id, token })
  }
  return out
}
async function sessionOf(userId: number): Promise<string> {
  const token = `abuse-session-${n++}`
  await app.q.run("INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at, device) VALUES (?, ?, ?, ?, ?, 'H5')", hashToken(token), userId, nowMs() + 24 * HOUR, nowMs(), nowMs())
  return token
}
const userOf = async (token: string) => (await app.q.get<{ user_id: number }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(token)))?.user_id ?? 0
async function login(phone: string): Promise<string> {
  await call('POST', 'Captcha/sendSmsCaptcha', { phone })
  const outbox = await call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })
  const res = await call<{ token: string }>('POST', 'wechat/bind', { phone, code: outbox.data.list[0].code })
  if (res.code !== 1) throw new Error(`bind failed: ${res.msg}`)
  return res.data.token
}
/** A takeout pickup order of shop 1, left unpaid (free to make). */
async function unpaidOrder(token: string): Promise<number> {
  const res = await call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], mode: 'pickup', client_request_id: `abuse-${n++}-${token.slice(-6)}` }, token)
  if (res.code !== 1) throw new Error(`create: ${JSON.stringify(res)}`)
  return res.data.order_info.id
}
async function paidOrder(token: string): Promise<number> {
  const id = await unpaidOrder(token)
  expect((await call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).code).toBe(1)
  expect((await call('POST', 'sandbox/confirmPay', { id, result: 'success' })).code).toBe(1)
  return id
}

const ATTACKER = '198.51.100.66'
const SHOPPER_AT = '203.0.113.10'
const STORE_AT = '203.0.113.20'

let shopper: string
let shopperOrder: number
let staff: string
let attackers: Array<{ id: number; token: string; order: number }> = []

beforeAll(async () => {
  // Tomorrow 12:00 business time (shop 1 takes orders 10:00–14:00), held: the streams' lifetimes and checks run on the
  // monotonic clock, which holding the server's does not touch.
  holdServerClock(businessMidnight().valueOf() + 36 * HOUR)
  shared = await sharedDatabase(dbPath)
  // The production bounds (TAKEOUT_LIVE_DEFAULTS) with a lifetime beyond the test and a quick check (the session test).
  app = await buildApp({ dbPath, databaseUrl: shared.databaseUrl ?? undefined, sandbox: true, sandboxKey: SANDBOX_KEY, paySecret: SECRET, smsPerClient: 1000, trustProxy: '127.0.0.1', sweepMs: 3_600_000, live: { streamMs: 600_000, tickMs: 50 } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  port = (app.server.address() as AddressInfo).port
  shopper = await login('13700004301')
  shopperOrder = await paidOrder(shopper)
  staff = await login(staffPhone(1))
  const made = await accounts(125, '1660000')
  attackers = []
  for (const a of made) attackers.push({ ...a, order: await unpaidOrder(a.token) })
}, 120_000)
afterEach(async () => {
  for (const o of held.splice(0)) o.close()
  await until('the streams to close', () => app.liveStreams() === 0)
})
afterAll(async () => {
  jest.restoreAllMocks()
  await app.close()
  await shared.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const attack = (from: (i: number) => string) =>
  attackers.flatMap((a, i) => Array.from({ length: 4 }, () => ({ url: `personal.takeout/watch?id=${a.order}`, token: a.token, from: from(i) })))

describe('125 throwaway accounts × 4 streams, all at once', () => {
  it("on their free unpaid orders: none is a stream, and the shopper's and the store's streams open", async () => {
    const storm = await openAll(attack(() => ATTACKER))
    const mine = await openAll([{ url: `personal.takeout/watch?id=${shopperOrder}`, token: shopper, from: SHOPPER_AT }])
    const store = await openAll([{ url: 'hui_shanghu.store_takeout/watch', token: staff, from: STORE_AT }])
    expect({ attacker: tallyOf(storm), shopper: tallyOf(mine), store: tallyOf(store) }).toEqual({ attacker: { live_not_watchable: 500 }, shopper: { hello: 1 }, store: { hello: 1 } })
  })

  it('on paid orders from one address: that address holds its share, the shopper and the store elsewhere still get theirs', async () => {
    const ids = attackers.map((a) => a.order)
    await shared.q().run(`UPDATE orders SET status = 10 WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)
    try {
      const storm = await openAll(attack(() => ATTACKER))
      const mine = await openAll([{ url: `personal.takeout/watch?id=${shopperOrder}`, token: shopper, from: SHOPPER_AT }])
      const store = await openAll([{ url: 'hui_shanghu.store_takeout/watch', token: staff, from: STORE_AT }])
      expect({ attacker: tallyOf(storm), shopper: tallyOf(mine), store: tallyOf(store) }).toEqual({
        attacker: { hello: D.perAddress, live_address_busy: 500 - D.perAddress },
        shopper: { hello: 1 },
        store: { hello: 1 },
      })
      expect(app.liveStreams()).toBe(D.perAddress + 2)

      // From 125 addresses (a botnet): shopper streams stop at their share; the stores' reserve is left whole.
      for (const o of held.splice(0, storm.length)) o.close()
      await until('the attack to close', () => app.liveStreams() === 2)
      const spread = await openAll(attack((i) => `10.43.${i >> 8}.${i & 255}`))
      expect(tallyOf(spread)).toEqual({ hello: SHOPPER_SHARE - 1, live_busy: 500 - (SHOPPER_SHARE - 1) })
      const later = await openAll([{ url: 'hui_shanghu.store_takeout/watch', token: staff, from: STORE_AT }])
      expect(later[0].first.data.type).toBe('hello')
      // The shopper's stream opened before the attack is still there, heard from (a line since).
      expect(mine[0].ended).toBe(false)
    } finally {
      await shared.q().run(`UPDATE orders SET status = 0 WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)
    }
  })
})

describe('what can be watched', () => {
  it('an order that can still move: not an unpaid one, not a finished one', async () => {
    const id = await paidOrder(shopper)
    const [paid] = await openAll([{ url: `personal.takeout/watch?id=${id}&lang=en`, token: shopper, from: SHOPPER_AT }])
    expect(paid.first.data).toMatchObject({ type: 'hello' })
    const unpaid = await unpaidOrder(shopper)
    await shared.q().run('UPDATE orders SET status = 40 WHERE id = ?', id)
    const [a, b] = await openAll([
      { url: `personal.takeout/watch?id=${unpaid}&lang=en`, token: shopper, from: SHOPPER_AT },
      { url: `personal.takeout/watch?id=${id}&lang=en`, token: shopper, from: SHOPPER_AT },
    ])
    expect([a.first, b.first]).toEqual([
      expect.objectContaining({ code: 0, reason: 'live_not_watchable', msg: expect.stringMatching(/[a-z]/) }),
      expect.objectContaining({ code: 0, reason: 'live_not_watchable' }),
    ])
    // The open stream of the order that finished meanwhile ends with it (nothing more will move).
    await until('the finished order’s stream to end', () => paid.ended)
  })
})

describe("a stream ends with its session", () => {
  it('logout, and a device ended from the session list: the next check ends the stream with session_expired', async () => {
    const other = await login('13700004302')
    const userId = await userOf(other)
    // Two more devices of the same account (a second login code would wait a minute on the held clock).
    const second = await sessionOf(userId)
    const id = await paidOrder(other)
    const [out, ended] = await openAll([
      { url: `personal.takeout/watch?id=${id}`, token: other, from: SHOPPER_AT },
      { url: `personal.takeout/watch?id=${id}`, token: second, from: SHOPPER_AT },
    ])
    expect([out.first.data.type, ended.first.data.type]).toEqual(['hello', 'hello'])
    expect((await call('POST', 'personal.user/logout', {}, other)).code).toBe(1)
    await until('the logged-out stream to end', () => out.ended, 5000)
    expect(out.lines[out.lines.length - 1]).toMatchObject({ code: -1, reason: 'session_expired' })
    expect(ended.ended).toBe(false)

    // From a third device, the session list ends the second.
    const third = await sessionOf(userId)
    const sessions = await call<{ list: Array<{ id: number; current: boolean }> }>('GET', 'personal.user/sessions', {}, third)
    const target = sessions.data.list.find((s) => !s.current)
    expect(target).toBeDefined()
    expect((await call('POST', 'personal.user/endSession', { id: target?.id }, third)).code).toBe(1)
    await until('the ended device’s stream to end', () => ended.ended, 5000)
    expect(ended.lines[ended.lines.length - 1]).toMatchObject({ code: -1, reason: 'session_expired' })
  })
})
