// Start the reference server exactly as `npm start` does (tsx server/main.ts), on a free loopback port,
// with a fresh database, serving dist-h5. Its address goes to the tests through E2E_BASE_URL.
const { spawn } = require('node:child_process')
const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')

const root = path.resolve(__dirname, '..')

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

module.exports = async () => {
  if (!fs.existsSync(path.join(root, 'dist-h5', 'index.html'))) throw new Error('dist-h5/ is missing: run `npm run build:h5` (npm run test:e2e does it for you)')
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-e2e-'))
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DB_PATH: path.join(dir, 'e2e.sqlite'), STATIC_DIR: path.join(root, 'dist-h5'), SANDBOX: '1' }
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'server', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const base = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`)
    try {
      const res = await fetch(`${base}/healthz`)
      if (res.ok) break
    } catch {
      // not up yet
    }
    if (Date.now() - started > 30000) {
      child.kill('SIGKILL')
      throw new Error(`server did not come up within 30 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  process.env.E2E_BASE_URL = base
  process.env.E2E_DB_PATH = env.DB_PATH
  globalThis.__E2E__ = { child, dir }
}
