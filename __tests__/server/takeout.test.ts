import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

/** A takeout order's delivery address is the shopper's own, checked like every personal record, and kept on the order. */
let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

const saveAddress = async (token: string, name: string) => {
  await s.call('POST', 'personal.address/save', { name, mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: `${name} 的门牌 1 号` }, token)
  const list = await s.call<{ list: Array<{ id: number; name: string }> }>('GET', 'personal.address/index', {}, token)
  return (list.body.data.list.find((a) => a.name === name) as { id: number }).id
}
const takeout = (token: string, extra: Record<string, unknown>) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 1, items: [{ id: 1, quantity: 1 }], client_request_id: `tk-${Math.random().toString(36).slice(2, 12)}`, ...extra }, token)

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
  await s.call('POST', 'personal.address/save', { id: mine, name: '张三改', mobile: '13600002222', province: '广东省', city: '深圳市', district: '南山区', detail: '新地址' }, me.token)
  const row = s.app.db.prepare('SELECT detail FROM orders WHERE id = ?').get(ok.body.data.order_info.id) as { detail: string }
  expect(JSON.parse(row.detail).address).toEqual({ name: '张三', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '张三 的门牌 1 号' })
})
