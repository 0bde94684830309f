/**
 * Issue 24 in Chromium: the mall searchable. Search "橙" → the Mall tab → 赣南脐橙 → its product page; the micro
 * mall's own search bar → the same screen on mall products only → a product; nothing found says what was
 * searched. In Chinese and in English (the product names are the merchants' words, Chinese in both; issue 39: the
 * member price first, and an English word of a product's English name finds it, that name shown beside).
 */
import type { Browser } from 'playwright-core'
import { BASE, LANG_EN, launch, phone, settled, shot, still, typeInto, visibleTitle } from './browser'

let browser: Browser

beforeAll(async () => {
  browser = await launch()
}, 60000)
afterAll(async () => {
  await browser?.close()
})

// `word`: what the mall's own search is given — in English a word only the product's English name holds (issue 39).
const CASES = [
  { lang: 'zh', mall: '商城商品', none: '没有找到“xyzzy”', barText: '搜索商城商品', product: '商品详情', word: '耳机', member: '会员', nameEn: null },
  { lang: 'en', mall: 'Mall', none: 'Nothing found for "xyzzy"', barText: 'Search the mall', product: 'Product', word: 'noise', member: 'Member', nameEn: 'Noise-cancelling Bluetooth headphones' },
] as const

async function shopper(lang: 'zh' | 'en') {
  const opened = await phone(browser)
  if (lang === 'en') await opened.context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
  return opened
}

describe('the mall searchable', () => {
  it.each(CASES)('$lang: Search "橙" → the Mall tab → 赣南脐橙 → its product; nothing found says so', async ({ lang, mall, none, product }) => {
    const { context, page, errors } = await shopper(lang)
    try {
      await page.goto(`${BASE()}/pages/index/search`)
      await settled(page)
      await typeInto(page, '.search__bar', '橙')
      // No shop and no flash deal has 橙 in its name: the Mall tab is shown by itself.
      await page.locator('.search__product--mall:visible', { hasText: '赣南脐橙' }).waitFor({ timeout: 10000 })
      expect(await page.locator('.search__tabs__tab--active:visible').textContent()).toBe(mall)
      await still(page)
      await shot(page, `mall-search-1-found-${lang}`)

      await page.locator('.search__product--mall:visible', { hasText: '赣南脐橙' }).click()
      await page.waitForURL(/\/pages\/vMall\/detail\?id=1$/)
      await settled(page)
      await page.locator('.mall-detail__buy:visible').waitFor({ timeout: 10000 })
      expect(await visibleTitle(page)).toBe(product)
      await page.locator('.mall-detail:visible', { hasText: '赣南脐橙' }).waitFor()

      await page.goBack()
      await settled(page)
      await typeInto(page, '.search__bar', 'xyzzy')
      await page.locator('.search__tabs__tab--mall:visible').click()
      await page.locator('.state--empty:visible .state__title', { hasText: none }).waitFor({ timeout: 10000 })
      await still(page)
      await shot(page, `mall-search-2-none-${lang}`)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it.each(CASES)('$lang: the micro mall’s own search → mall products only, at the member price → a product', async ({ lang, barText, product, word, member, nameEn }) => {
    const { context, page, errors } = await shopper(lang)
    try {
      await page.goto(`${BASE()}/pages/vMall/index`)
      await settled(page)
      await page.locator('.mall-card:visible').first().waitFor({ timeout: 10000 })
      expect(await page.locator('.mall-search__bar:visible').textContent()).toBe(barText)
      await shot(page, `mall-search-3-bar-${lang}`)
      await page.locator('.mall-search__bar:visible').click()
      await page.waitForURL(/\/pages\/index\/search\?scope=mall$/)
      await settled(page)
      expect(await page.locator('.search__input input:visible').getAttribute('placeholder')).toBe(barText)
      await page.locator('.search__word:visible').first().waitFor()
      await shot(page, `mall-search-4-idle-${lang}`)

      await typeInto(page, '.search__bar', word)
      // Only the mall's products, no tabs (a flash deal has 耳机 too: it is not here).
      await page.locator('.search__product--mall:visible', { hasText: '主动降噪蓝牙耳机' }).waitFor({ timeout: 10000 })
      expect(await page.locator('.search__tabs:visible').count()).toBe(0)
      expect(await page.locator('.search__product:not(.search__product--mall):visible').count()).toBe(0)
      // The member price first, as the mall's grid shows it (issue 39); in English the merchant's English name.
      expect(await page.locator('.search__product--mall:visible .search__product-member-tag').textContent()).toBe(member)
      expect(await page.locator('.search__product--mall:visible .search__product-member').textContent()).toBe('¥269.00')
      expect(await page.locator('.search__product--mall:visible .search__product-price').textContent()).toBe('¥299.00')
      expect(await page.locator('.search__product--mall:visible .search__product-name-en').allTextContents()).toEqual(nameEn ? [nameEn] : [])
      await still(page)
      await shot(page, `mall-search-5-results-${lang}`)
      await page.locator('.search__product--mall:visible', { hasText: '主动降噪蓝牙耳机' }).click()
      await page.waitForURL(/\/pages\/vMall\/detail\?id=13$/)
      await settled(page)
      expect(await visibleTitle(page)).toBe(product)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})

