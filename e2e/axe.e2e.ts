/**
 * Accessibility of every finished screen, measured with axe-core in Chromium, in zh and in en, on a 390 × 844
 * phone: a logged-in shopper with data on every screen (a paid card order so a card, a paid bill at a shop (its refund
 * sheet), an unpaid bill, an address, a claimed coupon); Authorization anonymous.
 *
 * axe runs over the whole document (the page on top, the tab bar, anything open) with the WCAG 2.0 / 2.1 A and
 * AA rules, once the screen's content is in (not the skeleton) and still. Serious and critical violations fail
 * the test, except the rule ids listed for that screen in ALLOWED: what is known and not fixed yet (empty for a
 * screen that is clean). Every run writes reports/axe-report.json (screen × language → rule → nodes, with
 * the nodes' selectors) and prints a compact table.
 *
 * In English the same visit also checks that the screen is in English (e2e/english.ts expectEnglish: the stored
 * language, <html lang>, the title, no Chinese the client wrote once the server's strings are taken out): one visit
 * per screen and language for both checks (they were two files of visits, ~45 s of CI apart).
 *
 * Where it started (faf60d0, axe 4.14.1, the same 24 screen states × 2 languages): 340 serious/critical nodes —
 * color-contrast 244, image-alt 80, scrollable-region-focusable 14, label 2.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BASE, DPR, LANG_EN, api, db, launch, logIn, phone, placeOrder, placeParcel, seedAddressAndCoupon, serverClock, settled, shipParcel, shot, still, tokenOf, typeInto, visibleTitle } from './browser'
import { AUTHORIZATION_AGREE_FIRST, AUTHORIZATION_CODE_SENT, PAY_BILL_COUPONS, REFUND_SCREENS, SCREENS as CATALOGUE, STORE_REJECT_SHEET, liveFlashProduct, type Screen } from './screens'
import { expectEnglish, recordServerStrings, type ServerStrings } from './english'
import { describeCut, describeSmall, measureTapTargets, MIN_TARGET_PX, type TapTargetResult } from './tapTargets'
import { holdFlashSession, releaseServerClock } from '../test-mp/flashClock'
import { ROUTES } from '../src/routes'

// axe-core's minified browser build (the package's `source` is the unminified axe.js, 1.5 MB against 0.65: evaluating
// it in each of ~180 documents was ~13 % of this file's time).
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const FAILING_IMPACTS = ['serious', 'critical']
const REPORT = path.resolve(__dirname, '..', 'reports', 'axe-report.json')
const TAP_REPORT = path.resolve(__dirname, '..', 'reports', 'tap-targets.json')
const PHONE = '13800000081'
/** Staff of shop 1 (docs/api.md: 199000000NN): the store workbench screens. */
/** Staff of shop 5 洁净洗衣 (it sells the mall's home goods: the parcel to ship is its). Each e2e file logs a store of its own in (one login code a minute per phone). */
const STAFF_PHONE = '19900000005'

type Lang = 'zh' | 'en'
const LANGS: Lang[] = ['zh', 'en']
const TITLE: Record<Lang, Record<string, string>> = {
  zh: Object.fromEntries(ROUTES.map((r) => [r.path, r.zh])),
  en: Object.fromEntries(ROUTES.map((r) => [r.path, r.en])),
}

/** A screen state only axe opens; its title when it is not the route's (an unpaid order on Payment success). */
type AxeScreen = Screen & { title?: Record<Lang, string> }

/** States of finished screens that only axe opens: sheets, banners and refusals a shopper meets. UNPAID is an unpaid bill. */
const STATES: AxeScreen[] = [
  {
    // The refund sheet open, "other" chosen and Submit tapped: its own words asked for, said by the field (issue 39).
    name: 'order-detail-refund-sheet',
    url: '/pages/orders/detail?id=PAID',
    ready: '.order-detail__refund',
    act: async (page) => {
      await page.locator('.order-detail__refund:visible').click()
      await page.locator('.refund-sheet__reason:visible').last().click()
      await page.locator('.refund-sheet__submit:visible').click()
      await page.locator('.refund-sheet__error--words:visible').waitFor()
    },
  },
  // A paid membership-card order: its own lines (the card bought), not a bill's.
  { name: 'order-detail-card', url: '/pages/orders/detail?id=CARD', ready: '.order-detail__status-text' },
  { name: 'order-detail-unpaid-after-fail', url: '/pages/orders/detail?id=UNPAID&pay=failed', ready: '.order-detail__banner' },
  { name: 'payment-success-unpaid', url: '/pages/payBill/success?id=UNPAID', ready: '.pay-result__pay', title: { zh: '订单待支付', en: 'Not paid yet' } },
  // Issue 24: a link to no order — not found with Back home, under "Payment result" (never "Payment successful").
  { name: 'payment-success-not-found', url: '/pages/payBill/success?id=99999', ready: '.state--empty', title: { zh: '支付结果', en: 'Payment result' } },
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
  // Issue 24: a paid flash-sale order (FLASH) at pickup — the sale's price and the store beside the code (address,
  // map, hours); the address form's region picker open (in English: English names).
  { name: 'order-detail-flash-pickup', url: '/pages/orders/detail?id=FLASH', ready: '.order-pickup__place' },
  {
    name: 'new-address-region-picker',
    url: '/pages/personal/newAddress',
    ready: '.address-form__save',
    act: async (page) => {
      await page.locator('.address-form__region:visible').click()
      await page.locator('.weui-picker__group:visible').first().waitFor()
    },
  },
]

/** Every screen of the catalogue (e2e/screens.ts; PAID is a paid bill here), Authorization with the code sent, and the states above. */
const SCREENS: AxeScreen[] = [...CATALOGUE, PAY_BILL_COUPONS, AUTHORIZATION_CODE_SENT, AUTHORIZATION_AGREE_FIRST, ...STATES, STORE_REJECT_SHEET, ...REFUND_SCREENS]

/** Where axe must wait for more than the catalogue's `ready`: the refund entry of a paid bill, the till code drawn. */
const AXE_READY: Record<string, string> = { 'order-detail': '.order-detail__refund', 'card-page': '.member-qr' }

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

/** A phone the size the issue was tried at; English through the stored language before the app loads. */
async function shopperPhone(lang: Lang): Promise<Phone> {
  const opened = await phone(browser)
  await opened.page.setViewportSize({ width: 390, height: 844 })
  if (lang === 'en') await opened.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  return { ...opened, server: recordServerStrings(opened.context) }
}

/** A phone of the file: its context, its page, and what the server told its pages (for the English check). */
interface Phone {
  context: BrowserContext
  page: Page
  server: ServerStrings
}

/**
 * axe over the document, serious and critical violations only. A read the page moved under is taken again once it is
 * still (at most twice more): axe takes ~0.1 s, and a dialog that began to fade while it read was measured
 * half-transparent (color-contrast on Taro's modal, its text #353535 read as #dddddd; a quiet run, 2026-12-07). The
 * findings of a read nothing moved under stand as they are.
 */
async function runAxe(page: Page): Promise<RuleHit[]> {
  for (let read = 1; ; read++) {
    const { hits, moved } = await readAxe(page)
    if (!moved || read >= 3) return hits
    await still(page)
  }
}

/** One axe read, and whether the page moved under it (an animation running at its end, or a finding's element gone or hidden since). */
async function readAxe(page: Page): Promise<{ hits: RuleHit[]; moved: boolean }> {
  // Evaluated by the test tool (DevTools), not added as an inline <script> the page's CSP would rightly block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const { violations: result, moved } = await page.evaluate(
    async ({ tags }) => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; failureSummary?: string; impact?: string | null }> }> }> } }).axe
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      // A toast (Taro's H5 toast: its opacity goes 1 → 0 over 0.2 s when its time is up) that began to leave while axe
      // read it was read half-transparent: colour contrast failed (a fresh-clone run under load, "code sent" in en).
      // A toast still fully shown once axe is done was read as shown and keeps its findings; a fading or gone one's go.
      const leaving = (target: unknown[]): boolean => {
        const el = document.querySelector(String(target[0]))
        const toast = el?.closest<HTMLElement>('.taro__toast')
        return !!toast && (getComputedStyle(toast).display === 'none' || Number(getComputedStyle(toast).opacity) < 1 || toast.getAnimations({ subtree: true }).length > 0)
      }
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      const hidden = (target: unknown[]): boolean => {
        const el = document.querySelector(String(target[0]))
        return !el || (el as HTMLElement).offsetParent === null
      }
      const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      return {
        moved: moving || serious.some((v) => v.nodes.some((n) => hidden(n.target))),
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.filter((n) => !leaving(n.target)).map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').slice(0, 300), impact: n.impact ?? v.impact ?? '' })) })),
      }
    },
    { tags: TAGS },
  )
  const hits = result
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => FAILING_IMPACTS.includes(n.impact)).map(({ target, html, summary }) => ({ target, html, summary })) }))
    .filter((v) => v.nodes.length > 0)
  return { hits, moved }
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

/** reports/tap-targets.json: each screen's small and inline (exempt) targets; the time measuring took, printed. */
function writeTapReport(): void {
  const screens = Object.values(taps)
  const measured = screens.reduce((n, langs) => n + Object.values(langs).reduce((m, r) => m + (r?.measured ?? 0), 0), 0)
  const visits = screens.reduce((n, langs) => n + Object.keys(langs).length, 0)
  fs.mkdirSync(path.dirname(TAP_REPORT), { recursive: true })
  fs.writeFileSync(TAP_REPORT, JSON.stringify({ min: MIN_TARGET_PX, visits, measured, ms: Math.round(tapMs), screens: taps }, null, 2))
  console.log(`tap targets: ${measured} measured on ${visits} screen visits in ${Math.round(tapMs)} ms (${visits ? (tapMs / visits).toFixed(1) : 0} ms a visit)`)
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
const shoppers: Partial<Record<Lang, Phone>> = {}
const staff: Partial<Record<Lang, Phone>> = {}
let paidBill = 0
/** The paid card order (a card order's detail reads otherwise than a bill's). */
let cardOrder = 0
let refundingBill = 0
let unpaidBill = 0
let parcelOrder = 0
let toShipOrder = 0
/** Issue 24's refund timeline: a bill whose refund shop 5 refused, and one it approved (refunded). */
let refusedBill = 0
let refundedBill = 0
/** Issue 24: a paid flash-sale order, collected at its store. */
let flashOrder = 0
const report: Report = {}
/** Tap targets by screen and language (reports/tap-targets.json), and the time their measuring took in all. */
const taps: Record<string, Partial<Record<Lang, TapTargetResult>>> = {}
let tapMs = 0

beforeAll(async () => {
  // The server's clock at 12:00 of its day for the whole file (the flash screens show the session on, hours from its
  // end), held before the orders below so that none is past its time when it is looked at; reset in afterAll.
  await holdFlashSession(serverClock)
  browser = await launch()
  const zh = await shopperPhone('zh')
  const token = await logIn(zh.page, PHONE)
  expect(token).not.toBe('')

  cardOrder = await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-axe-card-1' }, true)
  paidBill = await placeOrder(token, { kind: 'bill', shop_id: 1, amount: 12800, client_request_id: 'e2e-axe-bill-1' }, true)
  unpaidBill = await placeOrder(token, { kind: 'bill', shop_id: 2, amount: 5000, client_request_id: 'e2e-axe-bill-2' }, false)
  await seedAddressAndCoupon(token)
  // Another product of the live session than the one 'flash-product-on' shows (one per shopper would leave its Buy disabled).
  const live = liveFlashProduct()
  const other = db<{ id: number }>('SELECT id FROM seckill_products WHERE session_id = (SELECT session_id FROM seckill_products WHERE id = ?) AND id != ? AND stock > 0 ORDER BY id LIMIT 1', live, live)
  flashOrder = await placeOrder(token, { kind: 'product', product_id: other.id, quantity: 1, client_request_id: 'e2e-axe-flash-1' }, true)
  // A bill at shop 5 whose refund is asked: the store order with approve and reject.
  refundingBill = await placeOrder(token, { kind: 'bill', shop_id: 5, amount: 6600, client_request_id: 'e2e-axe-bill-3' }, true)
  // Two mall parcels of shop 5 to the shopper's address: one to ship (the store's ship sheet), one shipped (Logistics).
  toShipOrder = await placeParcel(token, 'e2e-axe-mall-1')
  parcelOrder = await placeParcel(token, 'e2e-axe-mall-2')
  await api('personal.order/refund', { id: refundingBill, reason: '重复支付' }, token)
  shoppers.zh = zh

  // Staff of shop 1, logged in through the same SMS flow, in both languages.
  const staffZh = await shopperPhone('zh')
  expect(await logIn(staffZh.page, STAFF_PHONE)).not.toBe('')
  staff.zh = staffZh
  await shipParcel(parcelOrder, await tokenOf(staffZh.page))
  refusedBill = await placeOrder(token, { kind: 'bill', shop_id: 5, amount: 4200, client_request_id: 'e2e-axe-bill-4' }, true)
  refundedBill = await placeOrder(token, { kind: 'bill', shop_id: 5, amount: 3100, client_request_id: 'e2e-axe-bill-5' }, true)
  for (const id of [refusedBill, refundedBill]) await api('personal.order/refund', { id, reason: '不想要了' }, token)
  await api('hui_shanghu.store_order/refundReject', { id: refusedBill, reason: '已到店消费' }, await tokenOf(staffZh.page))
  await api('hui_shanghu.store_order/refundApprove', { id: refundedBill }, await tokenOf(staffZh.page))
  // The sandbox provider's refund notification settles it on its own connection.
  for (let i = 0; i < 150 && db<{ status: number }>('SELECT status FROM orders WHERE id = ?', refundedBill).status !== 70; i++) await new Promise((r) => setTimeout(r, 100))
  const staffEn = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: await staffZh.context.storageState() })
  await staffEn.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  staff.en = { context: staffEn, page: await staffEn.newPage(), server: recordServerStrings(staffEn) }

  // The same shopper in English: a second context with the same stored session and the language chosen.
  const storage = await zh.context.storageState()
  const enContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: storage })
  await enContext.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  shoppers.en = { context: enContext, page: await enContext.newPage(), server: recordServerStrings(enContext) }
}, 180000)

afterAll(async () => {
  writeReport(report)
  writeTapReport()
  const stale = Object.entries(ALLOWED).flatMap(([name, ids]) => ids.filter((id) => report[name] && !LANGS.some((l) => report[name][l]?.some((h) => h.id === id))).map((id) => `${name}: ${id}`))
  console.log(`${table(report)}${stale.length ? `\nallowed but no longer found (take them out of ALLOWED): ${stale.join(', ')}` : ''}`)
  await shoppers.zh?.context.close()
  await shoppers.en?.context.close()
  await staff.zh?.context.close()
  await staff.en?.context.close()
  await browser?.close()
  await releaseServerClock(serverClock)
})

const CASES = SCREENS.flatMap((s) => LANGS.map((lang) => [`${s.name} ${lang}`, s, lang] as const))

describe('every screen in zh and en: axe finds no serious or critical violations (WCAG 2.1 A/AA); in en, nothing Chinese the client wrote', () => {
  it.each(CASES)('%s', async (_label, screen, lang) => {
    const url = screen.url
      .replace(/\bUNPAID\b/, String(unpaidBill))
      .replace(/\bPAID\b/, String(paidBill))
      .replace(/\bREFUNDING\b/, String(refundingBill))
      .replace(/\bPARCEL\b/, String(parcelOrder))
      .replace(/\bTOSHIP\b/, String(toShipOrder))
      .replace(/\bREFUSED\b/, String(refusedBill))
      .replace(/\bREFUNDED\b/, String(refundedBill))
      .replace(/\bFLASH\b/, String(flashOrder))
      .replace(/\bCARD\b/, String(cardOrder))
    const route = url.slice(1).split('?')[0]
    const own = screen.anonymous ? await shopperPhone(lang) : undefined
    const { page, server } = own ?? ((screen.staff ? staff : shoppers)[lang] as Phone)
    try {
      if (screen.before) await screen.before(page)
      await page.goto(`${BASE()}${url}`)
      await settled(page)
      await page.locator(`${AXE_READY[screen.name] ?? screen.ready}:visible`).first().waitFor({ timeout: 15000 })
      if (screen.act) await screen.act(page)
      await still(page)
      await shot(page, `axe-${screen.name}-${lang}`)
      // The language really is the one checked; in English, nothing Chinese the client wrote (e2e/english.ts).
      if (lang === 'en') await expectEnglish(page, server, screen.name, screen.title?.en ?? TITLE.en[route], url)
      else expect(await visibleTitle(page)).toBe(screen.title?.zh ?? TITLE.zh[route])
      const hits = await runAxe(page)
      ;(report[screen.name] ??= {})[lang] = hits
      const started = performance.now()
      const targets = await measureTapTargets(page)
      tapMs += performance.now() - started
      ;(taps[screen.name] ??= {})[lang] = targets
      const allowed = ALLOWED[screen.name] ?? []
      const unexpected = hits.filter((h) => !allowed.includes(h.id))
      expect(unexpected.map((h) => `${h.id} (${h.nodes.length}): ${h.nodes.map((n) => n.target).join(' | ')}`)).toEqual([])
      // WCAG 2.5.5: every tap target 44 × 44 or more (e2e/tapTargets.ts), the inline ones in a sentence excepted.
      expect({ under: `${MIN_TARGET_PX} × ${MIN_TARGET_PX}`, small: describeSmall(targets.small) }).toEqual({ under: `${MIN_TARGET_PX} × ${MIN_TARGET_PX}`, small: [] })
      // No placeholder cut off (issue 39), in either language.
      expect({ cutPlaceholders: describeCut(targets.cut) }).toEqual({ cutPlaceholders: [] })
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
