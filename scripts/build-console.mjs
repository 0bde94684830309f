#!/usr/bin/env node
// The operator's console (issue 45): console/ → dist-console/, its own build (esbuild), never part of the mini-program
// or the shoppers' H5. One minified ES2019 script and its stylesheet-free page (antd writes its styles at run time),
// content-hashed names, .gz and .br beside the script (the server sends them precompressed), dist-console/meta.json
// (esbuild's metafile: what weighs what) and the size printed. Usage: node scripts/build-console.mjs
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const src = path.join(root, 'console')
const out = path.join(root, 'dist-console')
const KB = 1024

const started = Date.now()
fs.rmSync(out, { recursive: true, force: true })
const result = await build({
  entryPoints: [path.join(src, 'main.tsx')],
  bundle: true,
  minify: true,
  target: 'es2019',
  format: 'iife',
  platform: 'browser',
  jsx: 'automatic',
  outdir: path.join(out, 'assets'),
  entryNames: 'console-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
})
const outputs = Object.keys(result.metafile.outputs).map((f) => path.relative(out, path.join(root, f)).split(path.sep).join('/'))
const script = outputs.find((f) => f.endsWith('.js'))
if (!script) throw new Error('the console build wrote no script')
const html = fs.readFileSync(path.join(src, 'index.html'), 'utf8').replace('<!-- console-script -->', `<script src="/console/${script}" defer></script>`)
if (!html.includes(script)) throw new Error('console/index.html has no <!-- console-script --> placeholder')
fs.writeFileSync(path.join(out, 'index.html'), html)
const bytes = fs.readFileSync(path.join(out, script))
const gz = zlib.gzipSync(bytes, { level: 9 })
const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
fs.writeFileSync(path.join(out, `${script}.gz`), gz)
fs.writeFileSync(path.join(out, `${script}.br`), br)
fs.writeFileSync(path.join(out, 'meta.json'), JSON.stringify(result.metafile))
// The heaviest packages, for the reader of the build log (esbuild's metafile: bytes of each input in the output).
const byPackage = new Map()
for (const [input, { bytesInOutput }] of Object.entries(Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.inputs ?? {})) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  const key = m ? m[1] : input.startsWith('console/') ? 'console/' : input.startsWith('src/contract/') ? 'src/contract/' : input
  byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput)
}
const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8)
console.log(`console build → dist-console/ in ${((Date.now() - started) / 1000).toFixed(1)} s: ${script}`)
console.log(`  ${(bytes.length / KB).toFixed(1)} KB minified, ${(gz.length / KB).toFixed(1)} KB gzip, ${(br.length / KB).toFixed(1)} KB brotli`)
console.log(`  heaviest (minified): ${top.map(([k, b]) => `${k} ${(b / KB).toFixed(0)} KB`).join(', ')}`)
fs.writeFileSync(path.join(out, '.build-stamp'), new Date().toISOString())
