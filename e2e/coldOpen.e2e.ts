/**
 * Every route opened cold looks as it does reached in the app (issue 24). Add/edit address opened directly or after a
 * reload had no styling — labels stacked, a grey Save the width of the screen — because its stylesheet came only
 * with the address list's chunk: in the app, where the list was opened first, it looked right.
 *
 * For every route of src/routes.ts (with the query it needs to show content), in zh, as a signed-in shopper:
 * - cold: the URL opened directly (a new document; the server links the page's chunks, the app boots on it);
 * - in the app: one session that opens Home and goes to each route in turn with Taro's own navigateTo (switchTab for
 *   a tab), back Home after each — so the stylesheets other pages' chunks brought are in the document, as they are
 *   for a shopper who went there.
 * On each: the CSS rules that match something on the page (by their text, each named with its file: <link> or the
 * server's <style data-href>) and the computed styles of the page's elements (keyed by tag, classes and occurrence; elements only one
 * side has — the bar's Home or Back — are left out). Any difference fails, listed by route. One pass per route and
 * language; every wait bounded. reports/cold-open.json keeps what was compared.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, DPR, LANG_EN, callsDone, launch, logIn, phone, placeOrder, placeParcel, seedAddressAndCoupon, serverClock, settled, shot, still, watchCalls } from './browser'
import { EXAMPLE_PAGE } from './screens'
import { HOME_PATH, ROUTES, TAB_PATHS } from '../src/routes'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'

type Lang = 'zh' | 'en'
/**
 * One language: which rules style a page comes from the stylesheets in the document — the route's chunks, and the
 * chunks of the routes visited before it in the app — never from the language (no `:lang()` rule, no language class:
 * checked below on the build's CSS). An English pass compared the same stylesheets again at twice the cost (~70 s of
 * CI's CPU); the English screens are looked at where axe opens them (axe.e2e.ts).
 */
const LANG: Lang = 'zh'
const DIST_CSS = path.resolve(__dirname, '..', 'dist-h5', 'css')
const PHONE = '13800002403'
const REPORT = path.resolve(__dirname, '..', 'reports', 'cold-open.json')

/** What a route needs in its query to show content (PAID: a paid bill; PARCEL: a shipped mall parcel). */
const QUERY: Record<string, string> = {
  'pages/payBill/index': 'shop_id=1',
  'pages/payBill/oil': 'station_id=6',
  'pages/payBill/success': 'id=PAID',
  'pages/orders/detail': 'id=PAID',
  'pages/orders/orderInfo': 'id=PAID',
  'pages/seckill/detail': 'id=16',
  'pages/vMall/detail': 'id=1',
  'pages/special/index': 'id=1',
  'pages/shops/details': 'id=1',
  'pages/logistics/index': 'id=PARCEL',
  'pages/code/index': 'scene=NOPE-404',
  'pages/webView/index': `url=${encodeURIComponent(EXAMPLE_PAGE)}`,
}

/** Computed properties compared: what a stylesheet sets, not what the content's length makes (widths, heights). */
const PROPS = [
  'display',
  'position',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'align-items',
  'justify-content',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'font-size',
  'font-weight',
  'line-height',
  'color',
  'background-color',
  'border-top-width',
  'border-bottom-width',
  'border-top-left-radius',
  'text-align',
  'white-space',
  'box-sizing',
  'visibility',
]

interface Rule {
  /** As written, with its @media. */
  text: string
  /** The file it came from: a <link>'s, the server's <style data-href>, or "<style>" (added by a script). */
  sheet: string
  /** Keys of the elements it matches (elements without a class have none). */
  elements: string[]
  hash: number
}

interface Look {
  /** Where the page ended (a route may send the shopper on). */
  at: string
  /** The rules that match something on the page. */
  rules: Rule[]
  /** Hashes of every rule in the document. */
  present: number[]
  styles: Record<string, string>
}

let browser: Browser
const contexts: BrowserContext[] = []
let storage: Awaited<ReturnType<BrowserContext['storageState']>>
let paidBill = 0
let parcel = 0
const report: Record<string, Record<string, { differences: string[] }>> = {}

beforeAll(async () => {
  // Flash sales show the session on now: the server's clock is held at 12:00 of its day for the file (hours from a
  // session's end), so the cold and in-app passes see the same session whenever they run; reset in afterAll.
  await holdFlashSession(serverClock)
  browser = await launch()
  const zh = await phone(browser)
  const token = await logIn(zh.page, PHONE)
  expect(token).not.toBe('')
  await seedAddressAndCoupon(token)
  await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-cold-card-1' }, true)
  paidBill = await placeOrder(token, { kind: 'bill', shop_id: 1, amount: 12800, client_request_id: 'e2e-cold-bill-1' }, true)
  parcel = await placeParcel(token, 'e2e-cold-mall-1', 'sandbox')
  await zh.page.close()
  storage = await zh.context.storageState()
  await zh.context.close()
}, 180000)

/** A signed-in shopper's browser in a language: a context of its own per pass (two pages of one context at once
 * disturbed each other's looks — a rule missing from one document's styles — measured on 2026-11-26). */
async function shopperContext(lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: storage })
  if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  await context.route(`${EXAMPLE_PAGE}*`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><head><title>Example</title></head><body><main><h1>An example page</h1></main></body></html>' }))
  contexts.push(context)
  return context
}

afterAll(async () => {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true })
  fs.writeFileSync(REPORT, JSON.stringify(report, null, 1))
  for (const c of contexts) await c.close()
  await browser?.close()
  await releaseServerClock(serverClock)
})

const urlOf = (route: string): string => {
  const q = (QUERY[route] ?? '').replace(/\bPAID\b/, String(paidBill)).replace(/\bPARCEL\b/, String(parcel))
  return `/${route}${q ? `?${q}` : ''}`
}

/**
 * The page settled, every /api call it made answered (at most 60 s), its content in (no skeleton: at most 30 s), Taro's
 * components loaded (each Stencil component's `componentOnReady`: it adds its styles to the document as it loads —
 * taken before, a look missed them; at most 30 s), the DOM quiet for 400 ms (at most 4 s), the calls answered again,
 * then still.
 */
async function ready(page: Page): Promise<void> {
  await settled(page)
  // Every call the page made answered: a look taken while Home's flash sales were still on their way (its shops
  // already in) compared the strip's pictures as missing in one pass and there in the other. The bounds below are for
  // a hang, not for speed: past one the look is taken unready, so they are far above what a page takes (a run at load
  // ~29 compared Home's strip as missing again with 15 s here; another look at the calls closes this wait too).
  await callsDone(page, 60_000)
  await page
    .evaluate(
      () =>
        Promise.race([
          Promise.all(
            Array.from(document.querySelectorAll('*'))
              .filter((el) => el.tagName.startsWith('TARO-'))
              .map((el) => (el as Element & { componentOnReady?: () => Promise<unknown> }).componentOnReady?.()),
          ),
          new Promise((resolve) => setTimeout(resolve, 30_000)),
        ]).then(() => undefined),
    )
    .catch(() => undefined)
  await page
    .waitForFunction(
      () => {
        const shown = Array.from(document.querySelectorAll('.taro_router > .taro_page')).filter((el) => !el.classList.contains('taro_page_shade'))
        return shown.length === 1 && !shown[0].querySelector('.skeleton')
      },
      null,
      { timeout: 30_000 },
    )
    .catch(() => undefined)
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Date.now()
        const start = last
        const observer = new MutationObserver(() => {
          last = Date.now()
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
        const tick = () => {
          const now = Date.now()
          if (now - last >= 400 || now - start > 4000) {
            observer.disconnect()
            resolve()
          } else setTimeout(tick, 100)
        }
        setTimeout(tick, 100)
      }),
  )
  // A call the page began while it settled (after the first look at the calls) answered too.
  await callsDone(page, 60_000)
  await still(page).catch(() => undefined)
}

/** The CSS rules styling the page on screen and its elements' computed styles (runs in the page). */
function lookOf(props: string[]): Look {
  const shown = Array.from(document.querySelectorAll('.taro_router > .taro_page')).filter((el) => !el.classList.contains('taro_page_shade'))
  const root = shown[shown.length - 1]
  const at = location.pathname
  if (!root) return { at, rules: [], present: [], styles: {} }
  // Pseudo-elements and states never match an element as it is: drop them to ask whether the rule's element is here.
  const PSEUDO = /::?(?:before|after|placeholder|selection|first-line|first-letter|marker|backdrop|-webkit-[\w-]+|-moz-[\w-]+)(?:\([^)]*\))?|:(?:hover|active|focus|focus-visible|focus-within|visited|link)\b/g
  const hits = (selector: string): Element[] | null => {
    const clean = selector.replace(PSEUDO, '')
    if (!clean.trim()) return null
    try {
      const all = [...(root.matches(clean) ? [root] : []), ...Array.from(root.querySelectorAll(clean)).slice(0, 50)]
      return all.length ? all : null
    } catch {
      return null
    }
  }
  const nameOf = (sheet: CSSStyleSheet): string => {
    if (sheet.href) return new URL(sheet.href).pathname
    const given = (sheet.ownerNode as Element | null)?.getAttribute?.('data-href')
    return given || '<style>'
  }
  // Every rule that matches something on the page, as written (its @media with it): the same rule in two files
  // (a module two chunks both carry) is one rule.
  // Elements by key: tag, classes, occurrence (the same element cold and in the app).
  const keys = new Map<Element, string>()
  const seen: Record<string, number> = {}
  const styles: Record<string, string> = {}
  for (const el of Array.from(root.querySelectorAll('[class]')).slice(0, 800)) {
    const classes = Array.from(el.classList).sort().join('.')
    if (!classes) continue
    const name = `${el.tagName.toLowerCase()}.${classes}`
    seen[name] = (seen[name] ?? 0) + 1
    const key = `${name}#${seen[name]}`
    keys.set(el, key)
    const cs = getComputedStyle(el)
    styles[key] = props.map((p) => `${p}: ${cs.getPropertyValue(p)}`).join('; ')
  }
  // Every rule matching something on the page, as written (with its @media): the same rule in two files (a module
  // two chunks both carry) is one rule. With the elements it matches, by key (none: elements without a class).
  const found = new Map<string, Omit<Rule, 'hash'>>()
  // Every rule in the document (matching or not), hashed (FNV-1a): a rule styling the page on one side only is a
  // difference when the other side's document does not have it at all (a stylesheet missing), not when it does and
  // the page's elements stand differently (two buttons in the app, Back and Home; Home alone cold).
  const present = new Set<number>()
  const hash = (text: string): number => {
    let h = 0x811c9dc5
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
    return h
  }
  const visit = (list: CSSRuleList, sheet: string, context: string): void => {
    for (const rule of Array.from(list)) {
      if (rule instanceof CSSStyleRule) {
        const text = `${context}${rule.cssText}`
        present.add(hash(text))
        if (found.has(text)) continue
        const hit = hits(rule.selectorText)
        if (hit) found.set(text, { text, sheet, elements: hit.map((el) => keys.get(el)).filter((k): k is string => k !== undefined) })
      } else if (rule instanceof CSSMediaRule) {
        if (window.matchMedia(rule.media.mediaText).matches) visit(rule.cssRules, sheet, `${context}@media ${rule.media.mediaText} `)
      } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules, sheet, context)
    }
  }
  for (const sheet of Array.from(document.styleSheets)) {
    if (sheet.disabled) continue
    let list: CSSRuleList
    try {
      list = sheet.cssRules
    } catch {
      continue
    }
    visit(list, nameOf(sheet), '')
  }
  return { at, rules: [...found.values()].sort((x, y) => (x.text < y.text ? -1 : 1)).map((r) => ({ ...r, hash: hash(r.text) })), present: [...present], styles }
}

/** Taro's API object, found in the app's own modules (webpack's loader), kept on window for the session. */
async function findTaro(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    type Req = ((id: string) => Record<string, unknown>) & { m: Record<string, { toString(): string }> }
    const w = window as unknown as { webpackJsonp: unknown[][]; __ocpTaro?: unknown }
    let req: Req | undefined
    w.webpackJsonp.push([[`cold-open-${Math.random()}`], {}, (r: Req) => void (req = r)])
    if (!req) return false
    for (const id of Object.keys(req.m)) {
      const source = req.m[id].toString()
      if (!source.includes('navigateTo') || !source.includes('switchTab') || !source.includes('reLaunch')) continue
      for (const value of Object.values(req(id))) {
        const api = value as { navigateTo?: unknown; switchTab?: unknown; navigateBack?: unknown } | null
        if (api && typeof api.navigateTo === 'function' && typeof api.switchTab === 'function' && typeof api.navigateBack === 'function') {
          w.__ocpTaro = api
          return true
        }
      }
    }
    return false
  })
  if (!found) throw new Error("Taro's navigateTo was not found in the app's modules")
}

/** Taro.navigateTo / switchTab / navigateBack in the page, as the app's own code calls them. */
async function taro(page: Page, method: 'navigateTo' | 'switchTab' | 'navigateBack', url?: string): Promise<void> {
  await page.evaluate(
    ({ method, url }) =>
      new Promise<void>((resolve, reject) => {
        const api = (window as unknown as { __ocpTaro: Record<string, (o: object) => unknown> }).__ocpTaro
        api[method]({ ...(url ? { url } : { delta: 1 }), success: () => resolve(), fail: (e: { errMsg?: string }) => reject(new Error(`${method} ${url ?? ''}: ${e.errMsg ?? ''}`)) })
      }),
    { method, url },
  )
}

/** What differs between the two looks of one route (empty when none). */
function differences(cold: Look, inApp: Look): string[] {
  const out: string[] = []
  if (cold.at !== inApp.at) out.push(`ends at ${cold.at} cold, ${inApp.at} in the app`)
  // A rule styling the page on one side only, which the other side's document does not have (a stylesheet it lacks),
  // when it styles an element both sides have (or elements without a class): the bar's Back (in the app) and Home
  // (cold) are not a difference. The file it came from is named to find it.
  const only = (mine: Look, other: Look) => {
    const theirs = new Set(other.present)
    return mine.rules.filter((r) => !theirs.has(r.hash) && (r.elements.length === 0 || r.elements.some((k) => k in other.styles)))
  }
  const named = (r: Rule) => `${r.text.length > 160 ? `${r.text.slice(0, 160)}…` : r.text} (${r.sheet})`
  const missing = only(inApp, cold)
  const extra = only(cold, inApp)
  for (const r of missing.slice(0, 6)) out.push(`rule in the app, not cold: ${named(r)}`)
  for (const r of extra.slice(0, 6)) out.push(`rule cold, not in the app: ${named(r)}`)
  if (missing.length + extra.length > 12) out.push(`… ${missing.length} rules only in the app, ${extra.length} only cold`)
  let elements = 0
  for (const [key, style] of Object.entries(cold.styles)) {
    const other = inApp.styles[key]
    if (other === undefined || other === style) continue
    if (++elements > 8) {
      out.push('… more elements differ')
      break
    }
    const a = style.split('; ')
    const b = other.split('; ')
    out.push(`${key}: ${a.filter((x, i) => x !== b[i]).map((x) => `${x} cold, ${b[a.indexOf(x)].split(': ')[1]} in the app`).join('; ')}`)
  }
  return out
}

const isTab = (route: string) => (TAB_PATHS as readonly string[]).includes(route)
const shotName = (route: string, lang: Lang, how: string) => `cold-open-${route.replace(/^pages\//, '').replace(/\//g, '-')}-${how}-${lang}`

/** Longer than one language's pass takes on a busy CI machine (~2 min measured). */
const PASS_MARGIN_MS = 4 * 60_000

/** The routes opened cold, one after another in one page, and what each looked like. */
async function coldPass(context: BrowserContext, lang: Lang, routes: string[], failed: string[]): Promise<Record<string, Look>> {
  const cold: Record<string, Look> = {}
  const page = await context.newPage()
  watchCalls(page)
  for (const route of routes) {
    try {
      await page.goto(`${BASE()}${urlOf(route)}`)
      await ready(page)
      cold[route] = await page.evaluate(lookOf, PROPS)
      if (route === 'pages/personal/newAddress') await shot(page, shotName(route, lang, 'cold'))
    } catch (e) {
      failed.push(`${lang} ${route} cold: ${(e as Error).message.split('\n')[0]}`)
    }
  }
  await page.close()
  return cold
}

/** Home, then each route by navigateTo (a tab by switchTab), back Home after each, in one page. */
async function inAppPass(context: BrowserContext, lang: Lang, routes: string[], failed: string[]): Promise<Record<string, Look>> {
  const inApp: Record<string, Look> = {}
  const page = await context.newPage()
  watchCalls(page)
  const home = async () => {
    await page.goto(`${BASE()}/${HOME_PATH}`)
    await ready(page)
    await findTaro(page)
  }
  await home()
  for (const route of routes) {
    try {
      if (route === HOME_PATH) {
        await taro(page, 'switchTab', `/${TAB_PATHS[1]}`)
        await ready(page)
        await taro(page, 'switchTab', `/${HOME_PATH}`)
      } else await taro(page, isTab(route) ? 'switchTab' : 'navigateTo', urlOf(route))
      await ready(page)
      inApp[route] = await page.evaluate(lookOf, PROPS)
      if (route === 'pages/personal/newAddress') await shot(page, shotName(route, lang, 'in-app'))
      if (isTab(route)) {
        if (route !== HOME_PATH) await taro(page, 'switchTab', `/${HOME_PATH}`)
      } else await taro(page, 'navigateBack')
      // Back Home: only settled (the next navigateTo starts from a stationed page); no look is taken here.
      await settled(page)
    } catch (e) {
      failed.push(`${lang} ${route} in the app: ${(e as Error).message.split('\n')[0]}`)
      await home()
    }
  }
  await page.close()
  return inApp
}

describe('every route opened cold looks as it does reached in the app', () => {
  // A bound on a hung run (not a timing check).
  jest.setTimeout(PASS_MARGIN_MS + 6 * 60_000)
  it('zh (no stylesheet depends on the language)', async () => {
    // What makes one language enough: no rule of the build's CSS picks by language.
    const byLanguage = fs
      .readdirSync(DIST_CSS)
      .filter((f) => f.endsWith('.css'))
      .filter((f) => /:lang\(|\[lang[~|^$*]?=|\.lang-|--(?:en|zh)\b/.test(fs.readFileSync(path.join(DIST_CSS, f), 'utf8')))
    expect(byLanguage).toEqual([])
    // COLD_OPEN_ROUTES=a,b: only these (while looking into one; the in-app pass then visits only them too).
    const only = process.env.COLD_OPEN_ROUTES?.split(',')
    const routes = ROUTES.map((r) => r.path as string).filter((r) => !only || only.includes(r))
    const failed: string[] = []
    // The cold and in-app passes run at once, each in a context of its own (two pages at once: four, beside the other
    // worker, drew Home's images differently now and then on a busy two-core CI machine); they only read, and most of
    // a pass is waiting for a page to settle and keep still.
    const [cold, inApp] = await Promise.all([
      shopperContext(LANG).then((context) => coldPass(context, LANG, routes, failed)),
      shopperContext(LANG).then((context) => inAppPass(context, LANG, routes, failed)),
    ])
    const looks = [{ lang: LANG, cold, inApp }]
    const lines: string[] = [...failed]
    for (const { lang, cold, inApp } of looks) {
      for (const route of routes) {
        if (!cold[route] || !inApp[route]) continue
        const diff = differences(cold[route], inApp[route])
        report[lang] = { ...report[lang], [route]: { differences: diff } }
        if (diff.length) lines.push(`${lang} ${route}:\n    ${diff.join('\n    ')}`)
      }
    }
    expect(lines).toEqual([])
  })
})
