/**
 * Issue 39: back from the cashier, "Place order" made a second identical unpaid takeout order (the app's new attempt
 * carries a new client_request_id). The rule (docs/api.md "Takeout", Ordering): while the shopper has an unpaid order
 * at this shop made of the same lines (dishes, options, quantities), the same request returns that order, and a
 * request that changes something else (address, time, remark, coupon …) is refused with `takeout_unpaid_order` naming
 * it — pay it or cancel it first. Other lines, another shopper, or once it is paid or cancelled: a new order.
 */
import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let me: { token: string; userId: number }
let address = 0
/** 茶见奶茶 (round the clock, pickup offered); 芒果班戟 and 杨枝甘露 with its required cup size. */
const SHOP = 19
let pancake = 0
let mango = 0
let cup = 0

beforeAll(async () => {
  s = await startServer()
  me = await s.login('13700003911')
  const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号' }, me.token)
  address = saved.body.data.info.id
  const menu = await s.call<{ dishes: Array<{ id: number; name: string; option_groups: Array<{ options: Array<{ id: number }> }> }> }>('GET', 'hui_public.takeout_shop/menu', { shop_id: SHOP })
  pancake = menu.body.data.dishes.find((d) => d.name === '芒果班戟')?.id ?? 0
  const m = menu.body.data.dishes.find((d) => d.name === '杨枝甘露')
  mango = m?.id ?? 0
  cup = m?.option_groups[0].options[0].id ?? 0
})
afterAll(() => s.close())

let rid = 0
const cart = () => ({ kind: 'takeout', shop_id: SHOP, items: [{ id: pancake, quantity: 1 }, { id: mango, quantity: 1, option_ids: [cup] }], address_id: address, tableware: 1 })
const create = (payload: Record<string, unknown>, token = me.token) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { ...payload, client_request_id: `twin-${++rid}-${Date.now()}` }, token)
const takeoutOrders = async (userId = me.userId) =>
  (await s.rows<{ id: number; status: number }>("SELECT id, status FROM orders WHERE user_id = ? AND kind = 'takeout' ORDER BY id", userId)).map((r) => [r.id, r.status])

it('the same cart placed again while its order is unpaid (a new request id): that order, not a second one', async () => {
  const first = await create(cart())
  expect(first.body.code).toBe(1)
  const again = await create(cart())
  expect(again.body.code).toBe(1)
  expect(again.body.data.order_info.id).toBe(first.body.data.order_info.id)
  expect(again.body.data.order_info.pay_amount).toBe(first.body.data.order_info.pay_amount)
  expect(await takeoutOrders()).toEqual([[first.body.data.order_info.id, 0]])
})

it('the same lines with something else changed: refused, naming the unpaid order (pay or cancel it first); nothing created', async () => {
  const [[id]] = await takeoutOrders()
  const changed = await create({ ...cart(), remark: '少辣', mode: 'pickup', address_id: undefined })
  expect(changed.body).toMatchObject({ code: 0, reason: 'takeout_unpaid_order', data: { order_id: id } })
  expect(changed.body.msg).toMatch(/待支付/)
  // The lines in another order are the same lines.
  const reordered = await create({ ...cart(), items: [...cart().items].reverse() })
  expect(reordered.body).toMatchObject({ code: 0, reason: 'takeout_unpaid_order', data: { order_id: id } })
  expect(await takeoutOrders()).toEqual([[id, 0]])
})

it('other lines, or another shopper with the same cart: orders of their own', async () => {
  const [[id]] = await takeoutOrders()
  const more = await create({ ...cart(), items: [{ id: pancake, quantity: 2 }, { id: mango, quantity: 1, option_ids: [cup] }] })
  expect(more.body.code).toBe(1)
  expect(more.body.data.order_info.id).not.toBe(id)
  const other = await s.login('13700003912')
  const theirs = await create({ ...cart(), mode: 'pickup', address_id: undefined }, other.token)
  expect(theirs.body.code).toBe(1)
  // Cancelled: the same cart makes a new order.
  expect((await s.call('POST', 'personal.order/cancel', { id }, me.token)).body.code).toBe(1)
  expect((await s.call('POST', 'personal.order/cancel', { id: more.body.data.order_info.id }, me.token)).body.code).toBe(1)
  const fresh = await create(cart())
  expect(fresh.body.code).toBe(1)
  expect(fresh.body.data.order_info.id).not.toBe(id)
})

it('once paid, the same cart again is a new order (ordering the same dinner twice)', async () => {
  const unpaid = (await takeoutOrders()).filter(([, st]) => st === 0)
  expect(unpaid).toHaveLength(1)
  const [[id]] = unpaid
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, me.token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  const next = await create(cart())
  expect(next.body.code).toBe(1)
  expect(next.body.data.order_info.id).not.toBe(id)
})
