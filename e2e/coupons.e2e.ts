/**
 * The coupon choice on Pay a bill in the H5 build, by keyboard and in English (issue 11): an in-app dialog instead
 * of Taro's action sheet (取消 in every language, 6 items on weapp). The platform's coupon comes titled in English
 * from the server, the shop's as written; "Don't use a coupon" is not red; Enter picks, Escape and Cancel close.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, api, launch, logIn, phone, settled, shot } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const focusedIn = (page: Page, sel: string) => page.evaluate((s) => Boolean(document.querySelector(s)?.contains(document.activeElement)), sel)
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

it('Pay a bill in English: Enter opens the sheet with focus in it, Tab and Enter choose a coupon, Escape closes it and focus returns', async () => {
  const { page, context, errors } = await phone(browser)
  await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  const token = await logIn(page, '13800000191')
  // The platform's ¥5 bill coupon (minimum ¥50) and the shop's own ¥10 coupon (minimum ¥80).
  await api('personal.coupon/claim', { coupon_id: 1 }, token)
  await api('personal.coupon/claim', { coupon_id: 2 }, token)
  await page.goto(`${BASE()}/pages/payBill/index?shop_id=1`)
  await settled(page)
  for (const d of '100') await page.locator(`.keypad__key--${d}:visible`).click()
  // 12 % off 100.00: the server's price, no coupon yet.
  await page.locator('.bill__payable:visible', { hasText: '¥88.00' }).waitFor({ timeout: 10000 })
  expect(await page.locator('.bill__coupon:visible .coupon-choice__value').textContent()).toBe('2 available')

  await page.locator('.bill__coupon:visible').focus()
  await page.keyboard.press('Enter')
  const sheet = page.locator('#coupon-sheet')
  await sheet.waitFor()
  expect(await sheet.getAttribute('role')).toBe('dialog')
  expect(await sheet.getAttribute('aria-label')).toBe('Choose a coupon')
  await page.waitForFunction(() => Boolean(document.getElementById('coupon-sheet')?.contains(document.activeElement)))
  expect(await sheet.locator('.sheet__item').allTextContents()).toEqual(["Don't use a coupon", '川味小馆 10 元券 · ¥10.00 · Min. spend ¥80.00', '¥5 off your bill · ¥5.00 · Min. spend ¥50.00'])
  expect(await sheet.locator('.sheet__cancel').textContent()).toBe('Cancel')
  // The current choice, "none", is marked but in the text colour: not the brand red of a price or an error.
  const colours = await page.evaluate(() => {
    const none = document.querySelector('#coupon-sheet .sheet__item--selected') as HTMLElement
    const root = getComputedStyle(document.documentElement)
    const probe = document.createElement('span')
    document.body.appendChild(probe)
    const resolve = (v: string) => {
      probe.style.color = root.getPropertyValue(v).trim()
      return getComputedStyle(probe).color
    }
    const out = { none: none.textContent, colour: getComputedStyle(none).color, text: resolve('--text'), brand: resolve('--brand') }
    probe.remove()
    return out
  })
  expect(colours.none).toBe("Don't use a coupon")
  expect(colours.colour).toBe(colours.text)
  expect(colours.colour).not.toBe(colours.brand)
  await shot(page, 'coupons-1-sheet-en')

  // Focus starts on the first choice; Tab moves to the shop's coupon, Enter picks it.
  expect(await focusedText(page)).toBe("Don't use a coupon")
  await page.keyboard.press('Tab')
  expect(await focusedText(page)).toBe('川味小馆 10 元券 · ¥10.00 · Min. spend ¥80.00')
  await page.keyboard.press('Enter')
  await sheet.waitFor({ state: 'detached' })
  await page.locator('.bill__payable:visible', { hasText: '¥78.00' }).waitFor({ timeout: 10000 })
  expect(await page.locator('.bill__coupon:visible .coupon-choice__value').textContent()).toBe('-¥10.00')
  expect(await focusedIn(page, '.bill__coupon')).toBe(true)

  // Escape closes without changing anything; focus is back on the row.
  await page.keyboard.press('Enter')
  await sheet.waitFor()
  await page.keyboard.press('Escape')
  await sheet.waitFor({ state: 'detached' })
  expect(await focusedIn(page, '.bill__coupon')).toBe(true)
  expect(await page.locator('.bill__coupon:visible .coupon-choice__value').textContent()).toBe('-¥10.00')
  expect(await page.locator('.bill__payable:visible').textContent()).toContain('78.00')
  expect(errors).toEqual([])
  await context.close()
})
