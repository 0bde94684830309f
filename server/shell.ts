import { HOME_WORDS, hms } from '../src/contract/homeScreen'
import { centsToYuan } from '../src/contract/money'
import type { z } from 'zod'
import type { CityListAnswer, ModuleListAnswer } from '../src/contract/site'
import type { SeckillListAnswer } from '../src/contract/seckill'
import { findRoute } from '../src/routes'
import { parseText } from './time'

export const SHELL_ID = 'home-shell'
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
  // What Taro's router gives the app's document (it injects this from its script; the drawing comes before it).
  `#home-shell{font-family:-apple-system-font,Helvetica Neue,sans-serif;line-height:1.6;user-select:none;-webkit-user-select:none}`,
  'ocp-img{width:320px;height:240px;font-size:0;display:inline-block;position:relative;overflow:hidden}',
  'ocp-img>img{display:block;width:100%;height:100%}',
  'ocp-img[data-fill]>img{object-fit:cover}',
  'ocp-scroll{display:block;width:100%;overflow:hidden}',
].join('')

const view = (cls: string, inner: string): string => `<div class="${cls}">${inner}</div>`
const text = (cls: string, words: string): string => `<span class="${cls}">${escapeHtml(words)}</span>`
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

function words(lang: ShellLang) {
  const table: Record<string, string> = HOME_WORDS[lang]
  return (key: keyof (typeof HOME_WORDS)['zh-CN'], params: Record<string, string> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '')
}

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

/**
 * Home's first screen in its HTML (issue 15): what the app draws above the fold — the bar with the title, the
 * city and search row, the first banner with its words, the service grid and the flash-sale strip — from the same
 * answers the app is given, in the shopper's language, with the app's own class names (its stylesheets are in
 * <head>, so each thing lands where the app will draw it). It lies over the page until the app's Home has drawn
 * the same (src/platform/shell.h5.ts removes it in that render), so on a slow phone the shopper reads Home about
 * a second before the app has booted. Hidden from screen readers (the app's Home is what they read) and lets taps
 * through; a script drops it after SHELL_MAX_MS should the app never come.
 */
export function homeShell(d: HomeScreenData, lang: ShellLang): string {
  const w = words(lang)
  const route = findRoute('pages/index/index')
  const title = route ? (lang === 'en' ? route.en : route.zh) : ''
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
  return [
    `<div id="${SHELL_ID}" aria-hidden="true" data-lang="${lang}" style="position:fixed;top:0;left:0;right:0;bottom:0;z-index:1000;pointer-events:none;overflow:hidden;background:var(--bg)">`,
    `<style>${BASE_CSS}</style>`,
    '<div class="page"><div class="nav-bar"><div class="nav-bar__inner" style="height:44px"><div class="nav-bar__side"></div>',
    text('nav-bar__title', title),
    '<div class="nav-bar__side"></div></div></div>',
    view('page__body', top + flashStrip(d.flash, d.now, lang) + text('home-section-title', w('home.nearby'))),
    '</div></div>',
    // Drawn for another language or city than the phone keeps (server/early.ts): gone at once.
    `<script>(function(){var drop=function(){var s=document.getElementById("${SHELL_ID}");if(s&&s.parentNode)s.parentNode.removeChild(s)};if(window.__ocpDrawnWrong)drop();else setTimeout(drop,${SHELL_MAX_MS})})()</script>`,
  ].join('')
}

/** index.html for Home with its first screen drawn in (right after <body>, before the app's mount point). */
export const withHomeShell = (html: string, d: HomeScreenData, lang: ShellLang): string => html.replace(/<body>/, `<body>${homeShell(d, lang)}`)
