/**
 * The harness of the multi-process tests (multiprocess.test.ts, storeRaces.test.ts): server processes started
 * as `npm start` runs them (scripts/test-server.cjs), and one HTTP client over keep-alive sockets, so requests
 * to the processes really are in flight at once. It counts what every such test must see none of: 5xx answers
 * and answers that are not the envelope.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { openStorage } from '../../server/storage/engine'
import { queryOf, sqliteQuery, type Q } from '../../server/storage/query'
import { freshPgDatabase } from './pg'

const ROOT = path.resolve(__dirname, '../..')

export interface TestServerHandle {
  base: string
  dbPath: string
  sandboxKey: string
  output: () => string
  stop: () => Promise<void>
}
/** A server started as its own process: its pid (with WORKERS=N, the primary's) and its exit (the stop tests). */
export interface TestServerProcess extends TestServerHandle {
  pid: number
  exited: Promise<{ code: number | null; signal: string | null }>
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { startTestServer, serverCommand } = require('../../scripts/test-server.cjs') as {
  startTestServer: (o: { label: string; dbPath?: string; env?: Record<string, string>; onOutput?: (all: string) => void; pickPort?: () => Promise<number> }) => Promise<TestServerProcess>
  serverCommand: (name: 'main' | 'admin' | 'backup' | 'doctor' | 'db-copy') => Promise<string[]>
}

export interface CommandRun {
  code: number | null
  out: string
  err: string
}

/**
 * One of the operator's commands (npm run admin | backup | doctor) as a process of its own, as npm runs it (compiled,
 * scripts/test-server.cjs `serverCommand`), in exactly `env`: its exit code and what it wrote.
 */
export async function runCommand(name: 'admin' | 'backup' | 'doctor', args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  const argv = [...(await serverCommand(name)), ...args]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

/**
 * The database several processes of a test share (issue 28): under TEST_DATABASE_URL a new, empty PostgreSQL database
 * (the processes migrate and seed it, one after another: server/demo/prepare.ts), its DATABASE_URL for
 * their environment; else (or `sqlite`) the SQLite file `dbPath`. `q` reads and writes it beside the processes, on
 * either engine (server/storage/query.ts); `close` ends that and drops the PostgreSQL database.
 */
export interface SharedDatabase {
  engine: 'sqlite' | 'postgres'
  dbPath: string
  databaseUrl: string | null
  /** The environment a server process needs to run on this database (DATABASE_URL on PostgreSQL; DB_PATH is given apart). */
  env: Record<string, string>
  /** Opened at the first call (on SQLite the file must exist: after a process started on it). */
  q: () => Q
  close: () => Promise<void>
}

export async function sharedDatabase(dbPath: string, { sqlite = false }: { sqlite?: boolean } = {}): Promise<SharedDatabase> {
  const pgdb = process.env.TEST_DATABASE_URL && !sqlite ? await freshPgDatabase(process.env.TEST_DATABASE_URL) : null
  let handle: Database.Database | null = null
  let opened: Q | null = null
  let storage: ReturnType<typeof openStorage> | null = null
  return {
    engine: pgdb ? 'postgres' : 'sqlite',
    dbPath,
    databaseUrl: pgdb?.url ?? null,
    env: pgdb ? { DATABASE_URL: pgdb.url } : {},
    q: () => {
      if (opened) return opened
      if (pgdb) {
        // The seam's PostgreSQL storage needs no SQLite file: an in-memory handle stands in for it.
        handle = new Database(':memory:')
        storage = openStorage(handle, pgdb.url)
        opened = queryOf(storage, handle)
      } else {
        handle = new Database(dbPath)
        handle.pragma('busy_timeout = 5000')
        opened = sqliteQuery(handle)
      }
      return opened
    },
    close: async () => {
      await storage?.close()
      handle?.close()
      await pgdb?.drop()
    },
  }
}

/**
 * `n` server processes started at once on one database (sharedDatabase above: PostgreSQL under TEST_DATABASE_URL unless
 * `sqlite`; else the SQLite file, a new one in a temp folder unless `dbPath` is given), each its own start (its own
 * sandbox key) — as several `npm start`s on one database behind a proxy would be. All start or none (the ones that did
 * are stopped); `stop` stops them all, closes `db` and removes the folder it made.
 */
export async function startProcesses(
  n: number,
  o: { label: string; dbPath?: string; env?: Record<string, string>; sqlite?: boolean; envOf?: (i: number) => Record<string, string> },
): Promise<{ servers: TestServerHandle[]; dbPath: string; db: SharedDatabase; stop: () => Promise<void> }> {
  const dir = o.dbPath ? null : fs.mkdtempSync(path.join(os.tmpdir(), `ocp-${o.label}-`))
  const dbPath = o.dbPath ?? path.join(dir as string, 'shared.sqlite')
  const db = await sharedDatabase(dbPath, { sqlite: o.sqlite })
  // One CLOCK_AT instant for all (as WORKERS=N's primary hands it over, server/main.ts): under npm run test:clock each
  // process's clock would otherwise start from its own start, seconds apart, and a shared window read them as moved back.
  const env = { CLOCK_AT_FROM_MS: String(Date.now()), ...db.env, ...o.env }
  const started = await Promise.allSettled(Array.from({ length: n }, (_, i) => startTestServer({ label: `${o.label}${i}`, dbPath, env: { ...env, ...o.envOf?.(i) } })))
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  let stopped = false
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()))
    if (stopped) return
    stopped = true
    await db.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return { servers, dbPath, db, stop }
}

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}
export interface Answer<T = unknown> {
  status: number
  body: Envelope<T>
  raw: string
  headers: http.IncomingHttpHeaders
}

export const isEnvelope = (b: unknown): b is Envelope =>
  typeof b === 'object' && b !== null && [1, 0, -1].includes((b as Envelope).code) && typeof (b as Envelope).msg === 'string' && 'data' in b

/** What the client has seen so far: requests sent, 5xx, non-envelopes, and the most requests in flight at once. */
export interface HttpStats {
  sent: number
  serverErrors: number
  nonEnvelope: number
  inFlight: number
  maxInFlight: number
}

/** keepAlive false: every request on a new connection (so a cluster's primary hands each to the next worker). */
export function httpClient(maxSockets = 32, keepAlive = true) {
  const agent = new http.Agent({ keepAlive, maxSockets })
  const stats: HttpStats = { sent: 0, serverErrors: 0, nonEnvelope: 0, inFlight: 0, maxInFlight: 0 }

  function request<T = unknown>(server: TestServerHandle, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const body = payload === undefined ? undefined : JSON.stringify(payload)
    const target = new URL(url, server.base)
    stats.sent++
    stats.inFlight++
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    return new Promise<Answer<T>>((resolve, reject) => {
      const req = http.request(
        target,
        { method, agent, headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } },
        (res) => {
          let raw = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => (raw += d))
          res.on('end', () => {
            const status = res.statusCode ?? 0
            if (status >= 500) stats.serverErrors++
            let parsed: unknown = null
            try {
              parsed = JSON.parse(raw)
            } catch {
              // counted below
            }
            if (!isEnvelope(parsed)) stats.nonEnvelope++
            resolve({ status, body: parsed as Envelope<T>, raw, headers: res.headers })
          })
        },
      )
      req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${method} ${target.href}`)))
      req.on('error', reject)
      if (body) req.write(body)
      req.end()
    }).finally(() => stats.inFlight--)
  }

  /** An /api call: GET payloads in the query string, POST ones as JSON; the session token as the app sends it. */
  function api<T = unknown>(server: TestServerHandle, method: 'GET' | 'POST', endpoint: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const query = method === 'GET' && payload ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))}` : ''
    return request<T>(server, method, `/api/${endpoint}${query}`, method === 'POST' ? (payload ?? {}) : undefined, headers)
  }

  return { request, api, stats, destroy: () => agent.destroy() }
}

/** Answers counted by "HTTP status, code, msg" — a failure shows at a glance what came back instead. */
export function tally(answers: Answer[]): Record<string, number> {
  const t: Record<string, number> = {}
  for (const a of answers) {
    const key = isEnvelope(a.body) ? `${a.status} ${a.body.code} ${a.body.msg}` : `${a.status} not an envelope: ${a.raw.slice(0, 80)}`
    t[key] = (t[key] ?? 0) + 1
  }
  return t
}

/** Polls (bounded: every 20 ms, until `timeoutMs`) until `check` returns true. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A port nothing listens on (for METRICS_PORT). */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/** GET /metrics on a start's metrics port, on a connection of its own that closes after (nothing left open for jest). */
export const scrapeMetrics = (metricsPort: number): Promise<{ status: number; type: string; text: string }> =>
  new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: metricsPort, path: '/metrics', agent: false }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }))
      })
      .on('error', reject)
  })
