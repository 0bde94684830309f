/**
 * API benchmark (not a test): requests per second and p50/p99 latency for personal.order/read and
 * index/moduleList at fixed concurrency, beside a bare Fastify route measured in the same run; then the
 * flash-sale burst: BUYERS shoppers (each its own connection) press Buy at once on a flash sale with STOCK
 * left, BURSTS times (after one warm-up burst), p50/p99 of their answers pooled, and the database checked after
 * each burst: exactly STOCK sold, never more. docs/performance.md.
 *
 * Each engine (ENGINES, in this order):
 *   sqlite   SQLite, 1 process: the app in this process (buildApp), as before issue 28
 *   pg       PostgreSQL, 1 process: the app in this process on a new database
 *   pg-1     PostgreSQL, WORKERS=1: the server started as `npm start` starts it in production (node dist-server/main.js,
 *            built first when older than the sources), its own process
 *   pg-N     PostgreSQL, WORKERS=N (BENCH_WORKERS, default 2): one port, N processes (node's cluster)
 * PostgreSQL: BENCH_DATABASE_URL names a server the bench may create and drop databases on (ocp_bench_*); else the
 * cluster of `node scripts/pg.mjs start` (.pg-test/url). Neither, or not answering: the PostgreSQL rows are skipped,
 * saying why. Loopback only; every loop is bounded by a request count or a deadline.
 *
 *   npm run bench:api            (defaults: 2000 requests per target, concurrency 16; bursts of 200 buyers, 8 in stock, 5 times)
 *   REQUESTS=5000 CONCURRENCY=32 BURSTS=10 npm run bench:api
 *   ONLY=read npm run bench:api  (some of: bare, moduleList, read, burst — e.g. to profile one of them)
 *   ENGINES=sqlite npm run bench:api   BENCH_WORKERS=3 ENGINES=pg-N npm run bench:api
 *   npm run bench:api -- --compare ../other-tree   (SQLite order/read here and there, alternately, ROUNDS=5 each: medians)
 *   BENCH_SERVER=dir   pg-1/pg-N run dir/main.js, a build of another tree (`tsx scripts/build-server.ts --out dir` inside
 *                      the project, so it finds node_modules): two builds alternated on one database server
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node's flags for pg-1/pg-N's processes (workers inherit them)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../server/http/app'
import { hashToken } from '../server/domain/account'
import { openStorage } from '../server/storage/engine'
import { queryOf, type Q } from '../server/storage/query'

const REQUESTS = Math.min(Number(process.env.REQUESTS ?? 2000), 50_000)
const CONCURRENCY = Math.min(Number(process.env.CONCURRENCY ?? 16), 256)
const WARMUP = 200
const BUYERS = Math.min(Number(process.env.BUYERS ?? 200), 1000)
const STOCK = Math.min(Number(process.env.STOCK ?? 8), BUYERS)
const BURSTS = Math.min(Number(process.env.BURSTS ?? 5), 50)
const ONLY = new Set((process.env.ONLY ?? 'bare,moduleList,read,burst').split(',').map((s) => s.trim()))
const WORKERS = Math.max(1, Math.min(Number(process.env.BENCH_WORKERS ?? 2) || 2, 16))
const ENGINE_NAMES = ['sqlite', 'pg', 'pg-1', 'pg-N'] as const
type EngineName = (typeof ENGINE_NAMES)[number]
const ENGINES = new Set((process.env.ENGINES ?? ENGINE_NAMES.join(',')).split(',').map((s) => s.trim()))
const ROUNDS = Math.max(1, Math.min(Number(process.env.ROUNDS ?? 5) || 5, 20))
const ROOT = path.resolve(__dirname, '..')
/** How long a started server has to answer (it migrates and seeds the demo data into PostgreSQL first). */
const START_TIMEOUT_MS = 120_000

interface Result {
  engine: string
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  /** CPU time per request, µs: this process (client, and the server when it runs here) + the started server's processes + PostgreSQL's. Steadier than req/s when other work shares the cores. */
  cpuUs: number
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

// ---- CPU of other processes (Linux /proc): a started server's tree, PostgreSQL's postmaster and backends ----

const TICK_US = 1e6 / 100 // USER_HZ: 100 on Linux

function statOf(pid: number): { ppid: number; cpuUs: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(f[1]), cpuUs: (Number(f[11]) + Number(f[12])) * TICK_US }
  } catch {
    return null
  }
}

/** User + system CPU (µs) of `root` and every process below it, as now (ended children are not counted: none end mid-run). */
function treeCpuUs(roots: number[]): number {
  if (roots.length === 0 || !fs.existsSync('/proc/self/stat')) return 0
  const stats = new Map<number, { ppid: number; cpuUs: number }>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const s = statOf(Number(name))
    if (s) stats.set(Number(name), s)
  }
  const inTree = new Set(roots.filter((r) => stats.has(r)))
  // Bounded: each pass adds the children of the tree so far; a tree is at most as deep as the processes are many.
  for (let pass = 0, grew = true; grew && pass < stats.size; pass++) {
    grew = false
    for (const [pid, s] of stats) {
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid)
        grew = true
      }
    }
  }
  let total = 0
  for (const pid of inTree) total += stats.get(pid)?.cpuUs ?? 0
  return total
}

const selfCpuUs = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}

// ---- HTTP client ----

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

async function measure(engine: string, name: string, port: number, urlPath: string, token = '', other: () => number = () => 0, started = false): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  if (started) {
    // A started server: the warm-up at full concurrency, so every keep-alive connection is open (on a cluster, handed
    // to its worker, each worker warmed) before timing.
    let warm = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (warm < WARMUP) {
          warm++
          await get(agent, port, urlPath, token)
        }
      }),
    )
  } else {
    // In this process: one after the other, as the bench always did (the --compare runs of an older tree do the same).
    for (let i = 0; i < WARMUP; i++) await get(agent, port, urlPath, token)
  }
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const cpu = selfCpuUs() + other()
  const t0 = process.hrtime.bigint()
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
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const used = selfCpuUs() + other() - cpu
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { engine, name, rps: latencies.length / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), errors, cpuUs: used / Math.max(1, latencies.length + errors) }
}

/** One buyer's Buy on a connection of its own (the agent keeps none): HTTP status, the envelope's code and reason, the time it took. */
function buy(agent: http.Agent, port: number, token: string, body: string): Promise<{ ms: number; status: number; code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/personal.order/create', method: 'POST', agent, headers: { 'access-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6
          let envelope: { code?: number; reason?: string; msg?: string } = {}
          try {
            envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof envelope
          } catch {
            // not an envelope: counted as an error below
          }
          resolve({ ms, status: res.statusCode ?? 0, code: envelope.code ?? NaN, reason: envelope.reason ?? envelope.msg ?? 'no envelope' })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

interface BurstResult {
  engine: string
  p50: number
  p99: number
  max: number
  sold: number
  refused: number
  /** Answers that are neither a sale nor a `sold_out` refusal (5xx, other refusals, broken connections), by kind. */
  errors: Record<string, number>
  /** Per burst, what the database holds after it: orders made by the burst, and the stock left. */
  checks: Array<{ orders: number; stock: number; soldAnswers: number }>
  cpuUs: number
  /** PostgreSQL's serialization failures (40001) and deadlocks (40P01) during the measured bursts, from its log (null: not read) — each one a transaction the server ran again. */
  retried: { serialization: number; deadlock: number } | null
  /** A started server's error log over the whole run (reads and bursts), by code and message. */
  logged?: Record<string, number>
}

const errorCount = (b: BurstResult) => Object.values(b.errors).reduce((a, n) => a + n, 0)
/** Sold exactly the stock in every burst, never more: as the buyers were told, and as the database holds it. */
const burstOk = (b: BurstResult) => b.checks.every((c) => c.orders === STOCK && c.soldAnswers === STOCK && c.stock === 0)

/** One shopper signed in as a login signs them in (last seen at sign-in: a session's first call within 5 minutes writes nothing). */
async function addShopper(q: Q, phone: string, token: string): Promise<number> {
  const user = await q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, 'buyer', '', '2026-01-01 00:00:00')", phone)
  await q.run('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)', hashToken(token), user, Date.now() + 3_600_000, Date.now(), Date.now())
  return user
}

/** BURSTS bursts of BUYERS new shoppers buying one each of a flash-sale product with STOCK left. */
async function burst(engine: string, q: Q, port: number, otherCpuUs: () => number, failures: () => { serialization: number; deadlock: number } | null): Promise<BurstResult> {
  // Every session on now, whatever the hour (as the order tests do); product 2 with STOCK left each burst.
  await q.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
  const latencies: number[] = []
  let sold = 0
  let refused = 0
  const errors: Record<string, number> = {}
  const checks: BurstResult['checks'] = []
  let cpuUs = 0
  let failuresBefore: ReturnType<typeof failures> = null
  for (let round = 0; round <= BURSTS; round++) {
    if (round === 1) failuresBefore = failures()
    await q.run('UPDATE seckill_products SET stock = ?, total_stock = ? WHERE id = 2', STOCK, STOCK)
    const tokens: string[] = []
    for (let i = 0; i < BUYERS; i++) {
      const token = `burst-${round}-${i}`
      await addShopper(q, `139${String(round).padStart(2, '0')}${String(i).padStart(6, '0')}`, token)
      tokens.push(token)
    }
    const agent = new http.Agent({ keepAlive: false, maxSockets: BUYERS })
    const cpu = selfCpuUs() + otherCpuUs()
    const answers = await Promise.allSettled(tokens.map((token, i) => buy(agent, port, token, JSON.stringify({ kind: 'product', product_id: 2, quantity: 1, client_request_id: `burst-${round}-${i}` }))))
    const used = selfCpuUs() + otherCpuUs() - cpu
    agent.destroy()
    if (round === 0) continue // warm-up
    cpuUs += used
    let soldAnswers = 0
    for (const a of answers) {
      if (a.status === 'rejected') {
        const key = `connection: ${String((a.reason as Error).message)}`
        errors[key] = (errors[key] ?? 0) + 1
        continue
      }
      latencies.push(a.value.ms)
      if (a.value.status === 200 && a.value.code === 1) soldAnswers++
      else if (a.value.status === 200 && a.value.reason === 'sold_out') refused++
      else {
        const key = `HTTP ${a.value.status} ${a.value.reason}`
        errors[key] = (errors[key] ?? 0) + 1
      }
    }
    sold += soldAnswers
    const orders = Number(await q.value("SELECT COUNT(*) AS n FROM orders WHERE client_request_id LIKE ?", `burst-${round}-%`))
    const stock = Number(await q.value('SELECT stock FROM seckill_products WHERE id = 2'))
    checks.push({ orders, stock, soldAnswers })
  }
  const failuresAfter = failures()
  const retried = failuresBefore && failuresAfter ? { serialization: failuresAfter.serialization - failuresBefore.serialization, deadlock: failuresAfter.deadlock - failuresBefore.deadlock } : null
  latencies.sort((a, b) => a - b)
  return { engine, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies[latencies.length - 1] ?? NaN, sold, refused, errors, checks, cpuUs: cpuUs / Math.max(1, BUYERS * BURSTS), retried }
}

/** What every engine is measured on: one shopper with one order to read; then the targets of ONLY. */
async function run(engine: string, q: Q, port: number, otherCpuUs: () => number, started: boolean, failures: () => { serialization: number; deadlock: number } | null = () => null): Promise<{ results: Result[]; flash: BurstResult | null }> {
  const token = 'bench-token'
  const user = await addShopper(q, '13000000000', token)
  const order = await q.insert(
    `INSERT INTO orders (order_no, user_id, kind, title, shop_id, quantity, status, original_amount, discount_amount, member_discount_amount, coupon_amount, fee_amount, pay_amount, client_request_id, detail, verify_code, create_time, expire_at)
     VALUES ('B1', ?, 'bill', 'bench', 1, 1, 10, 10000, 1000, 0, 0, 0, 9000, 'bench-req-1', '{}', '000000000000', '2026-01-01 00:00:00', ?)`,
    user,
    Date.now() + 3_600_000,
  )
  const results: Result[] = []
  if (ONLY.has('moduleList')) results.push(await measure(engine, 'index/moduleList', port, '/api/index/moduleList', '', otherCpuUs, started))
  if (ONLY.has('read')) results.push(await measure(engine, 'personal.order/read', port, `/api/personal.order/read?id=${order}`, token, otherCpuUs, started))
  const flash = ONLY.has('burst') ? await burst(engine, q, port, otherCpuUs, failures) : null
  return { results, flash }
}

// ---- PostgreSQL: a new database per engine, dropped after ----

function pgServerUrl(): { url: string | null; from: string } {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, from: 'BENCH_DATABASE_URL' }
  const file = path.join(ROOT, '.pg-test', 'url')
  const url = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : ''
  return { url: url || null, from: '.pg-test/url (node scripts/pg.mjs start)' }
}

async function onAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the server of `adminUrl`; drop() removes it with its connections. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ocp_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  await onAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  const u = new URL(adminUrl)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => onAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) }
}

/** The postmaster's pid when PostgreSQL runs on this machine and its processes can be read (for its CPU); else null. */
async function postmasterPid(adminUrl: string): Promise<number | null> {
  const host = new URL(adminUrl).hostname
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)
  // Read while the connection is open: its backend process ends with it.
  return onAdmin(adminUrl, async (c) => {
    const backend = Number((await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid)
    return local ? (statOf(backend)?.ppid ?? null) : null
  })
}

/**
 * The log of the cluster `node scripts/pg.mjs start` runs (its stderr: every ERROR with its statement), when the bench
 * uses that cluster and can read the file; else null.
 */
function pgLogFile(): string | null {
  if (process.env.BENCH_DATABASE_URL) return null
  try {
    const state = JSON.parse(fs.readFileSync(path.join(ROOT, '.pg-test', 'state.json'), 'utf8')) as { dir?: string }
    const file = path.join(state.dir ?? '', 'log')
    fs.accessSync(file, fs.constants.R_OK)
    return file
  } catch {
    return null
  }
}

/** Serialization failures and deadlocks logged so far by the cluster (the server retries each; see server/storage/engine.ts). */
function failuresIn(file: string | null): { serialization: number; deadlock: number } | null {
  if (!file) return null
  const text = fs.readFileSync(file, 'utf8')
  const count = (needle: string) => text.split(needle).length - 1
  return { serialization: count('could not serialize access'), deadlock: count('deadlock detected') }
}

// ---- a server started as `npm start` starts it ----

interface Started {
  port: number
  pid: number
  /** What the server logged at level error (a 500's cause), counted by its code and message. */
  errorsLogged: Record<string, number>
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = http.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.setTimeout(2000, () => req.destroy())
  })

/**
 * The compiled server (dist-server/main.js, as `npm start` runs it in production, without its H5 build) on a free loopback
 * port, no sandbox, WORKERS=workers, on `databaseUrl`. Until 2026-12-07 this was `tsx server/main.ts`: the same code, its
 * TypeScript compiled at load.
 */
async function startServer(databaseUrl: string, workers: number, dir: string): Promise<Started> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DB_PATH: path.join(dir, 'unused.sqlite'),
    STATIC_DIR: path.join(dir, 'no-static'),
    SANDBOX: '0',
    // The demo's shops and flash-sale products to ask for (without the sandbox a start seeds none: issue 40).
    DEMO_DATA: '1',
    WORKERS: String(workers),
    PAY_NOTIFY_SECRET: crypto.randomBytes(32).toString('hex'),
  }
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(process.env.BENCH_SERVER ?? path.join(ROOT, 'dist-server'), 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  // The request log (`npm start` logs every request) is read and dropped; the last 8 KB kept for a failure's message.
  let tail = ''
  let partial = ''
  const errorsLogged: Record<string, number> = {}
  const keep = (d: Buffer) => {
    const text = d.toString('utf8')
    tail = (tail + text).slice(-8192)
    // pino's lines: the ones at level error (50) or worse kept by their error's code and message.
    const lines = (partial + text).split('\n')
    partial = (lines.pop() ?? '').slice(-65536)
    for (const line of lines) {
      if (!/"level":(5|6)0/.test(line)) continue
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { code?: string; message?: string } }
        const key = `${entry.err?.code ?? ''} ${(entry.err?.message ?? entry.msg ?? '').slice(0, 120)}`.trim()
        errorsLogged[key] = (errorsLogged[key] ?? 0) + 1
      } catch {
        // not a log line
      }
    }
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + START_TIMEOUT_MS
  // Up when the banner is out (with WORKERS=N the primary prints it once every worker listens) and /healthz answers.
  while (!(tail.includes('One Card Pass is running at') && (await healthy(port)))) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting (${child.exitCode}):\n${tail}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${tail}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { port, pid: child.pid ?? 0, errorsLogged, stop }
}

// ---- the engines ----

async function sqliteEngine(): Promise<Awaited<ReturnType<typeof run>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-'))
  const app = await buildApp({ dbPath: path.join(dir, 'bench.sqlite'), sandbox: false, demoData: true })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    return await run('SQLite, 1 process', app.q, (app.server.address() as { port: number }).port, () => 0, false)
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function pgInProcess(adminUrl: string, postmaster: number | null): Promise<Awaited<ReturnType<typeof run>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-'))
  const database = await freshDatabase(adminUrl)
  try {
    const app = await buildApp({ dbPath: path.join(dir, 'seed.sqlite'), databaseUrl: database.url, sandbox: false, demoData: true })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      return await run('PostgreSQL, 1 process', app.q, (app.server.address() as { port: number }).port, () => treeCpuUs(postmaster ? [postmaster] : []), false, () => failuresIn(pgLogFile()))
    } finally {
      await app.close()
    }
  } finally {
    await database.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function pgStarted(adminUrl: string, postmaster: number | null, workers: number): Promise<Awaited<ReturnType<typeof run>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-bench-'))
  const database = await freshDatabase(adminUrl)
  const storage = openStorage(null, database.url)
  try {
    const server = await startServer(database.url, workers, dir)
    try {
      const result = await run(`PostgreSQL, WORKERS=${workers}`, queryOf(storage, null), server.port, () => treeCpuUs([server.pid, ...(postmaster ? [postmaster] : [])]), true, () => failuresIn(pgLogFile()))
      if (result.flash) result.flash.logged = server.errorsLogged
      return result
    } finally {
      await server.stop()
    }
  } finally {
    await storage.close()
    await database.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

// ---- printing ----

const row = (engine: string, r: Omit<Result, 'engine'>, base: number) =>
  `${engine.padEnd(24)} ${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${(r.rps / base).toFixed(2).padStart(7)} ${r.cpuUs.toFixed(0).padStart(10)} ${r.errors}`

async function bench(): Promise<void> {
  const bare = Fastify()
  bare.get('/bare', async () => ({ code: 1, msg: 'ok', data: { hello: 'world' } }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const barePort = (bare.server.address() as { port: number }).port
  // One throw-away round so the client side is warm (JIT) before the first measured target.
  await measure('', 'warm-up', barePort, '/bare')
  const bareResult = ONLY.has('bare') ? await measure('', 'bare Fastify route', barePort, '/bare') : null
  await bare.close()

  const results: Result[] = []
  const flashes: BurstResult[] = []
  const skipped: string[] = []
  const wanted = (name: EngineName) => ENGINES.has(name)
  const add = (r: Awaited<ReturnType<typeof run>>) => {
    results.push(...r.results)
    if (r.flash) flashes.push(r.flash)
  }
  if (wanted('sqlite')) add(await sqliteEngine())

  const pgWanted = ENGINE_NAMES.filter((n) => n !== 'sqlite' && wanted(n))
  if (pgWanted.length > 0) {
    const { url, from } = pgServerUrl()
    let postmaster: number | null = null
    let why = url ? '' : `no PostgreSQL: BENCH_DATABASE_URL unset and no ${from}`
    if (url) {
      try {
        postmaster = await postmasterPid(url)
      } catch (error) {
        why = `PostgreSQL of ${from} does not answer (${(error as Error).message})`
      }
    }
    if (why || !url) skipped.push(`${pgWanted.join(', ')} skipped: ${why}`)
    else {
      if (!postmaster) skipped.push('PostgreSQL is not on this machine (or its processes cannot be read): its CPU is not in CPU µs/req')
      if (wanted('pg')) add(await pgInProcess(url, postmaster))
      // pg-1 and pg-N run the compiled server: dist-server/ brought up to date first (a build of another tree: BENCH_SERVER).
      if ((wanted('pg-1') || wanted('pg-N')) && !process.env.BENCH_SERVER) {
        const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-server.mjs'), '--build'], { cwd: ROOT, stdio: 'inherit' })
        if (built.status !== 0) throw new Error('dist-server/ could not be built (node scripts/run-server.mjs --build)')
      }
      if (wanted('pg-1')) add(await pgStarted(url, postmaster, 1))
      if (wanted('pg-N')) add(await pgStarted(url, postmaster, WORKERS))
    }
  }

  const base = bareResult?.rps ?? NaN
  console.log(`API benchmark — ${REQUESTS} requests per target, concurrency ${CONCURRENCY}, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} at the end`)
  console.log(`${'engine'.padEnd(24)} ${'target'.padEnd(20)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× bare'.padStart(7)} ${'CPU µs/req'.padStart(10)} errors`)
  if (bareResult) console.log(row('(this process)', bareResult, base))
  for (const r of results) console.log(row(r.engine, r, base))
  if (flashes.length > 0) {
    console.log(`flash-sale burst — ${BUYERS} buyers at once, ${STOCK} in stock, ${BURSTS} bursts after a warm-up one; sold/refused/errors over all ${BURSTS}:`)
    console.log(`${'engine'.padEnd(24)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'CPU µs/buyer'.padStart(12)} ${'sold'.padStart(5)} ${'refused'.padStart(7)} ${'errors'.padStart(6)}  exactly the stock, never more`)
    for (const f of flashes) {
      const orders = f.checks.map((c) => c.orders).join('/')
      console.log(
        `${f.engine.padEnd(24)} ${f.p50.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.max.toFixed(1).padStart(7)} ${f.cpuUs.toFixed(0).padStart(12)} ${String(f.sold).padStart(5)} ${String(f.refused).padStart(7)} ${String(errorCount(f)).padStart(6)}  ` +
          `${burstOk(f) ? 'yes' : 'NO'} (orders per burst ${orders}, expected ${STOCK} each; stock left ${f.checks.map((c) => c.stock).join('/')})`,
      )
      for (const [kind, n] of Object.entries(f.errors)) console.log(`${''.padEnd(24)} error: ${n} × ${kind}`)
      for (const [what, n] of Object.entries(f.logged ?? {})) console.log(`${''.padEnd(24)} server log: ${n} × ${what}`)
      if (f.retried) console.log(`${''.padEnd(24)} PostgreSQL log: ${f.retried.serialization} serialization failures (40001), ${f.retried.deadlock} deadlocks (40P01) — transactions run again`)
    }
  }
  for (const s of skipped) console.log(`note: ${s}`)
  if (flashes.some((f) => f.checks.some((c) => c.orders > STOCK || c.stock < 0))) {
    console.error('OVERSOLD: a burst made more orders than the stock')
    process.exitCode = 1
  }
}

// ---- --compare <dir>: SQLite order/read of this tree and another's, alternately ----

interface ReadFigures {
  rps: number
  p50: number
  p99: number
  xBare: number
  cpuUs: number
}

/** One run of `dir`'s bench/api.ts (SQLite, the bare route and order/read only), its order/read line read back. */
function readOnce(dir: string): Promise<ReadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(dir, 'bench', 'api.ts')], {
      cwd: dir,
      env: { ...process.env, ONLY: 'bare,read', ENGINES: 'sqlite' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.on('error', reject)
    child.on('exit', (code) => {
      // Both layouts: `personal.order/read  req/s  p50  p99  × bare  CPU  errors` (with or without an engine before it).
      const m = /personal\.order\/read\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)/.exec(out)
      if (code !== 0 || !m) return reject(new Error(`${dir}: bench exited ${code}:\n${out}`))
      resolve({ rps: Number(m[1]), p50: Number(m[2]), p99: Number(m[3]), xBare: Number(m[4]), cpuUs: Number(m[5]) })
    })
  })
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function compare(otherDir: string): Promise<void> {
  const other = path.resolve(otherDir)
  if (!fs.existsSync(path.join(other, 'bench', 'api.ts'))) throw new Error(`--compare: no bench/api.ts in ${other}`)
  const here: ReadFigures[] = []
  const there: ReadFigures[] = []
  for (let round = 0; round < ROUNDS; round++) {
    // Alternately, and the order swapped every round, so a slow spell of the machine falls on both.
    const order = round % 2 === 0 ? [ROOT, other] : [other, ROOT]
    for (const dir of order) {
      const f = await readOnce(dir)
      ;(dir === ROOT ? here : there).push(f)
      console.log(`round ${round + 1}/${ROUNDS} ${dir === ROOT ? 'this tree ' : 'other tree'}: ${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.xBare} × bare, ${f.cpuUs} µs CPU/req (load ${os.loadavg()[0].toFixed(2)})`)
    }
  }
  const line = (label: string, key: keyof ReadFigures, digits: number, better: 'higher' | 'lower') => {
    const a = median(here.map((f) => f[key]))
    const b = median(there.map((f) => f[key]))
    return `${label.padEnd(14)} this tree ${a.toFixed(digits).padStart(8)}   other ${b.toFixed(digits).padStart(8)}   this/other ${(a / b).toFixed(3)} (${better} is better)`
  }
  console.log(`SQLite personal.order/read, medians of ${ROUNDS} runs each — this tree ${ROOT}, other ${other}:`)
  console.log(line('req/s', 'rps', 0, 'higher'))
  console.log(line('× bare', 'xBare', 2, 'higher'))
  console.log(line('p50 ms', 'p50', 2, 'lower'))
  console.log(line('p99 ms', 'p99', 2, 'lower'))
  console.log(line('CPU µs/req', 'cpuUs', 0, 'lower'))
}

const compareAt = process.argv.indexOf('--compare')
const main = compareAt >= 0 ? () => compare(process.argv[compareAt + 1] ?? '') : bench
main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
