/**
 * Takeout subscription messages (issue 25 "Live status"), against the real SQLite file of an in-process sandbox server:
 * the template ids the app asks for, the shopper's consent kept per order, and the one message a one-time consent
 * allows when the order moves — recorded in the sandbox outbox (GET /api/sandbox/messages), never sent. The server's
 * clock is moved by replacing Date.now in this process, so shop 1 is open whatever the machine's time.
 */
import type { SandboxMessage } from '../../src/contract/takeoutSubscribe'
import { readConfig as read } from '../../server/http/config'
import { staffPhone } from '../../server/demo/seed'
import { autoRefuseTakeout } from '../../server/domain/takeout/takeout'
import { businessMidnight } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

// "Order status" covers accepted and out for delivery (one shared template, as many mini-programs configure it).
const ORDER_TPL = 'tplOrderStatus_01'
const REFUSED_TPL = 'tplOrderRefused_02'

const readConfig = (env: Record<string, string>) => read(env as NodeJS.ProcessEnv)

let s: TestServer
let shopper: { token: string; userId: number }
let other: { token: string; userId: number }
let staff: string
let address: number

const HOUR = 3_600_000
const OPEN = businessMidnight().valueOf() + 24 * HOUR + 12 * HOUR // tomorrow 12:00: shop 1 is open (10:00-14:00)
let clock: jest.SpyInstance | null = null

let rid = 0
async function paidOrder(token = shopper.token): Promise<{ id: number; order_no: string }> {
  const res = await s.call<{ order_info: { id: number; order_no: string } }>(
    'POST',
    'personal.order/create',
    { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], address_id: address, client_request_id: `sub-${++rid}-${Date.now()}` },
    token,
  )
  expect(res.body).toMatchObject({ code: 1 })
  const { id, order_no } = res.body.data.order_info
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return { id, order_no }
}
const subscribe = (id: number, results: Array<{ template_id: string; result: string }>, token = shopper.token) =>
  s.call<{ granted: string[] }>('POST', 'personal.takeout/subscribe', { id, results }, token)
const store = (path: string, body: Record<string, unknown>) => s.call('POST', `hui_shanghu.store_takeout/${path}`, body, staff)
const messages = async (orderId: number) => {
  const res = await s.call<{ list: SandboxMessage[] }>('GET', 'sandbox/messages', { order_id: orderId })
  expect(res.body.code).toBe(1)
  return res.body.data.list
}

beforeAll(async () => {
  s = await startServer({ takeoutTemplates: { accepted: ORDER_TPL, delivering: ORDER_TPL, refused: REFUSED_TPL } })
  shopper = await s.login('13700002601')
  other = await s.login('13700002602')
  staff = (await s.login(staffPhone(1))).token
  const saved = await s.call<{ info: { id: number } }>(
    'POST',
    'personal.address/save',
    { name: '近', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '近 路 1 号', lat: 22.545, lng: 113.95 },
    shopper.token,
  )
  address = saved.body.data.info.id
})
beforeEach(() => {
  clock = holdServerClock(OPEN)
})
afterEach(() => clock?.mockRestore())
afterAll(() => s.close())

describe('subscription messages of takeout orders', () => {
  it('the app is told which templates to ask for (unique ids); none configured, none to ask for', async () => {
    const res = await s.call<{ tmpl_ids: string[] }>('GET', 'hui_public.takeout/subscribeTemplates', {})
    expect(res.body.data.tmpl_ids).toEqual([ORDER_TPL, REFUSED_TPL])
    expect(readConfig({}).takeoutTemplates).toEqual({ accepted: null, delivering: null, refused: null })
    expect(readConfig({ TAKEOUT_TEMPLATE_ACCEPTED: ' abc_1 ' }).takeoutTemplates.accepted).toBe('abc_1')
    expect(() => readConfig({ TAKEOUT_TEMPLATE_REFUSED: 'not an id' })).toThrow(/TAKEOUT_TEMPLATE_REFUSED/)
  })

  it('the shopper’s consent is kept for their order: accepted templates only', async () => {
    const { id } = await paidOrder()
    const res = await subscribe(id, [
      { template_id: ORDER_TPL, result: 'accept' },
      { template_id: REFUSED_TPL, result: 'reject' },
      { template_id: 'tplSomethingElse', result: 'accept' },
    ])
    expect(res.body).toMatchObject({ code: 1, data: { granted: [ORDER_TPL] } })
    // The same report twice grants once.
    expect((await subscribe(id, [{ template_id: ORDER_TPL, result: 'accept' }])).body.data.granted).toEqual([ORDER_TPL])
    expect(await s.row('SELECT COUNT(*) AS n FROM takeout_subscriptions WHERE order_id = ?', id)).toEqual({ n: 1 })
  })

  it('the store accepts: one message, with its template and fields; the next move of that one-time template sends none', async () => {
    const { id, order_no } = await paidOrder()
    await subscribe(id, [{ template_id: ORDER_TPL, result: 'accept' }])
    expect(await messages(id)).toEqual([])
    expect((await store('accept', { id })).body).toMatchObject({ code: 1 })
    const after = await messages(id)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({
      order_id: id,
      user_id: shopper.userId,
      template_id: ORDER_TPL,
      event: 'accepted',
      page: `pages/takeout/orderDetail?id=${id}`,
      data: {
        character_string1: { value: order_no },
        thing2: { value: expect.any(String) },
        phrase3: { value: '商家已接单' },
        time4: { value: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 12:00$/) },
        thing5: { value: expect.stringMatching(/^预计送达 \d{2}-\d{2} \d{2}:\d{2}$/) },
      },
    })
    // Out for delivery is covered by the same template, but its one-time consent is spent.
    expect((await store('dispatch', { id, rider_name: '王师傅', rider_phone: '13812345678' })).body).toMatchObject({ code: 1 })
    expect(await messages(id)).toHaveLength(1)
  })

  it('no consent, no message', async () => {
    const { id } = await paidOrder()
    expect((await store('accept', { id })).body).toMatchObject({ code: 1 })
    expect(await messages(id)).toEqual([])
  })

  it('refused by the store, or by the timer: the refusal template, with the reason', async () => {
    const byStore = await paidOrder()
    await subscribe(byStore.id, [
      { template_id: ORDER_TPL, result: 'accept' },
      { template_id: REFUSED_TPL, result: 'accept' },
    ])
    expect((await store('refuse', { id: byStore.id, reason: '食材售罄' })).body).toMatchObject({ code: 1 })
    const refused = await messages(byStore.id)
    expect(refused.map((m) => [m.template_id, m.event, m.data.phrase3.value, m.data.thing5.value])).toEqual([[REFUSED_TPL, 'refused', '商家已拒单', '食材售罄，已全额退款']])

    const byTimer = await paidOrder()
    await subscribe(byTimer.id, [{ template_id: REFUSED_TPL, result: 'accept' }])
    await autoRefuseTakeout(s.app.q, s.app.payProvider, 5, OPEN + 6 * 60_000)
    expect((await messages(byTimer.id)).map((m) => [m.template_id, m.data.phrase3.value])).toEqual([[REFUSED_TPL, '超时未接单']])
  })

  it('another shopper’s order is refused, and nothing is kept for it', async () => {
    const { id } = await paidOrder()
    expect((await subscribe(id, [{ template_id: ORDER_TPL, result: 'accept' }], other.token)).body).toMatchObject({ code: 0, reason: 'order_not_found' })
    expect(await s.row('SELECT COUNT(*) AS n FROM takeout_subscriptions WHERE order_id = ?', id)).toEqual({ n: 0 })
    expect((await store('accept', { id })).body).toMatchObject({ code: 1 })
    expect(await messages(id)).toEqual([])
  })

  it('the outbox is a sandbox helper: its key is required', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/sandbox/messages' })
    expect(res.json()).toMatchObject({ code: 0, reason: 'sandbox_key_required' })
  })
})
