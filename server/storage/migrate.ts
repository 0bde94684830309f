/**
 * The schema's one history (server/storage/history.ts) run on the storage's engine. SQLite: the file was brought to the
 * latest version when it was opened (server/storage/db.ts openDatabase, `PRAGMA user_version`); nothing changes here.
 * PostgreSQL: each step's `.postgres.sql` in its own transaction, recorded in the table `schema_version` — from the
 * baseline (`0026_baseline.postgres.sql`, every version up to it) on; a database made before the history was one list
 * holds the same version numbers and goes on from its own.
 */
import { sql as kysql } from 'kysely'
import type { Storage } from './engine'
import { HISTORY, POSTGRES_BASELINE, SCHEMA_VERSION } from './history'

/** Brings the storage's database to the latest version; returns it. Several processes at once: each step once. */
export async function migrateStorage(storage: Storage): Promise<number> {
  if (storage.engine === 'sqlite') {
    const v = await kysql<{ user_version: number }>`PRAGMA user_version`.execute(storage.db)
    return v.rows[0].user_version
  }
  const steps = HISTORY.filter((s) => s.version >= POSTGRES_BASELINE)
  let current = 0
  for (const step of steps) {
    current = await storage.transaction('read committed', async (trx) => {
      // One migrator at a time across processes (released at commit); DDL is transactional in PostgreSQL.
      await kysql`SELECT pg_advisory_xact_lock(28028)`.execute(trx)
      await kysql`CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx)
      const row = await kysql<{ v: number | null }>`SELECT max(version) AS v FROM schema_version`.execute(trx)
      const at = row.rows[0]?.v ?? 0
      if (at >= step.version) return at
      await kysql.raw(step.postgres ?? '').execute(trx)
      await kysql`INSERT INTO schema_version (version) VALUES (${step.version})`.execute(trx)
      return step.version
    })
  }
  if (current > SCHEMA_VERSION) throw new Error(`the PostgreSQL database is at schema version ${current}, newer than this code's ${SCHEMA_VERSION}`)
  return current
}

/**
 * The database's schema version as it stands (readiness, server/http/health.ts): SQLite's user_version, PostgreSQL's
 * newest schema_version row (0 before the first migration).
 */
export async function schemaVersion(storage: Storage): Promise<number> {
  if (storage.engine === 'sqlite') return (await kysql<{ user_version: number }>`PRAGMA user_version`.execute(storage.db)).rows[0].user_version
  const row = await kysql<{ v: number | null }>`SELECT max(version) AS v FROM schema_version`.execute(storage.db)
  return Number(row.rows[0]?.v ?? 0)
}
