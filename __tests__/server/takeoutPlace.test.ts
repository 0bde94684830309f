/**
 * Issue 39: takeout lists shops by where the food goes (docs/decisions/2026-12-06-takeout-list-by-delivery-place.md).
 * The list holds only the shops that deliver to the place asked about (the shopper's address, else a located point),
 * each with its distance; without a point (a city only) nothing is said about distance or delivery and "nearest
 * first" cannot be kept — the city's shops by popularity instead of by id; search keeps the shops that do not deliver
 * there, last and marked. Shop coordinates and radii: server/demo/seed.ts, server/demo/seedTakeout.ts.
 */
import { distanceMeters } from '../../src/contract/geo'
import type { PriceQuote } from '../../src/contract/order'
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

describe("a saved point is taken only within its district (issue 43; server/domain/address/districtCentres.ts)", () => {
  /** 茶见奶茶 (shop 19) in 福田区, radius 3 km; the centre of 福田区 the server ships, and of 朝阳区 (Beijing). */
  const SHOP_19 = { lat: 22.5405, lng: 114.048 }
  const FUTIAN = { lat: 22.541, lng: 114.055 }
  const CHAOYANG = { lat: 39.9215, lng: 116.4431 }
  const GUANGZHOU = { lat: 23.1291, lng: 113.2644 }
  const address = (district: string, point: { lat: number; lng: number } | null, city = '深圳市', province = '广东省') => ({
    name: '王五', mobile: '13600001111', province, city, district, detail: '某路 1 号', ...(point ?? {}),
  })
  async function quoteAt(phone: string, saved: Record<string, unknown>) {
    const me = await s.login(phone)
    const res = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', saved, me.token)
    expect(res.body.code).toBe(1)
    const addressId = res.body.data.info.id
    const quote = await s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: addressId }, me.token)
    return { me, addressId, quote: quote.body }
  }

  it("the issue's repro: a Beijing address saved with Shenzhen coordinates gets no Shenzhen quote at distance 0 — it is judged at its district's centre, and no Shenzhen shop lists it", async () => {
    const { me, addressId, quote } = await quoteAt('13700004301', address('朝阳区', SHOP_19, '北京市', '北京市'))
    const km = (distanceMeters(SHOP_19, CHAOYANG) / 1000).toFixed(1)
    expect(quote).toMatchObject({ code: 0, reason: 'takeout_out_of_range', params: { distance: km, radius: '3.0' } })
    const listed = await list({ address_id: addressId }, me.token)
    expect(listed.body.data.list.filter((x) => x.city_id === 1)).toEqual([])
  })

  it('a pick outside its district is replaced by the centre and the quote says so; a pick inside is kept; none is the centre', async () => {
    // 福田区 with a point in Guangzhou: priced from the centre of 福田区 (0.7 km), flagged.
    const outside = await quoteAt('13700004302', address('福田区', GUANGZHOU))
    expect(outside.quote).toMatchObject({ code: 1, data: { takeout: { distance: distanceMeters(SHOP_19, FUTIAN), point: 'outside_district' } } })
    // A pick in 福田区 itself (the shop's door): its own distance.
    const inside = await quoteAt('13700004303', address('福田区', { lat: 22.5406, lng: 114.0481 }))
    expect(inside.quote).toMatchObject({ code: 1, data: { takeout: { distance: distanceMeters(SHOP_19, { lat: 22.5406, lng: 114.0481 }), point: 'map' } } })
    // No pick: the district's centre, as before.
    const none = await quoteAt('13700004304', address('福田区', null))
    expect(none.quote).toMatchObject({ code: 1, data: { takeout: { distance: distanceMeters(SHOP_19, FUTIAN), point: 'district_centre' } } })
    // The list judges the same point: shop 19 delivers to the 福田区 address whose pick was in Guangzhou.
    const listed = await list({ address_id: outside.addressId }, outside.me.token)
    expect(listed.body.data.list.find((x) => x.id === 19)).toMatchObject({ in_range: true, distance: distanceMeters(SHOP_19, FUTIAN) })
  })
})
