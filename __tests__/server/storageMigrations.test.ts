import Database from 'better-sqlite3'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql as kysql } from 'kysely'
import { openDatabase, type DB } from '../../server/storage/db'
import { MAX_ATTEMPTS, openStorage, type Storage } from '../../server/storage/engine'
import { HISTORY, POSTGRES_BASELINE, readHistory, SCHEMA_VERSION } from '../../server/storage/history'
import { migrateStorage } from '../../server/storage/migrate'
import { freshPgDatabase, pgReachable, pgTestUrl, type PgDatabase } from './pg'

// The storage seam's migrations and transactions on both engines (issue 28). The PostgreSQL half needs a cluster:
// `node scripts/pg.mjs start` (or TEST_DATABASE_URL); without one it is skipped, saying so.

/**
 * A schema as both engines can describe it, table by table: each column with its type (by kind: SQLite's INTEGER is
 * PostgreSQL's bigint, TEXT text, REAL double precision, BLOB bytea — any other declared type is kept as written, so a
 * twin that drifts shows) and whether it may be null; the primary key's columns in order; every other index by its
 * columns in order, unique or not, partial or not. Each step of the one history (server/storage/history.ts) is written in
 * each engine's SQL (server/storage/migrations/NNNN_name.sqlite.sql and .postgres.sql): this is what says they still
 * describe one schema.
 */
interface TableShape {
  columns: string[]
  primaryKey: string
  indexes: string[]
}
type Schema = Record<string, TableShape>

const KIND: Record<string, string> = { INTEGER: 'integer', bigint: 'integer', TEXT: 'text', text: 'text', REAL: 'real', 'double precision': 'real', BLOB: 'blob', bytea: 'blob' }
const kindOf = (declared: string) => KIND[declared] ?? `(${declared})`
const indexText = (unique: boolean, partial: boolean, cols: string) => `${unique ? 'unique' : 'index'}${partial ? ' partial' : ''} (${cols})`

function sqliteSchema(db: DB): Schema {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>
  return Object.fromEntries(
    tables.map(({ name }): [string, TableShape] => {
      const cols = db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; type: string; notnull: number; pk: number }>
      const indexes = (db.prepare(`PRAGMA index_list("${name}")`).all() as Array<{ name: string; unique: number; origin: string; partial: number }>)
        .filter((i) => i.origin !== 'pk')
        .map((i) => indexText(i.unique === 1, i.partial === 1, (db.prepare(`PRAGMA index_info("${i.name}")`).all() as Array<{ name: string }>).map((c) => c.name).join(',')))
      return [
        name,
        {
          // A primary-key column is NOT NULL on PostgreSQL; SQLite's pragma reports only the declared constraint.
          columns: cols.map((c) => `${c.name} ${kindOf(c.type)} ${c.notnull || c.pk ? 'not null' : 'null'}`).sort(),
          primaryKey: cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name).join(','),
          indexes: indexes.sort(),
        },
      ]
    }),
  )
}

async function pgSchema(pgdb: PgDatabase): Promise<Schema> {
  const out: Schema = {}
  const table = (name: string) => (out[name] ??= { columns: [], primaryKey: '', indexes: [] })
  const cols = await pgdb.query(
    "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name, column_name",
  )
  for (const r of cols.rows as Array<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>) {
    table(r.table_name).columns.push(`${r.column_name} ${kindOf(r.data_type)} ${r.is_nullable === 'YES' ? 'null' : 'not null'}`)
  }
  const indexes = await pgdb.query(
    `SELECT t.relname AS table_name, ix.indisunique AS unique, ix.indisprimary AS primary, ix.indpred IS NOT NULL AS partial,
       array_to_string(ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n), ',') AS cols
     FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
     WHERE ns.nspname = 'public' AND t.relname <> 'schema_version'`,
  )
  for (const r of indexes.rows as Array<{ table_name: string; unique: boolean; primary: boolean; partial: boolean; cols: string }>) {
    if (r.primary) table(r.table_name).primaryKey = r.cols
    else table(r.table_name).indexes.push(indexText(r.unique, r.partial, r.cols))
  }
  for (const t of Object.values(out)) {
    t.columns.sort()
    t.indexes.sort()
  }
  return out
}

let dir: string
let sqlite: DB
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-storage-'))
  sqlite = openDatabase(path.join(dir, 'empty.sqlite'))
})
afterEach(() => {
  sqlite.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the one history (server/storage/migrations/)', () => {
  const folder = (files: Record<string, string>) => {
    const at = fs.mkdtempSync(path.join(dir, 'history-'))
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(at, name), text)
    return at
  }

  it('numbers every step from 1 with no gap; PostgreSQL from its baseline on, every later step for both engines', () => {
    expect(HISTORY.map((s) => s.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1))
    expect(HISTORY.every((s) => s.sqlite.trim().length > 0)).toBe(true)
    expect(POSTGRES_BASELINE).toBeGreaterThan(1)
    expect(HISTORY.filter((s) => s.postgres === null).map((s) => s.version)).toEqual(Array.from({ length: POSTGRES_BASELINE - 1 }, (_, i) => i + 1))
    // The baseline is the whole schema of the versions before it (it creates the first version's tables too).
    expect(HISTORY[POSTGRES_BASELINE - 1].postgres).toMatch(/CREATE TABLE users \(/)
  })

  it('a step written for one engine only, a gap or a second file of a version stops the start, naming what is missing', () => {
    expect(readHistory(folder({ '0001_a.sqlite.sql': 'SELECT 1;', '0001_a.postgres.sql': 'SELECT 1;', '0002_b.sqlite.sql': 'SELECT 1;', '0002_b.postgres.sql': 'SELECT 1;' })).map((s) => s.name)).toEqual(['a', 'b'])
    expect(() => readHistory(folder({ '0001_a.sqlite.sql': 'SELECT 1;', '0001_a.postgres.sql': 'SELECT 1;', '0002_b.sqlite.sql': 'SELECT 1;' }))).toThrow(
      'version 2 has no 0002_b.postgres.sql',
    )
    expect(() => readHistory(folder({ '0001_a.sqlite.sql': 'SELECT 1;', '0001_a.postgres.sql': 'SELECT 1;', '0002_b.postgres.sql': 'SELECT 1;' }))).toThrow('version 2 has no 0002_<name>.sqlite.sql')
    expect(() => readHistory(folder({ '0001_a.sqlite.sql': 'SELECT 1;', '0001_a.postgres.sql': 'SELECT 1;', '0003_c.sqlite.sql': 'SELECT 1;', '0003_c.postgres.sql': 'SELECT 1;' }))).toThrow(
      'version 2 has no 0002_<name>.sqlite.sql',
    )
    expect(() => readHistory(folder({ '0001_a.sqlite.sql': 'SELECT 1;', '0001_b.sqlite.sql': 'SELECT 1;', '0001_a.postgres.sql': 'SELECT 1;' }))).toThrow('two sqlite files for version 1')
  })

  it('the files in the folder are the whole history: nothing else sits there unread', () => {
    const names = fs.readdirSync(path.join(__dirname, '../../server/storage/migrations'))
    expect(names.filter((n) => !/^\d{4}_[a-z0-9_]+\.(sqlite|postgres)\.sql$/.test(n))).toEqual([])
    expect(names.length).toBe(SCHEMA_VERSION + (SCHEMA_VERSION - POSTGRES_BASELINE + 1))
  })
})

describe('SQLite', () => {
  it('an empty database migrates to the latest version', async () => {
    expect(await migrateStorage(openStorage(sqlite, ''))).toBe(SCHEMA_VERSION)
    expect(Object.keys(sqliteSchema(sqlite))).toContain('addresses')
  })

  it('a transaction holds the write lock from its start (BEGIN IMMEDIATE, not a deferred BEGIN)', async () => {
    const storage = openStorage(sqlite, '')
    const other = new Database(path.join(dir, 'empty.sqlite'))
    other.pragma('busy_timeout = 0')
    let otherWrite: unknown = null
    await storage.transaction('serializable', async (trx) => {
      await kysql`SELECT id FROM addresses`.execute(trx)
      // Another process wanting to write now must wait: this transaction already owns the file's write lock.
      try {
        other.prepare('BEGIN IMMEDIATE').run()
        other.prepare('ROLLBACK').run()
      } catch (error) {
        otherWrite = (error as { code?: string }).code
      }
    })
    other.close()
    expect(otherWrite).toBe('SQLITE_BUSY')
  })

  it('a throw rolls the transaction back', async () => {
    const storage = openStorage(sqlite, '')
    const user = sqlite.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13400000009', 'n', '', '2026-01-01 00:00:00')").run().lastInsertRowid
    const fields = { user_id: Number(user), name: 'n', mobile: '13800138000', province: 'p', city: 'c', district: 'd', detail: 'dddd', created_at: '2026-01-01 00:00:00' }
    await expect(
      storage.transaction('serializable', async (trx) => {
        await kysql`INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, created_at) VALUES (${fields.user_id}, ${fields.name}, ${fields.mobile}, ${fields.province}, ${fields.city}, ${fields.district}, ${fields.detail}, ${fields.created_at})`.execute(trx)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM addresses').get()).toEqual({ n: 0 })
  })
})

const adminUrl = pgTestUrl()
if (!adminUrl) {
  console.warn('storageMigrations: no test PostgreSQL (TEST_DATABASE_URL or `node scripts/pg.mjs start`): the PostgreSQL half is skipped')
}
const pgDescribe = adminUrl ? describe : describe.skip

pgDescribe('PostgreSQL', () => {
  let pgdb: PgDatabase
  let storage: Storage
  beforeAll(async () => {
    if (!(await pgReachable(adminUrl ?? ''))) throw new Error(`test PostgreSQL at ${adminUrl} does not answer: node scripts/pg.mjs start (or unset TEST_DATABASE_URL)`)
  })
  beforeEach(async () => {
    pgdb = await freshPgDatabase(adminUrl ?? '')
    storage = openStorage(sqlite, pgdb.url)
  })
  afterEach(async () => {
    await storage.close()
    await pgdb.drop()
  })

  it('an empty database migrates to the latest version, with the same schema as SQLite: tables, columns, types, keys, indexes', async () => {
    expect(storage.engine).toBe('postgres')
    expect(await migrateStorage(storage)).toBe(SCHEMA_VERSION)
    const sqliteShape = sqliteSchema(sqlite)
    // Not an empty comparison: every table has its columns and key, and indexes are there to compare.
    expect(Object.keys(sqliteShape).length).toBeGreaterThan(60)
    expect(Object.values(sqliteShape).filter((t) => t.indexes.length > 0).length).toBeGreaterThan(20)
    expect(await pgSchema(pgdb)).toEqual(sqliteShape)
    // Again (a restart): nothing more runs.
    expect(await migrateStorage(storage)).toBe(SCHEMA_VERSION)
    // The baseline, then each numbered migration after it, once.
    const steps = Array.from({ length: SCHEMA_VERSION - POSTGRES_BASELINE + 1 }, (_, i) => POSTGRES_BASELINE + i)
    expect((await pgdb.query('SELECT version FROM schema_version ORDER BY version')).rows.map((r: { version: number }) => r.version)).toEqual(steps)
  })

  it('two processes migrating a new database at once both end at the latest version', async () => {
    // Two pools: two processes' connections.
    const second = openStorage(sqlite, pgdb.url)
    expect(await Promise.all([migrateStorage(storage), migrateStorage(second)])).toEqual([SCHEMA_VERSION, SCHEMA_VERSION])
    await second.close()
  })

  it('an idle connection the server ends (57P01) does not end the process: the next query opens another', async () => {
    const pidOf = async () => Number((await kysql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(storage.db)).rows[0].pid)
    const first = await pidOf()
    // The pool hears of it when the server's notice arrives (server/storage/engine.ts); then a query opens another.
    expect((await pgdb.query('SELECT pg_terminate_backend($1) AS done', [first])).rows[0].done).toBe(true)
    for (let i = 0; i < 200 && storage.idleConnectionsLost() === 0; i++) await new Promise((resolve) => setImmediate(resolve))
    for (let i = 0; i < 200 && storage.idleConnectionsLost() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(storage.idleConnectionsLost()).toBe(1)
    const next = await pidOf()
    expect(next).not.toBe(first)
  })

  it(`retries a serialization failure or deadlock, at most ${MAX_ATTEMPTS} runs in all`, async () => {
    await migrateStorage(storage)
    let runs = 0
    const flaky = await storage.transaction('serializable', async () => {
      runs++
      if (runs < 3) throw Object.assign(new Error('could not serialize access'), { code: runs === 1 ? '40001' : '40P01' })
      return 'done'
    })
    expect([flaky, runs]).toEqual(['done', 3])
    runs = 0
    await expect(
      storage.transaction('serializable', async () => {
        runs++
        throw Object.assign(new Error('could not serialize access'), { code: '40001' })
      }),
    ).rejects.toThrow('could not serialize access')
    expect(runs).toBe(MAX_ATTEMPTS)
    // Any other failure is not retried.
    runs = 0
    await expect(
      storage.transaction('serializable', async () => {
        runs++
        throw new Error('not a conflict')
      }),
    ).rejects.toThrow('not a conflict')
    expect(runs).toBe(1)
  })
})
