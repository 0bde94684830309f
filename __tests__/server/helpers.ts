import crypto from 'node:crypto'
import type { GoldPlanConfig } from '../../server/domain/pay/receipt'
import type { AlipayConfig } from '../../server/providers/alipay/config'
import { createAlipayProvider } from '../../server/providers/alipay/provider'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildApp, type AppOptions } from '../../server/http/app'
import { hashToken } from '../../server/domain/account'
import type { TakeoutTemplates } from '../../server/domain/takeout/subscriptions'
import type { ParcelTracker } from '../../server/providers/carrier/types'
import type { SmsConfig } from '../../server/providers/sms/config'
import type { TencentSenderOptions } from '../../server/providers/sms/tencent'
import type { WechatConfig } from '../../server/providers/wechat/config'
import type { WechatApiOptions } from '../../server/providers/wechat/api'
import { nowMs } from '../../server/time'
import { freshPgDatabase } from './pg'
import { CompiledQuery } from 'kysely'
import type { Storage } from '../../server/storage/engine'
import { numberPlaceholders } from '../../server/storage/query'
import { openDatabase, type DB } from '../../server/storage/db'

/** A value a test binds to a `?` of its SQL text. */
export type SqlParam = string | number | bigint | Buffer | null

/**
 * A test's own reads and writes of rows, through the storage seam (`app.storage`, server/storage/engine.ts) instead of
 * better-sqlite3's handle, so the same test runs on SQLite and on PostgreSQL (issue 28). The text is plain SQL with `?`
 * placeholders (numbered `$1, $2 …` for PostgreSQL here); write it portably — no SQLite-only functions (`julianday`,
 * `datetime`, …), booleans as 1/0, `INSERT … RETURNING id` for a new row's id, `CAST(SUM(…) AS BIGINT)` (PostgreSQL's SUM of
 * a bigint is a numeric, a string in JS). Async, like the seam.
 *
 * While the server is half moved (the "hybrid": TEST_DATABASE_URL set), PostgreSQL holds only the verticals already on
 * the seam; a test of a table still written on SQLite runs on SQLite only (no `@postgres` mark) until its vertical moves.
 */
export interface Rows {
  /** Every row the query returns. */
  rows: <T = Record<string, unknown>>(text: string, ...params: SqlParam[]) => Promise<T[]>
  /** The query's first row; throws when there is none (ask `rows` to see that a row is absent). */
  row: <T = Record<string, unknown>>(text: string, ...params: SqlParam[]) => Promise<T>
  /** A statement without rows: how many rows it changed. */
  run: (text: string, ...params: SqlParam[]) => Promise<{ changes: number }>
}

/** SQLite's handle of a server on SQLite (a test of SQLite's own file, pragmas or faults); throws on PostgreSQL. */
export function sqliteOf(app: FastifyInstance): DB {
  if (!app.db) throw new Error('this server runs on PostgreSQL: it opens no SQLite file (start it with { sqlite: true })')
  return app.db
}

/** Rows (above) of a storage: a test server's `app.storage`, or another server's the test built itself. */
export function rowsOf(storage: Storage): Rows {
  const query = (text: string, params: SqlParam[]) =>
    storage.db.executeQuery(CompiledQuery.raw(storage.engine === 'postgres' ? numberPlaceholders(text) : text, params))
  return {
    rows: async <T,>(text: string, ...params: SqlParam[]) => (await query(text, params)).rows as T[],
    row: async <T,>(text: string, ...params: SqlParam[]) => {
      const [first] = (await query(text, params)).rows
      if (first === undefined) throw new Error(`no row: ${text}`)
      return first as T
    },
    run: async (text, ...params) => ({ changes: Number((await query(text, params)).numAffectedRows ?? 0) }),
  }
}

export interface TestServer extends Rows {
  app: FastifyInstance
  dir: string
  /**
   * The PostgreSQL database the server runs on (TEST_DATABASE_URL), null on SQLite (the file `${dir}/test.sqlite`): for a
   * test that starts another process or app on the same database.
   */
  databaseUrl: string | null
  /** The environment another process needs to open this server's database (DATABASE_URL, else DB_PATH). */
  databaseEnv: Record<string, string>
  call: <T = unknown>(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, token?: string) => Promise<{ status: number; body: { code: number; msg: string; data: T } }>
  login: (phone: string, extra?: Record<string, unknown>) => Promise<{ token: string; userId: number }>
  quickUser: (phone: string) => Promise<{ token: string; userId: number }>
  /** A picture this user uploaded (a row as index/uploadPic stores it): its `/uploads/<id>.<ext>` address. */
  picture: (userId: number, ext?: 'jpg' | 'png') => Promise<string>
  /**
   * Makes the pictures a payload names (`/uploads/<id>.<ext>` fields) uploads of the token's user — as the sign-up
   * screen uploads its photos before it submits — so a test may use fixed addresses.
   */
  uploadedBy: (token: string, payload: Record<string, unknown>) => Promise<void>
  close: () => Promise<void>
}

/**
 * Holds the server's clock (server/time.ts nowMs: real time plus CLOCK_AT's or the sandbox's offset) at `ms` until the
 * spy is restored (jest.restoreAllMocks / mockRestore): the real clock under it is mocked to `ms` minus the offset, so a
 * test reads the moment it names whatever moment the suite runs at (npm run test:clock).
 */
export function holdServerClock(ms: number): jest.SpyInstance<number, []> {
  // One reading of the real clock: the offset is nowMs() less the very instant it read. Two readings (`nowMs() -
  // Date.now()`) straddle a millisecond on a loaded machine, and the held clock then reads `ms + 1` — one millisecond
  // before a session's start read as the start (issue 38). Held already (a second call): the held reading, the same way.
  const real = Date.now()
  const spy = jest.spyOn(Date, 'now').mockReturnValue(real)
  const offset = nowMs() - real
  return spy.mockReturnValue(ms - offset)
}

export const SECRET = 'test-secret'
export const SANDBOX_KEY = 'test-sandbox-key'

export interface ServerOptions {
  /** On SQLite whatever TEST_DATABASE_URL says: a test of SQLite's file itself (its copy into PostgreSQL, its locks). */
  sqlite?: boolean
  /** Routes of the test's own, registered before the server is ready (a ready Fastify takes no more). */
  extraRoutes?: (app: FastifyInstance) => Promise<unknown> | unknown
  staticDir?: string
  /** false: as `NODE_ENV=production` runs it (no sandbox helpers, no WeChat stand-ins, no provider). */
  sandbox?: boolean
  /**
   * The demo data (default here: yes, also with `sandbox: false`, so a test of production's refusals has shops to order
   * from). A production start as `npm start` makes it holds none: __tests__/server/production.test.ts.
   */
  demoData?: boolean
  /** Where parcels' tracking comes from (default: the sandbox's carrier with the sandbox, none without; server/providers/carrier). */
  parcelTracker?: ParcelTracker
  /** Login codes one client may ask for in 10 minutes (default here: high, so tests can log in freely). */
  smsPerClient?: number
  /** Subscription-message template ids of takeout moves (server/http/config.ts TAKEOUT_TEMPLATE_*; default none). */
  takeoutTemplates?: TakeoutTemplates
  /** The discount-day reminder's template id (server/http/config.ts DISCOUNT_DAY_TEMPLATE; default none). */
  discountDayTemplate?: string | null
  /** The receipt in WeChat Pay's frame (server/domain/pay/receipt.ts GoldPlanConfig; default WeChat Pay's origin, the sandbox's link). */
  goldplan?: GoldPlanConfig
  /** Real payment providers (server/providers/pay/registry.ts): a double of one, or one pointed at a provider's double; default none (the sandbox pays). */
  payments?: AppOptions['payments']
  /** Alipay (server/providers/alipay/config.ts; the tests' double: __tests__/doubles/alipay.ts); default none. */
  alipay?: AlipayConfig | null
  /** The real SMS sender (issue 40: a double's `readSmsConfig(double.env())`) and its tries; default the sandbox's, or none. */
  sms?: SmsConfig | null
  smsOptions?: TencentSenderOptions
  /** Login codes one client may ask for in a day (default here: high). */
  smsPerClientDay?: number
  /** WeChat's real API (issue 40: a double's `readWechatConfig(double.env())`) and its waits; default the sandbox's stand-ins, or none. */
  wechat?: WechatConfig | null
  wechatOptions?: WechatApiOptions
  /** The server's log, written here (a test that reads what was logged). */
  logStream?: NodeJS.WritableStream
  /**
   * The housekeeping sweep's interval after its run at the start. Default here: an hour, so it never runs in the middle
   * of a test (the server's own default, 60 s, ran it beside a test that pruned sessions itself and counted what it
   * pruned: 0, not 1, a stress run at load ~13). A test of the sweep calls the sandbox's housekeeping or sets this.
   */
  sweepMs?: number
}

/**
 * An empty SQLite file at the schema's latest version, made once per test process (its folder removed when the process
 * ends): each SQLite test server starts on a copy of it, so the migrations' DDL runs once, not once per server (~70 ms of
 * CPU each, most of a test server's start on SQLite). Nothing in it depends on the clock or on a test: the server seeds
 * its copy at its start as on a new file (server/demo/prepare.ts), at the clock the test set.
 */
let schemaFile: string | null = null
function migratedSchemaFile(): string {
  if (schemaFile && fs.existsSync(schemaFile)) return schemaFile
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-schema-'))
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'schema.sqlite')
  // Closed: its write-ahead log checkpointed into the file and removed, so the file alone is the whole database.
  openDatabase(file).close()
  schemaFile = file
  return file
}

export async function startServer(options: ServerOptions | string = {}): Promise<TestServer> {
  const opts = typeof options === 'string' ? { staticDir: options } : options
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-server-'))
  // TEST_DATABASE_URL (a PostgreSQL cluster, scripts/pg.mjs): the server runs on a database of it (a closed server's,
  // emptied, else a new one: __tests__/server/pg.ts), as DATABASE_URL runs it: migrated and seeded at the start, through
  // the storage layer as on SQLite (server/demo/prepare.ts).
  const pgdb = process.env.TEST_DATABASE_URL && !opts.sqlite ? await freshPgDatabase(process.env.TEST_DATABASE_URL, { reuse: true }) : null
  const dbPath = path.join(dir, 'test.sqlite')
  // SQLite: a copy of a file migrated once per process, instead of migrating a new one from nothing at every start (~40–50
  // ms of a test server's CPU). PostgreSQL opens no SQLite file.
  if (!pgdb) fs.copyFileSync(migratedSchemaFile(), dbPath)
  const app = await buildApp({
    databaseUrl: pgdb?.url,
    dbPath,
    staticDir: opts.staticDir,
    sandbox: opts.sandbox ?? true,
    demoData: opts.demoData ?? true,
    parcelTracker: opts.parcelTracker,
    sandboxKey: SANDBOX_KEY,
    paySecret: SECRET,
    smsPerClient: opts.smsPerClient ?? 1000,
    takeoutTemplates: opts.takeoutTemplates,
    discountDayTemplate: opts.discountDayTemplate,
    goldplan: opts.goldplan,
    payments: opts.alipay ? { ...opts.payments, alipay: createAlipayProvider(opts.alipay) } : opts.payments,
    sms: opts.sms,
    smsOptions: opts.smsOptions,
    smsPerClientDay: opts.smsPerClientDay ?? 10_000,
    wechat: opts.wechat,
    wechatOptions: opts.wechatOptions,
    logStream: opts.logStream,
    sweepMs: opts.sweepMs ?? 3_600_000,
  })
  if (opts.extraRoutes) await opts.extraRoutes(app)
  await app.ready()
  // The sweep runs once at the start (issue 42). On PostgreSQL its queries could still be running while a test's first
  // steps made an order past due — it then closed that trade in the middle of the test (shopperReads.test on PostgreSQL,
  // a fresh-clone run). The server is handed over once that run has ended, as it is in a process that has been up a moment.
  await app.health.firstSweepEnded()
  const call: TestServer['call'] = async (method, url, payload = {}, token) => {
    const headers: Record<string, string> = { 'access-token': token ?? '', 'access-origin': '' }
    if (url.startsWith('sandbox/')) headers['x-sandbox-key'] = SANDBOX_KEY
    const opts: InjectOptions = { method, url: `/api/${url}`, headers }
    if (method === 'GET') opts.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
    else opts.payload = payload
    const res = await app.inject(opts)
    return { status: res.statusCode, body: res.json() }
  }
  const login: TestServer['login'] = async (phone, extra = {}) => {
    await call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const outbox = await call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })
    const res = await call<{ token: string; user: { id: number } }>('POST', 'wechat/bind', { phone, code: outbox.body.data.list[0].code, ...extra })
    if (res.body.code !== 1) throw new Error(`bind failed: ${res.body.msg}`)
    return { token: res.body.data.token, userId: res.body.data.user.id }
  }
  // Many shoppers at once (load tests) without going through SMS limits; written through the server's own storage
  // (app.q: SQLite's file or PostgreSQL), as the server writes them.
  const q = app.q
  let n = 0
  const quickUser: TestServer['quickUser'] = async (phone) => {
    const userId = await q.insert("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')", phone, `u${phone.slice(-4)}`)
    const token = `quick-${phone}-${n++}`
    await q.run('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)', hashToken(token), userId, nowMs() + 3_600_000)
    return { token, userId }
  }
  const picture: TestServer['picture'] = async (userId, ext = 'jpg') => {
    const publicId = crypto.randomBytes(16).toString('base64url')
    await q.run(
      "INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'photo', ?, ?, '2026-01-01 00:00:00', ?, 1)",
      userId,
      ext === 'png' ? 'image/png' : 'image/jpeg',
      Buffer.from('picture'),
      publicId,
    )
    return `/uploads/${publicId}.${ext}`
  }
  const uploadedBy: TestServer['uploadedBy'] = async (token, payload) => {
    const owner = await q.get<{ user_id: number }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(token))
    if (!owner) return
    for (const value of Object.values(payload)) {
      const m = typeof value === 'string' ? /^\/uploads\/([A-Za-z0-9_-]{22})\.(jpg|png)$/.exec(value) : null
      if (!m) continue
      await q.run(
        "INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'photo', ?, ?, '2026-01-01 00:00:00', ?, 1) ON CONFLICT(public_id) DO UPDATE SET user_id = excluded.user_id",
        owner.user_id,
        m[2] === 'png' ? 'image/png' : 'image/jpeg',
        Buffer.from('picture'),
        m[1],
      )
    }
  }
  return {
    app,
    dir,
    databaseUrl: pgdb?.url ?? null,
    databaseEnv: pgdb ? { DATABASE_URL: pgdb.url } : { DB_PATH: dbPath },
    ...rowsOf(app.storage),
    call,
    login,
    quickUser,
    picture,
    uploadedBy,
    close: async () => {
      await app.close()
      await pgdb?.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
