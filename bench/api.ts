/**
 * API benchmark (not a test): requests per second and p50/p99 latency for personal.order/read and
 * index/moduleList at fixed concurrency, beside a bare Fastify route measured in the same run.
 * Loopback only; every loop is bounded by a request count.
 *   npm run bench:api            (defaults: 2000 requests per target, concurrency 16)
 *   REQUESTS=5000 CONCURRENCY=32 npm run bench:api
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { hashToken } from '../server/http'

const REQUESTS = Math.min(Number(process.env.REQUESTS ?? 2000), 50_000)
const CONCURRENCY = Math.min(Number(process.env.CONCURRENCY ?? 16), 256)
const WARMUP = 200

interface Result {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
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
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN
  return { name, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-'))
  const app = await buildApp({ dbPath: path.join(dir, 'bench.sqlite'), sandbox: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port

  // One shopper with one order to read.
  const user = app.db.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13000000000', 'bench', '', '2026-01-01 00:00:00')").run()
  const token = 'bench-token'
  app.db.prepare('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)').run(hashToken(token), user.lastInsertRowid, Date.now() + 3_600_000)
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
  const results = [
    await measure('bare Fastify route', barePort, '/bare'),
    await measure('index/moduleList', port, '/api/index/moduleList'),
    await measure('personal.order/read', port, `/api/personal.order/read?id=${order.lastInsertRowid}`, token),
  ]
  await app.close()
  await bare.close()
  fs.rmSync(dir, { recursive: true, force: true })

  const base = results[0].rps
  console.log(`API benchmark — ${REQUESTS} requests per target, concurrency ${CONCURRENCY}, Node ${process.version}, ${os.cpus().length} cores`)
  console.log(`${'target'.padEnd(22)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)} errors`)
  for (const r of results) {
    console.log(`${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${(r.rps / base).toFixed(2).padStart(8)} ${r.errors}`)
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
