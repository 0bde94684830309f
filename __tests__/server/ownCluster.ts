/**
 * A PostgreSQL cluster of one test file's own (issue 42's fault tests): restarted, stopped and started again under the
 * server processes without touching the cluster every other test shares (scripts/pg.mjs, TEST_DATABASE_URL). The same
 * set-up as scripts/pg.mjs — initdb in a temp folder, 127.0.0.1 on a free port, its socket in that folder, no fsync, as
 * the `postgres` user when run as root (CI) — but with synchronous_commit on (an immediate restart is a crash: an asynchronous commit the client was told of would be lost, and the test would blame the server), and with every pg_ctl call asynchronous, so the test's load goes on while the
 * cluster restarts, and every wait bounded (pg_ctl -w -t).
 */
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const TIMEOUT_S = 60

/** Debian's binaries (/usr/lib/postgresql/<newest>/bin), or null when there are none. */
export function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return null
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? path.join(base, versions[0], 'bin') : null
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0

function command(bin: string, exe: string, args: string[]): [string, string[]] {
  const full = path.join(bin, exe)
  return asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args]
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export interface OwnCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (the admin database: tests create their own beside it). */
  adminUrl: string
  /** `pg_ctl restart -m <mode>`: fast (57P01 to every session) or immediate (the server killed, crash recovery). */
  restart: (mode: 'fast' | 'immediate') => Promise<void>
  stop: (mode: 'fast' | 'immediate') => Promise<void>
  start: () => Promise<void>
  /** The cluster's log (a failure prints it). */
  log: () => string
  /** Stops it (immediate) and removes its folder. */
  destroy: () => Promise<void>
}

export async function ownCluster(label: string): Promise<OwnCluster> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql (apt-get install -y postgresql)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ocp-pg-${label}-`))
  const data = path.join(dir, 'data')
  const logFile = path.join(dir, 'log')
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir])
  const [initCmd, initArgs] = command(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  await run(initCmd, initArgs)
  const port = await freePort()
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`
  const pgCtl = async (args: string[]) => {
    const [cmd, argv] = command(bin, 'pg_ctl', ['-D', data, '-w', '-t', String(TIMEOUT_S), ...args])
    await run(cmd, argv)
  }
  const start = () => pgCtl(['-l', logFile, '-o', options, 'start'])
  await start()
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: (mode) => pgCtl(['-l', logFile, '-o', options, '-m', mode, 'restart']),
    stop: (mode) => pgCtl(['-m', mode, 'stop']),
    start,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    destroy: async () => {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
