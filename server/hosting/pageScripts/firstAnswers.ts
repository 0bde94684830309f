/**
 * The page's first script (in <head>, before any of the app's): it asks for the page's first answers — or finds
 * them given in the page — before the app's code has arrived, and checks what the server drew the first screen
 * for. Runs in the browser before any polyfill, outside the webpack build: built to ES5 by ./build.ts (TypeScript,
 * target ES5), so only syntax is lowered — use nothing newer than Chrome 70 / iOS 12 give (fetch, Promise, JSON).
 * Imports types only (lint): everything it needs comes in its config.
 *
 * It builds each URL exactly as the request client does (firstAnswerUrl in server/hosting/firstAnswers.ts — a test runs
 * both) from the same storage (Taro's H5 storage: localStorage, `{"data": value}`), and sends the same headers;
 * a given answer is used only when the URL it builds is one the server answered. Anything it cannot read leaves
 * the app to ask as usual.
 */
import type { FirstAnswerEntry, FirstAnswerCall, FirstAnswersWindow } from './types'

export interface FirstAnswersConfig {
  calls: readonly FirstAnswerCall[]
  /** The URLs whose answers the server put in the page (the givenAnswers script, at the end of <body>). */
  answered: readonly string[]
  /**
   * What the server drew the first screen for (server/hosting/drawing); none when nothing was drawn. `city`: the city it was
   * drawn in (null: none chosen; absent: the drawing shows no city). `signedOut`: it is the screen of a shopper who
   * has not logged in (dropped when a session is kept).
   */
  drawn?: { lang: 'zh' | 'en'; city?: number | null; signedOut?: boolean }
  styleNonce?: string
  /** The drawn first screen's element id (server/hosting/drawing). */
  drawingId: string
  /** A launch link's referral in the query (src/core/launch.ts's rule), as a RegExp source. */
  shareInQuery: string
  cookies: { lang: string; city: string; maxAgeS: number }
  headers: { token: string; origin: string }
  /** The language of a browser whose shopper has chosen none (LANG_RULE of src/contract/firstAnswers.ts: langOfTags, step for step). */
  langRule: { known: Readonly<Record<string, 'zh' | 'en'>>; other: 'zh' | 'en'; none: 'zh' | 'en' }
}

/** langOfTags of src/contract/firstAnswers.ts over the browser's languages (this script may import nothing; a test runs both). */
function browserLang(rule: FirstAnswersConfig['langRule']): 'zh' | 'en' {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const tags: readonly string[] = nav ? (nav.languages && nav.languages.length ? nav.languages : nav.language ? [nav.language] : []) : []
  let named = false
  for (let i = 0; i < tags.length; i++) {
    const tag = typeof tags[i] === 'string' ? tags[i].replace(/^\s+|\s+$/g, '') : ''
    if (tag === '' || tag === '*') continue
    named = true
    const primary = tag.split(/[-_]/)[0].toLowerCase()
    if (Object.prototype.hasOwnProperty.call(rule.known, primary)) return rule.known[primary]
  }
  return named ? rule.other : rule.none
}

export function run(c: FirstAnswersConfig): void {
  try {
    const w = window as unknown as FirstAnswersWindow
    const read = (key: string): unknown => {
      try {
        const v = localStorage.getItem(key)
        return v ? (JSON.parse(v) as { data?: unknown }).data : undefined
      } catch {
        return undefined
      }
    }
    // The shopper's own choice (My account) when made, else the browser's languages — as the app's getLang (src/core/i18n.ts).
    const chosen = read('lang')
    const choice: 'zh' | 'en' | '' = chosen === 'en' ? 'en' : chosen === 'zh-CN' ? 'zh' : ''
    const lang: 'zh' | 'en' = choice || browserLang(c.langRule)
    let share = read('share_user_user_id')
    const m = new RegExp(c.shareInQuery).exec(location.search)
    if (m) share = m[1]
    if (!((typeof share === 'string' && share !== '') || (typeof share === 'number' && isFinite(share)))) share = undefined
    const kept = read('token')
    const token = typeof kept === 'string' ? kept : ''
    const stored = read('city') as { id?: unknown; name?: unknown } | undefined
    const city = stored && typeof stored.id === 'number' && stored.id % 1 === 0 && typeof stored.name === 'string' ? stored.id : undefined

    // The next page the server answers knows them (preferences only: never the token). The language only when chosen:
    // without a choice the server follows the browser's Accept-Language, as the app follows its languages.
    const keep = (name: string, value: string) => {
      document.cookie = `${name}=${value};path=/;max-age=${value === '' ? 0 : c.cookies.maxAgeS};samesite=lax`
    }
    keep(c.cookies.lang, choice)
    keep(c.cookies.city, city === undefined ? '' : String(city))

    // Drawn for another language or city than the phone keeps (a cookie older than a switch), or logged out for a
    // phone that keeps a session: hidden rather than shown wrong, and removed as soon as it is parsed (./dropDrawing.ts).
    const drawn = c.drawn
    const wrongCity = drawn && drawn.city !== undefined && city !== (drawn.city === null ? undefined : drawn.city)
    if (drawn && (lang !== drawn.lang || wrongCity || (drawn.signedOut && token))) {
      w.__ocpDrawnWrong = true
      const st = document.createElement('style')
      if (c.styleNonce) st.nonce = c.styleNonce
      st.textContent = `#${c.drawingId}{display:none}`
      document.head.appendChild(st)
    }

    // Sent with the document: the window of the clock's estimate (src/core/clock.ts) starts when the page was asked
    // for — on the phone's Date clock, as every other answer is timed (performance.timing would be the real clock).
    const asked = Date.now() - (window.performance && typeof performance.now === 'function' ? performance.now() : 0)
    const answers: Record<string, FirstAnswerEntry | undefined> = {}
    w.__ocpFirstAnswers = answers
    for (let i = 0; i < c.calls.length; i++) {
      const call = c.calls[i]
      const data = call[1]
      if (call[2] === 'signedIn' && !token) continue
      const q: string[] = []
      if (call[2] === 'inCity' && city !== undefined) q.push(`city_id=${city}`)
      for (const k in data) if (Object.prototype.hasOwnProperty.call(data, k)) q.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(data[k]))}`)
      if (share !== undefined) q.push(`share_user_user_id=${encodeURIComponent(String(share))}`)
      q.push(`lang=${lang}`)
      const url = `/api/${call[0]}?${q.join('&')}`
      // Answered in the page (at the end of <body>): kept for it, not asked for.
      if (c.answered.indexOf(url) >= 0) {
        answers[url] = { at: asked }
        continue
      }
      const headers: Record<string, string> = {}
      headers[c.headers.token] = token
      headers[c.headers.origin] = ''
      const entry: FirstAnswerEntry = { at: Date.now() }
      answers[url] = entry
      const res = fetch(url, { method: 'GET', headers, credentials: 'same-origin' })
      entry.res = res
      // The answer kept as it arrives, so the page's first render can show it without waiting a turn.
      res
        .then((r) => {
          const h: Record<string, string> = {}
          r.headers.forEach((v, n) => {
            h[n] = v
          })
          return r
            .clone()
            .text()
            .then((text) => {
              entry.got = { status: r.status, text, headers: h }
            })
        })
        .catch(() => undefined)
    }
  } catch {
    // Anything unexpected: the app asks as usual.
  }
}
