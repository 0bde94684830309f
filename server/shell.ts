import type { z } from 'zod'
import { ACCOUNT_WORDS, LANGUAGE_NAMES, ME_LINKS } from '../src/contract/accountWords'
import { APP_VERSION } from '../src/contract/appInfo'
import { CARD_WORDS } from '../src/contract/cardWords'
import { HOME_WORDS, hms } from '../src/contract/homeScreen'
import type { CardProduct } from '../src/contract/member'
import { centsToYuan } from '../src/contract/money'
import { ORDERS_WORDS } from '../src/contract/ordersWords'
import type { SeckillListAnswer } from '../src/contract/seckill'
import type { CityListAnswer, ModuleListAnswer, ServerInfo } from '../src/contract/site'
import { findRoute, type RoutePath } from '../src/routes'
import { fillWords } from '../src/contract/words'
import { insertAt } from './early'
import { parseText } from './time'

export const SHELL_ID = 'first-screen'
/** If the app never takes over (its scripts failed), the drawing does not stay over the page: gone after this. */
const SHELL_MAX_MS = 10_000
/** Flash-sale products drawn: as many as a 375-px-wide phone shows (3½), not the ten the app lists. */
const FLASH_DRAWN = 4

/** The shopper's language as the app names it (src/core/storage: Lang). */
export type ShellLang = 'zh-CN' | 'en'

/** What Home shows first, as the first calls answered it (the same answers the page is given: server/early.ts). */
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
  // server writes needs no 'unsafe-inline' of the CSP, server/security.ts).
  '#first-screen{position:fixed;top:0;left:0;right:0;bottom:0;z-index:1000;pointer-events:none;overflow:hidden;background:var(--bg)}',
  '#first-screen .nav-bar__inner{height:44px}',
  // What Taro's router gives the app's document (it injects this from its script; the drawing comes before it).
  `#first-screen{font-family:-apple-system-font,Helvetica Neue,sans-serif;line-height:1.6;user-select:none;-webkit-user-select:none}`,
  'ocp-img{width:320px;height:240px;font-size:0;display:inline-block;position:relative;overflow:hidden}',
  'ocp-img>img{display:block;width:100%;height:100%}',
  'ocp-img[data-fill]>img{object-fit:cover}',
  'ocp-scroll{display:block;width:100%;overflow:hidden}',
  // Taro's Button (its hairline border is a scaled pseudo-element).
  'ocp-btn{box-sizing:border-box;text-align:center;color:#000;background-color:#f8f8f8;border-width:0;border-radius:5px;width:100%;margin-left:auto;margin-right:auto;padding-left:14px;padding-right:14px;font-size:18px;line-height:2.55556;text-decoration:none;display:block;position:relative;overflow:hidden}',
  'ocp-btn:after{box-sizing:border-box;content:" ";transform-origin:0 0;border:1px solid rgba(0,0,0,.2);border-radius:10px;width:200%;height:200%;position:absolute;top:0;left:0;transform:scale(.5)}',
].join('')

const view = (cls: string, inner: string): string => `<div class="${cls}">${inner}</div>`
const text = (cls: string, words: string): string => `<span class="${cls}">${escapeHtml(words)}</span>`
const button = (cls: string, words: string): string => `<ocp-btn class="${cls}">${escapeHtml(words)}</ocp-btn>`
/** A picture covering its box (Taro's Image in aspectFill, as the app shows banners), fetched first. */
const image = (cls: string, src: string): string => `<ocp-img class="${cls}" data-fill><img src="${escapeHtml(src)}" alt="" fetchpriority="high"></ocp-img>`
/**
 * A picture's place without the picture: the box with its placeholder colour (the class's own background). Each SVG
 * picture costs the main thread ~60 ms at 4× CPU to load (measured: sixteen of them pushed the first paint from
 * ~1.4 s to ~2.1 s), time the app's boot needs more; the icons and products come with the app.
 */
const place = (cls: string): string => `<ocp-img class="${cls}"></ocp-img>`

/** Our own asset paths only (the answers carry /assets/… URLs); anything else is not drawn. */
const ownPicture = (src: string): string => (/^\/[\w./-]+$/.test(src) ? src : '')

/** A table's words in the shopper's language, `{name}` filled in (the app's `t`). */
function wordsOf<K extends string>(tables: { 'zh-CN': Record<K, string>; en: Record<K, string> }, lang: ShellLang) {
  const table: Record<K, string> = tables[lang]
  return (key: K, params: Record<string, string | number> = {}) => fillWords(table[key], params)
}
const words = (lang: ShellLang) => wordsOf(HOME_WORDS, lang)

/** The live (or next) flash-sale session's strip, as FlashStrip draws it; nothing when it would draw nothing. */
function flashStrip(flash: SeckillListAnswer | null, now: number, lang: ShellLang): string {
  const w = words(lang)
  const session = flash && (flash.sessions.find((s) => s.state === 'on') ?? flash.sessions.find((s) => s.state === 'upcoming'))
  if (!flash || !session || flash.list.length === 0) return ''
  const until = parseText(session.state === 'on' ? session.end_time : session.start_time).valueOf()
  const left = Number.isFinite(until) ? Math.max(0, Math.ceil((until - now) / 1000)) : 0
  const items = flash.list
    .slice(0, FLASH_DRAWN)
    .map((p) =>
      view(
        'home-flash__item',
        place('home-flash__img') +
          text('home-flash__name', p.name) +
          text('home-flash__price', `¥${centsToYuan(p.price)}`) +
          text('home-flash__original', `¥${centsToYuan(p.original_price)}`),
      ),
    )
    .join('')
  return view(
    'home-flash',
    view(
      'home-flash__head',
      text('home-flash__title', w('home.flash')) +
        text('home-flash__countdown', w(session.state === 'on' ? 'home.flashEnds' : 'home.flashStarts', { time: hms(left) })) +
        text('home-flash__more', w('home.more')),
    ) + `<ocp-scroll class="home-flash__list">${items}</ocp-scroll>`,
  )
}

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
 * another language or city than the phone keeps (server/early.ts), else after SHELL_MAX_MS should the app never
 * come. Hidden from screen readers (the app's page is what they read) and lets taps through. Its <style> and
 * <script> carry the answer's nonces (server/security.ts).
 */
export function drawingHtml({ route, lang, body }: Drawing, nonces: { script: string; style: string }): string {
  const def = findRoute(route)
  const title = def ? (lang === 'en' ? def.en : def.zh) : ''
  return [
    `<div id="${SHELL_ID}" aria-hidden="true" data-lang="${lang}">`,
    `<style nonce="${nonces.style}">${BASE_CSS}</style>`,
    '<div class="page"><div class="nav-bar"><div class="nav-bar__inner"><div class="nav-bar__side"></div>',
    text('nav-bar__title', title),
    '<div class="nav-bar__side"></div></div></div>',
    view('page__body', body),
    '</div></div>',
    `<script nonce="${nonces.script}">(function(){var drop=function(){var s=document.getElementById("${SHELL_ID}");if(s&&s.parentNode)s.parentNode.removeChild(s)};if(window.__ocpDrawnWrong)drop();else setTimeout(drop,${SHELL_MAX_MS})})()</script>`,
  ].join('')
}

/**
 * Home's first screen in its HTML (issue 15): what the app draws above the fold — the bar with the title, the
 * city and search row, the first banner with its words, the service grid and the flash-sale strip — from the same
 * answers the app is given, in the shopper's language, with the app's own class names (its stylesheets are in
 * <head>, so each thing lands where the app will draw it). The app removes it in the render that draws the same
 * (src/platform/shell.h5.ts), so on a slow phone the shopper reads Home about a second before the app has booted.
 */
export function homeShell(d: HomeScreenData, lang: ShellLang): Drawing {
  const w = words(lang)
  const city = d.cityId === undefined ? undefined : d.cities?.list.find((c) => c.id === d.cityId)
  const banners = d.modules.banners
  const first = banners[0]
  const carousel = first
    ? view(
        'home-carousel',
        `<ocp-scroll class="home-banners">${view(
          'home-banners__item',
          image('home-banners__img', ownPicture(first.image)) +
            view('home-banners__text', text('home-banners__title', first.title) + text('home-banners__go', w('home.bannerGo'))),
        )}</ocp-scroll>` +
          (banners.length > 1 ? view('home-carousel__dots', banners.map((_b, i) => view(`home-carousel__dot${i === 0 ? ' home-carousel__dot--on' : ''}`, '')).join('')) : ''),
      )
    : ''
  const grid = view(
    'home-grid',
    d.modules.modules
      .map((m) => view(`home-grid__item home-grid__item--${escapeHtml(m.key)}`, place('home-grid__icon') + text('home-grid__label', m.title)))
      .join(''),
  )
  const top = view(
    'home-top',
    view('home-bar', text('home-bar__city', `${city ? city.name : w('home.chooseCity')} ▾`) + view('home-bar__search', text('home-bar__placeholder', w('home.search')))) + carousel + grid,
  )
  return drawnPage('pages/index/index', lang, top + flashStrip(d.flash, d.now, lang) + text('home-section-title', w('home.nearby')))
}

/** My orders for a shopper who has not logged in (what the app shows then): why, and the way to log in. */
export function ordersShell(lang: ShellLang): Drawing {
  const w = wordsOf(ORDERS_WORDS, lang)
  const art = view('state__art', view('state__box', '') + view('state__lid', ''))
  return drawnPage('pages/orders/index', lang, view('state state--empty', art + text('state__title', w('orders.loginHint')) + button('state__action', w('orders.login'))))
}

/**
 * My account for a shopper who has not logged in: the way in, then the menu as AccountMenu lists it for them — the
 * customer-service line when the server's info is there (Me's HTML is given it, so the app's first render has it).
 */
export function meShell(lang: ShellLang, service: z.infer<typeof ServerInfo> | null): Drawing {
  const w = wordsOf(ACCOUNT_WORDS, lang)
  const header = view(
    'account-header account-header--anonymous',
    view('account-header__avatar', '') + view('account-header__text', button('account-header__login', w('me.login')) + text('account-header__hint', w('me.loginHint'))),
  )
  const items: Array<[key: string, label: string, value?: string]> = [
    ...ME_LINKS.map(([key, word]): [string, string] => [key, w(word)]),
    ['language', w('me.language'), LANGUAGE_NAMES[lang]],
    ...(service ? [['service', w('me.service'), service.service_phone] as [string, string, string]] : []),
    ['about', w('me.about'), APP_VERSION],
  ]
  const menu = view(
    'menu-list',
    items.map(([key, label, value]) => view(`menu-list__item menu-list__item--${key}`, text('menu-list__label', label) + (value ? text('menu-list__value', value) : '') + view('menu-list__chevron', ''))).join(''),
  )
  return drawnPage('pages/personal/index', lang, header + menu)
}

/**
 * Membership card for a shopper who has not logged in: the card products to choose from (the second one chosen, as
 * the app chooses it) and the buy bar with its price.
 */
export function cardShell(lang: ShellLang, products: readonly CardProduct[]): Drawing {
  const w = wordsOf(CARD_WORDS, lang)
  const chosen = products[1] ?? products[0]
  const list = products
    .map((p) =>
      view(
        `card-product card-product--level${p.level}${p === chosen ? ' card-product--chosen' : ''}`,
        view('card-product__head', text('card-product__name', p.name) + text('card-product__price', `¥${centsToYuan(p.price)}`)) +
          text('card-product__days', `${w('card.days', { days: p.days })} · ${w('card.memberRate', { rate: p.member_rate })}`) +
          p.benefits.map((b) => text('card-product__benefit', `· ${b}`)).join(''),
      ),
    )
    .join('')
  const bar = view('card-products__bar', view('card-products__sum', chosen ? text('card-products__total', `¥${centsToYuan(chosen.price)}`) : '') + button('btn-pill card-products__buy', w('card.buy')))
  return drawnPage('pages/card/index', lang, view('card-products', text('card-products__title', w('card.choose')) + list + bar))
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
