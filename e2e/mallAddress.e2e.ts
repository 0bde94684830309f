/**
 * Issue 24: the mall's buy sheet and an address added on the way. A shopper with no address yet opens Buy now,
 * taps "add a delivery address", adds one in Addresses, taps it: the sheet shows it, prices the order and lets them
 * pay — without closing and opening the sheet again. In Chinese and in English.
 */
import type { Browser, Page } from 'playwright-core'
import { LANG_EN, launch, logIn, phone, settled, shot, typeInto } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await launch()
}, 60000)
afterAll(async () => {
  await browser?.close()
})

/** How many lines the text of the (first visible) element matching `selector` takes. */
async function lines(page: Page, selector: string): Promise<number> {
  return page.locator(`${selector}:visible`).first().evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
  })
}

const CASES = [
  { lang: 'zh', phoneNo: '13800002401', add: '添加收货地址' },
  { lang: 'en', phoneNo: '13800002402', add: 'Add an address' },
] as const

describe('mall buy sheet: an address added from it', () => {
  it.each(CASES)('$lang: added in Addresses → back on the sheet with it chosen, priced, payable', async ({ lang, phoneNo, add }) => {
    const { context, page, errors } = await phone(browser)
    if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await logIn(page, phoneNo, '/pages/vMall/detail?id=1')

    // Buy now: no address yet, nothing to pay.
    await page.locator('.mall-detail__buy:not([disabled]):visible').click()
    await page.locator('.mall-sheet__add:visible', { hasText: add }).waitFor({ timeout: 10000 })
    expect(await page.locator('.mall-sheet__pay:visible').isDisabled()).toBe(true)
    await shot(page, `mall-address-1-none-${lang}`)

    // Addresses in select mode (empty) → Add → save.
    await page.locator('.mall-sheet__address:visible').click()
    await page.waitForURL(/\/pages\/personal\/address\?select=1/)
    await settled(page)
    await page.locator('.state__action:visible').click()
    await page.waitForURL(/\/pages\/personal\/newAddress/)
    await settled(page)
    // On the form: "设为默认地址" / "Use as default" on one line at 375 px; Save with nothing typed names every
    // field, and a field's error goes as it is corrected.
    expect(await lines(page, '.address-form__switch .address-form__label')).toBe(1)
    await page.locator('.address-form__save:visible').click()
    await page.locator('.address-form__error--name:visible').waitFor()
    await shot(page, `mall-address-form-errors-${lang}`)
    await typeInto(page, '.address-form__name', '赵六')
    await page.locator('.address-form__error--name').waitFor({ state: 'detached', timeout: 5000 })
    expect(await page.locator('.address-form__error--mobile:visible').count()).toBe(1)
    await typeInto(page, '.address-form__mobile', '13911112222')
    await page.locator('.address-form__region:visible').click()
    await page.locator('.weui-picker__action:visible').last().click()
    await typeInto(page, '.address-form__detail', '深南大道 100 号')
    expect(await page.locator('.address-form__error:visible').count()).toBe(0)
    await shot(page, `mall-address-form-filled-${lang}`)
    await page.locator('.address-form__save:visible').click()

    // Saved: back on the sheet with it chosen (issue 39: no second tap in the list), priced, payable.
    await page.waitForURL(/\/pages\/vMall\/detail\?id=1/)
    await page.locator('.mall-sheet__who:visible', { hasText: '赵六' }).waitFor({ timeout: 10000 })
    expect(await page.locator('.mall-sheet__add:visible').count()).toBe(0)
    await page.locator('.mall-sheet__payable:not(.mall-sheet__payable--pending):visible').waitFor({ timeout: 10000 })
    expect(await page.locator('.mall-sheet__payable:visible').textContent()).toMatch(/¥\d+\.\d{2}/)
    expect(await page.locator('.mall-sheet__pay:visible').isDisabled()).toBe(false)
    await shot(page, `mall-address-2-chosen-${lang}`)
    expect(errors).toEqual([])
    await context.close()
  })
})

export {}
