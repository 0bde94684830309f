/**
 * Page-load benchmark (not a test): opens H5 pages in Debian's Chromium against the reference server
 * serving dist-h5 (as `npm start` does) and prints, per page, the median of RUNS cold loads (fresh
 * context, empty cache): time to first byte, DOMContentLoaded, the page title on screen, the page's
 * content on screen, and the bytes transferred. Loopback, no throttling: these are lower bounds that
 * show regressions, not what a phone on 4G sees.
 *   npm run bench:pageload            (RUNS=5)
 *   RUNS=9 npm run bench:pageload
 */
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTestServer } = require('../scripts/test-server.cjs') as {
  startTestServer: (o: { staticDir: string; label: string }) => Promise<{ base: string; stop: () => Promise<void> }>
}

const RUNS = Math.max(1, Math.min(Number(process.env.RUNS ?? 5), 25))
const PAGES: Array<{ name: string; path: string; content: string }> = [
  { name: 'Home', path: '/pages/index/index', content: '.shop-row' },
  { name: 'Membership card', path: '/pages/card/index', content: '.card-product' },
  { name: 'Discount bill', path: '/pages/discountBill/index', content: '.shop-row' },
  { name: 'Shop details', path: '/pages/shops/details?id=1', content: '.shop-head__name' },
  { name: 'Search', path: '/pages/index/search', content: '.search__word' },
]

interface Sample {
  ttfb: number
  dcl: number
  title: number
  content: number
  kb: number
}

async function loadOnce(browser: Browser, url: string, content: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
  const page = await context.newPage()
  const sizes: Array<Promise<number>> = []
  // Bytes on the wire (compressed bodies plus headers), as Chromium counted them.
  page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0)))
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null), null, { timeout: 20000 })
  const title = Date.now() - started
  await page.waitForSelector(content, { state: 'visible', timeout: 20000 })
  const shown = Date.now() - started
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return { ttfb: n.responseStart - n.startTime, dcl: n.domContentLoadedEventEnd - n.startTime }
  })
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
  await context.close()
  return { ttfb: nav.ttfb, dcl: nav.dcl, title, content: shown, kb: bytes / 1024 }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main() {
  const server = await startTestServer({ staticDir: path.resolve(__dirname, '..', 'dist-h5'), label: 'pageload' })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    console.log(`page-load benchmark: median of ${RUNS} cold loads per page, loopback, no throttling`)
    console.log(`${'page'.padEnd(18)}${'TTFB'.padStart(8)}${'DCL'.padStart(8)}${'title'.padStart(8)}${'content'.padStart(9)}${'KB (wire)'.padStart(11)}`)
    for (const p of PAGES) {
      const samples: Sample[] = []
      for (let i = 0; i < RUNS; i++) samples.push(await loadOnce(browser, `${server.base}${p.path}`, p.content))
      const m = (k: keyof Sample) => median(samples.map((s) => s[k]))
      console.log(`${p.name.padEnd(18)}${`${m('ttfb').toFixed(0)}ms`.padStart(8)}${`${m('dcl').toFixed(0)}ms`.padStart(8)}${`${m('title').toFixed(0)}ms`.padStart(8)}${`${m('content').toFixed(0)}ms`.padStart(9)}${m('kb').toFixed(1).padStart(11)}`)
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
