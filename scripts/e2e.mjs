#!/usr/bin/env node
/**
 * The Playwright tier (`npm run test:e2e`): its files split between E2E_SHARDS jest processes run at once (default 2
 * on a machine with two cores or more, at most 4; 1 = one process as before), each with its own reference server and
 * database (e2e/globalSetup.js) and its own Chromium — most of a journey is waiting for a page to settle, so two
 * share two cores well (docs/testing.md). Files are split by their measured times (e2e/sequencer.cjs). Each shard's
 * output is prefixed with its number; its JUnit XML is merged into reports/junit-e2e.xml. Arguments go to jest; with
 * test paths among them (one file while working on it) a single process runs.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')
const reports = path.join(root, 'reports')
const args = process.argv.slice(2)
const namesFiles = args.some((a) => !a.startsWith('-') && /e2e/.test(a))
const asked = Number(process.env.E2E_SHARDS ?? (os.cpus().length >= 2 ? 2 : 1))
const shards = namesFiles ? 1 : Math.max(1, Math.min(4, Number.isFinite(asked) ? Math.floor(asked) : 1))

function run(shard) {
  return new Promise((resolve) => {
    const shardArgs = shards > 1 ? [`--shard=${shard}/${shards}`] : []
    const child = spawn(process.execPath, [jest, '-c', 'e2e/jest.config.js', ...shardArgs, ...args], {
      cwd: root,
      env: { ...process.env, ...(shards > 1 ? { JUNIT_SHARD: String(shard) } : {}) },
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    if (shards > 1) {
      const prefix = `[e2e ${shard}/${shards}] `
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`))
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** One junit-e2e.xml from the shards' files: their <testsuite> elements under one <testsuites> with the sums. */
function mergeReports() {
  const files = Array.from({ length: shards }, (_, i) => path.join(reports, `junit-e2e-${i + 1}.xml`)).filter((f) => fs.existsSync(f))
  if (files.length === 0) return
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 }
  const suites = []
  for (const file of files) {
    const xml = fs.readFileSync(file, 'utf8')
    const head = /<testsuites\b([^>]*)>/.exec(xml)
    if (head) {
      for (const key of Object.keys(totals)) {
        const m = new RegExp(`\\b${key}="([\\d.]+)"`).exec(head[1])
        if (m) totals[key] = key === 'time' ? Math.max(totals[key], Number(m[1])) : totals[key] + Number(m[1])
      }
    }
    const body = /<testsuites\b[^>]*>([\s\S]*)<\/testsuites>/.exec(xml)
    if (body) suites.push(body[1].trim())
    fs.rmSync(file)
  }
  const out = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="e2e" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time}">\n${suites.join('\n')}\n</testsuites>\n`
  fs.writeFileSync(path.join(reports, 'junit-e2e.xml'), out)
}

const started = Date.now()
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)))
if (shards > 1) {
  mergeReports()
  console.log(`e2e: ${shards} shards, ${Math.round((Date.now() - started) / 1000)} s; exit codes ${codes.join(', ')}`)
}
process.exit(Math.max(...codes))
