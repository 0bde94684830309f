import { Kysely, PostgresDialect, SqliteDialect, sql as kysql } from 'kysely'
import pg from 'pg'
import { sql, type DB } from './db'
import { listen, type ListenHandlers, type Listener } from './listen'

/**
 * The storage seam (issue 28, docs/decisions/2026-11-26-kysely-storage-seam.md): one Kysely instance over SQLite
 * (better-sqlite3, the server's own handle) or PostgreSQL (`pg`), and one `transaction()` for both. Kysely is the seam —
 * its pool, its transactions, its dialects — not a way to write a repository: the repositories write SQL text through
 * `Q` (server/storage/query.ts; why: docs/decisions/2026-12-06-one-schema-history.md), so no table is typed for the
 * builder. Only a service function opens a transaction, never a route handler.
 */
export type Database = Record<string, never>

/** The instance or a transaction's: what a repository function runs on. */
export type Store = Kysely<Database>

export type Engine = 'sqlite' | 'postgres'

/**
 * PostgreSQL's isolation level of one transaction, chosen by its caller and written beside the call:
 * - 'serializable': check-then-write without naming rows to lock (a count, then an insert); a concurrent writer
 *   makes one of the two fail with 40001, and `transaction()` runs it again on the new state.
 * - 'read committed' with `SELECT … FOR UPDATE` or conditional updates (`… WHERE stock > 0`) where the rows to guard
 *   are known. Deadlocks (40P01) are retried the same way.
 * On SQLite every transaction is serial (BEGIN IMMEDIATE: the whole file's write lock), whatever is chosen here.
 */
export type Isolation = 'serializable' | 'repeatable read' | 'read committed'

export interface Storage {
  readonly engine: Engine
  readonly db: Store
  /**
   * Runs `fn` in one transaction and returns its result; a throw rolls it back.
   *
   * SQLite: `BEGIN IMMEDIATE`, not Kysely's plain `BEGIN`: with several processes on one file, a deferred transaction
   * that reads and then writes fails with SQLITE_BUSY when another process wrote in between (the multi-process tests
   * caught it, server/storage/db.ts `tx()`); an immediate one waits (busy_timeout) and reads the current state.
   * PostgreSQL: at `isolation`, run again — at most MAX_ATTEMPTS times in all — when it fails with a serialization
   * failure (40001) or a deadlock (40P01).
   *
   * So `fn` MAY RUN MORE THAN ONCE: it must only read and write through the store it is given — never call the payment
   * provider, send a message or touch anything outside the database (record the intent in a table and act after the
   * transaction). On SQLite it also must await nothing but its own queries: the transaction shares the server's
   * better-sqlite3 handle, whose synchronous callers (server/storage/db.ts) must not run while it is open — with only queries
   * awaited, the whole transaction runs before any other request's I/O callback can.
   */
  transaction<T>(isolation: Isolation, fn: (trx: Store) => Promise<T>): Promise<T>
  /**
   * Whether a transaction of this process is open on the database now: SQLite's handle in one (its only connection);
   * PostgreSQL, any `transaction()` under way. What the tests read, on either engine, when a payment provider is asked,
   * to see it asked after the transaction that decided the call (server/domain/pay/outbox.ts).
   */
  inTransaction(): boolean
  /** Closes PostgreSQL's pool; on SQLite the handle stays open (the server closes it). */
  close(): Promise<void>
  /** How many PostgreSQL connections the server ended, idle or in use (always 0 on SQLite). */
  idleConnectionsLost(): number
  /** PostgreSQL's pool now — connections open, idle, and queries waiting for one (metrics); null on SQLite. */
  poolUse(): { total: number; idle: number; waiting: number } | null
  /** How many PostgreSQL transactions ran again after a serialization failure or deadlock (metrics; 0 on SQLite). */
  transactionRetries(): number
  /**
   * PostgreSQL: LISTEN on `channel` over a connection of its own, outside the pool (server/storage/listen.ts: reconnects
   * with a bounded back-off, `connected` after each connect). SQLite: null — it has no notifications.
   */
  listen(channel: string, handlers: ListenHandlers): Listener | null
}

/**
 * At most this many runs of one transaction on PostgreSQL (the first and 9 retries). 5 was too few for the core's
 * SERIALIZABLE transactions under the multi-process tests' bursts (a few of 150 requests at once ran out and answered
 * an error); the hottest rules lock their rows at READ COMMITTED instead (server/storage/query.ts lockRow).
 */
export const MAX_ATTEMPTS = 10
const RETRIED = new Set(['40001', '40P01'])

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

/**
 * The storage of `url` — `DATABASE_URL` when not given. Absent or empty: SQLite on `sqlite`, the handle the server
 * opened (server/storage/db.ts openDatabase), so both layers see one database and one file lock. `postgres://…`:
 * PostgreSQL, and `sqlite` is not used (the server opens no SQLite file then: null).
 */
export function openStorage(sqlite: DB | null, url: string | undefined = process.env.DATABASE_URL): Storage {
  if (url && isPostgresUrl(url)) return postgresStorage(url)
  if (url) throw new Error(`DATABASE_URL: only postgres://… (PostgreSQL) is understood; unset it for SQLite (got ${url.split(':')[0]}:…)`)
  if (!sqlite) throw new Error('openStorage: SQLite needs the handle of its file (server/storage/db.ts openDatabase)')
  return sqliteStorage(sqlite)
}

function sqliteStorage(handle: DB): Storage {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      // Kysely's driver prepares every query afresh; through server/storage/db.ts `sql()` each text compiles once (~10 % of a
      // simple read, docs/performance.md). Closing is the server's: Kysely's destroy() must not close its handle.
      database: { prepare: (text: string) => sql(handle, text), close: () => undefined },
    }),
  })
  return {
    engine: 'sqlite',
    db,
    // One connection: Kysely's driver lends it to one caller at a time, so the transaction's queries are alone on it.
    transaction: (_isolation, fn) =>
      db.connection().execute(async (conn) => {
        if (handle.inTransaction) throw new Error('storage.transaction: the SQLite handle is already in a transaction (server/storage/db.ts tx)')
        await kysql`BEGIN IMMEDIATE`.execute(conn)
        try {
          const result = await fn(conn)
          await kysql`COMMIT`.execute(conn)
          return result
        } catch (error) {
          if (handle.inTransaction) await kysql`ROLLBACK`.execute(conn)
          throw error
        }
      }),
    inTransaction: () => handle.inTransaction,
    close: async () => undefined,
    idleConnectionsLost: () => 0,
    poolUse: () => null,
    transactionRetries: () => 0,
    listen: () => null,
  }
}

/** bigint (int8: ids, counts, epoch ms) as a JS number: every such value here stays below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/**
 * Named (prepared) statements (issue 42, docs/performance.md "PostgreSQL at speed"): every query with parameters is sent
 * under a name of its text, so each connection parses and plans a text once and then only binds and executes it — a
 * signed-in `order/read` is one such statement. Names are this process's (`s1`, `s2`, … in the order texts are first
 * seen; one text, one name on every connection). At most MAX_NAMED texts are named — a text built with a varying number
 * of `?` (an `IN (…)` list) could otherwise grow every connection's statements without bound — later ones are sent
 * unnamed, as before. A query without parameters (BEGIN, COMMIT, a migration's DDL) goes by the simple protocol.
 */
const MAX_NAMED = 2_000
const statementNames = new Map<string, string>()
function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `s${statementNames.size + 1}`
    statementNames.set(text, name)
  }
  return name
}

/** pg's Client with query(text, values) — what Kysely sends — under the text's name. */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
Object.defineProperty(PreparingClient.prototype, 'query', {
  value: function query(this: pg.Client, ...args: unknown[]) {
    const [text, values] = args
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0 ? statementName(text) : undefined
    return name === undefined ? plainQuery.apply(this, args) : plainQuery.call(this, { name, text, values })
  },
})

/** How long opening a PostgreSQL connection may take before the query waiting for it fails (unavailable: 503). */
export const CONNECT_TIMEOUT_MS = 5_000

function postgresStorage(url: string): Storage {
  // keepAlive: a connection whose server vanished without closing it (a host gone, a network cut) is found dead by TCP
  // rather than held for ever. connectionTimeoutMillis: a server that does not answer a connection fails the request
  // waiting for it (server/storage/faults.ts: unavailable) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, types, max: 10, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, Client: PreparingClient })
  // A connection the server ends (a restart, `pg_ctl restart -m fast` or `-m immediate`, a failover, an administrator's
  // terminate: 57P01, 57P02, "Connection terminated unexpectedly") emits 'error' on its client. Without a listener node
  // treats it as uncaught and the process ends (issue 42: every busy worker did). node-postgres listens on idle clients
  // only (the pool drops them: 'error' on the pool, below); a client checked out — held by a transaction or a query —
  // has no listener, so one is attached for the time it is held. The query in flight fails with the error (the request
  // is answered 503, server/storage/faults.ts), Kysely's rollback fails and discards the client, and the pool drops it
  // when it is released (not queryable).
  let lost = 0
  let retries = 0
  // Transactions under way (inTransaction): counted around the function, each run of it.
  let open = 0
  const counted =
    <T,>(fn: (trx: Store) => Promise<T>) =>
    async (trx: Store): Promise<T> => {
      open++
      try {
        return await fn(trx)
      } finally {
        open--
      }
    }
  pool.on('error', (error: Error & { code?: string }) => {
    lost++
    process.emitWarning(`PostgreSQL closed an idle connection (${error.code ?? 'no code'}): ${error.message}`)
  })
  const whileHeld = (error: Error & { code?: string }) => {
    lost++
    process.emitWarning(`PostgreSQL closed a connection in use (${error.code ?? 'no code'}): ${error.message}`)
  }
  pool.on('acquire', (client) => client.on('error', whileHeld))
  pool.on('release', (_error, client) => client.removeListener('error', whileHeld))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    engine: 'postgres',
    db,
    transaction: async (isolation, fn) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().setIsolationLevel(isolation).execute(counted(fn))
        } catch (error) {
          const code = (error as { code?: unknown }).code
          if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRIED.has(code)) throw error
          retries++
          // A short random pause, so two transactions that failed together do not collide again at once.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)))
        }
      }
    },
    inTransaction: () => open > 0,
    close: () => db.destroy(),
    idleConnectionsLost: () => lost,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    transactionRetries: () => retries,
    listen: (channel, handlers) => listen(url, channel, handlers),
  }
}
