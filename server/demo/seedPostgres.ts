import { CompiledQuery } from 'kysely'
import { copySqliteToPostgres, CopyRefused } from '../storage/copy'
import type { Storage } from '../storage/engine'
import { migrateStorage } from '../storage/migrate'

/**
 * A server starting on PostgreSQL (DATABASE_URL, issue 28): the schema migrated to the latest version (once, under an
 * advisory lock, however many processes start), then — when the database is new (no city yet) — what the start seeded on
 * the SQLite file `seeded` (the reference data, server/storage/reference.ts, and the demo's when asked: server/demo/seed.ts),
 * copied in by `npm run db:copy`'s function in one transaction. Several processes starting together on a new database: one copies; the others' copies are refused
 * (the target holds rows) and they go on.
 */
export async function preparePostgres(storage: Storage, url: string, seeded: string, opts: { copyDemo: boolean }): Promise<void> {
  await migrateStorage(storage)
  if (!opts.copyDemo) return
  // New: not even the reference data (cities) every database gets. A production database without shops yet is not new.
  const any = await storage.db.executeQuery(CompiledQuery.raw('SELECT 1 FROM cities LIMIT 1'))
  if (any.rows.length > 0) return
  try {
    await copySqliteToPostgres({ from: seeded, to: url })
  } catch (error) {
    if (!(error instanceof CopyRefused)) throw error
  }
}
