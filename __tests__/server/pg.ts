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

/** A new, empty database on the cluster of `adminUrl`, dropped (with its connections) by drop(). */
export async function freshPgDatabase(adminUrl: string): Promise<PgDatabase> {
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
  const pool = new pg.Pool({ connectionString: u.toString(), max: 2 })
  // An idle connection ended by the server (drop() below forces the database's connections out) is not a test failure.
  pool.on('error', () => undefined)
  return {
    url: u.toString(),
    query: (text, values) => pool.query(text, values),
    drop: async () => {
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
}
