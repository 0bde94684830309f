#!/usr/bin/env node
// Size report (reads the build output, builds nothing): the weapp main package and every sub-package,
// and what H5 downloads for Home (entry JS/CSS + Home's own chunks, gzip -9). Budgets from issue 2;
// exits 1 when a figure is over its budget. `--json` prints the figures as JSON. Also (no budget, issue 15):
// what a shopper downloads walking WALK's pages one after another, each file once (the browser's cache).
// The operator's console (issue 45, dist-console/, its own build) on a line of its own: the H5 and weapp figures never
// include it (nothing of src/ imports console/, lint).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const WEAPP = path.join(root, 'dist')
const H5 = path.join(root, 'dist-h5')
const CONSOLE = path.join(root, 'dist-console')
const KB = 1024
const BUDGET = { weappMain: 800 * KB, weappSub: 400 * KB, h5HomeGzip: 150 * KB, consoleGzip: 450 * KB }
const HOME = 'pages/index/index'
/** Home → Discount bill → Shop details → Pay a bill → My orders (issue 15). */
const WALK = ['pages/index/index', 'pages/discountBill/index', 'pages/shops/details', 'pages/payBill/index', 'pages/orders/index']

function fail(msg) {
  console.error(msg)
  process.exit(1)
}

function walk(dir) {
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(p))
    else out.push(p)
  }
  return out
}

function weappSizes() {
  const appJson = path.join(WEAPP, 'app.json')
  if (!fs.existsSync(appJson)) fail('dist/app.json is missing: run `npm run build:weapp` first.')
  const app = JSON.parse(fs.readFileSync(appJson, 'utf8'))
  const roots = (app.subPackages ?? app.subpackages ?? []).map((s) => s.root.replace(/\/$/, ''))
  const subs = Object.fromEntries(roots.map((r) => [r, 0]))
  let main = 0
  for (const file of walk(WEAPP)) {
    const rel = path.relative(WEAPP, file).split(path.sep).join('/')
    // Not part of the uploaded package: source maps, licence notes, our build stamp.
    if (/\.(map|LICENSE\.txt)$/.test(rel) || rel === '.build-stamp') continue
    const size = fs.statSync(file).size
    const sub = roots.find((r) => rel.startsWith(`${r}/`))
    if (sub) subs[sub] += size
    else main += size
  }
  return { main, subs }
}

function readManifest() {
  const manifestPath = path.join(H5, 'page-chunks.json')
  if (!fs.existsSync(manifestPath)) fail('dist-h5/page-chunks.json is missing: run `npm run build:h5` first.')
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
}

const gzipped = (f) => zlib.gzipSync(fs.readFileSync(path.join(H5, f)), { level: 9 }).length
/** What the reference server sends a browser that accepts brotli: the .br the build wrote (config/index.ts), else gzip. */
const sent = (f) => (fs.existsSync(path.join(H5, `${f}.br`)) ? fs.statSync(path.join(H5, `${f}.br`)).size : gzipped(f))

/** The bytes (gzip -9, or `sizeOf`) of the JS and CSS a walk through `pages` downloads, each file counted once. */
function walkSizes(pages, sizeOf = gzipped) {
  const manifest = readManifest()
  const seen = new Set()
  const steps = []
  for (const page of [null, ...pages]) {
    const files = page === null ? manifest.entry : manifest.pages[page]
    if (!files) fail(`page-chunks.json has no entry for ${page}`)
    let bytes = 0
    for (const f of files) {
      if (!/\.(js|css)$/.test(f) || seen.has(f)) continue
      seen.add(f)
      bytes += sizeOf(f)
    }
    if (page === null) steps.push(['entry', bytes])
    else steps.push([page, bytes])
  }
  return { steps, total: steps.reduce((n, [, b]) => n + b, 0) }
}

function h5Sizes() {
  const manifest = readManifest()
  const home = manifest.pages[HOME]
  if (!home) fail(`page-chunks.json has no entry for ${HOME}`)
  const files = [...new Set([...manifest.entry, ...home])].filter((f) => /\.(js|css)$/.test(f))
  let js = 0
  let css = 0
  let raw = 0
  for (const f of files) {
    const buf = fs.readFileSync(path.join(H5, f))
    const gz = zlib.gzipSync(buf, { level: 9 }).length
    raw += buf.length
    if (f.endsWith('.css')) css += gz
    else js += gz
  }
  return { files, js, css, total: js + css, raw, sent: files.reduce((n, f) => n + sent(f), 0) }
}

/** The console's page: its script(s) as built (gzip -9) and as sent (the .br beside each). */
function consoleSizes() {
  const assets = path.join(CONSOLE, 'assets')
  if (!fs.existsSync(path.join(CONSOLE, 'index.html'))) fail('dist-console/index.html is missing: run `npm run build:console` first.')
  const files = fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f))
  let gzip = 0
  let raw = 0
  let br = 0
  for (const f of files) {
    const buf = fs.readFileSync(path.join(assets, f))
    raw += buf.length
    gzip += zlib.gzipSync(buf, { level: 9 }).length
    br += fs.existsSync(path.join(assets, `${f}.br`)) ? fs.statSync(path.join(assets, `${f}.br`)).size : 0
  }
  return { files, raw, gzip, br }
}

const weapp = weappSizes()
const consolePage = consoleSizes()
const h5 = h5Sizes()
const walked = walkSizes(WALK)
const walkedSent = walkSizes(WALK, sent)
const steps = (w) => w.steps.map(([p, b]) => `${p === 'entry' ? 'entry' : p.replace(/^pages\//, '')} +${(b / KB).toFixed(1)}`).join(', ')
const rows = [
  ['weapp main package', weapp.main, BUDGET.weappMain, ''],
  ...Object.entries(weapp.subs).map(([r, s]) => [`weapp sub-package ${r}`, s, BUDGET.weappSub, '']),
  ['H5 Home first load JS (gzip)', h5.js, null, ''],
  ['H5 Home first load CSS (gzip)', h5.css, null, ''],
  ['H5 Home first load JS+CSS (gzip)', h5.total, BUDGET.h5HomeGzip, `${(h5.raw / KB).toFixed(1)} KB raw, ${h5.files.length} files`],
  ['H5 walk Home → … → My orders (gzip)', walked.total, null, steps(walked)],
  ['H5 Home first load as sent (brotli)', h5.sent, null, 'the .br files the build wrote'],
  ['H5 walk as sent (brotli)', walkedSent.total, null, steps(walkedSent)],
  ["operator's console, whole page (gzip)", consolePage.gzip, BUDGET.consoleGzip, `its own build: ${(consolePage.raw / KB).toFixed(1)} KB minified, ${(consolePage.br / KB).toFixed(1)} KB brotli, ${consolePage.files.length} file`],
]
const over = rows.filter(([, size, budget]) => budget !== null && size > budget)

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ weapp, h5, walk: walked, walkSent: walkedSent, console: consolePage, budgets: BUDGET, over: over.map((r) => r[0]) }, null, 2))
} else {
  const kb = (n) => `${(n / KB).toFixed(1)} KB`
  const width = Math.max(...rows.map((r) => r[0].length))
  console.log(`${'what'.padEnd(width)}  ${'size'.padStart(10)}  ${'budget'.padStart(10)}  status`)
  for (const [name, size, budget, note] of rows) {
    const status = budget === null ? '' : size > budget ? 'OVER' : 'ok'
    console.log(`${name.padEnd(width)}  ${kb(size).padStart(10)}  ${(budget === null ? '' : kb(budget)).padStart(10)}  ${status}${note ? `  (${note})` : ''}`)
  }
}
if (over.length) {
  console.error(`Over budget: ${over.map((r) => r[0]).join(', ')}`)
  process.exit(1)
}
