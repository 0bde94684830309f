import type { FastifyInstance } from 'fastify'
import { databaseFault } from '../storage/faults'

/**
 * Liveness and readiness (issue 42; docs/operations.md "Watching it"), as load balancers and container platforms ask:
 *
 * - `GET /healthz` — liveness: the process is up and its event loop answers. It touches no database: a database outage
 *   must not get a healthy process restarted (it would only start again into the same outage).
 * - `GET /readyz` — readiness: should this process get traffic now? 200 when all of these hold, else 503, each with a
 *   small JSON of the checks (`{ "ready": false, "failed": ["database"], "checks": { "database": "ECONNREFUSED", … } }`):
 *   - database: it answered the schema-version query within READY_DB_MS;
 *   - migrations: this process brought the schema to its version at start (on PostgreSQL it waits for the database,
 *     server/http/app.ts), and the database's version is not behind it (a backup of an older version restored under it);
 *   - sweep: the housekeeping sweep (server/http/app.ts) finished a run — with or without an error, which it logs —
 *     within sweepStaleMs (twice its interval and a minute); before its first run ends, the process is that young;
 *   - stopping: no SIGTERM received (server/main.ts): readiness turns false at once while the requests in flight finish.
 */

/** How long the readiness probe waits for the database's answer. */
export const READY_DB_MS = 2_000

export interface Health {
  /** The schema is at this process's version (set by the start's migration step). */
  prepared: () => void
  isPrepared: () => boolean
  /** A sweep run started / finished (with its error, when it failed). */
  sweepStarted: () => void
  sweepFinished: (error?: unknown) => void
  /** Settles when the first sweep run (the one at the start) has ended, with or without an error: a test waits for it. */
  firstSweepEnded: () => Promise<void>
  /** SIGTERM: readiness false from now on. */
  stopping: () => void
  isStopping: () => boolean
  /** The readiness answer. */
  readiness: () => Promise<{ ready: boolean; failed: string[]; checks: Record<string, string> }>
}

export interface HealthOptions {
  /** The schema version this process needs (server/storage/history.ts SCHEMA_VERSION). */
  version: number
  /** Reads the database's schema version (SQLite's user_version, PostgreSQL's schema_version). */
  readVersion: () => Promise<number>
  sweepMs: number
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
// (Durations on performance.now(): real time, never the business clock a sandbox may move.)

export function createHealth(o: HealthOptions): Health {
  const startedAt = performance.now()
  const sweepStaleMs = 2 * o.sweepMs + 60_000
  let prepared = false
  let stopping = false
  let sweepRunningSince: number | null = null
  let sweepEndedAt: number | null = null
  let sweepError: string | null = null
  let firstSweep!: () => void
  const firstSweepEnded = new Promise<void>((resolve) => (firstSweep = resolve))

  const databaseCheck = async (): Promise<{ ok: boolean; text: string; version?: number }> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_DB_MS)))
    try {
      const answer = await Promise.race([o.readVersion(), late])
      if (answer === 'late') return { ok: false, text: `no answer within ${READY_DB_MS} ms` }
      return { ok: true, text: 'ok', version: answer }
    } catch (error) {
      const fault = databaseFault(error)
      return { ok: false, text: fault ? fault.code : `error: ${String((error as Error)?.message ?? error).slice(0, 120)}` }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    prepared: () => void (prepared = true),
    isPrepared: () => prepared,
    sweepStarted: () => void (sweepRunningSince = performance.now()),
    sweepFinished: (error) => {
      firstSweep()
      sweepRunningSince = null
      sweepEndedAt = performance.now()
      sweepError = error === undefined ? null : String((error as Error)?.message ?? error).slice(0, 120)
    },
    firstSweepEnded: () => firstSweepEnded,
    stopping: () => void (stopping = true),
    isStopping: () => stopping,
    readiness: async () => {
      const checks: Record<string, string> = {}
      const failed: string[] = []
      const check = (name: string, ok: boolean, text: string) => {
        checks[name] = text
        if (!ok) failed.push(name)
      }
      const db = await databaseCheck()
      check('database', db.ok, db.text)
      if (!prepared) check('migrations', false, 'not run yet (waiting for the database)')
      else if (db.version === undefined) check('migrations', true, `ok at start (version ${o.version}); not read now`)
      else if (db.version < o.version) check('migrations', false, `the database is at version ${db.version}, this server needs ${o.version}`)
      else check('migrations', true, `ok (version ${db.version})`)
      const now = performance.now()
      if (sweepRunningSince !== null && now - sweepRunningSince > sweepStaleMs) check('sweep', false, `running for ${seconds(now - sweepRunningSince)}`)
      else if (sweepEndedAt !== null) check('sweep', now - sweepEndedAt <= sweepStaleMs, `last finished ${seconds(now - sweepEndedAt)} ago${sweepError ? ` (failed: ${sweepError})` : ''}`)
      else check('sweep', now - startedAt <= sweepStaleMs, `not finished yet (the process started ${seconds(now - startedAt)} ago)`)
      if (stopping) check('stopping', false, 'stopping (SIGTERM): finishing the requests in flight')
      return { ready: failed.length === 0, failed, checks }
    },
  }
}

/** GET /healthz and GET /readyz, in the documents' scope (server/http/app.ts). */
export function healthRoutes(app: FastifyInstance, health: Health): void {
  app.get('/healthz', async (_req, reply) => reply.type('text/plain').send('ok'))
  app.get('/readyz', async (_req, reply) => {
    const answer = await health.readiness()
    return reply.code(answer.ready ? 200 : 503).header('cache-control', 'no-store').send(answer)
  })
}
