/**
 * What a database error means for the request it failed (issue 42): an error of the database itself — not of the
 * request's data — answered as a busy database already was (HTTP 503 `server_busy` with Retry-After, the envelope; the
 * transaction rolled back or never began), and the process goes on.
 *
 * - busy: contention. SQLite's write lock held past busy_timeout (SQLITE_BUSY*); PostgreSQL's serialization failure
 *   or deadlock on each of its runs (40001, 40P01; server/storage/engine.ts MAX_ATTEMPTS), too many connections
 *   (53300), a lock not available (55P03).
 * - unavailable: the database is not there or went away. PostgreSQL's connection errors (class 08), the server
 *   shutting down or starting up (57P01 admin_shutdown — `pg_ctl restart -m fast` —, 57P02 crash_shutdown — `-m
 *   immediate` —, 57P03 cannot_connect_now), a socket refused, reset or unreachable (ECONNREFUSED, ECONNRESET, EPIPE,
 *   ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EAI_AGAIN, ENOTFOUND), node-postgres' own words for a connection it lost
 *   ("Connection terminated unexpectedly", "… is not queryable", "timeout exceeded when trying to connect");
 *   SQLite's file not readable or writable now (SQLITE_IOERR*, SQLITE_LOCKED*, SQLITE_FULL, SQLITE_CANTOPEN,
 *   SQLITE_PROTOCOL).
 *
 * "Nothing written" holds for every such answer but one case no client can tell apart: the connection lost while
 * PostgreSQL ran the COMMIT. The transaction may then have committed; the client's retry with the same
 * client_request_id answers that order (server/domain/orders.ts createOrder), and a provider's notification is sent
 * again by the provider.
 */
export type DatabaseFault = { kind: 'busy' | 'unavailable'; code: string }

const BUSY_CODES = new Set(['40001', '40P01', '53300', '55P03'])
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'SQLITE_FULL', 'SQLITE_CANTOPEN', 'SQLITE_PROTOCOL'])
/** node-postgres' errors without a code (pg/lib/client.js, pg-pool). */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/

function faultOf(error: unknown, depth: number): DatabaseFault | null {
  if (typeof error !== 'object' || error === null || depth > 3) return null
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
  if (typeof code === 'string') {
    if (BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY')) return { kind: 'busy', code }
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_LOCKED')) return { kind: 'unavailable', code }
  }
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return { kind: 'unavailable', code: 'connection lost' }
  // A connection to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError of each.
  if (Array.isArray(errors)) for (const e of errors) {
    const inner = faultOf(e, depth + 1)
    if (inner) return inner
  }
  return faultOf(cause, depth + 1)
}

/** The database fault `error` is, or null when it is something else (a bug, the request's data, a constraint). */
export const databaseFault = (error: unknown): DatabaseFault | null => faultOf(error, 0)

/** Seconds a client is told to wait (Retry-After) after each kind: contention clears at once, a restart takes a few. */
export const RETRY_AFTER_S: Readonly<Record<DatabaseFault['kind'], number>> = { busy: 1, unavailable: 5 }

/** The waits between tries of waitForDatabase: doubling from half a second, never more than WAIT_MAX_MS. */
export const WAIT_FIRST_MS = 500
export const WAIT_MAX_MS = 10_000

/**
 * Runs `step` (a start's migration, its first reads) until the database answers (issue 42): while the error is a
 * database fault (above) it is tried again after a bounded back-off — 0.5 s, 1 s, 2 s … at most 10 s — each wait told
 * to `say` (the log); any other error is thrown at once. A process started while the database is away waits for it
 * instead of exiting, and so does the primary of WORKERS=N: an outage never uses up its restarts.
 */
export async function waitForDatabase<T>(what: string, step: () => Promise<T>, say: (line: string) => void): Promise<T> {
  for (let attempt = 1, wait = WAIT_FIRST_MS; ; attempt++, wait = Math.min(wait * 2, WAIT_MAX_MS)) {
    try {
      return await step()
    } catch (error) {
      const fault = databaseFault(error)
      if (!fault) throw error
      say(`The database is not answering (${fault.code}) for ${what}: trying again in ${wait / 1000} s (attempt ${attempt}).`)
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
