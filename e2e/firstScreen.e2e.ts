/**
 * Issue 15 in Chromium: a tab's HTML draws its first screen — Home's bar, city and search, first banner, services
 * and flash sales; My orders and Me as a shopper who has not logged in sees them — in the shopper's language before
 * the app's scripts have arrived, each thing where the app will draw it; the app removes the drawing in the render
 * that draws its own. A drawing that said something else than the app, sat elsewhere, stayed, came in the wrong
 * language or showed a logged-out screen to a logged-in shopper would show here.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, phone, serverClock, settled } from './browser'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'
import { ROUTES } from '../src/routes'

const EN_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.en]))
const ZH_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.zh]))

let browser: Browser
beforeAll(async () => {
  // Home's flash strip is the session on now: the server's clock is held inside one, four hours from either switch
  // (test-mp/flashClock.js), so the drawing and the app never straddle a switch; reset after.
  await holdFlashSession(serverClock)
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await releaseServerClock(serverClock)
})

/** The tabs the server draws a first screen for (Home for everyone; the others as a shopper not logged in sees them). */
const SCREENS: Array<{ name: string; path: string }> = [
  { name: 'Home', path: '/pages/index/index' },
  { name: 'Membership card (not logged in)', path: '/pages/card/index' },
  { name: 'My orders (not logged in)', path: '/pages/orders/index' },
  { name: 'Me (not logged in)', path: '/pages/personal/index' },
]

/**
 * An element as the shopper sees it, whatever drew it: its kind (Taro's H5 components and the drawing's plain elements
 * named alike), its class names (without Taro's own), its own words, its box when on screen, and its children.
 */
interface Drawn {
  kind: string
  cls: string
  words: string
  box: number[] | null
  children: Drawn[]
}

/**
 * The page's body as drawn: inside the server's drawing (`inDrawing`), or the app's own — as a tree, down to each
 * picture's box (what is inside a picture is the browser's). `take`: how many of the body's first blocks (the drawing's
 * count: it draws the screen's top, the app goes on below it).
 */
const bodyOf = (page: Page, inDrawing: boolean, take?: number): Promise<Drawn[]> =>
  page.evaluate(
    ([inside, count]) => {
      const KINDS: Record<string, string> = {
        div: 'view',
        'taro-view-core': 'view',
        span: 'text',
        'taro-text-core': 'text',
        'ocp-img': 'image',
        'taro-image-core': 'image',
        'ocp-scroll': 'scroll',
        'taro-scroll-view-core': 'scroll',
        'ocp-btn': 'button',
        'taro-button-core': 'button',
      }
      const tree = (el: Element): Drawn => {
        const tag = el.tagName.toLowerCase()
        const r = el.getBoundingClientRect()
        const onScreen = r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth && r.bottom > 0 && r.top < window.innerHeight
        const kind = KINDS[tag] ?? tag
        return {
          kind,
          cls: Array.from(el.classList)
            .filter((c) => c !== 'hydrated' && !c.startsWith('taro-'))
            .join(' '),
          // The countdown ticks between the two loads: its time is left out.
          words: Array.from(el.childNodes)
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent ?? '')
            .join('')
            .trim()
            .replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss'),
          box: onScreen ? [r.x, r.y, r.width, r.height].map((n) => Math.round(n)) : null,
          children: kind === 'image' ? [] : Array.from(el.children).map(tree),
        }
      }
      const body = Array.from(document.querySelectorAll('.page__body')).find((b) => !!b.closest('#first-screen') === inside && (b as HTMLElement).offsetParent !== null)
      const blocks = body ? Array.from(body.children).map(tree) : []
      return count === undefined ? blocks : blocks.slice(0, count)
    },
    [inDrawing, take] as const,
  )

/** Each difference between the drawing and the app's tree, by where it is ("0.2.1": the body's first block's third child's second). */
function differences(drawn: Drawn[], app: Drawn[], at = ''): string[] {
  const out: string[] = []
  for (let i = 0; i < Math.max(drawn.length, app.length); i++) {
    const d = drawn[i]
    const a = app[i]
    const where = `${at}${i}`
    if (!d || !a) {
      out.push(`${where}: ${d ? `drawn ${d.kind}.${d.cls}, not in the app` : `the app's ${a.kind}.${a.cls} "${a.words}" not drawn`}`)
      continue
    }
    const what = (x: Drawn) => `${x.kind}.${x.cls} "${x.words}" ${x.box ? x.box.join(',') : 'off screen'}`
    // Boxes to the pixel (a sub-pixel position may round either way).
    const sameBox = d.box === null || a.box === null ? d.box === a.box : d.box.every((n, k) => Math.abs(n - (a.box as number[])[k]) <= 1)
    if (d.kind !== a.kind || d.cls !== a.cls || d.words !== a.words || !sameBox) out.push(`${where}: drawn ${what(d)} / app ${what(a)}`)
    else out.push(...differences(d.children, a.children, `${where}.`))
  }
  return out
}

const JS = /\/js\/.+\.js$/

async function drawnThenApp(path: string, lang: 'zh' | 'en'): Promise<{ drawn: Drawn[]; app: Drawn[]; title: string | null; lang: string | null }> {
  const { page, context } = await phone(browser)
  if (lang === 'en') await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
  // A first visit keeps the language in a cookie: the server draws the next page in it.
  await page.goto(`${BASE()}/pages/card/index`)
  await settled(page)
  // The app's scripts held back: what the shopper sees while they download.
  await page.route(JS, (r) => r.abort())
  await page.goto(`${BASE()}${path}`)
  await page.locator('#first-screen .page__body').waitFor({ state: 'visible' })
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('#first-screen img')).every((img) => img.complete))
  const drawn = await bodyOf(page, true)
  const title = await page.locator('#first-screen .nav-bar__title').textContent()
  const drawnLang = await page.locator('#first-screen').getAttribute('data-lang')
  expect(await page.locator('#first-screen').getAttribute('aria-hidden')).toBe('true')

  await page.unroute(JS)
  await page.goto(`${BASE()}${path}`)
  // The app has drawn the same (it removes the drawing in that render).
  await page.waitForFunction(() => !document.getElementById('first-screen') && !!document.querySelector('.page__body'), null, { timeout: 15000 })
  await settled(page)
  const app = await bodyOf(page, false, drawn.length)
  await context.close()
  return { drawn, app, title, lang: drawnLang }
}

describe('the first screens drawn by the HTML', () => {
  for (const screen of SCREENS) {
    for (const lang of ['zh', 'en'] as const) {
      it(`${screen.name} (${lang}): drawn with no app script at all, as the app draws it — every element, its words and its box`, async () => {
        const { drawn, app, title, lang: drawnLang } = await drawnThenApp(screen.path, lang)
        expect(drawnLang).toBe(lang === 'en' ? 'en' : 'zh-CN')
        expect(title).toBe(lang === 'en' ? EN_TITLE[screen.path.slice(1)] : ZH_TITLE[screen.path.slice(1)])
        expect(drawn.length).toBeGreaterThan(0)
        // The same elements, classes, words and boxes as the app's first blocks of the page.
        expect(differences(drawn, app)).toEqual([])
      })
    }
  }

  it('a session kept on the phone drops the logged-out drawings of Membership card, My orders and Me before they show', async () => {
    const { page, context } = await phone(browser)
    await context.addInitScript(() => window.localStorage.setItem('token', JSON.stringify({ data: 'some-session' })))
    await page.route(JS, (r) => r.abort())
    for (const path of ['/pages/card/index', '/pages/orders/index', '/pages/personal/index']) {
      await page.goto(`${BASE()}${path}`)
      expect([path, await page.locator('#first-screen').count()]).toEqual([path, 0])
    }
    // Home's drawing is the same for everyone: it stays.
    await page.goto(`${BASE()}/pages/index/index`)
    expect(await page.locator('#first-screen').count()).toBe(1)
    await context.close()
  })
})

describe("Home's first screen", () => {
  it('goes at once when drawn for another language than the phone keeps, and the app draws Home in the right one', async () => {
    const { page, context } = await phone(browser)
    // The phone says English, but no cookie has told the server yet: it draws Chinese, which the page drops.
    await context.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
    await page.route(JS, (r) => r.abort())
    await page.goto(`${BASE()}/pages/index/index`)
    expect(await page.locator('#first-screen').count()).toBe(0)
    await page.unroute(JS)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('.home-grid__label').first().waitFor({ state: 'visible', timeout: 15000 })
    expect(await page.locator('.home-grid__label').first().textContent()).toBe('Membership card')
    await context.close()
  })

  it('other pages have none, and a Home whose services fail does not keep it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/discountBill/index`)
    await settled(page)
    expect(await page.locator('#first-screen').count()).toBe(0)
    // A referral kept from an earlier launch: the page asks for its first calls itself (another URL than the ones
    // the server answered), and the services' call fails.
    await page.evaluate(() => window.localStorage.setItem('share_user_user_id', JSON.stringify({ data: 'u-1' })))
    await page.route(/\/api\/index\/moduleList/, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: '服务繁忙', data: null }) }))
    await page.goto(`${BASE()}/pages/index/index`)
    await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 15000 })
    await page.locator('.state--error').first().waitFor({ state: 'visible', timeout: 15000 })
    await context.close()
  })
})
