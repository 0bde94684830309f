import type { Station, StationDetail } from '../../src/contract/fuel'
import type { OrderInfo, PriceQuote } from '../../src/contract/order'
import { fuelTerms } from '../../server/domain/fuel'
import * as fuelRepo from '../../server/storage/repo/fuel'
import { inBusinessZone } from '../../server/time'
import { startServer, type TestServer } from './helpers'

/** Fuel (issue 13): stations by distance or city, member prices, the quote, the price moved between quote and create. */
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

type Page = { list: Station[]; total: number }
const day = (days: number) => inBusinessZone().add(days, 'day').format('YYYY-MM-DD')
const rid = () => `fuel-${Math.random().toString(36).slice(2, 12)}`
const oil = (extra: Record<string, unknown> = {}) => ({ kind: 'oil', shop_id: 7, amount: 20000, oil_grade: '95#', pump_no: 2, ...extra })

describe('stations', () => {
  it('with a point: every station with its distance, nearest first; without: the city\'s stations', async () => {
    // Near Guangzhou's Tianhe road station (12).
    const near = await s.call<Page>('GET', 'hui_shanghu.oil_station/index', { lat: 23.137, lng: 113.33, page_size: 50 })
    expect(near.body.code).toBe(1)
    const list = near.body.data.list
    expect(list[0].id).toBe(12)
    expect(list[0].distance).toBeLessThan(300)
    const distances = list.map((st) => st.distance as number)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(list.length).toBe(7)

    const shenzhen = await s.call<Page>('GET', 'hui_shanghu.oil_station/index', { city_id: 1 })
    expect(shenzhen.body.data.list.map((st) => st.id)).toEqual([6, 7, 13, 14])
    expect(shenzhen.body.data.list.every((st) => st.distance === null)).toBe(true)
    const guangzhou = await s.call<Page>('GET', 'hui_shanghu.oil_station/index', { city_id: 2 })
    expect(guangzhou.body.data.list.map((st) => st.id)).toEqual([12, 15, 16])
  })

  it('a station offers only its grades; the member price counts the station\'s discount (and a card, as bills do)', async () => {
    const shell = await s.call<{ info: StationDetail }>('GET', 'hui_shanghu.oil_station/read', { id: 13 })
    expect(shell.body.data.info.grades.map((g) => g.grade)).toEqual(['92#', '95#', '0#'])
    expect(shell.body.data.info.pumps).toEqual([1, 2, 3, 4])
    expect(shell.body.data.info).toMatchObject({ brand: '壳牌', hours: '06:00-23:00', member_card: false })
    const g95 = shell.body.data.info.grades[1]
    // 97 % of the list price, rounded to the cent.
    expect(g95.member_price).toBe(g95.price - Math.round((g95.price * 3) / 100))

    const me = await s.login('13700000131')
    // A gold card (an extra 5 % off), bought and paid through the sandbox.
    const card = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 2, client_request_id: rid() }, me.token)
    await s.call('POST', 'personal.order/payparam', { id: card.body.data.order_info.id, platform: 'h5' }, me.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: card.body.data.order_info.id, result: 'success' })).body.code).toBe(1)
    const withCard = await s.call<{ info: StationDetail }>('GET', 'hui_shanghu.oil_station/read', { id: 13 }, me.token)
    const c95 = withCard.body.data.info.grades[1]
    const afterStation = c95.price - Math.round((c95.price * 3) / 100)
    expect(withCard.body.data.info.member_card).toBe(true)
    expect(c95.member_price).toBe(afterStation - Math.round((afterStation * 5) / 100))
  })

  it('unknown station: code 0, never a 5xx', async () => {
    const r = await s.call('GET', 'hui_shanghu.oil_station/read', { id: 1 })
    expect(r).toMatchObject({ status: 200, body: { code: 0, msg: '加油站不存在' } })
    expect((await s.call('GET', 'hui_shanghu.oil_station/index', { lat: 'x', lng: 1 })).body.code).toBe(0)
  })
})

describe('price history', () => {
  it('the price in force is the latest that applies on or before the business day', async () => {
    const db = s.app.q
    // Station 6, 92# (seed): from long ago, lowered a week ago, a rise scheduled in three days.
    expect((await fuelRepo.pricesOn(db, 6, day(0))).find((g) => g.grade === '92#')?.price).toBe(759)
    expect((await fuelRepo.pricesOn(db, 6, day(-8))).find((g) => g.grade === '92#')?.price).toBe(768 + 6)
    expect((await fuelRepo.pricesOn(db, 6, day(3))).find((g) => g.grade === '92#')?.price).toBe(782)
    expect((await fuelTerms(db, { shop_id: 6, oil_grade: '92#', pump_no: 1, amount: 10000 })).litrePrice).toBe(759)
  })
})

describe('quote and create', () => {
  it('quotes litres, list and member price per litre, discount and payable', async () => {
    const me = await s.login('13700000132')
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil(), me.token)
    expect(q.body.code).toBe(1)
    const price = q.body.data.oil?.litre_price as number
    expect(q.body.data.oil).toMatchObject({ grade: '95#', pump_no: 2, litres: Math.round((20000 * 100) / price) / 100 })
    // Station 7 takes 4 % off; no card.
    expect(q.body.data).toMatchObject({ original_amount: 20000, discount_amount: 800, member_discount_amount: 0, pay_amount: 19200 })
    expect(q.body.data.oil?.member_litre_price).toBe(price - Math.round((price * 4) / 100))
  })

  it('refuses bad input with code 0 and a message', async () => {
    const me = await s.login('13700000133')
    const cases: Array<[Record<string, unknown>, string]> = [
      [oil({ oil_grade: '100#' }), '没有这种油号：100#'],
      [oil({ shop_id: 13, oil_grade: '98#' }), '该油站没有 98#'],
      [oil({ pump_no: 9 }), '该油站没有 9 号油枪'],
      [oil({ amount: 50 }), '加油金额须在 ¥1 至 ¥3000 之间'],
      [oil({ amount: 300_001 }), '加油金额须在 ¥1 至 ¥3000 之间'],
      [oil({ shop_id: 1 }), '该商家不是加油站'],
      [oil({ shop_id: 999 }), '商家不存在'],
    ]
    for (const [payload, msg] of cases) {
      const r = await s.call('POST', 'personal.order/preCreate', payload, me.token)
      expect({ payload, status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({ payload, status: 200, code: 0, msg })
    }
  })

  it('fuel is paid under Fuel, never as a discount bill: a bill at a fuel station is refused (bill_at_fuel_station), no order made', async () => {
    const me = await s.login('13700000136')
    const bill = { kind: 'bill', shop_id: 7, amount: 20000 }
    expect((await s.call('POST', 'personal.order/preCreate', bill, me.token)).body).toMatchObject({ code: 0, reason: 'bill_at_fuel_station' })
    expect((await s.call('POST', 'personal.order/create', { ...bill, client_request_id: rid() }, me.token)).body).toMatchObject({ code: 0, reason: 'bill_at_fuel_station' })
    expect(await s.row('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', me.userId)).toEqual({ n: 0 })
  })

  it('create refuses when the price moved since the quote, with the new figure and a fresh quote; confirmed, it goes through', async () => {
    const me = await s.login('13700000134')
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil({ oil_grade: '0#' }), me.token)
    const quoted = q.body.data.oil?.litre_price as number
    const moved = await s.call('POST', 'sandbox/movePrice', { shop_id: 7, grade: '0#', price: quoted + 15 })
    expect(moved.body.code).toBe(1)

    const refused = await s.call<{ price_moved: { grade: string; quoted_price: number; price: number; quote: PriceQuote } }>(
      'POST',
      'personal.order/create',
      { ...oil({ oil_grade: '0#', quoted_price: quoted }), client_request_id: rid() },
      me.token,
    )
    expect(refused.body.code).toBe(0)
    expect(refused.body.msg).toContain(`¥${((quoted + 15) / 100).toFixed(2)}`)
    expect(refused.body.data.price_moved).toMatchObject({ grade: '0#', quoted_price: quoted, price: quoted + 15 })
    expect(refused.body.data.price_moved.quote.oil?.litre_price).toBe(quoted + 15)
    expect(await s.row('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', me.userId)).toEqual({ n: 0 })

    const ok = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { ...oil({ oil_grade: '0#', quoted_price: quoted + 15 }), client_request_id: rid() }, me.token)
    expect(ok.body.code).toBe(1)
    expect(ok.body.data.order_info.oil).toMatchObject({ grade: '0#', pump_no: 2, litre_price: quoted + 15 })
  })

  it('the sandbox price move needs the sandbox key and a grade the station offers', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/sandbox/movePrice', payload: { shop_id: 7, grade: '0#', price: 800 } })
    expect(res.statusCode).toBe(403)
    expect((await s.call('POST', 'sandbox/movePrice', { shop_id: 13, grade: '98#', price: 800 })).body.code).toBe(0)
  })
})

describe('orders', () => {
  it('a paid fuel order shows grade, pump and litres in My orders and the station\'s store orders, and has no redemption code', async () => {
    const me = await s.login('13700000135')
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { ...oil({ shop_id: 14, oil_grade: '98#', pump_no: 5, amount: 30000 }), client_request_id: rid() }, me.token)
    expect(created.body.code).toBe(1)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', { id, platform: 'h5' }, me.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)

    const mine = await s.call<{ list: OrderInfo[] }>('GET', 'personal.order/index', { tab: 'all' }, me.token)
    expect(mine.body.data.list[0]).toMatchObject({ id, kind: 'oil', order_status: 10, oil: { grade: '98#', pump_no: 5 } })
    expect(mine.body.data.list[0].oil?.litres).toBeGreaterThan(30)
    expect((await s.call('GET', 'personal.order/orderVerification', { id }, me.token)).body).toMatchObject({ code: 0, msg: '这笔订单无需核销' })

    const staff = await s.login('19900000014')
    const store = await s.call<{ list: Array<{ id: number; kind: string }> }>('GET', 'hui_shanghu.store_order/index', {}, staff.token)
    expect(store.body.code).toBe(1)
    expect(store.body.data.list.map((o) => o.id)).toContain(id)
  })
})
