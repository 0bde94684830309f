import crypto from 'node:crypto'
import fastifyCompress from '@fastify/compress'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { openDatabase, type DB } from './db'
import { BizError, fail } from './http'
import { cancelExpired } from './orders'
import { createSandboxProvider, createUnconfiguredProvider, type PayProvider } from './provider'
import { pruneSessions } from './routes/account'
import { accountRoutes } from './routes/account'
import { addressRoutes } from './routes/address'
import { memberRoutes } from './routes/member'
import { orderRoutes } from './routes/order'
import { sandboxRoutes } from './routes/sandbox'
import { seckillRoutes } from './routes/seckill'
import { siteRoutes } from './routes/site'
import { uploadRoutes } from './routes/upload'
import { assetRoutes } from './assets'
import { createSandbox } from './sandbox'
import { seedDemoData } from './seed'
import { staticRoutes } from './static'

export interface AppOptions {
  dbPath: string
  staticDir?: string
  logger?: boolean
  sandbox?: boolean
  /** Sandbox helpers answer only with this key (X-Sandbox-Key); random when not given. */
  sandboxKey?: string
  paySecret?: string
  /** Login codes one client may ask for in 10 minutes (default 5). */
  smsPerClient?: number
  trustProxy?: boolean | string | number
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB
    payProvider: PayProvider
  }
}

const SWEEP_MS = 60_000

/** The reference API (and, with staticDir, the H5 app) — not listening; main.ts listens. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info', redact: ['req.headers["access-token"]'] } : false,
    bodyLimit: 256 * 1024,
    // A hop count is valid for Fastify (proxy-addr) though its types list only strings and booleans.
    trustProxy: (opts.trustProxy ?? false) as boolean | string,
  })
  const db = openDatabase(opts.dbPath)
  seedDemoData(db)
  app.decorate('db', db)
  const sandbox = createSandbox(opts.sandbox ?? true, opts.sandboxKey ?? crypto.randomBytes(16).toString('hex'), app.log)
  const secret = opts.paySecret ?? 'sandbox-development-secret'
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
    : createUnconfiguredProvider(app.log)
  app.decorate('payProvider', provider)

  // Bad input is the shopper's problem to fix, not a server error: always code 0 with a readable msg.
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof BizError) return reply.code(200).send(fail(err.message, err.code))
    const error = err as { statusCode?: number; code?: string }
    const status = error.statusCode ?? 500
    if (status < 500) {
      const msg = status === 413 ? '请求内容过大' : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求格式' : '请求格式错误'
      return reply.code(200).send(fail(msg))
    }
    req.log.error(err)
    return reply.code(500).send(fail('服务器开小差了，请稍后重试'))
  })

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
  // Per-client limits are opt-in per route (config.rateLimit): today the login-code sender.
  await app.register(fastifyRateLimit, { global: false })
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } })

  app.get('/healthz', async (_req, reply) => reply.type('text/plain').send('ok'))
  accountRoutes(app, db, sandbox, { smsPerClient: opts.smsPerClient ?? 5 })
  orderRoutes(app, db, provider, secret)
  siteRoutes(app, db)
  memberRoutes(app, db)
  addressRoutes(app, db)
  seckillRoutes(app, db)
  uploadRoutes(app, db)
  sandboxRoutes(app, db, sandbox, provider, secret)
  assetRoutes(app)
  await staticRoutes(app, opts.staticDir ?? '')

  // Housekeeping: expired unpaid orders (trades closed first), expired or revoked sessions, old login codes.
  const sweep = setInterval(() => {
    cancelExpired(db, provider)
    pruneSessions(db)
  }, SWEEP_MS)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    db.close()
  })
  return app
}
