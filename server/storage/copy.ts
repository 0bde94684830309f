import fs from 'node:fs'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { CompiledQuery, sql as kysql } from 'kysely'
import { DEFAULT_DB_PATH, openDatabase, type DB } from './db'
import { SCHEMA_VERSION } from './history'
import { openStorage, type Store } from './engine'
import { migrateStorage } from './migrate'
import { moveSequencesPastIds } from './sequences'

/**
 * `npm run db:copy` (issue 28): copies an existing SQLite database (the server's file) into PostgreSQL.
 *
 * - The source must be at SQLite's latest version (server/storage/history.ts): an older file is refused, or migrated first
 *   exactly as the server migrates it at start with `--migrate-source`. It is otherwise only read, in one read
 *   transaction (a consistent snapshot even while a server writes to it).
 * - The target is migrated with PostgreSQL's migrations (server/storage/migrate.ts: the baseline and its numbered
 *   twins), then both schemas are compared: a table or column on one side only is refused, with the names (bookkeeping
 *   tables — `schema_version`, SQLite's `sqlite_*` — aside).
 * - One PostgreSQL transaction: the target's tables are locked against writers; a table that holds rows refuses the copy
 *   (unless `replace`, which empties every table first, in the same transaction); every table is copied in
 *   foreign-key order, rows in primary-key order, in multi-row INSERTs; every identity sequence is set past the copied
 *   ids (and past SQLite's AUTOINCREMENT high-water mark, so ids of deleted rows are not handed out again). Any failure
 *   rolls everything back: the target is left as it was.
 * - Values keep the baseline's types (server/storage/migrations/0026_baseline.postgres.sql): INTEGER → bigint (0/1 flags stay 0/1), REAL →
 *   double precision, TEXT → text, BLOB → bytea; NULLs stay NULL. A value PostgreSQL's column refuses (text in an
 *   integer column, which SQLite's affinity lets through) stops the copy with the table's name.
 */

/** The copy was refused: the source or target is not in a state to copy (nothing was written). */
export class CopyRefused extends Error {}

/** A mistake in the command's arguments. */
export class CopyUsage extends Error {}

export interface CopyOptions {
  /** The SQLite file. */
  from: string
  /** postgres://… */
  to: string
  /** Empty every table of the target first (inside the copy's transaction), instead of refusing a non-empty target. */
  replace?: boolean
  /** Migrate an older SQLite file first, as the server does at start (it writes to the source). */
  migrateSource?: boolean
}

export interface CopyResult {
  /** The schema version of both databases. */
  version: number
  /** Every table, in the order copied (foreign-key order), with its row count. */
  tables: Array<{ name: string; rows: number }>
  /** Identity sequences set past the copied ids. */
  sequences: number
}

/** SQLite's bookkeeping (not data); PostgreSQL's is `schema_version`. */
const BOOKKEEPING = (name: string) => name.startsWith('sqlite_') || name === 'schema_version'

/** PostgreSQL binds at most 65 535 parameters per statement; a batch also stays under a few MB (pictures are BLOBs). */
const MAX_PARAMS = 60_000
const MAX_ROWS = 1_000
const MAX_BATCH_BYTES = 8 * 1024 * 1024

type SqliteValue = bigint | number | string | Buffer | null
type PgValue = string | number | Buffer | null

interface PgColumn {
  name: string
  type: string
  identity: boolean
}

const POSTGRES_URL = /^postgres(ql)?:\/\//

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Opens the source read-only after checking (or, asked to, bringing) it to SQLite's latest version. */
function openSource(from: string, migrateSource: boolean): DB {
  if (!fs.existsSync(from)) throw new CopyRefused(`no SQLite database at ${from}`)
  const open = () => new Database(from, { readonly: true, fileMustExist: true })
  let db = open()
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > SCHEMA_VERSION) {
    db.close()
    throw new CopyRefused(`${from} is at schema version ${version}, newer than this code's ${SCHEMA_VERSION}: copy with the code that wrote it`)
  }
  if (version < SCHEMA_VERSION) {
    db.close()
    if (!migrateSource) {
      throw new CopyRefused(
        `${from} is at schema version ${version}, the server's is ${SCHEMA_VERSION}: start the server on it once (it migrates at start), or pass --migrate-source to migrate it the same way first`,
      )
    }
    openDatabase(from).close()
    db = open()
  }
  return db
}

function sqliteSchema(db: DB): Map<string, string[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>
  return new Map(
    tables
      .filter((t) => !BOOKKEEPING(t.name))
      .map((t) => [t.name, (db.prepare(`PRAGMA table_info(${quote(t.name)})`).all() as Array<{ name: string }>).map((c) => c.name)]),
  )
}

async function pgSchema(store: Store): Promise<Map<string, PgColumn[]>> {
  const res = await kysql<{ table_name: string; column_name: string; data_type: string; is_identity: string }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_identity
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(store)
  const out = new Map<string, PgColumn[]>()
  for (const r of res.rows) {
    if (BOOKKEEPING(r.table_name)) continue
    const cols = out.get(r.table_name) ?? []
    cols.push({ name: r.column_name, type: r.data_type, identity: r.is_identity === 'YES' })
    out.set(r.table_name, cols)
  }
  return out
}

/** Refuses schema drift: tables or columns on one side only. */
function compareSchemas(sqlite: Map<string, string[]>, pg: Map<string, PgColumn[]>): void {
  const onlySqlite = [...sqlite.keys()].filter((t) => !pg.has(t)).sort()
  const onlyPg = [...pg.keys()].filter((t) => !sqlite.has(t)).sort()
  const columns: string[] = []
  for (const [table, cols] of sqlite) {
    const pgCols = pg.get(table)
    if (!pgCols) continue
    const pgNames = new Set(pgCols.map((c) => c.name))
    for (const c of cols) if (!pgNames.has(c)) columns.push(`${table}.${c} (SQLite only)`)
    for (const c of pgNames) if (!cols.includes(c)) columns.push(`${table}.${c} (PostgreSQL only)`)
  }
  const problems = [
    onlySqlite.length ? `tables only in SQLite: ${onlySqlite.join(', ')}` : '',
    onlyPg.length ? `tables only in PostgreSQL: ${onlyPg.join(', ')}` : '',
    columns.length ? `columns on one side only: ${columns.join(', ')}` : '',
  ].filter(Boolean)
  if (problems.length) throw new CopyRefused(`the two schemas differ (schema drift) — ${problems.join('; ')}`)
}

/** Tables in an order where every table comes after those its foreign keys reference (PostgreSQL's own constraints). */
async function foreignKeyOrder(store: Store, tables: string[]): Promise<string[]> {
  const res = await kysql<{ tbl: string; ref: string }>`
    SELECT c.relname AS tbl, r.relname AS ref
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_class r ON r.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(store)
  const refs = new Map<string, string[]>()
  for (const r of res.rows) if (r.tbl !== r.ref) refs.set(r.tbl, [...(refs.get(r.tbl) ?? []), r.ref])
  const ordered: string[] = []
  const placed = new Set<string>()
  const place = (t: string, path: string[]) => {
    if (placed.has(t)) return
    if (path.includes(t)) throw new CopyRefused(`foreign-key cycle: ${[...path, t].join(' → ')}`)
    for (const ref of refs.get(t) ?? []) place(ref, [...path, t])
    placed.add(t)
    ordered.push(t)
  }
  for (const t of [...tables].sort()) place(t, [])
  return ordered.filter((t) => tables.includes(t))
}

/** One SQLite value as the PostgreSQL column of `type` takes it (the baseline's types, server/storage/migrations/0026_baseline.postgres.sql). */
function toPg(value: SqliteValue, type: string): PgValue {
  if (value === null) return null
  if (type === 'bytea') return Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf8')
  if (Buffer.isBuffer(value)) return value // a BLOB in a non-bytea column: PostgreSQL refuses it, naming the table
  if (type === 'double precision' || type === 'real') return typeof value === 'bigint' ? Number(value) : value
  // bigint, integer, text: sent as text; an integer keeps every digit (read as a JS bigint, safeIntegers below).
  return typeof value === 'bigint' ? value.toString() : value
}

function byteSize(value: PgValue): number {
  if (value === null) return 1
  if (Buffer.isBuffer(value)) return value.length
  return typeof value === 'string' ? value.length * 3 : 8
}

/** Copies one table's rows (read from the SQLite snapshot) in multi-row INSERTs; returns the count. */
async function copyTable(source: DB, trx: Store, table: string, columns: PgColumn[]): Promise<number> {
  const pk = (source.prepare(`PRAGMA table_info(${quote(table)})`).all() as Array<{ name: string; pk: number }>)
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => quote(c.name))
  const names = columns.map((c) => quote(c.name))
  const select = source.prepare(`SELECT ${names.join(', ')} FROM ${quote(table)} ORDER BY ${pk.length ? pk.join(', ') : 'rowid'}`)
  select.raw(true).safeIntegers(true)
  const perBatch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)))
  const head = `INSERT INTO ${quote(table)} (${names.join(', ')}) VALUES `
  let batch: PgValue[][] = []
  let bytes = 0
  let copied = 0
  const flush = async () => {
    if (batch.length === 0) return
    const params: PgValue[] = []
    const tuples = batch.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`)
    try {
      await trx.executeQuery(CompiledQuery.raw(head + tuples.join(', '), params))
    } catch (error) {
      throw new Error(`copying ${table} (rows ${copied + 1}–${copied + batch.length}): ${(error as Error).message}`)
    }
    copied += batch.length
    batch = []
    bytes = 0
  }
  for (const raw of select.iterate() as IterableIterator<SqliteValue[]>) {
    const row = raw.map((v, i) => toPg(v, columns[i].type))
    batch.push(row)
    bytes += row.reduce<number>((n, v) => n + byteSize(v), 0)
    if (batch.length >= perBatch || bytes >= MAX_BATCH_BYTES) await flush()
  }
  await flush()
  return copied
}

/** SQLite's AUTOINCREMENT marks (`sqlite_sequence`), per table: a copied sequence goes past them too. */
function autoincrementMarks(source: DB): Map<string, number> {
  const hasSeq = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() !== undefined
  return new Map(hasSeq ? (source.prepare('SELECT name, seq FROM sqlite_sequence').all() as Array<{ name: string; seq: number }>).map((r) => [r.name, Number(r.seq)]) : [])
}

/** Copies the SQLite database `from` into the PostgreSQL database `to` (see the top of this file). */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyResult> {
  if (!POSTGRES_URL.test(options.to)) throw new CopyUsage(`--to must be a postgres://… address (got ${options.to.split(':')[0]}:…)`)
  const source = openSource(options.from, options.migrateSource ?? false)
  const storage = openStorage(source, options.to)
  try {
    const version = await migrateStorage(storage)
    const sqlite = sqliteSchema(source)
    const pg = await pgSchema(storage.db)
    compareSchemas(sqlite, pg)
    const order = await foreignKeyOrder(storage.db, [...pg.keys()])
    const list = order.map(quote).join(', ')

    // One snapshot of the source for the whole copy (a deferred read transaction: a server may keep writing to the file).
    source.prepare('BEGIN').run()
    try {
      return await storage.transaction('read committed', async (trx) => {
        // No writer may add rows between the check below and the commit (readers are let through).
        await trx.executeQuery(CompiledQuery.raw(`LOCK TABLE ${list} IN EXCLUSIVE MODE`))
        const holding: string[] = []
        for (const table of order) {
          const res = await trx.executeQuery<{ n: string | number }>(CompiledQuery.raw(`SELECT count(*) AS n FROM ${quote(table)}`))
          const n = Number(res.rows[0]?.n ?? 0)
          if (n > 0) holding.push(`${table} (${n})`)
        }
        if (holding.length && !options.replace) {
          const named = holding.length > 8 ? `${holding.slice(0, 8).join(', ')} and ${holding.length - 8} more tables` : holding.join(', ')
          throw new CopyRefused(`the target already holds rows — ${named}: pass --replace to empty every table first (in the same transaction)`)
        }
        if (holding.length) await trx.executeQuery(CompiledQuery.raw(`TRUNCATE ${list} RESTART IDENTITY`))

        const tables: CopyResult['tables'] = []
        for (const table of order) {
          const rows = await copyTable(source, trx, table, pg.get(table) ?? [])
          const expected = Number((source.prepare(`SELECT count(*) AS n FROM ${quote(table)}`).get() as { n: number }).n)
          if (rows !== expected) throw new Error(`copying ${table}: ${rows} rows written, SQLite holds ${expected}`)
          tables.push({ name: table, rows })
        }
        // Past the copied ids and SQLite's marks; an empty table's starts at 1 (server/storage/sequences.ts).
        const sequences = await moveSequencesPastIds(trx, { marks: autoincrementMarks(source), mode: 'exact' })
        return { version, tables, sequences }
      })
    } finally {
      source.prepare('COMMIT').run()
    }
  } finally {
    await storage.close()
    source.close()
  }
}

/** The command's arguments: `--from FILE` (DB_PATH, else ./data/onecard.sqlite), `--to URL` (DATABASE_URL), flags. */
export function parseCopyArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CopyOptions {
  let values: { from?: string; to?: string; replace?: boolean; 'migrate-source'?: boolean }
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean' }, 'migrate-source': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    // node's words (ERR_PARSE_ARGS_*): "Unknown option '--force'", "Option '--to <value>' argument missing".
    throw new CopyUsage((error as Error).message)
  }
  const to = values.to ?? env.DATABASE_URL ?? ''
  if (!to) throw new CopyUsage('no target: pass --to postgres://… or set DATABASE_URL')
  if (!POSTGRES_URL.test(to)) throw new CopyUsage(`--to must be a postgres://… address (got ${to.split(':')[0]}:…)`)
  return { from: values.from ?? (env.DB_PATH || DEFAULT_DB_PATH), to, replace: values.replace ?? false, migrateSource: values['migrate-source'] ?? false }
}

export const COPY_USAGE = `usage: npm run db:copy -- [--from FILE.sqlite] [--to postgres://…] [--replace] [--migrate-source]
  --from            the SQLite database (default: DB_PATH, else ${DEFAULT_DB_PATH})
  --to              the PostgreSQL database (default: DATABASE_URL); migrated first
  --replace         empty a target that holds rows (in the copy's transaction) instead of refusing it
  --migrate-source  migrate an older SQLite file first, as the server does at start (writes to it)`

/** The address without its password, for printing. */
const shown = (url: string) => {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return url
  }
}

/** `npm run db:copy`: prints what it copied; exit 0 when done, 1 when refused or failed (nothing written), 2 on usage. */
export async function runCopyCommand(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, print: (line: string) => void): Promise<number> {
  let options: CopyOptions
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      print(COPY_USAGE)
      return 0
    }
    options = parseCopyArgs(argv, env)
  } catch (error) {
    if (!(error instanceof CopyUsage)) throw error
    print(`${error.message}\n${COPY_USAGE}`)
    return 2
  }
  print(`Copying ${options.from} into ${shown(options.to)}${options.replace ? ' (--replace: its rows are emptied first)' : ''} …`)
  try {
    const result = await copySqliteToPostgres(options)
    const width = Math.max(...result.tables.map((t) => t.name.length))
    for (const t of result.tables) print(`  ${t.name.padEnd(width)}  ${String(t.rows).padStart(7)}`)
    const total = result.tables.reduce((n, t) => n + t.rows, 0)
    print(`Copied ${total} rows in ${result.tables.length} tables in one transaction (schema version ${result.version}); ${result.sequences} identity sequences set past the copied ids.`)
    return 0
  } catch (error) {
    const why = error instanceof CopyRefused ? 'Refused' : 'Failed'
    print(`${why}: ${(error as Error).message}\nNo row of the target was changed (the copy is one transaction; at most its schema was migrated).`)
    return 1
  }
}
