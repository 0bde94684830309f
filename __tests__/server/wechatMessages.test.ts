/**
 * Subscription messages sent through WeChat (issue 40): a takeout order's move records its message in the outbox
 * (wechat_messages) inside the move's transaction, and it goes out to WeChat's subscribe/send after the commit — here
 * against the local double of WeChat's API (__tests__/doubles/wechat.ts), the sandbox on only for its payments and login
 * codes. One acceptance, one send; 43101 (not subscribed) is final and recorded; a failure for now is tried again by the
 * sweep; WeChat's field limits hold. The server's clock is held at 12:00 tomorrow, so shop 1 is open.
 */
import { staffPhone } from '../../server/demo/seed'
import { sendDueMessages } from '../../server/domain/messages'
import { readWechatConfig, type WechatConfig } from '../../server/providers/wechat/config'
import { businessMidnight } from '../../server/time'
import { startWechatDouble, type WechatDouble } from '../doubles/wechat'
import { holdServerClock, startServer, type TestServer } from './helpers'

const TPL = 'tplOrderStatus_01'
const HOUR = 3_600_000
const OPEN = businessMidnight().valueOf() + 36 * HOUR

let double: WechatDouble
let s: TestServer
let shopper: { token: string; userId: number }
let staff: string
let address: number
let clock: jest.SpyInstance | null = null

let rid = 0
async function paidOrder(): Promise<number> {
  const res = await s.call<{ order_info: { id: number } }>(
    'POST',
    'personal.order/create',
    { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], address_id: address, client_request_id: `wxm-${++rid}-${Date.now()}` },
    shopper.token,
  )
  const id = res.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  expect((await s.call('POST', 'personal.takeout/subscribe', { id, results: [{ template_id: TPL, result: 'accept' }] }, shopper.token)).body.code).toBe(1)
  return id
}

interface Row {
  state: string
  attempts: number
  errcode: number | null
  next_attempt_at: number
}
const messageOf = (orderId: number) => s.row<Row>('SELECT state, attempts, errcode, next_attempt_at FROM wechat_messages WHERE order_id = ?', orderId)

/** The send after the answer runs on its own: waits (looks counted, not time) until the message is no longer being sent. */
async function settled(orderId: number, want: (r: Row) => boolean): Promise<Row> {
  for (let look = 0; look < 500; look++) {
    const row = await messageOf(orderId)
    if (want(row)) return row
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`message of order ${orderId} never settled: ${JSON.stringify(await messageOf(orderId))}`)
}

beforeAll(async () => {
  double = await startWechatDouble()
  s = await startServer({ takeoutTemplates: { accepted: TPL, delivering: TPL, refused: null }, wechat: readWechatConfig(double.env()) as WechatConfig, wechatOptions: { timeoutMs: 3000, pollMs: 10, polls: 300 } })
  clock = holdServerClock(OPEN)
  // Signed in on the mini-program: the openid messages go to.
  shopper = await s.login('13700004701', { wx_code: 'mp-shopper-1' })
  staff = (await s.login(staffPhone(1))).token
  const saved = await s.call<{ info: { id: number } }>(
    'POST',
    'personal.address/save',
    { name: '近', mobile: '13600001111', province: '广东省', city: '深圳市', district: '南山区', detail: '近 路 1 号', lat: 22.545, lng: 113.95 },
    shopper.token,
  )
  address = saved.body.data.info.id
})
afterAll(async () => {
  clock?.mockRestore()
  await s.close()
  await double.close()
})

describe('subscription messages through WeChat (a double of subscribe/send)', () => {
  it("the store accepts: the message goes to the shopper's openid once, its fields within WeChat's limits", async () => {
    const id = await paidOrder()
    const openid = (await s.row<{ wx_openid: string }>('SELECT wx_openid FROM users WHERE id = ?', shopper.userId)).wx_openid
    // A shop name over 20 characters: cut, not refused (47003).
    await s.run("UPDATE shops SET name = '一家名字特别特别特别长的深圳南山区科技园分店' WHERE id = 1")
    const sent = double.messages.length
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id }, staff)).body.code).toBe(1)
    expect(await settled(id, (r) => r.state !== 'pending')).toMatchObject({ state: 'sent', attempts: 1 })
    expect(double.messages.slice(sent)).toEqual([
      expect.objectContaining({ touser: openid, template_id: TPL, page: `pages/takeout/orderDetail?id=${id}`, miniprogram_state: 'formal', data: expect.objectContaining({ phrase3: { value: '商家已接单' } }) }),
    ])
    expect(Array.from(double.messages[sent].data.thing2.value)).toHaveLength(20)
    // The sweep sends nothing more: one acceptance, one message.
    await sendDueMessages(s.app.q, (m) => s.app.wechat.miniProgram!.subscribe(m, s.app.log), OPEN + 2 * HOUR)
    expect(double.messages).toHaveLength(sent + 1)
  })

  it('not subscribed (43101): recorded as refused, final, never tried again', async () => {
    const id = await paidOrder()
    double.nextSubscribe(43101)
    const calls = double.subscribeCalls
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id }, staff)).body.code).toBe(1)
    expect(await settled(id, (r) => r.state !== 'pending')).toMatchObject({ state: 'refused', errcode: 43101 })
    expect(double.subscribeCalls - calls).toBe(1)
    expect((await s.call('POST', 'sandbox/sweep', {})).body.code).toBe(1)
    await sendDueMessages(s.app.q, (m) => s.app.wechat.miniProgram!.subscribe(m, s.app.log), OPEN + 24 * HOUR)
    expect(double.subscribeCalls - calls).toBe(1)
  })

  it('an invalid token (40001) is renewed and the message sent; a 5xx is tried again by the sweep after its backoff', async () => {
    const first = await paidOrder()
    double.nextSubscribe(40001)
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: first }, staff)).body.code).toBe(1)
    expect(await settled(first, (r) => r.state !== 'pending')).toMatchObject({ state: 'sent' })

    const second = await paidOrder()
    double.failNext('/cgi-bin/message/subscribe/send', '5xx')
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: second }, staff)).body.code).toBe(1)
    const waiting = await settled(second, (r) => r.attempts === 1 && r.state === 'pending' && r.next_attempt_at > OPEN)
    // Not due yet: the sweep leaves it; due: sent.
    await sendDueMessages(s.app.q, (m) => s.app.wechat.miniProgram!.subscribe(m, s.app.log), waiting.next_attempt_at - 1)
    expect((await messageOf(second)).state).toBe('pending')
    await sendDueMessages(s.app.q, (m) => s.app.wechat.miniProgram!.subscribe(m, s.app.log), waiting.next_attempt_at)
    expect(await messageOf(second)).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('a shopper with no openid (signed in on H5) gets nothing sent: the message is skipped', async () => {
    const h5 = await s.login('13700004702')
    const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '近', mobile: '13600001112', province: '广东省', city: '深圳市', district: '南山区', detail: '近 路 2 号', lat: 22.545, lng: 113.95 }, h5.token)
    const order = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], address_id: saved.body.data.info.id, client_request_id: `wxm-h5b-${Date.now()}` }, h5.token)
    const id = order.body.data.order_info.id
    expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, h5.token)).body.code).toBe(1)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    expect((await s.call('POST', 'personal.takeout/subscribe', { id, results: [{ template_id: TPL, result: 'accept' }] }, h5.token)).body.code).toBe(1)
    const calls = double.subscribeCalls
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id }, staff)).body.code).toBe(1)
    expect(await settled(id, (r) => r.state !== 'pending')).toMatchObject({ state: 'skipped' })
    expect(double.subscribeCalls).toBe(calls)
  })
})
