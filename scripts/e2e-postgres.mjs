#!/usr/bin/env node
/**
 * The Playwright journeys on PostgreSQL with several server processes (`npm run test:e2e:postgres`, issue 28): the
 * reference server started as `WORKERS=4 DATABASE_URL=<a new database> npm start` runs it (e2e/globalSetup.js: the
 * primary migrates the empty database and seeds the demo data once, then forks the workers on one port), and jest
 * runs — one jest worker, one Chromium — the journeys of card purchase, bill payment and the flash-sale buy, then a
 * flash-sale burst over the processes (e2e/flashBurst.e2e.ts). The files read the database through e2e/browser.ts `dbRow`.
 *
 * The cluster: E2E_POSTGRES_URL (an admin address), else TEST_DATABASE_URL, else the throw-away one of
 * `node scripts/pg.mjs start` (.pg-test/url) — started here, and stopped after, when none runs. WORKERS: the processes
 * (default 4). Arguments go to jest (more files, -t). JUnit: reports/junit-e2e-postgres.xml; the servers' warnings,
 * errors and 5xx lines: reports/e2e-postgres-server-1.log.
 */
import { execFileSync, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')
const pgScript = path.join(root, 'scripts', 'pg.mjs')

/** The journeys (describe/test names of their files) this run asks for, and the burst. */
const FILES = ['e2e/journeys.e2e.ts', 'e2e/seckill.e2e.ts', 'e2e/flashBurst.e2e.ts']
const JOURNEYS = [
  'buy a membership card', // journeys.e2e.ts 2: card purchase through the cashier
  'paying a bill', // journeys.e2e.ts 3 and 4: bill with discount and coupon, paid and refunded; failed then paid again
  'flash sales Flash sales', // seckill.e2e.ts: the flash-sale buy, picked up at its store
  'flash-sale burst', // flashBurst.e2e.ts
]
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function clusterUrl() {
  const given = process.env.E2E_POSTGRES_URL || process.env.TEST_DATABASE_URL
  if (given) return { url: given, started: false }
  try {
    return { url: execFileSync(process.execPath, [pgScript, 'url'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(), started: false }
  } catch {
    const out = execFileSync(process.execPath, [pgScript, 'start'], { encoding: 'utf8' }).trim().split('\n')
    return { url: out[out.length - 1], started: true }
  }
}

const args = process.argv.slice(2)
const { url, started } = clusterUrl()
const processes = String(Math.max(1, Number(process.env.WORKERS ?? 4) || 4))
const jestArgs = args.length ? args : [...FILES, '-t', JOURNEYS.map(escape).join('|')]
const began = Date.now()
const child = spawn(process.execPath, [jest, '-c', 'e2e/jest.config.js', '--maxWorkers=1', ...jestArgs], {
  cwd: root,
  env: {
    ...process.env,
    E2E_WORKERS: '1',
    E2E_POSTGRES_URL: url,
    E2E_SERVER_PROCESSES: processes,
    JEST_JUNIT_OUTPUT_NAME: 'junit-e2e-postgres.xml',
  },
  stdio: 'inherit',
})
child.on('close', (code, signal) => {
  console.log(`e2e on PostgreSQL: ${processes} server processes, ${Math.round((Date.now() - began) / 1000)} s; exit code ${code ?? signal}`)
  if (started) execFileSync(process.execPath, [pgScript, 'stop'], { stdio: 'inherit' })
  process.exit(code ?? 1)
})
