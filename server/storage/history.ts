import fs from 'node:fs'
import path from 'node:path'

/**
 * The schema's one history (issue 41; docs/decisions/2026-12-06-one-schema-history.md): numbered steps in
 * server/storage/migrations/, each written in each engine's own SQL beside the other —
 *
 *   NNNN_<name>.sqlite.sql     SQLite's statements of version NNNN
 *   NNNN_<name>.postgres.sql   PostgreSQL's statements of the same version
 *
 * A database's version is the number of the last step it ran: SQLite records it in `PRAGMA user_version`
 * (server/storage/db.ts), PostgreSQL in the table `schema_version` (server/storage/migrate.ts) — the numbers both kept
 * before this history was one list, so every database made before upgrades as it did.
 *
 * PostgreSQL came at version 26: its first file, `0026_baseline.postgres.sql`, is the whole schema of versions 1–26
 * (an empty PostgreSQL database runs it and stands at 26); every later version has both files. A step written for one
 * engine only stops the server at its first read of the history, naming the file that is missing, and
 * __tests__/server/storageMigrations.test.ts compares the two engines' schemas after every step, table by table.
 */
export interface Step {
  readonly version: number
  readonly name: string
  /** SQLite's statements (run whole with `db.exec`). */
  readonly sqlite: string
  /** PostgreSQL's statements; null for the versions before PostgreSQL's baseline, which holds them all. */
  readonly postgres: string | null
}

/** The folder of the numbered files (beside the bundle in the production build: scripts/build-server.ts copies it). */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations')

const FILE = /^(\d{4})_([a-z0-9_]+)\.(sqlite|postgres)\.sql$/

/** Reads and checks the folder: versions 1…N with no gap, SQLite's file for each, PostgreSQL's from its first to N. */
export function readHistory(dir: string = MIGRATIONS_DIR): Step[] {
  const found = new Map<number, { name: string; sqlite?: string; postgres?: string }>()
  for (const file of fs.readdirSync(dir)) {
    const m = FILE.exec(file)
    if (!m) continue
    const version = Number(m[1])
    const engine = m[3] as 'sqlite' | 'postgres'
    const step = found.get(version) ?? { name: m[2] }
    if (step[engine] !== undefined) throw new Error(`server/storage/migrations: two ${engine} files for version ${version}`)
    step[engine] = fs.readFileSync(path.join(dir, file), 'utf8')
    if (engine === 'sqlite') step.name = m[2]
    found.set(version, step)
  }
  const last = Math.max(0, ...found.keys())
  const steps: Step[] = []
  let postgresFrom: number | null = null
  for (let version = 1; version <= last; version++) {
    const step = found.get(version)
    const nnnn = String(version).padStart(4, '0')
    if (!step?.sqlite) throw new Error(`server/storage/migrations: version ${version} has no ${nnnn}_<name>.sqlite.sql`)
    if (step.postgres !== undefined && postgresFrom === null) postgresFrom = version
    if (postgresFrom !== null && step.postgres === undefined) {
      throw new Error(`server/storage/migrations: version ${version} has no ${nnnn}_${step.name}.postgres.sql (every version from ${postgresFrom} on is written for both engines)`)
    }
    steps.push({ version, name: step.name, sqlite: step.sqlite, postgres: step.postgres ?? null })
  }
  if (last > 0 && postgresFrom === null) throw new Error('server/storage/migrations: no PostgreSQL file')
  return steps
}

/** The history this server runs, read once. */
export const HISTORY: readonly Step[] = readHistory()

/** The schema version this code needs: the last step's number. */
export const SCHEMA_VERSION = HISTORY.length

/** The version PostgreSQL's history starts at: its first file holds every version up to it. */
export const POSTGRES_BASELINE = HISTORY.find((s) => s.postgres !== null)?.version ?? 0
