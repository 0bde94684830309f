// The throw-away PostgreSQL's state (scripts/pg.mjs): which cluster `node scripts/pg.mjs start` left running, if any.
// A state file whose postmaster no longer runs (killed, or the machine restarted) is not a running cluster: trusted, it
// made every PostgreSQL test fail with ECONNREFUSED (issue 38: a stress run on a developer's machine).
import fs from 'node:fs'
import path from 'node:path'

/** `{ dir, data, port, url }` as `start` wrote it, or null when none was written. */
export function readClusterState(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.pg-test', 'state.json'), 'utf8'))
  } catch {
    return null
  }
}

/** Whether the cluster's postmaster is alive: its postmaster.pid names a process that exists. */
export function clusterAlive(state) {
  if (!state) return false
  let pid
  try {
    pid = Number(fs.readFileSync(path.join(state.data, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return false
  }
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, owned by another user (postgres when the tests run as root).
    return error.code === 'EPERM'
  }
}

/** The running cluster's state, or null (none, or one whose postmaster died). */
export function runningCluster(root) {
  const state = readClusterState(root)
  return clusterAlive(state) ? state : null
}
