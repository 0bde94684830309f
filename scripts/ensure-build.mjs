#!/usr/bin/env node
// Builds the weapp or H5 app, or the operator's console, when its output is missing or older than the sources.
// Usage: node scripts/ensure-build.mjs h5|weapp|console [--force]
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const target = process.argv[2]
if (target !== 'h5' && target !== 'weapp' && target !== 'console') {
  console.error('usage: ensure-build.mjs h5|weapp|console [--force]')
  process.exit(2)
}
const outDir = path.join(root, { h5: 'dist-h5', weapp: 'dist', console: 'dist-console' }[target])
const stamp = path.join(outDir, '.build-stamp')

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)))
  return newest
}

// The console (scripts/build-console.mjs) is built from console/ and the contract it imports.
const inputs =
  target === 'console'
    ? ['console', 'src/contract', 'package.json', 'scripts/build-console.mjs']
    : ['src', 'config', 'package.json', 'babel.config.js', '.env.production', '.env.local', '.env.production.local']
const sourcesAt = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))))
const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0

// A tree shipped with its builds and without the sources (docs/going-live.md "Building it") takes the build it holds.
if (builtAt > 0 && !fs.existsSync(path.join(root, 'src'))) {
  console.log(`${target} build kept: no sources here to build from (${path.relative(root, outDir)}/)`)
  process.exit(0)
}

if (!process.argv.includes('--force') && builtAt > sourcesAt) {
  console.log(`${target} build is up to date (${path.relative(root, outDir)}/)`)
  process.exit(0)
}

console.log(`Building ${target} → ${path.relative(root, outDir)}/ …`)
const started = Date.now()
const command = target === 'console' ? [process.execPath, [path.join(root, 'scripts', 'build-console.mjs')]] : ['npx', ['taro', 'build', '--type', target]]
const res = spawnSync(command[0], command[1], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
})
if (res.status !== 0) process.exit(res.status ?? 1)
// `taro build` can exit 0 without building (e.g. when its config check fails): never stamp old output as fresh.
const entry = path.join(outDir, target === 'weapp' ? 'app.js' : 'index.html')
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < started) {
  console.error(`${target} build wrote nothing new (${path.relative(root, entry)} is missing or older than this build)`)
  process.exit(1)
}
fs.writeFileSync(stamp, new Date().toISOString())
console.log(`${target} build done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
