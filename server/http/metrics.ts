import cluster from 'node:cluster'
import http from 'node:http'
import client from 'prom-client'
import type { FastifyInstance } from 'fastify'
import type { Storage } from '../storage/engine'
import type { Q } from '../storage/query'
import { pendingCallsSummary } from '../storage/repo/providerCalls'
import { nowMs } from '../time'

/**
 * Metrics in Prometheus' text format (issue 42; docs/operations.md "Watching it"), served on a port of their own —
 * METRICS_PORT on METRICS_HOST (127.0.0.1 unless set) — never on the public port. Every process records into
 * prom-client's global registry; with WORKERS=N the primary alone listens and answers with every worker's metrics
 * added together (prom-client's AggregatorRegistry over node's cluster messages): counters and histograms summed,
 * the pool and the streams summed, the outbox (one database, read by each worker) as the largest answer.
 *
 *   ocp_http_requests_total{method,route,status}       requests answered, by route pattern (never the raw URL)
 *   ocp_http_request_duration_seconds{method,route}    latency histogram
 *   ocp_http_requests_in_flight                        requests read and not yet answered (live streams included)
 *   ocp_database_faults_total{kind}                    requests answered 503 for a database fault (busy, unavailable)
 *   ocp_db_pool_connections{state}                     PostgreSQL's pool: open, idle, waiting (queries waiting for one)
 *   ocp_db_transaction_retries_total                   PostgreSQL transactions run again (serialization, deadlock)
 *   ocp_db_connections_lost_total                      PostgreSQL connections the server ended (a restart, an outage)
 *   ocp_outbox_pending, ocp_outbox_oldest_age_seconds  provider calls recorded and not yet made, and the oldest's age
 *   ocp_live_streams                                   takeout live-status streams open
 *   ocp_live_listening                                 processes whose PostgreSQL LISTEN connection holds (opened with a
 *                                                      process's first live stream; 0 on SQLite, which asks every tick)
 *   ocp_live_notifications_total                       change notifications the processes heard from PostgreSQL
 *   ocp_live_listen_failures_total                     LISTEN connections lost or failed to open (each retried, backing off)
 *   ocp_sweep_runs_total{result}                       housekeeping runs, ok or failed
 * plus prom-client's process metrics (CPU, memory, event-loop lag) for each process.
 */

const registry = client.register

const requests = new client.Counter({ name: 'ocp_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'] as const })
const duration = new client.Histogram({
  name: 'ocp_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
})
const inFlight = new client.Gauge({ name: 'ocp_http_requests_in_flight', help: 'Requests read and not yet answered (open live streams included)' })
export const databaseFaults = new client.Counter({ name: 'ocp_database_faults_total', help: 'Requests answered 503 for a database fault', labelNames: ['kind'] as const })
export const sweepRuns = new client.Counter({ name: 'ocp_sweep_runs_total', help: 'Housekeeping sweep runs', labelNames: ['result'] as const })

let collectors: { storage: Storage; q: Q; liveStreams: () => number; liveFeed: FastifyInstance['liveFeed'] } | null = null

new client.Gauge({
  name: 'ocp_db_pool_connections',
  help: "PostgreSQL's pool: connections open, idle, and queries waiting for one",
  labelNames: ['state'] as const,
  collect() {
    const use = collectors?.storage.poolUse()
    if (!use) return
    this.set({ state: 'open' }, use.total)
    this.set({ state: 'idle' }, use.idle)
    this.set({ state: 'waiting' }, use.waiting)
  },
})
new client.Gauge({
  name: 'ocp_db_transaction_retries_total',
  help: 'PostgreSQL transactions run again after a serialization failure or deadlock',
  collect() {
    this.set(collectors?.storage.transactionRetries() ?? 0)
  },
})
new client.Gauge({
  name: 'ocp_db_connections_lost_total',
  help: 'PostgreSQL connections the server ended (a restart, an outage, an administrator)',
  collect() {
    this.set(collectors?.storage.idleConnectionsLost() ?? 0)
  },
})
new client.Gauge({
  name: 'ocp_live_streams',
  help: 'Takeout live-status streams open',
  collect() {
    this.set(collectors?.liveStreams() ?? 0)
  },
})
new client.Gauge({
  name: 'ocp_live_listening',
  help: "Processes whose PostgreSQL LISTEN connection for live changes holds (it opens with the process's first live stream)",
  collect() {
    this.set(collectors?.liveFeed()?.listening ? 1 : 0)
  },
})
new client.Gauge({
  name: 'ocp_live_notifications_total',
  help: 'Change notifications heard from PostgreSQL on the live-changes connection',
  collect() {
    this.set(collectors?.liveFeed()?.notifications ?? 0)
  },
})
new client.Gauge({
  name: 'ocp_live_listen_failures_total',
  help: "The live-changes LISTEN connection's losses and failed opens (each retried with a back-off)",
  collect() {
    this.set(collectors?.liveFeed()?.failures ?? 0)
  },
})
const outboxPending = new client.Gauge({ name: 'ocp_outbox_pending', help: 'Provider calls recorded and not yet made', aggregator: 'max' })
new client.Gauge({
  name: 'ocp_outbox_oldest_age_seconds',
  help: 'Age of the oldest provider call not yet made (0: none)',
  aggregator: 'max',
  async collect() {
    if (!collectors) return
    try {
      const row = await pendingCallsSummary(collectors.q)
      outboxPending.set(Number(row?.n ?? 0))
      this.set(row?.oldest == null ? 0 : Math.max(0, (nowMs() - Number(row.oldest)) / 1000))
    } catch {
      // The database away: the last values stay; ocp_database_faults_total and /readyz say so.
    }
  },
})

let defaults = false

/** Records every answer of `app` (route pattern, status, time) and reads its storage and streams at each scrape. */
export function recordMetrics(app: FastifyInstance, storage: Storage, q: Q): void {
  if (!defaults) {
    client.collectDefaultMetrics()
    // A worker answers its primary's requests for its metrics: prom-client listens for them once an AggregatorRegistry
    // is made in the process.
    if (cluster.isWorker) new client.AggregatorRegistry()
    defaults = true
  }
  collectors = { storage, q, liveStreams: () => app.liveStreams(), liveFeed: () => app.liveFeed() }
  // From the moment the request's head is read until its answer is sent or its connection is gone (an aborted
  // request never reaches onResponse: the raw response's 'close' comes either way, once).
  app.addHook('onRequest', (_req, reply, done) => {
    inFlight.inc()
    reply.raw.once('close', () => inFlight.dec())
    done()
  })
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched'
    requests.inc({ method: req.method, route, status: String(reply.statusCode) })
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000)
    done()
  })
}

/**
 * The metrics port: this process's metrics (one process), or — in WORKERS=N's primary — every worker's added together.
 * Only GET /metrics answers; it listens on `host` (127.0.0.1 unless METRICS_HOST says otherwise).
 */
export function serveMetrics(port: number, host: string, log: (line: string) => void): Promise<http.Server> {
  const aggregate = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0 ? new client.AggregatorRegistry() : null
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    const text = aggregate ? aggregate.clusterMetrics() : registry.metrics()
    text.then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) => {
        log(`metrics not collected: ${String((error as Error)?.message ?? error)}`)
        res.writeHead(500).end()
      },
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.unref()
      resolve(server)
    })
  })
}
