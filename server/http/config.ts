import crypto from 'node:crypto'
import { DEFAULT_DB_PATH } from '../storage/db'
import { SESSION_CACHE_MS_DEFAULT, SESSION_CACHE_MS_MAX } from '../storage/repo/users'
import { TAKEOUT_ACCEPT_MINUTES_DEFAULT } from '../../src/contract/takeoutEndpoints'
import type { TakeoutTemplates } from '../domain/takeout/subscriptions'
import { WECHAT_PAY_FRAME_ORIGIN, type GoldPlanConfig } from '../domain/pay/receipt'
import { readSmsConfig, type SmsConfig } from '../providers/sms/config'
import { readWechatConfig, type WechatConfig } from '../providers/wechat/config'

/** Server settings from the environment (never from the repository). */
export interface ServerConfig {
  port: number
  host: string
  /** SQLite: the database file (DB_PATH). PostgreSQL: unused, but for the demo data's seeding (a temporary file). */
  dbPath: string
  /** DATABASE_URL: a postgres://… address runs the server on PostgreSQL (docs/postgres.md); unset: SQLite at dbPath. */
  databaseUrl: string | null
  staticDir: string
  /** Development conveniences: SMS outbox, JSAPI confirm, cashier. Off in production unless SANDBOX=1. */
  sandbox: boolean
  /**
   * Sandbox only: the key the sandbox helpers (/api/sandbox/*) ask for in `X-Sandbox-Key`. New at every
   * start unless SANDBOX_KEY is set; the server prints it in its start-up banner.
   */
  sandboxKey: string
  /**
   * Signs and checks the payment provider's notifications (/api/pay/notify, refundNotify). PAY_NOTIFY_SECRET;
   * without it a new random one at every start (development and the sandbox only: the sandbox cashier and
   * confirmPay sign with it inside the process, and nobody outside can forge a notification). Production — with or
   * without SANDBOX=1 — refuses to start without one. Several processes of one start (issue 21) must share one
   * value: the process that reads the config passes it to the ones it starts (in PAY_NOTIFY_SECRET), else each
   * would refuse the notifications the others sign.
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
  /**
   * WORKERS: server processes of this start sharing one port (node's cluster, server/main.ts; docs/multi-process.md).
   * Unset or 1: one process, as before. The first process (the primary) migrates and seeds once, makes this start's
   * sandbox key and payment secret and hands them to every worker, and starts a worker again when one dies.
   */
  workers: number
}

/** The most WORKERS a start takes (a typo such as 400 should not fork 400 processes). */
export const MAX_WORKERS = 64

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production'
  const sandbox = env.SANDBOX ? env.SANDBOX === '1' : !production
  const paySecret = env.PAY_NOTIFY_SECRET ?? ''
  // SANDBOX=1 does not make a production server's payments any less real: a secret anyone can read is no secret.
  if (production && !paySecret) throw new Error('PAY_NOTIFY_SECRET must be set in production (NODE_ENV=production, with or without SANDBOX=1)')
  // CLOCK_AT moves the server's clock (server/time.ts): a sandbox's setting, never a real shop's.
  if (env.CLOCK_AT?.trim() && !sandbox) throw new Error('CLOCK_AT sets the server clock for tests and demos: only with the sandbox on (SANDBOX=1, or not production)')
  const databaseUrl = env.DATABASE_URL?.trim() || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`DATABASE_URL: only postgres://… (PostgreSQL) is understood; unset it for SQLite at DB_PATH (got ${databaseUrl.split(':')[0]}:…)`)
  }
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dbPath: env.DB_PATH ?? DEFAULT_DB_PATH,
    databaseUrl,
    staticDir: env.STATIC_DIR ?? './dist-h5',
    sandbox,
    sandboxKey: env.SANDBOX_KEY || crypto.randomBytes(16).toString('hex'),
    // New at every start when not set (never a value written in the repository); production refuses (above).
    paySecret: paySecret || crypto.randomBytes(32).toString('hex'),
    referralSecret: env.REFERRAL_SECRET || undefined,
    smsPerClient: positiveInt(env.SMS_PER_CLIENT, 5),
    smsPerClientDay: positiveInt(env.SMS_PER_CLIENT_DAY, 50),
    sms: readSmsConfig(env),
    wechat: readWechatConfig(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    refundAutoApproveHours: positiveInt(env.REFUND_AUTO_APPROVE_HOURS, 48),
    sweepMs: positiveInt(env.SWEEP_MS, 60_000),
    sessionCacheMs: env.SESSION_CACHE_MS?.trim() === '0' ? 0 : Math.min(positiveInt(env.SESSION_CACHE_MS, SESSION_CACHE_MS_DEFAULT), SESSION_CACHE_MS_MAX),
    takeoutAcceptMinutes: positiveInt(env.TAKEOUT_ACCEPT_MINUTES, TAKEOUT_ACCEPT_MINUTES_DEFAULT),
    takeoutTemplates: {
      accepted: templateId(env.TAKEOUT_TEMPLATE_ACCEPTED, 'TAKEOUT_TEMPLATE_ACCEPTED'),
      delivering: templateId(env.TAKEOUT_TEMPLATE_DELIVERING, 'TAKEOUT_TEMPLATE_DELIVERING'),
      refused: templateId(env.TAKEOUT_TEMPLATE_REFUSED, 'TAKEOUT_TEMPLATE_REFUSED'),
    },
    discountDayTemplate: templateId(env.DISCOUNT_DAY_TEMPLATE, 'DISCOUNT_DAY_TEMPLATE'),
    goldplan: {
      frameOrigin: originOf(env.GOLDPLAN_FRAME_ORIGIN, 'GOLDPLAN_FRAME_ORIGIN') ?? WECHAT_PAY_FRAME_ORIGIN,
      receiptUrl: env.GOLDPLAN_RECEIPT_URL?.trim() || null,
      subMchId: env.WXPAY_SUB_MCH_ID?.trim() || null,
    },
    workers: workersOf(env.WORKERS),
  }
}

/** WORKERS: unset = 1; otherwise a whole number 1…MAX_WORKERS, anything else stops the start with its name. */
function workersOf(raw: string | undefined): number {
  const text = raw?.trim()
  if (!text) return 1
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < 1 || n > MAX_WORKERS) throw new Error(`WORKERS: "${text}" is not a number of server processes (1 to ${MAX_WORKERS})`)
  return n
}

/** An origin (scheme://host[:port], nothing after), or null when unset; anything else stops the start with its name. */
function originOf(raw: string | undefined, name: string): string | null {
  const text = raw?.trim()
  if (!text) return null
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(text)) throw new Error(`${name}: "${text}" is not an origin (https://host[:port])`)
  return text
}

/** A WeChat template id (letters, digits, - and _), or null when unset; anything else stops the start with its name. */
function templateId(raw: string | undefined, name: string): string | null {
  const id = raw?.trim()
  if (!id) return null
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`${name}: "${id}" is not a subscription-message template id`)
  return id
}

const positiveInt = (raw: string | undefined, fallback: number) => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/** TRUST_PROXY: unset = no proxy; a number = hops; anything else = addresses/CIDRs (Fastify's forms). */
function parseTrustProxy(raw: string | undefined): boolean | string | number {
  if (!raw) return false
  if (raw === 'true') return true
  return /^\d+$/.test(raw) ? Number(raw) : raw
}
