import fs from 'node:fs'
import path from 'node:path'
import { sql as kysql } from 'kysely'
import { MIGRATIONS } from './db'
import type { Storage } from './engine'

/**
 * Numbered migrations on both engines (issue 28). A schema version is the count of server/storage/db.ts MIGRATIONS applied:
 * - SQLite: that list, recorded in `PRAGMA user_version` (server/storage/db.ts openDatabase runs it; nothing changes here).
 * - PostgreSQL: migrations/pg/0000_baseline.sql brings an empty database to BASELINE_VERSION (SQLite's schema at the
 *   time, generated: server/storage/pgBaseline.ts); from then on each new SQLite migration N has its PostgreSQL twin
 *   migrations/pg/NNNN_<name>.sql (N, four digits), recorded in the table `schema_version`.
 * Adding a migration to one engine only turns __tests__/server/storageMigrations.test.ts red (its schemas differ).
 */
export const BASELINE_VERSION = 26

const PG_DIR = path.join(__dirname, 'migrations', 'pg')

/** The numbered PostgreSQL files after the baseline, in order. */
export function pgMigrations(): Array<{ version: number; file: string }> {
  return fs
    .readdirSync(PG_DIR)
    .map((file) => ({ file, m: /^(\d{4})_.+\.sql$/.exec(file) }))
    .filter((x): x is { file: string; m: RegExpExecArray } => x.m !== null && Number(x.m[1]) > BASELINE_VERSION)
    .map(({ file, m }) => ({ version: Number(m[1]), file }))
    .sort((a, b) => a.version - b.version)
}

/** Brings the storage's database to the latest version; returns it. Several processes at once: each step once. */
export async function migrateStorage(storage: Storage): Promise<number> {
  if (storage.engine === 'sqlite') {
    const v = await kysql<{ user_version: number }>`PRAGMA user_version`.execute(storage.db)
    return v.rows[0].user_version
  }
  const steps = [{ version: BASELINE_VERSION, file: '0000_baseline.sql' }, ...pgMigrations()]
  let current = 0
  for (const step of steps) {
    current = await storage.transaction('read committed', async (trx) => {
      // One migrator at a time across processes (released at commit); DDL is transactional in PostgreSQL.
      await kysql`SELECT pg_advisory_xact_lock(28028)`.execute(trx)
      await kysql`CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx)
      const row = await kysql<{ v: number | null }>`SELECT max(version) AS v FROM schema_version`.execute(trx)
      const at = row.rows[0]?.v ?? 0
      if (at >= step.version) return at
      await kysql.raw(fs.readFileSync(path.join(PG_DIR, step.file), 'utf8')).execute(trx)
      await kysql`INSERT INTO schema_version (version) VALUES (${step.version})`.execute(trx)
      return step.version
    })
  }
  if (current !== MIGRATIONS.length) {
    throw new Error(`PostgreSQL schema at version ${current}, SQLite's at ${MIGRATIONS.length}: add server/storage/migrations/pg/${String(MIGRATIONS.length).padStart(4, '0')}_….sql`)
  }
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
