import crypto from 'node:crypto'
import fastifyCompress from '@fastify/compress'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { CODE } from '../../src/contract/envelope'
import { isReason, reasonText, type Reason, type ReasonParams } from '../../src/contract/reasons'
import type { DB } from '../storage/db'
import { SCHEMA_VERSION } from '../storage/history'
import type { Storage } from '../storage/engine'
import { openDatabaseOf, type Q } from '../storage/query'
import { databaseFault, RETRY_AFTER_S, waitForDatabase } from '../storage/faults'
import { createHealth, healthRoutes, type Health } from './health'
import { databaseFaults, recordMetrics, sweepRuns } from './metrics'
import { schemaVersion } from '../storage/migrate'
import { BizError, fail, failWith } from './envelope'
import { langOf, named } from '../domain/names'
import { cancelExpired } from '../domain/orders'
import { retryPendingRefunds } from '../domain/pay/pay'
import { runDueCalls } from '../domain/pay/outbox'
import { createSandboxProvider, createUnconfiguredProvider, type SandboxProvider } from '../providers/pay/sandbox'
import { createPaymentProviders, type PaymentProviders } from '../providers/pay/registry'
import type { PaymentProvider } from '../providers/pay/types'
import type { WechatPay } from '../providers/wechatpay/wechatpay'
import { notifyRoutes } from './routes/notify'
import { pruneSessions } from './routes/account'
import { pruneTillChecks } from '../domain/store/tillChecks'
import { pruneJobContacts } from '../domain/jobs'
import { retryLogFlush } from '../domain/erasure'
import { accountRoutes } from './routes/account'
import { addressRoutes } from './routes/address'
import { memberRoutes } from './routes/member'
import { fuelRoutes } from './routes/fuel'
import { orderRoutes } from './routes/order'
import { sandboxRoutes } from './routes/sandbox'
import { seckillRoutes } from './routes/seckill'
import { mallRoutes } from './routes/mall'
import { cartRoutes } from './routes/cart'
import { logisticsRoutes } from './routes/logistics'
import { sweepParcels } from '../domain/shipping'
import { storeRoutes } from './routes/store'
import { takeoutRoutes } from './routes/takeout'
import { subscriptionRoutes } from './routes/subscriptions'
import { discountDayRoutes } from './routes/discountDay'
import { sendDueReminders } from '../domain/discountDay/discountDay'
import { DEFAULT_GOLDPLAN, type GoldPlanConfig } from '../domain/pay/receipt'
import { receiptRoutes } from './routes/receipt'
import { referralRoutes } from './routes/referral'
import { alipayRoutes } from './routes/alipay'
import type { AlipayProvider } from '../providers/alipay/provider'
import { setReferralSecret, settleReferrals } from '../domain/referral'
import { NO_TEMPLATES, type TakeoutTemplates } from '../domain/takeout/subscriptions'
import { takeoutLive, type LiveOptions } from './routes/takeoutLive'
import { autoDeliverTakeout, autoRefuseTakeout } from '../domain/takeout/takeout'
import { TAKEOUT_ACCEPT_MINUTES_DEFAULT } from '../../src/contract/takeoutEndpoints'
import { siteRoutes } from './routes/site'
import { uploadRoutes } from './routes/upload'
import { finishReadingBeforeAnswering } from './drain'
import { addDistanceFunction } from '../storage/repo/shops'
import { cacheSessions, SESSION_CACHE_MS_DEFAULT, SESSION_CACHE_MS_MAX } from '../storage/repo/users'
import { assetRoutes } from '../demo/assets'
import { createSandbox } from '../sandbox/sandbox'
import type { SmsConfig } from '../providers/sms/config'
import type { SmsSender } from '../providers/sms/types'
import { noSmsSender, sandboxSmsSender } from '../providers/sms/sandbox'
import { tencentSmsSender, type TencentSenderOptions } from '../providers/sms/tencent'
import type { WechatConfig } from '../providers/wechat/config'
import type { TokenStore, WechatServices } from '../providers/wechat/types'
import { wechatApi, type WechatApiOptions } from '../providers/wechat/api'
import { sandboxWechat } from '../providers/wechat/sandbox'
import type { ProviderLog } from '../providers/log'
import * as wechatRepo from '../storage/repo/wechat'
import { sendDueMessages, takeWaiting, type MessageSender } from '../domain/messages'
import { clientLimitStore } from './clientLimits'
import type { ParcelTracker } from '../providers/carrier/types'
import { sandboxTracker } from '../providers/carrier/sandbox'
import { noTracker } from '../providers/carrier/none'
import { jobRoutes } from './routes/jobs'
import { merchantRoutes } from './routes/merchant'
import { consoleRoutes } from './routes/console'
import { consoleFinanceRoutes } from './routes/consoleFinance'
import { consoleDaysRoutes } from './routes/consoleDays'
import { consoleReviewRoutes } from './routes/consoleReview'
import { consoleHomeRoutes } from './routes/consoleHome'
import { consoleMallRoutes } from './routes/consoleMall'
// ——— f45-fuel ———
import { consoleFuelRoutes } from './routes/consoleFuel'
import { consoleRoutes as consolePages } from '../hosting/console'
import { pruneOperatorSessions } from '../domain/console/accounts'
import { staffRoutes } from './routes/staff'
import { shopProfileRoutes } from './routes/shopProfile'
import { storeShopRoutes } from './routes/storeShop'
import { staticRoutes } from '../hosting/static'
import { apiCacheHeaders, apiHeaders, documentHeaders } from './security'
import { autoApproveRefunds } from '../domain/store/store'
import { attachClock, CLOCK_FRESH_MS, clockHeaders } from '../time'
import { clockSource } from '../storage/repo/settings'
import { prepareDatabase } from '../demo/prepare'
import { scopeNamed } from './scope'

export interface AppOptions {
  /** SQLite's file (created and migrated when missing). Not opened with `databaseUrl`: PostgreSQL holds every row. */
  dbPath: string
  staticDir?: string
  logger?: boolean
  /** Where the log goes instead of stdout (a test that reads what the server logged). */
  logStream?: NodeJS.WritableStream
  sandbox?: boolean
  /** Sandbox helpers answer only with this key (X-Sandbox-Key); random when not given. */
  sandboxKey?: string
  /** Keys the hashes of phones the referral contest counted (REFERRAL_SECRET); else a random key kept in the database's settings. */
  referralSecret?: string
  /** Signs the payment notifications (server/http/config.ts: PAY_NOTIFY_SECRET); random when not given. */
  paySecret?: string
  /** Login codes one client may ask for in 10 minutes (default 5). */
  smsPerClient?: number
  /** … and in a day, over all phones (SMS_PER_CLIENT_DAY; default 50). */
  smsPerClientDay?: number
  /**
   * The SMS sender (server/providers/sms/config.ts readSmsConfig: SMS_PROVIDER, TENCENT_SMS_*). Absent or null: the sandbox's
   * (the outbox and the log) in the sandbox, none outside it (codes refused with sms_not_configured).
   */
  sms?: SmsConfig | null
  /** The real sender's tries and time limit (tests shorten them). */
  smsOptions?: TencentSenderOptions
  /**
   * WeChat login and server API (server/providers/wechat/config.ts readWechatConfig: WX_MP_*, WX_GZH_*, WX_API_BASE …). Each
   * app configured uses WeChat; one that is not, the sandbox's stand-in in the sandbox, nothing outside it.
   */
  wechat?: WechatConfig | null
  /** The WeChat client's time limit and waits (tests shorten them). */
  wechatOptions?: WechatApiOptions
  trustProxy?: boolean | string | number
  /** Unanswered refund requests are approved automatically after this many hours (default 48). */
  refundAutoApproveHours?: number
  /** Housekeeping sweep interval in ms (default 60000). */
  sweepMs?: number
  /** How long this process keeps a session it looked up, ms (server/http/config.ts SESSION_CACHE_MS; default 1000, 0 = off). */
  sessionCacheMs?: number
  /** A paid takeout order not accepted within this many minutes is refused and refunded by the sweep (default 5). */
  takeoutAcceptMinutes?: number
  /** Subscription-message template ids of takeout moves (server/http/config.ts TAKEOUT_TEMPLATE_*); none: the app asks for nothing. */
  takeoutTemplates?: TakeoutTemplates
  /** The discount-day reminder's subscription-message template id (server/http/config.ts DISCOUNT_DAY_TEMPLATE); none: the sandbox records without asking. */
  discountDayTemplate?: string | null
  /** The receipt in WeChat Pay's frame (server/http/config.ts GOLDPLAN_*, WXPAY_SUB_MCH_ID; server/domain/pay/receipt.ts). */
  goldplan?: GoldPlanConfig
  /** Real payment providers built from the configuration (server/providers/wechatpay, server/providers/alipay); none: the sandbox pays, or nobody. */
  payments?: { wechatpay?: WechatPay | PaymentProvider | null; alipay?: AlipayProvider | PaymentProvider | null }
  /** Takeout live status streams: lifetime, heartbeat, check interval, bounds (server/http/routes/takeoutLive.ts; defaults in the contract). */
  live?: LiveOptions
  /**
   * DATABASE_URL: a postgres://… URL runs the server on PostgreSQL (migrated and seeded at start, as SQLite is:
   * server/demo/prepare.ts). Absent: the SQLite file `dbPath`.
   */
  databaseUrl?: string
  /**
   * The demo shops, products, accounts … (server/demo/seed.ts; server/http/config.ts DEMO_DATA). Default: with the sandbox.
   * Without, the database holds the reference data (server/storage/reference.ts) and what is created in it.
   */
  demoData?: boolean
  /** Where parcels' tracking comes from (server/providers/carrier/): default the sandbox's made-up carrier in the sandbox, none outside it. */
  parcelTracker?: ParcelTracker
  /** The operator's console build (issue 45): served at /console/ when this folder holds its index.html (default dist-console). */
  consoleDir?: string
  /** Record Prometheus metrics (server/http/metrics.ts; METRICS_PORT set): off by default, a hook on every answer. */
  metrics?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** SQLite's handle (server/storage/db.ts); null on PostgreSQL, which opens no SQLite file. */
    db: DB | null
    /** The core's storage (server/storage/query.ts). */
    q: Q
    /** The sandbox provider (or, outside the sandbox, its unconfigured stand-in): what it was asked, for the tests. */
    payProvider: SandboxProvider
    /** The payment providers of this start (server/providers/pay/registry.ts): what the domain asks. */
    payProviders: PaymentProviders
    /** Where parcels' tracking comes from (server/providers/carrier/types.ts). */
    parcelTracker: ParcelTracker
    /** WeChat's services as this server has them (server/providers/wechat/types.ts). */
    wechat: WechatServices
    /** The SMS sender (server/providers/sms/types.ts). */
    sms: SmsSender
    /** The storage seam (server/storage/engine.ts): tests read the moved verticals' rows through it on either engine. */
    storage: Storage
    /** Liveness and readiness (server/http/health.ts): the start, the sweep and SIGTERM tell it what holds. */
    health: Health
  }
}

const SWEEP_MS = 60_000

const isApiUrl = (url: string | undefined) => !!url && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))

/** An envelope that refuses (code 0 or -1) with words for the shopper. */
const isRefusal = (payload: unknown): payload is { code: number; msg: string; reason?: unknown; params?: ReasonParams } =>
  typeof payload === 'object' && payload !== null && typeof (payload as { code?: unknown }).code === 'number' && (payload as { code: number }).code !== CODE.OK && typeof (payload as { msg?: unknown }).msg === 'string'

/**
 * Routes that read multipart bodies, in a scope of their own with @fastify/multipart (today the picture upload): the
 * plugin's hooks run only there (docs/performance.md "The hot path"); a multipart body elsewhere is unsupported_media_type.
 */
export const withMultipart = (app: FastifyInstance, routes: (scope: FastifyInstance) => void) =>
  app.register(
    scopeNamed('multipart routes', async (scope: FastifyInstance) => {
      await scope.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } })
      routes(scope)
    }),
  )

/** The reference API (and, with staticDir, the H5 app) — not listening; main.ts listens. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logStream
      ? { level: 'info', redact: ['req.headers["access-token"]', 'req.headers["operator-token"]'], stream: opts.logStream }
      : opts.logger
        ? { level: 'info', redact: ['req.headers["access-token"]', 'req.headers["operator-token"]'] }
        : false,
    bodyLimit: 256 * 1024,
    // Stopping (SIGTERM, server/main.ts): a request that arrives on a connection already open is served — its answer
    // says Connection: close (the hook below) — rather than Fastify's bare 503 text; new connections are not taken.
    return503OnClosing: false,
    // A hop count is valid for Fastify (proxy-addr) though its types list only strings and booleans.
    trustProxy: (opts.trustProxy ?? false) as boolean | string,
    // "/api" itself is under /api too: routed as "/api/", it gets the envelope 404 instead of the H5 app.
    rewriteUrl: (req) => (req.url === '/api' || req.url?.startsWith('/api?') ? `/api/${req.url.slice(4)}` : (req.url ?? '/')),
    // A URL Fastify cannot decode ("/api/%") or a path parameter over 100 characters: the envelope, not
    // Fastify's bare {"code":"FST_ERR_BAD_URL"}. Under /api bad input is HTTP 200 code 0, as everywhere.
    frameworkErrors: (err, req, res) => {
      // (Fastify types this reply with generics that admit no status code.)
      const reply = res as unknown as { code: (status: number) => { send: (payload: unknown) => unknown }; headers: (h: Record<string, string>) => unknown }
      const api = isApiUrl(req.raw.url)
      // These answers skip the onSend hooks: the clock and cache headers (server/http/security.ts) are set here.
      if (api) reply.headers({ ...clockHeaders(), ...apiCacheHeaders() })
      if (err.code === 'FST_ERR_BAD_URL') return reply.code(api ? 200 : 400).send(fail('bad_url'))
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(api ? 200 : 404).send(fail('url_too_long'))
      req.log.error({ code: err.code }, 'framework error')
      return reply.code(500).send(fail('server_error'))
    },
    // Node's HTTP parser refused the request (a header or query string over 16 KB → 431, a broken request
    // line → 400, too slow → 408): there is no request object, so the envelope is written to the socket
    // as a whole HTTP/1.1 response, then the connection is closed. Only the error code is logged: the
    // parser's error carries the raw bytes (rawPacket), which may hold an Access-Token.
    clientErrorHandler(err, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return
      // No request was read, so no lang: the reason's words in Chinese.
      const [status, text, reason] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? ([431, 'Request Header Fields Too Large', 'header_too_large'] as const)
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? ([408, 'Request Timeout', 'request_timeout'] as const)
            : ([400, 'Bad Request', 'malformed_request'] as const)
      app.log.debug({ code: err.code, status }, 'client error')
      // Nothing may be written into a response already under way on this connection.
      const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
      if (socket.writable && !inFlight?.headersSent) {
        const body = JSON.stringify(fail(reason))
        const clock = Object.entries(clockHeaders()).map(([name, value]) => `${name}: ${value}\r\n`).join('')
        socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${clock}Connection: close\r\n\r\n${body}`)
        // Read and drop what the client is still sending, so closing does not reset the connection
        // (a reset can discard the answer before the client reads it); close for good soon after.
        socket.resume()
        setTimeout(() => socket.destroy(), 2000).unref()
      } else {
        socket.destroy()
      }
    },
  })
  // SQLite: the database's file. PostgreSQL (databaseUrl) holds every row, the reference data and the demo's included:
  // no SQLite file is opened. The core's repositories (server/storage/query.ts) on the same engine as the seam.
  const { sqlite: db, storage, q } = openDatabaseOf(opts.dbPath, opts.databaseUrl)
  if (db) addDistanceFunction(db)
  app.decorate('db', db)
  // The database this server runs on made ready (server/demo/prepare.ts), through Q on either engine: the schema brought to
  // this server's version, the reference data (cities, business classes, categories) in every database, the demo's only in
  // the sandbox or when asked — added where missing, so an older database is topped up. A database that is away is waited
  // for, with a bounded back-off said in the log (server/storage/faults.ts), not an exit.
  const health = createHealth({ version: SCHEMA_VERSION, readVersion: () => schemaVersion(storage), sweepMs: opts.sweepMs ?? SWEEP_MS })
  const say = (line: string) => app.log.warn(line)
  await waitForDatabase('the start (migrations and seed)', () => prepareDatabase(storage, q, { demo: opts.demoData ?? opts.sandbox ?? true }), say)
  health.prepared()
  app.decorate('health', health)
  // Stopping: every answer from now on closes its connection, so keep-alive clients open their next one elsewhere.
  app.addHook('onRequest', (_req, reply, done) => {
    if (health.isStopping()) reply.header('connection', 'close')
    done()
  })
  app.decorate('storage', storage)
  app.decorate('q', q)
  // The one clock (server/time.ts) reads the sandbox's offsets from the database: SQLite's file at most every
  // CLOCK_FRESH_MS; PostgreSQL's as this process holds them (read again every CLOCK_FRESH_MS in the sandbox, where
  // another process may move them; never moved in production).
  const clock = await waitForDatabase('the start (the clock)', () => clockSource(db, q, (opts.sandbox ?? true) ? CLOCK_FRESH_MS : 0, (error) => app.log.warn({ err: error }, 'clock offsets not read')), say)
  const detachClock = attachClock(clock.read)
  cacheSessions(q, Math.min(opts.sessionCacheMs ?? SESSION_CACHE_MS_DEFAULT, SESSION_CACHE_MS_MAX))
  const sandbox = createSandbox(q, opts.sandbox ?? true, opts.sandboxKey ?? crypto.randomBytes(16).toString('hex'))
  // The outside providers of identity (issue 40; server/providers/README.md): a configured one is real, else the sandbox's
  // stand-in in the sandbox, else none (the routes refuse with a reason).
  const sms: SmsSender = opts.sms ? tencentSmsSender(opts.sms, opts.smsOptions) : sandbox.enabled ? sandboxSmsSender(sandbox) : noSmsSender
  app.decorate('sms', sms)
  // WeChat's access_token and jsapi_ticket are kept in the database, shared by every process (server/storage/repo/wechat.ts).
  const tokenStore: TokenStore = {
    read: (appId, kind) => wechatRepo.readToken(q, appId, kind),
    takeLease: (appId, kind, now, leaseUntil, dueBefore) => wechatRepo.takeTokenLease(q, appId, kind, now, leaseUntil, dueBefore),
    takeForce: (appId, kind, stale, now, leaseUntil, forcedBefore) => wechatRepo.takeTokenForce(q, appId, kind, stale, now, leaseUntil, forcedBefore),
    save: async (appId, kind, value, expiresAt, leaseUntil, now) => void (await wechatRepo.saveToken(q, appId, kind, value, expiresAt, leaseUntil, now)),
    release: async (appId, kind) => void (await wechatRepo.releaseTokenLease(q, appId, kind)),
  }
  const realWechat = opts.wechat ? wechatApi(opts.wechat, tokenStore, opts.wechatOptions) : null
  const standIn = sandbox.enabled ? sandboxWechat({ gzhAppId: process.env.WX_GZH_APPID }) : null
  const wechat: WechatServices = {
    miniProgram: realWechat?.miniProgram ?? standIn?.miniProgram ?? null,
    officialAccount: realWechat?.officialAccount ?? standIn?.officialAccount ?? null,
  }
  app.decorate('wechat', wechat)
  // Subscription messages go out through the mini-program (server/domain/messages.ts): sent after the request that recorded
  // them has answered, and by every sweep — a line the sender writes on that request's logger, or the process's for the
  // sweep (server/providers/log.ts).
  const miniProgram = wechat.miniProgram
  const messageSender = (log: ProviderLog): MessageSender => (miniProgram ? (message) => miniProgram.subscribe(message, log) : null)
  const goldplan = opts.goldplan ?? DEFAULT_GOLDPLAN
  // Not given (tests, tools): random, as readConfig makes it — never a value anyone can read (server/http/config.ts).
  const secret = opts.paySecret || crypto.randomBytes(32).toString('hex')
  // The sandbox provider's refund notifications come back through the public notify route, signed.
  const provider = sandbox.enabled
    ? createSandboxProvider(
        secret,
        async (n) => {
          const res = await app.inject({ method: 'POST', url: '/api/pay/refundNotify', payload: n })
          if ((res.json() as { code?: number }).code !== 1) throw new Error(`refund notification refused: ${res.body}`)
        },
        app.log,
      )
    : createUnconfiguredProvider()
  app.decorate('payProvider', provider)
  // Parcels: the sandbox's made-up carrier moves them only in the sandbox; a production server tracks nothing unless a
  // tracking service is configured (server/providers/carrier/types.ts) — the shopper reads the carrier and waybill.
  const tracker = opts.parcelTracker ?? (sandbox.enabled ? sandboxTracker : noTracker)
  app.decorate('parcelTracker', tracker)
  // Subscription messages (takeout's moves, discount-day reminders) are offered only where they can be delivered: the
  // sandbox records them (GET /api/sandbox/messages); a production server sends them through the mini-program's API
  // (server/providers/wechat, WX_MP_*) — until it is configured no template is offered and no consent taken.
  const messages = sandbox.enabled || miniProgram !== null
  const takeoutTemplates = messages ? (opts.takeoutTemplates ?? NO_TEMPLATES) : NO_TEMPLATES
  const discountDayTemplate = messages ? (opts.discountDayTemplate ?? null) : null
  // Who pays by each method (server/providers/pay/registry.ts): a configured real provider, else the sandbox when it is on.
  const providers = createPaymentProviders({ sandbox: sandbox.enabled ? provider.provider('sandbox') : null, wechatpay: opts.payments?.wechatpay, alipay: opts.payments?.alipay })
  app.decorate('payProviders', providers)

  // Bad input is the shopper's problem to fix, not a server error: always code 0 with a readable msg.
  // Every answer is the envelope; only a server fault is a 5xx, and its details go to the log only.
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof BizError) return reply.code(200).send(failWith(err))
    const error = err as { statusCode?: number; code?: string; message?: string }
    // busboy (multipart) reports a broken body with plain errors that carry no statusCode.
    const brokenMultipart = /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed part header|Part terminated early|Unsupported content type|Missing Content-Type)/.test(String(error.message ?? ''))
    const status = brokenMultipart || error.code === 'ERR_STREAM_PREMATURE_CLOSE' ? 400 : (error.statusCode ?? 500)
    if (status < 500) {
      const byCode: Readonly<Record<string, Reason>> = {
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
        FST_INVALID_MULTIPART_CONTENT_TYPE: 'multipart_required',
        FST_REQ_FILE_TOO_LARGE: 'file_too_large',
        FST_FILES_LIMIT: 'too_many_files',
        FST_FIELDS_LIMIT: 'too_many_fields',
        FST_PARTS_LIMIT: 'too_many_fields',
      }
      const known = error.code && Object.prototype.hasOwnProperty.call(byCode, error.code) ? byCode[error.code] : undefined
      return reply.code(200).send(fail(known ?? (status === 413 ? 'body_too_large' : 'malformed_request')))
    }
    // A fault of the database, not of the request (server/storage/faults.ts): busy — SQLite's lock held past busy_timeout,
    // PostgreSQL's serialization failure or deadlock on each of its runs (server/storage/engine.ts MAX_ATTEMPTS) — or
    // unavailable — a connection lost or refused (a restart, an outage), SQLite's file not readable or writable. The
    // transaction rolled back (or never began): nothing was written, so the client may simply try again, after Retry-After.
    const fault = databaseFault(err)
    if (fault) {
      req.log.warn({ code: fault.code, kind: fault.kind, url: req.routeOptions.url }, fault.kind === 'busy' ? 'database busy' : 'database unavailable')
      databaseFaults.inc({ kind: fault.kind })
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_S[fault.kind])).send(fail('server_busy'))
    }
    req.log.error(err)
    return reply.code(500).send(fail('server_error'))
  })

  // A refusal in the asker's language: the msg of every code 0 / -1 answer under /api (a route's refusal, the
  // contract's validation, the error handler, the 404) written from its reason (src/contract/reasons.ts) in the
  // request's lang (query or body, as the client sends it with every call). A param that is a name the system
  // defines (a card level) is answered in that language too, like the routes' names (names.ts).
  // Each refusal also writes its line (issue 42; docs/operations.md "Watching it"): the request's logger, so it carries the
  // reqId of the request's other lines, with the stable reason (and its params, never the words) an operator searches by.
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    if (!isApiUrl(req.url) || !isRefusal(payload) || !isReason(payload.reason)) return done(null, payload)
    req.log.info({ reason: payload.reason, code: payload.code, ...(payload.params ? { params: payload.params } : {}) }, 'request refused')
    const lang = langOf(req.body) === 'en' || langOf(req.query) === 'en' ? 'en' : 'zh'
    const given: ReasonParams = payload.params ?? {}
    const params: ReasonParams = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, typeof v === 'string' ? named(lang, v) : v]))
    done(null, { ...payload, msg: reasonText(payload.reason, lang, params), ...(payload.params ? { params } : {}) })
  })

  // The /api answers' headers: nosniff, no framing, no caching (server/http/security.ts; the documents' are helmet's, below),
  // and the server's clock, stamped as the answer leaves, with the business zone's offset — on every /api answer (a
  // route's envelope, an error, a 404; a framework error's in frameworkErrors). No CORS here: the H5 app is served from
  // the same origin; a cross-origin set-up would have to expose both in Access-Control-Expose-Headers. (Hooks on
  // every answer take `done`: an async hook costs a promise per answer, docs/performance.md.)
  apiHeaders(app, { stamp: (reply) => reply.headers(clockHeaders()) })
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
  // Per-client limits are opt-in per route (config.rateLimit): today the login-code sender. Counted in the database
  // (server/http/clientLimits.ts), so every process on it counts one client together (docs/multi-process.md).
  await app.register(fastifyRateLimit, { global: false, store: clientLimitStore(q) })
  // An answer given before its body was read (over bodyLimit, a picture over 5 MB, a refusal before the upload
  // is looked at) waits until the rest is read and dropped, bounded, so a real client is not reset (drain.ts).
  finishReadingBeforeAnswering(app)

  accountRoutes(app, q, { smsPerClient: opts.smsPerClient ?? 5, smsPerClientDay: opts.smsPerClientDay ?? 50, sms, wechat })
  // A subscription message recorded by this request (a takeout order's move): sent once the answer is out (its transaction
  // has committed). Costs nothing when none was recorded: a flag, no query.
  app.addHook('onResponse', (req, _reply, done) => {
    if (takeWaiting(q)) void sendDueMessages(q, messageSender(req.log)).catch((error: unknown) => req.log.error({ err: error }, 'subscription messages not sent'))
    done()
  })
  // Refund requests no store answers are approved after this long (the sweep below; the shopper's order shows when).
  const refundAutoApproveHours = opts.refundAutoApproveHours ?? 48
  orderRoutes(app, q, providers, refundAutoApproveHours)
  // The providers' notifications (/notify/…): answered in each provider's format (server/http/routes/notify.ts).
  const wechatpay = opts.payments?.wechatpay
  await notifyRoutes(app, q, providers, { wechatpay: wechatpay && 'parsePaymentNotification' in wechatpay ? wechatpay : null })
  fuelRoutes(app, q)
  discountDayRoutes(app, q, { template: discountDayTemplate, sandbox: sandbox.enabled })
  receiptRoutes(app, q, goldplan, sandbox.enabled)
  siteRoutes(app, q)
  memberRoutes(app, q)
  addressRoutes(app, q)
  seckillRoutes(app, q)
  mallRoutes(app, q)
  cartRoutes(app, q)
  logisticsRoutes(app, q, tracker)
  storeRoutes(app, q, providers, refundAutoApproveHours)
  const takeoutAcceptMinutes = opts.takeoutAcceptMinutes ?? TAKEOUT_ACCEPT_MINUTES_DEFAULT
  takeoutRoutes(app, q, providers, { acceptMinutes: takeoutAcceptMinutes, autoApproveHours: refundAutoApproveHours })
  subscriptionRoutes(app, q, takeoutTemplates)
  jobRoutes(app, q)
  merchantRoutes(app, q)
  // The operator's console (issue 45): its calls behind the operator's session and role (server/http/routes/console.ts).
  consoleRoutes(app, q)
  // The console's money views and decisions (issue 45, c45-finance: server/http/routes/consoleFinance.ts).
  consoleFinanceRoutes(app, q, providers, refundAutoApproveHours)
  // The console's discount days and referral contests (issue 45, t45-days: server/http/routes/consoleDays.ts).
  consoleDaysRoutes(app, q)
  // The console's reviews: shop names, reported jobs, a shop's owner (issue 45, d45-decide: server/http/routes/consoleReview.ts).
  consoleReviewRoutes(app, q)
  // Home's banners and grid, cities and business classes (issue 45, h45-home: server/http/routes/consoleHome.ts).
  consoleHomeRoutes(app, q)
  // The console's micro mall (issue 45, m45-mall: server/http/routes/consoleMall.ts).
  consoleMallRoutes(app, q)
  // ——— f45-fuel: a fuel station's grades and pumps (server/http/routes/consoleFuel.ts) ———
  consoleFuelRoutes(app, q)
  staffRoutes(app, q, miniProgram ? (scene) => miniProgram.codeImage(scene) : null)
  shopProfileRoutes(app, q)
  storeShopRoutes(app, q)
  // The referral contest (issue 26): phones already counted are kept as HMACs with this secret (REFERRAL_SECRET).
  setReferralSecret(q, opts.referralSecret)
  referralRoutes(app, q)
  // Alipay's buyer identity and, when configured, its notification route /notify/alipay (server/http/routes/alipay.ts).
  const alipay = opts.payments?.alipay
  alipayRoutes(app, q, providers, { alipay: alipay && 'readNotification' in alipay ? alipay : null, sandbox: sandbox.enabled })
  // Live status of takeout orders: NDJSON streams read from the database (server/http/routes/takeoutLive.ts).
  takeoutLive(app, q, opts.live)
  if (opts.metrics) recordMetrics(app, storage, q)
  // What a browser opens as a document — the H5 pages, the not-found page, the sandbox's pages, the pictures and the
  // uploads — in one scope with @fastify/helmet's headers (CSP with per-response nonces, frame and referrer policies):
  // outside it, no /api route runs helmet's hooks (server/http/security.ts documentHeaders).
  // Housekeeping, run by the sweep timer below and by the sandbox's POST /api/sandbox/sweep: expired unpaid orders
  // (trades closed first), refunds the provider has not answered (asked again: the refund number makes it
  // idempotent), refund requests no store answered in time (approved, recorded as by the timer), takeout orders no
  // store accepted in time (refused and refunded) and long-delivering ones (delivered), parcels (events stored as
  // they come due; delivered ones unconfirmed for AUTO_COMPLETE_DAYS completed), expired sessions, old login codes.
  const housekeeping = async (): Promise<void> => {
    await cancelExpired(q, providers)
    // Provider calls recorded but not made (the recording request stopped, or the provider failed): server/domain/pay/outbox.ts.
    await runDueCalls(q, providers)
    await retryPendingRefunds(q, providers)
    await autoApproveRefunds(q, providers, refundAutoApproveHours)
    await autoRefuseTakeout(q, providers, takeoutAcceptMinutes)
    await autoDeliverTakeout(q)
    await sweepParcels(q, tracker)
    await pruneSessions(q)
    // Operator sessions past their idle or absolute end (issue 45).
    await pruneOperatorSessions(q)
    // The till's record past its keeping time (issue 43, server/domain/store/tillChecks.ts).
    await pruneTillChecks(q)
    // A log an account deletion could not empty (another process held it): emptied now (issue 43, server/domain/erasure.ts).
    await retryLogFlush(q)
    // Discount-day reminders due this morning (server/domain/discountDay/discountDay.ts): recorded in the sandbox outbox —
    // where messages can be delivered only (above).
    if (messages) await sendDueReminders(q)
    // Subscription messages recorded and not sent yet (server/domain/messages.ts): after the reminders the sweep recorded.
    await sendDueMessages(q, messageSender(app.log))
    // Job contacts of days gone (issue 43: they hold who looked from which address; server/domain/jobs.ts).
    await pruneJobContacts(q)
    // The referral contest (issue 43): purchases kept (completed, or a week paid) counted, cancelled or refunded ones undone.
    await settleReferrals(q)
  }

  await app.register(scopeNamed('pages and API', async (pages: FastifyInstance) => {
    await documentHeaders(pages, { receiptFrameOrigin: goldplan.frameOrigin })
    healthRoutes(pages, health)
    // @fastify/multipart only where a multipart body is read (the picture upload): registered for the whole server its
    // async onResponse hook ran on every answer (docs/performance.md). Elsewhere a multipart body is unsupported_media_type.
    await withMultipart(pages, (uploads) => uploadRoutes(uploads, q))
    sandboxRoutes(pages, q, sandbox, providers, secret, housekeeping, goldplan)
    assetRoutes(pages)
    // The operator's console build (dist-console/, its own build) at /console/ when it is there (server/hosting/console.ts).
    consolePages(pages, opts.consoleDir ?? 'dist-console')
    await staticRoutes(pages, opts.staticDir ?? '')
  }))

  // The housekeeping (above) once at start — a provider call a crashed process left due goes out within seconds, not
  // SWEEP_MS later (issue 42) — then every SWEEP_MS after a run ends (never two runs of one process at once). A run that
  // fails (the database away) is logged and told to readiness; the next one comes as usual.
  const sweepMs = opts.sweepMs ?? SWEEP_MS
  let sweep: ReturnType<typeof setTimeout> | null = null
  let sweeping: Promise<void> | null = null
  const runSweep = () => {
    sweep = null
    health.sweepStarted()
    sweeping = housekeeping().then(
      () => {
        health.sweepFinished()
        sweepRuns.inc({ result: 'ok' })
      },
      (error: unknown) => {
        health.sweepFinished(error)
        sweepRuns.inc({ result: 'failed' })
        const fault = databaseFault(error)
        if (fault) app.log.warn({ code: fault.code }, 'housekeeping sweep: the database is not answering')
        else app.log.error(error)
      },
    )
    void sweeping.then(() => {
      sweeping = null
      if (!closing) {
        sweep = setTimeout(runSweep, sweepMs)
        sweep.unref()
      }
    })
  }
  let closing = false
  app.addHook('onReady', async () => {
    sweep = setTimeout(runSweep, 0)
    sweep.unref()
  })
  app.addHook('onClose', async () => {
    closing = true
    if (sweep) clearTimeout(sweep)
    // A run under way finishes before the pool closes (its transactions would fail halfway).
    await sweeping
    detachClock()
    clock.stop()
    await storage.close()
    db?.close()
  })
  return app
}
