#!/usr/bin/env node
// Runs commands, one after another, with a throw-away PostgreSQL (issue 38: `npm test` left the one it started running):
// `node scripts/with-pg.mjs "<command>" ["<command>" …]`. The cluster is the one already up (TEST_DATABASE_URL, or the one
// `node scripts/pg.mjs start` left running, which stays up after), else one started here (`scripts/pg.mjs start`) and
// stopped when the commands end — passed, failed or interrupted (Ctrl-C, SIGTERM). The first command that fails ends the
// run with its exit code.
import { execFileSync, spawn } from 'node:child_process'
import path from 'node:path'
import { runningCluster } from './pg-state.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const pgScript = path.join(root, 'scripts', 'pg.mjs')
const commands = process.argv.slice(2)
if (!commands.length) {
  console.error('usage: node scripts/with-pg.mjs "<command>" ["<command>" …]')
  process.exit(2)
}

const started = !process.env.TEST_DATABASE_URL && !runningCluster(root)
if (started) execFileSync(process.execPath, [pgScript, 'start'], { stdio: 'inherit' })
let stopped = false
const stopCluster = () => {
  if (!started || stopped) return
  stopped = true
  execFileSync(process.execPath, [pgScript, 'stop'], { stdio: 'inherit' })
}

let child = null
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The child (same process group on a terminal's Ctrl-C) ends too; the cluster is stopped once it has.
    if (child) child.kill(signal)
    else {
      stopCluster()
      process.exit(130)
    }
  })
}

let code = 0
try {
  for (const command of commands) {
    code = await new Promise((resolve) => {
      child = spawn(command, { cwd: root, shell: true, stdio: 'inherit' })
      child.on('exit', (status, signal) => resolve(status ?? (signal ? 128 : 1)))
      child.on('error', () => resolve(1))
    })
    child = null
    if (code !== 0) break
  }
} finally {
  stopCluster()
}
process.exit(code)
