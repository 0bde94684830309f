/**
 * Issue 39: takeout lists shops by where the food goes (docs/decisions/2026-12-06-takeout-list-by-delivery-place.md).
 * The list holds only the shops that deliver to the place asked about (the shopper's address, else a located point),
 * each with its distance; without a point (a city only) nothing is said about distance or delivery and "nearest
 * first" cannot be kept — the city's shops by popularity instead of by id; search keeps the shops that do not deliver
 * there, last and marked. Shop coordinates and radii: server/demo/seed.ts, server/demo/seedTakeout.ts.
 */
import { distanceMeters } from '../../src/contract/geo'
import type { TakeoutShop } from '../../src/contract/takeout'
import { businessMidnight } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

let s: TestServer
let clock: jest.SpyInstance | null = null
beforeAll(async () => {
  s = await startServer()
})
beforeEach(() => {
  // Tomorrow 12:00 on the business clock: every Shenzhen shop is open (open ones come first, whatever the hour the suite runs).
  clock = holdServerClock(businessMidnight().valueOf() + 36 * 3_600_000)
})
afterEach(() => clock?.mockRestore())
afterAll(() => s.close())

/** Beside shop 1 in 南山区: shops 1 (1.2 km, radius 5), 2 (0.6 km, radius 4) and 9 (4.3 km, radius 6) deliver here; 11 (5.7 km, radius 5), 19 (10 km) and Guangzhou's do not. */
const NANSHAN = { lat: 22.545, lng: 113.95 }

type Page = { list: TakeoutShop[]; total: number }
const list = (payload: Record<string, unknown>, token?: string) => s.call<Page>('GET', 'hui_public.takeout_shop/index', { page_size: 50, ...payload }, token)

describe('the list, by where the food goes', () => {
  it('from a located point: only the shops that deliver there, nearest first, each with its distance — never another city', async () => {
    const res = await list({ ...NANSHAN })
    expect(res.body.code).toBe(1)
    const shops = res.body.data.list
    expect(shops.map((x) => x.id)).toEqual([2, 1, 9])
    expect(res.body.data.total).toBe(3)
    expect(shops.every((x) => x.in_range === true)).toBe(true)
    expect(shops.find((x) => x.id === 1)?.distance).toBe(distanceMeters(NANSHAN, { lat: 22.54, lng: 113.94 }))
    // Sorted by sales, the same shops (the place decides which, the sort only their order).
    const bySales = await list({ ...NANSHAN, sort: 'sales' })
    expect(bySales.body.data.list.map((x) => x.id)).toEqual([2, 1, 9])
  })

  it('from the shopper’s address: the same rule, distances from the address', async () => {
    const me = await s.login('13700003901')
    const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '南山', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号', ...NANSHAN }, me.token)
    const res = await list({ address_id: saved.body.data.info.id }, me.token)
    expect(res.body.data.list.map((x) => x.id)).toEqual([2, 1, 9])
    expect(res.body.data.list.every((x) => x.in_range === true && x.distance !== null)).toBe(true)
  })

  it('a city without a point: its shops only, no distance or delivery claimed, and “nearest” falls back to the best selling (not the ids)', async () => {
    const res = await list({ city_id: 1 })
    const shops = res.body.data.list
    expect(new Set(shops.map((x) => x.city_id))).toEqual(new Set([1]))
    expect(shops.every((x) => x.distance === null && x.in_range === null)).toBe(true)
    // 19: 4210 a month, 2: 2380, 11: 1540, 1: 1260, 9: 860.
    expect(shops.map((x) => x.id)).toEqual([19, 2, 11, 1, 9])
  })

  it('a point nowhere near any shop: an empty list (not the nearest shops of another city)', async () => {
    const res = await list({ lat: 31.23, lng: 121.47 })
    expect(res.body.data).toMatchObject({ list: [], total: 0 })
  })
})

describe('search, by where the food goes', () => {
  it('the shops that deliver there first, then the others marked out of range — even when they are nearer', async () => {
    // Shop 1 delivers only within 1 km for this test: beside it (1.2 km) it is nearer than shop 9 (4.3 km) but does not deliver.
    await s.run('UPDATE takeout_shops SET radius_m = 1000 WHERE shop_id = 1')
    try {
      const res = await s.call<Page>('GET', 'hui_public.takeout/search', { keyword: '米饭', ...NANSHAN })
      const shops = res.body.data.list
      expect(shops.map((x) => [x.id, x.in_range])).toEqual([
        [9, true],
        [1, false],
      ])
      expect(shops[1].distance).toBe(distanceMeters(NANSHAN, { lat: 22.54, lng: 113.94 }))
    } finally {
      await s.run('UPDATE takeout_shops SET radius_m = 5000 WHERE shop_id = 1')
    }
  })

  it('a city without a point: that city’s shops only', async () => {
    const res = await s.call<Page>('GET', 'hui_public.takeout/search', { keyword: '鱼', city_id: 2 })
    expect(res.body.data.list.map((x) => x.id)).toEqual([18])
  })
})
