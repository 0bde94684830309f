// Start the reference servers as `npm start` does, serving dist-h5: one per jest worker (E2E_WORKERS, scripts/e2e.mjs;
// 1 without it), each with its own database. Worker i's addresses reach the tests through E2E_BASE_URL_i, E2E_DB_PATH_i
// (read-only, to check what journeys did) and E2E_SANDBOX_KEY_i; e2e/environment.js hands a test file its worker's
// under the plain names (E2E_BASE_URL …).
//
// On PostgreSQL (`npm run test:e2e:postgres`, scripts/e2e-postgres.mjs): E2E_POSTGRES_URL is a cluster's admin address;
// each server gets a new, empty database on it (E2E_DATABASE_URL_i, dropped at the end: globalTeardown.js) and starts as
// `WORKERS=<E2E_SERVER_PROCESSES> DATABASE_URL=… npm start` does — the primary migrates it and seeds the demo data
// once, then forks the workers on one port.
const crypto = require('node:crypto')
const fs = require('node:fs')
const path = require('node:path')
const { startTestServer } = require('../scripts/test-server.cjs')

/** A new database on the cluster of `adminUrl`: its address and how to drop it (with its connections). */
async function newPgDatabase(adminUrl, label) {
  const { Client } = require('pg')
  const name = `ocp_e2e_${process.pid}_${label.replace(/\W/g, '_')}_${crypto.randomBytes(3).toString('hex')}`
  const admin = async (text) => {
    const client = new Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

async function startServer(dist, i) {
  const label = `e2e-${i + 1}`
  const adminUrl = process.env.E2E_POSTGRES_URL
  if (!adminUrl) return startTestServer({ staticDir: dist, label })
  const database = await newPgDatabase(adminUrl, label)
  const processes = String(Math.max(1, Number(process.env.E2E_SERVER_PROCESSES) || 1))
  try {
    const server = await startTestServer({ staticDir: dist, label, env: { DATABASE_URL: database.url, WORKERS: processes }, startMs: 90_000 })
    const stop = server.stop
    return { ...server, databaseUrl: database.url, stop: () => stop().finally(() => database.drop()) }
  } catch (error) {
    await database.drop()
    throw error
  }
}

module.exports = async () => {
  const dist = path.resolve(__dirname, '..', 'dist-h5')
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist-h5/ is missing: run `npm run build:h5` (npm run test:e2e does it for you)')
  const count = Math.max(1, Number(process.env.E2E_WORKERS) || 1)
  const servers = await Promise.all(Array.from({ length: count }, (_, i) => startServer(dist, i)))
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i + 1}`] = server.base
    process.env[`E2E_DB_PATH_${i + 1}`] = server.dbPath
    process.env[`E2E_SANDBOX_KEY_${i + 1}`] = server.sandboxKey
    if (server.databaseUrl) process.env[`E2E_DATABASE_URL_${i + 1}`] = server.databaseUrl
  })
  globalThis.__E2E__ = servers
}
