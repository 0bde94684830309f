import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/
const NO_CACHE = 'no-cache'
const FOREVER = 'public, max-age=31536000, immutable'

/**
 * The H5 build: hashed assets cached for a year, index.html never cached, and history-mode fallback —
 * any extension-less GET outside /api and /sandbox answers index.html (deep links, and unknown routes,
 * which the app sends Home). Compression comes from @fastify/compress registered in app.ts.
 */
export async function staticRoutes(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = path.resolve(staticDir)
  const built = fs.existsSync(path.join(root, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', HASHED.test(filePath) ? FOREVER : NO_CACHE)
      },
    })
  }

  const sendIndex = (reply: FastifyReply) => {
    reply.header('Cache-Control', NO_CACHE)
    return reply.sendFile('index.html')
  }
  // "/" is Home; the static plugin would treat it as a directory.
  app.get('/', async (_req, reply) => {
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(reply)
  })

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]
    if (url.startsWith('/api/')) return reply.code(404).send({ code: 0, msg: '接口不存在', data: null })
    const pagePath = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/sandbox/') && !path.extname(url)
    if (!pagePath) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(reply)
  })
}
