/**
 * SQLite's side of the storage layer: opening the file (WAL, foreign keys, secure delete), bringing it to the schema's
 * version (the one history of both engines, server/storage/history.ts: each step's `.sqlite.sql` file, recorded in
 * `PRAGMA user_version`), the write transaction and the statement cache the repositories run on. The SQL itself lives in
 * the repositories (server/storage/repo/*) and the numbered migrations (server/storage/migrations/).
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { HISTORY, SCHEMA_VERSION } from './history'

export type DB = Database.Database

/** Where the SQLite database lives when DB_PATH does not say (the server's config and `npm run db:copy`). */
export const DEFAULT_DB_PATH = './data/onecard.sqlite'

/**
 * A write transaction that takes the write lock when it starts (BEGIN IMMEDIATE). With several server
 * processes on one database file, a deferred transaction that reads and then writes fails with
 * SQLITE_BUSY when another process wrote in between; an immediate one waits (busy_timeout) and then
 * reads the current state, so check-then-write stays correct.
 */
export function tx<T>(db: DB, fn: () => T): T {
  return db.transaction(fn).immediate()
}

export function openDatabase(dbPath: string): DB {
  if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true })
  const db = new Database(dbPath)
  db.pragma('busy_timeout = 5000')
  // Freed bytes are zeroed — a deleted row's, an updated row's old copy, a freed page (issue 43): what an account
  // deletion erases does not stay readable in the file's free space. A setting of each connection, so every opener sets
  // it here. Its cost and what else it takes (the log emptied after an erasure): docs/api.md "What stays in the files".
  db.pragma('secure_delete = ON')
  toWal(db)
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

/**
 * WAL, which a new file needs once (it is kept in the file). Switching takes the file's exclusive lock, and SQLite
 * answers SQLITE_BUSY at once, without the busy timeout, when another connection holds a lock it cannot wait behind:
 * several processes opening one new file together (three servers started at once on it; manyProcesses.test.ts saw one
 * exit with "database is locked"). Tried again for up to 5 s; a file another process already switched reads as WAL.
 */
function toWal(db: DB): void {
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || attempt >= 100) throw error
      Atomics.wait(pause, 0, 0, 50)
    }
  }
}

/**
 * Statements, compiled once per database and SQL text: better-sqlite3 statements are reusable, and
 * preparing on every request cost ~10 % of a simple read (measured with bench/api.ts). The repositories
 * (server/storage/repo/*) take every statement from here; the SQL texts are a fixed, small set, so the cache
 * stays small. Statements built from a variable number of placeholders (`IN (?, ?)`) are one text per
 * count. A plain `db.prepare` still compiles afresh (the seed and the tests use it for one-off SQL).
 */
const statements = new WeakMap<DB, Map<string, Database.Statement>>()

export function sql(db: DB, text: string): Database.Statement {
  let cache = statements.get(db)
  if (!cache) {
    cache = new Map()
    statements.set(db, cache)
  }
  let stmt = cache.get(text)
  if (!stmt) {
    stmt = db.prepare(text)
    cache.set(text, stmt)
  }
  return stmt
}

/** `?, ?, ?` for a list of values bound one by one. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ')

/** `(?, ?), (?, ?)` and the values in order, for a multi-row `INSERT … VALUES` of rows given as arrays of one length. */
export const rowsValues = <P>(rows: ReadonlyArray<readonly P[]>): [text: string, params: P[]] => [rows.map((r) => `(${placeholders(r)})`).join(', '), rows.flat()]

/** Each migration once, even when several processes open a new database file at the same moment. */
function migrate(db: DB): void {
  for (;;) {
    const done = tx(db, () => {
      const v = db.pragma('user_version', { simple: true }) as number
      if (v >= SCHEMA_VERSION) return true
      db.exec(HISTORY[v].sqlite)
      db.pragma(`user_version = ${v + 1}`)
      return false
    })
    if (done) return
  }
}
