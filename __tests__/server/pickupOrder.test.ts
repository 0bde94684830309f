/**
 * Issue 24: an order collected at a store reads as the shopper paid it and says where to collect it. A flash sale's
 * price is the price (¥19.90 × 2, no "−¥50.20" discount); a mall order keeps its real member discount; the store's
 * address, hours and coordinates come with every order picked up (flash sales, mall pickup), none with a parcel.
 */
import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13700002401')).token
  // Flash-sale sessions follow the clock; every session "on now" so the test does not depend on the hour.
  await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
})
afterEach(() => s.close())

const create = (payload: Record<string, unknown>, tok = token) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: `req-${Math.random().toString(36).slice(2, 12)}`, ...payload }, tok)
const read = (id: number, tok = token) => s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, tok)
async function pay(id: number, tok = token): Promise<void> {
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, tok)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
}

const SHOP_8 = { shop_id: 8, name: '好邻居便利', address: '南山区后海大道 66 号', hours: '09:00-22:00' }

describe('an order collected at a store', () => {
  it('a flash sale of 2 (¥19.90, list ¥45.00): the line is ¥19.90 × 2, no discount, ¥39.80 paid; the store with its address, hours and place', async () => {
    const created = await create({ kind: 'product', product_id: 2, quantity: 2 })
    expect(created.body.code).toBe(1)
    const id = created.body.data.order_info.id
    await pay(id)
    const info = (await read(id)).body.data.info
    expect(info.lines).toEqual([expect.objectContaining({ quantity: 2, price: 1990, list_price: 4500 })])
    expect(info).toMatchObject({ original_amount: 3980, discount_amount: 0, coupon_amount: 0, pay_amount: 3980 })
    expect(info.pickup).toMatchObject(SHOP_8)
    expect(typeof info.pickup?.lat).toBe('number')
    expect(typeof info.pickup?.lng).toBe('number')
  })

  it('a mall order picked up with a card: the spec price per item, the member discount as a real discount, the store to collect it', async () => {
    const card = await create({ kind: 'card', card_id: 2 })
    await pay(card.body.data.order_info.id)
    const created = await create({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, quantity: 2, delivery: 'pickup' })
    expect(created.body.code).toBe(1)
    const info = created.body.data.order_info
    const spec = await s.row<{ price: number; member_price: number }>('SELECT price, member_price FROM mall_specs WHERE id = 11')
    expect(info.lines).toEqual([expect.objectContaining({ quantity: 2, price: spec.price })])
    expect(info.lines?.[0].list_price).toBeUndefined()
    expect(info).toMatchObject({ original_amount: spec.price * 2, discount_amount: (spec.price - spec.member_price) * 2, pay_amount: spec.member_price * 2 })
    expect(info.pickup).toMatchObject(SHOP_8)
  })

  it('a bill and a shipped mall order have no store to collect at', async () => {
    const bill = await create({ kind: 'bill', shop_id: 1, amount: 5000 })
    expect(bill.body.data.order_info.pickup).toBeNull()
    await s.call('POST', 'personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, token)
    const addresses = await s.call<{ list: Array<{ id: number }> }>('GET', 'personal.address/index', {}, token)
    const shipped = await create({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, quantity: 1, delivery: 'ship', address_id: addresses.body.data.list[0].id })
    expect(shipped.body.code).toBe(1)
    expect(shipped.body.data.order_info.pickup).toBeNull()
  })
})
