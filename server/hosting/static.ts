import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CODE, HEADER_BUSINESS_OFFSET, HEADER_SERVER_TIME } from '../../src/contract/envelope'
import { CITY_COOKIE, FIRST_ANSWERS, LANG_COOKIE, langOfTags } from '../../src/contract/firstAnswers'
import type { CardProduct } from '../../src/contract/member'
import type { SeckillListAnswer } from '../../src/contract/seckill'
import type { ModuleListAnswer, ServerInfo } from '../../src/contract/site'
import type { z } from 'zod'
import { fail } from '../http/envelope'
import { SHARE_IN_QUERY, firstAnswerUrl, insertAt, ownEntry, withFirstAnswers, type CallContext, type Drawn, type GivenAnswer } from './firstAnswers'
import { noncesOf, runtimeStyleNonce } from '../http/security'
import { cardShell, homeShell, meShell, ordersShell, withFirstScreen, type Drawing, type HomeScreenData } from './drawing'
import { nowMs } from '../time'
import { findRoute } from '../../src/routes'

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/
/** The headers of a first call's answer kept in the page (lower case, as inject gives them). */
const GIVEN_HEADERS = new Set(['content-type', HEADER_SERVER_TIME.toLowerCase(), HEADER_BUSINESS_OFFSET.toLowerCase()])
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
  // An own entry only: "/constructor" must not find Object's.
  const listed = chunks ? ownEntry(chunks.pages, page) : undefined
  const own = Array.isArray(listed) ? listed.filter((f) => typeof f === 'string' && !chunks?.entry.includes(f) && HASHED.test(f)) : []
  if (!own.length) return html
  const tags = [...own.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" href="/${f}">`), ...own.filter((f) => f.endsWith('.js')).map((f) => `<link rel="preload" as="script" href="/${f}">`)]
  return insertAt(html, '</head>', `${tags.join('')}</head>`)
}

/**
 * The page's stylesheets written into its HTML (issue 15): `<style data-href>` instead of `<link>`, so the first
 * screen paints with the document instead of after two or three more round trips that queue behind the scripts on a
 * slow phone's six connections. webpack's stylesheet loader finds a page's own by that `data-href` and does not fetch
 * it again. They are small (Home: ~10 KB, ~3 KB compressed with the page).
 */
export function withInlineStyles(html: string, read: (file: string) => string | null, nonce: string): string {
  return html.replace(/<link (?:href="(\/css\/[\w.-]+\.css)" rel="stylesheet"|rel="stylesheet" href="(\/css\/[\w.-]+\.css)")>/g, (tag, a?: string, b?: string) => {
    const href = (a ?? b) as string
    const css = read(href.slice(1))
    return css === null || /<\/style/i.test(css) ? tag : `<style nonce="${nonce}" data-href="${href}">${css}</style>`
  })
}

/**
 * The built index.html with the answer's nonces (server/http/security.ts) on its own inline scripts and styles (Taro's
 * rem script) — only the build's markup is given them, before anything from a request or the database is put in
 * the page — and, first in <head>, what gives the style nonce to the <style> elements the app's code adds at run
 * time (runtimeStyleNonce).
 */
export function withNonces(html: string, nonces: { script: string; style: string }): string {
  const tagged = html.replace(/<(script|style)(?=[\s>])([^>]*)>/g, (tag, name: string, attrs: string) => (/\ssrc=/.test(attrs) ? tag : `<${name} nonce="${name === 'script' ? nonces.script : nonces.style}"${attrs}>`))
  return insertAt(tagged, '<head>', `<head>${runtimeStyleNonce(nonces)}`)
}

/**
 * An `Accept-Language` header's tags, most preferred first (by `q`, then as written); `q=0` (not wanted) and malformed
 * entries left out; the first 20 entries read.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .slice(0, 20)
    .map((part, at) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean)
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, at }
    })
    .filter((e) => /^(?:[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)$/.test(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map((e) => e.tag)
}

/**
 * The shopper's language and city as the page's script kept them in cookies (server/hosting/pageScripts/firstAnswers.ts);
 * anything odd is ignored. The language cookie holds only a choice the shopper made (My account); without one the page
 * is drawn in the language the browser asks for (Accept-Language, the rule of src/contract/firstAnswers.ts), which is what
 * the app will follow (navigator.languages), so an English browser's first paint is English, not Chinese that flips.
 */
export function preferencesOf(req: FastifyRequest): CallContext {
  const cookies = new Map(
    (req.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((kv) => kv.length === 2)
      .map(([k, v]) => [k, v] as const),
  )
  const city = cookies.get(CITY_COOKIE)
  const share = SHARE_IN_QUERY.exec(req.url)
  const chosen = cookies.get(LANG_COOKIE)
  return {
    lang: chosen === 'en' || chosen === 'zh' ? chosen : langOfTags(acceptLanguageTags(req.headers['accept-language'])),
    city: city && /^[1-9]\d{0,8}$/.test(city) ? Number(city) : undefined,
    share: share ? share[1] : undefined,
  }
}

/**
 * The page's public first answers, answered by the server itself (inject: the very answer /api gives, headers and
 * all), by the URL the page will build for them — so the page makes none of them. Calls that need a session are
 * left to the page (the token is never in a cookie).
 */
async function givenAnswers(app: FastifyInstance, page: string, prefs: CallContext): Promise<Record<string, GivenAnswer>> {
  const given: Record<string, GivenAnswer> = {}
  for (const call of ownEntry(FIRST_ANSWERS, page) ?? []) {
    if (call[2] === 'signedIn') continue
    const url = firstAnswerUrl(call, prefs)
    const res = await app.inject({ method: 'GET', url })
    const headers: Record<string, string> = {}
    // What the app reads of an answer: its type and the clock (not the security headers every answer carries).
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string' && GIVEN_HEADERS.has(name)) headers[name] = value
    given[url] = { status: res.statusCode, text: res.payload, headers }
  }
  return given
}

/** The answer's data when it is a 200 with code OK. */
function dataOf<T>(answer: GivenAnswer | undefined): T | null {
  if (!answer || answer.status !== 200) return null
  try {
    const env = JSON.parse(answer.text) as { code?: number; data?: T }
    return env.code === CODE.OK && env.data ? env.data : null
  } catch {
    return null
  }
}

/** The data of the given answer to a path, if it is one. */
const givenData = (given: Record<string, GivenAnswer>, path: string) => dataOf(Object.entries(given).find(([url]) => url.startsWith(`/api/${path}?`))?.[1])

/** What Home's drawn first screen needs, from the answers given; null without the services (nothing to draw). */
function homeScreenData(given: Record<string, GivenAnswer>, prefs: CallContext): HomeScreenData | null {
  const modules = givenData(given, 'index/moduleList') as ModuleListAnswer | null
  const cities = givenData(given, 'website.hui_china_city/cityList') as HomeScreenData['cities']
  // A stored city the list does not name: the app shows the name the phone kept, which the server does not know.
  if (!modules || (prefs.city !== undefined && !cities?.list.some((c) => c.id === prefs.city))) return null
  return { modules, flash: givenData(given, 'hui_public.hsh_seckill_prod/index') as SeckillListAnswer | null, cities, cityId: prefs.city, now: nowMs() }
}

/**
 * The first screen the server draws into a tab's HTML (issue 15) and what it was drawn for: Home (any shopper, in
 * the kept city), Membership card, My orders and Me as a shopper who has not logged in sees them (the page drops
 * them when a session is kept: the server never sees the token).
 */
function firstScreen(page: string, given: Record<string, GivenAnswer>, prefs: CallContext): { drawing: Drawing; drawn: Drawn } | null {
  const lang = prefs.lang === 'en' ? 'en' : 'zh-CN'
  if (page === HOME_PAGE) {
    const home = homeScreenData(given, prefs)
    return home && { drawing: homeShell(home, lang), drawn: { lang: prefs.lang, city: prefs.city ?? null } }
  }
  if (page === 'pages/card/index') {
    const products = givenData(given, 'hui_public.card/index') as { list: CardProduct[] } | null
    return products && products.list.length > 0 ? { drawing: cardShell(lang, products.list), drawn: { lang: prefs.lang, signedOut: true } } : null
  }
  if (page === 'pages/orders/index') return { drawing: ordersShell(lang), drawn: { lang: prefs.lang, signedOut: true } }
  if (page === 'pages/personal/index') return { drawing: meShell(lang, givenData(given, 'index/serverInfo') as z.infer<typeof ServerInfo> | null), drawn: { lang: prefs.lang, signedOut: true } }
  return null
}

/**
 * index.html in the page's language: `<html lang>` (screen readers, the browser's translate offer) and the tab's
 * `<title>` (the route's, as the app will set it) — as built (zh-CN, 一卡通) the first paint of an English page was
 * announced as Chinese.
 */
export function inLanguage(html: string, page: string, lang: 'zh' | 'en'): string {
  // A path the app sends Home is titled as Home (the app's name).
  const route = findRoute(page) ?? findRoute(HOME_PAGE)
  const title = route ? (lang === 'en' ? route.en : route.zh) : ''
  const escaped = title.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
  const langAttr = ` lang="${lang === 'en' ? 'en' : 'zh-CN'}"`
  return html.replace(/<html\b([^>]*)>/, (_tag, attrs: string) => `<html${attrs.replace(/\slang="[^"]*"/, '')}${langAttr}>`).replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
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
  // Hashed file names: a name's content never changes.
  const styles = new Map<string, string | null>()
  const readStyle = (file: string): string | null => {
    if (!styles.has(file)) {
      const full = path.join(root, file)
      styles.set(file, full.startsWith(root + path.sep) && fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null)
    }
    return styles.get(file) ?? null
  }
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, url: string) => {
    const { html, chunks } = readBuild()
    // The answer depends on the preference cookies (language, city) and the browser's languages: no shared cache may
    // give one shopper's to another.
    reply.header('Cache-Control', NO_CACHE).header('Vary', 'Cookie, Accept-Language').type('text/html; charset=utf-8')
    const page = pageOfUrl(url)
    const prefs = preferencesOf(req)
    const given = await givenAnswers(app, page, prefs)
    const first = firstScreen(page, given, prefs)
    // Every inline script and style in the page carries this answer's nonces (server/http/security.ts).
    const nonces = noncesOf(reply)
    const out = withFirstAnswers(withInlineStyles(withPageChunks(withNonces(inLanguage(html, page, prefs.lang), nonces), chunks, page), readStyle, nonces.style), page, nonces, given, first?.drawn)
    return reply.send(first ? withFirstScreen(out, first.drawing, nonces) : out)
  }
  // "/" is Home; the static plugin would treat it as a directory.
  app.get('/', async (req, reply) => {
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(req, reply, '/')
  })

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]
    if (url.startsWith('/api/')) return reply.code(404).send(fail('endpoint_not_found'))
    const pagePath = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/sandbox/') && !path.extname(url)
    if (!pagePath) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`The H5 app is not built (${staticDir}): run npm run build:h5`)
    return sendIndex(req, reply, url)
  })
}
