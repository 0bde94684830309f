/**
 * Issue 24, the mall searchable: `hui_public.mall_product/index` with `keyword` finds products by a part of their
 * name (Search's Mall tab, the mall's own search) — LIKE's own characters taken literally, paged as every list,
 * nothing found is an empty page, a keyword over 30 characters is refused (code 0, never a 5xx).
 */
import type { MallProduct } from '../../src/contract/mall'
import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
  // A product whose name holds LIKE's own characters: a copy of product 11 under a new id and name.
  const cols = Object.keys(await s.row('SELECT * FROM mall_products WHERE id = 11')).filter((c) => c !== 'id' && c !== 'name' && c !== 'name_en')
  await s.run(`INSERT INTO mall_products (id, name, ${cols.join(', ')}) SELECT 901, '100%纯棉_毛巾', ${cols.join(', ')} FROM mall_products WHERE id = 11`)
  // …with its spec: a product without one has no price and is not listed (issue 45).
  await s.run('INSERT INTO mall_specs (id, product_id, name, price, member_price, stock, total_stock, sort) SELECT 9011, 901, name, price, member_price, stock, total_stock, sort FROM mall_specs WHERE product_id = 11')
})
afterAll(() => s.close())

type Page = { list: MallProduct[]; total: number; page: number; page_size: number }
const search = async (q: Record<string, unknown>) => (await s.call<Page>('GET', 'hui_public.mall_product/index', q)).body

describe('mall product search', () => {
  it('"橙" finds 赣南脐橙 (a part of the name), with its grid prices', async () => {
    const { code, data } = await search({ keyword: '橙' })
    expect(code).toBe(1)
    expect(data.total).toBe(1)
    expect(data.list[0]).toMatchObject({ id: 1, name: '赣南脐橙', price: 3990, member_price: 3590 })
    // Spaces around the word do not count.
    expect((await search({ keyword: '  脐橙 ' })).data.list.map((p) => p.name)).toEqual(['赣南脐橙'])
  })

  it('a word of a product’s English name finds it (issue 39): at the start of a word, any case; the answer carries the English name', async () => {
    const hit = (await search({ keyword: 'Chocolate' })).data
    expect(hit.list.map((p) => [p.id, p.name, p.name_en])).toEqual([[6, '比利时黑巧克力礼盒', 'Belgian dark chocolate gift box']])
    expect((await search({ keyword: 'dark choc' })).data.list.map((p) => p.id)).toEqual([6])
    expect((await search({ keyword: 'HEADPHONES' })).data.list.map((p) => p.id)).toEqual([13])
    // A word after a hyphen is a word (20000 mAh fast-charging power bank); the middle of a word is not.
    expect((await search({ keyword: 'charging' })).data.list.map((p) => p.id)).toEqual([14])
    expect((await search({ keyword: 'ocolate' })).data).toMatchObject({ list: [], total: 0 })
    // Apples and nothing else: "apple" is no word's start in any other name.
    expect((await search({ keyword: 'apple' })).data.list.map((p) => p.id)).toEqual([3])
    // Every product of the demo has an English name; one without is found by its own name only.
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM mall_products WHERE name_en IS NULL AND id < 900')).n).toBe(0)
    expect((await search({ keyword: '毛巾' })).data.list.map((p) => [p.id, p.name_en])).toEqual([[901, null]])
  })

  it('% and _ are taken literally, not as LIKE wildcards', async () => {
    expect((await search({ keyword: '%' })).data.list.map((p) => p.id)).toEqual([901])
    expect((await search({ keyword: '_' })).data.list.map((p) => p.id)).toEqual([901])
    expect((await search({ keyword: '0%纯' })).data.list.map((p) => p.id)).toEqual([901])
    expect((await search({ keyword: '纯棉_毛' })).data.list.map((p) => p.id)).toEqual([901])
    // A wildcard in the middle matches nothing: 苹果 holds no "苹%果".
    expect((await search({ keyword: '苹%果' })).data).toMatchObject({ list: [], total: 0 })
    expect((await search({ keyword: '\\' })).data).toMatchObject({ list: [], total: 0 })
  })

  it('pages like every list: total over all pages, each product once', async () => {
    const expected = (await s.rows<{ id: number }>("SELECT id FROM mall_products WHERE name LIKE '%果%' ORDER BY sort, id")).map((r) => r.id)
    expect(expected.length).toBeGreaterThanOrEqual(3)
    const pages = Math.ceil(expected.length / 2)
    const seen: number[] = []
    for (let page = 1; page <= pages; page++) {
      const { data } = await search({ keyword: '果', page, page_size: 2 })
      expect(data).toMatchObject({ total: expected.length, page, page_size: 2 })
      expect(data.list).toHaveLength(page < pages ? 2 : expected.length - 2 * (pages - 1))
      seen.push(...data.list.map((p) => p.id))
    }
    expect(seen).toEqual(expected)
    expect((await search({ keyword: '果', page: pages + 1, page_size: 2 })).data.list).toEqual([])
  })

  it('nothing found is an empty page; a keyword too long or paging out of bounds is refused with code 0', async () => {
    expect(await search({ keyword: '火星' })).toMatchObject({ code: 1, data: { list: [], total: 0 } })
    for (const q of [{ keyword: '橙'.repeat(31) }, { keyword: '橙', page_size: 51 }, { keyword: '橙', page: 0 }]) {
      const r = await s.call('GET', 'hui_public.mall_product/index', q)
      expect(r.status).toBeLessThan(500)
      expect([JSON.stringify(q), r.body.code]).toEqual([JSON.stringify(q), 0])
    }
    // The keyword given twice (an array) is bad input, not a 5xx.
    const twice = await s.app.inject({ method: 'GET', url: `/api/hui_public.mall_product/index?keyword=${encodeURIComponent('橙')}&keyword=${encodeURIComponent('果')}` })
    expect(twice.statusCode).toBeLessThan(500)
    expect(twice.json()).toMatchObject({ code: 0 })
  })
})
