import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const BASE = () => {
  const base = process.env.E2E_BASE_URL
  if (!base) throw new Error('E2E_BASE_URL is not set (globalSetup starts the server)')
  return base
}

const SHOTS = path.resolve(__dirname, '..', 'test-results', 'e2e')

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p))
  const found = candidates.find((p) => fs.existsSync(p))
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)')
  return found
}

/** Playwright gives every launch a fresh temporary profile. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/** A phone-sized context, as shoppers use the H5 site. */
export async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' })
  // Toasts last 2 s: record every one that shows, so a slow machine cannot make a test miss it.
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    new MutationObserver(() => {
      document.querySelectorAll<HTMLElement>('.taro__toast').forEach((el) => {
        const text = el.textContent?.trim() ?? ''
        if (text && el.offsetParent !== null && seen[seen.length - 1] !== text) seen.push(text)
      })
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${new URL(r.url()).pathname}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { context, page, errors }
}

/**
 * Wait for the page of the current URL to settle: a title on screen, and Taro's page transition over — exactly
 * one page container not hidden (`taro_page_shade`), it is the one for `location.pathname` (its id is the route
 * with a stamp; right after a URL change the old page is still the only one), and it is in place
 * (`taro_page_stationed`). Pages below stay in the DOM and get `taro_page_shade` only when the slide is over (a
 * timer of duration + delay): going back before that leaves the page below hidden for good, so "the new page is in
 * place" alone is not enough. Then no finite animation running.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const title = Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null && el.getBoundingClientRect().height > 0)
      const shown = Array.from(document.querySelectorAll('.taro_router > .taro_page')).filter((el) => !el.classList.contains('taro_page_shade'))
      const route = location.pathname === '/' ? '' : location.pathname
      return title && shown.length === 1 && shown[0].classList.contains('taro_page_stationed') && (!route || shown[0].id.split('?')[0] === route)
    },
    null,
    { timeout: 15000 },
  )
  await still(page)
}

/**
 * Wait until the screen is still: no finite CSS animation or transition running (page slide, popup, toast fade;
 * skeleton shimmers and spinners loop forever and do not count), the images on screen decoded, the fonts loaded.
 */
export async function still(page: Page, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    () => {
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      const loading = Array.from(document.images).some((img) => img.offsetParent !== null && img.currentSrc !== '' && !img.complete)
      return !moving && !loading && document.fonts.status === 'loaded'
    },
    null,
    { timeout, polling: 'raf' },
  )
}

/** Wait until no toast is on screen (Taro's H5 toast fades out and then sets display: none). */
export async function toastGone(page: Page, timeout = 5000): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.taro__toast')).every((el) => el.offsetParent === null), null, { timeout })
}

/** The title of the page the shopper is looking at. */
export async function visibleTitle(page: Page): Promise<string> {
  return page.evaluate(() => {
    const titles = Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title'))
    const shown = titles.filter((el) => el.offsetParent !== null && el.closest('.taro_page')?.getAttribute('style')?.includes('display: none') !== true)
    return (shown[shown.length - 1] ?? titles[titles.length - 1])?.textContent?.trim() ?? ''
  })
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name.replace(/[^\w.-]+/g, '_')}.png`) })
}

/** Wait until a toast with this text has been shown (it may already have gone). */
export async function toastShown(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((x) => x.includes(t)), text, { timeout: 15000 })
}

/** Read-only look at the server's database, to check what the shopper did really happened. */
export function db<T>(sql: string, ...args: unknown[]): T {
  const conn = new Database(process.env.E2E_DB_PATH as string, { readonly: true, fileMustExist: true })
  try {
    return conn.prepare(sql).get(...args) as T
  } finally {
    conn.close()
  }
}
