/**
 * Reviews on Shop details come newest first, by when they were written (not by row id: the seed, an import
 * or a merchant's back office may store an older review after a newer one), and paging goes on to older ones.
 */
import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

type Page = { list: Array<{ id: number; content: string; create_time: string }>; total: number }
const page = async (shopId: number, n: number, size = 10) => {
  const res = await s.call<Page>('GET', 'hui_public.hsh_comment/index', { shop_id: shopId, page: n, page_size: size })
  expect(res.body.code).toBe(1)
  return res.body.data
}

describe('hui_public.hsh_comment/index', () => {
  it('answers the newest review first, whatever order the rows were stored in', async () => {
    const add = (content: string, at: string) => s.run("INSERT INTO comments (shop_id, product_id, nickname, avatar, rating, content, created_at) VALUES (2, NULL, '会员9', '', 5, ?, ?)", content, at)
    // Stored newest first, then an older one: a newer id does not make a newer review.
    await add('written today', '2099-01-02 10:00:00')
    await add('written long ago', '2000-01-01 09:00:00')
    const first = await page(2, 1)
    expect(first.list[0].content).toBe('written today')
    const all: Page['list'] = []
    for (let n = 1; all.length < first.total; n++) all.push(...(await page(2, n, 5)).list)
    expect(all[all.length - 1].content).toBe('written long ago')
    const times = all.map((c) => c.create_time)
    expect(times).toEqual([...times].sort().reverse())
  })

  it('the seeded reviews of a shop read from the latest down', async () => {
    const { list } = await page(1, 1, 14)
    expect(list.length).toBeGreaterThan(1)
    expect(list[0].create_time > list[list.length - 1].create_time).toBe(true)
  })
})
