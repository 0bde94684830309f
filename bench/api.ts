/**
 * API benchmark (not a test): requests per second and p50/p99 latency for personal.order/read and
 * index/moduleList at fixed concurrency, beside a bare Fastify route measured in the same run; then the
 * flash-sale burst: BUYERS shoppers (each its own connection) press Buy at once on a flash sale with STOCK
 * left, BURSTS times (after one warm-up burst), p50/p99 of their answers pooled. docs/performance.md.
 * Loopback only; every loop is bounded by a request count.
 *   npm run bench:api            (defaults: 2000 requests per target, concurrency 16; bursts of 200 buyers, 8 in stock, 5 times)
 *   REQUESTS=5000 CONCURRENCY=32 BURSTS=10 npm run bench:api
 *   ONLY=read npm run bench:api  (some of: bare, moduleList, read, burst — e.g. to profile one of them)
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp } from '../server/http/app'
import { hashToken } from '../server/domain/account'

const REQUESTS = Math.min(Number(process.env.REQUESTS ?? 2000), 50_000)
const CONCURRENCY = Math.min(Number(process.env.CONCURRENCY ?? 16), 256)
const WARMUP = 200
const BUYERS = Math.min(Number(process.env.BUYERS ?? 200), 1000)
const STOCK = Math.min(Number(process.env.STOCK ?? 8), BUYERS)
const BURSTS = Math.min(Number(process.env.BURSTS ?? 5), 50)
const ONLY = new Set((process.env.ONLY ?? 'bare,moduleList,read,burst').split(',').map((s) => s.trim()))

interface Result {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  /** CPU time of this process (server and client) per request, µs: steadier than req/s when other work shares the cores. */
  cpuUs: number
}

function get(agent: http.Agent, port: number, urlPath: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { 'access-token': token, 'access-origin': '' } }, (res) => {
      res.resume()
      res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(String(res.statusCode)))))
    })
    req.on('error', reject)
  })
}

async function measure(name: string, port: number, urlPath: string, token = ''): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  for (let i = 0; i < WARMUP; i++) await get(agent, port, urlPath, token)
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const cpu = process.cpuUsage()
  const started = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++
        try {
          latencies.push(await get(agent, port, urlPath, token))
        } catch {
          errors++
        }
      }
    }),
  )
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const used = process.cpuUsage(cpu)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN
  return { name, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors, cpuUs: (used.user + used.system) / Math.max(1, latencies.length + errors) }
}

/** One buyer's Buy on a connection of its own (the agent keeps none), the answer's envelope code and the time it took. */
function buy(agent: http.Agent, port: number, token: string, body: string): Promise<{ ms: number; code: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/personal.order/create', method: 'POST', agent, headers: { 'access-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6
          if (res.statusCode !== 200) return reject(new Error(String(res.statusCode)))
          resolve({ ms, code: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }).code })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

interface BurstResult {
  p50: number
  p99: number
  max: number
  sold: number
  refused: number
  errors: number
  cpuUs: number
}

/** BURSTS bursts of BUYERS new shoppers buying one each of a flash-sale product with STOCK left. */
async function burst(app: Awaited<ReturnType<typeof buildApp>>, port: number): Promise<BurstResult> {
  const db = app.db
  // Every session on now, whatever the hour (as the order tests do); product 2 with STOCK left each burst.
  db.prepare('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000').run()
  const addUser = db.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, 'buyer', '', '2026-01-01 00:00:00')")
  // Signed in as a login signs in (last seen at sign-in: a session's first call within 5 minutes writes nothing).
  const addToken = db.prepare('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)')
  const latencies: number[] = []
  let sold = 0
  let refused = 0
  let errors = 0
  let cpuUs = 0
  for (let round = 0; round <= BURSTS; round++) {
    db.prepare('UPDATE seckill_products SET stock = ?, total_stock = ? WHERE id = 2').run(STOCK, STOCK)
    const tokens = Array.from({ length: BUYERS }, (_, i) => {
      const user = addUser.run(`139${String(round).padStart(2, '0')}${String(i).padStart(6, '0')}`)
      const token = `burst-${round}-${i}`
      addToken.run(hashToken(token), user.lastInsertRowid, Date.now() + 3_600_000, Date.now(), Date.now())
      return token
    })
    const agent = new http.Agent({ keepAlive: false, maxSockets: BUYERS })
    const cpu = process.cpuUsage()
    const answers = await Promise.allSettled(tokens.map((token, i) => buy(agent, port, token, JSON.stringify({ kind: 'product', product_id: 2, quantity: 1, client_request_id: `burst-${round}-${i}` }))))
    const used = process.cpuUsage(cpu)
    agent.destroy()
    if (round === 0) continue // warm-up
    cpuUs += used.user + used.system
    for (const a of answers) {
      if (a.status === 'rejected') errors++
      else {
        latencies.push(a.value.ms)
        if (a.value.code === 1) sold++
        else refused++
      }
    }
  }
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN
  return { p50: pct(50), p99: pct(99), max: latencies[latencies.length - 1] ?? NaN, sold, refused, errors, cpuUs: cpuUs / Math.max(1, BUYERS * BURSTS) }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-'))
  const app = await buildApp({ dbPath: path.join(dir, 'bench.sqlite'), sandbox: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port

  // One shopper with one order to read.
  const user = app.db.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13000000000', 'bench', '', '2026-01-01 00:00:00')").run()
  const token = 'bench-token'
  app.db.prepare('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)').run(hashToken(token), user.lastInsertRowid, Date.now() + 3_600_000, Date.now(), Date.now())
  const order = app.db
    .prepare(
      `INSERT INTO orders (order_no, user_id, kind, title, shop_id, quantity, status, original_amount, discount_amount, member_discount_amount, coupon_amount, fee_amount, pay_amount, client_request_id, detail, verify_code, create_time, expire_at)
       VALUES ('B1', ?, 'bill', 'bench', 1, 1, 10, 10000, 1000, 0, 0, 0, 9000, 'bench-req-1', '{}', '000000000000', '2026-01-01 00:00:00', ?)`,
    )
    .run(user.lastInsertRowid, Date.now() + 3_600_000)

  const bare = Fastify()
  bare.get('/bare', async () => ({ code: 1, msg: 'ok', data: { hello: 'world' } }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const barePort = (bare.server.address() as { port: number }).port

  // One throw-away round so the client side is warm (JIT) before the first measured target.
  await measure('warm-up', barePort, '/bare')
  const results: Result[] = []
  if (ONLY.has('bare')) results.push(await measure('bare Fastify route', barePort, '/bare'))
  if (ONLY.has('moduleList')) results.push(await measure('index/moduleList', port, '/api/index/moduleList'))
  if (ONLY.has('read')) results.push(await measure('personal.order/read', port, `/api/personal.order/read?id=${order.lastInsertRowid}`, token))
  const flash = ONLY.has('burst') ? await burst(app, port) : null
  await app.close()
  await bare.close()
  fs.rmSync(dir, { recursive: true, force: true })

  const base = results.find((r) => r.name === 'bare Fastify route')?.rps ?? NaN
  console.log(`API benchmark — ${REQUESTS} requests per target, concurrency ${CONCURRENCY}, Node ${process.version}, ${os.cpus().length} cores`)
  console.log(`${'target'.padEnd(22)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)} ${'CPU µs/req'.padStart(10)} errors`)
  for (const r of results) {
    console.log(`${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${(r.rps / base).toFixed(2).padStart(8)} ${r.cpuUs.toFixed(0).padStart(10)} ${r.errors}`)
  }
  if (flash) {
    console.log(
      `flash-sale burst — ${BUYERS} buyers at once, ${STOCK} in stock, ${BURSTS} bursts: p50 ${flash.p50.toFixed(1)} ms, p99 ${flash.p99.toFixed(1)} ms, max ${flash.max.toFixed(1)} ms, CPU ${flash.cpuUs.toFixed(0)} µs per buyer; ` +
        `sold ${flash.sold} (expected ${STOCK * BURSTS}), refused ${flash.refused}, errors ${flash.errors}`,
    )
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
