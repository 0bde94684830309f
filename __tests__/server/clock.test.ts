/**
 * The one server clock (issue 27; server/time.ts, docs/sandbox.md "The server's clock"): CLOCK_AT sets it at start, the
 * sandbox moves it, kept in the database so another server process on the same file reads the same moment; the app
 * follows it through X-Server-Time, and what depends on the hour (flash sessions) follows it. Refused without the sandbox.
 */
import { readConfig } from '../../server/http/config'
import { attachClock, CLOCK_FRESH_MS, nowMs, parseClockAt, parseText } from '../../server/time'
import { startServer, type TestServer } from './helpers'
import { httpClient, startTestServer, type TestServerHandle } from './processes'

jest.setTimeout(60_000)

let a: TestServer
let b: TestServerHandle
const http = httpClient(4)
// Process B starts with its own CLOCK_AT (a business wall time): its clock reads it at start and runs on.
const B_START = '2030-01-01 00:00:00'

beforeAll(async () => {
  a = await startServer()
  // On A's database: its SQLite file, or under TEST_DATABASE_URL its PostgreSQL database (where each process holds the
  // offsets and reads them again every CLOCK_FRESH_MS in the sandbox: server/storage/repo/settings.ts holdClockOffsets).
  b = await startTestServer({ label: 'clock', dbPath: `${a.dir}/test.sqlite`, env: { ...(a.databaseUrl ? { DATABASE_URL: a.databaseUrl } : {}), CLOCK_AT: B_START } })
})
afterAll(async () => {
  await b?.stop()
  await a?.close()
  http.destroy()
})

type ClockAnswer = { now: string; now_ms: number; moved: boolean }
/** The server's clock as the app reads it: X-Server-Time of an ordinary /api answer. */
const clockOfA = async () => Number((await a.app.inject({ method: 'GET', url: '/api/hui_public.hsh_seckill_prod/index' })).headers['x-server-time'])
const clockOfB = async () => {
  const res = await fetch(`${b.base}/api/hui_public.hsh_seckill_prod/index`)
  return Number(res.headers.get('x-server-time'))
}
const moveAt = (server: 'a' | 'b', body: Record<string, unknown>) =>
  server === 'a' ? a.call<ClockAnswer>('POST', 'sandbox/clock', body) : http.request<ClockAnswer>(b, 'POST', '/api/sandbox/clock', body, { 'x-sandbox-key': b.sandboxKey })
/** Waits (bounded) until a clock reads within 5 s after `ms` (another process sees a move within CLOCK_FRESH_MS). */
async function readsNear(read: () => Promise<number>, ms: number): Promise<number> {
  let seen = NaN
  for (let i = 0; i < 40; i++) {
    seen = await read()
    if (seen >= ms - 50 && seen < ms + 5000) return seen
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the clock read ${new Date(seen).toISOString()}, not near ${new Date(ms).toISOString()}`)
}

it('CLOCK_AT: a process started with it reads that moment and runs on', async () => {
  const startedAt = parseText(B_START).valueOf()
  const seen = await clockOfB()
  expect(seen).toBeGreaterThanOrEqual(startedAt)
  expect(seen).toBeLessThan(startedAt + 30_000)
})

it('the sandbox moves the clock of every process on the database; flash sessions follow it; reset goes back', async () => {
  // A minute before 08:00: the clock runs on while the test reads (a loaded CI machine once took more than the second
  // this test first left).
  const leapEve = parseClockAt('2028-02-29T07:59:00+08:00') ?? NaN
  const moved = await moveAt('a', { at: '2028-02-29T07:59:00+08:00' })
  expect(moved.body).toMatchObject({ code: 1, data: { now: '2028-02-29 07:59:00', moved: true } })
  // This process at once, and the app's clock header with it …
  expect(Math.abs(nowMs() - leapEve)).toBeLessThan(2000)
  await readsNear(clockOfA, leapEve)
  // … and the other process on the same file, which had its own CLOCK_AT.
  await readsNear(clockOfB, leapEve)
  // Session 2 runs 08:00–16:00: upcoming a minute before, on once the clock (moved by B this time) passes 08:00.
  const session2 = async () => (await a.call<{ sessions: Array<{ id: number; state: string }> }>('GET', 'hui_public.hsh_seckill_prod/index')).body.data.sessions.find((x) => x.id === 2)?.state
  expect(await session2()).toBe('upcoming')
  expect((await moveAt('b', { advance_minutes: 2 })).body).toMatchObject({ code: 1, data: { moved: true } })
  await readsNear(clockOfA, leapEve + 120_000)
  expect(await session2()).toBe('on')

  // Reset (through B): every process goes back to its own start clock — A's real time (or the suite's CLOCK_AT), B's 2030.
  expect((await moveAt('b', { reset: true })).body).toMatchObject({ code: 1, data: { moved: false } })
  const ownClock = () => Promise.resolve(nowMs())
  await readsNear(clockOfA, await ownClock())
  const bClock = await readsNear(clockOfB, parseText(B_START).valueOf())
  expect(bClock).toBeLessThan(parseText(B_START).valueOf() + 30_000)
})

it('refuses what names no time, more than one move at once, and callers without the sandbox key', async () => {
  for (const body of [{ at: 'tomorrow' }, { at: '2027-02-29 12:00:00' }, { at: '2028-02-29T12:00:00+08:00', reset: true }, { advance_minutes: 1.5 }, { at: 5 }]) {
    expect((await moveAt('a', body)).body).toMatchObject({ code: 0, reason: 'invalid_request', data: null })
  }
  const keyless = await a.app.inject({ method: 'POST', url: '/api/sandbox/clock', payload: { advance_minutes: 60 } })
  expect(keyless.statusCode).toBe(403)
  expect(Math.abs((await clockOfA()) - nowMs())).toBeLessThan(2000)
  expect((await a.call<ClockAnswer>('POST', 'sandbox/clock', {})).body.data.moved).toBe(false)
})

it('without the sandbox there is no clock call, and CLOCK_AT refuses to start', async () => {
  const prod = await startServer({ sandbox: false })
  try {
    const before = nowMs()
    const res = await prod.call('POST', 'sandbox/clock', { advance_minutes: 600 })
    expect(res.body).toMatchObject({ code: 0, data: null })
    expect(Math.abs(nowMs() - before)).toBeLessThan(2000)
  } finally {
    await prod.close()
  }
  const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv
  expect(() => readConfig(env({ NODE_ENV: 'production', PAY_NOTIFY_SECRET: 'x', CLOCK_AT: '2028-02-29T23:59:50+08:00' }))).toThrow(/CLOCK_AT/)
  expect(readConfig(env({ NODE_ENV: 'production', PAY_NOTIFY_SECRET: 'x', SANDBOX: '1', CLOCK_AT: '2028-02-29T23:59:50+08:00' })).sandbox).toBe(true)
})

it('CLOCK_AT texts: ISO 8601 with an offset, or a business wall time; nothing else', () => {
  expect(parseClockAt('2028-02-29T23:59:50+08:00')).toBe(Date.UTC(2028, 1, 29, 15, 59, 50))
  expect(parseClockAt('2028-02-29T15:59:50Z')).toBe(Date.UTC(2028, 1, 29, 15, 59, 50))
  expect(parseClockAt('2028-02-29 23:59:50')).toBe(Date.UTC(2028, 1, 29, 15, 59, 50))
  expect(parseClockAt('2028-03-01')).toBe(Date.UTC(2028, 1, 29, 16))
  for (const bad of ['', 'now', '2027-02-29 00:00:00', '2028-02-29 24:00:00', '1700000000000', '2028-02-29T23:59:50+0800x']) expect(parseClockAt(bad)).toBeNull()
})

it('reads the database at most every CLOCK_FRESH_MS, never once per nowMs() (docs/performance.md: a statement ~10 µs)', () => {
  const t0 = 1_900_000_000_000
  const real = jest.spyOn(Date, 'now').mockReturnValue(t0)
  let reads = 0
  const detach = attachClock(() => {
    reads++
    return { server: 3_600_000, carrier: 0 }
  })
  try {
    expect(reads).toBe(1)
    let wrong = 0
    for (let i = 0; i < 100_000; i++) if (nowMs() !== t0 + 3_600_000) wrong++
    expect([wrong, reads]).toEqual([0, 1])
    real.mockReturnValue(t0 + CLOCK_FRESH_MS)
    nowMs()
    nowMs()
    expect(reads).toBe(2)
  } finally {
    detach()
    real.mockRestore()
  }
})
