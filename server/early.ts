import { HEADER_ORIGIN, HEADER_TOKEN } from '../src/contract/envelope'
import { CITY_COOKIE, LANG_COOKIE, PAGE_FIRST_CALLS, PREF_COOKIE_MAX_AGE_S, type FirstCall } from '../src/contract/homeCalls'

/** A launch link's referral, as the app reads it (src/core/launch.ts): the same rule on both sides. */
export const SHARE_IN_QUERY = /[?&]share_user_user_id=([A-Za-z0-9_-]{1,64})(&|#|$)/

/** An answer as the page keeps it (src/platform/transport.h5.ts reads `got`). */
export interface GivenAnswer {
  status: number
  text: string
  headers: Record<string, string>
}

/** What the URL of a first call is built from (the request client's rules: src/core/request.ts + withQuery). */
export interface CallContext {
  lang: 'zh' | 'en'
  city?: number
  share?: string
}

/**
 * The URL the app (and the script below) asks for a first call: the payload's fields in order (`city_id` first for
 * an `inCity` call with a stored city), then the referral, then `lang`. The script builds the same in ES5; a test
 * runs both.
 */
export function firstCallUrl([path, data, when]: FirstCall, c: CallContext): string {
  const q: string[] = []
  if (when === 'inCity' && c.city !== undefined) q.push(`city_id=${c.city}`)
  for (const [k, v] of Object.entries(data)) q.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  if (c.share !== undefined) q.push(`share_user_user_id=${encodeURIComponent(c.share)}`)
  q.push(`lang=${c.lang}`)
  return `/api/${path}?${q.join('&')}`
}

/**
 * What the server drew the page's first screen for (server/shell.ts): dropped by the script when the phone says
 * otherwise. `city`: the city it was drawn in (null: none chosen; absent: the drawing shows no city). `signedOut`:
 * it is the screen of a shopper who has not logged in (dropped when a session is kept).
 */
export interface Drawn {
  lang: 'zh' | 'en'
  city?: number | null
  signedOut?: boolean
}

/** JSON inside <script>: no "</script>", no line separators that end a string in old engines. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/**
 * A page's first calls started by index.html itself (issue 15; Home, Membership card, Me, Discount bill:
 * PAGE_FIRST_CALLS). Without this, the calls leave only after the vendor, app and page scripts have downloaded and
 * run (~1.2 s of a slow phone's first load); with it they leave as the document is parsed — or are not made at all:
 * `answered` lists the URLs whose answers the server put in the page (givenScript; the shopper's language and city
 * from the cookies this script writes; public calls only). The app's H5 transport (src/platform/transport.h5.ts)
 * takes each answer by its URL instead of asking again.
 *
 * The script builds each URL exactly as the request client does (firstCallUrl) from the same storage (Taro's H5
 * storage: localStorage, `{"data": value}`), and sends the same headers; a given answer is used only when the URL
 * it builds is one the server answered. `drawn`: the language and city the server drew the first screen in —
 * if the phone's differ (a cookie older than a switch), the drawing is hidden rather than shown wrong (and removed
 * as soon as it is parsed: server/shell.ts). Anything it
 * cannot read leaves the app to ask as usual. It is ES5, written by hand: it runs before any polyfill and is not
 * part of the webpack build (check:es does not see it; a jest test parses it at ES2019 and runs it against the
 * client).
 */
export function earlyScript(firstCalls: readonly FirstCall[], answered: readonly string[] = [], drawn?: Drawn, styleNonce?: string): string {
  return [
    '(function(){try{',
    'var read=function(k){try{var v=localStorage.getItem(k);return v?JSON.parse(v).data:undefined}catch(e){return undefined}};',
    "var lang=read('lang')==='en'?'en':'zh',share=read('share_user_user_id'),token=read('token');",
    `var m=${SHARE_IN_QUERY.toString()}.exec(location.search);if(m)share=m[1];`,
    "if(!((typeof share==='string'&&share!=='')||(typeof share==='number'&&isFinite(share))))share=undefined;",
    "if(typeof token!=='string')token='';",
    "var city=read('city');city=city&&typeof city.id==='number'&&city.id%1===0&&typeof city.name==='string'?city.id:undefined;",
    // The next page the server answers knows them (preferences only: never the token).
    `var keep=function(n,v){document.cookie=n+"="+v+";path=/;max-age="+(v===""?0:${PREF_COOKIE_MAX_AGE_S})+";samesite=lax"};`,
    `keep(${JSON.stringify(LANG_COOKIE)},lang);keep(${JSON.stringify(CITY_COOKIE)},city===undefined?"":String(city));`,
    drawn
      ? `if(${[`lang!==${JSON.stringify(drawn.lang)}`, ...(drawn.city === undefined ? [] : [`city!==${drawn.city === null ? 'undefined' : drawn.city}`]), ...(drawn.signedOut ? ['token'] : [])].join('||')}){window.__ocpDrawnWrong=true;var st=document.createElement("style");${styleNonce ? `st.nonce=${JSON.stringify(styleNonce)};` : ''}st.textContent="#first-screen{display:none}";document.head.appendChild(st)}`
      : '',
    // Sent with the document: the window of the clock's estimate (src/core/clock.ts) starts when the page was asked
    // for — on the phone's Date clock, as every other answer is timed (performance.timing would be the real clock).
    "var asked=Date.now()-(window.performance&&typeof performance.now==='function'?performance.now():0);",
    `var early=window.__ocpEarly={},calls=${JSON.stringify(firstCalls)},answered=${scriptJson(answered)};`,
    'for(var i=0;i<calls.length;i++){',
    'var data=calls[i][1],q=[];',
    'if(calls[i][2]==="signedIn"&&!token)continue;',
    'if(calls[i][2]==="inCity"&&city!==undefined)q.push("city_id="+city);',
    'for(var k in data)q.push(encodeURIComponent(k)+"="+encodeURIComponent(String(data[k])));',
    'if(share!==undefined)q.push("share_user_user_id="+encodeURIComponent(String(share)));',
    'q.push("lang="+lang);',
    'var url="/api/"+calls[i][0]+"?"+q.join("&"),headers={};',
    // Answered in the page (givenScript, at the end of <body>): kept for it, not asked for.
    'for(var a=0;a<answered.length&&answered[a]!==url;a++);',
    'if(a<answered.length){early[url]={at:asked};continue}',
    `headers[${JSON.stringify(HEADER_TOKEN)}]=token;headers[${JSON.stringify(HEADER_ORIGIN)}]="";`,
    'var entry=early[url]={at:Date.now()};',
    'entry.res=fetch(url,{method:"GET",headers:headers,credentials:"same-origin"});',
    // The answer kept as it arrives, so the page's first render can show it without waiting a turn (transport ready()).
    '(function(entry){entry.res.then(function(r){var h={};r.headers.forEach(function(v,n){h[n]=v});return r.clone().text().then(function(t){entry.got={status:r.status,text:t,headers:h}})})["catch"](function(){})})(entry);',
    '}}catch(e){}})()',
  ].join('')
}

/**
 * The answers themselves, at the end of <body>: after the drawn first screen, so the browser parses and paints that
 * before it evaluates a few KB of data (~150 ms at 4× CPU when it sat in <head>); before the app's scripts, which
 * are deferred. Each goes to the entry the first script kept for its URL.
 */
export const givenScript = (given: Record<string, GivenAnswer>): string =>
  `(function(given){var early=window.__ocpEarly;if(!early)return;for(var url in given)if(given.hasOwnProperty(url)&&early[url]&&!early[url].got&&!early[url].res)early[url].got=given[url]})(${scriptJson(given)})`

/** The answers a page carries (givenScript), by URL — for tests and tools that read the HTML. */
export function givenAnswersIn(html: string): Record<string, GivenAnswer> {
  const m = /\(function\(given\)\{[^<]*?\}\)\((\{[^<]*\})\)<\/script>/.exec(html)
  return m ? (JSON.parse(m[1]) as Record<string, GivenAnswer>) : {}
}

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
 * index.html for a page with its first calls (if it has some: PAGE_FIRST_CALLS) started — or answered — before its
 * scripts are even asked for. `nonces`: the answer's (server/security.ts): the script nonce on both scripts, the
 * style nonce on the <style> the first one may add.
 */
export function withEarlyCalls(html: string, page: string, nonces: { script: string; style: string }, given: Record<string, GivenAnswer> = {}, drawn?: Drawn): string {
  // A page with a drawn first screen and no first calls (My orders) still needs the check of what it was drawn for.
  const calls = ownEntry(PAGE_FIRST_CALLS, page) ?? (drawn ? [] : undefined)
  if (!calls) return html
  const head = insertAt(html, '<head>', `<head><script nonce="${nonces.script}">${earlyScript(calls, Object.keys(given), drawn, nonces.style)}</script>`)
  return Object.keys(given).length ? insertAt(head, '</body>', `<script nonce="${nonces.script}">${givenScript(given)}</script></body>`) : head
}
