/**
 * Issue 25, takeout search: its popular words, in Chinese and in English, each find a shop or dish of the demo
 * data — the English ones are searched as the Chinese they stand for (src/contract/searchWords.ts), and a dish
 * found that way comes back under its shop.
 */
import fs from 'node:fs'
import path from 'node:path'
import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

/** takeout's `to.hotWords` in a language, read as text (the table imports the app's i18n). */
function hotWords(lang: 'zh-CN' | 'en'): string[] {
  const text = fs.readFileSync(path.join(__dirname, '../../src/features/takeout/messages.ts'), 'utf8')
  const table = lang === 'en' ? text.slice(text.indexOf('  en: {')) : text.slice(text.indexOf("'zh-CN': {"), text.indexOf('  en: {'))
  const m = /'to\.hotWords': '([^']+)'/.exec(table)
  if (!m) throw new Error(`no to.hotWords in ${lang}`)
  return m[1].split('|')
}

type Hit = { name: string; dishes: Array<{ name: string }> }
const search = async (keyword: string) => (await s.call<{ list: Hit[]; total: number }>('GET', 'hui_public.takeout/search', { keyword, page: 1, page_size: 20 })).body.data

describe.each(['zh-CN', 'en'] as const)('takeout’s popular words (%s)', (lang) => {
  it.each(hotWords(lang))('“%s” finds a shop', async (word) => {
    expect((await search(word)).total).toBeGreaterThan(0)
  })
})

it('the English words are English, and find what the Chinese ones find, dishes included, in any case', async () => {
  for (const w of hotWords('en')) expect(w).toMatch(/^[a-z ]+$/)
  const zh = await search('牛肉面')
  const en = await search('Beef Noodles')
  expect(en).toEqual(zh)
  expect(en.list.flatMap((h) => h.dishes.map((d) => d.name))).toContain('招牌牛肉面')
})

it('a word of a dish’s English name finds its shop and the dish (issue 39): at the start of a word, any case', async () => {
  const shopsOf = (r: { list: Hit[] }) => r.list.map((h) => h.name).sort()
  const dumplings = await search('Dumplings')
  expect(dumplings.list.map((h) => h.dishes.map((d) => d.name))).toEqual(expect.arrayContaining([['虾饺'], ['煎饺']]))
  // "ice" finds Matcha ice cream and Iced lemon tea, never Steamed rice.
  const ice = await search('ice')
  expect(ice.list.flatMap((h) => h.dishes.map((d) => d.name)).sort()).toEqual(['冻柠茶', '抹茶冰淇淋'])
  // A word after a hyphen is a word: Stir-fried beef rice noodles.
  expect((await search('fried')).list.flatMap((h) => h.dishes.map((d) => d.name))).toEqual(expect.arrayContaining(['干炒牛河', '煎饺']))
  expect(shopsOf(await search('kung pao'))).toEqual(shopsOf(await search('宫保鸡丁')))
  expect((await search('ungpao')).total).toBe(0)
  // Every dish of the demo has an English name.
  expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM dishes WHERE name_en IS NULL')).n).toBe(0)
})
