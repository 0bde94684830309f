#!/usr/bin/env node
/**
 * Build benchmark (not a test): wall time of a clean production build of each target, then the size
 * report of what was built. Prints figures only; budgets are checked by `npm run size`.
 *   npm run bench:build              (both targets, one run each)
 *   RUNS=3 npm run bench:build       (median of three)
 *   TARGETS=h5 npm run bench:build
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Math.max(1, Math.min(Number(process.env.RUNS ?? 1), 5))
const TARGETS = (process.env.TARGETS ?? 'weapp,h5').split(',').filter((t) => t === 'weapp' || t === 'h5')

function buildOnce(target) {
  const out = path.join(root, target === 'h5' ? 'dist-h5' : 'dist')
  fs.rmSync(out, { recursive: true, force: true })
  const started = process.hrtime.bigint()
  const res = spawnSync('npx', ['taro', 'build', '--type', target], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  if (res.status !== 0) {
    process.stderr.write(res.stderr)
    throw new Error(`${target} build failed`)
  }
  // Leave a stamp so `npm start` / the test tiers know this output is current.
  fs.writeFileSync(path.join(out, '.build-stamp'), new Date().toISOString())
  return seconds
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

console.log(`build benchmark: ${os.cpus().length} cores, node ${process.version}, ${RUNS} run(s) per target`)
for (const target of TARGETS) {
  const times = []
  for (let i = 0; i < RUNS; i++) times.push(buildOnce(target))
  console.log(`  ${target.padEnd(6)} clean build: median ${median(times).toFixed(1)} s  (runs: ${times.map((s) => s.toFixed(1)).join(', ')})`)
}
console.log('')
spawnSync('node', [path.join(root, 'scripts/size-report.mjs')], { cwd: root, stdio: 'inherit' })
