/**
 * Parcels (issue 14): the store ships a paid mall order (its own store's, once, even when two staff press at
 * once); the sandbox carrier's events follow its clock, moved instead of waited for; the shopper reads the
 * timeline newest first and confirms receipt, or the order completes by itself AUTO_COMPLETE_DAYS after delivery;
 * a refund asked after shipping goes to the store.
 */
import type { LogisticsAnswer } from '../../src/contract/mall'
import { AUTO_COMPLETE_DAYS, UNTRACKED_AUTO_COMPLETE_DAYS } from '../../src/contract/mallEndpoints'
import { noTracker } from '../../server/providers/carrier/none'
import type { OrderInfo } from '../../src/contract/order'
import type { StoreOrderAnswer, WorkbenchAnswer } from '../../src/contract/store'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'
import { httpClient, sharedDatabase, startTestServer, tally, type SharedDatabase, type TestServerHandle } from './processes'

let s: TestServer
let shopper: { token: string; userId: number }
let staff8: { token: string }
let addressId: number
let n = 0

beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700001701')
  staff8 = await s.login(staffPhone(8))
  addressId = (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '王五', mobile: '13800138001', province: '广东省', city: '深圳市', district: '福田区', detail: '深南大道 100 号' }, shopper.token)).body.data.info.id
})
afterAll(() => s.close())
afterEach(() => s.call('POST', 'sandbox/carrierClock', { reset: true }))

async function paidMallOrder(delivery: 'ship' | 'pickup' = 'ship'): Promise<OrderInfo> {
  const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: 3, spec_id: 31, delivery, ...(delivery === 'ship' ? { address_id: addressId } : {}), client_request_id: `ship-order-${n++}` }, shopper.token)
  expect(created.body.code).toBe(1)
  const id = created.body.data.order_info.id
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper.token)).body.data.info
}
const ship = (id: number, tok = staff8.token, carrier = 'SF', tracking_no = 'SF1402000001') => s.call<StoreOrderAnswer>('POST', 'hui_shanghu.store_order/ship', { id, carrier, tracking_no }, tok)
const logistics = (id: number, lang = 'zh') => s.call<LogisticsAnswer>('GET', 'personal.order/logistics', { id, lang }, shopper.token)
const advance = (minutes: number) => s.call('POST', 'sandbox/carrierClock', { advance_minutes: minutes })
const readOrder = async (id: number) => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper.token)).body.data.info

describe('the store ships', () => {
  it('a paid mall parcel shows on the workbench and in the "to ship" list; shipping moves it to delivering, once', async () => {
    const order = await paidMallOrder()
    const bench = (await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, staff8.token)).body.data
    expect(bench.to_ship).toBeGreaterThanOrEqual(1)
    const todo = (await s.call<{ list: Array<{ id: number; can_ship: boolean }> }>('GET', 'hui_shanghu.store_order/index', { todo: 'ship' }, staff8.token)).body.data.list
    expect(todo.find((o) => o.id === order.id)?.can_ship).toBe(true)
    const shipped = (await ship(order.id)).body
    expect(shipped.code).toBe(1)
    expect(shipped.data.info).toMatchObject({ order_status: 30, can_ship: false, parcel: { carrier_name: '顺丰速运', tracking_no: 'SF1402000001', state: 'shipped' } })
    expect(shipped.data.actions.map((a) => [a.action, a.by])).toContainEqual(['shipped', 'store'])
    expect((await ship(order.id)).body).toMatchObject({ code: 0, msg: '该订单已发货' })
    expect((await s.call<WorkbenchAnswer>('GET', 'hui_shanghu.store/workbench', {}, staff8.token)).body.data.to_ship).toBe((bench.to_ship ?? 0) - 1)
  })

  it('refused: a pickup order, an unpaid one, another store’s, a bad carrier or tracking number', async () => {
    const pickup = await paidMallOrder('pickup')
    expect((await ship(pickup.id)).body.msg).toBe('该订单无需发货')
    const unpaid = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: 3, spec_id: 31, delivery: 'ship', address_id: addressId, client_request_id: `ship-order-${n++}` }, shopper.token)).body.data.order_info
    expect((await ship(unpaid.id)).body.msg).toBe('订单当前状态不能发货')
    const staff3 = await s.login(staffPhone(3))
    const mine = await paidMallOrder()
    expect((await ship(mine.id, staff3.token)).body.code).toBe(0)
    expect((await readOrder(mine.id)).order_status).toBe(10)
    expect((await ship(mine.id, staff8.token, 'DHL')).body).toMatchObject({ code: 0, msg: '请选择快递公司' })
    expect((await ship(mine.id, staff8.token, 'SF', '12')).body).toMatchObject({ code: 0, msg: '运单号为 6 至 32 位字母或数字' })
    expect((await ship(mine.id, shopper.token)).body).toMatchObject({ code: 0, msg: '无权限' })
  })
})

describe('the parcel on the carrier’s clock', () => {
  it('events come due as the sandbox clock moves, newest first, in the shopper’s language; delivered → when it completes by itself', async () => {
    const order = await paidMallOrder()
    await ship(order.id, staff8.token, 'ZTO', 'zt7788990011')
    const first = (await logistics(order.id)).body.data
    expect(first).toMatchObject({ carrier: 'ZTO', carrier_name: '中通快递', tracking_no: 'ZT7788990011', state: 'shipped', delivered_at: null, auto_complete_at: null, can_confirm: true })
    expect(first.events.map((e) => e.state)).toEqual(['shipped'])
    await advance(3 * 60)
    expect((await logistics(order.id)).body.data.events.map((e) => e.state)).toEqual(['picked_up', 'shipped'])
    await advance(24 * 60)
    const moving = (await logistics(order.id, 'en')).body.data
    expect(moving.events.map((e) => e.state)).toEqual(['out_for_delivery', 'in_transit', 'picked_up', 'shipped'])
    expect(moving.events[0].text).toBe('Out for delivery')
    expect(moving.carrier_name).toBe('ZTO Express')
    expect((await readOrder(order.id)).parcel?.state).toBe('out_for_delivery')
    await advance(4 * 60)
    const delivered = (await logistics(order.id)).body.data
    expect(delivered.state).toBe('delivered')
    expect(delivered.events[0].text).toBe('已签收，感谢使用中通快递')
    expect(Date.parse(delivered.auto_complete_at?.replace(' ', 'T') ?? '') - Date.parse(delivered.delivered_at?.replace(' ', 'T') ?? '')).toBe(AUTO_COMPLETE_DAYS * 86_400_000)
    // The events were stored as they came due.
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM parcel_events WHERE order_id = ?', order.id)).n).toBe(5)
  })

  it('the shopper confirms receipt → completed, once; the store sees who did it', async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    const confirmed = await s.call<{ info: OrderInfo }>('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)
    expect(confirmed.body.data.info.order_status).toBe(40)
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)).body).toMatchObject({ code: 0, msg: '已确认收货' })
    const seen = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff8.token)).body.data
    expect(seen.actions.map((a) => [a.action, a.by])).toContainEqual(['receipt_confirmed', 'shopper'])
    // Not shipped, or someone else's: refused.
    const waiting = await paidMallOrder()
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: waiting.id }, shopper.token)).body.msg).toBe('商家尚未发货，不能确认收货')
    expect((await logistics(waiting.id)).body).toMatchObject({ code: 0, msg: '商家尚未发货，发货后可查看物流' })
    const stranger = await s.login('13700001702')
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, stranger.token)).body).toMatchObject({ code: 0, msg: '订单不存在' })
    expect((await s.call('GET', 'personal.order/logistics', { id: order.id }, stranger.token)).body).toMatchObject({ code: 0, msg: '订单不存在' })
  })

  it('confirmed while out for delivery (issue 39): the parcel reads received from then on, whatever the carrier says later', async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    await advance(27 * 60)
    expect((await logistics(order.id)).body.data.state).toBe('out_for_delivery')
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)).body.code).toBe(1)
    const received = (await logistics(order.id, 'en')).body.data
    expect([received.state, received.can_confirm, received.auto_complete_at]).toEqual(['received', false, null])
    expect(received.events.map((e) => e.state)).toEqual(['received', 'out_for_delivery', 'in_transit', 'picked_up', 'shipped'])
    expect(received.events[0].text).toBe('Receipt confirmed. The order is complete')
    expect((await readOrder(order.id)).parcel).toMatchObject({ state: 'received', latest: '已确认收货，订单完成' })
    // The carrier's "delivered" comes due later: not recorded, not shown; the parcel stays received.
    await advance(5 * 60)
    expect((await logistics(order.id)).body.data.events.map((e) => e.state)).toEqual(['received', 'out_for_delivery', 'in_transit', 'picked_up', 'shipped'])
    expect((await s.row<{ n: number }>("SELECT COUNT(*) AS n FROM parcel_events WHERE order_id = ? AND state = 'delivered'", order.id)).n).toBe(0)
  })

  it(`unconfirmed: completes by itself ${AUTO_COMPLETE_DAYS} days after delivery (not a minute before), recorded as by the timer`, async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    await advance(30 * 60 + AUTO_COMPLETE_DAYS * 24 * 60 - 1)
    expect((await readOrder(order.id)).order_status).toBe(30)
    await advance(1)
    expect((await readOrder(order.id)).order_status).toBe(40)
    // Completed by itself: the parcel reads received too, at the moment it completed (issue 39).
    const done = (await logistics(order.id)).body.data
    expect(done.state).toBe('received')
    expect(Date.parse(done.events[0].at.replace(' ', 'T')) - Date.parse(done.delivered_at?.replace(' ', 'T') ?? '')).toBe(AUTO_COMPLETE_DAYS * 86_400_000)
    expect(done.events.map((e) => e.state)).toEqual(['received', 'delivered', 'out_for_delivery', 'in_transit', 'picked_up', 'shipped'])
    const seen = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff8.token)).body.data
    expect(seen.actions.map((a) => [a.action, a.by])).toContainEqual(['auto_completed', 'timer'])
  })

  it('a refund asked after shipping waits for the store; refused, the parcel goes back to delivering', async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    const asked = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff8.token)).body.data.info
    expect(asked).toMatchObject({ order_status: 60, refund_state: 'awaiting_store', can_answer_refund: true })
    expect((await s.call('POST', 'hui_shanghu.store_order/refundReject', { id: order.id, reason: '已签收，请联系客服' }, staff8.token)).body.code).toBe(1)
    expect((await readOrder(order.id)).order_status).toBe(30)
  })

  it('a refund asked after shipping and withdrawn: the parcel goes back to delivering (not to "to ship"), and its receipt can be confirmed', async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    expect((await s.call<{ info: OrderInfo }>('POST', 'personal.order/cancelRefund', { id: order.id }, shopper.token)).body).toMatchObject({ code: 1, data: { info: { order_status: 30 } } })
    const store = (await s.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id: order.id }, staff8.token)).body.data.info
    expect(store).toMatchObject({ order_status: 30, can_ship: false, refund_state: 'none' })
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)).body.code).toBe(1)
    expect((await readOrder(order.id)).order_status).toBe(40)
  })
})

describe('the carrier clock moved back (sandbox)', () => {
  const back = () => s.call('POST', 'sandbox/carrierClock', { reset: true })

  it('a parcel shipped on a clock ahead: confirm receipt, the order and its logistics answer (no 500), shipped', async () => {
    const order = await paidMallOrder()
    await advance(60)
    expect((await ship(order.id)).body.code).toBe(1)
    await back()
    const read = await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)
    expect([read.status, read.body.code, read.body.data.info.parcel?.state]).toEqual([200, 1, 'shipped'])
    const tracked = await logistics(order.id)
    expect([tracked.status, tracked.body.code, tracked.body.data.state, tracked.body.data.events.map((e) => e.state)]).toEqual([200, 1, 'shipped', ['shipped']])
    const confirmed = await s.call<{ info: OrderInfo }>('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)
    expect([confirmed.status, confirmed.body.code, confirmed.body.data.info.order_status, confirmed.body.data.info.parcel?.state]).toEqual([200, 1, 40, 'received'])
    // Recorded once: a second press is the usual refusal.
    expect((await s.call('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)).body).toMatchObject({ code: 0, msg: '已确认收货' })
  })

  it('what the carrier recorded stays recorded: a parcel delivered on a clock ahead is still delivered when the clock goes back', async () => {
    const order = await paidMallOrder()
    await ship(order.id)
    await advance(31 * 60)
    expect((await logistics(order.id)).body.data.state).toBe('delivered')
    await back()
    const tracked = (await logistics(order.id)).body
    expect([tracked.code, tracked.data.state, tracked.data.events.map((e) => e.state)]).toEqual([1, 'delivered', ['delivered', 'out_for_delivery', 'in_transit', 'picked_up', 'shipped']])
    expect(tracked.data.delivered_at).not.toBeNull()
    expect((await readOrder(order.id)).parcel?.state).toBe('delivered')
    const confirmed = await s.call<{ info: OrderInfo }>('POST', 'personal.order/confirmReceipt', { id: order.id }, shopper.token)
    expect([confirmed.status, confirmed.body.code, confirmed.body.data.info.parcel?.state]).toEqual([200, 1, 'received'])
  })
})

describe('two staff pressing ship at once (a running server, parallel requests)', () => {
  let server: TestServerHandle
  let shared: SharedDatabase | undefined
  const { api, destroy } = httpClient()
  beforeAll(async () => {
    // Its own SQLite file, or under TEST_DATABASE_URL a new PostgreSQL database (issue 28).
    shared = await sharedDatabase('')
    server = await startTestServer({ label: 'ship-race', env: shared.env })
  })
  afterAll(async () => {
    destroy()
    await server?.stop()
    await shared?.close()
  })

  it('one ship succeeds, the others are refused, one parcel', async () => {
    const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => api<T>(server, method, path, payload, token ? { 'access-token': token } : {})
    const sandbox = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>) => api<T>(server, method, `sandbox/${path}`, payload, { 'x-sandbox-key': server.sandboxKey })
    const login = async (phone: string) => {
      await call('POST', 'Captcha/sendSmsCaptcha', { phone })
      const code = (await sandbox<{ list: Array<{ code: string }> }>('GET', 'smsOutbox', { phone })).body.data.list[0].code
      return (await call<{ token: string }>('POST', 'wechat/bind', { phone, code })).body.data.token
    }
    const buyer = await login('13700001703')
    const staff = await login(staffPhone(8))
    const address = (await call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '赵六', mobile: '13800138002', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 2 号' }, buyer)).body.data.info.id
    const id = (await call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: 3, spec_id: 31, delivery: 'ship', address_id: address, client_request_id: 'race-ship-1' }, buyer)).body.data.order_info.id
    await call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, buyer)
    expect((await sandbox('POST', 'confirmPay', { id, result: 'success' })).body.code).toBe(1)
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call('POST', 'hui_shanghu.store_order/ship', { id, carrier: 'SF', tracking_no: `SF00000000${i}` }, staff)))
    expect(tally(answers)).toEqual({ '200 1 ok': 1, '200 0 该订单已发货': 7 })
  })
})

describe('without a tracking service (a production server: issue 40)', () => {
  // The sandbox's cashier pays the order; the parcel is tracked as a production server tracks it: by nothing.
  let p: TestServer
  let buyer: { token: string }
  let staff: { token: string }
  let address: number
  beforeAll(async () => {
    p = await startServer({ parcelTracker: noTracker })
    buyer = await p.login('13700001711')
    staff = await p.login(staffPhone(8))
    address = (await p.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '钱七', mobile: '13800138003', province: '广东省', city: '深圳市', district: '福田区', detail: '深南大道 200 号' }, buyer.token)).body.data.info.id
  })
  afterAll(() => p.close())
  afterEach(() => p.call('POST', 'sandbox/carrierClock', { reset: true }))

  async function shipped(): Promise<number> {
    const created = await p.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: 3, spec_id: 31, delivery: 'ship', address_id: address, client_request_id: `untracked-${n++}` }, buyer.token)
    const id = created.body.data.order_info.id
    await p.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, buyer.token)
    expect((await p.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    expect((await p.call('POST', 'hui_shanghu.store_order/ship', { id, carrier: 'YTO', tracking_no: 'yt9988776655' }, staff.token)).body.code).toBe(1)
    return id
  }
  const track = (id: number) => p.call<LogisticsAnswer>('GET', 'personal.order/logistics', { id }, buyer.token)
  const status = async (id: number) => (await p.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, buyer.token)).body.data.info.order_status

  it('the shopper sees the carrier and the waybill, no made-up event, and when it completes by itself', async () => {
    const id = await shipped()
    const parcel = (await track(id)).body.data
    expect(parcel).toMatchObject({ tracked: false, carrier: 'YTO', carrier_name: '圆通速递', tracking_no: 'YT9988776655', state: 'shipped', delivered_at: null, can_confirm: true })
    expect(parcel.events.map((e) => e.state)).toEqual(['shipped'])
    expect(Date.parse(`${(parcel.auto_complete_at as string).replace(' ', 'T')}+08:00`) - Date.parse(`${parcel.shipped_at.replace(' ', 'T')}+08:00`)).toBe(UNTRACKED_AUTO_COMPLETE_DAYS * 86_400_000)
    // Days later nothing has moved it: no carrier reported anything.
    await p.call('POST', 'sandbox/carrierClock', { advance_minutes: 3 * 24 * 60 })
    expect((await track(id)).body.data.events.map((e) => e.state)).toEqual(['shipped'])
    expect((await p.row<{ n: number }>('SELECT COUNT(*) AS n FROM parcel_events WHERE order_id = ?', id)).n).toBe(1)
    // The shopper confirms receipt: completed.
    expect((await p.call<{ info: OrderInfo }>('POST', 'personal.order/confirmReceipt', { id }, buyer.token)).body.data.info.order_status).toBe(40)
  })

  it(`unconfirmed: completes by the timer ${UNTRACKED_AUTO_COMPLETE_DAYS} days after shipping (not a minute before)`, async () => {
    const id = await shipped()
    await p.call('POST', 'sandbox/carrierClock', { advance_minutes: UNTRACKED_AUTO_COMPLETE_DAYS * 24 * 60 - 1 })
    expect(await status(id)).toBe(30)
    await p.call('POST', 'sandbox/carrierClock', { advance_minutes: 1 })
    expect(await status(id)).toBe(40)
    const seen = (await p.call<StoreOrderAnswer>('GET', 'hui_shanghu.store_order/read', { id }, staff.token)).body.data
    expect(seen.actions.map((a) => [a.action, a.by])).toContainEqual(['auto_completed', 'timer'])
  })
})
