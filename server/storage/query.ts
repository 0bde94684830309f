import { CompiledQuery } from 'kysely'
import { openDatabase, sql, type DB } from './db'
import { openStorage, type Engine, type Isolation, type Storage, type Store } from './engine'

/**
 * What a repository runs its SQL on (issue 28): the server's database, or one transaction of it — asynchronous, on
 * either engine. The core's repositories (server/storage/repo/*) keep their hand-written SQL (`?` placeholders) and
 * run it here; new code may use Kysely's builder on `kysely` (the same database, or the same transaction).
 *
 * - SQLite: each text compiles once (server/storage/db.ts `sql()`) and runs on the server's better-sqlite3 handle; the
 *   promise is already settled when returned, so a transaction that awaits only its own queries runs whole before any
 *   other request's I/O callback can (the handle is one connection).
 * - PostgreSQL: through Kysely's pool (or the transaction's connection), `?` numbered `$1…` (outside quoted text).
 *
 * `transaction()` is the storage seam's (server/storage/engine.ts): SQLite `BEGIN IMMEDIATE`, PostgreSQL at the
 * isolation the caller names, run again on 40001/40P01 — so its function MAY RUN MORE THAN ONCE and must touch nothing
 * but the database. Called on a transaction's Q it joins that transaction.
 *
 * Isolation (PostgreSQL; SQLite's transactions are serial whatever is named): the core's transactions were written for
 * SQLite's serial ones, so they name 'serializable' — the same guarantee, a conflict answered by running the function
 * again — unless a rule is written beside the call for something cheaper under contention (an order's create: READ
 * COMMITTED after the shopper's row lock, server/domain/orders.ts createOrder).
 */
export type Param = string | number | bigint | Buffer | null | undefined

export interface Q {
  readonly engine: Engine
  /** Kysely on the same database or transaction (the verticals written with the builder). */
  readonly kysely: Store
  /** True on the Q a transaction hands its function. */
  readonly inTransaction: boolean
  /** The database's own Q (a transaction's Q names the one it was opened on): a key for per-database caches. */
  readonly root: Q
  all<T = unknown>(text: string, ...params: Param[]): Promise<T[]>
  get<T = unknown>(text: string, ...params: Param[]): Promise<T | undefined>
  /** The first column of the first row (undefined: no row). */
  value<T = unknown>(text: string, ...params: Param[]): Promise<T | undefined>
  /** Rows as arrays of their columns, in the SELECT's order (a wide row read without building an object). */
  arrays(text: string, ...params: Param[]): Promise<unknown[][]>
  /** A write; how many rows it changed. */
  run(text: string, ...params: Param[]): Promise<{ changes: number }>
  /** An INSERT into a table with an `id` column; the new row's id. */
  insert(text: string, ...params: Param[]): Promise<number>
  transaction<T>(isolation: Isolation, fn: (q: Q) => Promise<T> | T): Promise<T>
}

/**
 * The Q of a storage seam (server/storage/engine.ts openStorage); `handle` is SQLite's, the one the seam runs on (null on
 * PostgreSQL, which opens no SQLite file).
 */
export function queryOf(storage: Storage, handle: DB | null): Q {
  if (storage.engine === 'postgres') return postgresQ(storage, storage.db, false)
  if (!handle) throw new Error('queryOf: SQLite needs the handle its storage runs on')
  return sqliteQ(storage, handle, false)
}

/**
 * The database of a start or a command: SQLite's file at `dbPath` (created and migrated when missing), or PostgreSQL at
 * `databaseUrl` — then no SQLite file is opened (`sqlite` null). Its storage seam and the core's Q on it.
 */
export function openDatabaseOf(dbPath: string, databaseUrl: string | null | undefined): { sqlite: DB | null; storage: Storage; q: Q } {
  const sqlite = databaseUrl ? null : openDatabase(dbPath)
  const storage = openStorage(sqlite, databaseUrl ?? '')
  return { sqlite, storage, q: queryOf(storage, sqlite) }
}

/** The transaction Q has open on a SQLite handle, until it ends (a second one waits for it). */
const opening = new WeakMap<DB, Promise<void>>()

function sqliteQ(storage: Storage, handle: DB, inTransaction: boolean, root?: Q): Q {
  const q: Q = {
    engine: 'sqlite',
    kysely: storage.db,
    inTransaction,
    get root() {
      return root ?? q
    },
    all: async <T>(text: string, ...params: Param[]) => sql(handle, text).all(...params) as T[],
    get: async <T>(text: string, ...params: Param[]) => sql(handle, text).get(...params) as T | undefined,
    // A statement is compiled once per text and shared (server/storage/db.ts sql(), Kysely's driver too): its pluck or raw
    // mode is set for this call and put back, so the same text read as rows elsewhere still gets rows.
    value: async <T>(text: string, ...params: Param[]) => {
      const stmt = sql(handle, text)
      try {
        return stmt.pluck(true).get(...params) as T | undefined
      } finally {
        stmt.pluck(false)
      }
    },
    arrays: async (text: string, ...params: Param[]) => {
      const stmt = sql(handle, text)
      try {
        return stmt.raw(true).all(...params) as unknown[][]
      } finally {
        stmt.raw(false)
      }
    },
    run: async (text: string, ...params: Param[]) => ({ changes: sql(handle, text).run(...params).changes }),
    insert: async (text: string, ...params: Param[]) => Number(sql(handle, text).run(...params).lastInsertRowid),
    transaction: async <T>(_isolation: Isolation, fn: (q: Q) => Promise<T> | T): Promise<T> => {
      if (inTransaction) return fn(q)
      // Two transactions started in one turn of the event loop (Promise.all of two services: their awaits of settled
      // queries interleave) — the second waits for the first to end, as Kysely's SQLite driver made them.
      for (let open = opening.get(handle); open; open = opening.get(handle)) await open
      // The whole file's write lock from the start (server/storage/db.ts tx(), engine.ts): check-then-write stays correct
      // with several processes on one file. A transaction open on the handle that is not Q's means something began one
      // outside the storage layer — refused rather than joined.
      if (handle.inTransaction) throw new Error('Q.transaction: the SQLite handle is already in a transaction')
      let ended = () => undefined as void
      opening.set(handle, new Promise<void>((resolve) => (ended = resolve)))
      sql(handle, 'BEGIN IMMEDIATE').run()
      try {
        const result = await fn(inner)
        sql(handle, 'COMMIT').run()
        return result
      } catch (error) {
        if (handle.inTransaction) sql(handle, 'ROLLBACK').run()
        throw error
      } finally {
        opening.delete(handle)
        ended()
      }
    },
  }
  const inner: Q = inTransaction ? q : sqliteQ(storage, handle, true, q)
  return q
}

const numbered = new Map<string, string>()

/** `?` → `$1, $2, …`, leaving question marks inside '…' literals alone. */
export function numberPlaceholders(text: string): string {
  let out = numbered.get(text)
  if (out !== undefined) return out
  let n = 0
  let quoted = false
  out = ''
  for (const ch of text) {
    if (ch === "'") quoted = !quoted
    out += ch === '?' && !quoted ? `$${++n}` : ch
  }
  numbered.set(text, out)
  return out
}

function postgresQ(storage: Storage, store: Store, inTransaction: boolean, root?: Q): Q {
  const exec = <T>(text: string, params: Param[]) => store.executeQuery<T>(CompiledQuery.raw(numberPlaceholders(text), params.map((p) => (p === undefined ? null : p))))
  const q: Q = {
    engine: 'postgres',
    kysely: store,
    inTransaction,
    get root() {
      return root ?? q
    },
    all: async <T>(text: string, ...params: Param[]) => (await exec<T>(text, params)).rows,
    get: async <T>(text: string, ...params: Param[]) => (await exec<T>(text, params)).rows[0],
    value: async <T>(text: string, ...params: Param[]) => {
      const row = (await exec<Record<string, unknown>>(text, params)).rows[0]
      return row === undefined ? undefined : (Object.values(row)[0] as T)
    },
    arrays: async (text: string, ...params: Param[]) =>
      (await exec<Record<string, unknown>>(text, params)).rows.map((row) => Object.values(row)),
    run: async (text: string, ...params: Param[]) => ({ changes: Number((await exec(text, params)).numAffectedRows ?? 0) }),
    insert: async (text: string, ...params: Param[]) => {
      const row = (await exec<{ id: number }>(`${text} RETURNING id`, params)).rows[0]
      return Number(row.id)
    },
    transaction: async <T>(isolation: Isolation, fn: (q: Q) => Promise<T> | T): Promise<T> =>
      inTransaction ? fn(q) : storage.transaction(isolation, (trx) => Promise.resolve(fn(postgresQ(storage, trx, true, q)))),
  }
  return q
}

const namesOf = new Map<string, { text: string; names: string[] }>()

/**
 * A statement written with named parameters (`@name`) as positional ones, for `q.run(...named(text, values))`: the
 * text with `?` and the values in their order (a name used twice is bound twice).
 */
export function named(text: string, values: Readonly<Record<string, Param>>): [string, ...Param[]] {
  let parsed = namesOf.get(text)
  if (!parsed) {
    const names: string[] = []
    parsed = { text: text.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => (names.push(name), '?')), names }
    namesOf.set(text, parsed)
  }
  return [
    parsed.text,
    ...parsed.names.map((name) => {
      if (!(name in values)) throw new Error(`named(): no value for @${name}`)
      return values[name]
    }),
  ]
}

/** SQLite's Q on a handle of its own (a tool, a test reading another process's file). */
export const sqliteQuery = (handle: DB): Q => queryOf(openStorage(handle, ''), handle)

/** The rows a transaction may lock by id (lockRow). */
export type LockedTable = 'users' | 'orders' | 'shops' | 'user_cards' | 'mall_specs'

/**
 * PostgreSQL: one row locked until the transaction ends (FOR NO KEY UPDATE: rows that only reference it are not held
 * up), so transactions at READ COMMITTED that lock the same row run one after another. SQLite: nothing to do — its
 * transaction holds the whole file's write lock from its start. Outside a transaction it would lock nothing: refused.
 */
export async function lockRow(db: Q, table: LockedTable, id: number): Promise<void> {
  if (!db.inTransaction) throw new Error(`lockRow(${table}): only inside a transaction`)
  if (db.engine === 'postgres') await db.get(`SELECT id FROM ${table} WHERE id = ? FOR NO KEY UPDATE`, id)
}
