// scripts/pg-state.mjs: which throw-away PostgreSQL `node scripts/pg.mjs start` left running. A state whose postmaster
// died (killed, or the machine restarted) is not a running cluster — trusted, it sent every PostgreSQL test of a stress
// run to a closed port (ECONNREFUSED), and `npm test` would not have started a new one.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clusterAlive, runningCluster } from '../../scripts/pg-state.mjs'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-pgstate-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** A state file as `start` writes it, its postmaster.pid naming `pid`. */
function writeState(pid: number | null) {
  const data = path.join(root, 'cluster', 'data')
  fs.mkdirSync(data, { recursive: true })
  if (pid !== null) fs.writeFileSync(path.join(data, 'postmaster.pid'), `${pid}\n${data}\n1796559385\n`)
  const state = { dir: path.join(root, 'cluster'), data, port: 5999, url: 'postgres://postgres@127.0.0.1:5999/postgres' }
  fs.mkdirSync(path.join(root, '.pg-test'), { recursive: true })
  fs.writeFileSync(path.join(root, '.pg-test', 'state.json'), JSON.stringify(state))
  return state
}

it('a cluster whose postmaster runs is the running one', () => {
  // This test's own process stands for a live postmaster.
  const state = writeState(process.pid)
  expect(clusterAlive(state)).toBe(true)
  expect(runningCluster(root)).toEqual(state)
})

it('a state whose postmaster is gone — its pid file left behind — is no running cluster', () => {
  // A process that has ended: its pid is free (the pid file a killed postmaster leaves).
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  const state = writeState(Number(ended.stdout))
  expect(clusterAlive(state)).toBe(false)
  expect(runningCluster(root)).toBeNull()
})

it('no state, no pid file or an unreadable one: none running', () => {
  expect(runningCluster(root)).toBeNull()
  expect(clusterAlive(writeState(null))).toBe(false)
  fs.writeFileSync(path.join(root, 'cluster', 'data', 'postmaster.pid'), 'not a pid\n')
  expect(runningCluster(root)).toBeNull()
})
