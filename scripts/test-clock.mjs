// The server tier with the server's clock set where time-of-day defects live (issue 27): 10 s before a business
// midnight (each test file's clock starts there and crosses it), 5 s after one, and on 29 February. CLOCK_AT sets the
// clock of every server a test builds (server/time.ts); the moment of each run is printed with its time and result.
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
for (const [label, at] of MOMENTS) {
  console.log(`\n=== test:clock — server tier with CLOCK_AT=${at} (${label}) ===`)
  const started = Date.now()
  const run = spawnSync('npx', ['jest', '-c', 'jest.server.config.js', '--maxWorkers=2', ...extra], { stdio: 'inherit', env: { ...process.env, CLOCK_AT: at } })
  results.push({ label, at, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) })
}
console.log('\ntest:clock')
for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  CLOCK_AT=${r.at}  ${r.label}  ${r.seconds} s`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
