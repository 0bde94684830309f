/**
 * Takeout on the server (issue 25), against the real SQLite file of an in-process server: reads (categories, shops
 * open or closed on the server's clock, distances and fees, "delivers to my address", menu, search), pricing
 * (options, fee tiers, member rate on dishes and never on fees, minimum order, sold out), the delivery radius, a
 * closed shop's pre-order, every lifecycle move and the refused ones, the timer's refusal with the refund in the
 * sandbox ledger. The server's clock is moved by replacing Date.now in this process (the server's process): the
 * shop's hours are judged on it, whatever the machine's time.
 */
import { distanceMeters } from '../../src/contract/geo'
import type { PriceQuote } from '../../src/contract/order'
import type { TakeoutMenuAnswer, TakeoutOrderAnswer, TakeoutShop } from '../../src/contract/takeout'
import { centreKeys, regionKeys } from '../../server/domain/address/districtCentres'
import { staffPhone } from '../../server/demo/seed'
import { autoDeliverTakeout, autoRefuseTakeout } from '../../server/domain/takeout/takeout'
import { businessMidnight, nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

let s: TestServer
let shopper: { token: string; userId: number }
let other: { token: string; userId: number }
let staff1: string
let staff1b: string
let staff2: string
let near: number
let far: number
let outside: number

const HOUR = 3_600_000
/** Tomorrow (business day) at a wall time, as an instant: clear of today's real hour, whatever it is. */
const tomorrowAt = (h: number, m = 0) => businessMidnight().valueOf() + 24 * HOUR + h * HOUR + m * 60_000
const OPEN = tomorrowAt(12) // shop 1: 10:00-14:00, 16:30-22:00
const CLOSED = tomorrowAt(15)
const OPENING = tomorrowAt(16, 30)
const PAST_MIDNIGHT = tomorrowAt(1)
let clock: jest.SpyInstance | null = null
const setClock = (ms: number) => {
  clock?.mockRestore()
  clock = holdServerClock(ms)
}
const realClock = () => {
  clock?.mockRestore()
  clock = null
}

const saveAddress = async (token: string, name: string, point?: { lat: number; lng: number }) => {
  const res = await s.call<{ info: { id: number; lat: number | null } }>(
    'POST',
    'personal.address/save',
    // A map pick here is beside shop 1, in 南山区 (a pick is taken only within its district: issue 43); none: 福田区's centre.
    { name, mobile: '13600001111', province: '广东省', city: '深圳市', district: point ? '南山区' : '福田区', detail: `${name} 路 1 号`, ...(point ?? {}) },
    token,
  )
  expect(res.body.code).toBe(1)
  return res.body.data.info.id
}

let rid = 0
const payload = (extra: Record<string, unknown>) => ({ kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], address_id: near, ...extra })
const quote = (token: string, extra: Record<string, unknown>) => s.call<PriceQuote>('POST', 'personal.order/preCreate', payload(extra), token)
const create = (token: string, extra: Record<string, unknown>) =>
  s.call<{ order_info: { id: number; pay_amount: number } }>('POST', 'personal.order/create', { ...payload(extra), client_request_id: `tf-${++rid}-${Date.now()}` }, token)

async function pay(token: string, id: number): Promise<void> {
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
}
async function paidOrder(extra: Record<string, unknown> = {}, token = shopper.token): Promise<number> {
  const res = await create(token, extra)
  expect(res.body).toMatchObject({ code: 1 })
  await pay(token, res.body.data.order_info.id)
  return res.body.data.order_info.id
}
const view = async (id: number, token = shopper.token) => (await s.call<TakeoutOrderAnswer>('GET', 'personal.takeout/read', { id }, token)).body
const status = async (id: number) => (await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status
const store = (path: string, body: Record<string, unknown>, token = staff1) => s.call<TakeoutOrderAnswer & { actions: Array<{ action: string; by: string }> }>('POST', `hui_shanghu.store_takeout/${path}`, body, token)

/** Polls (bounded) until the sandbox provider's refund notification settled the order. */
async function refunded(id: number): Promise<void> {
  for (let i = 0; i < 200 && (await status(id)) !== 70; i++) await new Promise((r) => setTimeout(r, 10))
  expect(await status(id)).toBe(70)
}

beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700002501')
  other = await s.login('13700002502')
  staff1 = (await s.login(staffPhone(1))).token
  staff2 = (await s.login(staffPhone(2))).token
  // A second staff account of shop 1.
  const b = await s.login('13700002503')
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at) VALUES (?, 1, '2026-01-01 00:00:00')", b.userId)
  staff1b = b.token
  near = await saveAddress(shopper.token, '近', { lat: 22.545, lng: 113.95 })
  far = await saveAddress(shopper.token, '远', { lat: 22.565, lng: 113.955 })
  // No map pick: the district centre of 福田区, 12 km from shop 1 (radius 5 km).
  outside = await saveAddress(shopper.token, '区中心')
})
afterEach(realClock)
afterAll(() => s.close())

describe('reads', () => {
  it('categories in both languages; seven restaurants in two cities, with settings', async () => {
    const zh = await s.call<{ list: Array<{ name: string }> }>('GET', 'hui_public.takeout_category/index', {})
    const en = await s.call<{ list: Array<{ name: string }> }>('GET', 'hui_public.takeout_category/index', { lang: 'en' })
    expect(zh.body.data.list.map((c) => c.name)).toContain('粉面粥')
    expect(en.body.data.list.map((c) => c.name)).toContain('Noodles & congee')
    const all = await s.call<{ list: TakeoutShop[]; total: number }>('GET', 'hui_public.takeout_shop/index', { page_size: 50 })
    expect(all.body.data.total).toBe(7)
    expect(new Set(all.body.data.list.map((x) => x.city_id))).toEqual(new Set([1, 2]))
    const gz = await s.call<{ list: TakeoutShop[] }>('GET', 'hui_public.takeout_shop/index', { city_id: 2 })
    expect(gz.body.data.list.map((x) => x.id).sort()).toEqual([17, 18])
  })

  it('open, closed and "opens at" follow the server clock, not the caller', async () => {
    setClock(OPEN)
    const open = await s.call<{ info: TakeoutShop & { slots: string[]; asap_at: string | null } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })
    expect(open.body.data.info.open).toMatchObject({ state: 'open', closes_at: expect.stringMatching(/ 14:00:00$/) })
    expect(open.body.data.info.asap_at).not.toBeNull()
    setClock(CLOSED)
    const closed = await s.call<{ info: TakeoutShop & { slots: string[]; asap_at: string | null } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })
    expect(closed.body.data.info.open).toMatchObject({ state: 'closed', opens_at: expect.stringMatching(/ 16:30:00$/) })
    expect(closed.body.data.info.asap_at).toBeNull()
    // The first slot of the evening opening: 16:30 + 20 min to cook + 30 to ride → 17:30 (30-minute steps).
    expect(closed.body.data.info.slots[0]).toMatch(/ 17:30$/)
    // 潮汕砂锅粥 (17:00-02:00) is open at 01:00, past midnight.
    setClock(PAST_MIDNIGHT)
    const late = await s.call<{ info: TakeoutShop }>('GET', 'hui_public.takeout_shop/read', { id: 18 })
    expect(late.body.data.info.open.state).toBe('open')
  })

  it('distance, fee tier and range from a point; sorts; "delivers to my address"', async () => {
    const point = { lat: 22.545, lng: 113.95 }
    const list = await s.call<{ list: TakeoutShop[] }>('GET', 'hui_public.takeout_shop/index', { ...point, city_id: 1, page_size: 50 })
    const one = list.body.data.list.find((x) => x.id === 1) as TakeoutShop
    expect(one.distance).toBe(distanceMeters(point, { lat: 22.54, lng: 113.94 }))
    expect(one.delivery_fee).toBe(300)
    expect(one.in_range).toBe(true)
    const bySales = await s.call<{ list: TakeoutShop[] }>('GET', 'hui_public.takeout_shop/index', { sort: 'sales', page_size: 50 })
    const open = bySales.body.data.list.filter((x) => x.open.state === 'open').map((x) => x.monthly_sales)
    expect(open).toEqual([...open].sort((a, b) => b - a))
    // The district-centre address (Futian) is beyond shop 1's radius: not in the list.
    const reach = await s.call<{ list: TakeoutShop[] }>('GET', 'hui_public.takeout_shop/index', { address_id: outside, page_size: 50 }, shopper.token)
    expect(reach.body.data.list.map((x) => x.id)).not.toContain(1)
    expect(reach.body.data.list.map((x) => x.id)).toContain(19)
    const mine = await s.call<{ list: TakeoutShop[] }>('GET', 'hui_public.takeout_shop/index', { address_id: near, page_size: 50 }, shopper.token)
    expect(mine.body.data.list.map((x) => x.id)).toContain(1)
    // Another shopper's address is not found.
    expect((await s.call('GET', 'hui_public.takeout_shop/index', { address_id: near }, other.token)).body).toMatchObject({ code: 0, reason: 'address_not_found' })
  })

  it('menu: categories in step with dishes, options with prices, sold out, member price only with a card', async () => {
    const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 1 }, shopper.token)).body.data
    expect(menu.categories.map((c) => c.name)).toEqual(['招牌', '主食', '饮品'])
    expect(menu.categories.flatMap((c) => c.dish_ids)).toEqual(menu.dishes.map((d) => d.id))
    const fish = menu.dishes.find((d) => d.name === '水煮鱼')
    expect(fish?.option_groups.map((g) => [g.name, g.required])).toEqual([['规格', true], ['辣度', true]])
    expect(fish?.option_groups[0].options.map((o) => o.price)).toEqual([0, 2000])
    expect(fish?.image).toMatch(/^\/assets\/img\/dish-\d+\.svg$/)
    expect(menu.dishes.find((d) => d.name === '冰峰汽水')?.sold_out).toBe(true)
    expect(menu.member_rate).toBeNull()
    expect((await s.app.inject({ url: fish?.image ?? '' })).statusCode).toBe(200)
  })

  it('search finds shops by a dish', async () => {
    const res = await s.call<{ list: Array<TakeoutShop & { dishes: Array<{ name: string }> }> }>('GET', 'hui_public.takeout/search', { keyword: '拉面' })
    expect(res.body.data.list.map((x) => x.id)).toEqual([11])
    expect(res.body.data.list[0].dishes.map((d) => d.name)).toEqual(['豚骨拉面', '味噌拉面'])
  })
})

describe('addresses get points', () => {
  it('a map pick is kept; without one, the district centre the server ships (every district has one); both or neither', async () => {
    expect(regionKeys().filter((k) => !centreKeys().includes(k))).toEqual([])
    const list = (await s.call<{ list: Array<{ id: number; lat: number | null; lng: number | null }> }>('GET', 'personal.address/index', {}, shopper.token)).body.data.list
    expect(list.find((a) => a.id === near)).toMatchObject({ lat: 22.545, lng: 113.95 })
    expect(list.find((a) => a.id === outside)).toMatchObject({ lat: 22.541, lng: 114.055 })
    const half = await s.call('POST', 'personal.address/save', { name: '半', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '半个坐标 1 号', lat: 22.5 }, shopper.token)
    expect(half.body).toMatchObject({ code: 0, reason: 'invalid_request' })
  })

  it('a store without takeout reads no takeout settings', async () => {
    const staff3 = (await s.login(staffPhone(3))).token
    expect((await s.call('GET', 'hui_shanghu.store_takeout/settings', {}, staff3)).body).toMatchObject({ code: 0, reason: 'takeout_not_offered' })
  })
})

describe('pricing (preCreate; create prices again)', () => {
  it('options, packing fee, the delivery fee of the distance tier, the minimum order, sold out', async () => {
    setClock(OPEN)
    const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 1 })).body.data
    const fish = menu.dishes.find((d) => d.name === '水煮鱼') as TakeoutMenuAnswer['dishes'][number]
    const [size, spice] = fish.option_groups
    const big = size.options[1].id
    const mild = spice.options[0].id
    const items = [{ id: fish.id, quantity: 1, option_ids: [mild, big] }, { id: 4, quantity: 2 }]
    const q = (await quote(shopper.token, { items })).body
    expect(q).toMatchObject({ code: 1, data: { original_amount: 5800 + 2000 + 400, fee_amount: 300 + 100, member_discount_amount: 0, pay_amount: 8600 } })
    expect(q.data.takeout).toMatchObject({ mode: 'delivery', delivery_fee: 300, packing_fee: 100, dishes_amount: 8200 })
    // Farther (3.2 km): the second tier.
    expect((await quote(shopper.token, { items, address_id: far })).body.data.takeout?.delivery_fee).toBe(500)
    // The order's line carries the options by name, in the menu's order.
    const made = await create(shopper.token, { items })
    expect(made.body.data.order_info.pay_amount).toBe(8600)
    const info = (await view(made.body.data.order_info.id)).data.info
    expect(info.lines?.[0]).toMatchObject({ name: '水煮鱼', spec: '大份、微辣', price: 7800, quantity: 1, image: fish.image })

    expect((await quote(shopper.token, { items: [{ id: fish.id, quantity: 1, option_ids: [mild] }] })).body).toMatchObject({ code: 0, reason: 'takeout_option_required', params: { group: '规格' } })
    expect((await quote(shopper.token, { items: [{ id: fish.id, quantity: 1, option_ids: [mild, big, size.options[0].id] }] })).body).toMatchObject({ code: 0, reason: 'takeout_option_too_many' })
    expect((await quote(shopper.token, { items: [{ id: 4, quantity: 10, option_ids: [big] }] })).body).toMatchObject({ code: 0, reason: 'takeout_option_invalid' })
    expect((await quote(shopper.token, { items: [{ id: 4, quantity: 5 }] })).body).toMatchObject({ code: 0, reason: 'takeout_min_order', params: { short: '10.00' } })
    const soda = menu.dishes.find((d) => d.name === '冰峰汽水') as { id: number }
    expect((await quote(shopper.token, { items: [{ id: 4, quantity: 10 }, { id: soda.id, quantity: 1 }] })).body).toMatchObject({ code: 0, reason: 'takeout_dish_sold_out' })
    // A dish of another shop is not on this menu.
    expect((await quote(shopper.token, { items: [{ id: 22, quantity: 2 }] })).body).toMatchObject({ code: 0, reason: 'dish_unavailable' })
  })

  it("the card's member rate comes off the dishes, never the fees", async () => {
    setClock(OPEN)
    const buyer = await s.login('13700002509')
    const addr = await saveAddress(buyer.token, '会员', { lat: 22.545, lng: 113.95 })
    const before = (await quote(buyer.token, { address_id: addr, items: [{ id: 4, quantity: 41 }] })).body.data
    const card = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'card', card_id: 2, client_request_id: `card-${Date.now()}` }, buyer.token)
    await pay(buyer.token, card.body.data.order_info.id)
    const after = (await quote(buyer.token, { address_id: addr, items: [{ id: 4, quantity: 41 }] })).body.data
    // Gold card, 95: 5 % of the dishes' 82.00 = 4.10 (5 % of dishes and fees would be 4.30).
    expect(after.member_discount_amount).toBe(410)
    expect(after.fee_amount).toBe(before.fee_amount)
    expect(after.pay_amount).toBe(before.pay_amount - 410)
    const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: 1 }, buyer.token)).body.data
    expect(menu.member_rate).toBe(95)
    expect(menu.dishes.find((d) => d.id === 1)?.member_price).toBe(5510)
  })

  it('the delivery radius: outside refused with the distance; an address without a point refused by a shop with a radius', async () => {
    setClock(OPEN)
    expect((await quote(shopper.token, { address_id: outside })).body).toMatchObject({ code: 0, reason: 'takeout_out_of_range', params: { radius: '5.0' } })
    expect((await create(shopper.token, { address_id: outside })).body).toMatchObject({ code: 0, reason: 'takeout_out_of_range' })
    const nowhere = await saveAddress(shopper.token, '无定位', { lat: 22.545, lng: 113.95 })
    await s.run('UPDATE addresses SET lat = NULL, lng = NULL WHERE id = ?', nowhere)
    expect((await quote(shopper.token, { address_id: nowhere })).body).toMatchObject({ code: 0, reason: 'takeout_address_no_location' })
    expect((await quote(shopper.token, { address_id: undefined })).body).toMatchObject({ code: 0, reason: 'delivery_address_required' })
    // Pickup needs no address and has no delivery fee.
    expect((await quote(shopper.token, { mode: 'pickup', address_id: undefined })).body).toMatchObject({ code: 1, data: { fee_amount: 100, takeout: { mode: 'pickup', delivery_fee: 0 } } })
    expect((await s.call('POST', 'personal.order/preCreate', { kind: 'takeout', shop_id: 9, mode: 'pickup', items: [{ id: 17, quantity: 20 }] }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_pickup_not_offered' })
  })

  it('a closed shop: refused saying when it opens, or a pre-order for a slot of that opening (the timer counts from it)', async () => {
    setClock(CLOSED)
    const refused = (await quote(shopper.token, {})).body as unknown as { code: number; reason?: string; params?: { opens: string }; data: { opens_at: string } }
    expect(refused).toMatchObject({ code: 0, reason: 'takeout_shop_closed', params: { opens: expect.stringMatching(/ 16:30$/) } })
    expect(refused.data.opens_at).toMatch(/ 16:30:00$/)
    const read = await s.call<{ info: { slots: string[] } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })
    const slot = read.body.data.info.slots[0]
    const pre = (await quote(shopper.token, { slot })).body
    expect(pre).toMatchObject({ code: 1, data: { takeout: { promised_at: `${slot}:00`, preorder_opens_at: expect.stringMatching(/ 16:30:00$/) } } })
    expect((await quote(shopper.token, { slot: slot.replace(/\d\d:\d\d$/, '15:00') })).body).toMatchObject({ code: 0, reason: 'takeout_slot_unavailable' })
    const id = await paidOrder({ slot })
    const v = (await view(id)).data.takeout
    expect(v).toMatchObject({ stage: 'awaiting_accept', scheduled_for: slot, accept_by: expect.stringMatching(/ 16:35:00$/) })
    // The timer: at 16:34 the store still has time; at 16:36 it refuses and refunds.
    const opening = OPENING
    expect(await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, opening + 4 * 60_000)).toBe(0)
    expect(await status(id)).toBe(10)
    expect(await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, opening + 6 * 60_000)).toBe(1)
    realClock()
    await refunded(id)
  })

  it('a paused shop takes nothing', async () => {
    setClock(OPEN)
    expect((await s.call('POST', 'hui_shanghu.store_takeout/pause', { paused: true }, staff1)).body).toMatchObject({ code: 1, data: { settings: { paused: true }, open: { state: 'paused' } } })
    expect((await quote(shopper.token, {})).body).toMatchObject({ code: 0, reason: 'takeout_shop_paused' })
    expect((await s.call('POST', 'hui_shanghu.store_takeout/pause', { paused: false }, staff1)).body).toMatchObject({ code: 1, data: { settings: { paused: false } } })
    expect((await quote(shopper.token, {})).body.code).toBe(1)
  })
})

describe('the lifecycle', () => {
  beforeEach(() => setClock(OPEN))

  it('delivery: 10 → 20 → 30 → 40 by the store, each on the trail; the rider masked for the shopper', async () => {
    const id = await paidOrder()
    expect((await view(id)).data.takeout).toMatchObject({ stage: 'awaiting_accept', can_cancel: true, accept_by: expect.any(String) })
    const accepted = await store('accept', { id })
    expect(accepted.body).toMatchObject({ code: 1, data: { info: { order_status: 20 }, takeout: { stage: 'accepted', pickup_no: expect.stringMatching(/^A\d{3}$/) } } })
    // The same move again, by either staff member: refused, nothing moves.
    expect((await store('accept', { id }, staff1b)).body).toMatchObject({ code: 0, reason: 'takeout_already_moved' })
    expect((await s.call('POST', 'personal.takeout/cancel', { id }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_cancel_accepted' })
    const out = await store('dispatch', { id, rider_name: '王师傅', rider_phone: '13812345678' })
    expect(out.body).toMatchObject({ code: 1, data: { info: { order_status: 30 }, takeout: { stage: 'delivering', rider: { name: '王师傅', phone: '13812345678' } } } })
    expect((await view(id)).data.takeout.rider).toEqual({ name: '王师傅', phone: '138****5678' })
    const done = await store('deliver', { id })
    expect(done.body).toMatchObject({ code: 1, data: { info: { order_status: 40 }, takeout: { stage: 'delivered' } } })
    expect(done.body.data.actions.map((a) => [a.action, a.by])).toEqual([
      ['takeout_accepted', 'store'],
      ['takeout_dispatched', 'store'],
      ['takeout_delivered', 'store'],
    ])
    const steps = (await view(id)).data.takeout.steps
    expect(steps.map((x) => [x.key, x.state])).toEqual([
      ['paid', 'done'],
      ['accepted', 'done'],
      ['delivering', 'done'],
      ['delivered', 'done'],
    ])
    expect((await s.call('POST', 'personal.takeout/confirm', { id }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_already_moved' })
  })

  it('the shopper confirms delivery (30 → 40); a refund may be asked once accepted (canRefund covers 20)', async () => {
    const id = await paidOrder()
    await store('accept', { id })
    await store('dispatch', { id, rider_name: '李', rider_phone: '13900000000' })
    expect((await s.call('POST', 'personal.takeout/confirm', { id }, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await s.call('POST', 'personal.takeout/confirm', { id }, shopper.token)).body).toMatchObject({ code: 1, data: { takeout: { stage: 'delivered' } } })
    const id2 = await paidOrder()
    await store('accept', { id: id2 })
    expect((await s.call('POST', 'personal.order/refund', { id: id2, reason: '太慢了' }, shopper.token)).body).toMatchObject({ code: 1, data: { info: { order_status: 60 } } })
  })

  it('refused moves: wrong status, another store, a shopper without the role, anonymous, another shopper', async () => {
    const id = await paidOrder()
    expect((await store('dispatch', { id, rider_name: '王', rider_phone: '13812345678' })).body).toMatchObject({ code: 0, reason: 'takeout_not_accepted' })
    expect((await store('deliver', { id })).body).toMatchObject({ code: 0, reason: 'takeout_not_accepted' })
    expect((await store('accept', { id }, staff2)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await store('refuse', { id, reason: 'x' }, staff2)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await s.call('GET', 'hui_shanghu.store_takeout/read', { id }, staff2)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await store('accept', { id }, shopper.token)).body).toMatchObject({ code: 0, reason: 'no_permission' })
    expect((await store('accept', { id }, '')).body).toMatchObject({ code: -1 })
    expect(await view(id, other.token)).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await s.call('POST', 'personal.takeout/cancel', { id }, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect(await status(id)).toBe(10)
    // An unpaid order cannot be accepted.
    const unpaid = (await create(shopper.token, {})).body.data.order_info.id
    expect((await store('accept', { id: unpaid })).body).toMatchObject({ code: 0, reason: 'takeout_not_paid' })
    // A takeout order from before takeout had its own state: not found (never a 5xx).
    await s.run('DELETE FROM takeout_orders WHERE order_id = ?', unpaid)
    expect(await view(unpaid)).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await s.call('GET', 'hui_shanghu.store_takeout/read', { id: unpaid }, staff1)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect((await store('accept', { id: unpaid })).body).toMatchObject({ code: 0, reason: 'order_not_found' })
  })

  it('cancel before acceptance and the store refusing: refunded at once, the refund in the sandbox ledger', async () => {
    const a = await paidOrder()
    expect((await s.call('POST', 'personal.takeout/cancel', { id: a }, shopper.token)).body).toMatchObject({ code: 1, data: { takeout: { refusal: { by: 'shopper' } } } })
    const b = await paidOrder()
    expect((await store('refuse', { id: b, reason: '食材用完了' })).body).toMatchObject({ code: 1, data: { takeout: { refusal: { by: 'store', reason: '食材用完了' } } } })
    realClock()
    for (const id of [a, b]) {
      await refunded(id)
      const ledger = await s.rows("SELECT r.status AS refund, p.status AS payment FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.order_id = ?", id)
      expect(ledger).toEqual([{ refund: 'succeeded', payment: 'refunded' }])
      expect((await view(id)).data.takeout.stage).toBe('refused')
    }
    expect((await store('accept', { id: b })).body).toMatchObject({ code: 0, reason: 'takeout_order_closed' })
  })

  it('pickup: accepted, ready, collected with the shopper’s code (20 → 40) by its own store only', async () => {
    const id = await paidOrder({ mode: 'pickup', address_id: undefined })
    expect((await view(id)).data.takeout.pickup_code).toBeNull()
    await store('accept', { id })
    const code = (await view(id)).data.takeout.pickup_code as string
    expect(code).toMatch(/^\d{12}$/)
    expect((await store('dispatch', { id, rider_name: '王', rider_phone: '13812345678' })).body).toMatchObject({ code: 0, reason: 'takeout_pickup_order' })
    expect((await store('ready', { id })).body).toMatchObject({ code: 1, data: { takeout: { stage: 'ready' } } })
    expect((await store('verifyPickup', { code }, staff2)).body).toMatchObject({ code: 0, reason: 'verify_code_invalid' })
    expect((await store('verifyPickup', { code })).body).toMatchObject({ code: 1, data: { info: { order_status: 40 }, takeout: { stage: 'picked_up' } } })
    expect((await store('verifyPickup', { code }, staff1b)).body).toMatchObject({ code: 0, reason: 'verify_code_used' })
  })

  it('the timer refuses a paid order nobody accepted after TAKEOUT_ACCEPT_MINUTES; the refund reaches the ledger once', async () => {
    realClock()
    const id = await paidOrder({ slot: (await s.call<{ info: { slots: string[] } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })).body.data.info.slots[0] })
    const acceptFrom = (await s.row<{ accept_from: number }>('SELECT accept_from FROM takeout_orders WHERE order_id = ?', id)).accept_from
    expect(await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, acceptFrom + 4 * 60_000)).toBe(0)
    expect(await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, acceptFrom + 5 * 60_000 + 1)).toBe(1)
    expect(await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, acceptFrom + 60 * 60_000)).toBe(0)
    await refunded(id)
    expect(await s.row("SELECT COUNT(*) AS n FROM refunds WHERE order_id = ? AND status = 'succeeded'", id)).toEqual({ n: 1 })
    const v = (await view(id)).data.takeout
    expect(v.refusal).toMatchObject({ by: 'timer' })
    expect((await store('accept', { id })).body).toMatchObject({ code: 0, reason: 'takeout_order_closed' })
  })

  it('the sandbox moves the clock past the acceptance time and runs the sweep now: refused by the timer and refunded', async () => {
    realClock()
    const id = await paidOrder({ slot: (await s.call<{ info: { slots: string[] } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })).body.data.info.slots[0] })
    try {
      expect((await s.call('POST', 'sandbox/sweep', {})).body.code).toBe(1)
      expect(await status(id)).toBe(10)
      const acceptFrom = (await s.row<{ accept_from: number }>('SELECT accept_from FROM takeout_orders WHERE order_id = ?', id)).accept_from
      // The server's clock (CLOCK_AT's moment under npm run test:clock), not the host's.
      const minutes = Math.ceil((acceptFrom - nowMs()) / 60_000) + 6
      expect((await s.call('POST', 'sandbox/clock', { advance_minutes: minutes })).body.code).toBe(1)
      expect((await s.call('POST', 'sandbox/sweep', {})).body.code).toBe(1)
      await refunded(id)
      expect((await view(id)).data.takeout.refusal).toMatchObject({ by: 'timer' })
    } finally {
      await s.call('POST', 'sandbox/clock', { reset: true })
    }
  })

  it('the store: its takeout orders to accept, settings, a dish sold out and back', async () => {
    const id = await paidOrder()
    const todo = await s.call<{ list: Array<{ info: { id: number } }> }>('GET', 'hui_shanghu.store_takeout/index', { todo: 'accept' }, staff1)
    expect(todo.body.data.list.map((o) => o.info.id)).toContain(id)
    const set = await s.call<{ settings: { radius_m: number; fee_tiers: unknown[]; hours: unknown[] }; accept_minutes: number }>('GET', 'hui_shanghu.store_takeout/settings', {}, staff1)
    expect(set.body.data).toMatchObject({ settings: { radius_m: 5000, fee_tiers: [{ up_to_m: 3000, fee: 300 }, { up_to_m: 5000, fee: 500 }], hours: [{ open: '10:00', close: '14:00' }, { open: '16:30', close: '22:00' }] }, accept_minutes: 5 })
    expect((await s.call('POST', 'hui_shanghu.store_takeout/soldOut', { dish_id: 4, sold_out: true }, staff1)).body.code).toBe(1)
    expect((await quote(shopper.token, {})).body).toMatchObject({ code: 0, reason: 'takeout_dish_sold_out' })
    expect((await s.call('POST', 'hui_shanghu.store_takeout/soldOut', { dish_id: 4, sold_out: false }, staff1)).body.code).toBe(1)
    expect((await s.call('POST', 'hui_shanghu.store_takeout/soldOut', { dish_id: 8, sold_out: true }, staff1)).body).toMatchObject({ code: 0, reason: 'dish_unavailable' })
    expect((await quote(shopper.token, {})).body.code).toBe(1)
  })

  it('out for delivery and nobody marks it delivered: the timer delivers it 180 minutes after dispatch, not a minute before, once', async () => {
    const id = await paidOrder()
    expect((await store('accept', { id })).body.code).toBe(1)
    expect((await store('dispatch', { id, rider_name: '王师傅', rider_phone: '13812345678' })).body.code).toBe(1)
    const out = (await s.row<{ dispatched_at: number }>('SELECT dispatched_at FROM takeout_orders WHERE order_id = ?', id)).dispatched_at
    await autoDeliverTakeout(s.app.q, out + 179 * 60_000)
    expect(await status(id)).toBe(30)
    await autoDeliverTakeout(s.app.q, out + 180 * 60_000)
    expect(await status(id)).toBe(40)
    await autoDeliverTakeout(s.app.q, out + 300 * 60_000)
    const read = await s.call<{ actions: Array<{ action: string; by: string }> }>('GET', 'hui_shanghu.store_takeout/read', { id }, staff1)
    expect(read.body.data.actions.map((a) => [a.action, a.by])).toEqual([
      ['takeout_accepted', 'store'],
      ['takeout_dispatched', 'store'],
      ['takeout_auto_delivered', 'timer'],
    ])
    expect((await view(id)).data.takeout).toMatchObject({ stage: 'delivered', can_confirm: false })
  })
})
