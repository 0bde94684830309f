/** Server settings from the environment (never from the repository). */
export interface ServerConfig {
  port: number
  host: string
  dbPath: string
  staticDir: string
  /** Development conveniences: SMS outbox, JSAPI confirm, cashier. Off in production unless SANDBOX=1. */
  sandbox: boolean
  paySecret: string
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
    // Development default only; production refuses to start without a real one (above).
    paySecret: paySecret || 'sandbox-development-secret',
  }
}
