import cluster, { type Worker } from 'node:cluster'
import { buildApp } from './http/app'
import { serveMetrics } from './http/metrics'
import { appOptionsOf, readConfig, type ServerConfig } from './http/config'
import { clockSource } from './storage/repo/settings'
import { ConfigError } from './env'
import { prepareDatabase } from './demo/prepare'
import { openDatabaseOf } from './storage/query'
import { waitForDatabase } from './storage/faults'
import { attachClock, BUSINESS_TZ, CLOCK_AT_FROM_MS, nowMs, nowText, realNowMs } from './time'

/** The database, as the banner names it: never a password (DATABASE_URL's user and host and database only). */
function databaseOf(config: ServerConfig): string {
  if (!config.databaseUrl) return `SQLite, ${config.dbPath}`
  try {
    const url = new URL(config.databaseUrl)
    return `PostgreSQL, ${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname} (DATABASE_URL)`
  } catch {
    return 'PostgreSQL (DATABASE_URL)'
  }
}

/** What the operator reads at start: where, and — in the sandbox — that nothing is real and the helpers' key. */
function banner(config: ServerConfig, port: number): string {
  const lines = [`One Card Pass is running at http://${config.host}:${port}/${config.workers > 1 ? ` (${config.workers} processes, WORKERS)` : ''}`, `  database: ${databaseOf(config)}`]
  if (config.metricsPort > 0) lines.push(`  metrics: http://${config.metricsHost}:${config.metricsPort}/metrics (Prometheus; METRICS_PORT)`)
  if (config.sandbox) {
    // The operator must see that nothing here is real, and the sandbox helpers are not open to whoever reaches the port.
    lines.push(
      [
        '==== SANDBOX MODE (NODE_ENV is not "production", or SANDBOX=1) — nothing here is real ====',
        '  simulated: SMS sender (login codes are printed in this log), payment provider (cashier at /sandbox/cashier,',
        '             trade closing and refunds), WeChat login, openid and JSSDK signatures',
        `  sandbox helpers (/api/sandbox/*) answer only with the header  X-Sandbox-Key: ${config.sandboxKey}`,
        '  (a new key at every start unless SANDBOX_KEY is set; run with NODE_ENV=production for none of this)',
        `  payment notifications are signed with ${process.env.PAY_NOTIFY_SECRET ? 'PAY_NOTIFY_SECRET' : 'a secret new at this start (PAY_NOTIFY_SECRET sets one)'}`,
        // The one clock (server/time.ts): moved by CLOCK_AT or POST /api/sandbox/clock (docs/sandbox.md).
        `  the server's clock reads ${nowText()} (${BUSINESS_TZ} business time${Math.abs(nowMs() - realNowMs()) > 1000 ? ', moved: CLOCK_AT or POST /api/sandbox/clock' : ''})`,
      ].join('\n'),
    )
  } else {
    lines.push(
      [
        `Production mode: no sandbox, ${config.demoData ? 'DEMO DATA (DEMO_DATA=1: never on a database with real shops)' : 'no demo data'}.`,
        // What is not configured answers with its reason (docs/going-live.md; npm run doctor checks the settings).
        `  providers: ${providerLine(config)}`,
      ].join('\n'),
    )
  }
  if (config.wechatpay) lines.push(`  WeChat Pay API v3: merchant ${config.wechatpay.mchid}, ${config.wechatpay.sp ? 'service-provider mode' : 'direct mode'}, notifications at ${config.wechatpay.notifyUrl}/notify/wechatpay/…`)
  return lines.join('\n')
}

/** Which outside providers this start has (npm run doctor says more): what is missing answers "not configured". */
function providerLine(config: ServerConfig): string {
  const names = Object.entries(config.providers)
  if (names.length === 0) return 'none wired in yet: SMS, WeChat login and payments answer "not configured" (npm run doctor)'
  return names.map(([name, value]) => `${name} ${value ? 'configured' : 'not configured'}`).join(', ')
}

/** One server process: the app on the port (WORKERS unset or 1: the whole start; else one worker of the primary's). */
async function serve(config: ServerConfig): Promise<void> {
  const app = await buildApp(appOptionsOf(config))
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  // A worker's start is told by the primary, once for all of them; so are its metrics (server/http/metrics.ts).
  if (!cluster.isWorker) {
    if (config.metricsPort > 0) await serveMetrics(config.metricsPort, config.metricsHost, (line) => app.log.warn(line))
    console.log(banner(config, port))
  }
  // A graceful stop (issue 42; docs/operations.md "Stopping it"): readiness turns false at once, no new connection is
  // taken, the requests in flight finish (at most STOP_INFLIGHT_MS; then their connections are cut and the process
  // exits 1), live streams get their last line ({"type":"end"}: the client opens the next one elsewhere), the
  // housekeeping run under way ends, the pool closes. WORKERS=N: the primary sends SIGTERM to each worker and waits.
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      app.health.stopping()
      app.log.info({ signal }, 'stopping: finishing the requests in flight')
      const cut = setTimeout(() => {
        app.log.warn(`stopping: requests still in flight after ${STOP_INFLIGHT_MS / 1000} s, their connections cut`)
        app.server.closeAllConnections()
        process.exit(1)
      }, STOP_INFLIGHT_MS)
      cut.unref()
      void app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error)
          process.exit(1)
        },
      )
    })
  }
}

/** How long a stopping process lets its requests in flight finish (under the primary's STOP_MS, after which it kills). */
const STOP_INFLIGHT_MS = 8_000

/** A worker that dies is started again, at most this many times within RESTART_WINDOW_MS; past that the start ends. */
const MAX_RESTARTS = 10
const RESTART_WINDOW_MS = 60_000
/** How long the workers have to close before they are killed, when the start is stopped. */
const STOP_MS = 10_000

/**
 * WORKERS=N (docs/multi-process.md): this process is the primary of node's cluster. It migrates and seeds the database
 * once, before any worker opens it; the start's secrets — the sandbox key, the payment notifications' secret — and
 * CLOCK_AT's start instant were made by readConfig / server/time.ts here and are handed to every worker in its
 * environment, so all N take one key, sign and check with one secret and read one clock. The workers share the port
 * (the primary accepts and hands connections round); nothing that decides a rule stays in a worker's memory.
 */
async function primary(config: ServerConfig): Promise<void> {
  const { sqlite: db, storage, q } = openDatabaseOf(config.dbPath, config.databaseUrl)
  // The database made ready here, once, before any worker starts (server/demo/prepare.ts, the same on either engine):
  // migrated (PostgreSQL), the reference data, the demo's when asked. A database that is away is waited for (a bounded
  // back-off, said in the log: server/storage/faults.ts), never a reason to exit: the workers start once it answers (issue 42).
  const say = (line: string) => console.error(line)
  await waitForDatabase('the start (migrations and seed)', () => prepareDatabase(storage, q, { demo: config.demoData }), say)
  // The banner's clock line reads the sandbox's offset kept in the database, as the workers will.
  const clock = await waitForDatabase('the start (the clock)', () => clockSource(db, q, 0, () => undefined), say)
  const detachClock = attachClock(clock.read)
  const env: Record<string, string> = {
    PAY_NOTIFY_SECRET: config.paySecret,
    CLOCK_AT_FROM_MS: String(CLOCK_AT_FROM_MS),
    ...(config.sandbox ? { SANDBOX_KEY: config.sandboxKey } : {}),
  }
  let told = false
  let stopping = false
  const restarts: number[] = []
  const listening = new Set<number>()
  const fork = () => cluster.fork(env)

  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())
    if (workers.length === 0) process.exit(code)
    for (const w of workers) w.process.kill('SIGTERM')
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) if (w && !w.isDead()) w.process.kill('SIGKILL')
      process.exit(code)
    }, STOP_MS).unref()
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(code)
    })
  }

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id)
    if (!told && listening.size === config.workers) {
      told = true
      console.log(banner(config, address.port))
      detachClock()
      void storage.close()
      db?.close()
    }
  })
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id)
    if (stopping) return
    const why = signal ? `signal ${signal}` : `code ${code}`
    // A worker that cannot start (the port is taken, the configuration refused) would fail again: the start ends.
    if (!told) {
      console.error(`A server process stopped while starting (${why}): stopping the others.`)
      return stop(1)
    }
    const now = realNowMs()
    while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift()
    if (restarts.length >= MAX_RESTARTS) {
      console.error(`Server process ${worker.process.pid} stopped (${why}); ${MAX_RESTARTS} restarts within ${RESTART_WINDOW_MS / 1000} s already: stopping.`)
      return stop(1)
    }
    restarts.push(now)
    console.error(`Server process ${worker.process.pid} stopped (${why}): starting another.`)
    fork()
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(0))
  for (let i = 0; i < config.workers; i++) fork()
  // Every worker's metrics, added together, on the metrics port (server/http/metrics.ts).
  if (config.metricsPort > 0) await serveMetrics(config.metricsPort, config.metricsHost, (line) => console.error(line))
}

async function main() {
  const config = readConfig()
  if (config.workers > 1 && cluster.isPrimary) await primary(config)
  else await serve(config)
}

main().catch((err: unknown) => {
  // A setting the server cannot start with: one line per variable, its name first, nothing else (no stack to read through).
  if (err instanceof ConfigError) console.error(`The server did not start: its configuration is wrong (npm run doctor checks it; docs/going-live.md).\n${err.message}`)
  else console.error(err)
  process.exit(1)
})
