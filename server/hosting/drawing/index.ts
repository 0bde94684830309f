import type { z } from 'zod'
import { ACCOUNT_WORDS } from '../../../src/contract/accountWords'
import { CARD_WORDS } from '../../../src/contract/cardWords'
import { HOME_WORDS } from '../../../src/contract/homeScreen'
import type { CardProduct } from '../../../src/contract/member'
import { ORDERS_WORDS } from '../../../src/contract/ordersWords'
import type { SeckillListAnswer } from '../../../src/contract/seckill'
import type { CityListAnswer, ModuleListAnswer, ServerInfo } from '../../../src/contract/site'
import { findRoute, type RoutePath } from '../../../src/routes'
import { fillWords } from '../../../src/contract/words'
import { DRAWING_ID, insertAt } from '../firstAnswers'
import { pageScript } from '../pageScripts/build'
import { parseText } from '../../time'
import { drawingRenderers } from './views'

/** If the app never takes over (its scripts failed), the drawing does not stay over the page: gone after this. */
const DRAWING_MAX_MS = 10_000

/** The shopper's language as the app names it (src/core/storage: Lang). */
export type ShellLang = 'zh-CN' | 'en'

/** What Home shows first, as the first calls answered it (the same answers the page is given: server/hosting/firstAnswers.ts). */
export interface HomeScreenData {
  modules: ModuleListAnswer
  flash: SeckillListAnswer | null
  cities: z.infer<typeof CityListAnswer> | null
  /** The stored city (its id), when the shopper chose one. */
  cityId: number | undefined
  /** The server's clock when the page is answered (ms): the countdown's start. */
  now: number
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** Text and attribute values from the database (names merchants typed) never become markup. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c])

// The app's Taro components, as plain HTML with the same boxes: View a block, Text inline, Image an inline-block
// box that clips its picture (the component library's own rules, at the same low specificity — element
// selectors — so the page's class rules win over them as they do over the components').
const BASE_CSS = [
  // Fixed over the page, letting taps through (rules in the drawing's nonce'd <style>, no style attributes: what the
  // server writes needs no 'unsafe-inline' of the CSP, server/http/security.ts).
  '#first-screen{position:fixed;top:0;left:0;right:0;bottom:0;z-index:1000;pointer-events:none;overflow:hidden;background:var(--bg)}',
  '#first-screen .nav-bar__inner{height:44px}',
  // What Taro's router gives the app's document (it injects this from its script; the drawing comes before it). The
  // font is the body's, the app's own (src/app.css): Taro's "-apple-system-font, Helvetica Neue, sans-serif" drew Latin
  // words in another font than the app's once the page said <html lang="en"> (sans-serif follows the language).
  `#first-screen{line-height:1.6;user-select:none;-webkit-user-select:none}`,
  'ocp-img{width:320px;height:240px;font-size:0;display:inline-block;position:relative;overflow:hidden}',
  'ocp-img>img{display:block;width:100%;height:100%}',
  'ocp-img[data-fill]>img{object-fit:cover}',
  'ocp-scroll{display:block;width:100%;overflow:hidden}',
  // Taro's Button (its hairline border is a scaled pseudo-element).
  'ocp-btn{box-sizing:border-box;text-align:center;color:#000;background-color:#f8f8f8;border-width:0;border-radius:5px;width:100%;margin-left:auto;margin-right:auto;padding-left:14px;padding-right:14px;font-size:18px;line-height:2.55556;text-decoration:none;display:block;position:relative;overflow:hidden}',
  'ocp-btn:after{box-sizing:border-box;content:" ";transform-origin:0 0;border:1px solid rgba(0,0,0,.2);border-radius:10px;width:200%;height:200%;position:absolute;top:0;left:0;transform:scale(.5)}',
].join('')

const text = (cls: string, words: string): string => `<span class="${cls}">${escapeHtml(words)}</span>`
/** Our own asset paths only (the answers carry /assets/… URLs); anything else is not drawn. */
const ownPicture = (src: string): string => (/^\/[\w./-]+$/.test(src) ? src : '')

/** A table's words in the shopper's language, `{name}` filled in (the app's `t`). */
function wordsOf<K extends string>(tables: { 'zh-CN': Record<K, string>; en: Record<K, string> }, lang: ShellLang) {
  const table: Record<K, string> = tables[lang]
  return (key: K, params: Record<string, string | number> = {}) => fillWords(table[key], params, lang)
}
const words = (lang: ShellLang) => wordsOf(HOME_WORDS, lang)

/** A tab's first screen as drawn (the body of its page), before it is put in a page (withFirstScreen). */
export interface Drawing {
  route: RoutePath
  lang: ShellLang
  body: string
}

/** A tab's first screen: the page's body drawn for `route` in `lang`. */
const drawnPage = (route: RoutePath, lang: ShellLang, body: string): Drawing => ({ route, lang, body })

/**
 * A drawing's HTML, fixed over the page: the app's page frame (the bar with the route's title, the body) around its
 * body, the base rules of the components it uses, and the script that drops it — at once when it was drawn for
 * another language or city than the phone keeps (server/hosting/pageScripts/firstAnswers.ts), else after DRAWING_MAX_MS should the app never
 * come. Hidden from screen readers (the app's page is what they read) and lets taps through. Its <style> and
 * <script> carry the answer's nonces (server/http/security.ts).
 */
export function drawingHtml({ route, lang, body }: Drawing, nonces: { script: string; style: string }): string {
  const def = findRoute(route)
  const title = def ? (lang === 'en' ? def.en : def.zh) : ''
  return [
    `<div id="${DRAWING_ID}" aria-hidden="true" data-lang="${lang}">`,
    `<style nonce="${nonces.style}">${BASE_CSS}</style>`,
    '<div class="page"><div class="nav-bar"><div class="nav-bar__inner"><div class="nav-bar__side"></div>',
    text('nav-bar__title', title),
    '<div class="nav-bar__side"></div></div></div>',
    `<div class="page__body">${body}</div>`,
    '</div></div>',
    `<script nonce="${nonces.script}">${pageScript('dropDrawing', { id: DRAWING_ID, maxMs: DRAWING_MAX_MS })}</script>`,
  ].join('')
}

/**
 * Home's first screen in its HTML (issue 15): what the app draws above the fold — the bar with the title, the
 * city and search row, the banner carousel, the service grid and the flash-sale strip — rendered from the app's own
 * views (src/views, through ./views.ts) with the same answers the app is given, in the shopper's language (its
 * stylesheets are in <head>, so each thing lands where the app will draw it). The app removes it in the render that
 * draws the same (src/platform/firstScreen.h5.ts), so on a slow phone the shopper reads Home about a second before
 * the app has booted.
 */
export function homeShell(d: HomeScreenData, lang: ShellLang): Drawing {
  const city = d.cityId === undefined ? undefined : d.cities?.list.find((c) => c.id === d.cityId)
  const body = drawingRenderers().homeScreenHtml({
    t: words(lang),
    cityName: city?.name,
    modules: d.modules,
    flash: d.flash,
    flashLeft: (until) => {
      const at = parseText(until).valueOf()
      return Number.isFinite(at) ? Math.max(0, Math.ceil((at - d.now) / 1000)) : 0
    },
    picture: ownPicture,
  })
  return drawnPage('pages/index/index', lang, body)
}

/** My orders for a shopper who has not logged in (what the app shows then): why, and the way to log in. */
export function ordersShell(lang: ShellLang): Drawing {
  const w = wordsOf(ORDERS_WORDS, lang)
  return drawnPage('pages/orders/index', lang, drawingRenderers().ordersScreenHtml({ title: w('orders.loginHint'), action: w('orders.login') }))
}

/**
 * My account for a shopper who has not logged in: the way in, then the menu as the app lists it for them — the
 * customer-service line when the server's info is there (Me's HTML is given it, so the app's first render has it).
 */
export function meShell(lang: ShellLang, service: z.infer<typeof ServerInfo> | null): Drawing {
  return drawnPage('pages/personal/index', lang, drawingRenderers().meScreenHtml({ t: wordsOf(ACCOUNT_WORDS, lang), lang, servicePhone: service?.service_phone }))
}

/** Membership card for a shopper who has not logged in: the card products to choose from (the first choice chosen) and the buy bar with its price. */
export function cardShell(lang: ShellLang, products: readonly CardProduct[]): Drawing {
  return drawnPage('pages/card/index', lang, drawingRenderers().cardScreenHtml({ t: wordsOf(CARD_WORDS, lang), products }))
}

/**
 * index.html with a first screen drawn in (right after <body>, before the app's mount point), and the app's scripts
 * asked for after it: from the end of <body> instead of <head>, so the drawing's bytes do not share a slow phone's
 * bandwidth with the scripts' (their requests would start as soon as <head> is read). They are deferred either
 * way: they run after the document, in the same order.
 */
export function withFirstScreen(html: string, drawing: Drawing, nonces: { script: string; style: string }): string {
  const scripts: string[] = []
  const head = html.replace(/<script defer="defer" src="[^"]+"><\/script>|<link rel="preload" as="script" href="[^"]+">/g, (tag) => {
    scripts.push(tag)
    return ''
  })
  // Inserted as they are (insertAt): the drawing holds merchants' words, where `$&` or `$'` must stay text.
  return insertAt(insertAt(head, '<body>', `<body>${drawingHtml(drawing, nonces)}`), '</body>', `${scripts.join('')}</body>`)
}
