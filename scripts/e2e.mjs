#!/usr/bin/env node
/**
 * The Playwright tier (`npm run test:e2e`): one jest process with E2E_WORKERS workers (default 2 on a machine with two
 * cores or more, at most 4; 1 = in band), each worker with its own reference server and database (e2e/globalSetup.js,
 * e2e/environment.js) and its own Chromium — most of a journey is waiting for a page to settle, so two share two cores
 * well (docs/testing.md). Jest hands the next file to whichever worker is free, longest files first (e2e/sequencer.cjs),
 * so the workers end together. Arguments go to jest; with test paths among them (one file while working on it) a
 * single worker runs. JUnit: reports/junit-e2e.xml.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')
const args = process.argv.slice(2)
const namesFiles = args.some((a) => !a.startsWith('-') && /e2e/.test(a))
const asked = Number(process.env.E2E_WORKERS ?? (os.cpus().length >= 2 ? 2 : 1))
const workers = namesFiles ? 1 : Math.max(1, Math.min(4, Number.isFinite(asked) ? Math.floor(asked) : 1))

const started = Date.now()
const child = spawn(process.execPath, [jest, '-c', 'e2e/jest.config.js', `--maxWorkers=${workers}`, ...args], {
  cwd: root,
  env: { ...process.env, E2E_WORKERS: String(workers) },
  stdio: 'inherit',
})
child.on('close', (code, signal) => {
  console.log(`e2e: ${workers} worker${workers > 1 ? 's' : ''}, ${Math.round((Date.now() - started) / 1000)} s; exit code ${code ?? signal}`)
  process.exit(code ?? 1)
})
