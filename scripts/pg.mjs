#!/usr/bin/env node
// A throw-away PostgreSQL for the tests and CI (issue 28): `node scripts/pg.mjs start|stop|url`.
//
// start: initdb in a new temp folder, postgres on 127.0.0.1 on a free port (its socket in that folder, not
//        /var/run/postgresql), no fsync (a test cluster: speed over durability). Prints the DATABASE_URL and writes it
//        to .pg-test/url (git-ignored), which the server tests read when TEST_DATABASE_URL is not set.
// stop:  stops it (fast shutdown) and removes the folder and .pg-test/.
// url:   prints the URL of the running one (exit 1 when none).
//
// initdb and postgres refuse to run as root, and CI runs as root: then both run as the `postgres` user
// (`runuser -u postgres --`), and the temp folder is handed to that user. Binaries: /usr/lib/postgresql/<newest>/bin,
// else PATH. Every wait is bounded (pg_ctl -w -t), none is a fixed sleep.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { clusterAlive, readClusterState } from './pg-state.mjs'

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const STATE_DIR = path.join(ROOT, '.pg-test')
const URL_FILE = path.join(STATE_DIR, 'url')
const STATE_FILE = path.join(STATE_DIR, 'state.json')
const START_TIMEOUT_S = 30

function binDir() {
  const base = '/usr/lib/postgresql'
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions.length) return path.join(base, versions[0], 'bin')
  }
  return null // PATH
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0

function run(bin, args) {
  const dir = binDir()
  const exe = dir ? path.join(dir, bin) : bin
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args]
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const readState = () => readClusterState(ROOT)

async function start() {
  const running = readState()
  if (clusterAlive(running)) {
    console.log(running.url)
    return
  }
  // A cluster that died without `stop` (killed, a restart of the machine): its folder and state go, a new one starts.
  if (running) {
    fs.rmSync(running.dir, { recursive: true, force: true })
    fs.rmSync(STATE_DIR, { recursive: true, force: true })
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-pg-'))
  const data = path.join(dir, 'data')
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir])
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  const port = await freePort()
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  try {
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', String(START_TIMEOUT_S), 'start'])
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : ''
    throw new Error(`postgres did not start within ${START_TIMEOUT_S}s: ${error.stderr ?? error.message}\n${log}`)
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  fs.mkdirSync(STATE_DIR, { recursive: true })
  fs.writeFileSync(STATE_FILE, JSON.stringify({ dir, data, port, url }))
  fs.writeFileSync(URL_FILE, `${url}\n`)
  console.log(url)
}

function stop() {
  const state = readState()
  if (!state) return
  if (clusterAlive(state)) {
    try {
      run('pg_ctl', ['-D', state.data, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_S), 'stop'])
    } catch (error) {
      console.error(`pg_ctl stop: ${error.stderr ?? error.message}`)
    }
  }
  fs.rmSync(state.dir, { recursive: true, force: true })
  fs.rmSync(STATE_DIR, { recursive: true, force: true })
}

const command = process.argv[2]
if (command === 'start') await start()
else if (command === 'stop') stop()
else if (command === 'url') {
  const state = readState()
  if (!clusterAlive(state)) {
    console.error('no test PostgreSQL running (node scripts/pg.mjs start)')
    process.exit(1)
  }
  console.log(state.url)
} else {
  console.error('usage: node scripts/pg.mjs start|stop|url')
  process.exit(2)
}
