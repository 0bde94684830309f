/**
 * Issue 39: an order's fees named as they were charged (OrderInfo.fees), so a pickup takeout order never reads
 * "Delivery/packing": pickup — packing only; delivery — delivery and packing apart; a mall order's shipping as shipping.
 */
import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let me: { token: string }
let pancake = 0
beforeAll(async () => {
  s = await startServer()
  me = await s.login('13700003921')
  const menu = await s.call<{ dishes: Array<{ id: number; name: string }> }>('GET', 'hui_public.takeout_shop/menu', { shop_id: 19 })
  pancake = menu.body.data.dishes.find((d) => d.name === '芒果班戟')?.id ?? 0
})
afterAll(() => s.close())

const create = (extra: Record<string, unknown>) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 19, items: [{ id: pancake, quantity: 1 }], client_request_id: `fees-${Math.random().toString(36).slice(2, 12)}`, ...extra }, me.token)

it('a pickup order: its fee is packing only, named so', async () => {
  const res = await create({ mode: 'pickup' })
  expect(res.body.code).toBe(1)
  expect(res.body.data.order_info.fee_amount).toBe(100)
  expect(res.body.data.order_info.fees).toEqual([{ kind: 'packing', amount: 100 }])
  const read = await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: res.body.data.order_info.id }, me.token)
  expect(read.body.data.info.fees).toEqual([{ kind: 'packing', amount: 100 }])
})

it('a delivery order: delivery and packing apart', async () => {
  const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号' }, me.token)
  const res = await create({ address_id: saved.body.data.info.id, items: [{ id: pancake, quantity: 2 }] })
  expect(res.body.code).toBe(1)
  expect(res.body.data.order_info.fees).toEqual([
    { kind: 'delivery', amount: 300 },
    { kind: 'packing', amount: 100 },
  ])
})
