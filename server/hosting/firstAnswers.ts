import { HEADER_ORIGIN, HEADER_TOKEN } from '../../src/contract/envelope'
import { CITY_COOKIE, FIRST_ANSWERS, LANG_COOKIE, LANG_RULE, PREF_COOKIE_MAX_AGE_S, type FirstAnswerCall } from '../../src/contract/firstAnswers'
import { pageScript, scriptJson } from './pageScripts/build'
import type { FirstAnswersConfig } from './pageScripts/firstAnswers'
import type { GivenAnswer } from './pageScripts/types'

/**
 * A page's **first answers** (issue 15; the list: FIRST_ANSWERS in src/contract/firstAnswers.ts): the server answers
 * the first screen's public calls inside the page, so the app need not ask — and the page's first script asks for the
 * others (a session's) as the document is parsed, before the app's scripts have downloaded and run (~1.2 s of a slow
 * phone's first load). The app's H5 transport (src/platform/transport.h5.ts) takes each answer by its URL.
 */

export type { GivenAnswer }
export { scriptJson }

/** A launch link's referral, as the app reads it (src/core/launch.ts): the same rule on both sides. */
export const SHARE_IN_QUERY = /[?&]share_user_user_id=([A-Za-z0-9_-]{1,64})(&|#|$)/

/** What the URL of a first answer is built from (the request client's rules: src/core/request.ts + withQuery). */
export interface CallContext {
  lang: 'zh' | 'en'
  city?: number
  share?: string
}

/**
 * The URL the app (and the page's first script, ./pageScripts/firstAnswers.ts) asks for a first answer: the payload's
 * fields in order (`city_id` first for an `inCity` call with a stored city), then the referral, then `lang`. A test
 * runs both.
 */
export function firstAnswerUrl([path, data, when]: FirstAnswerCall, c: CallContext): string {
  const q: string[] = []
  if (when === 'inCity' && c.city !== undefined) q.push(`city_id=${c.city}`)
  for (const [k, v] of Object.entries(data)) q.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  if (c.share !== undefined) q.push(`share_user_user_id=${encodeURIComponent(c.share)}`)
  q.push(`lang=${c.lang}`)
  return `/api/${path}?${q.join('&')}`
}

/** What the server drew the page's first screen for (server/hosting/drawing): the first script drops it when the phone says otherwise. */
export type Drawn = NonNullable<FirstAnswersConfig['drawn']>

/** The drawn first screen's element (server/hosting/drawing). */
export const DRAWING_ID = 'first-screen'

/**
 * The page's first script (./pageScripts/firstAnswers.ts, built to ES5): asks for `calls` — those in `answered` are
 * given in the page instead (givenAnswersScript) — and checks what the first screen was `drawn` for.
 */
export const firstAnswersScript = (calls: readonly FirstAnswerCall[], answered: readonly string[] = [], drawn?: Drawn, styleNonce?: string): string =>
  pageScript('firstAnswers', {
    calls,
    answered,
    ...(drawn ? { drawn } : {}),
    ...(styleNonce ? { styleNonce } : {}),
    drawingId: DRAWING_ID,
    shareInQuery: SHARE_IN_QUERY.source,
    cookies: { lang: LANG_COOKIE, city: CITY_COOKIE, maxAgeS: PREF_COOKIE_MAX_AGE_S },
    headers: { token: HEADER_TOKEN, origin: HEADER_ORIGIN },
    langRule: LANG_RULE,
  })

/** The answers themselves, at the end of <body> (./pageScripts/givenAnswers.ts). */
export const givenAnswersScript = (given: Record<string, GivenAnswer>): string => pageScript('givenAnswers', given)

/** Marks the page's two scripts (the tests and tools that read the HTML find them by it). */
const MARK = 'data-first-answers'

/** The config a page's script of this kind runs with (its JSON in the HTML), or null. */
function configIn(html: string, kind: 'ask' | 'given'): unknown {
  const m = new RegExp(`<script [^>]*${MARK}="${kind}">[\\s\\S]*?exports\\.run\\((\\{[\\s\\S]*?\\})\\)\\}\\)\\(\\{\\}\\)</script>`).exec(html)
  return m ? JSON.parse(m[1]) : null
}

/** The answers a page carries (givenAnswersScript), by URL — for tests and tools that read the HTML. */
export const givenAnswersIn = (html: string): Record<string, GivenAnswer> => (configIn(html, 'given') as Record<string, GivenAnswer> | null) ?? {}

/** What the page's first script was told (firstAnswersScript): its calls, the answers given, what was drawn — or null. */
export const firstAnswersConfigIn = (html: string): FirstAnswersConfig | null => configIn(html, 'ask') as FirstAnswersConfig | null

/**
 * A table's own entry for a key from a request (a page path): never one of Object.prototype's (`constructor`,
 * `__proto__`, `toString`…), which a path like "/constructor" would otherwise find in any plain object.
 */
export const ownEntry = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined)

/**
 * `html` with `text` inserted in place of the first `marker` — as is: String.replace with a string would expand
 * `$&`, `` $` ``, `$'` and `$$` in it (a merchant's name in an answer or a drawing).
 */
export function insertAt(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker)
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at + marker.length)
}

/**
 * index.html for a page with its first answers (if it has some: FIRST_ANSWERS): `given` put in the page, the others
 * asked for before its scripts are even asked for. `nonces`: the answer's (server/http/security.ts): the script nonce on
 * both scripts, the style nonce on the <style> the first one may add.
 */
export function withFirstAnswers(html: string, page: string, nonces: { script: string; style: string }, given: Record<string, GivenAnswer> = {}, drawn?: Drawn): string {
  // A page with a drawn first screen and no first answers (My orders) still needs the check of what it was drawn for.
  const calls = ownEntry(FIRST_ANSWERS, page) ?? (drawn ? [] : undefined)
  if (!calls) return html
  const head = insertAt(html, '<head>', `<head><script nonce="${nonces.script}" ${MARK}="ask">${firstAnswersScript(calls, Object.keys(given), drawn, nonces.style)}</script>`)
  return Object.keys(given).length ? insertAt(head, '</body>', `<script nonce="${nonces.script}" ${MARK}="given">${givenAnswersScript(given)}</script></body>`) : head
}
