import crypto from 'node:crypto'
import { DEFAULT_DB_PATH } from '../storage/db'
import { SESSION_CACHE_MS_DEFAULT, SESSION_CACHE_MS_MAX } from '../storage/repo/users'
import { TAKEOUT_ACCEPT_MINUTES_DEFAULT } from '../../src/contract/takeoutEndpoints'
import type { TakeoutTemplates } from '../domain/takeout/subscriptions'
import { WECHAT_PAY_FRAME_ORIGIN, type GoldPlanConfig } from '../domain/pay/receipt'
import { ConfigError, field, readEnv, type Env, type EnvProblem, type EnvValues } from '../env'
import { PROVIDER_CONFIGS, type ProviderConfigs } from '../providers/configs'
import { parseClockAt } from '../time'
import type { AppOptions } from './app'
import type { WechatPayConfig } from '../providers/wechatpay/config'
import { createWechatPay } from '../providers/wechatpay/wechatpay'
import type { SmsConfig } from '../providers/sms/config'
import type { WechatConfig } from '../providers/wechat/config'
import type { AlipayConfig } from '../providers/alipay/config'
import { createAlipayProvider } from '../providers/alipay/provider'

/** Server settings from the environment (never from the repository), read once at start: readConfig. */
export interface ServerConfig {
  /** NODE_ENV=production. */
  production: boolean
  port: number
  host: string
  /** SQLite: the database file (DB_PATH). PostgreSQL: a temporary file the server opens and never seeds (server/main.ts sqliteFile). */
  dbPath: string
  /** DATABASE_URL: a postgres://… address runs the server on PostgreSQL (docs/postgres.md); unset: SQLite at dbPath. */
  databaseUrl: string | null
  staticDir: string
  /** Development conveniences: SMS outbox, JSAPI confirm, cashier. Off in production unless SANDBOX=1. */
  sandbox: boolean
  /**
   * DEMO_DATA: the demo shops, products, flash sales, staff accounts and the rest (server/demo/seed.ts) in a new database.
   * Unset: with the sandbox only. A production start holds the reference data alone (cities, business classes, the mall's
   * and takeout's categories: server/storage/reference.ts) and what its operator and merchants create.
   */
  demoData: boolean
  /**
   * Sandbox only: the key the sandbox helpers (/api/sandbox/*) ask for in `X-Sandbox-Key`. New at every
   * start unless SANDBOX_KEY is set; the server prints it in its start-up banner.
   */
  sandboxKey: string
  /**
   * Signs and checks the sandbox provider's notifications (/api/pay/notify, refundNotify — served with the sandbox only).
   * PAY_NOTIFY_SECRET; without it a new random one at every start (the sandbox cashier and confirmPay sign with it inside
   * the process, and nobody outside can forge a notification). A production server with SANDBOX=1 refuses to start
   * without one. Several processes of one start (issue 21) must share one value: the process that reads the config
   * passes it to the ones it starts (in PAY_NOTIFY_SECRET), else each would refuse the notifications the others sign.
   */
  paySecret: string
  /** Keys the referral contest's hashes of counted phones (REFERRAL_SECRET; server/domain/referral.ts); unset: a random key kept in the database. */
  referralSecret?: string
  /** Login codes one client (IP address) may ask for in 10 minutes, whatever the phone numbers. */
  smsPerClient: number
  /** … and in a day (SMS_PER_CLIENT_DAY, default 50). */
  smsPerClientDay: number
  /** The SMS sender (SMS_PROVIDER, TENCENT_SMS_*; server/providers/sms/config.ts); null: none (the sandbox's in the sandbox). */
  sms: SmsConfig | null
  /** WeChat login and server API (WX_*; server/providers/wechat/config.ts); null: neither app configured. */
  wechat: WechatConfig | null
  /** Fastify trustProxy: set when a reverse proxy sits in front, so client limits see the real address. */
  trustProxy: boolean | string | number
  /** Refund requests no store answered within this many hours are approved automatically (default 48). */
  refundAutoApproveHours: number
  /** How often the housekeeping sweep runs, in ms (default 60000; tests shorten it). */
  sweepMs: number
  /**
   * SESSION_CACHE_MS: how long a process keeps a session it looked up (default 1000, at most 10000, 0 = off). A sign-out
   * or deletion is seen at once by the process it goes through; the other processes of a start may still accept
   * that token for up to this long (docs/api.md "Accounts", docs/performance.md).
   */
  sessionCacheMs: number
  /** A paid takeout order no store accepts within this many minutes is refused by the sweep and refunded (default 5). */
  takeoutAcceptMinutes: number
  /**
   * Subscription-message template ids of takeout moves (TAKEOUT_TEMPLATE_ACCEPTED, _DELIVERING, _REFUSED; two may share
   * one id). None set: the app asks for nothing (server/domain/takeout/subscriptions.ts).
   */
  takeoutTemplates: TakeoutTemplates
  /** The discount-day reminder's subscription-message template id (DISCOUNT_DAY_TEMPLATE; none: the sandbox records without asking). */
  discountDayTemplate: string | null
  /**
   * The receipt in WeChat Pay's frame (server/domain/pay/receipt.ts): GOLDPLAN_FRAME_ORIGIN (who may frame it; default WeChat Pay's
   * https://payapp.weixin.qq.com), GOLDPLAN_RECEIPT_URL (the link as configured at WeChat Pay) and WXPAY_SUB_MCH_ID.
   */
  goldplan: GoldPlanConfig
  /** WeChat Pay API v3 (server/providers/wechatpay/config.ts, WXPAY_*); null: not configured (the sandbox, or nobody, pays by WeChat). */
  wechatpay: WechatPayConfig | null
  /** Alipay (server/providers/alipay/config.ts, ALIPAY_*); null: not configured (the sandbox, or nobody, pays by Alipay). */
  alipay: AlipayConfig | null
  /**
   * PUBLIC_URL: the https origin shoppers and providers reach this server at (https://shop.example.com), behind whatever
   * proxy: the providers' notification and return addresses are built on it, and `npm run doctor` lists the domains to
   * declare in each console from it. Unset: none (the sandbox needs none).
   */
  publicUrl: string | null
  /**
   * WORKERS: server processes of this start sharing one port (node's cluster, server/main.ts; docs/multi-process.md).
   * Unset or 1: one process, as before. The first process (the primary) migrates and seeds once, makes this start's
   * sandbox key and payment secret and hands them to every worker, and starts a worker again when one dies.
   */
  workers: number
  /**
   * METRICS_PORT, METRICS_HOST: where Prometheus reads the metrics (server/http/metrics.ts; docs/operations.md) — a port of
   * their own, never the public one; 0 (the default): none. With WORKERS=N the primary answers for every process.
   */
  metricsPort: number
  metricsHost: string
  /** What each outside provider's config answered (server/providers/configs.ts PROVIDER_CONFIGS): null = not configured. */
  providers: ProviderConfigs
}

/** The most WORKERS a start takes (a typo such as 400 should not fork 400 processes). */
export const MAX_WORKERS = 64

const TEMPLATE_ID = { pattern: /^[A-Za-z0-9_-]{1,64}$/, what: 'a subscription-message template id (letters, digits, - and _)' } as const

/**
 * Every variable the server itself reads (the providers' are in server/providers/configs.ts), one zod field each: what it
 * takes, its default. docs/going-live.md "Every variable" says what each means; .env.example lists them all (a test checks).
 */
export const SERVER_ENV = {
  NODE_ENV: field.text(),
  SANDBOX: field.bool(null),
  DEMO_DATA: field.bool(null),
  PORT: field.int({ fallback: 3000, min: 0, max: 65535 }),
  HOST: field.text({ fallback: '127.0.0.1' }),
  DB_PATH: field.text({ fallback: DEFAULT_DB_PATH }),
  DATABASE_URL: field.url({ protocols: ['postgres:', 'postgresql:'], what: 'postgres://… (PostgreSQL); unset it for SQLite at DB_PATH' }),
  STATIC_DIR: field.text({ fallback: './dist-h5' }),
  PUBLIC_URL: field.url({ https: true, origin: true }),
  SANDBOX_KEY: field.secret(),
  PAY_NOTIFY_SECRET: field.secret(),
  REFERRAL_SECRET: field.secret({ minLength: 16 }),
  SMS_PER_CLIENT: field.int({ fallback: 5, min: 1, max: 100_000, unit: 'codes per 10 minutes' }),
  SMS_PER_CLIENT_DAY: field.int({ fallback: 50, min: 1, max: 1_000_000, unit: 'codes per day' }),
  TRUST_PROXY: field.text({ pattern: /^(true|false|\d{1,2}|[0-9A-Fa-f.:/, ]+)$/, what: 'true, false, a hop count or the proxy addresses (10.0.0.0/8, …)' }),
  REFUND_AUTO_APPROVE_HOURS: field.int({ fallback: 48, min: 1, max: 8760, unit: 'hours' }),
  SWEEP_MS: field.int({ fallback: 60_000, min: 10, max: 3_600_000, unit: 'ms' }),
  SESSION_CACHE_MS: field.int({ fallback: SESSION_CACHE_MS_DEFAULT, min: 0, max: SESSION_CACHE_MS_MAX, unit: 'ms' }),
  TAKEOUT_ACCEPT_MINUTES: field.int({ fallback: TAKEOUT_ACCEPT_MINUTES_DEFAULT, min: 1, max: 1440, unit: 'minutes' }),
  TAKEOUT_TEMPLATE_ACCEPTED: field.text(TEMPLATE_ID),
  TAKEOUT_TEMPLATE_DELIVERING: field.text(TEMPLATE_ID),
  TAKEOUT_TEMPLATE_REFUSED: field.text(TEMPLATE_ID),
  DISCOUNT_DAY_TEMPLATE: field.text(TEMPLATE_ID),
  GOLDPLAN_FRAME_ORIGIN: field.url({ origin: true }),
  GOLDPLAN_RECEIPT_URL: field.url(),
  WXPAY_SUB_MCH_ID: field.text({ pattern: /^\d{8,12}$/, what: 'a WeChat Pay sub-merchant id (8 to 12 digits)' }),
  WORKERS: field.int({ fallback: 1, min: 1, max: MAX_WORKERS, unit: 'server processes' }),
  METRICS_PORT: field.int({ fallback: 0, min: 0, max: 65535 }),
  METRICS_HOST: field.text({ fallback: '127.0.0.1' }),
  // Read by server/time.ts when it loads (the one clock); here so a wrong one is named with the others and the doctor shows them.
  BUSINESS_TZ: field.text({ fallback: 'Asia/Shanghai' }),
  CLOCK_AT: field.text(),
} as const

export type ServerEnv = EnvValues<typeof SERVER_ENV>

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The server's configuration, read once at start from the environment (each variable NAME or NAME_FILE: server/env.ts):
 * every variable the server reads checked with its zod field, the rules between them, and each outside provider's config
 * (a half configuration stops the start). Anything wrong throws one ConfigError listing every wrong variable, a line
 * each, starting with its name — `PORT: "abc" is not a whole number (0 to 65535)`.
 */
export function readConfig(env: Env = process.env): ServerConfig {
  const problems: EnvProblem[] = []
  let v: ServerEnv
  try {
    v = readEnv(env, SERVER_ENV)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    // The providers are still read, so one start names every wrong variable.
    problems.push(...error.problems)
    v = null as unknown as ServerEnv
  }
  const providers: Partial<Record<string, unknown>> = {}
  for (const entry of PROVIDER_CONFIGS) {
    const failed = (entry.check?.(env) ?? []).filter((finding) => finding.level === 'fail')
    for (const finding of failed) problems.push({ variable: finding.variable ?? entry.name, problem: finding.message })
    // A provider its offline checks already refused is not read as well (one line per wrong variable, not two).
    if (!entry.read || failed.length > 0) continue
    try {
      providers[entry.name] = entry.read(env) ?? null
    } catch (error) {
      if (error instanceof ConfigError) problems.push(...error.problems)
      else {
        // A provider's config says what is wrong as "NAME: why" (server/providers/configs.ts).
        const message = error instanceof Error ? error.message : String(error)
        const named = /^([A-Z][A-Z0-9_]+): (.*)$/s.exec(message)
        problems.push(named ? { variable: named[1], problem: named[2] } : { variable: entry.name, problem: message })
      }
    }
  }
  if (!v) throw new ConfigError(problems)

  const production = v.NODE_ENV === 'production'
  const sandbox = v.SANDBOX ?? !production
  const rule = (variable: string, problem: string) => problems.push({ variable, problem })
  // The sandbox provider's notifications are signed with it; SANDBOX=1 does not make a production server's payments any
  // less real: a secret anyone can read is no secret. (Without the sandbox, no route takes those notifications.)
  if (production && sandbox && !v.PAY_NOTIFY_SECRET) rule('PAY_NOTIFY_SECRET', 'must be set in production with the sandbox on (NODE_ENV=production with SANDBOX=1)')
  // CLOCK_AT moves the server's clock (server/time.ts): a sandbox's setting, never a real shop's.
  if (v.CLOCK_AT && !sandbox) rule('CLOCK_AT', 'sets the server clock for tests and demos: only with the sandbox on (SANDBOX=1, or not production)')
  else if (v.CLOCK_AT && parseClockAt(v.CLOCK_AT) === null) rule('CLOCK_AT', `"${v.CLOCK_AT}" is not a time (ISO 8601 such as 2028-02-29T23:59:50+08:00, or a business wall time "2028-02-29 23:59:50")`)
  if (!isZone(v.BUSINESS_TZ)) rule('BUSINESS_TZ', `unknown time zone "${v.BUSINESS_TZ}" (an IANA name such as Asia/Shanghai)`)
  if (problems.length > 0) throw new ConfigError(problems)

  return {
    production,
    port: v.PORT,
    host: v.HOST,
    dbPath: v.DB_PATH,
    databaseUrl: v.DATABASE_URL,
    staticDir: v.STATIC_DIR,
    sandbox,
    demoData: v.DEMO_DATA ?? sandbox,
    sandboxKey: v.SANDBOX_KEY ?? crypto.randomBytes(16).toString('hex'),
    // New at every start when not set (never a value written in the repository); production with the sandbox refuses (above).
    paySecret: v.PAY_NOTIFY_SECRET ?? crypto.randomBytes(32).toString('hex'),
    referralSecret: v.REFERRAL_SECRET ?? undefined,
    smsPerClient: v.SMS_PER_CLIENT,
    smsPerClientDay: v.SMS_PER_CLIENT_DAY,
    sms: (providers.sms ?? null) as SmsConfig | null,
    wechat: (providers.wechat ?? null) as WechatConfig | null,
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    refundAutoApproveHours: v.REFUND_AUTO_APPROVE_HOURS,
    sweepMs: v.SWEEP_MS,
    sessionCacheMs: v.SESSION_CACHE_MS,
    takeoutAcceptMinutes: v.TAKEOUT_ACCEPT_MINUTES,
    takeoutTemplates: { accepted: v.TAKEOUT_TEMPLATE_ACCEPTED, delivering: v.TAKEOUT_TEMPLATE_DELIVERING, refused: v.TAKEOUT_TEMPLATE_REFUSED },
    discountDayTemplate: v.DISCOUNT_DAY_TEMPLATE,
    goldplan: { frameOrigin: v.GOLDPLAN_FRAME_ORIGIN ?? WECHAT_PAY_FRAME_ORIGIN, receiptUrl: v.GOLDPLAN_RECEIPT_URL, subMchId: v.WXPAY_SUB_MCH_ID },
    publicUrl: v.PUBLIC_URL,
    workers: v.WORKERS,
    metricsPort: v.METRICS_PORT,
    metricsHost: v.METRICS_HOST,
    wechatpay: (providers.wechatpay ?? null) as WechatPayConfig | null,
    alipay: (providers.alipay ?? null) as AlipayConfig | null,
    providers,
  }
}

/**
 * Only where the database is (DB_PATH, DATABASE_URL), for the tools that open it without starting the server (`npm run
 * admin`): the rest of the configuration — a provider half set up — does not stop them.
 */
export function readDatabaseConfig(env: Env = process.env): { dbPath: string; databaseUrl: string | null } {
  const v = readEnv(env, { DB_PATH: SERVER_ENV.DB_PATH, DATABASE_URL: SERVER_ENV.DATABASE_URL })
  return { dbPath: v.DB_PATH, databaseUrl: v.DATABASE_URL }
}

/** TRUST_PROXY: unset or false = no proxy; true; a number = hops; anything else = addresses/CIDRs (Fastify's forms). */
function parseTrustProxy(raw: string | null): boolean | string | number {
  if (!raw || raw === 'false') return false
  if (raw === 'true') return true
  return /^\d+$/.test(raw) ? Number(raw) : raw
}

/**
 * What server/main.ts hands buildApp for a configuration (one place, so a test starts the server exactly as `npm start`
 * does). On PostgreSQL (DATABASE_URL) DB_PATH is not opened: every row is PostgreSQL's (server/demo/prepare.ts).
 */
export function appOptionsOf(config: ServerConfig, logger = true): AppOptions {
  return {
    dbPath: config.dbPath,
    databaseUrl: config.databaseUrl ?? undefined,
    staticDir: config.staticDir,
    logger,
    sandbox: config.sandbox,
    demoData: config.demoData,
    sandboxKey: config.sandboxKey,
    paySecret: config.paySecret,
    referralSecret: config.referralSecret,
    smsPerClient: config.smsPerClient,
    smsPerClientDay: config.smsPerClientDay,
    sms: config.sms,
    wechat: config.wechat,
    trustProxy: config.trustProxy,
    refundAutoApproveHours: config.refundAutoApproveHours,
    sweepMs: config.sweepMs,
    sessionCacheMs: config.sessionCacheMs,
    takeoutAcceptMinutes: config.takeoutAcceptMinutes,
    takeoutTemplates: config.takeoutTemplates,
    discountDayTemplate: config.discountDayTemplate,
    goldplan: config.goldplan,
    metrics: config.metricsPort > 0,
    // Both real providers, as configured: a start with Alipay's variables pays by Alipay (it was left out: issue 40's journey).
    payments: { wechatpay: config.wechatpay ? createWechatPay(config.wechatpay) : null, alipay: config.alipay ? createAlipayProvider(config.alipay) : null },
  }
}
