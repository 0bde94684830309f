import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { withEarlyCalls } from './early'
import { withHomeShell } from './shell'

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/
const HOME_PAGE = 'pages/index/index'

/** dist-h5/page-chunks.json (config/pageChunksPlugin.ts): the entry's files and each page's own. */
interface PageChunks {
  entry: string[]
  pages: Record<string, string[]>
}

/** The page a page URL opens ("/" is Home), as page-chunks.json names it. */
export const pageOfUrl = (url: string): string => {
  const p = url.split('?')[0].replace(/^\/+|\/+$/g, '')
  return p === '' ? HOME_PAGE : p
}

/**
 * index.html for one page URL (issue 15): the page's own chunks are named in <head> — its stylesheets linked,
 * its scripts preloaded — so the browser fetches them alongside the entry instead of after the app has booted
 * and found the route. webpack's loader then finds the same URLs (the stylesheet by href, the script in the
 * cache). Unknown pages get the plain file (the app sends them Home).
 */
export function withPageChunks(html: string, chunks: PageChunks | null, page: string): string {
  const own = chunks?.pages[page]?.filter((f) => !chunks.entry.includes(f) && HASHED.test(f))
  if (!own?.length) return html
  const tags = [...own.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" href="/${f}">`), ...own.filter((f) => f.endsWith('.js')).map((f) => `<link rel="preload" as="script" href="/${f}">`)]
  return html.replace('</head>', `${tags.join('')}</head>`)
}

/** index.html and page-chunks.json as built, read again when the build changes (npm run build:h5 while serving). */
function buildReader(root: string) {
  let stamp = ''
  let html = ''
  let chunks: PageChunks | null = null
  return (): { html: string; chunks: PageChunks | null } => {
    const indexFile = path.join(root, 'index.html')
    const chunkFile = path.join(root, 'page-chunks.json')
    const now = [indexFile, chunkFile].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)).join(':')
    if (now !== stamp) {
      stamp = now
      html = fs.readFileSync(indexFile, 'utf8')
      try {
        chunks = JSON.parse(fs.readFileSync(chunkFile, 'utf8')) as PageChunks
      } catch {
        chunks = null
      }
    }
    return { html, chunks }
  }
}
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
      // The build writes .br / .gz beside each script and stylesheet at the best ratio (config/index.ts): sent as
      // they are to a browser that accepts them, instead of compressing at quality 4 on every request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // A precompressed file is named by its original (app.1234abcd.js.br is app.1234abcd.js).
        const original = filePath.replace(/\.(br|gz)$/, '')
        res.setHeader('Cache-Control', HASHED.test(original) ? FOREVER : NO_CACHE)
        if (original !== filePath || fs.existsSync(`${filePath}.br`)) res.setHeader('Vary', 'Accept-Encoding')
      },
    })
  }

  const readBuild = buildReader(root)
  const sendIndex = (reply: FastifyReply, url: string) => {
    const { html, chunks } = readBuild()
    reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8')
    const page = pageOfUrl(url)
    const withChunks = withPageChunks(html, chunks, page)
    const early = withEarlyCalls(withChunks, page)
    return reply.send(page === HOME_PAGE ? withHomeShell(early) : early)
  }
  // "/" is Home; the static plugin would treat it as a directory.
  app.get('/', async (_req, reply) => {
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(reply, '/')
  })

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]
    if (url.startsWith('/api/')) return reply.code(404).send({ code: 0, msg: '接口不存在', data: null })
    const pagePath = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/sandbox/') && !path.extname(url)
    if (!pagePath) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(reply, url)
  })
}
