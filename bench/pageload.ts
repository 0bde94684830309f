/**
 * Page-load benchmark (not a test): opens H5 pages in Debian's Chromium against the reference server
 * serving dist-h5 (as `npm start` does) and prints, per page, the median of RUNS cold loads (fresh
 * context, empty cache): time to first byte, DOMContentLoaded, first contentful paint, largest contentful
 * paint, when the page's content was first painted (Element Timing, on the page's own clock — drawn by the server's
 * HTML or by the app), when the app's own title and content were (the app booted and drew the page: what a tap
 * needs), and the bytes transferred. Two profiles:
 * loopback with no throttling (lower bounds that show regressions), and a slow phone — "Slow 4G" (150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up) with the CPU slowed 4× through the DevTools protocol.
 * CLS: the page's layout shifts (those without recent input) summed from the first paint until it has settled — every
 * shift of the load, so never less than the windowed Cumulative Layout Shift of web-vitals; the median and the worst.
 *   npm run bench:pageload            (RUNS=5, both profiles)
 *   RUNS=9 PROFILE=slow npm run bench:pageload
 *   PAGE=Home PROFILE=slow npm run bench:pageload   (one page by its name; several: PAGE='Home,Me')
 *   SIGNED_IN=1 npm run bench:pageload   (as a shopper who logged in — through the sandbox, the session kept in the
 *                                         phone's storage as the app keeps it — and holds a Silver card)
 *   EN=1 npm run bench:pageload          (English chosen on the phone, as a returning English shopper's: storage and cookie)
 *   CLS_DEBUG=1 …                        (each shift: its value and the elements that moved)
 */
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { LANG_COOKIE } from '../src/contract/firstAnswers'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string }) => Promise<{ base: string; sandboxKey: string; stop: () => Promise<void> }>
}

const SIGNED_IN = process.env.SIGNED_IN === '1'
const EN = process.env.EN === '1'

const RUNS = Math.max(1, Math.min(Number(process.env.RUNS ?? 5), 25))
const PAGES: Array<{ name: string; path: string; content: string }> = [
  // The service grid: the first real content on Home's first screen (the shops start below the fold at 375 × 812).
  { name: 'Home', path: '/pages/index/index', content: '.home-grid__label' },
  { name: 'Membership card', path: '/pages/card/index', content: '.card-product' },
  { name: 'Discount bill', path: '/pages/discountBill/index', content: '.shop-row' },
  { name: 'Shop details', path: '/pages/shops/details?id=1', content: '.shop-head__name' },
  { name: 'Search', path: '/pages/index/search', content: '.search__word' },
  // The other two tabs: signed out, the login prompts; signed in, the shopper's orders and name.
  { name: 'My orders', path: '/pages/orders/index', content: SIGNED_IN ? '.order-card' : '.state--empty' },
  { name: 'Me', path: '/pages/personal/index', content: SIGNED_IN ? '.account-orders__count' : '.account-header__login' },
]

interface Profile {
  name: string
  /** Network.emulateNetworkConditions (bytes/s, ms) and Emulation.setCPUThrottlingRate; none when absent. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number }
  cpu?: number
}
const PROFILES: Profile[] = [
  { name: 'loopback, no throttling' },
  { name: 'slow phone: Slow 4G (150 ms RTT, 1.6 Mbit/s) + 4x CPU', network: { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 }, cpu: 4 },
].filter((p) => !process.env.PROFILE || (process.env.PROFILE === 'slow') === Boolean(p.cpu))

interface Sample {
  ttfb: number
  dcl: number
  fcp: number
  lcp: number
  content: number
  title: number
  app: number
  kb: number
  cls: number
}

/** What the phone keeps (Taro's H5 storage: localStorage, `{"data": value}`): the session and the language. */
interface Kept {
  token?: string
}

/**
 * A shopper who has logged in as the app does it (an SMS code from the sandbox's outbox, wechat/bind) and bought a
 * Silver card (order kind `card`, paid in the sandbox): the session token the app would keep.
 */
async function signIn(base: string, sandboxKey: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'access-origin': '', 'x-sandbox-key': sandboxKey }
  const call = async <T>(path: string, body: Record<string, unknown>, token = ''): Promise<T> => {
    const res = await fetch(`${base}/api/${path}`, { method: 'POST', headers: { ...headers, 'access-token': token }, body: JSON.stringify(body) })
    const json = (await res.json()) as { code: number; msg: string; data: T }
    if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
    return json.data
  }
  const phone = '13700009001'
  await call('Captcha/sendSmsCaptcha', { phone })
  const outbox = (await (await fetch(`${base}/api/sandbox/smsOutbox?phone=${phone}`, { headers })).json()) as { data: { list: Array<{ code: string }> } }
  const { token } = await call<{ token: string }>('wechat/bind', { phone, code: outbox.data.list[0].code })
  const products = ((await (await fetch(`${base}/api/hui_public.card/index`, { headers })).json()) as { data: { list: Array<{ id: number; level: number }> } }).data
  const silver = [...products.list].sort((a, b) => a.level - b.level)[0]
  const created = await call<{ order_info: { id: number } }>('personal.order/create', { kind: 'card', card_id: silver.id, client_request_id: 'bench-pageload-silver' }, token)
  await call('personal.order/payparam', { id: created.order_info.id, platform: 'h5' }, token)
  await call('sandbox/confirmPay', { id: created.order_info.id, result: 'success' })
  return token
}

async function loadOnce(browser: Browser, url: string, content: string, profile: Profile, kept: Kept): Promise<Sample> {
  // A Chinese phone: the pages follow the browser's language (issue 39), and the figures compare Chinese pages as before.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, locale: 'zh-CN' })
  // The phone's storage before the page's first script reads it; English also in the cookie the app writes on each load.
  if (EN) await context.addCookies([{ name: LANG_COOKIE, value: 'en', url }])
  await context.addInitScript(
    ({ token, en }) => {
      if (token) localStorage.setItem('token', JSON.stringify({ data: token }))
      if (en) localStorage.setItem('lang', JSON.stringify({ data: 'en' }))
    },
    { token: kept.token ?? '', en: EN },
  )
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  if (profile.network) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network })
  }
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })
  // Largest contentful paint candidates, kept from the first one on (the observer is in place before any paint).
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpWhat: string }
    w.__lcp = 0
    w.__lcpWhat = ''
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.startTime < w.__lcp) continue
        w.__lcp = e.startTime
        const lcp = e as PerformanceEntry & { element?: Element | null; url?: string }
        w.__lcpWhat = `${lcp.element?.tagName.toLowerCase() ?? '?'}.${lcp.element?.className ?? ''} ${lcp.url ?? ''}`
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  // Layout shifts without recent input, each with what moved (CLS_DEBUG).
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[]; __layout: PerformanceObserver }
    w.__cls = 0
    w.__shifts = []
    w.__layout = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
        if (e.hadRecentInput) continue
        w.__cls += e.value
        const moved = (e.sources ?? []).map((s) => `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${String(s.node.className).split(' ')[0]}` : s.node?.nodeName ?? '?'} y${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`)
        w.__shifts.push(`${Math.round(e.startTime)}ms ${e.value.toFixed(3)}: ${moved.join(', ')}`)
      }
    })
    w.__layout.observe({ type: 'layout-shift', buffered: true })
  })
  // When the page's content and the app's title were first painted (Element Timing: the frame's paint, on the page's
  // own clock — Playwright's polling runs on the slowed CPU and lags): each such element, and every element in it
  // (Element Timing reports an element's own text and picture), is marked as it enters the document, before its
  // first paint. "drawn-": inside the first screen the server's HTML drew (#first-screen); "app-": drawn by the app.
  await page.addInitScript((sel: string) => {
    const w = window as unknown as { __painted: Record<string, number>; __paints: PerformanceObserver }
    w.__painted = {}
    // Entries are delivered a while after the paint: the reader below takes the pending ones too (takeRecords).
    w.__paints = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { identifier: string; renderTime: number; loadTime: number }>) {
        const at = e.renderTime || e.loadTime
        if (at > 0 && !(w.__painted[e.identifier] <= at)) w.__painted[e.identifier] = at
      }
    })
    w.__paints.observe({ type: 'element', buffered: true })
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    new MutationObserver(() => {
      for (const [key, s] of [['content', sel], ['title', '.nav-bar__title']]) {
        document.querySelectorAll(`${s}:not([elementtiming])`).forEach((el) => {
          const id = `${el.closest('#first-screen') ? 'drawn' : 'app'}-${key}`
          for (const x of [el, ...Array.from(el.querySelectorAll('*'))]) if (!x.hasAttribute('elementtiming')) x.setAttribute('elementtiming', id)
        })
      }
    }).observe(document, { childList: true, subtree: true })
  }, content)
  const sizes: Array<Promise<number>> = []
  // LCP_DEBUG=1: when each request left and finished, and what the LCP element was (to see the waterfall).
  const timeline: string[] = []
  if (process.env.LCP_DEBUG) page.on('requestfinished', (r) => timeline.push(`${String(Math.round(r.timing().startTime - started)).padStart(6)} +${String(Math.round(r.timing().responseEnd)).padStart(5)}  ${r.url().replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`))
  // Bytes on the wire (compressed bodies plus headers), as Chromium counted them.
  page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0)))
  if (process.env.BLOCKJS) await page.route(/\/js\/.+\.js$/, (r) => r.abort())
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null && !el.closest('#first-screen')), null, { timeout: 20000 })
  const title = Date.now() - started
  await page.waitForFunction((sel) => Array.from(document.querySelectorAll<HTMLElement>(sel)).some((el) => el.offsetParent !== null && !el.closest('#first-screen')), content, { timeout: 20000 })
  const shown = Date.now() - started
  // LCP is final once the content is on screen and the pictures it waits for have loaded.
  await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => undefined)
  // Paint timings reach the page with a later frame's presentation: draw two (a dot that changes), then read them.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const dot = document.body.appendChild(document.createElement('div'))
        dot.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;background:#010101'
        requestAnimationFrame(() => {
          dot.style.background = '#020202'
          requestAnimationFrame(() => {
            dot.remove()
            setTimeout(resolve, 100)
          })
        })
      }),
  )
  const painted = await page.evaluate(() => {
    const w = window as unknown as { __painted: Record<string, number | undefined>; __paints: PerformanceObserver }
    for (const e of w.__paints.takeRecords() as Array<PerformanceEntry & { identifier: string; renderTime: number; loadTime: number }>) {
      const at = e.renderTime || e.loadTime
      if (at > 0 && !((w.__painted[e.identifier] ?? Infinity) <= at)) w.__painted[e.identifier] = at
    }
    return w.__painted
  })
  const first = (...xs: Array<number | undefined>) => Math.min(...xs.map((x) => x ?? Infinity))
  const seen = { content: first(painted['drawn-content'], painted['app-content']), title: first(painted['app-title']), app: first(painted['app-content']) }
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    return { ttfb: n.responseStart - n.startTime, dcl: n.domContentLoadedEventEnd - n.startTime, fcp, lcp: (window as unknown as { __lcp: number }).__lcp }
  })
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
  const shift = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[]; __layout: PerformanceObserver }
    w.__layout.takeRecords().forEach((e) => {
      const s = e as PerformanceEntry & { value: number; hadRecentInput: boolean }
      if (!s.hadRecentInput) w.__cls += s.value
    })
    return { cls: w.__cls, shifts: w.__shifts }
  })
  if (process.env.CLS_DEBUG && shift.shifts.length) console.log(`  ${new URL(url).pathname} CLS ${shift.cls.toFixed(3)}\n    ${shift.shifts.join('\n    ')}`)
  if (process.env.LCP_DEBUG) console.log(`FCP ${Math.round(nav.fcp)} LCP ${Math.round(nav.lcp)} ms: ${await page.evaluate(() => (window as unknown as { __lcpWhat: string }).__lcpWhat)}; painted: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __painted: Record<string, number> }).__painted))}\n${timeline.join("\n")}`)
  await context.close()
  // Not painted as far as Element Timing saw (it should be): Playwright's view of it, later by its polling lag.
  const or = (x: number, fallback: number) => (Number.isFinite(x) ? x : fallback)
  return { ...nav, content: or(seen.content, shown), title: or(seen.title, title), app: or(seen.app, shown), kb: bytes / 1024, cls: shift.cls }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main() {
  const server = await startTestServer({ staticDir: path.resolve(__dirname, '..', 'dist-h5'), label: 'pageload' })
  const kept: Kept = SIGNED_IN ? { token: await signIn(server.base, server.sandboxKey) } : {}
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    for (const profile of PROFILES) {
      console.log(`page-load benchmark: median of ${RUNS} cold loads per page, ${profile.name}; ${SIGNED_IN ? 'signed in (a Silver card held)' : 'signed out'}, ${EN ? 'English' : 'Chinese'}`)
      const cols = ['TTFB', 'DCL', 'FCP', 'LCP', 'content', 'app title', 'app']
      console.log(`${'page'.padEnd(18)}${cols.map((c) => c.padStart(c === 'app title' ? 10 : 9)).join('')}${'KB (wire)'.padStart(11)}${'CLS'.padStart(8)}${'worst'.padStart(7)}`)
      for (const p of PAGES.filter((page) => !process.env.PAGE || process.env.PAGE.split(',').includes(page.name))) {
        const samples: Sample[] = []
        for (let i = 0; i < RUNS; i++) samples.push(await loadOnce(browser, `${server.base}${p.path}`, p.content, profile, kept))
        const m = (k: keyof Sample) => median(samples.map((s) => s[k]))
        const ms = (['ttfb', 'dcl', 'fcp', 'lcp', 'content', 'title', 'app'] as const).map((k) => `${m(k).toFixed(0)}ms`.padStart(k === 'title' ? 10 : 9)).join('')
        const worst = Math.max(...samples.map((s) => s.cls))
        console.log(`${p.name.padEnd(18)}${ms}${m('kb').toFixed(1).padStart(11)}${m('cls').toFixed(3).padStart(8)}${worst.toFixed(3).padStart(7)}`)
      }
      console.log('')
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
