/**
 * A server process's start and stop (issue 42; server/main.ts, docs/operations.md), on real processes as `npm start`
 * runs them (scripts/test-server.cjs) — on one SQLite file, or under TEST_DATABASE_URL one PostgreSQL database:
 *
 *   start   the housekeeping sweep runs at once, then every SWEEP_MS: a provider call a crashed process left due goes
 *           out within seconds of the next start (before: SWEEP_MS after it — a refund waited 81 s).
 *   stop    SIGTERM (WORKERS=1, and WORKERS=2, where the primary forwards it and waits): no new connection taken, the
 *           request in flight finished and answered, a request that then arrives on its open connection told "not
 *           ready", live streams given their last line ({"type":"end"}: the client reconnects) and ended, exit 0.
 *
 * Every wait is for a condition, bounded; a bound is a hang bound, not a measure of speed.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import type { TakeoutLiveEvent } from '../../src/contract/takeout'
import { hashToken } from '../../server/domain/account'
import { staffPhone } from '../../server/demo/seed'
import { nowMs } from '../../server/time'
import { freePort, httpClient, scrapeMetrics, sharedDatabase, startTestServer, waitFor, type SharedDatabase, type TestServerProcess } from './processes'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** How long a start may take to make a due call, or a stop to end: bounds on a hang (a loaded CI machine), nothing measured. */
const HANG_MS = 30_000

let dir: string
let db: SharedDatabase
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-lifecycle-'))
  db = await sharedDatabase(path.join(dir, 'shared.sqlite'))
})
afterAll(async () => {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const start = (label: string, env: Record<string, string> = {}) => startTestServer({ label, dbPath: db.dbPath, env: { ...db.env, ...env } })

/** A session for the user of `phone` (created when missing), written straight into the database. */
async function sessionOf(phone: string): Promise<string> {
  const q = db.q()
  const known = await q.get<{ id: number }>('SELECT id FROM users WHERE phone = ?', phone)
  const userId = known?.id ?? (await q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `l${phone.slice(-4)}`))
  const token = `lifecycle-${crypto.randomBytes(16).toString('hex')}`
  await q.run('INSERT INTO tokens (hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000, nowMs())
  return token
}

describe('the sweep at start', () => {
  it('a provider call left due by a crashed process goes out when the next one starts, not SWEEP_MS later', async () => {
    // An hour between sweeps: only the sweep at start can make the call within the bound.
    const first = await start('sweep-a', { SWEEP_MS: '3600000' })
    const { api, request, destroy } = httpClient(4)
    let second: TestServerProcess | null = null
    try {
      const token = await sessionOf('13700004203')
      const made = await api<{ order_info: { id: number } }>(first, 'POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 5000, client_request_id: 'lifecycle-sweep-order' }, { 'access-token': token })
      const id = made.body.data.order_info.id
      const trade = await api<{ expend: { pay_info: string } }>(first, 'POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, { 'access-token': token })
      const tradeNo = trade.body.data.expend.pay_info
      // The process recorded closing the trade and died before making the call (SIGKILL: no chance to make it).
      await db.q().run("INSERT INTO provider_calls (kind, ref_no, trade_no, order_id, amount, state, attempts, next_attempt_at, created_at) VALUES ('close_trade', ?, ?, ?, NULL, 'pending', 0, ?, ?)", tradeNo, tradeNo, id, nowMs(), nowMs())
      process.kill(first.pid, 'SIGKILL')
      await first.exited
      second = await start('sweep-b', { SWEEP_MS: '3600000' })
      await waitFor(
        'the due call made by the new process',
        async () => (await db.q().get<{ state: string }>("SELECT state FROM provider_calls WHERE kind = 'close_trade' AND ref_no = ?", tradeNo))?.state === 'done',
        HANG_MS,
      )
      expect(await db.q().get('SELECT status FROM payments WHERE trade_no = ?', tradeNo)).toEqual({ status: 'closed' })
      // /readyz: the sweep's run ends (the call is one of its steps; others follow), and readiness says so.
      const sweepCheck = async () => ((await request<{ checks: { sweep: string } }>(second as TestServerProcess, 'GET', '/readyz')).body as unknown as { checks: { sweep: string } }).checks.sweep
      await waitFor('the sweep at start to finish', async () => /^last finished \d+ s ago$/.test(await sweepCheck()), HANG_MS)
      const ready = await request<unknown>(second, 'GET', '/readyz')
      expect(ready.status).toBe(200)
      expect(ready.body).toMatchObject({ ready: true, checks: { sweep: expect.stringMatching(/^last finished \d+ s ago$/) } })
    } finally {
      destroy()
      await first.stop()
      await second?.stop()
    }
  })
})

interface Response {
  status: number
  headers: Record<string, string>
  body: string
}

/** The HTTP/1.1 answers read from a socket until it closes (lengths from Content-Length, in bytes; Fastify sends it for JSON). */
function parseResponses(raw: Buffer): Response[] {
  const out: Response[] = []
  let rest = raw
  while (rest.subarray(0, 9).toString('latin1') === 'HTTP/1.1 ') {
    const headEnd = rest.indexOf('\r\n\r\n')
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n')
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
    const length = Number(headers['content-length'] ?? 0)
    const bodyStart = headEnd + 4
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.subarray(bodyStart, bodyStart + length).toString('utf8') })
    rest = rest.subarray(bodyStart + length)
  }
  return out
}

/** The store's live stream (NDJSON), line by line. */
function watchStore(server: TestServerProcess, token: string) {
  const lines: TakeoutLiveEvent[] = []
  let ended = false
  const req = http.get(`${server.base}/api/hui_shanghu.store_takeout/watch`, { agent: false, headers: { 'access-token': token } }, (res) => {
    let buffer = ''
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      buffer += chunk
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        lines.push((JSON.parse(buffer.slice(0, nl)) as { data: TakeoutLiveEvent }).data)
        buffer = buffer.slice(nl + 1)
      }
    })
    res.on('end', () => (ended = true))
    res.on('close', () => (ended = true))
  })
  req.on('error', () => (ended = true))
  return { lines, ended: () => ended }
}

const refused = (base: string) =>
  new Promise<boolean>((resolve) => {
    const url = new URL(base)
    const socket = net.connect(Number(url.port), url.hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

/** The requests a start has read and not yet answered (its metrics port: every worker added together). */
async function inFlight(metricsPort: number): Promise<number> {
  const { text } = await scrapeMetrics(metricsPort)
  return Number(/^ocp_http_requests_in_flight (\d+)$/m.exec(text)?.[1] ?? -1)
}

describe.each([1, 2])('SIGTERM with WORKERS=%i', (workers) => {
  it('stops taking connections, finishes the request in flight, ends live streams with their last line, exits 0', async () => {
    const metricsPort = await freePort()
    const server = await start(`stop-${workers}`, { WORKERS: String(workers), METRICS_PORT: String(metricsPort) })
    try {
      const shopper = await sessionOf(`137000043${workers}0`)
      const staff = await sessionOf(staffPhone(1))
      const stream = watchStore(server, staff)
      await waitFor('the stream to open', () => stream.lines.some((l) => l.type === 'hello'), HANG_MS)
      // A request in flight: its headers and half its body sent, the rest still to come.
      const body = JSON.stringify({ kind: 'bill', shop_id: 1, amount: 4200, client_request_id: `lifecycle-stop-${workers}-${crypto.randomBytes(4).toString('hex')}` })
      const url = new URL(server.base)
      const socket = net.connect(Number(url.port), url.hostname)
      const received: Buffer[] = []
      socket.on('data', (d: Buffer) => received.push(d))
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      socket.write(`POST /api/personal.order/create HTTP/1.1\r\nHost: ${url.host}\r\nAccess-Token: ${shopper}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`)
      // In flight means read by the server: its head parsed and routed (with the stream, two) before the signal. (A head
      // still unread when the stop begins is answered "Connection: close" — a request that arrived while stopping.)
      await waitFor('the request to be in flight', async () => (await inFlight(metricsPort)) === 2, HANG_MS)

      process.kill(server.pid, 'SIGTERM')
      // The live stream: its last line says "end" (the client opens the next one, elsewhere), and it ends.
      await waitFor('the stream to end', () => stream.ended(), HANG_MS)
      expect(stream.lines.at(-1)).toEqual({ type: 'end' })
      // No new connection is taken.
      await waitFor('new connections to be refused', () => refused(server.base), HANG_MS)
      // The request in flight is finished and answered; a request that then arrives on its connection hears "not
      // ready: stopping" — and the connection is closed after it.
      socket.write(`${body.slice(10)}GET /readyz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`)
      await closed
      const [created, readiness] = parseResponses(Buffer.concat(received))
      expect(created.status).toBe(200)
      expect(JSON.parse(created.body)).toMatchObject({ code: 1, data: { order_info: { id: expect.any(Number) } } })
      expect(readiness?.status).toBe(503)
      expect(JSON.parse(readiness?.body ?? '{}')).toMatchObject({ ready: false, failed: ['stopping'] })
      expect(readiness?.headers.connection).toBe('close')
      // The whole start ends, of itself.
      const exit = await Promise.race([server.exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), HANG_MS).unref())])
      expect(exit).toEqual({ code: 0, signal: null })
      expect(await db.q().get('SELECT COUNT(*) AS n FROM orders WHERE client_request_id = ?', (JSON.parse(body) as { client_request_id: string }).client_request_id)).toEqual({ n: 1 })
    } finally {
      await server.stop()
    }
  })
})

describe('metrics (METRICS_PORT) with WORKERS=2', () => {
  it('the metrics port answers for every process at once, in Prometheus’ format; the public port has no /metrics', async () => {
    const metricsPort = await freePort()
    const server = await start('metrics', { WORKERS: '2', METRICS_PORT: String(metricsPort) })
    // A new connection per request: the primary hands them round, so both workers answer.
    const { request, destroy } = httpClient(2, false)
    try {
      const pids = new Set<number>()
      for (let i = 0; i < 20; i++) {
        const answer = await request<{ pid: number }>(server, 'GET', '/api/sandbox/process', undefined, { 'x-sandbox-key': server.sandboxKey })
        expect(answer.status).toBe(200)
        pids.add(answer.body.data.pid)
      }
      expect(pids.size).toBe(2)
      // Each worker sweeps once at start, beside the requests: wait (bounded) until both runs are counted — on a loaded
      // machine a worker's first run can still be going when the requests above are answered (CI stop 46, PostgreSQL).
      const sweepsOk = (text: string) => Number(/ocp_sweep_runs_total\{result="ok"\} (\d+)/.exec(text)?.[1] ?? 0)
      await waitFor('both workers’ first sweep', async () => sweepsOk((await scrapeMetrics(metricsPort)).text) >= 2, HANG_MS)
      const m = await scrapeMetrics(metricsPort)
      expect(m.status).toBe(200)
      expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/)
      // Both workers' requests added together, by route pattern.
      expect(m.text).toContain('ocp_http_requests_total{method="GET",route="/api/sandbox/process",status="200"} 20')
      expect(m.text).toMatch(/ocp_http_request_duration_seconds_count\{method="GET",route="\/api\/sandbox\/process"\} 20/)
      // Each worker swept once at start (and maybe since): at least two runs, added together across the processes.
      expect(sweepsOk(m.text)).toBeGreaterThanOrEqual(2)
      expect(m.text).toMatch(/^ocp_outbox_pending \d+$/m)
      expect(m.text).toMatch(/^ocp_live_streams 0$/m)
      // Not on the public port.
      expect((await request(server, 'GET', '/metrics')).status).not.toBe(200)
    } finally {
      destroy()
      await server.stop()
    }
  })
})
