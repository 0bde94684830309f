/**
 * Accessibility of every finished screen, measured with axe-core in Chromium, in zh and in en, on a 390 × 844
 * phone: a logged-in shopper with data on every screen (a paid card order so a card, a paid bill at a shop so a
 * redemption code, an unpaid bill, an address, a claimed coupon); Authorization anonymous.
 *
 * axe runs over the whole document (the page on top, the tab bar, anything open) with the WCAG 2.0 / 2.1 A and
 * AA rules, once the screen's content is in (not the skeleton) and still. Serious and critical violations fail
 * the test, except the rule ids listed for that screen in ALLOWED: what is known and not fixed yet (empty for a
 * screen that is clean). Every run writes test-results/axe-report.json (screen × language → rule → nodes, with
 * the nodes' selectors) and prints a compact table.
 *
 * Where it started (faf60d0, axe 4.14.1, the same 24 screen states × 2 languages): 340 serious/critical nodes —
 * color-contrast 244, image-alt 80, scrollable-region-focusable 14, label 2.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, launch, phone, settled, shot, still, visibleTitle } from './browser'
import { ROUTES } from '../src/routes'

// eslint-disable-next-line @typescript-eslint/no-require-imports -- axe-core ships its browser build as `source`
const AXE_SOURCE = (require('axe-core') as { source: string }).source
// eslint-disable-next-line @typescript-eslint/no-require-imports
const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const FAILING_IMPACTS = ['serious', 'critical']
const REPORT = path.resolve(__dirname, '..', 'test-results', 'axe-report.json')
const LANG_EN = JSON.stringify({ data: 'en' })
const PHONE = '13800000081'

type Lang = 'zh' | 'en'
const LANGS: Lang[] = ['zh', 'en']
const TITLE: Record<Lang, Record<string, string>> = {
  zh: Object.fromEntries(ROUTES.map((r) => [r.path, r.zh])),
  en: Object.fromEntries(ROUTES.map((r) => [r.path, r.en])),
}

interface Screen {
  name: string
  /** Path with query; PAID_BILL / PAID_CARD / UNPAID_BILL are replaced by the seeded orders' ids. */
  url: string
  /** A class the loaded screen shows (its content, not the skeleton). */
  ready: string
  anonymous?: boolean
  /** Something to do once the screen is loaded, before axe looks at it. */
  act?: (page: Page) => Promise<void>
  /** The title this state shows, when it is not the route's (an unpaid order on Payment success). */
  title?: Record<Lang, string>
}

async function typeInto(page: Page, selector: string, text: string) {
  const input = page.locator(`${selector} input:visible, input${selector}:visible`).first()
  await input.click()
  await input.fill(text)
}

/** Phones that asked for a code (one code per phone a minute). */
let codeSends = 0

/** The 21 finished routes plus Signed-in devices and Delete account (PRODUCT.md §3), each with its content in. */
const SCREENS: Screen[] = [
  { name: 'home', url: '/pages/index/index', ready: '.shop-row' },
  { name: 'search', url: '/pages/index/search', ready: '.search__word' },
  { name: 'me', url: '/pages/personal/index', ready: '.account-orders__item' },
  { name: 'addresses', url: '/pages/personal/address', ready: '.address__name' },
  { name: 'new-address', url: '/pages/personal/newAddress', ready: '.address-form__save' },
  { name: 'signed-in-devices', url: '/pages/personal/sessions', ready: '.session--current' },
  { name: 'delete-account', url: '/pages/personal/deleteAccount', ready: '.delete-account__submit' },
  { name: 'authorization', url: '/pages/accountBind/index', ready: '.bind__submit', anonymous: true },
  {
    // The privacy notice open and the SMS resend countdown running (a disabled button that must stay readable).
    name: 'authorization-code-sent',
    url: '/pages/accountBind/index',
    ready: '.bind__submit',
    anonymous: true,
    act: async (page) => {
      await page.locator('.bind__notice-link:visible').click()
      await page.locator('.privacy-notice:visible').waitFor()
      await typeInto(page, '.bind__phone', `1390000${String(++codeSends).padStart(4, '0')}`)
      await page.locator('.bind__agree:visible').click()
      await page.locator('.bind__send:visible').click()
      await page.getByText(/秒后重发|Resend in/).first().waitFor({ timeout: 10000 })
    },
  },
  { name: 'discount-bill', url: '/pages/discountBill/index', ready: '.shop-row' },
  { name: 'shop-details', url: '/pages/shops/details?id=1', ready: '.comment' },
  {
    name: 'pay-bill',
    url: '/pages/payBill/index?shop_id=1',
    ready: '.bill__shop-name',
    act: async (page) => {
      for (const d of '100') await page.locator(`.keypad__key--${d}:visible`).click()
      await page.locator('.bill__capital:visible').waitFor({ timeout: 10000 })
    },
  },
  { name: 'payment-success', url: '/pages/payBill/success?id=PAID_BILL', ready: '.pay-result__status' },
  { name: 'gold-plan', url: '/pages/orders/orderInfo?id=PAID_BILL', ready: '.gold__points-value' },
  { name: 'my-orders', url: '/pages/orders/index', ready: '.order-card' },
  { name: 'order-detail', url: '/pages/orders/detail?id=PAID_BILL', ready: '.order-detail__refund' },
  {
    // The refund sheet open, "other" chosen: its own words asked for.
    name: 'order-detail-refund-sheet',
    url: '/pages/orders/detail?id=PAID_BILL',
    ready: '.order-detail__refund',
    act: async (page) => {
      await page.locator('.order-detail__refund:visible').click()
      await page.locator('.refund-sheet__reason:visible').last().click()
      await page.locator('.refund-sheet__other:visible').waitFor()
    },
  },
  { name: 'order-detail-unpaid-after-fail', url: '/pages/orders/detail?id=UNPAID_BILL&pay=failed', ready: '.order-detail__banner' },
  { name: 'payment-success-unpaid', url: '/pages/payBill/success?id=UNPAID_BILL', ready: '.pay-result__pay', title: { zh: '订单待支付', en: 'Not paid yet' } },
  {
    // From a shop's QR code, with a non-discountable part larger than the amount.
    name: 'pay-bill-scene-too-much-undiscounted',
    url: '/pages/payBill/index?scene=SHOP-0001',
    ready: '.bill__shop-name',
    act: async (page) => {
      await page.locator('.keypad__key--5:visible').click()
      await page.locator('.bill__add-undiscounted:visible').click()
      for (const d of '80') await page.locator(`.keypad__key--${d}:visible`).click()
      await page.locator('.bill__field-error:visible').waitFor()
    },
  },
  { name: 'membership-card', url: '/pages/card/index', ready: '.card-product' },
  { name: 'my-cards', url: '/pages/card/my', ready: '.member-card' },
  { name: 'old-my-cards', url: '/pages/card/my_old', ready: '.my-cards-compact__row' },
  { name: 'card-records', url: '/pages/card/records', ready: '.record' },
  { name: 'card-page', url: '/pages/card/vipCord', ready: '.member-qr' },
  { name: 'value-coupons', url: '/pages/card/ticketList', ready: '.coupon' },
  { name: 'code-unknown', url: '/pages/code/index?scene=NOPE-404', ready: '.state--empty' },
  { name: 'web-view-refused', url: `/pages/webView/index?url=${encodeURIComponent('javascript:alert(1)')}`, ready: '.state--empty' },
]

/**
 * Serious/critical rule ids still known on a screen (either language), until they are fixed. Empty for a
 * screen axe finds clean; a screen not listed must be clean.
 */
const ALLOWED: Record<string, string[]> = {}

interface NodeHit {
  target: string
  html: string
  summary: string
}
interface RuleHit {
  id: string
  impact: string
  help: string
  nodes: NodeHit[]
}
type Report = Record<string, Partial<Record<Lang, RuleHit[]>>>

async function smsCode(phoneNo: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${BASE()}/api/sandbox/smsOutbox?phone=${phoneNo}`, { headers: { 'x-sandbox-key': process.env.E2E_SANDBOX_KEY ?? '' } })
    const body = (await res.json()) as { data: { list: Array<{ code: string }> } }
    if (body.data.list.length) return body.data.list[0].code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no SMS code for ${phoneNo}`)
}

async function api<T>(apiPath: string, body: Record<string, unknown>, token = ''): Promise<T> {
  const headers = { 'content-type': 'application/json', 'access-token': token, 'access-origin': '', 'x-sandbox-key': process.env.E2E_SANDBOX_KEY ?? '' }
  const res = await fetch(`${BASE()}/api/${apiPath}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const json = (await res.json()) as { code: number; msg: string; data: T }
  if (json.code !== 1) throw new Error(`${apiPath}: ${json.msg}`)
  return json.data
}

async function paidOrder(token: string, payload: Record<string, unknown>, pay: boolean): Promise<number> {
  const created = await api<{ order_info: { id: number } }>('personal.order/create', payload, token)
  const id = created.order_info.id
  if (pay) {
    await api('personal.order/payparam', { id, platform: 'h5' }, token)
    await api('sandbox/confirmPay', { id, result: 'success' })
  }
  return id
}

/** A phone the size the issue was tried at; English through the stored language before the app loads. */
async function shopperPhone(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await phone(browser)
  await opened.page.setViewportSize({ width: 390, height: 844 })
  if (lang === 'en') await opened.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  return opened
}

/** axe over the document, serious and critical violations only. */
async function runAxe(page: Page): Promise<RuleHit[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE })
  const result = await page.evaluate(
    async ({ tags }) => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; failureSummary?: string; impact?: string | null }> }> }> } }).axe
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').slice(0, 300), impact: n.impact ?? v.impact ?? '' })) }))
    },
    { tags: TAGS },
  )
  return result
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => FAILING_IMPACTS.includes(n.impact)).map(({ target, html, summary }) => ({ target, html, summary })) }))
    .filter((v) => v.nodes.length > 0)
}

function count(hits: RuleHit[] | undefined): number {
  return (hits ?? []).reduce((n, h) => n + h.nodes.length, 0)
}

function writeReport(report: Report): void {
  const screens = Object.fromEntries(
    Object.entries(report).map(([name, langs]) => [
      name,
      Object.fromEntries(
        Object.entries(langs).map(([lang, hits]) => [lang, { total: count(hits), rules: Object.fromEntries((hits ?? []).map((h) => [h.id, h.nodes.length])), nodes: hits }]),
      ),
    ]),
  )
  const byRule: Record<string, number> = {}
  for (const langs of Object.values(report)) for (const hits of Object.values(langs)) for (const h of hits ?? []) byRule[h.id] = (byRule[h.id] ?? 0) + h.nodes.length
  const total = Object.values(byRule).reduce((a, b) => a + b, 0)
  const checked = Object.values(report).reduce((n, langs) => n + Object.keys(langs).length, 0)
  fs.mkdirSync(path.dirname(REPORT), { recursive: true })
  fs.writeFileSync(REPORT, JSON.stringify({ axe: AXE_VERSION, tags: TAGS, impacts: FAILING_IMPACTS, checked, total, byRule, screens }, null, 2))
}

function table(report: Report): string {
  const rules = [...new Set(Object.values(report).flatMap((langs) => Object.values(langs).flatMap((hits) => (hits ?? []).map((h) => h.id))))].sort()
  const lines = [`axe ${AXE_VERSION}, serious+critical nodes (screen × language)`]
  let total = 0
  for (const [name, langs] of Object.entries(report)) {
    for (const lang of LANGS) {
      const hits = langs[lang]
      if (!hits) continue
      total += count(hits)
      const detail = hits.map((h) => `${h.id} ${h.nodes.length}`).join(', ')
      lines.push(`${`${name} ${lang}`.padEnd(30)} ${String(count(hits)).padStart(4)}  ${detail}`)
    }
  }
  lines.push(`${'total'.padEnd(30)} ${String(total).padStart(4)}  (rules: ${rules.join(', ') || 'none'})`)
  return lines.join('\n')
}

let browser: Browser
const shoppers: Partial<Record<Lang, { context: BrowserContext; page: Page }>> = {}
const ids = { PAID_BILL: 0, PAID_CARD: 0, UNPAID_BILL: 0 }
const report: Report = {}

beforeAll(async () => {
  browser = await launch()
  const zh = await shopperPhone('zh')
  const { page } = zh
  await page.goto(`${BASE()}/pages/accountBind/index?redirect=${encodeURIComponent('/pages/personal/index')}`)
  await settled(page)
  await typeInto(page, '.bind__phone', PHONE)
  await page.locator('.bind__agree:visible').click()
  await page.locator('.bind__send:visible').click()
  await typeInto(page, '.bind__code', await smsCode(PHONE))
  await page.locator('.bind__submit:visible').click()
  await page.waitForURL(/\/pages\/personal\/index/, { timeout: 15000 })
  await settled(page)
  const raw = await page.evaluate(() => window.localStorage.getItem('token'))
  const token = (JSON.parse(raw ?? '{}') as { data?: string }).data ?? ''
  expect(token).not.toBe('')

  ids.PAID_CARD = await paidOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-axe-card-1' }, true)
  ids.PAID_BILL = await paidOrder(token, { kind: 'bill', shop_id: 1, amount: 12800, client_request_id: 'e2e-axe-bill-1' }, true)
  ids.UNPAID_BILL = await paidOrder(token, { kind: 'bill', shop_id: 2, amount: 5000, client_request_id: 'e2e-axe-bill-2' }, false)
  await api('personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, token)
  await api('personal.coupon/claim', { coupon_id: 1 }, token)
  shoppers.zh = zh

  // The same shopper in English: a second context with the same stored session and the language chosen.
  const storage = await zh.context.storageState()
  const enContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: storage })
  await enContext.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  shoppers.en = { context: enContext, page: await enContext.newPage() }
}, 90000)

afterAll(async () => {
  writeReport(report)
  const stale = Object.entries(ALLOWED).flatMap(([name, ids]) => ids.filter((id) => report[name] && !LANGS.some((l) => report[name][l]?.some((h) => h.id === id))).map((id) => `${name}: ${id}`))
  console.log(`${table(report)}${stale.length ? `\nallowed but no longer found (take them out of ALLOWED): ${stale.join(', ')}` : ''}`)
  await shoppers.zh?.context.close()
  await shoppers.en?.context.close()
  await browser?.close()
})

const CASES = SCREENS.flatMap((s) => LANGS.map((lang) => [`${s.name} ${lang}`, s, lang] as const))

describe('axe: no serious or critical violations (WCAG 2.1 A/AA)', () => {
  it.each(CASES)('%s', async (_label, screen, lang) => {
    const url = screen.url.replace('UNPAID_BILL', String(ids.UNPAID_BILL)).replace('PAID_BILL', String(ids.PAID_BILL)).replace('PAID_CARD', String(ids.PAID_CARD))
    const route = url.slice(1).split('?')[0]
    const own = screen.anonymous ? await shopperPhone(lang) : undefined
    const page = own?.page ?? (shoppers[lang] as { page: Page }).page
    try {
      await page.goto(`${BASE()}${url}`)
      await settled(page)
      await page.locator(`${screen.ready}:visible`).first().waitFor({ timeout: 15000 })
      if (screen.act) await screen.act(page)
      await still(page)
      await shot(page, `axe-${screen.name}-${lang}`)
      // The language really is the one checked.
      expect(await visibleTitle(page)).toBe(screen.title?.[lang] ?? TITLE[lang][route])
      const hits = await runAxe(page)
      ;(report[screen.name] ??= {})[lang] = hits
      const allowed = ALLOWED[screen.name] ?? []
      const unexpected = hits.filter((h) => !allowed.includes(h.id))
      expect(unexpected.map((h) => `${h.id} (${h.nodes.length}): ${h.nodes.map((n) => n.target).join(' | ')}`)).toEqual([])
    } finally {
      await own?.context.close()
    }
  })
})

describe('keyboard (H5)', () => {
  it('Tab reaches the search box on Home, with a visible focus ring, and Enter opens Search', async () => {
    const page = (shoppers.zh as { page: Page }).page
    await page.goto(`${BASE()}/pages/index/index`)
    await settled(page)
    await page.locator('.shop-row:visible').first().waitFor({ timeout: 15000 })
    let reached = false
    for (let i = 0; i < 6 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.classList.contains('home-bar__search') ?? false)
    }
    expect(reached).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/pages\/index\/search/)
    await settled(page)
    expect(await visibleTitle(page)).toBe(TITLE.zh['pages/index/search'])
  })

  it("Taro's Buttons are buttons in the tab order; a disabled one is out of it and says so", async () => {
    const { context, page } = await shopperPhone('zh')
    try {
      await page.goto(`${BASE()}/pages/accountBind/index`)
      await settled(page)
      const send = page.locator('.bind__send:visible')
      await expect(send.getAttribute('role')).resolves.toBe('button')
      await expect(send.getAttribute('tabindex')).resolves.toBe('0')
      await typeInto(page, '.bind__phone', '13900009999')
      await page.locator('.bind__agree:visible').click()
      // Space on the focused send button sends the code, as a tap would.
      await send.focus()
      await page.keyboard.press(' ')
      await page.getByText('秒后重发').first().waitFor({ timeout: 10000 })
      await expect(send.getAttribute('aria-disabled')).resolves.toBe('true')
      await expect(send.getAttribute('tabindex')).resolves.toBeNull()
    } finally {
      await context.close()
    }
  })
})
