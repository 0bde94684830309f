#!/usr/bin/env node
// Runs the server or one of the operator's commands (issue 41): `npm start`, `npm run admin | backup | doctor | db:copy`.
//
//   node scripts/run-server.mjs main|admin|backup|doctor|db-copy [args…]
//   node scripts/run-server.mjs --build        only bring dist-server/ up to date (the test tiers)
//
// In production — NODE_ENV=production (as the server decides it: server/http/config.ts), or a tree that holds the build
// without the sources (server/main.ts absent) — it runs the compiled JavaScript, `node --enable-source-maps
// dist-server/<name>.js`, first building dist-server/ (scripts/build-server.ts, ~2 s) when it is missing or older than
// the sources, as scripts/ensure-build.mjs does for the H5 build. Otherwise (the sandbox, development) it runs the
// TypeScript sources through tsx, as before. Signals reach the process it started; its exit code is this one's.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(root, 'dist-server')
const SOURCES = { main: 'server/main.ts', admin: 'scripts/admin.ts', backup: 'scripts/backup.ts', doctor: 'scripts/doctor.ts', 'db-copy': 'scripts/db-copy.ts' }
/** What the build is made from: a change to any of these makes dist-server/ old. */
const INPUTS = ['server', 'src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json']
const TSX = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)))
  return newest
}

/** dist-server/ as new as the sources (built when not); a tree without the sources takes the build it holds. */
function ensureBuilt() {
  const stamp = path.join(OUT, '.build-stamp')
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
  if (!fs.existsSync(path.join(root, SOURCES.main))) {
    if (builtAt > 0) return
    console.error('dist-server/ is missing and there are no sources to build it from: run `npm run build:server` where they are, and ship dist-server/ (docs/going-live.md "Building it")')
    process.exit(1)
  }
  if (builtAt > Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))))) return
  if (!fs.existsSync(TSX)) {
    console.error('dist-server/ is missing or older than the sources, and building it needs the dev dependencies (npm install): run `npm run build:server` on a build machine')
    process.exit(1)
  }
  // What the build says goes to stderr: the command's own output (an operator's pipe) stays its own.
  // Built into a folder of its own, then put in place: a process reading dist-server/ meanwhile never sees half a build.
  const next = `${OUT}.next-${process.pid}`
  const res = spawnSync(process.execPath, [TSX, path.join(root, 'scripts', 'build-server.ts'), '--out', next], { cwd: root, stdio: ['ignore', 2, 2] })
  if (res.status !== 0) {
    fs.rmSync(next, { recursive: true, force: true })
    process.exit(res.status ?? 1)
  }
  const old = `${OUT}.old-${process.pid}`
  if (fs.existsSync(OUT)) fs.renameSync(OUT, old)
  fs.renameSync(next, OUT)
  fs.rmSync(old, { recursive: true, force: true })
}

const [name, ...args] = process.argv.slice(2)
if (name === '--build') {
  ensureBuilt()
  process.exit(0)
}
if (!Object.hasOwn(SOURCES, name ?? '')) {
  console.error(`usage: run-server.mjs ${Object.keys(SOURCES).join('|')} [args…] | --build`)
  process.exit(2)
}
const built = process.env.NODE_ENV === 'production' || !fs.existsSync(path.join(root, SOURCES.main))
if (built) ensureBuilt()
const command = built ? ['--enable-source-maps', path.join(OUT, `${name}.js`), ...args] : [TSX, path.join(root, SOURCES[name]), ...args]
const child = spawn(process.execPath, command, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  } else process.exit(code ?? 1)
})
