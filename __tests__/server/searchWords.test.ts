/**
 * Issue 24: Search's popular words, in Chinese and in English, each find something in the demo data — the English
 * ones are English words (src/features/search/messages.ts) the server searches as the Chinese they stand for
 * (src/contract/searchWords.ts); the same word typed in any case finds the same.
 */
import fs from 'node:fs'
import path from 'node:path'
import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

/** A messages table's words of `key` ('a|b|c'), read as text (the table imports the app's i18n). */
function words(lang: 'zh-CN' | 'en', key: string): string[] {
  const text = fs.readFileSync(path.join(__dirname, '../../src/features/search/messages.ts'), 'utf8')
  const table = lang === 'en' ? text.slice(text.indexOf('  en: {')) : text.slice(text.indexOf("'zh-CN': {"), text.indexOf('  en: {'))
  const m = new RegExp(`'${key.replace('.', '\\.')}': '([^']+)'`).exec(table)
  if (!m) throw new Error(`no ${key} in ${lang}`)
  return m[1].split('|')
}

const total = async (api: string, keyword: string) => (await s.call<{ total: number }>('GET', api, { keyword, page: 1, page_size: 10 })).body.data.total
/** Search's three tabs: shops, flash deals, mall products. */
const found = async (keyword: string) => (await Promise.all(['hui_shanghu.shop/index', 'hui_public.hsh_seckill_prod/index', 'hui_public.mall_product/index'].map((api) => total(api, keyword)))).reduce((a, b) => a + b, 0)

describe.each(['zh-CN', 'en'] as const)('popular words (%s)', (lang) => {
  it.each(words(lang, 'search.hotWords'))('Search: “%s” finds something', async (word) => {
    expect(await found(word)).toBeGreaterThan(0)
  })
  it.each(words(lang, 'search.mallHotWords'))('the mall’s search: “%s” finds a mall product', async (word) => {
    expect(await total('hui_public.mall_product/index', word)).toBeGreaterThan(0)
  })
})

it('the English popular words are English, and a word typed in another case finds the same', async () => {
  for (const w of [...words('en', 'search.hotWords'), ...words('en', 'search.mallHotWords')]) expect(w).toMatch(/^[A-Za-z ]+$/)
  expect(await total('hui_public.mall_product/index', 'NAVEL ORANGES')).toBe(await total('hui_public.mall_product/index', 'Navel oranges'))
  expect(await total('hui_public.mall_product/index', 'navel oranges')).toBe(await total('hui_public.mall_product/index', '脐橙'))
})
