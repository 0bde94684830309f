import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { HEADER_TOKEN } from '../../src/contract/envelope'
import { pageQueryOf, receiptParamsOf } from '../../src/contract/receiptLink'

/**
 * Where the H5 app loads WeChat's JSSDK from (src/platform/jssdk.h5.ts: JSSDK_SRC, a script it adds at run time
 * inside WeChat). A test checks the two agree.
 */
export const JSSDK_ORIGIN = 'https://res.wx.qq.com'

/**
 * The Content-Security-Policy of every answer (issue 23). Inline scripts and styles run only with the answer's
 * nonce (`'nonce-…'` is added to script-src and style-src per response by @fastify/helmet): the server writes it on
 * every inline <script> and <style> it puts in a page (server/hosting/static.ts, firstAnswers.ts, drawing/, the sandbox cashier),
 * and the <style> elements the H5 app's code adds at run time get it too (runtimeStyleNonce). Markup
 * that gets into a page any other way — a merchant's name escaped wrong one day — does not run.
 *
 * Measured in Chromium over the e2e tier (e2e/browser.ts fails a test on any violation: journeys, first screens,
 * the drawn tabs, the camera scanner, every screen axe visits, the cashier), each source below is what a page needs:
 */
const DIRECTIVES = {
  'default-src': ["'self'"],
  // The app's webpack chunks ('self'), the server's inline scripts (nonce), and WeChat's JSSDK where the app adds it.
  'script-src': ["'self'", JSSDK_ORIGIN],
  // No onclick="…" anywhere: the app and the cashier attach handlers from script.
  'script-src-attr': ["'none'"],
  // The app's stylesheets ('self') and the inline <style> elements the server writes and the app adds (nonce).
  'style-src': ["'self'"],
  // Style attributes: Taro's H5 toast, loading and modal (@tarojs/taro-h5 showToast…) build their boxes with
  // setAttribute('style', …) — measured: four blocked at every toast, which then shows unstyled. A style attribute
  // runs no script and loads only what img-src allows; the server's drawing and the cashier use none.
  'style-src-attr': ["'unsafe-inline'"],
  // The pictures: our own (/assets, /uploads), and data: ones — index.html's favicon, the icons of Taro's toast.
  'img-src': ["'self'", 'data:'],
  // Taro's base rules (its router adds them) carry WeUI's icon font as a data: URL; the web-view page uses it.
  'font-src': ["'self'", 'data:'],
  // Every call goes to this origin (TARO_APP_API_BASE is empty: same origin; a build that calls another host must
  // name it here). The camera scanner's preview plays a MediaStream (srcObject: no URL, nothing to allow).
  'connect-src': ["'self'"],
  // The web-view page frames only https pages, each checked against the build's own list of hosts
  // (src/features/webView/allowList.ts, TARO_APP_WEBVIEW_HOSTS, which the server does not know).
  'frame-src': ['https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // Nobody frames the app (click-jacking), with ONE exception: the receipt page opened by WeChat Pay in its frame
  // (receiptFrameException below).
  'frame-ancestors': ["'none'"],
}

/** The sandbox cashier's page: its own inline script and style (nonce), its calls to this origin, nothing else. */
export const CASHIER_DIRECTIVES = {
  'default-src': ["'none'"],
  'script-src': [],
  'style-src': [],
  'img-src': ['data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
}

/**
 * The H5 app's code adds <style> elements as it runs: Taro's components (Stencil gives them the nonce of
 * `<meta name="csp-nonce">`) and Taro's router (the app's base rules, the page transitions, the navigation bar:
 * `document.createElement('style')`, no nonce — measured: seven blocked on every page). This, first in <head>, gives
 * the meta to Stencil, and the style nonce to every <style> a script creates with `document.createElement` (before
 * any of the app's scripts runs). A script that runs is trusted already (its own nonce, or this origin); markup
 * injected into the page is not made by createElement, so an injected <style> stays blocked.
 */
export const runtimeStyleNonce = (nonces: { script: string; style: string }): string =>
  `<meta name="csp-nonce" content="${nonces.style}"><script nonce="${nonces.script}">(function(d){var n=${JSON.stringify(nonces.style)},make=d.createElement;d.createElement=function(){var el=make.apply(d,arguments);if(el.tagName==="STYLE")el.nonce=n;return el}})(document)</script>`

/** The nonces of this answer: one for scripts, one for styles (set by @fastify/helmet in onRequest). */
export const noncesOf = (reply: FastifyReply): { script: string; style: string } => reply.cspNonce

/** Every answer under /api depends on who asks (the token, the shopper's coupons, cards and orders) or may: */
export const API_CACHE_CONTROL = 'private, no-store'

const isApiPath = (url: string | undefined) => !!url && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))

/**
 * The headers every answer carries (issue 23), registered once per kind of answer so that a new route cannot forget
 * them — every /api answer here (apiHeaders, for the whole server), every document by documentHeaders (the pages' scope):
 * - Content-Security-Policy (above) with per-response nonces, X-Frame-Options DENY and `frame-ancestors 'none'`,
 *   X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin (another site sees our origin,
 *   never a path with an order id or a referral; WeChat Pay's H5 checks the Referer's domain), and helmet's
 *   other defaults (Cross-Origin-Opener-Policy, Origin-Agent-Cluster, …).
 * - Under /api: `Cache-Control: private, no-store` and `Vary: Access-Token` on every answer, whatever the route:
 *   most answers depend on the token (personal.*, `claimed` coupons, flash-sale `bought`, a card's till secret),
 *   and the public ones are small and asked for once per screen — a cache (a CDN, a shared proxy) keeps none.
 *   The answers of the framework's own errors (app.ts frameworkErrors) skip the hooks and set the same there.
 * Not set here: Strict-Transport-Security (the TLS terminator in front knows whether the site is https) and
 * Cross-Origin-Resource-Policy (the mini-program's pages, another origin, show /assets and /uploads pictures).
 */
export function apiHeaders(app: FastifyInstance, more: Readonly<{ stamp: (reply: FastifyReply) => void }>): void {
  // One synchronous hook for all of an /api answer's headers: each hook costs every answer its call (docs/performance.md).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isApiPath(req.url) || isApiPath(req.raw.url)) {
      for (const name in API_HEADERS) reply.header(name, API_HEADERS[name])
      reply.header('Cache-Control', API_CACHE_CONTROL).header('Vary', HEADER_TOKEN)
      more.stamp(reply)
      // An unknown /api path is answered by the pages' not-found handler, which helmet does not skip: take its
      // document headers off again (helmet sets them all or none).
      if (reply.hasHeader(DOCUMENT_HEADERS[0])) for (const name of DOCUMENT_HEADERS) reply.removeHeader(name)
    }
    done(null, payload)
  })
}

/**
 * @fastify/helmet for the documents (the H5 pages, the not-found page, the sandbox's pages and pictures): registered
 * only in the scope that serves them (app.ts), since its hooks — one of them async — would otherwise run on every
 * /api answer too, which goes without them (docs/performance.md). An /api route inside that scope (the sandbox's
 * notifications) skips it.
 */
export async function documentHeaders(pages: FastifyInstance, options: { receiptFrameOrigin: string } = { receiptFrameOrigin: 'https://payapp.weixin.qq.com' }): Promise<void> {
  // Added before helmet's own onRoute hook, which reads it.
  pages.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && route.helmet === undefined) route.helmet = false
  })
  receiptFrameException(pages, options.receiptFrameOrigin)
  await pages.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
  })
}

/**
 * The receipt page as WeChat Pay opens it in its frame (点金计划 商家小票: server/domain/pay/receipt.ts): its path, and the
 * query the app's router will read (pageQueryOf) passing the app's own rule for drawing the receipt (receiptParamsOf,
 * src/contract/receiptLink.ts) — the page is framed exactly when it draws the receipt (issue 43: `?id=…&check_code=` was framed).
 */
export const isReceiptFrameRequest = (url: string | undefined): boolean => {
  if (!url) return false
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  return path === RECEIPT_FRAME_PATH && q >= 0 && receiptParamsOf(pageQueryOf(url.slice(q + 1))) !== null
}
const RECEIPT_FRAME_PATH = '/pages/orders/orderInfo'

/**
 * The ONE exception to `frame-ancestors 'none'` (issue 16 left room for it): the receipt page, opened with WeChat Pay's
 * parameters (check_code), may be framed by WeChat Pay's page (GOLDPLAN_FRAME_ORIGIN; https://payapp.weixin.qq.com) —
 * that origin alone, and X-Frame-Options (which cannot name an origin) goes. Every other document, the same page
 * opened with `?id=` included, keeps `frame-ancestors 'none'` and X-Frame-Options DENY.
 */
function receiptFrameException(pages: FastifyInstance, origin: string): void {
  pages.addHook('onSend', (req, reply, payload, done) => {
    if (req.method === 'GET' && isReceiptFrameRequest(req.url)) {
      const csp = reply.getHeader('Content-Security-Policy')
      if (typeof csp === 'string') reply.header('Content-Security-Policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${origin}`))
      reply.removeHeader('X-Frame-Options')
    }
    done(null, payload)
  })
}

/**
 * The headers of every /api answer, set once per request (no per-answer work): OWASP's REST Security Cheat Sheet's set
 * for API responses — `Content-Type` (Fastify's), `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, a CSP
 * with `frame-ancestors 'none'` (ours is also `default-src 'none'`: an answer opened as a document runs and loads
 * nothing, as the pictures', server/demo/assets.ts) and `Cache-Control: no-store` (the onSend hook below); HSTS is the
 * TLS terminator's. helmet's other headers act on HTML documents (COOP, Origin-Agent-Cluster, Referrer-Policy,
 * X-DNS-Prefetch-Control) or on browsers and plug-ins long gone (X-Download-Options: IE 8, X-XSS-Protection,
 * X-Permitted-Cross-Domain-Policies: Flash): pages keep them, a JSON answer gains nothing from them and each costs
 * every answer its write and parse (issue 24, docs/performance.md).
 */
/** helmet's headers for documents, which an /api answer goes without (API_HEADERS). */
const DOCUMENT_HEADERS = [
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const

export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
}

/** The cache headers of an /api answer written outside the hooks (app.ts frameworkErrors). */
export const apiCacheHeaders = (): Record<string, string> => ({ 'Cache-Control': API_CACHE_CONTROL, Vary: HEADER_TOKEN })
