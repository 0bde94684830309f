/**
 * What an open live-status stream costs the server (issue 43; server/http/routes/takeoutLive.ts, docs/performance.md
 * "Takeout live status: cost per open stream"). Not a test: it prints figures and asserts nothing about time.
 *
 * The app runs in this process (buildApp, a fresh SQLite file, the production bounds and timings: a check every 500 ms,
 * a heartbeat every 15 s; streams that outlive the run), behind a "proxy" it trusts so that each connection names a
 * client address of its own (X-Forwarded-For) and the per-address share does not stop the bench. N shoppers, each with
 * a paid takeout order, watch it from a CHILD process (the clients' sockets and buffers are not counted in the server's
 * memory). For each N of STEPS it measures, after a garbage collection, the server's heap and RSS with the N streams
 * open, and its CPU (user + system) over WINDOW_S seconds while they idle — against the same with no stream open.
 *
 *   npm run bench:streams                      (STEPS=100,400 WINDOW_S=10)
 *   STEPS=50,200,400 WINDOW_S=20 npm run bench:streams
 *
 * 400 is the most shopper streams one process takes (TAKEOUT_LIVE_DEFAULTS: 500 less the stores' reserve of 100).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../server/http/app'
import { hashToken } from '../server/domain/account'
import { TAKEOUT_LIVE_DEFAULTS } from '../src/contract/takeoutEndpoints'
import { businessMidnight, nowMs } from '../server/time'

const SHARE = TAKEOUT_LIVE_DEFAULTS.perProcess - TAKEOUT_LIVE_DEFAULTS.storeReserve
const STEPS = (process.env.STEPS ?? '100,400')
  .split(',')
  .map((x) => Math.max(1, Math.min(Number(x) || 0, SHARE)))
  .sort((a, b) => a - b)
const WINDOW_S = Math.max(2, Math.min(Number(process.env.WINDOW_S ?? 10) || 10, 120))
const KEY = 'bench-sandbox-key'

const gc = (globalThis as { gc?: () => void }).gc
/** Collections until the heap stops shrinking (bounded), so what is left is what is held. */
const settle = async () => {
  let last = Infinity
  for (let i = 0; i < 10; i++) {
    gc?.()
    await new Promise((r) => setTimeout(r, 100))
    const heap = process.memoryUsage().heapUsed
    if (heap >= last - 64 * 1024) return
    last = heap
  }
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const memory = async () => {
  await settle()
  const m = process.memoryUsage()
  return { heap: m.heapUsed, rss: m.rss }
}
/** This process's CPU (user + system, ms) over WINDOW_S seconds of real time. */
async function cpuOver(): Promise<number> {
  const start = process.cpuUsage()
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000))
  const d = process.cpuUsage(start)
  return (d.user + d.system) / 1000
}

/** The clients: a child process that opens every stream (one connection each), says "ready" once each said hello. */
const CLIENT = `
const http = require('node:http')
const { port, list } = JSON.parse(process.argv[1])
let greeted = 0
for (const w of list) {
  const req = http.get({ host: '127.0.0.1', port, path: '/api/personal.takeout/watch?id=' + w.id, agent: false, headers: { 'access-token': w.token, 'x-forwarded-for': w.addr } }, (res) => {
    let first = true
    res.on('data', (chunk) => {
      if (!first) return
      first = false
      const line = JSON.parse(String(chunk).split('\\n')[0])
      if (line.code !== 1) { console.error('refused: ' + JSON.stringify(line)); process.exit(1) }
      if (++greeted === list.length) process.stdout.write('ready\\n')
    })
  })
  req.on('error', (e) => { console.error(String(e)); process.exit(1) })
}
`

function clients(port: number, list: Array<{ id: number; token: string; addr: string }>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify({ port, list })], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('ready')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`clients exited (${code})`)))
  })
}

async function main(): Promise<void> {
  if (!gc) console.log('(run with node --expose-gc for steadier memory figures: npm run bench:streams does)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-live-'))
  const app = await buildApp({ dbPath: path.join(dir, 'bench.sqlite'), sandbox: true, sandboxKey: KEY, trustProxy: '127.0.0.1', sweepMs: 3_600_000, live: { streamMs: 3_600_000 } })
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as AddressInfo).port
    // Tomorrow 12:00 business time: demo shop 1 takes takeout orders (10:00–14:00).
    const at = businessMidnight().valueOf() + 36 * 3_600_000
    await app.inject({ method: 'POST', url: '/api/sandbox/clock', headers: { 'x-sandbox-key': KEY }, payload: { at: new Date(at).toISOString() } })
    const most = STEPS[STEPS.length - 1]
    const watchers: Array<{ id: number; token: string; addr: string }> = []
    for (let i = 0; i < most; i++) {
      const phone = `1550000${String(i).padStart(4, '0')}`
      const userId = await app.q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `b${i}`)
      const token = `bench-live-${i}`
      await app.q.run('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)', hashToken(token), userId, nowMs() + 86_400_000, nowMs(), nowMs())
      const res = await app.inject({
        method: 'POST',
        url: '/api/personal.order/create',
        headers: { 'access-token': token },
        payload: { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], mode: 'pickup', client_request_id: `bench-live-${i}` },
      })
      const body = res.json() as { code: number; data: { order_info: { id: number } } }
      if (body.code !== 1) throw new Error(`order not made: ${res.body}`)
      watchers.push({ id: body.data.order_info.id, token, addr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` })
    }
    // Paid (as the provider's notification leaves them): watchable.
    await app.q.run("UPDATE orders SET status = 10 WHERE kind = 'takeout' AND status = 0")

    // A first round of streams opened and closed (the code paths compiled, the pools grown), then the idle figures.
    const warm = await clients(port, watchers.slice(0, Math.min(20, most)))
    warm.kill()
    while (app.liveStreams() > 0) await new Promise((r) => setTimeout(r, 20))
    await new Promise((r) => setTimeout(r, 1000))
    const idle = await memory()
    // The idle CPU is measured again after the steps (the process settles: compiled code, a checkpoint of the file); the
    // lower of the two is the baseline.
    const idleBefore = await cpuOver()
    const rows: Array<{ n: number; heap: number; rss: number; cpu: number }> = []
    for (const n of STEPS) {
      const child = await clients(port, watchers.slice(0, n))
      try {
        if (app.liveStreams() !== n) throw new Error(`${app.liveStreams()} streams open, not ${n}`)
        const m = await memory()
        rows.push({ n, heap: m.heap, rss: m.rss, cpu: await cpuOver() })
      } finally {
        child.kill()
        const deadline = performance.now() + 10_000
        while (app.liveStreams() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      }
    }
    await new Promise((r) => setTimeout(r, 1000))
    const idleAfter = await cpuOver()
    const idleCpu = Math.min(idleBefore, idleAfter)
    console.log(`\nTakeout live streams: cost on the server (SQLite, check every ${TAKEOUT_LIVE_DEFAULTS.tickMs} ms, heartbeat every ${TAKEOUT_LIVE_DEFAULTS.heartbeatMs / 1000} s; CPU over ${WINDOW_S} s of idle streams; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; no stream: ${(idleBefore / WINDOW_S).toFixed(2)} ms/s before, ${(idleAfter / WINDOW_S).toFixed(2)} after)`)
    console.log('| streams | heap MB | RSS MB | heap per stream KB | CPU ms/s | CPU per stream µs/s | CPU per added stream µs/s (from the row above) |')
    console.log('|---|---|---|---|---|---|---|')
    console.log(`| 0 | ${mb(idle.heap)} | ${mb(idle.rss)} | — | ${(idleCpu / WINDOW_S).toFixed(2)} | — | — |`)
    let before = { n: 0, cpu: idleCpu }
    for (const { n, heap, rss, cpu } of rows) {
      const perStreamCpu = ((cpu - idleCpu) / WINDOW_S / n) * 1000
      const marginal = ((cpu - before.cpu) / WINDOW_S / (n - before.n)) * 1000
      before = { n, cpu }
      console.log(`| ${n} | ${mb(heap)} | ${mb(rss)} | ${((heap - idle.heap) / n / 1024).toFixed(1)} | ${(cpu / WINDOW_S).toFixed(2)} | ${perStreamCpu.toFixed(1)} | ${marginal.toFixed(1)} |`)
    }
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
