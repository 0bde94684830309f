import crypto from 'node:crypto'

/** Server settings from the environment (never from the repository). */
export interface ServerConfig {
  port: number
  host: string
  dbPath: string
  staticDir: string
  /** Development conveniences: SMS outbox, JSAPI confirm, cashier. Off in production unless SANDBOX=1. */
  sandbox: boolean
  /**
   * Sandbox only: the key the sandbox helpers (/api/sandbox/*) ask for in `X-Sandbox-Key`. New at every
   * start unless SANDBOX_KEY is set; the server prints it in its start-up banner.
   */
  sandboxKey: string
  paySecret: string
  /** Login codes one client (IP address) may ask for in 10 minutes, whatever the phone numbers. */
  smsPerClient: number
  /** Fastify trustProxy: set when a reverse proxy sits in front, so client limits see the real address. */
  trustProxy: boolean | string | number
  /** Refund requests no store answered within this many hours are approved automatically (default 48). */
  refundAutoApproveHours: number
  /** How often the housekeeping sweep runs, in ms (default 60000; tests shorten it). */
  sweepMs: number
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production'
  const sandbox = env.SANDBOX ? env.SANDBOX === '1' : !production
  const paySecret = env.PAY_NOTIFY_SECRET ?? ''
  if (production && !sandbox && !paySecret) throw new Error('PAY_NOTIFY_SECRET must be set in production')
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dbPath: env.DB_PATH ?? './data/onecard.sqlite',
    staticDir: env.STATIC_DIR ?? './dist-h5',
    sandbox,
    sandboxKey: env.SANDBOX_KEY || crypto.randomBytes(16).toString('hex'),
    // Development default only; production refuses to start without a real one (above).
    paySecret: paySecret || 'sandbox-development-secret',
    smsPerClient: positiveInt(env.SMS_PER_CLIENT, 5),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    refundAutoApproveHours: positiveInt(env.REFUND_AUTO_APPROVE_HOURS, 48),
    sweepMs: positiveInt(env.SWEEP_MS, 60_000),
  }
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
