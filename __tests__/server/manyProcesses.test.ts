/**
 * Many processes (issue 28, docs/multi-process.md): nothing kept in one process's memory decides a rule.
 *
 *   three starts on one file   a login code sent through one process is read (sandbox outbox) through a second and
 *                              logs in through a third; the per-client SMS limit counts one client over all three
 *   WORKERS=3                  one start, one port, answered by several processes (pids from the sandbox helper) with
 *                              the one sandbox key of the banner; a login and the per-client limit across them; a
 *                              worker that dies is replaced
 *
 * Real processes (scripts/test-server.cjs, as `npm start` runs them) on 127.0.0.1, on one SQLite file — or under
 * TEST_DATABASE_URL one PostgreSQL database (DATABASE_URL, issue 28) — requests really in flight at once;
 * every loop is bounded and waits poll a condition. TRUST_PROXY lets each case be its own client (X-Forwarded-For).
 */
import crypto from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { SMS_MAX_ATTEMPTS } from '../../server/domain/account'
import { httpClient, sharedDatabase, startProcesses, startTestServer, tally, waitFor, type Answer, type SharedDatabase, type TestServerHandle } from './processes'

const SMS_PER_CLIENT = 3
const ENV = { SMS_PER_CLIENT: String(SMS_PER_CLIENT), TRUST_PROXY: 'true' }
const TOO_FREQUENT = /^200 0 获取验证码太频繁，请 \d+ 分钟后再试$/

let phoneSeq = 0
const newPhone = () => `137${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`
/** A client address of its own per case (the server trusts X-Forwarded-For here). */
const clientAddress = () => `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`

/** Answers tallied by their reason (code 1: ok). */
const byReason = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((t, a) => {
    const key = a.body.code === 1 ? 'ok' : String((a.body as { reason?: string }).reason)
    return { ...t, [key]: (t[key] ?? 0) + 1 }
  }, {})

/** Answers tallied, with every refusal of the per-client limit under one key. */
const limitTally = (answers: Answer[]) =>
  Object.entries(tally(answers)).reduce<Record<string, number>>((t, [k, n]) => {
    const key = TOO_FREQUENT.test(k) ? 'sms_too_frequent' : k
    return { ...t, [key]: (t[key] ?? 0) + n }
  }, {})

describe('three server processes on one file', () => {
  let servers: TestServerHandle[] = []
  let stopAll = async () => {}
  const { api, stats, destroy } = httpClient(24)

  beforeAll(async () => {
    const started = await startProcesses(3, { label: 'many', env: ENV })
    servers = started.servers
    stopAll = started.stop
  })
  afterAll(async () => {
    destroy()
    await stopAll()
  })
  afterEach(() => expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 }))

  it('a code sent through one process is read through another and logs in through a third', async () => {
    const phone = newPhone()
    const from = { 'x-forwarded-for': clientAddress() }
    expect((await api(servers[0], 'POST', 'Captcha/sendSmsCaptcha', { phone }, from)).body.code).toBe(1)
    const outbox = await api<{ list: Array<{ code: string }> }>(servers[1], 'GET', 'sandbox/smsOutbox', { phone }, { 'x-sandbox-key': servers[1].sandboxKey })
    expect(outbox.body.data.list).toHaveLength(1)
    const bound = await api<{ token: string }>(servers[2], 'POST', 'wechat/bind', { phone, code: outbox.body.data.list[0].code }, from)
    expect(bound.body.code).toBe(1)
    expect((await api(servers[0], 'GET', 'personal.user/info', {}, { 'access-token': bound.body.data.token })).body.code).toBe(1)
  })

  it(`the per-client SMS limit counts one client over every process: ${SMS_PER_CLIENT * 4} at once, ${SMS_PER_CLIENT} sent`, async () => {
    const from = { 'x-forwarded-for': clientAddress() }
    const answers = await Promise.all(Array.from({ length: SMS_PER_CLIENT * 4 }, (_, i) => api(servers[i % 3], 'POST', 'Captcha/sendSmsCaptcha', { phone: newPhone() }, from)))
    expect(stats.maxInFlight).toBeGreaterThan(3)
    expect(limitTally(answers)).toEqual({ '200 1 ok': SMS_PER_CLIENT, sms_too_frequent: SMS_PER_CLIENT * 3 })
    // Later, one by one through each process: still refused; another client is not held back.
    for (const server of servers) expect(limitTally([await api(server, 'POST', 'Captcha/sendSmsCaptcha', { phone: newPhone() }, from)])).toEqual({ sms_too_frequent: 1 })
    const other = { 'x-forwarded-for': clientAddress() }
    expect((await api(servers[2], 'POST', 'Captcha/sendSmsCaptcha', { phone: newPhone() }, other)).body.code).toBe(1)
  })
})

describe('three server processes on one file: one phone\'s code', () => {
  let servers: TestServerHandle[] = []
  let shared: SharedDatabase
  let stopAll = async () => {}
  const { api, stats, destroy } = httpClient(24)

  beforeAll(async () => {
    ;({ servers, db: shared, stop: stopAll } = await startProcesses(3, { label: 'code', env: ENV }))
  })

  /**
   * Holds the processes at the database: SQLite's write lock on the file (each waits in its IMMEDIATE transaction, so
   * whatever it reads, it reads after none of the others wrote); on PostgreSQL the login codes' and client limits'
   * tables locked against every access (each waits at its first statement; then all three transactions run at once,
   * and SERIALIZABLE keeps the check-then-write whole). The release function.
   */
  async function holdDatabase(): Promise<() => Promise<void>> {
    if (shared.databaseUrl) {
      const client = new pg.Client({ connectionString: shared.databaseUrl })
      await client.connect()
      await client.query('BEGIN')
      await client.query('LOCK TABLE sms_codes, client_limits IN ACCESS EXCLUSIVE MODE')
      return async () => {
        await client.query('COMMIT')
        await client.end()
      }
    }
    const lock = new Database(shared.dbPath)
    lock.prepare('BEGIN IMMEDIATE').run()
    return async () => {
      lock.prepare('COMMIT').run()
      lock.close()
    }
  }
  afterAll(async () => {
    destroy()
    await stopAll()
  })
  afterEach(() => expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 }))

  const arrived = (url: string) => servers.map((p) => p.output().split(`"url":"${url}"`).length - 1)
  /**
   * One request per process, all three arrived (each process logs "incoming request") while this test holds the
   * database's write lock: whatever a process reads before it writes, it reads before any of the others wrote — the
   * moment a check-then-write split over several statements lets all three through. Released once all have arrived, or
   * after 4 s whatever (within the processes' busy_timeout of 5 s). A round in which a process had not taken its request
   * by then (a loaded machine; issue 38) was not "at once": its answers are awaited and set aside, and the round is made
   * again from the start by `round` (new inputs each time), at most three rounds.
   */
  async function allAtOnce(url: string, round: () => Promise<(server: TestServerHandle) => Promise<Answer>>): Promise<Answer[]> {
    for (let attempt = 1; ; attempt++) {
      const send = await round()
      // The log is written asynchronously: a line still being written when a process blocks on the lock would hold up
      // the next one. So first every process's log has caught up (each request it took, answered in the log).
      const count = (text: string, what: string) => text.split(what).length - 1
      await waitFor('every process to have logged its answers', () => servers.every((p) => count(p.output(), '"msg":"incoming request"') === count(p.output(), '"msg":"request completed"')))
      const before = arrived(url)
      const release = await holdDatabase()
      let answers: Promise<Answer[]>
      let together = true
      try {
        answers = Promise.all(servers.map(send))
        try {
          await waitFor('one request in each process', () => arrived(url).every((n, i) => n > before[i]), 4000)
        } catch (error) {
          if (attempt >= 3) throw error
          together = false
        }
      } finally {
        await release()
      }
      const answered = await answers
      if (together) return answered
    }
  }

  it('sends for one phone at once in three processes: one code goes out, the others wait for the resend time', async () => {
    let phone = ''
    // Each from a client of its own: only the phone's resend wait can hold them back.
    const answers = await allAtOnce('/api/Captcha/sendSmsCaptcha', async () => {
      phone = newPhone()
      return (server) => api(server, 'POST', 'Captcha/sendSmsCaptcha', { phone }, { 'x-forwarded-for': clientAddress() })
    })
    expect(byReason(answers)).toEqual({ ok: 1, sms_resend_wait: 2 })
    const outbox = await api<{ list: Array<{ code: string }> }>(servers[0], 'GET', 'sandbox/smsOutbox', { phone }, { 'x-sandbox-key': servers[0].sandboxKey })
    expect(outbox.body.data.list).toHaveLength(1)
  })

  it(`wrong guesses of one code at once in three processes: ${SMS_MAX_ATTEMPTS} compared in all, then the code is spent`, async () => {
    let phone = ''
    let right = ''
    let guess = 0
    const wrong = () => String((Number(right) + 1 + guess++) % 1_000_000).padStart(6, '0')
    const answers = await allAtOnce('/api/wechat/bind', async () => {
      phone = newPhone()
      expect((await api(servers[0], 'POST', 'Captcha/sendSmsCaptcha', { phone }, { 'x-forwarded-for': clientAddress() })).body.code).toBe(1)
      const outbox = await api<{ list: Array<{ code: string }> }>(servers[1], 'GET', 'sandbox/smsOutbox', { phone }, { 'x-sandbox-key': servers[1].sandboxKey })
      right = outbox.body.data.list[0].code
      // All but one guess used, one by one; then the last one asked for by three processes at once.
      for (let i = 0; i < SMS_MAX_ATTEMPTS - 1; i++) expect(byReason([await api(servers[i % 3], 'POST', 'wechat/bind', { phone, code: wrong() })])).toEqual({ sms_code_wrong: 1 })
      return (server) => api(server, 'POST', 'wechat/bind', { phone, code: wrong() })
    })
    expect(byReason(answers)).toEqual({ sms_code_wrong: 1, sms_code_attempts: 2 })
    expect(byReason([await api(servers[2], 'POST', 'wechat/bind', { phone, code: right })])).toEqual({ sms_code_attempts: 1 })
  })
})

describe('WORKERS=3: one start, one port, several processes', () => {
  let server: TestServerHandle
  let shared: SharedDatabase | undefined
  // A new connection per request: the cluster's primary hands each to a worker in turn.
  const { api, stats, destroy } = httpClient(8, false)
  const whoAnswers = async () => (await api<{ pid: number }>(server, 'GET', 'sandbox/process', {}, { 'x-sandbox-key': server.sandboxKey })).body.data.pid
  /** The processes seen answering (bounded: 10 rounds of 3 at once, until 3 are seen). */
  const processesSeen = async () => {
    const pids = new Set<number>()
    for (let round = 0; round < 10 && pids.size < 3; round++) for (const pid of await Promise.all([whoAnswers(), whoAnswers(), whoAnswers()])) pids.add(pid)
    return pids
  }

  beforeAll(async () => {
    // Its own file (startTestServer's), or under TEST_DATABASE_URL a new PostgreSQL database the primary prepares once.
    shared = await sharedDatabase('')
    server = await startTestServer({ label: 'workers', env: { ...ENV, ...shared.env, WORKERS: '3' } })
  })
  afterAll(async () => {
    destroy()
    await server?.stop()
    await shared?.close()
  })
  afterEach(() => expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 }))

  it('the port is answered by several processes, each taking the one sandbox key the start printed', async () => {
    const pids = await processesSeen()
    expect(pids.size).toBeGreaterThanOrEqual(2)
    expect([...pids].every((pid) => Number.isInteger(pid) && pid > 0)).toBe(true)
  })

  it('a login works across them, and the per-client limit counts over all of them', async () => {
    // Across them: the requests below, each on a new connection, go round several processes.
    expect((await processesSeen()).size).toBeGreaterThanOrEqual(2)
    const from = { 'x-forwarded-for': clientAddress() }
    const phone = newPhone()
    expect((await api(server, 'POST', 'Captcha/sendSmsCaptcha', { phone }, from)).body.code).toBe(1)
    // The outbox read on several connections (several workers): each sees the code.
    const seen = await Promise.all(Array.from({ length: 4 }, () => api<{ list: Array<{ code: string }> }>(server, 'GET', 'sandbox/smsOutbox', { phone }, { 'x-sandbox-key': server.sandboxKey })))
    expect(seen.map((a) => a.body.data.list.length)).toEqual([1, 1, 1, 1])
    const bound = await api<{ token: string }>(server, 'POST', 'wechat/bind', { phone, code: seen[0].body.data.list[0].code }, from)
    expect(bound.body.code).toBe(1)
    const me = await Promise.all(Array.from({ length: 4 }, () => api(server, 'GET', 'personal.user/info', {}, { 'access-token': bound.body.data.token })))
    expect(me.map((a) => a.body.code)).toEqual([1, 1, 1, 1])

    const burst = { 'x-forwarded-for': clientAddress() }
    const answers = await Promise.all(Array.from({ length: SMS_PER_CLIENT * 3 }, () => api(server, 'POST', 'Captcha/sendSmsCaptcha', { phone: newPhone() }, burst)))
    expect(limitTally(answers)).toEqual({ '200 1 ok': SMS_PER_CLIENT, sms_too_frequent: SMS_PER_CLIENT * 2 })
  })

  it('a worker that dies is replaced: the port keeps answering, from a new process', async () => {
    const victim = await whoAnswers()
    process.kill(victim, 'SIGKILL')
    await waitFor('the primary to see the worker stop', () => server.output().includes(`Server process ${victim} stopped`))
    const deadline = Date.now() + 30_000
    const after = new Set<number>()
    // Polls (bounded by the deadline) until three different live processes have answered again, none of them the killed one.
    while (after.size < 3) {
      if (Date.now() > deadline) throw new Error(`no replacement worker within 30 s (answered by ${[...after].join(', ')})`)
      const pid = await whoAnswers()
      expect(pid).not.toBe(victim)
      after.add(pid)
    }
    expect(server.output()).toMatch(new RegExp(`Server process ${victim} stopped \\(signal SIGKILL\\): starting another`))
  })
})
