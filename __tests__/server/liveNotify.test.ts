/**
 * Live takeout status on PostgreSQL through LISTEN/NOTIFY (issue 42; server/http/routes/takeoutLive.ts,
 * server/storage/listen.ts, server/storage/migrations/0042_live_notify.postgres.sql), against two server processes started as `npm start`
 * starts them on one database:
 *
 *   1. a change made through one process (the shopper cancels a paid takeout order) reaches the order's stream open on
 *      the other, and each process holds one LISTEN connection of its own (`ocp-live` in pg_stat_activity);
 *   2. the LISTEN connection of the stream's process is ended (pg_terminate_backend, as a restart or a failover does), a
 *      change is made while it is away (notifications sent then are lost), and the stream still tells it: the process
 *      connects again and reads again. Its log says so, and so do its metrics (ocp_live_listening,
 *      ocp_live_notifications_total, ocp_live_listen_failures_total on process a's METRICS_PORT).
 *
 * Only PostgreSQL's tier (TEST_DATABASE_URL) runs it. The waits are bounds on a hang (HANG_MS), nothing measured.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import { hashToken } from '../../server/domain/account'
import { nowMs } from '../../server/time'
import { TAKEOUT_WATCH } from '../../src/contract/takeoutEndpoints'
import { freePort, httpClient, scrapeMetrics, startProcesses, waitFor, type TestServerHandle } from './processes'

const HANG_MS = 15_000
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip

interface Line {
  code: number
  reason?: string
  data: { type: string; changed_at?: string | null; ids?: number[] } | null
}
interface Stream {
  lines: Line[]
  ended: boolean
  close: () => void
}

/** The shopper's stream of one order over a real socket, line by line (as the order page holds it). */
function watch(server: TestServerHandle, orderId: number, token: string): Stream {
  const s: Stream = { lines: [], ended: false, close: () => undefined }
  let buffer = ''
  const req = http.get(`${server.base}/api/${TAKEOUT_WATCH.order}?id=${orderId}`, { headers: { 'access-token': token } }, (res) => {
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      buffer += chunk
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl).trim()
        buffer = buffer.slice(nl + 1)
        if (line) s.lines.push(JSON.parse(line) as Line)
      }
    })
    res.on('close', () => (s.ended = true))
  })
  req.on('error', () => (s.ended = true))
  s.close = () => req.destroy()
  return s
}

run('live changes on PostgreSQL: LISTEN/NOTIFY across processes', () => {
  let procs: Awaited<ReturnType<typeof startProcesses>>
  const streams: Stream[] = []
  const { api, destroy } = httpClient(8)
  let token = ''
  let userId = 0
  let metricsPort = 0
  /** Process a's live-change metrics. */
  const feedMetrics = async () => {
    const { text } = await scrapeMetrics(metricsPort)
    const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? -1)
    return { listening: read('ocp_live_listening'), notifications: read('ocp_live_notifications_total'), failures: read('ocp_live_listen_failures_total') }
  }

  beforeAll(async () => {
    metricsPort = await freePort()
    procs = await startProcesses(2, { label: 'livenotify', env: { WORKERS: '1', SWEEP_MS: '3600000' }, envOf: (i): Record<string, string> => (i === 0 ? { METRICS_PORT: String(metricsPort) } : {}) })
    const q = procs.db.q()
    userId = await q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES ('13600420001', 'live', '', '2026-01-01 00:00:00')")
    token = crypto.randomBytes(16).toString('hex')
    await q.run('INSERT INTO tokens (hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000, nowMs(), nowMs())
  }, 120_000)
  afterAll(async () => {
    for (const s of streams) s.close()
    destroy()
    await procs?.stop()
  })

  /** A takeout order of shop 1, paid (nothing attached to refund: a cancel refunds it at once, 10 → 60 → 70). */
  async function paidTakeout(n: number): Promise<number> {
    const q = procs.db.q()
    const at = nowMs()
    const id = await q.insert(
      `INSERT INTO orders (order_no, user_id, kind, title, shop_id, quantity, status, original_amount, discount_amount, member_discount_amount, coupon_amount, fee_amount, pay_amount, client_request_id, detail, verify_code, create_time, expire_at)
       VALUES (?, ?, 'takeout', 'live', 1, 1, 10, 1000, 0, 0, 0, 0, 1000, ?, '{}', ?, '2026-01-01 00:00:00', ?)`,
      `LIVE${n}`,
      userId,
      `live-${n}`,
      `70000000000${n}`,
      at + 3_600_000,
    )
    await q.run("INSERT INTO takeout_orders (order_id, shop_id, mode, promised_at, updated_at) VALUES (?, 1, 'pickup', '2026-01-01 12:00:00', ?)", id, at)
    return id
  }
  /** The LISTEN backends: one per process once a stream has been opened there. */
  const listeners = async () => (await procs.db.q().all<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'ocp-live' AND datname = current_database()")).map((r) => Number(r.pid))

  async function openedOn(server: TestServerHandle, orderId: number): Promise<Stream> {
    const s = watch(server, orderId, token)
    streams.push(s)
    await waitFor('the hello line', () => s.lines.some((l) => l.data?.type === 'hello') || s.ended, HANG_MS)
    expect(s.lines[0]).toMatchObject({ code: 1, data: { type: 'hello' } })
    return s
  }
  const cancelOn = async (server: TestServerHandle, id: number) => expect((await api(server, 'POST', 'personal.takeout/cancel', { id }, { 'access-token': token })).body).toMatchObject({ code: 1 })
  const changeOf = (s: Stream) => s.lines.find((l) => l.data?.type === 'change')

  it('a change made through one process reaches the stream open on the other; each process listens on one connection of its own', async () => {
    const [a, b] = procs.servers
    const id = await paidTakeout(1)
    // Before any stream, process a does not listen: the connection opens with its first stream.
    expect(await feedMetrics()).toEqual({ listening: 0, notifications: 0, failures: 0 })
    const stream = await openedOn(a, id)
    // Open one on b too, so that both processes listen.
    const other = await openedOn(b, await paidTakeout(2))
    await waitFor('both processes to LISTEN', async () => (await listeners()).length === 2, HANG_MS)

    await cancelOn(b, id)
    await waitFor('the change on the stream of the other process', () => changeOf(stream) !== undefined, HANG_MS)
    // Refunded at once (nothing was paid to a provider): the status it settled in, then the end — it will not move again.
    expect(changeOf(stream)).toMatchObject({ data: { type: 'change', ids: [id], changed_at: expect.stringMatching(/:70$/) } })
    await waitFor('the settled order’s stream to end', () => stream.ended, HANG_MS)
    expect(stream.lines[stream.lines.length - 1]).toMatchObject({ data: { type: 'end' } })
    other.close()
    // Its metrics: listening, the cancel's notifications heard (made on b, heard on a), no loss.
    const m = await feedMetrics()
    expect(m).toMatchObject({ listening: 1, failures: 0 })
    expect(m.notifications).toBeGreaterThanOrEqual(1)
  })

  it('the LISTEN connection ended: a change made while it was away still reaches the stream (read again on reconnect)', async () => {
    const [a] = procs.servers
    const id = await paidTakeout(3)
    const stream = await openedOn(a, id)
    await waitFor('the processes to LISTEN', async () => (await listeners()).length === 2, HANG_MS)
    const before = await listeners()
    // The change and the end of every LISTEN connection in one transaction: the backends are gone (the call waits for
    // them, up to 5 s) before it commits, so its notification finds nobody listening and is lost — as one sent during a
    // restart is. Only the read on reconnect can tell it.
    await procs.db.q().transaction('read committed', async (t) => {
      await t.run('UPDATE orders SET status = 60 WHERE id = ?', id)
      for (const pid of before) expect(await t.value('SELECT pg_terminate_backend(CAST(? AS integer), 5000)', pid)).toBe(true)
    })
    await waitFor('the loss in the log', () => /the LISTEN connection to PostgreSQL was lost/.test(a.output()), HANG_MS)
    await waitFor('the change to reach the stream after the reconnect', () => changeOf(stream) !== undefined, HANG_MS)
    expect(changeOf(stream)).toMatchObject({ data: { type: 'change', ids: [id], changed_at: expect.stringMatching(/:60$/) } })
    await waitFor('the reconnect in the log', () => /listening on PostgreSQL again/.test(a.output()), HANG_MS)
    expect(a.output()).toMatch(/connecting again in \d+ ms/)
    await waitFor('both to LISTEN again', async () => (await listeners()).length === 2, HANG_MS)
    expect((await listeners()).filter((pid) => before.includes(pid))).toEqual([])
    expect(stream.ended).toBe(false)
    // The loss counted; listening again.
    await waitFor('the metrics to show it listening again', async () => (await feedMetrics()).listening === 1, HANG_MS)
    expect((await feedMetrics()).failures).toBeGreaterThanOrEqual(1)
  })
})
