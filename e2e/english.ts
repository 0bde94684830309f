/**
 * English everywhere: the check e2e/axe.e2e.ts runs on every screen it opens in English (one visit per screen
 * and language for both checks), and english.e2e.ts's journeys use. On a screen: the stored language and <html lang>
 * are English, the nav-bar title is the route's `en` title (src/routes.ts), and no Chinese the client wrote is
 * visible. The server's demo data is Chinese (shop names, addresses, reviews…): every string with Chinese in every
 * JSON answer of /api/ (and in the answers the server put in a page's HTML) is taken out of the page text first;
 * whatever Chinese is left was written by the app. Except the names the system defines (server/domain/names.ts: card
 * levels and benefits, business classes, cities, banners, grid titles, default nicknames): the app asks in English
 * (`lang` in every payload), so those must come back in English, and a Chinese one on screen fails like the app's
 * own words.
 *
 * Exceptions (product decisions): none since issue 24 — Search's popular words (and the mall's own) are English
 * words the server searches as the Chinese they stand for (src/contract/searchWords.ts).
 */
import type { BrowserContext, Page, Response } from 'playwright-core'
import { LANG_EN, visibleTitle } from './browser'
import { ROUTES } from '../src/routes'
import { CJK, ZH_PIECES, ZH_WHOLE } from '../test-mp/zhMessages'
import { givenAnswersIn } from '../server/hosting/firstAnswers'
import { EN_COUPON_TITLES, EN_NAMES, GRID_MODULES } from '../server/domain/names'

export const EN_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.en]))

/** The names the system defines, in Chinese: never taken out as "the server's data". */
const SYSTEM_ZH = new Set([...Object.keys(EN_NAMES), ...Object.keys(EN_COUPON_TITLES), ...GRID_MODULES.map((m) => m[1])])
const isSystemName = (s: string) => SYSTEM_ZH.has(s.trim()) || /^会员\d+$/.test(s.trim())

/** For a failure message: the zh UI message(s) a leftover string holds, with their file. */
export function explain(s: string): string {
  const hits = [...new Set(ZH_PIECES.filter((p) => p.piece.length >= 2 && s.includes(p.piece)).map((p) => `${p.key} (${p.file})`))]
  return `${JSON.stringify(s)}${hits.length ? ` ← ${hits.join(', ')}` : ''}`
}

/** Elements whose Chinese text is a product decision (see the header), and what each may hold. */
export interface AllowedChinese {
  selector: string
  text: (s: string) => boolean
}
export const ALLOWED_CHINESE: Record<string, AllowedChinese> = {}

/** Every string value with Chinese in it, anywhere in a JSON answer. */
function chineseStrings(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') {
    if (!CJK.test(v)) return
    out.add(v)
    // HTML the server answered (a shop's introduction, issue 44): its words between the tags are what the page shows.
    if (/<\/?[a-z][^>]*>/i.test(v))
      for (const words of v.split(/<[^>]*>/)) {
        const text = words.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
        if (CJK.test(text)) out.add(text)
      }
  } else if (Array.isArray(v)) v.forEach((x) => chineseStrings(x, out))
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => chineseStrings(x, out))
}

/**
 * Records every /api/ JSON answer the context's pages receive — and those the server put in a page's HTML
 * (server/hosting/firstAnswers.ts: the page's public first calls, answered without a request); `strings()` waits for the bodies
 * read so far.
 */
export function recordServerStrings(context: BrowserContext): ServerStrings {
  const found = new Set<string>()
  const pending: Array<Promise<void>> = []
  context.on('response', (r: Response) => {
    if ((r.headers()['content-type'] ?? '').includes('text/html')) {
      pending.push(
        r
          .text()
          .then((html) => {
            for (const a of Object.values(givenAnswersIn(html))) chineseStrings(JSON.parse(a.text), found)
          })
          .catch(() => undefined),
      )
      return
    }
    if (!new URL(r.url()).pathname.startsWith('/api/')) return
    if (!(r.headers()['content-type'] ?? '').includes('json')) return
    pending.push(
      r
        .json()
        .then((body: unknown) => chineseStrings(body, found))
        .catch(() => undefined),
    )
  })
  return {
    strings: async () => {
      await Promise.all(pending)
      return found
    },
  }
}

/**
 * What the shopper can read on the page on top: text of visible elements of the last visible `.taro_page`,
 * plus placeholders and aria-labels. Text inside `allowed` elements is left out.
 */
async function visibleStrings(page: Page, allowed: string | undefined): Promise<string[]> {
  return page.evaluate((allowedSel) => {
    const shown = (el: Element | null): el is HTMLElement => {
      if (!(el instanceof HTMLElement)) return false
      if (el.offsetParent !== null) return true
      // position: fixed elements (bars, sheets) have no offsetParent: shown when they have a box.
      return getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0 && el.closest('[style*="display: none"]') === null
    }
    const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter(shown)
    const top = pages[pages.length - 1]
    if (!top) return ['<no visible .taro_page>']
    const out: string[] = []
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? ''
      const parent = n.parentElement
      if (!text || !shown(parent)) continue
      if (allowedSel && parent.closest(allowedSel)) continue
      out.push(text)
    }
    top.querySelectorAll<HTMLElement>('[placeholder], [aria-label]').forEach((el) => {
      if (!shown(el)) return
      for (const attr of ['placeholder', 'aria-label']) {
        const v = el.getAttribute(attr)?.trim()
        if (v) out.push(v)
      }
    })
    // Also on screen, outside the page: every toast shown since the page loaded (recorded by phone()).
    out.push(...((window as unknown as { __toasts?: string[] }).__toasts ?? []))
    return out.filter(Boolean)
  }, allowed)
}

/**
 * The strings that still have Chinese once every server string is taken out (longest first). A server string
 * that is word for word a zh UI message is not taken out: a Chinese UI word on screen stays suspect even when the
 * server happens to send the same word (as in test-mp/english.test.js).
 */
function clientChinese(strings: string[], fromServer: Set<string>): string[] {
  const removable = [...fromServer].filter((x) => !ZH_WHOLE.has(x.trim()) && !isSystemName(x)).sort((a, b) => b.length - a.length)
  return strings.filter((s) => {
    let rest = s
    for (const d of removable) if (rest.includes(d)) rest = rest.split(d).join(' ')
    return CJK.test(rest)
  })
}

/** What a context's pages were told by the server (recordServerStrings). */
export interface ServerStrings {
  strings: () => Promise<Set<string>>
}

/**
 * The screen on top is in English: the stored language and <html lang>, the title (`title`: the route's, unless a
 * state has its own), and no Chinese the client wrote (`name`: the screen's entry in ALLOWED_CHINESE, if any).
 * `chosen: false`: the shopper chose no language — English is the browser's (nothing stored).
 */
export async function expectEnglish(page: Page, server: ServerStrings, name: string, title: string, where: string, { chosen = true } = {}): Promise<void> {
  const allowed = ALLOWED_CHINESE[name]
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(chosen ? LANG_EN : null)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  expect(await visibleTitle(page)).toBe(title)
  if (allowed) {
    // The exception is on screen and holds only what it is for.
    const allowedTexts = (await page.locator(`${allowed.selector}:visible`).allTextContents()).map((x) => x.trim())
    expect(allowedTexts.length).toBeGreaterThan(0)
    expect(allowedTexts.filter((x) => !allowed.text(x))).toEqual([])
  }
  const strings = await visibleStrings(page, allowed?.selector)
  // The text was read from the screen at all: the English title is among it.
  expect(strings).toContain(title)
  const left = clientChinese(strings, await server.strings())
  if (left.length) console.log(`${name} (${where}): Chinese UI text in English:\n${left.map((x) => `  ${explain(x)}`).join('\n')}`)
  expect(left.map(explain)).toEqual([])
}
