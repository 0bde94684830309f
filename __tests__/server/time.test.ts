import { sqliteQuery } from '../../server/storage/query'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../server/storage/db'
import { flashSessions } from '../../server/storage/repo/seckill'
import { seedDemoData } from '../../server/demo/seed'
import { BUSINESS_TZ, businessMidnight, fmt, parseText, nowMs } from '../../server/time'
import { holdServerClock, startServer } from './helpers'
import { openAtVersion } from './oldDatabase'

const root = path.join(__dirname, '..', '..')
/** Runs a line of server code in a fresh Node process with the given environment (TZ, BUSINESS_TZ). */
const runWith = (env: Record<string, string>, code: string) =>
  spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', code], { cwd: root, env: { ...process.env, BUSINESS_TZ: '', ...env }, encoding: 'utf8', timeout: 30_000 })

describe('one business clock', () => {
  it('text times are Asia/Shanghai wall time by default, whatever the host zone', () => {
    expect(BUSINESS_TZ).toBe('Asia/Shanghai')
    expect(fmt(Date.UTC(2026, 0, 1, 16, 30))).toBe('2026-01-02 00:30:00')
    expect(parseText('2026-01-02 00:30:00').valueOf()).toBe(Date.UTC(2026, 0, 1, 16, 30))
    expect(businessMidnight(Date.UTC(2026, 0, 1, 17)).valueOf()).toBe(Date.UTC(2026, 0, 1, 16))
    const code = "const t = require('./server/time.ts'); console.log(t.fmt(Date.UTC(2026, 0, 1, 16, 30)))"
    for (const TZ of ['UTC', 'America/New_York', 'Asia/Shanghai']) expect(execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', code], { cwd: root, env: { ...process.env, TZ, BUSINESS_TZ: '' }, encoding: 'utf8' }).trim()).toBe('2026-01-02 00:30:00')
  })

  it('BUSINESS_TZ moves the business; an unknown zone stops the start with a plain message', () => {
    expect(runWith({ BUSINESS_TZ: 'Europe/London', TZ: 'Asia/Tokyo' }, "console.log(require('./server/time.ts').fmt(Date.UTC(2026, 0, 1, 16, 30)))").stdout.trim()).toBe('2026-01-01 16:30:00')
    const bad = runWith({ BUSINESS_TZ: 'Mars/Olympus' }, "require('./server/time.ts')")
    expect(bad.status).not.toBe(0)
    expect(bad.stderr).toContain('BUSINESS_TZ: unknown time zone "Mars/Olympus"')
  })
})

/**
 * The business zone is converted with its fixed offset (Asia/Shanghai: +08:00 since 1991), not Intl per call
 * (issue 24). Checked in a fresh process whose host zone has summer time (New York, London): every answer is
 * compared with plain arithmetic on +8 h, so a wrong offset, or one borrowed from the host, shows.
 */
describe('the fixed offset, whatever the host zone', () => {
  // Runs in the child: every check is "what time.ts says" beside "UTC + 8 h by hand"; prints the mismatches.
  const checks = `
    const t = require('./server/time.ts')
    const H = 3600000, D = 24 * H
    const byHand = (ms) => new Date(ms + 8 * H).toISOString().slice(0, 19).replace('T', ' ')
    const wrong = []
    const check = (what, got, want) => { if (got !== want) wrong.push(what + ': ' + got + ' ≠ ' + want) }
    // Every 7 minutes over the host's spring-forward and fall-back days (New York 2026-03-08 and 11-01, London 03-29 and
    // 10-25) and a Shanghai midnight a minute either side: text, instant back, day's midnight, the offset.
    const starts = [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 28), Date.UTC(2026, 9, 24), Date.UTC(2026, 9, 31)]
    for (const start of starts) for (let ms = start; ms < start + 3 * D; ms += 7 * 60000) {
      const text = byHand(ms)
      check('fmt ' + ms, t.fmt(ms), text)
      check('parseText ' + text, t.parseText(text).valueOf(), Math.floor(ms / 1000) * 1000)
      check('round trip ' + text, t.fmt(t.parseText(text)), text)
      check('midnight ' + text, t.fmt(t.businessMidnight(ms)), text.slice(0, 10) + ' 00:00:00')
      check('midnight instant ' + text, t.businessMidnight(ms).valueOf(), Date.parse(text.slice(0, 10) + 'T00:00:00+08:00'))
      check('offset ' + text, t.businessOffset(ms), '+08:00')
      check('in zone ' + text, t.inBusinessZone(ms).format('YYYY-MM-DD HH:mm:ss Z'), text + ' +08:00')
      check('next day ' + text, t.fmt(t.inBusinessZone(ms).add(1, 'day')), byHand(ms + D))
    }
    // Midnight edges: the last second of a business day and its first.
    check('last second', t.fmt(Date.UTC(2026, 2, 7, 15, 59, 59)), '2026-03-07 23:59:59')
    check('first second', t.fmt(Date.UTC(2026, 2, 7, 16)), '2026-03-08 00:00:00')
    check('midnight of the last second', t.businessMidnight(Date.UTC(2026, 2, 7, 15, 59, 59)).valueOf(), Date.UTC(2026, 2, 6, 16))
    check('midnight of the first second', t.businessMidnight(Date.UTC(2026, 2, 7, 16)).valueOf(), Date.UTC(2026, 2, 7, 16))
    check('text midnight', t.parseText('2026-03-08 00:00:00').valueOf(), Date.UTC(2026, 2, 7, 16))
    check('a day after the midnight', t.fmt(t.businessMidnight(Date.UTC(2026, 2, 7, 17)).add(1, 'day')), '2026-03-09 00:00:00')
    check('start of the day', t.fmt(t.inBusinessZone(Date.UTC(2026, 2, 7, 17)).startOf('day')), '2026-03-08 00:00:00')
    check('an order number', t.inBusinessZone(Date.UTC(2026, 2, 7, 18, 30, 5)).format('YYYYMMDDHHmmss'), '20260308023005')
    check('a business day', t.inBusinessZone(Date.UTC(2026, 11, 31, 16)).format('YYYY-MM-DD'), '2027-01-01')
    console.log(JSON.stringify(wrong.slice(0, 5)))
  `

  it.each(['America/New_York', 'Europe/London', 'UTC', 'Asia/Shanghai'])('host zone %s: texts, instants and midnights are UTC + 8 h', (TZ) => {
    const run = runWith({ TZ }, checks)
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual([])
  })

  it('a zone counts as fixed only when its offset is the same over every year checked', () => {
    const code = `const t = require('./server/time.ts'); console.log(JSON.stringify([t.fixedOffsetOf('Asia/Shanghai'), t.fixedOffsetOf('UTC'), t.fixedOffsetOf('Asia/Kolkata'), t.fixedOffsetOf('Europe/London'), t.fixedOffsetOf('America/Sao_Paulo', 2000, 2020), t.fixedOffsetOf('Asia/Shanghai', 1986, 1995)]))`
    // Shanghai kept summer time 1986–1991; São Paulo until 2019.
    expect(JSON.parse(runWith({ TZ: 'America/New_York' }, code).stdout)).toEqual([480, 0, 330, null, null, null])
  })

  it('a zone with summer time still converts at each instant, whatever the host zone', () => {
    const code = `
      const t = require('./server/time.ts')
      console.log(JSON.stringify([
        t.fmt(Date.UTC(2026, 2, 29, 0, 59, 59)), t.fmt(Date.UTC(2026, 2, 29, 1)), t.fmt(Date.UTC(2026, 6, 1, 23, 30)),
        t.parseText('2026-07-02 00:30:00').valueOf() === Date.UTC(2026, 6, 1, 23, 30),
        t.businessMidnight(Date.UTC(2026, 6, 1, 23, 30)).valueOf() === Date.UTC(2026, 6, 1, 23),
        t.businessMidnight(Date.UTC(2026, 0, 15, 12)).valueOf() === Date.UTC(2026, 0, 15),
        t.inBusinessZone(Date.UTC(2026, 6, 1, 23, 30)).format('Z'),
      ]))`
    expect(JSON.parse(runWith({ BUSINESS_TZ: 'Europe/London', TZ: 'America/New_York' }, code).stdout)).toEqual(['2026-03-29 00:59:59', '2026-03-29 02:00:00', '2026-07-02 00:30:00', true, true, true, '+01:00'])
  })
})

describe('flash-sale sessions recur every business day', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-time-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('the demo sessions fall on the day they are read (the last on the next day), any day', async () => {
    const db = openDatabase(path.join(dir, 'a.sqlite'))
    await seedDemoData(sqliteQuery(db))
    for (const day of ['2026-03-01', '2027-10-15']) {
      const noon = parseText(`${day} 12:00:00`).valueOf()
      expect((await flashSessions(sqliteQuery(db), noon)).map((s) => [s.title, s.start_time, s.end_time])).toEqual([
        ['00:00 场', `${day} 00:00:00`, `${day} 08:00:00`],
        ['08:00 场', `${day} 08:00:00`, `${day} 16:00:00`],
        ['16:00 场', `${day} 16:00:00`, fmt(parseText(`${day} 00:00:00`).add(1, 'day'))],
        ['10:00 场', fmt(parseText(`${day} 10:00:00`).add(1, 'day')), fmt(parseText(`${day} 22:00:00`).add(1, 'day'))],
      ])
    }
    db.close()
  })

  it('the API shows today\'s sessions with something on (no longer "ended" the day after the database was made)', async () => {
    const s = await startServer()
    // Read two days after the database was made, on a held clock: the server's read and the test's expectation name
    // one moment (two reads of a running clock fell on either side of a midnight under npm run test:clock).
    const at = nowMs() + 2 * 86_400_000
    const held = holdServerClock(at)
    try {
      const res = await s.call<{ sessions: Array<{ start_time: string; state: string }> }>('GET', 'hui_public.hsh_seckill_prod/index', {})
      expect(res.body.data.sessions[0].start_time).toBe(fmt(businessMidnight(at)))
      expect(res.body.data.sessions.filter((x) => x.state === 'on')).toHaveLength(1)
    } finally {
      held.mockRestore()
      await s.close()
    }
  })

  it('sessions pinned to the day an older database was made become times of day (migration 6)', async () => {
    const file = path.join(dir, 'old.sqlite')
    const old = openAtVersion(file, 5)
    const insert = old.prepare('INSERT INTO seckill_sessions (id, title, start_time, end_time) VALUES (?, ?, ?, ?)')
    insert.run(1, '08:00 场', '2025-05-05 08:00:00', '2025-05-05 16:00:00')
    insert.run(2, '16:00 场', '2025-05-05 16:00:00', '2025-05-06 00:00:00')
    insert.run(3, '10:00 场', '2025-05-06 10:00:00', '2025-05-06 22:00:00')
    old.close()
    const db = openDatabase(file)
    expect(db.prepare('SELECT id, start_minute, end_minute FROM seckill_sessions ORDER BY id').all()).toEqual([
      { id: 1, start_minute: 480, end_minute: 960 },
      { id: 2, start_minute: 960, end_minute: 1440 },
      { id: 3, start_minute: 2040, end_minute: 2760 },
    ])
    expect((await flashSessions(sqliteQuery(db), parseText('2026-07-01 09:00:00').valueOf()))[0]).toMatchObject({ start_time: '2026-07-01 08:00:00', end_time: '2026-07-01 16:00:00' })
    db.close()
  })
})

describe('every /api answer carries the server\'s clock', () => {
  let s: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => s.close())

  const answers: Array<[string, () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>, number]> = [
    ['a success', () => s.app.inject({ method: 'GET', url: '/api/index/moduleList' }), 1],
    ['a business refusal (code 0)', () => s.app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', payload: { phone: '12' } }), 0],
    ['the login gate (code -1)', () => s.app.inject({ method: 'GET', url: '/api/personal.order/index' }), -1],
    ['an unknown /api path (404 envelope)', () => s.app.inject({ method: 'GET', url: '/api/nope' }), 0],
    ['a URL Fastify cannot decode (framework error)', () => s.app.inject({ method: 'GET', url: '/api/%' }), 0],
    ['a body that is not JSON (error handler)', () => s.app.inject({ method: 'POST', url: '/api/wechat/bind', headers: { 'content-type': 'application/json' }, payload: '{' }), 0],
  ]

  it.each(answers)('%s: X-Server-Time (ms, stamped as it leaves) and X-Business-Offset', async (_label, send, code) => {
    const before = nowMs()
    const res = await send()
    const after = nowMs()
    expect(JSON.parse(res.body)).toMatchObject({ code })
    const stamped = Number(res.headers['x-server-time'])
    expect(stamped).toBeGreaterThanOrEqual(before)
    expect(stamped).toBeLessThanOrEqual(after)
    expect(res.headers['x-business-offset']).toBe('+08:00')
  })

  it('the offset follows BUSINESS_TZ (and its summer time)', () => {
    const code = "const t = require('./server/time.ts'); console.log(t.businessOffset(Date.UTC(2026, 0, 15)), t.businessOffset(Date.UTC(2026, 6, 15)))"
    expect(runWith({ BUSINESS_TZ: 'Europe/London', TZ: 'Asia/Tokyo' }, code).stdout.trim()).toBe('+00:00 +01:00')
    expect(runWith({ TZ: 'UTC' }, code).stdout.trim()).toBe('+08:00 +08:00')
  })

  it('pages and assets outside /api do not carry it', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['x-server-time']).toBeUndefined()
  })
})
