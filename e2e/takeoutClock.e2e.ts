/**
 * Opening hours judged on the server's clock, not the phone's (issue 25: "a shop shown closed at 22:30 because opening
 * hours were judged on the phone's clock"; issue 27: the one server clock, moved through POST /api/sandbox/clock).
 * Shop 1 (10:00-14:00, 16:30-22:00): the phone's clock says an opening hour, the server's an hour it is closed — the
 * takeout list and the menu say closed, opens at 16:30; and the other way round, open. The server's clock is reset
 * after (the server is shared by the tier). Screenshots at 375×812: test-results/e2e/takeout-clock-*.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, db, launch, phone, settled, shot } from './browser'

const SHOP = 1
const HOUR = 3_600_000
const DAY = 24 * HOUR
const SHANGHAI = 8 * HOUR

let browser: Browser
let tomorrow = 0
beforeAll(async () => {
  browser = await launch()
  // Tomorrow's business midnight (Shanghai, +08:00 all year) on the server's clock as it reads now.
  const { now_ms } = await api<{ now_ms: number }>('sandbox/clock', {})
  tomorrow = Math.floor((now_ms + SHANGHAI) / DAY) * DAY - SHANGHAI + DAY
})
afterAll(async () => {
  await api('sandbox/clock', { reset: true }).catch(() => undefined)
  await browser?.close()
})

const serverAt = (ms: number) => api('sandbox/clock', { at: new Date(ms).toISOString() })
const shopName = () => db<{ name: string }>('SELECT name FROM shops WHERE id = ?', SHOP).name

/** Shop 1's card on the takeout list (Shenzhen), once the list has drawn. */
async function shopCard(page: Page) {
  await page.goto(`${BASE()}/pages/takeout/index`)
  await settled(page)
  const card = page.locator('.to-shop:visible', { hasText: shopName() })
  await card.first().waitFor({ timeout: 15000 })
  return card.first()
}

/** The screen's shot once every picture on it has loaded. */
async function look(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).filter((i) => i.offsetParent !== null && i.currentSrc !== '').every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 10000 })
  await shot(page, name)
}

describe("takeout opening hours on the server's clock", () => {
  it('closed by the server at 15:00 while the phone says 19:00: the list and the menu say closed, opens at 16:30', async () => {
    const { page, context, errors } = await phone(browser)
    await context.addInitScript(() => window.localStorage.setItem('city', JSON.stringify({ data: { id: 1, name: '深圳' } })))
    // 19:00 in Shanghai (and 11:00 UTC, whatever zone the browser has): open either way by the phone's clock.
    await page.clock.setFixedTime(tomorrow + 19 * HOUR)
    await serverAt(tomorrow + 15 * HOUR)
    try {
      const card = await shopCard(page)
      expect(await page.evaluate(() => new Date().getUTCHours())).toBe(11)
      await expect(card.locator('.to-shop__badge').textContent()).resolves.toBe('休息中')
      await expect(card.locator('.to-shop__state--closed').textContent()).resolves.toBe('16:30 开始营业')
      await look(page, 'takeout-clock-list-closed-zh')

      await page.goto(`${BASE()}/pages/takeout/detail?id=${SHOP}`)
      await settled(page)
      const head = page.locator('.to-head__open:visible')
      await head.waitFor({ timeout: 15000 })
      expect(await head.textContent()).toBe('休息中 · 16:30 开始营业')
      expect(await head.getAttribute('class')).toContain('to-head__open--closed')
      await look(page, 'takeout-clock-menu-closed-zh')

      // The same in English.
      await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
      const en = await shopCard(page)
      await expect(en.locator('.to-shop__state--closed').textContent()).resolves.toBe('Opens at 16:30')
      await look(page, 'takeout-clock-list-closed-en')
      expect(errors).toEqual([])
    } finally {
      await context.close()
      await api('sandbox/clock', { reset: true })
    }
  })

  it('open by the server at 19:00 while the phone says 15:00: the list and the menu say open', async () => {
    const { page, context, errors } = await phone(browser)
    await context.addInitScript(() => window.localStorage.setItem('city', JSON.stringify({ data: { id: 1, name: '深圳' } })))
    // 15:00 in Shanghai (07:00 UTC): closed either way by the phone's clock.
    await page.clock.setFixedTime(tomorrow + 15 * HOUR)
    await serverAt(tomorrow + 19 * HOUR)
    try {
      const card = await shopCard(page)
      expect(await card.locator('.to-shop__badge').count()).toBe(0)
      expect(await card.locator('.to-shop__state--closed').count()).toBe(0)

      await page.goto(`${BASE()}/pages/takeout/detail?id=${SHOP}`)
      await settled(page)
      const head = page.locator('.to-head__open:visible')
      await head.waitFor({ timeout: 15000 })
      expect(await head.getAttribute('class')).toContain('to-head__open--open')
      expect(await head.textContent()).toMatch(/^营业时间 10:00.14:00 16:30.22:00$/)
      await look(page, 'takeout-clock-menu-open-zh')
      expect(errors).toEqual([])
    } finally {
      await context.close()
      await api('sandbox/clock', { reset: true })
    }
  })
})
