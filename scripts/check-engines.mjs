#!/usr/bin/env node
// The Node versions package.json declares (engines.node) are ones every installed package supports (issue 27): for
// the lowest version of each range the project declares, every package under node_modules whose own engines.node
// excludes it is listed and the check fails. Run after `npm install` (CI does).
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const semver = require('semver')

const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node
if (!declared) {
  console.error('package.json declares no engines.node')
  process.exit(1)
}
// The lowest version of each range the project declares: ">=20.19 <21 || >=22.13" → 20.19.0, 22.13.0.
const floors = new semver.Range(declared).set.map((comparators) => semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' '))).version)

const problems = []
let packages = 0
function walk(dir) {
  if (!fs.existsSync(dir)) return
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith('.')) continue
    const at = path.join(dir, name)
    if (name.startsWith('@')) {
      walk(at)
      continue
    }
    const manifest = path.join(at, 'package.json')
    if (fs.existsSync(manifest)) {
      packages++
      let pkg
      try {
        pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'))
      } catch {
        pkg = {}
      }
      const wants = pkg.engines?.node
      if (typeof wants === 'string' && semver.validRange(wants)) {
        const excluded = floors.filter((v) => !semver.satisfies(v, wants))
        if (excluded.length) problems.push(`${path.relative(root, at)}@${pkg.version} wants node ${wants}: not ${excluded.join(', ')}`)
      }
    }
    walk(path.join(at, 'node_modules'))
  }
}
walk(path.join(root, 'node_modules'))

console.log(`engines: package.json declares node ${declared} (lowest of each range: ${floors.join(', ')}); ${packages} installed packages read`)
if (problems.length) {
  console.error(`Installed packages that do not run on a declared Node version:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`this machine: node ${process.version}${semver.satisfies(process.version, declared) ? '' : ' — NOT a declared version'}`)
if (!semver.satisfies(process.version, declared)) process.exit(1)
