import path from 'node:path'
import Database from 'better-sqlite3'
import { distanceMeters } from '../../src/contract/geo'
import { openDatabase } from '../../server/storage/db'
import { HISTORY } from '../../server/storage/history'
import { startServer, type TestServer } from './helpers'

interface ShopRow {
  id: number
  class_id: number
  lat: number
  lng: number
  distance?: number
}
interface Page {
  list: ShopRow[]
  total: number
}

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

/** A point in Shenzhen's Nanshan, nearer some demo shops than others. */
const nanshan = { lat: 22.57, lng: 113.99 }

describe('location on the server (GCJ-02 points, real SQLite file)', () => {
  it('the shop list with a point: every shop has its distance, nearest first, ties by id, pages neither repeat nor skip', async () => {
    const all = await s.call<Page>('GET', 'hui_shanghu.shop/index', { ...nanshan, page: 1, page_size: 50 })
    expect(all.body.code).toBe(1)
    const list = all.body.data.list
    expect(list.length).toBe(all.body.data.total)
    for (const shop of list) expect(shop.distance).toBe(distanceMeters(nanshan, shop))
    const order = list.map((x) => [x.distance as number, x.id] as const)
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]))
    // Not the discount order the list has without a point.
    const plain = await s.call<Page>('GET', 'hui_shanghu.shop/index', { page: 1, page_size: 50 })
    expect(plain.body.data.list.map((x) => x.id)).not.toEqual(list.map((x) => x.id))
    expect(plain.body.data.list.every((x) => x.distance === undefined)).toBe(true)

    const paged: number[] = []
    for (let page = 1; page <= Math.ceil(list.length / 3); page++) {
      const res = await s.call<Page>('GET', 'hui_shanghu.shop/index', { ...nanshan, page, page_size: 3 })
      paged.push(...res.body.data.list.map((x) => x.id))
    }
    expect(paged).toEqual(list.map((x) => x.id))
  })

  it('filters still apply with a point (city, class)', async () => {
    const food = await s.call<Page>('GET', 'hui_shanghu.shop/index', { ...nanshan, class_id: 1, city_id: 1 })
    expect(food.body.data.list.length).toBeGreaterThan(1)
    expect(food.body.data.list.every((x) => x.class_id === 1 && x.distance !== undefined)).toBe(true)
  })

  it('shop read with a point answers its distance, without one none', async () => {
    const near = await s.call<{ info: ShopRow }>('GET', 'hui_shanghu.shop/read', { id: 1, ...nanshan })
    expect(near.body.data.info.distance).toBe(distanceMeters(nanshan, near.body.data.info))
    const plain = await s.call<{ info: ShopRow }>('GET', 'hui_shanghu.shop/read', { id: 1 })
    expect(plain.body.data.info.distance).toBeUndefined()
  })

  it('the nearest city: Guangzhou for a point in Tianhe, Shenzhen for Nanshan, in the asked language; none far away', async () => {
    const gz = await s.call<{ city: { id: number; name: string }; distance: number }>('GET', 'website.hui_china_city/locate', { lat: 23.135, lng: 113.33 })
    expect(gz.body).toMatchObject({ code: 1, data: { city: { id: 2, name: '广州' } } })
    expect(gz.body.data.distance).toBeLessThan(10_000)
    const sz = await s.call('GET', 'website.hui_china_city/locate', { ...nanshan, lang: 'en' })
    expect(sz.body).toMatchObject({ code: 1, data: { city: { id: 1, name: 'Shenzhen' } } })
    const tokyo = await s.call<{ city: null; distance: number }>('GET', 'website.hui_china_city/locate', { lat: 35.68, lng: 139.69 })
    expect(tokyo.body).toMatchObject({ code: 1, data: { city: null } })
    expect(tokyo.body.data.distance).toBeGreaterThan(150_000)
  })

  it('a database made before cities had coordinates gets them from the migration', () => {
    const file = path.join(s.dir, 'old.sqlite')
    const old = new Database(file)
    const before = HISTORY.findIndex((m) => m.sqlite.includes('ALTER TABLE cities ADD COLUMN lat'))
    expect(before).toBeGreaterThan(0)
    HISTORY.slice(0, before).forEach((m, v) => {
      old.exec(m.sqlite)
      old.pragma(`user_version = ${v + 1}`)
    })
    old.prepare("INSERT INTO cities (id, name, pinyin, hot) VALUES (2, '广州', 'guangzhou', 1)").run()
    old.close()
    const db = openDatabase(file)
    expect(db.prepare('SELECT lat, lng FROM cities WHERE id = 2').get()).toEqual({ lat: 23.1291, lng: 113.2644 })
    db.close()
  })

  it.each([
    ['website.hui_china_city/locate', { lat: 'abc', lng: 113 }],
    ['website.hui_china_city/locate', { lat: 95, lng: 113 }],
    ['website.hui_china_city/locate', { lat: 22.5 }],
    ['hui_shanghu.shop/index', { lat: 'north', lng: 113 }],
    ['hui_shanghu.shop/index', { lat: 22.5, lng: 200 }],
    ['hui_shanghu.shop/index', { lat: 22.5 }],
    ['hui_shanghu.shop/read', { id: 1, lng: 113 }],
  ])('bad input to %s %j: code 0 with a message, never a 5xx', async (path, query) => {
    const res = await s.call('GET', path, query)
    expect(res.status).toBeLessThan(500)
    expect(res.body.code).toBe(0)
    expect(res.body.msg).toMatch(/\S/)
  })
})
