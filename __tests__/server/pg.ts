import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * The test PostgreSQL (issue 28): TEST_DATABASE_URL, else the cluster `node scripts/pg.mjs start` left in .pg-test/url;
 * null when neither (the PostgreSQL halves then skip, saying so).
 */
export function pgTestUrl(): string | null {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  const file = path.join(__dirname, '..', '..', '.pg-test', 'url')
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || null : null
}

/** Whether the server at `url` answers within a few seconds. */
export async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

export interface PgDatabase {
  url: string
  query: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  drop: () => Promise<void>
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Test databases of processes that ended without dropping them (a jest worker is ended at the close of a run). */
const orphansDropped = new Set<string>()
async function dropOrphans(adminUrl: string): Promise<void> {
  if (orphansDropped.has(adminUrl)) return
  orphansDropped.add(adminUrl)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ocp\\_test\\_%'")
    for (const { datname } of rows) {
      const pid = Number(/^ocp_test_(\d+)_/.exec(datname)?.[1])
      if (pid && !alive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined)
    }
  } finally {
    await admin.end()
  }
}

/**
 * Databases a closed test server gave back (`freshPgDatabase(url, { reuse: true })`), per cluster: every table is emptied
 * (and every sequence restarted) when one is taken again, so the next server migrates nothing (the schema is there) and
 * seeds it as a new database. Creating, migrating and dropping a database per test server was ~0.45 s of each (a DROP
 * DATABASE waits for a checkpoint); this process's spares are left for the next run's dropOrphans.
 */
const spares = new Map<string, PgDatabase[]>()

/**
 * A new, empty database on the cluster of `adminUrl`, dropped (with its connections) by drop(). With `reuse`: a spare
 * one of this process when there is one (at the latest schema, its rows emptied), and drop() gives it back instead.
 */
export async function freshPgDatabase(adminUrl: string, { reuse = false }: { reuse?: boolean } = {}): Promise<PgDatabase> {
  const spare = reuse ? spares.get(adminUrl)?.pop() : undefined
  if (spare) {
    // Emptied row by row in one transaction (foreign keys and triggers held off, so the order of the tables does not
    // matter and nothing is notified), every sequence back at its start: ~20–70 ms against 300 ms on average for a
    // TRUNCATE of the ~75 tables (each truncated table and index gets new files), measured on a seeded database with the
    // PostgreSQL tier's two workers running (2026-12-07); a server start is most of that tier's time.
    const { rows } = await spare.query(
      "SELECT format('%I', tablename) AS name, 'table' AS kind FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_version' " +
        "UNION ALL SELECT format('%I', sequencename), 'sequence' FROM pg_sequences WHERE schemaname = current_schema()",
    )
    const named = rows as Array<{ name: string; kind: 'table' | 'sequence' }>
    const statements = [
      ...named.filter((r) => r.kind === 'table').map((r) => `DELETE FROM ${r.name}`),
      ...named.filter((r) => r.kind === 'sequence').map((r) => `ALTER SEQUENCE ${r.name} RESTART`),
    ]
    if (statements.length) await spare.query(['BEGIN', 'SET LOCAL session_replication_role = replica', ...statements, 'COMMIT'].join(';\n'))
    return spare
  }
  await dropOrphans(adminUrl)
  const name = `ocp_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const u = new URL(adminUrl)
  u.pathname = `/${name}`
  // allowExitOnIdle: a spare's idle connections do not keep the test process alive at its end.
  const pool = new pg.Pool({ connectionString: u.toString(), max: 2, idleTimeoutMillis: 2000, allowExitOnIdle: true })
  // An idle connection ended by the server (drop() below forces the database's connections out) is not a test failure.
  pool.on('error', () => undefined)
  const db: PgDatabase = {
    url: u.toString(),
    query: (text, values) => pool.query(text, values),
    drop: async () => {
      if (reuse) {
        spares.set(adminUrl, [...(spares.get(adminUrl) ?? []), db])
        return
      }
      await pool.end()
      const a = new pg.Client({ connectionString: adminUrl })
      await a.connect()
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await a.end()
      }
    },
  }
  return db
}
