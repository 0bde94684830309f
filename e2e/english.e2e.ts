/**
 * A shopper who chose English (on My account) in the H5 build, in Chromium: the choice is what the app stores, and the
 * journeys where English used to break — a dialog's buttons, "not found" decided by the refusal's reason, the server's
 * own refusal, the tab bar on a straight load.
 *
 * Every screen in English (title, no Chinese the client wrote) is checked where axe opens it (e2e/axe.e2e.ts, with
 * expectEnglish from e2e/english.ts): one visit per screen and language for both checks.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { api, BASE, db, DPR, LANG_EN, launch, logIn, phone, placeOrder, settled, shot, smsCode, still, typeInto, visibleTitle } from './browser'
import { EN_TITLE, expectEnglish, recordServerStrings, type ServerStrings } from './english'
import { ROUTES } from '../src/routes'
import { CJK, ZH } from '../test-mp/zhMessages'
import { BRAND } from '../src/core/theme'
import { ORDER_STATUS } from '../src/contract/constants'
import { firstAnswersConfigIn } from '../server/hosting/firstAnswers'

const PHONE = '13800000071'
const ZH_TITLE: Record<string, string> = Object.fromEntries(ROUTES.map((r) => [r.path, r.zh]))

let browser: Browser
let shopper: { context: BrowserContext; page: Page; server: ServerStrings }
let shopperToken = ''

beforeAll(async () => {
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
  // <html lang> follows the choice at once (and at every launch: axe.e2e.ts checks it on each screen).
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  // Opened again (the toasts of the login in Chinese gone): My account in English, with nothing Chinese the client
  // wrote (every other screen: axe.e2e.ts).
  await page.goto(`${BASE()}/pages/personal/index`)
  await settled(page)
  await expectEnglish(page, server, 'my-account', EN_TITLE['pages/personal/index'], 'opened again after choosing English')
  expect(token).not.toBe('')
  shopper = { context, page, server }
  shopperToken = token
}, 180000)

afterAll(async () => {
  await shopper?.context.close()
  await browser?.close()
})

describe('a shopper who chose English', () => {
  it('the zh UI message tables this test reads are found (core and every feature)', () => {
    expect(ZH.filter((m) => m.file === 'src/core/messages/zh-CN.ts').length).toBeGreaterThan(20)
    expect(new Set(ZH.map((m) => m.file)).size).toBeGreaterThan(5)
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

// Issue 39: a browser set to English opens the app in English without anyone choosing it on My account — the server
// draws the first screen in the language of its Accept-Language, the app follows navigator.languages — and a choice
// made on My account is kept whatever the browser says.
describe('an English browser (locale en-US) that never chose a language', () => {
  it('opens cold in English — the drawn first screen, <html lang>, titles and tab bar never Chinese — and keeps 中文 once chosen', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'en-US' })
    // From the first paint: every title and tab label the page ever shows (a Chinese one that flips would be caught).
    await context.addInitScript(() => {
      const seen = new Set<string>()
      ;(window as unknown as { __words: Set<string> }).__words = seen
      const read = () => document.querySelectorAll('.nav-bar__title, .weui-tabbar__label').forEach((el) => seen.add(el.textContent?.trim() ?? ''))
      new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const server = recordServerStrings(context)
    const page = await context.newPage()
    try {
      const answer = await page.goto(`${BASE()}/pages/index/index`)
      const html = (await answer?.text()) ?? ''
      // The server's answer is English: the document's language and title, and the first screen it draws.
      expect(html).toContain('<html lang="en">')
      expect(html).toContain(`<title>${EN_TITLE['pages/index/index']}</title>`)
      expect(firstAnswersConfigIn(html)?.drawn?.lang).toBe('en')
      expect(answer?.headers()['vary']).toMatch(/Accept-Language/)
      await settled(page)
      await page.locator('.home-grid__label').first().waitFor({ timeout: 15000 })
      await page.waitForFunction(() => Array.from(document.querySelectorAll('.weui-tabbar__label')).map((el) => el.textContent?.trim()).join('|') === 'Home|Card|Orders|Me', undefined, { timeout: 10000 })
      await still(page)
      await shot(page, 'en-browser-home-cold')
      // The page's first script found the drawing right (drawn for English, the browser's language): never hidden.
      expect(await page.evaluate(() => (window as unknown as { __ocpDrawnWrong?: boolean }).__ocpDrawnWrong ?? false)).toBe(false)
      await expectEnglish(page, server, 'home', EN_TITLE['pages/index/index'], 'an English browser, cold', { chosen: false })
      const words = await page.evaluate(() => [...(window as unknown as { __words: Set<string> }).__words])
      expect(words.filter((w) => CJK.test(w))).toEqual([])
      // Nothing chosen, nothing kept: no stored language, and no cookie that would outlive a change of the browser's.
      expect((await context.cookies()).filter((c) => c.name === 'ocp_lang')).toEqual([])

      // Reached in the app: My account, in English; the shopper chooses 简体中文 there.
      await page.locator('.weui-tabbar__item').nth(3).click()
      await settled(page)
      expect(await visibleTitle(page)).toBe(EN_TITLE['pages/personal/index'])
      await page.locator('.menu-list__item--language:visible').click()
      await page.locator('#language-sheet .sheet__item', { hasText: '简体中文' }).click()
      await page.waitForFunction((zh) => Array.from(document.querySelectorAll<HTMLElement>('.nav-bar__title')).some((el) => el.offsetParent !== null && el.textContent?.trim() === zh), ZH_TITLE['pages/personal/index'], { timeout: 10000 })
      expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(JSON.stringify({ data: 'zh-CN' }))
      // Opened again, cold, by the same English browser: Chinese, from the server's first paint on.
      const again = await page.goto(`${BASE()}/pages/personal/index`)
      const zhHtml = (await again?.text()) ?? ''
      expect(zhHtml).toContain('<html lang="zh-CN">')
      expect(firstAnswersConfigIn(zhHtml)?.drawn?.lang).toBe('zh')
      await settled(page)
      expect(await visibleTitle(page)).toBe(ZH_TITLE['pages/personal/index'])
      await page.waitForFunction(() => Array.from(document.querySelectorAll('.weui-tabbar__label')).map((el) => el.textContent?.trim()).join('|') === '首页|会员卡|订单|我的', undefined, { timeout: 10000 })
      await still(page)
      await shot(page, 'en-browser-chose-chinese')
    } finally {
      await context.close()
    }
  })
})
