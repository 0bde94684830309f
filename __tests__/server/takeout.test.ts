import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

/** A takeout order's delivery address is the shopper's own, checked like every personal record, and kept on the order. */
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

const saveAddress = async (token: string, name: string) => {
  // A map pick beside shop 1 (within its 5 km radius; the district's centre would be 12 km away).
  await s.call('POST', 'personal.address/save', { name, mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: `${name} 的门牌 1 号`, lat: 22.545, lng: 113.95 }, token)
  const list = await s.call<{ list: Array<{ id: number; name: string }> }>('GET', 'personal.address/index', {}, token)
  return (list.body.data.list.find((a) => a.name === name) as { id: number }).id
}
// Ten bowls of rice (dish 4, no options) for a slot the shop offers: whatever the time of day, the shop takes it.
const takeout = async (token: string, extra: Record<string, unknown>) => {
  const shop = await s.call<{ info: { slots: string[] } }>('GET', 'hui_public.takeout_shop/read', { id: 1 })
  return s.call<{ order_info: OrderInfo }>(
    'POST',
    'personal.order/create',
    { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], slot: shop.body.data.info.slots[0], client_request_id: `tk-${Math.random().toString(36).slice(2, 12)}`, ...extra },
    token,
  )
}

it('needs an address, refuses another shopper\'s (as "not found"), and keeps the address as it was when ordered', async () => {
  const me = await s.login('13700000021')
  const other = await s.login('13700000022')
  const mine = await saveAddress(me.token, '张三')
  const theirs = await saveAddress(other.token, '李四')

  expect((await takeout(me.token, {})).body).toMatchObject({ code: 0, msg: '请选择收货地址' })
  expect((await takeout(me.token, { address_id: theirs })).body).toMatchObject({ code: 0, msg: '收货地址不存在' })
  expect((await takeout(me.token, { address_id: 424242 })).body).toMatchObject({ code: 0, msg: '收货地址不存在' })

  const ok = await takeout(me.token, { address_id: mine })
  expect(ok.body.code).toBe(1)
  // A later edit of the address does not move the order.
  await s.call('POST', 'personal.address/save', { id: mine, name: '张三改', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '新地址' }, me.token)
  const row = await s.row<{ detail: string }>('SELECT detail FROM orders WHERE id = ?', ok.body.data.order_info.id)
  expect(JSON.parse(row.detail).address).toEqual({ name: '张三', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '张三 的门牌 1 号' })
})
