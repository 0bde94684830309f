import fastifyCompress from '@fastify/compress'
import fastifyMultipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { openDatabase, type DB } from './db'
import { BizError, fail } from './http'
import { cancelExpired } from './orders'
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
  paySecret?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB
  }
}

const SWEEP_MS = 60_000

/** The reference API (and, with staticDir, the H5 app) — not listening; main.ts listens. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info', redact: ['req.headers["access-token"]'] } : false,
    bodyLimit: 256 * 1024,
  })
  const db = openDatabase(opts.dbPath)
  seedDemoData(db)
  app.decorate('db', db)
  const sandbox = createSandbox(opts.sandbox ?? true, app.log)
  const secret = opts.paySecret ?? 'sandbox-development-secret'

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
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } })

  app.get('/healthz', async (_req, reply) => reply.type('text/plain').send('ok'))
  accountRoutes(app, db, sandbox)
  orderRoutes(app, db, secret)
  siteRoutes(app, db)
  memberRoutes(app, db)
  addressRoutes(app, db)
  seckillRoutes(app, db)
  uploadRoutes(app, db)
  sandboxRoutes(app, db, sandbox, secret)
  assetRoutes(app)
  await staticRoutes(app, opts.staticDir ?? '')

  const sweep = setInterval(() => cancelExpired(db), SWEEP_MS)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    db.close()
  })
  return app
}
