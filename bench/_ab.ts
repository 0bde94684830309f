import { chromium, type Route } from 'playwright-core'
// eslint-disable-next-line
const { startTestServer } = require('/work/main/scripts/test-server.cjs')
const deferAfterPaint = (html: string) => {
  const srcs: string[] = []
  html = html.replace(/<script defer="defer" src="([^"]+)"><\/script>/g, (_m, src: string) => { srcs.push(src); return `<link rel="preload" as="script" href="${src}">` })
  const boot = `<script>requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(srcs)}.forEach(function(u){var s=document.createElement("script");s.src=u;s.async=false;document.body.appendChild(s)})},0)})</script>`
  return html.replace('</body>', `${boot}</body>`)
}
async function main() {
  const server = await startTestServer({ staticDir: '/work/main/dist-h5', label: 'ab' })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  const res: Record<string, number[][]> = { A: [], B: [] }
  for (let i = 0; i < Number(process.env.RUNS ?? 7); i++) for (const v of ['A', 'B']) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable'); await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(() => { const w = window as any; w.__lcp = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime) }).observe({ type: 'largest-contentful-paint', buffered: true }) })
    await page.route(/\/pages\//, async (r: Route) => { const f = await r.fetch(); let body = await f.text(); if (v === 'B') body = deferAfterPaint(body); await r.fulfill({ response: f, body }) })
    await page.goto(server.base + '/pages/index/index', { waitUntil: 'commit' })
    await page.waitForFunction(() => !document.getElementById('home-shell') && !!document.querySelector('.home-grid__label'), null, { timeout: 20000 })
    const app = await page.evaluate(() => performance.now())
    await page.waitForTimeout(300)
    const m = await page.evaluate(() => [performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1, (window as any).__lcp])
    res[v].push([...m, app].map(Math.round))
    await context.close()
  }
  for (const v of ['A', 'B']) { const col = (k: number) => res[v].map((r) => r[k]).sort((a, b) => a - b)[Math.floor(res[v].length / 2)]; console.log(v, 'median FCP', col(0), 'LCP', col(1), 'app', col(2), JSON.stringify(res[v])) }
  await browser.close(); await server.stop()
}
main()
