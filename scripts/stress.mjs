#!/usr/bin/env node
/**
 * Flaky tests before they block a landing (issue 38): `npm run test:stress [-- --runs 5 --engines sqlite,postgres
 * --load e2e|cpu|none --workers 2 <jest args>]` runs the server tier again and again — on SQLite and on PostgreSQL (a
 * throw-away cluster of scripts/pg.mjs, started and stopped here when none runs) — under load, and prints every test that
 * failed in any run, with how often. The load, as CI has it: `e2e` (default) runs the browser tier beside the runs, again
 * whenever it ends, until the runs are done (it builds H5 first when sources changed); `cpu` keeps one busy process per
 * core instead (no build, no Chromium); `none` runs alone. Each run's jest result is kept in reports/stress/ (JSON) with
 * its console output (.log). Exit code 1 when any test failed in any run. Every loop is bounded by --runs.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runningCluster } from './pg-state.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'reports', 'stress')
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')

const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`)
  if (i < 0) return fallback
  const [value] = argv.splice(i, 2).slice(1)
  return value
}
const runs = Math.max(1, Math.min(50, Number(option('runs', '5')) || 5))
const engines = option('engines', 'sqlite,postgres').split(',').filter((e) => e === 'sqlite' || e === 'postgres')
const load = option('load', 'e2e')
const workers = option('workers', '2')
const jestArgs = argv
if (!['e2e', 'cpu', 'none'].includes(load) || !engines.length) {
  console.error('usage: npm run test:stress -- [--runs N] [--engines sqlite,postgres] [--load e2e|cpu|none] [--workers N] [jest args]')
  process.exit(2)
}
fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(out, { recursive: true })

// --- the cluster (PostgreSQL runs), as scripts/with-pg.mjs finds or starts it ---
const pgScript = path.join(root, 'scripts', 'pg.mjs')
let pgUrl = process.env.TEST_DATABASE_URL ?? null
let pgStarted = false
if (engines.includes('postgres') && !pgUrl) {
  const state = runningCluster(root)
  if (state) pgUrl = state.url
  else {
    const lines = execFileSync(process.execPath, [pgScript, 'start'], { encoding: 'utf8' }).trim().split('\n')
    pgUrl = lines[lines.length - 1]
    pgStarted = true
  }
}

// --- the load ---
const loads = []
let stopping = false
function keepRunning(label, command, args, env = {}) {
  let loops = 0
  const once = () => {
    if (stopping) return
    loops++
    const log = fs.openSync(path.join(out, `load-${label}-${loops}.log`), 'w')
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', log, log], detached: true })
    loads.push(child)
    child.on('exit', () => {
      fs.closeSync(log)
      // Bounded like the runs: the load starts again only while runs remain.
      if (!stopping && loops < runs * engines.length) once()
    })
  }
  once()
}
if (load === 'e2e') {
  // What `npm run test:e2e` builds first: the H5 build and the operator's console (console.e2e.ts opens it; without it
  // its 16 tests failed at once in every loop, and the load was lighter than CI's).
  for (const target of ['h5', 'console']) execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs'), target], { cwd: root, stdio: 'inherit' })
  keepRunning('e2e', process.execPath, [path.join(root, 'scripts', 'e2e.mjs'), '--ci'])
} else if (load === 'cpu') {
  for (let i = 0; i < os.cpus().length; i++) keepRunning(`cpu${i}`, process.execPath, ['-e', 'const end = Date.now() + 3_600_000; while (Date.now() < end);'])
}
function stopLoad() {
  stopping = true
  for (const child of loads) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // ended already
    }
  }
}

// --- the runs ---
function runOnce(engine, i) {
  const base = path.join(out, `${engine}-${i}`)
  const env = { ...process.env }
  if (engine === 'postgres') env.TEST_DATABASE_URL = pgUrl
  else delete env.TEST_DATABASE_URL
  const started = Date.now()
  return new Promise((resolve) => {
    const log = fs.openSync(`${base}.log`, 'w')
    const child = spawn(process.execPath, [jest, '-c', 'jest.server.config.js', '--ci', `--maxWorkers=${workers}`, '--json', `--outputFile=${base}.json`, ...jestArgs], { cwd: root, env, stdio: ['ignore', log, log] })
    child.on('exit', (code) => {
      fs.closeSync(log)
      resolve({ code, seconds: Math.round((Date.now() - started) / 1000), base })
    })
  })
}

const failures = new Map() // "engine · file › test" → runs it failed in
const summary = []
process.on('SIGINT', () => {
  stopLoad()
  process.exit(130)
})
try {
  for (let i = 1; i <= runs; i++) {
    for (const engine of engines) {
      const { code, seconds, base } = await runOnce(engine, i)
      let result = null
      try {
        result = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8'))
      } catch {
        // jest did not get as far as its results: counted below as a failed run
      }
      const failed = []
      for (const file of result?.testResults ?? []) {
        const rel = path.relative(root, file.name)
        const tests = file.assertionResults.filter((t) => t.status === 'failed')
        if (file.status === 'failed' && !tests.length) failed.push(`${rel} (the file: ${String(file.message).split('\n').find((l) => l.trim()) ?? 'failed'})`)
        for (const t of tests) failed.push(`${rel} › ${t.fullName}`)
      }
      if (code !== 0 && !failed.length) failed.push(`(jest exited ${code} without results: ${base}.log)`)
      for (const name of failed) failures.set(`${engine} · ${name}`, [...(failures.get(`${engine} · ${name}`) ?? []), i])
      const line = `run ${i}/${runs} ${engine.padEnd(8)} ${String(seconds).padStart(4)} s  ${result ? `${result.numPassedTests} passed, ${result.numFailedTests} failed` : 'no results'}`
      summary.push(line)
      console.log(line)
    }
  }
} finally {
  stopLoad()
  if (pgStarted) execFileSync(process.execPath, [pgScript, 'stop'], { stdio: 'inherit' })
}

console.log(`\nload: ${load}; results and logs: ${path.relative(root, out)}/`)
// The browser tier ran as the load: what it said of itself (a test of it that fails only under this load is the same
// kind of finding; it does not change the exit code, which is the server tier's).
if (load === 'e2e') {
  for (const file of fs.readdirSync(out).filter((f) => /^load-e2e-\d+\.log$/.test(f)).sort((a, b) => parseInt(a.slice(9)) - parseInt(b.slice(9)))) {
    const text = fs.readFileSync(path.join(out, file), 'utf8')
    const tests = /^Tests:.*$/m.exec(text)?.[0] ?? '(ended before its summary: stopped when the runs were done)'
    const failed = [...new Set(text.match(/^ {2}● .+ › .+$/gm) ?? [])].map((l) => l.slice(4))
    console.log(`  ${file}: ${tests}${failed.length ? `\n    failed: ${failed.join('\n    failed: ')}` : ''}`)
  }
}
if (!failures.size) {
  console.log(`no test failed in ${runs} run${runs > 1 ? 's' : ''} on ${engines.join(' and ')}`)
  process.exit(0)
}
console.log('tests that failed (runs):')
for (const [name, which] of failures) console.log(`  ${name}  — ${which.length}/${runs}: run ${which.join(', ')}`)
process.exit(1)
