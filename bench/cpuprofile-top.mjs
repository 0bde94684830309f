/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints the top functions by self time, and the time spent inside
 * the packages and source folders (inclusive of what they call: "where does a request's time go").
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/api.ts
 *   node bench/cpuprofile-top.mjs /tmp/prof/CPU.*.cpuprofile [top=25]
 * The largest file of the run is the main thread (the server and the bench's client share it).
 */
import fs from 'node:fs'

const [file, topArg] = process.argv.slice(2)
if (!file) {
  console.error('usage: node bench/cpuprofile-top.mjs <file.cpuprofile> [top]')
  process.exit(1)
}
const TOP = Number(topArg ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

// Self time per node: samples × their interval.
const self = new Map()
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
const total = [...self.values()].reduce((a, b) => a + b, 0)
const idle = [...self.entries()].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id).callFrame.functionName)).reduce((a, [, t]) => a + t, 0)

const short = (url) => url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, 'nm:').replace(/^.*\/work\/main\//, '')
const where = (cf) => `${cf.functionName || '(anonymous)'} ${cf.url ? `${short(cf.url)}:${cf.lineNumber + 1}` : ''}`.trim()

const selfBy = new Map()
for (const [id, t] of self) {
  const key = where(byId.get(id).callFrame)
  selfBy.set(key, (selfBy.get(key) ?? 0) + t)
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled, ${pct(idle)} idle/program/GC`)
console.log(`\ntop ${TOP} by self time`)
for (const [key, t] of [...selfBy.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(t)}  ${key}`)

// Inclusive time per "area": a sample counts once for every area on its stack.
const areaOf = (cf) => {
  const url = short(cf.url ?? '')
  if (url.startsWith('nm:')) {
    const parts = url.slice(3).split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  if (url.startsWith('server/') || url.startsWith('src/') || url.startsWith('bench/')) return url.split(':')[0]
  if (url.startsWith('node:')) return url.split(':').slice(0, 2).join(':')
  return null
}
const incl = new Map()
for (const [id, t] of self) {
  const seen = new Set()
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const a = areaOf(byId.get(n).callFrame)
    if (a && !seen.has(a)) {
      seen.add(a)
      incl.set(a, (incl.get(a) ?? 0) + t)
    }
  }
}
console.log(`\ntop ${TOP} areas by inclusive time`)
for (const [key, t] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(t)}  ${key}`)
