/**
 * Issue 24 in Chromium: in English, Search's popular words are English words, and tapping one finds what the
 * demo's Chinese names hold (the server searches the word as the Chinese it stands for): "Sichuan food" → a shop,
 * the mall's own "Navel oranges" → 赣南脐橙. (Every word of both languages: __tests__/server/searchWords.test.ts.)
 */
import type { Browser } from 'playwright-core'
import { BASE, LANG_EN, launch, phone, settled, shot, still } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
}, 60000)
afterAll(async () => {
  await browser?.close()
})

const CJK = /[\u4e00-\u9fff]/

it('English: the popular words are English, and a tapped one finds shops (Search) and mall products (the mall’s search)', async () => {
  const { page, context, errors } = await phone(browser)
  try {
    await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.goto(`${BASE()}/pages/index/search`)
    await settled(page)
    const words = page.locator('.search__word:not(.search__word--history):visible')
    await words.first().waitFor({ timeout: 15000 })
    const all = await words.allTextContents()
    expect(all).toContain('Sichuan food')
    expect(all.filter((w) => CJK.test(w))).toEqual([])
    await still(page)
    await shot(page, 'issue24-search-words-en')
    await words.filter({ hasText: 'Sichuan food' }).click()
    await page.locator('.shop-row:visible').first().waitFor({ timeout: 10000 })

    await page.goto(`${BASE()}/pages/index/search?scope=mall`)
    await settled(page)
    await words.first().waitFor({ timeout: 15000 })
    expect((await words.allTextContents()).filter((w) => CJK.test(w))).toEqual([])
    await words.filter({ hasText: 'Navel oranges' }).click()
    await page.locator('.search__product--mall:visible', { hasText: '赣南脐橙' }).waitFor({ timeout: 10000 })
    await still(page)
    await shot(page, 'issue24-mall-search-word-en')
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
