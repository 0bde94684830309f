import Database from 'better-sqlite3'
import { CompiledQuery } from 'kysely'
import { openStorage } from './engine'

/**
 * A look at a database without starting on it (`npm run doctor -- --db`, server/doctor.ts): whether it answers, its
 * schema version and how many rows some tables hold. Nothing is migrated or written: SQLite's file is opened read-only,
 * PostgreSQL is only read.
 */
export interface DatabaseLook {
  /** The schema version: PostgreSQL's schema_version (0: none yet, or no such table), SQLite's user_version. */
  version: number
  /** Rows per table, `?` for a table that cannot be counted (missing, unreadable). */
  counts(tables: readonly string[]): Promise<Array<{ table: string; n: string }>>
  close(): Promise<void>
}

async function countEach(tables: readonly string[], all: (text: string) => Promise<Array<Record<string, unknown>>>) {
  const out: Array<{ table: string; n: string }> = []
  for (const table of tables) {
    const rows = await all(`SELECT COUNT(*) AS n FROM ${table}`).catch(() => [{ n: '?' }])
    out.push({ table, n: String(rows[0]?.n ?? '?') })
  }
  return out
}

/** PostgreSQL at `url`; throws when it does not answer (a refused connection, bad credentials). */
export async function lookAtPostgres(url: string): Promise<DatabaseLook> {
  const storage = openStorage(null, url)
  const close = () => storage.close().catch(() => undefined)
  const all = (text: string) => storage.db.executeQuery(CompiledQuery.raw(text)).then((r) => r.rows as Array<Record<string, unknown>>)
  try {
    // Reachable at all (a refused connection throws here); then its version, none before the first start migrated it.
    await all('SELECT 1')
    const version = await all('SELECT max(version) AS v FROM schema_version').then(
      (rows) => Number((rows[0] as { v: number | string | null }).v ?? 0),
      () => 0,
    )
    return { version, counts: (tables) => countEach(tables, all), close }
  } catch (error) {
    await close()
    throw error
  }
}

/** The SQLite file at `file` (which must exist), opened read-only. */
export function lookAtSqliteFile(file: string): DatabaseLook {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const version = db.pragma('user_version', { simple: true }) as number
    return {
      version,
      counts: (tables) => countEach(tables, async (text) => db.prepare(text).all() as Array<Record<string, unknown>>),
      close: async () => {
        db.close()
      },
    }
  } catch (error) {
    db.close()
    throw error
  }
}
