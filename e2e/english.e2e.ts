/**
 * English everywhere: a logged-in shopper with data (a paid card order, an address, a claimed coupon) who chose
 * English opens every screen of the table below in the H5 build, in Chromium.
 *
 * The language is the `lang` storage key (src/core/storage.ts, read by getLang in src/core/i18n.ts). On H5,
 * Taro.setStorageSync writes `JSON.stringify({ data: value })` to localStorage, so English is `{"data":"en"}`;
 * the test switches the language once through My account and checks that this is what the app wrote, then an
 * init script puts it in place before the app loads.
 *
 * On each screen: the nav-bar title is the route's `en` title (src/routes.ts), and no Chinese the client wrote is
 * visible. The server's demo data is Chinese (shop names, addresses, reviews…): every string with Chinese in
 * every JSON answer of /api/ is taken out of the page text first; whatever Chinese is left was written by the app.
 * Except the names the system defines (server/names.ts: card levels and benefits, business classes, cities,
 * banners, grid titles, default nicknames): the app asks in English (`lang` in every payload), so those must
 * come back in English, and a Chinese one on screen fails like the app's own words.
 *
 * Exceptions (product decisions): none since issue 24 — Search's popular words (and the mall's own) are English
 * words the server searches as the Chinese they stand for (src/contract/searchWords.ts).
 * (Pay a bill's amount written out, `.bill__capital`, is in English words in English since issue 24: no exception.)
 */
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { api, BASE, db, LANG_EN, launch, logIn, phone, placeOrder, placeParcel, seedAddressAndCoupon, serverClock, settled, shot, smsCode, still, typeInto, visibleTitle } from './browser'
import { AUTHORIZATION_AGREE_FIRST, PAY_BILL_COUPONS, SCREENS as CATALOGUE, type Screen } from './screens'
import { ROUTES } from '../src/routes'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'
import { CJK, ZH, ZH_PIECES, ZH_WHOLE } from '../test-mp/zhMessages'
import { givenAnswersIn } from '../server/firstAnswers'
import { EN_COUPON_TITLES, EN_NAMES, GRID_MODULES } from '../server/names'
import { BRAND } from '../src/core/theme'
import { ORDER_STATUS } from '../src/contract/constants'

const PHONE = '13800000071'

const EN_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.en]))

/** The names the system defines, in Chinese: never taken out as "the server's data". */
const SYSTEM_ZH = new Set([...Object.keys(EN_NAMES), ...Object.keys(EN_COUPON_TITLES), ...GRID_MODULES.map((m) => m[1])])
const isSystemName = (s: string) => SYSTEM_ZH.has(s.trim()) || /^会员\d+$/.test(s.trim())

/** For a failure message: the zh UI message(s) a leftover string holds, with their file. */
function explain(s: string): string {
  const hits = [...new Set(ZH_PIECES.filter((p) => p.piece.length >= 2 && s.includes(p.piece)).map((p) => `${p.key} (${p.file})`))]
  return `${JSON.stringify(s)}${hits.length ? ` ← ${hits.join(', ')}` : ''}`
}

/** Elements whose Chinese text is a product decision (see the header), and what each may hold. */
interface AllowedChinese {
  selector: string
  text: (s: string) => boolean
}
const ALLOWED: Record<string, AllowedChinese> = {}

/** Every screen of the catalogue (e2e/screens.ts; PAID is a paid card order here), plus "agree first" at Authorization. */
// The store workbench's own screens need a staff login: axe.e2e.ts opens them in English; this shopper opens the store's "no permission".
const SCREENS: Screen[] = [...CATALOGUE.filter((s) => !s.staff), PAY_BILL_COUPONS, AUTHORIZATION_AGREE_FIRST]

/** Every string value with Chinese in it, anywhere in a JSON answer. */
function chineseStrings(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') {
    if (CJK.test(v)) out.add(v)
  } else if (Array.isArray(v)) v.forEach((x) => chineseStrings(x, out))
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => chineseStrings(x, out))
}

/**
 * Records every /api/ JSON answer the context's pages receive — and those the server put in a page's HTML
 * (server/firstAnswers.ts: the page's public first calls, answered without a request); `strings()` waits for the bodies
 * read so far.
 */
function recordServerStrings(context: BrowserContext) {
  const found = new Set<string>()
  const pending: Array<Promise<void>> = []
  context.on('response', (r: Response) => {
    if ((r.headers()['content-type'] ?? '').includes('text/html')) {
      pending.push(
        r
          .text()
          .then((html) => {
            for (const a of Object.values(givenAnswersIn(html))) chineseStrings(JSON.parse(a.text), found)
          })
          .catch(() => undefined),
      )
      return
    }
    if (!new URL(r.url()).pathname.startsWith('/api/')) return
    if (!(r.headers()['content-type'] ?? '').includes('json')) return
    pending.push(
      r
        .json()
        .then((body: unknown) => chineseStrings(body, found))
        .catch(() => undefined),
    )
  })
  return {
    strings: async () => {
      await Promise.all(pending)
      return found
    },
  }
}

/**
 * What the shopper can read on the page on top: text of visible elements of the last visible `.taro_page`,
 * plus placeholders and aria-labels. Text inside `allowed` elements is left out.
 */
async function visibleStrings(page: Page, allowed: string | undefined): Promise<string[]> {
  return page.evaluate((allowedSel) => {
    const shown = (el: Element | null): el is HTMLElement => {
      if (!(el instanceof HTMLElement)) return false
      if (el.offsetParent !== null) return true
      // position: fixed elements (bars, sheets) have no offsetParent: shown when they have a box.
      return getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0 && el.closest('[style*="display: none"]') === null
    }
    const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter(shown)
    const top = pages[pages.length - 1]
    if (!top) return ['<no visible .taro_page>']
    const out: string[] = []
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? ''
      const parent = n.parentElement
      if (!text || !shown(parent)) continue
      if (allowedSel && parent.closest(allowedSel)) continue
      out.push(text)
    }
    top.querySelectorAll<HTMLElement>('[placeholder], [aria-label]').forEach((el) => {
      if (!shown(el)) return
      for (const attr of ['placeholder', 'aria-label']) {
        const v = el.getAttribute(attr)?.trim()
        if (v) out.push(v)
      }
    })
    // Also on screen, outside the page: every toast shown since the page loaded (recorded by phone()).
    out.push(...((window as unknown as { __toasts?: string[] }).__toasts ?? []))
    return out.filter(Boolean)
  }, allowed)
}

/**
 * The strings that still have Chinese once every server string is taken out (longest first). A server string
 * that is word for word a zh UI message is not taken out: a Chinese UI word on screen stays suspect even when the
 * server happens to send the same word (as in test-mp/english.test.js).
 */
function clientChinese(strings: string[], fromServer: Set<string>): string[] {
  const removable = [...fromServer].filter((x) => !ZH_WHOLE.has(x.trim()) && !isSystemName(x)).sort((a, b) => b.length - a.length)
  return strings.filter((s) => {
    let rest = s
    for (const d of removable) if (rest.includes(d)) rest = rest.split(d).join(' ')
    return CJK.test(rest)
  })
}

let browser: Browser
let shopper: { context: BrowserContext; page: Page; server: ReturnType<typeof recordServerStrings> }
let paidOrderId = 0
let parcelId = 0
let shopperToken = ''

beforeAll(async () => {
  // The flash-sale screens show the session on: the server's clock held at 12:00 of its day for the file (test-mp/flashClock.js).
  await holdFlashSession(serverClock)
  browser = await launch()
  const { context, page } = await phone(browser)
  const server = recordServerStrings(context)

  // Log in through Authorization with the SMS code from the sandbox outbox.
  const token = await logIn(page, PHONE)

  // English, chosen on My account: check what the app stores, so the init script below writes the same.
  await page.locator('.menu-list__item--language:visible').click()
  await page.locator('#language-sheet .sheet__item', { hasText: 'English' }).click()
  await page.waitForFunction((t) => Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null && el.textContent?.trim() === t), EN_TITLE['pages/personal/index'], { timeout: 10000 })
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(LANG_EN)
  // <html lang> follows the choice at once (and at every launch: checked on each screen below).
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)

  // Data on every screen, as test-mp/fixtures.js seedShopper: a paid card order (so a card), an address, a coupon.
  expect(token).not.toBe('')
  paidOrderId = await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-english-card-1' }, true)
  await seedAddressAndCoupon(token)
  parcelId = await placeParcel(token, 'e2e-english-mall-1', 'sandbox')
  shopper = { context, page, server }
  shopperToken = token
}, 180000)

afterAll(async () => {
  await shopper?.context.close()
  await browser?.close()
  await releaseServerClock(serverClock)
})

describe('a shopper who chose English', () => {
  it('the zh UI message tables this test reads are found (core and every feature)', () => {
    expect(ZH.filter((m) => m.file === 'src/core/messages/zh-CN.ts').length).toBeGreaterThan(20)
    expect(new Set(ZH.map((m) => m.file)).size).toBeGreaterThan(5)
  })

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s: English title, no Chinese UI text', async (name, screen) => {
    const allowed = ALLOWED[name]
    const url = screen.url.replace('PAID', String(paidOrderId)).replace('PARCEL', String(parcelId))
    const route = url.slice(1).split('?')[0]
    let context = shopper.context
    let page = shopper.page
    let server = shopper.server
    if (screen.anonymous) {
      ;({ context, page } = await phone(browser))
      await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
      server = recordServerStrings(context)
    }
    try {
      if (screen.before) await screen.before(page)
      await page.goto(`${BASE()}${url}`)
      await settled(page)
      await page.locator(`${screen.ready}:visible`).first().waitFor({ timeout: 15000 })
      if (screen.act) await screen.act(page)
      // What the act opened (popups, toasts) has finished moving and the images are in before the screenshot.
      await still(page)
      await shot(page, `en-all-${name}`)
      expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(LANG_EN)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
      expect(await visibleTitle(page)).toBe(EN_TITLE[route])
      if (allowed) {
        // The exception is on screen and holds only what it is for.
        const allowedTexts = (await page.locator(`${allowed.selector}:visible`).allTextContents()).map((x) => x.trim())
        expect(allowedTexts.length).toBeGreaterThan(0)
        expect(allowedTexts.filter((x) => !allowed.text(x))).toEqual([])
      }
      const strings = await visibleStrings(page, allowed?.selector)
      // The text was read from the screen at all: the English title is among it.
      expect(strings).toContain(EN_TITLE[route])
      const left = clientChinese(strings, await server.strings())
      if (left.length) console.log(`${name} (${url}): Chinese UI text in English:\n${left.map((x) => `  ${explain(x)}`).join('\n')}`)
      expect(left.map(explain)).toEqual([])
    } finally {
      if (screen.anonymous) await context.close()
    }
  })

  // Both platforms refuse a dialog button longer than 4 Chinese characters (8 letters): "Cancel order" made the
  // dialog fail, so the Cancel button of an unpaid order did nothing in English.
  it('an unpaid order can be cancelled: the dialog asks in English, the red button cancels it', async () => {
    const id = await placeOrder(shopperToken, { kind: 'bill', shop_id: 2, amount: 5000, client_request_id: 'e2e-english-cancel-1' }, false)
    const page = shopper.page
    await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
    await settled(page)
    await page.locator('.order-detail__cancel:visible').click()
    // Taro's dialog: a wrapper of no size of its own around a fixed mask and box.
    const modal = page.locator('.taro-modal__content:visible')
    await modal.waitFor({ timeout: 5000 })
    expect(await modal.innerText()).toContain('Cancel this order?')
    const confirm = modal.locator('.taro-modal__foot').getByText('Cancel', { exact: true })
    await modal.locator('.taro-modal__foot').getByText('Keep it', { exact: true }).waitFor()
    const red = `rgb(${[1, 3, 5].map((i) => parseInt(BRAND.slice(i, i + 2), 16)).join(', ')})`
    expect(await confirm.evaluate((el) => getComputedStyle(el).color)).toBe(red)
    await still(page)
    await shot(page, 'en-cancel-order-dialog')
    await confirm.click()
    await page.locator('.order-detail__status-text:visible', { hasText: 'Cancelled' }).waitFor({ timeout: 10000 })
    expect(db<{ status: number }>('SELECT status FROM orders WHERE id = ?', id).status).toBe(ORDER_STATUS.CANCELLED)
  })

  // The app decides "not found" by the refusal's reason (order_not_found), not by its words: with English words
  // ("This order does not exist") a missing order, and another shopper's, read "not found", never an error with Retry.
  it("a missing order and another shopper's order: not found in English, never Retry", async () => {
    const otherPhone = '13700009877'
    await api('Captcha/sendSmsCaptcha', { phone: otherPhone })
    const other = await api<{ token: string }>('wechat/bind', { phone: otherPhone, code: await smsCode(otherPhone) })
    const theirs = await placeOrder(other.token, { kind: 'bill', shop_id: 2, amount: 5000, client_request_id: 'e2e-english-theirs-1' }, false)
    const page = shopper.page
    for (const [label, id] of [['missing', 99999999], ['theirs', theirs]] as const) {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/personal.order/read', { timeout: 15000 })
      await page.goto(`${BASE()}/pages/orders/detail?id=${id}`)
      expect(await (await answer).json()).toMatchObject({ code: 0, reason: 'order_not_found', msg: 'This order does not exist' })
      await settled(page)
      const empty = page.locator('.state--empty:visible')
      await empty.waitFor({ timeout: 10000 })
      expect((await empty.locator('.state__title').innerText()).trim()).toBe('Nothing to show here')
      expect(await page.locator('.state__retry:visible').count()).toBe(0)
      expect(await visibleTitle(page)).toBe(EN_TITLE['pages/orders/detail'])
      await still(page)
      await shot(page, `en-order-not-found-${label}`)
    }
  })

  // The server's refusals follow the payload's lang (their reason's words, src/contract/reasons.ts): a wrong login code says so in English.
  it("the server's refusal is in English: a wrong login code on Authorization", async () => {
    const { context, page } = await phone(browser)
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    try {
      const phoneNo = '13700009876'
      await page.goto(`${BASE()}/pages/accountBind/index`)
      await settled(page)
      await typeInto(page, '.bind__phone', phoneNo)
      await page.locator('.bind__agree:visible').click()
      await page.locator('.bind__send:visible').click()
      const code = await smsCode(phoneNo)
      await typeInto(page, '.bind__code', code === '000000' ? '111111' : '000000')
      await page.locator('.bind__submit:visible').click()
      // Under the code field, where the shopper types it again; and "code sent" before it was in English too.
      await page.locator('.bind__error--code:visible', { hasText: 'Wrong code' }).waitFor({ timeout: 10000 })
      await still(page)
      await shot(page, 'en-refusal-wrong-code')
      expect((await page.locator('.bind__error--code:visible').innerText()).trim()).toBe('Wrong code')
      const toasts = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])
      expect(toasts.filter((x) => CJK.test(x))).toEqual([])
      // Still on Authorization, not signed in.
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
    } finally {
      await context.close()
    }
  })

  // The tab bar sits outside the page on top, so the screens above do not read it. Its labels are declared in
  // Chinese (src/app.config.ts) and rewritten at launch by applyTabBarLanguage (src/tabBar.ts); on a fast, warm
  // load that used to happen before Taro's <taro-tabbar> listened, and the labels stayed Chinese.
  it.each(['pages/index/index', 'pages/card/index', 'pages/orders/index', 'pages/personal/index'])('the tab bar is in English when %s is loaded straight away', async (route) => {
    const page = shopper.page
    for (let load = 0; load < 2; load++) {
      // Twice: the second load comes from a warm cache, the fast case.
      await page.goto(`${BASE()}/${route}`)
      await settled(page)
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll('.weui-tabbar__label')).map((el) => el.textContent?.trim()).join('|') === 'Home|Card|Orders|Me',
        undefined,
        { timeout: 10000 },
      )
    }
    await shot(page, `en-tabbar-${route.split('/')[1]}`)
  })
})
