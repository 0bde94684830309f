// Starts the reference server for the outer test tiers, on a free 127.0.0.1 port with a fresh database: the compiled
// server as a production `npm start` runs it (node dist-server/main.js, brought up to date once per test process), or,
// with OCP_TEST_SERVER=source (or `built: false`), the sources through tsx (`node --import tsx server/main.ts`, as a
// development `npm start` does). Used by the server tier's process tests, e2e/globalSetup.js and test-mp/server.js.
//
// Compiled by default (issue 41): tsx compiles the sources anew in every process it starts, 1–2 s of CPU a start, and
// the tiers start hundreds of servers and commands (`serverCommand`: npm run admin, backup, doctor as operators run them).
const { spawn, spawnSync } = require('node:child_process')
const crypto = require('node:crypto')
const fs = require('node:fs')
const http = require('node:http')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')

const root = path.resolve(__dirname, '..')

/**
 * The payment notifications' secret of every server this test run starts (PAY_NOTIFY_SECRET), given explicitly:
 * servers that share a database must share it (one start, several processes), and no test relies on a value
 * written in the repository. A test that signs notifications itself passes its own in `env`.
 */
const RUN_PAY_SECRET = crypto.randomBytes(32).toString('hex')

/** GET with node:http (test tiers may run under jsdom, which has no fetch). */
function statusOf(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.on('error', reject)
    req.setTimeout(2000, () => req.destroy(new Error('timeout')))
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** The sources, not the build: OCP_TEST_SERVER=source (a change to try without a build; the build is ~2 s). */
const fromSources = () => process.env.OCP_TEST_SERVER === 'source'

let upToDate = null
/**
 * dist-server/ as new as the sources (scripts/run-server.mjs --build), once per test process; the test processes of a
 * run build one at a time (a lock folder; one left by a process that died is taken after two minutes).
 */
function ensureServerBuilt() {
  upToDate ??= (async () => {
    const lock = path.join(root, '.dist-server.lock')
    for (let tries = 0; ; tries++) {
      try {
        fs.mkdirSync(lock)
        break
      } catch (error) {
        if (error.code !== 'EEXIST') throw error
        let age = 0
        try {
          age = Date.now() - fs.statSync(lock).mtimeMs
        } catch {
          // released meanwhile
        }
        if (age > 120000) fs.rmSync(lock, { recursive: true, force: true })
        if (tries > 1500) throw new Error(`${lock} held for over 5 minutes`)
        await sleep(200)
      }
    }
    try {
      const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'run-server.mjs'), '--build'], { cwd: root, encoding: 'utf8' })
      if (res.status !== 0) throw new Error(`the server build failed:\n${res.stdout}${res.stderr}`)
    } finally {
      fs.rmSync(lock, { recursive: true, force: true })
    }
  })()
  upToDate.catch(() => (upToDate = null))
  return upToDate
}

/**
 * The node arguments that run one of the server's commands as the test tiers run them (`main`, `admin`, `backup`,
 * `doctor`, `db-copy`): dist-server/<name>.js, or its source through tsx (OCP_TEST_SERVER=source).
 * @param {'main' | 'admin' | 'backup' | 'doctor' | 'db-copy'} name
 * @returns {Promise<string[]>}
 */
async function serverCommand(name) {
  if (!fromSources()) await ensureServerBuilt()
  return serverCommandNow(name)
}

/**
 * The node arguments of a command compiled (dist-server/<name>.js) or from its source through tsx's loader in that very
 * process (`node --import tsx`), not tsx's command, which runs it as a child of its own: a SIGKILL (a crash, as the
 * lifecycle test makes one) then killed tsx and left the server running, and a SIGTERM reached it only as tsx relayed
 * it. Either way the process started is the command's.
 * @param {'main' | 'admin' | 'backup' | 'doctor' | 'db-copy'} name
 * @param {boolean} compiled
 * @returns {string[]}
 */
function commandArgs(name, compiled) {
  if (compiled) return ['--enable-source-maps', path.join(root, 'dist-server', `${name}.js`)]
  return ['--import', 'tsx', path.join(root, name === 'main' ? 'server/main.ts' : `scripts/${name}.ts`)]
}

/**
 * serverCommand's arguments at once, for a test whose run has started its servers already (the browser tier: its
 * globalSetup), so dist-server/ is up to date.
 * @param {'main' | 'admin' | 'backup' | 'doctor' | 'db-copy'} name
 * @returns {string[]}
 */
function serverCommandNow(name) {
  return commandArgs(name, !fromSources())
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/**
 * @param {{ staticDir?: string, label: string, dbPath?: string, env?: Record<string, string>, startMs?: number, sandbox?: boolean, built?: boolean | { main: string, nodeArgs?: string[] }, onOutput?: (all: string) => void, pickPort?: () => Promise<number> }} opts
 * pickPort: where the port comes from (default: one free a moment ago; __tests__/server/testServerPort.test.ts hands it a
 * taken one first).
 * built: which server — default: dist-server/main.js, brought up to date first (scripts/run-server.mjs --build, as a
 * production `npm start` does), unless OCP_TEST_SERVER=source; true: that build whatever the variable says; false: the
 * sources through tsx; { main, nodeArgs }: that built main.js, run from its folder's parent.
 * sandbox: false starts it without the sandbox (no SANDBOX=1, no sandbox key to wait for; pass NODE_ENV=production and
 * the providers' variables in `env`: e2e/production.e2e.ts).
 * dbPath: share a database file with another server process (its folder is then not removed on stop). startMs: how long
 * it may take to answer (onOutput: told the whole output so far at each write, while it starts and after; 90 s, a bound for a hang: three servers started at once beside the other tiers took over 30 s on two busy cores; a start on PostgreSQL with WORKERS migrates, seeds the demo data and forks first).
 * @returns {Promise<{ base: string, dbPath: string, sandboxKey: string, paySecret: string, pid: number, exited: Promise<{ code: number | null, signal: string | null }>, output: () => string, stop: () => Promise<void> }>}
 */
async function startTestServer(opts) {
  // The port is free when freePort looks, and bound seconds later (after migrations and the seed; by a cluster's primary
  // when its first worker listens): in between, another process's outgoing connection can take it as its local port —
  // 127.0.0.1, the same ephemeral range — and the bind fails (EADDRINUSE: the lifecycle test in a fresh-clone run, issue
  // 38). A start that fails so is made again on another port, at most three times; a port the caller named is kept.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts)
    } catch (error) {
      const portTaken = error instanceof Error && /EADDRINUSE/.test(error.message)
      if (!portTaken || attempt >= 3 || (opts.env && opts.env.PORT)) throw error
    }
  }
}

async function startOnce({ staticDir, label, dbPath: sharedDb, env: extraEnv, startMs = 90000, sandbox = true, built, onOutput, pickPort = freePort }) {
  const port = await pickPort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ocp-${label}-`))
  const dbPath = sharedDb ?? path.join(dir, `${label}.sqlite`)
  // The test tiers log in many times from one address: the per-client login-code limit is raised for them.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DB_PATH: dbPath, STATIC_DIR: staticDir ?? path.join(dir, 'no-static'), SANDBOX: '1', SMS_PER_CLIENT: '1000', SMS_PER_CLIENT_DAY: '100000', PAY_NOTIFY_SECRET: RUN_PAY_SECRET, ...extraEnv }
  delete env.SANDBOX_KEY
  if (!sandbox) delete env.SANDBOX
  const compiled = built === true || (built === undefined && !fromSources())
  if (compiled) await ensureServerBuilt()
  // Another build (serverBuild.test.ts: a production install of its own) runs from its folder's parent; `pid` is the server's.
  const other = built && built !== true ? built : null
  const argv = other ? ['--enable-source-maps', ...(other.nodeArgs || []), other.main] : commandArgs('main', compiled)
  const child = spawn(process.execPath, argv, { cwd: other ? path.dirname(path.dirname(other.main)) : root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const take = (d) => {
    output += d
    if (onOutput) onOutput(output)
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const base = `http://127.0.0.1:${port}`
  const started = Date.now()
  // Bounded wait for /healthz, and for the banner line with this start's sandbox key (the tests read it as an operator would).
  let sandboxKey = ''
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dir, { recursive: true, force: true })
      throw new Error(`server exited (${child.exitCode}):\n${output}`)
    }
    sandboxKey = (/X-Sandbox-Key: ([0-9a-f]+)/.exec(output) || [])[1] || ''
    try {
      if ((sandboxKey || !sandbox) && (await statusOf(`${base}/healthz`)) === 200) break
    } catch {
      // not up yet
    }
    if (Date.now() - started > startMs) {
      child.kill('SIGKILL')
      throw new Error(`server did not come up within ${startMs / 1000} s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        fs.rmSync(dir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return done()
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(timer)
        done()
      })
      child.kill('SIGTERM')
    })
  // The process itself, for the tests of what it does on a signal (issue 42: graceful stop): its pid, and its exit.
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  return { base, dbPath, sandboxKey, paySecret: env.PAY_NOTIFY_SECRET, pid: child.pid, exited, output: () => output, stop }
}

module.exports = { startTestServer, serverCommand, serverCommandNow }
