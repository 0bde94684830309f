// The server and client tiers with the clock set where time-of-day defects live (issue 27): 10 s before a business
// midnight (each test file's clock starts there and crosses it), 5 s after one, and on 29 February. CLOCK_AT sets the
// clock of every server a test builds (server/time.ts) and the phone's in the client tier (__tests__/setup/env.js); the
// moment of each run is printed with its time and result.
// Usage: npm run test:clock [-- <jest args, e.g. a test file>]
import { spawnSync } from 'node:child_process'

const shanghaiDate = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)
const today = shanghaiDate(Date.now())
const tomorrow = shanghaiDate(Date.now() + 86_400_000)
const MOMENTS = [
  ['10 s before midnight (Shanghai)', `${today}T23:59:50+08:00`],
  ['5 s after midnight (Shanghai)', `${tomorrow}T00:00:05+08:00`],
  ['29 February (leap day)', '2028-02-29T12:00:00+08:00'],
]

const extra = process.argv.slice(2)
const results = []
// Each moment for both jest tiers: the server's (its servers' clock) and the client's (CLOCK_AT moves the phone's clock,
// the host Date of the jsdom tests: __tests__/setup/env.js). Paths given as arguments pick the tier(s) they belong to.
const TIERS = [
  ['server', ['-c', 'jest.server.config.js']],
  ['client', ['--selectProjects', 'client']],
]
for (const [label, at] of MOMENTS) {
  for (const [tier, config] of TIERS) {
    console.log(`\n=== test:clock — ${tier} tier with CLOCK_AT=${at} (${label}) ===`)
    const started = Date.now()
    const run = spawnSync('npx', ['jest', ...config, '--maxWorkers=2', '--passWithNoTests', ...extra], { stdio: 'inherit', env: { ...process.env, CLOCK_AT: at } })
    results.push({ label: `${tier}: ${label}`, at, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) })
  }
}
console.log('\ntest:clock')
for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  CLOCK_AT=${r.at}  ${r.label}  ${r.seconds} s`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
