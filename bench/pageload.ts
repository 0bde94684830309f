/**
 * Page-load benchmark (not a test): opens H5 pages in Debian's Chromium against the reference server
 * serving dist-h5 (as `npm start` does) and prints, per page, the median of RUNS cold loads (fresh
 * context, empty cache): time to first byte, DOMContentLoaded, first contentful paint, largest contentful
 * paint, the page's content on screen (the first frame it had a size in, on the page's own clock — drawn by the
 * server's HTML or by the app), the app's own title and content (the app booted and drew the page: what a tap
 * needs), and the bytes transferred. Two profiles:
 * loopback with no throttling (lower bounds that show regressions), and a slow phone — "Slow 4G" (150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up) with the CPU slowed 4× through the DevTools protocol.
 *   npm run bench:pageload            (RUNS=5, both profiles)
 *   RUNS=9 PROFILE=slow npm run bench:pageload
 *   PAGE=Home PROFILE=slow npm run bench:pageload   (one page by its name)
 */
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string }) => Promise<{ base: string; stop: () => Promise<void> }>
}

const RUNS = Math.max(1, Math.min(Number(process.env.RUNS ?? 5), 25))
const PAGES: Array<{ name: string; path: string; content: string }> = [
  // The service grid: the first real content on Home's first screen (the shops start below the fold at 375 × 812).
  { name: 'Home', path: '/pages/index/index', content: '.home-grid__label' },
  { name: 'Membership card', path: '/pages/card/index', content: '.card-product' },
  { name: 'Discount bill', path: '/pages/discountBill/index', content: '.shop-row' },
  { name: 'Shop details', path: '/pages/shops/details?id=1', content: '.shop-head__name' },
  { name: 'Search', path: '/pages/index/search', content: '.search__word' },
  // The other two tabs, as a shopper who has not signed in sees them (the bench keeps no session).
  { name: 'My orders', path: '/pages/orders/index', content: '.state--empty' },
  { name: 'Me', path: '/pages/personal/index', content: '.account-header__login' },
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
}

async function loadOnce(browser: Browser, url: string, content: string, profile: Profile): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
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
  // The frame in which the app's title and the page's content were first on screen (in the DOM with a size), on
  // the page's own clock: Playwright's polling runs on the slowed CPU too and lags by a few hundred ms.
  // "app:" — the same, drawn by the app itself (not inside the first screen the server's HTML drew, #home-shell).
  await page.addInitScript((sel: string) => {
    const w = window as unknown as { __seen: Record<string, number> }
    w.__seen = {}
    const pending: Record<string, boolean> = {}
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    new MutationObserver(() => {
      for (const key of [sel, 'app:.nav-bar__title', `app:${sel}`]) {
        const app = key.startsWith('app:')
        const s = app ? key.slice(4) : key
        if (w.__seen[key] || pending[key] || !Array.from(document.querySelectorAll(s)).some((el) => !app || !el.closest('#home-shell'))) continue
        pending[key] = true
        requestAnimationFrame((frame) => {
          pending[key] = false
          const el = Array.from(document.querySelectorAll(s)).find((e) => !app || !e.closest('#home-shell'))
          const box = el && el.getBoundingClientRect()
          if (box && box.width > 0 && box.height > 0 && !w.__seen[key]) w.__seen[key] = frame
        })
      }
    }).observe(document, { childList: true, subtree: true, attributes: true })
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
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null && !el.closest('#home-shell')), null, { timeout: 20000 })
  const title = Date.now() - started
  await page.waitForFunction((sel) => Array.from(document.querySelectorAll<HTMLElement>(sel)).some((el) => el.offsetParent !== null && !el.closest('#home-shell')), content, { timeout: 20000 })
  const shown = Date.now() - started
  // LCP is final once the content is on screen and the pictures it waits for have loaded.
  await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => undefined)
  const seen = await page.evaluate((sel) => {
    const w = window as unknown as { __seen: Record<string, number> }
    return { content: w.__seen[sel], title: w.__seen['app:.nav-bar__title'], app: w.__seen[`app:${sel}`] }
  }, content)
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    return { ttfb: n.responseStart - n.startTime, dcl: n.domContentLoadedEventEnd - n.startTime, fcp, lcp: (window as unknown as { __lcp: number }).__lcp }
  })
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
  if (process.env.LCP_DEBUG) console.log(`LCP ${Math.round(nav.lcp)} ms: ${await page.evaluate(() => (window as unknown as { __lcpWhat: string }).__lcpWhat)}; in the DOM: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen))}\n${timeline.join("\n")}`)
  await context.close()
  return { ...nav, content: seen.content ?? shown, title: seen.title ?? title, app: seen.app ?? shown, kb: bytes / 1024 }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main() {
  const server = await startTestServer({ staticDir: path.resolve(__dirname, '..', 'dist-h5'), label: 'pageload' })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    for (const profile of PROFILES) {
      console.log(`page-load benchmark: median of ${RUNS} cold loads per page, ${profile.name}`)
      const cols = ['TTFB', 'DCL', 'FCP', 'LCP', 'content', 'app title', 'app']
      console.log(`${'page'.padEnd(18)}${cols.map((c) => c.padStart(c === 'app title' ? 10 : 9)).join('')}${'KB (wire)'.padStart(11)}`)
      for (const p of PAGES.filter((page) => !process.env.PAGE || page.name === process.env.PAGE)) {
        const samples: Sample[] = []
        for (let i = 0; i < RUNS; i++) samples.push(await loadOnce(browser, `${server.base}${p.path}`, p.content, profile))
        const m = (k: keyof Sample) => median(samples.map((s) => s[k]))
        const ms = (['ttfb', 'dcl', 'fcp', 'lcp', 'content', 'title', 'app'] as const).map((k) => `${m(k).toFixed(0)}ms`.padStart(k === 'title' ? 10 : 9)).join('')
        console.log(`${p.name.padEnd(18)}${ms}${m('kb').toFixed(1).padStart(11)}`)
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
