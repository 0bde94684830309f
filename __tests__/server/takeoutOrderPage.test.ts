/**
 * The shopper's takeout order page on the server (issue 39), against the real database of an in-process server, shop 19
 * (茶见奶茶, open round the clock, pickup offered, packing ¥1, delivery ¥3 within 3 km): the shop in full (phone,
 * address, point, hours) for a pickup order; the money as lines that add up; order again; the rider's number in full
 * for the order's shopper while out for delivery only; a refund request with the shopper's detail and photos (each
 * reason; "Other" needs words; only photos they uploaded), read by the shopper and the store; a cancel before
 * acceptance read as cancelled → on its way → refunded; the rating — once, by the order's shopper, after delivery and
 * within TAKEOUT_RATE_DAYS — read by the shopper and the store.
 */
import { TAKEOUT_RATE_DAYS, type TakeoutMenuAnswer, type TakeoutOrderAnswer } from '../../src/contract/takeout'
import type { OrderInfo } from '../../src/contract/order'
import type { StoreOrder } from '../../src/contract/store'
import { staffPhone } from '../../server/demo/seed'
import { eraseShopperWords } from '../../server/storage/repo/orders'
import { nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

const SHOP = 19
let s: TestServer
let shopper: { token: string; userId: number }
let other: { token: string; userId: number }
let staff: string
let address: number
let mango: number
let tea: { id: number; large: number }

let rid = 0
const order = (items: Array<{ id: number; quantity: number; option_ids?: number[] }>, extra: Record<string, unknown> = {}) => ({
  kind: 'takeout',
  shop_id: SHOP,
  items,
  address_id: address,
  client_request_id: `top-${++rid}-${Date.now()}`,
  ...extra,
})

async function paidOrder(payload: Record<string, unknown>, token = shopper.token): Promise<number> {
  const res = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', payload, token)
  expect(res.body).toMatchObject({ code: 1 })
  const id = res.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return id
}
const read = async (id: number, token = shopper.token) => (await s.call<TakeoutOrderAnswer>('GET', 'personal.takeout/read', { id }, token)).body
const storeCall = (path: string, body: Record<string, unknown>) => s.call<{ info: StoreOrder; rating?: unknown }>('POST', `hui_shanghu.store_takeout/${path}`, body, staff)
const status = async (id: number) => (await s.row<{ status: number }>('SELECT status FROM orders WHERE id = ?', id)).status
async function refunded(id: number): Promise<void> {
  for (let i = 0; i < 200 && (await status(id)) !== 70; i++) await new Promise((r) => setTimeout(r, 10))
  expect(await status(id)).toBe(70)
}
/** A delivered order: paid, accepted, out for delivery, delivered by the store. */
async function deliveredOrder(token = shopper.token): Promise<number> {
  const id = await paidOrder(order([{ id: mango, quantity: 1 }]), token)
  expect((await storeCall('accept', { id })).body.code).toBe(1)
  expect((await storeCall('dispatch', { id, rider_name: '张师傅', rider_phone: '13912345678' })).body.code).toBe(1)
  expect((await storeCall('deliver', { id })).body.code).toBe(1)
  return id
}

beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700003901')
  other = await s.login('13700003902')
  staff = (await s.login(staffPhone(SHOP))).token
  const saved = await s.call<{ info: { id: number } }>(
    'POST',
    'personal.address/save',
    { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', lat: 22.545, lng: 114.05 },
    shopper.token,
  )
  address = saved.body.data.info.id
  const menu = (await s.call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: SHOP })).body.data
  mango = (menu.dishes.find((d) => d.name === '芒果班戟') as { id: number }).id
  const yz = menu.dishes.find((d) => d.name === '杨枝甘露') as TakeoutMenuAnswer['dishes'][number]
  tea = { id: yz.id, large: (yz.option_groups[0].options.find((o) => o.name === '大杯') as { id: number }).id }
})
afterAll(() => s.close())

describe('the shop and the money', () => {
  it('a pickup order names the shop in full: phone, address, its point and hours; packing is its only fee', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }], { mode: 'pickup', address_id: undefined }))
    const shop = await s.row<{ name: string; phone: string; address: string; lat: number; lng: number }>('SELECT name, phone, address, lat, lng FROM shops WHERE id = ?', SHOP)
    const body = await read(id)
    expect(body.code).toBe(1)
    expect(body.data.shop).toEqual({ id: SHOP, ...shop, hours: [{ open: '00:00', close: '24:00' }] })
    expect(body.data.shop.phone).not.toContain('*')
    expect(body.data.money).toEqual({ dishes: 1600, packing_fee: 100, delivery_fee: null, fees: 100, discount: 0, coupon: 0, paid: 1700 })
  })

  it('a delivery order: dishes + packing + delivery − discount − coupon = paid, each line the quote’s; order again names each dish with its options', async () => {
    const items = [
      { id: mango, quantity: 2 },
      { id: tea.id, quantity: 1, option_ids: [tea.large] },
    ]
    const quote = (await s.call<{ pay_amount: number; takeout: { delivery_fee: number; packing_fee: number } }>('POST', 'personal.order/preCreate', { ...order(items), client_request_id: undefined }, shopper.token)).body.data
    const id = await paidOrder(order(items))
    const { money, again } = (await read(id)).data
    expect(money).toMatchObject({ dishes: 2 * 1600 + 1800 + 300, packing_fee: quote.takeout.packing_fee, delivery_fee: quote.takeout.delivery_fee })
    expect(money.delivery_fee).toBe(300)
    expect(money.dishes + (money.packing_fee ?? 0) + (money.delivery_fee ?? 0) - money.discount - money.coupon).toBe(money.paid)
    expect(money.paid).toBe(quote.pay_amount)
    expect(again).toEqual([
      { dish_id: mango, option_ids: [], quantity: 2 },
      { dish_id: tea.id, option_ids: [tea.large], quantity: 1 },
    ])
  })

  it('an order from before the fees were kept apart: one line of fees, still adding up', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    const { detail } = await s.row<{ detail: string }>('SELECT detail FROM orders WHERE id = ?', id)
    const { fees: _fees, ...old } = JSON.parse(detail) as Record<string, unknown>
    await s.run('UPDATE orders SET detail = ? WHERE id = ?', JSON.stringify(old), id)
    const { money } = (await read(id)).data
    expect(money).toEqual({ dishes: 1600, packing_fee: null, delivery_fee: null, fees: 400, discount: 0, coupon: 0, paid: 2000 })
  })
})

describe('the rider', () => {
  it('the full number for the order’s shopper while out for delivery only; masked always in the view', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    expect((await read(id)).data.rider_phone).toBeNull()
    await storeCall('accept', { id })
    await storeCall('dispatch', { id, rider_name: '张师傅', rider_phone: '13912345678' })
    const out = (await read(id)).data
    expect(out.rider_phone).toBe('13912345678')
    expect(out.takeout.rider).toEqual({ name: '张师傅', phone: '139****5678' })
    expect((await s.call('GET', 'personal.takeout/read', { id }, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    await storeCall('deliver', { id })
    const done = (await read(id)).data
    expect(done.rider_phone).toBeNull()
    expect(done.takeout.rider?.phone).toBe('139****5678')
  })
})

describe('refunds', () => {
  it('a cancel before acceptance reads cancelled → on its way → refunded, the amount paid, back to the cashier', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    const cancelled = await s.call<TakeoutOrderAnswer>('POST', 'personal.takeout/cancel', { id }, shopper.token)
    expect(cancelled.body.code).toBe(1)
    await refunded(id)
    const refund = (await read(id)).data.info.refund
    expect(refund).toMatchObject({ state: 'refunded', amount: 2000, to: 'sandbox', reason: null, can_withdraw: false, can_ask_again: false })
    expect(refund?.steps.map((x) => [x.key, x.state])).toEqual([
      ['cancelled', 'done'],
      ['on_its_way', 'done'],
      ['refunded', 'done'],
    ])
    expect(refund?.refunded_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  })

  it('before the store accepts, a refund request is refused: the order is cancelled instead, refunded at once', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    expect((await s.call('POST', 'personal.order/refund', { id, reason: '不想要了' }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_cancel_instead' })
    expect(await status(id)).toBe(10)
    expect((await s.call('POST', 'personal.takeout/cancel', { id }, shopper.token)).body.code).toBe(1)
  })

  it('an accepted order: a refund with the shopper’s words and photos (any reason); "Other" needs words; only their own photos', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    await storeCall('accept', { id })
    const mine = await s.picture(shopper.userId)
    const theirs = await s.picture(other.userId)
    const ask = (body: Record<string, unknown>) => s.call<{ info: OrderInfo }>('POST', 'personal.order/refund', { id, ...body }, shopper.token)

    expect((await ask({ reason: '其他' })).body).toMatchObject({ code: 0, reason: 'refund_detail_required' })
    expect((await ask({ reason: 'Other', detail: '   ' })).body).toMatchObject({ code: 0, reason: 'refund_detail_required' })
    expect((await ask({ reason: '商家原因', photos: [theirs] })).body).toMatchObject({ code: 0, reason: 'refund_photo_invalid' })
    expect((await ask({ reason: '商家原因', photos: ['/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg'] })).body).toMatchObject({ code: 0, reason: 'refund_photo_invalid' })
    expect((await ask({ reason: '商家原因', photos: [mine, mine, mine, mine] })).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await status(id)).toBe(20)

    const asked = await ask({ reason: '商家原因', detail: '奶茶洒了一半', photos: [mine] })
    expect(asked.body.code).toBe(1)
    expect(asked.body.data.info.refund).toMatchObject({ state: 'awaiting_store', reason: '商家原因', detail: '奶茶洒了一半', photos: [mine] })
    expect((await read(id)).data.info.refund).toMatchObject({ reason: '商家原因', detail: '奶茶洒了一半', photos: [mine] })
    const store = (await s.call<{ info: StoreOrder }>('GET', 'hui_shanghu.store_takeout/read', { id }, staff)).body.data.info
    expect(store).toMatchObject({ refund_reason: '商家原因', refund_detail: '奶茶洒了一半', refund_photos: [mine] })

    // Withdrawn and asked again with "Other" and words only: the new request's detail, no photos left over.
    expect((await s.call('POST', 'personal.order/cancelRefund', { id }, shopper.token)).body.code).toBe(1)
    const again = await ask({ reason: 'Other', detail: 'Wrong drink' })
    expect(again.body.data.info.refund).toMatchObject({ reason: 'Other', detail: 'Wrong drink', photos: [] })

    // Account deletion's erasure takes the shopper's words and photos.
    await eraseShopperWords(s.app.q, shopper.userId)
    expect((await read(id)).data.info.refund).toMatchObject({ reason: null, detail: null, photos: [] })
  })
})

describe('rating', () => {
  it('once, by the order’s shopper, after delivery; the store reads it', async () => {
    const id = await paidOrder(order([{ id: mango, quantity: 1 }]))
    const rate = (body: Record<string, unknown>, token = shopper.token) => s.call<TakeoutOrderAnswer>('POST', 'personal.takeout/rate', { id, ...body }, token)
    expect((await read(id)).data).toMatchObject({ rating: null, rate_until: null })
    expect((await rate({ stars: 5 })).body).toMatchObject({ code: 0, reason: 'takeout_rate_not_done' })

    await storeCall('accept', { id })
    await storeCall('dispatch', { id, rider_name: '张师傅', rider_phone: '13912345678' })
    await storeCall('deliver', { id })
    expect((await read(id)).data.rate_until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect((await rate({ stars: 0 })).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect((await rate({ stars: 6 })).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect((await rate({ stars: 4, words: 'x'.repeat(201) })).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect((await rate({ stars: 4 }, other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })

    const rated = await rate({ stars: 4, words: '  好喝，送得快  ' })
    expect(rated.body.code).toBe(1)
    expect(rated.body.data).toMatchObject({ rating: { stars: 4, words: '好喝，送得快' }, rate_until: null })
    expect((await rate({ stars: 1 })).body).toMatchObject({ code: 0, reason: 'takeout_already_rated' })
    expect((await read(id)).data.rating).toMatchObject({ stars: 4, words: '好喝，送得快' })
    expect((await s.call<{ rating: unknown }>('GET', 'hui_shanghu.store_takeout/read', { id }, staff)).body.data.rating).toMatchObject({ stars: 4, words: '好喝，送得快' })
  })

  it(`not after ${TAKEOUT_RATE_DAYS} days from delivery; a cancelled order never`, async () => {
    const id = await deliveredOrder()
    const clock = holdServerClock(nowMs() + TAKEOUT_RATE_DAYS * 86_400_000 + 60_000)
    try {
      expect((await read(id)).data.rate_until).toBeNull()
      expect((await s.call('POST', 'personal.takeout/rate', { id, stars: 5 }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_rate_expired', params: { days: TAKEOUT_RATE_DAYS } })
    } finally {
      clock.mockRestore()
    }
    const cancelled = await paidOrder(order([{ id: mango, quantity: 1 }]))
    await s.call('POST', 'personal.takeout/cancel', { id: cancelled }, shopper.token)
    expect((await s.call('POST', 'personal.takeout/rate', { id: cancelled, stars: 5 }, shopper.token)).body).toMatchObject({ code: 0, reason: 'takeout_rate_not_done' })
  })

  it('two ratings at once: one is kept', async () => {
    const id = await deliveredOrder()
    const both = await Promise.all([1, 5].map((stars) => s.call('POST', 'personal.takeout/rate', { id, stars }, shopper.token)))
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 1])
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM takeout_ratings WHERE order_id = ?', id)).n).toBe(1)
  })
})
