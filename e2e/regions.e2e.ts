/**
 * Issue 24 in Chromium (H5 build, reference server): a shopper who chose English picks a region in English
 * (Guangdong / Shenzhen / Nanshan District, not 广东省 …); the address is stored with its Chinese names (what a
 * courier reads, what the server checks) and listed in English; in Chinese the same address reads as before.
 */
import type { Browser } from 'playwright-core'
import { BASE, LANG_EN, db, launch, logIn, phone, settled, shot, still, typeInto } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
}, 60000)
afterAll(async () => {
  await browser?.close()
})

const CJK = /[\u4e00-\u9fff]/

it('English: the region picker and the address list read English; the address is stored in Chinese and reads Chinese in Chinese', async () => {
  const { page, context, errors } = await phone(browser)
  try {
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await logIn(page, '13800002463', '/pages/personal/address')
    await page.goto(`${BASE()}/pages/personal/newAddress`)
    await settled(page)
    await page.locator('.address-form__save:visible').waitFor({ timeout: 15000 })
    await typeInto(page, '.address-form__name', 'Ann Lee')
    await typeInto(page, '.address-form__mobile', '13911113333')
    await page.locator('.address-form__region:visible').click()
    // The picker's three columns, in English: the first province, its first city, that city's first district.
    const columns = page.locator('.weui-picker__group:visible')
    await columns.first().waitFor({ timeout: 10000 })
    const texts = await columns.evaluateAll((groups) => groups.map((g) => Array.from(g.querySelectorAll('.weui-picker__item')).map((i) => (i.textContent ?? '').trim())))
    expect(texts[0]).toContain('Guangdong')
    expect(texts[1]).toContain('Shenzhen')
    expect(texts[2]).toContain('Nanshan District')
    expect(texts.flat().filter((s) => CJK.test(s))).toEqual([])
    await still(page)
    await shot(page, 'issue24-region-picker-en')
    await page.locator('.weui-picker__action:visible').last().click()
    await page.locator('.address-form__region:visible', { hasText: 'Nanshan District, Shenzhen, Guangdong' }).waitFor({ timeout: 10000 })
    await typeInto(page, '.address-form__detail', '科技园 1 栋')
    await still(page)
    await shot(page, 'issue24-region-form-en')
    await page.locator('.address-form__save:visible').click()
    await page.waitForURL(/\/pages\/personal\/address/)
    await settled(page)

    // Stored with its Chinese names; listed in English.
    const row = db<{ province: string; city: string; district: string }>("SELECT province, city, district FROM addresses WHERE name = 'Ann Lee' ORDER BY id DESC LIMIT 1")
    expect(row).toEqual({ province: '广东省', city: '深圳市', district: '南山区' })
    await page.locator('.address__text:visible', { hasText: 'Nanshan District, Shenzhen, Guangdong 科技园 1 栋' }).waitFor({ timeout: 15000 })
    await still(page)
    await shot(page, 'issue24-region-list-en')

    // In Chinese the same address reads as it always did.
    const zh = await context.newPage()
    await zh.addInitScript(() => window.localStorage.setItem('lang', JSON.stringify({ data: 'zh-CN' })))
    await zh.goto(`${BASE()}/pages/personal/address`)
    await settled(zh)
    await zh.locator('.address__text:visible', { hasText: '广东省 深圳市 南山区 科技园 1 栋' }).waitFor({ timeout: 15000 })
    await still(zh)
    await shot(zh, 'issue24-region-list-zh')
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
