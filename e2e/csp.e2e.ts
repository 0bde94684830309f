/**
 * The pages' Content-Security-Policy in Chromium (issue 23): what the server writes runs (every other e2e file fails
 * on any violation: e2e/browser.ts), markup that gets into a page any other way does not, and no other site can
 * frame the app.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { BASE, cspViolations, launch, phone, settled } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe("the pages' CSP", () => {
  it('Home runs with its drawing, its answers and the app, and a script or style injected into it does not run', async () => {
    const { page, context } = await phone(browser)
    try {
      await page.goto(`${BASE()}/`)
      await settled(page)
      expect(cspViolations()).toEqual([])
      const outcome = await page.evaluate(async () => {
        const w = window as unknown as { __injected?: string[] }
        w.__injected = []
        // Markup put in the page (an escaping mistake one day): an inline handler, a <script> and a <style>.
        const box = document.createElement('div')
        box.innerHTML = '<img src="/nope.png" onerror="window.__injected.push(\'handler\')"><style>body{outline:7px solid rgb(1, 2, 3)}</style>'
        // The picture's error event comes after its inline handler would have run.
        const failed = new Promise((resolve) => (box.querySelector('img') as HTMLImageElement).addEventListener('error', resolve))
        document.body.appendChild(box)
        // A script element runs (or is refused) as it is inserted.
        const script = document.createElement('script')
        script.textContent = "window.__injected.push('script')"
        document.body.appendChild(script)
        await failed
        return { ran: w.__injected, outline: getComputedStyle(document.body).outlineColor }
      })
      expect(outcome.ran).toEqual([])
      expect(outcome.outline).not.toBe('rgb(1, 2, 3)')
      // Each was blocked and seen by the e2e tier's watch (taken here, so that this test does not fail on them).
      const seen: string[] = []
      const all = () => seen.join('\n')
      for (let i = 0; i < 100 && !(/script-src-attr/.test(all()) && /script-src-elem blocked inline/.test(all()) && /style-src-elem blocked inline/.test(all())); i++) {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)))
        seen.push(...cspViolations())
      }
      expect(all()).toMatch(/script-src-attr/)
      expect(all()).toMatch(/script-src-elem blocked inline/)
      expect(all()).toMatch(/style-src-elem blocked inline/)
    } finally {
      await context.close()
    }
  })

  it('another site cannot frame the app', async () => {
    // Another site: an origin of its own on this machine (another port), a page that frames the app.
    const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>other</title><iframe src="${BASE()}/" width="375" height="600"></iframe>`))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const { page, context } = await phone(browser)
    try {
      // The outer page's load waits for its frame's (the app, or the error page Chromium puts in its place).
      await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`, { waitUntil: 'load' })
      const frame = page.frames().find((f) => f !== page.mainFrame())
      expect(frame).toBeDefined()
      // The frame never becomes the app: Chromium refuses the answer (frame-ancestors 'none', X-Frame-Options DENY).
      expect(await frame?.evaluate(() => document.getElementById('app') !== null).catch(() => false)).toBe(false)
      expect(frame?.url()).toBe('chrome-error://chromewebdata/')
      // Reported as the frame's refusal (its CSP), not as a violation of the outer page: nothing for the watch.
      cspViolations()
    } finally {
      await context.close()
      await new Promise((resolve) => other.close(resolve))
    }
  })
})
