import type { OrderInfo } from '../../src/contract/order'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { fmt, inBusinessZone, nowMs } from '../../server/time'

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13600000001')).token
})
afterEach(() => s.close())

async function buyCard(cardId: number) {
  const order = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: cardId, client_request_id: `card-${cardId}-${Date.now()}` }, token)).body.data.order_info
  await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)
  await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
  return order
}

describe('profile, cards, shops and coupons', () => {
  it('the profile shows the masked-able phone, no card, and order counts; after buying a card it shows the card', async () => {
    const before = await s.call<{ user: { phone: string }; card: unknown; order_counts: { unpaid: number } }>('GET', 'personal.user/info', {}, token)
    expect(before.body.data).toMatchObject({ user: { phone: '13600000001' }, card: null, order_counts: { unpaid: 0, paid: 0 } })
    await buyCard(2)
    const after = await s.call<{ card: { name: string; active: boolean; card_no: string } }>('GET', 'personal.user/info', {}, token)
    expect(after.body.data.card).toMatchObject({ name: '金卡', active: true })
    const cards = await s.call<{ list: Array<{ card_no: string }> }>('GET', 'personal.card/index', {}, token)
    expect(cards.body.data.list.map((c) => c.card_no)).toEqual([after.body.data.card.card_no])
  })

  it('a second card starts when the first ends (no lost days)', async () => {
    await buyCard(1)
    await buyCard(1)
    const cards = await s.call<{ list: Array<{ start_at: string; end_at: string; active: boolean }> }>('GET', 'personal.card/index', {}, token)
    const [later, first] = cards.body.data.list
    expect(later.start_at).toBe(first.end_at)
    expect(later.active).toBe(false)
    expect(first.active).toBe(true)
  })

  it('lists card products with benefits', async () => {
    const res = await s.call<{ list: Array<{ name: string; price: number; benefits: string[] }> }>('GET', 'hui_public.card/index')
    expect(res.body.data.list.map((c) => c.name)).toEqual(['银卡', '金卡', '钻石卡'])
    expect(res.body.data.list[0].benefits.length).toBeGreaterThan(0)
  })

  it('lists discount shops by class and keyword, and reads one', async () => {
    const food = await s.call<{ list: Array<{ class_name: string }>; total: number }>('GET', 'hui_shanghu.shop/index', { class_id: 1 })
    expect(food.body.data.total).toBeGreaterThan(1)
    expect(food.body.data.list.every((x) => x.class_name === '美食')).toBe(true)
    const kw = await s.call<{ list: Array<{ name: string }> }>('GET', 'hui_shanghu.shop/index', { keyword: '川味' })
    expect(kw.body.data.list.map((x) => x.name)).toEqual(['川味小馆'])
    expect((await s.call('GET', 'hui_shanghu.shop/index', { keyword: '%' })).body.data).toMatchObject({ total: 0 })
    expect((await s.call('GET', 'hui_shanghu.shop/read', { id: 1 })).body.data).toMatchObject({ info: { name: '川味小馆', discount_rate: 88 } })
    expect((await s.call('GET', 'hui_shanghu.shop/read', { id: 9999 })).body).toMatchObject({ code: 0, msg: '商家不存在' })
  })

  it('claims a coupon once; it shows as available and is used by a paid order', async () => {
    const first = await s.call<{ coupon: { id: number } }>('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)
    expect(first.body.code).toBe(1)
    expect((await s.call('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)).body.msg).toBe('已领取过该优惠券')
    const claimable = await s.call<{ list: Array<{ id: number; claimed: boolean }> }>('GET', 'hui_public.coupon/index', { shop_id: 1 }, token)
    expect(claimable.body.data.list.find((c) => c.id === 1)?.claimed).toBe(true)
    const order = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 2, amount: 10000, coupon_id: first.body.data.coupon.id, client_request_id: 'with-coupon-1' }, token)).body.data.order_info
    expect(order.coupon_amount).toBe(500)
    await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)
    await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
    const used = await s.call<{ list: Array<{ id: number }> }>('GET', 'personal.coupon/index', { tab: 'used' }, token)
    expect(used.body.data.list.map((c) => c.id)).toEqual([first.body.data.coupon.id])
  })

  it('cancelling an unpaid order gives its coupon back; a paid one cannot be cancelled', async () => {
    const c = (await s.call<{ coupon: { id: number } }>('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)).body.data.coupon
    const order = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 2, amount: 10000, coupon_id: c.id, client_request_id: 'cancel-me-1' }, token)).body.data.order_info
    const cancelled = await s.call<{ info: OrderInfo }>('POST', 'personal.order/cancel', { id: order.id }, token)
    expect(cancelled.body.data.info.order_status).toBe(50)
    const available = await s.call<{ list: Array<{ id: number; status: string }> }>('GET', 'personal.coupon/index', { tab: 'available' }, token)
    expect(available.body.data.list).toEqual([expect.objectContaining({ id: c.id, status: 'available' })])
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, token)).body.msg).toBe('订单当前状态不能取消')
  })

  it('a claimed coupon is good for its days from the claim (coupon 1: 30) on the server’s clock: usable the second before it ends, expired at its end', async () => {
    const t0 = nowMs()
    // The session outlives the month the test moves through.
    await s.run('UPDATE tokens SET expires_at = expires_at + ?', 40 * 86_400_000)
    const held = holdServerClock(t0)
    try {
      const c = (await s.call<{ coupon: { id: number; expires_at: string } }>('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)).body.data.coupon
      const end = inBusinessZone(t0).add(30, 'day')
      expect(c.expires_at).toBe(fmt(end))
      const bill = { kind: 'bill', shop_id: 2, amount: 10000, coupon_id: c.id }
      holdServerClock(end.valueOf() - 1000)
      expect((await s.call('POST', 'personal.order/preCreate', bill, token)).body).toMatchObject({ code: 1, data: { coupon_amount: 500 } })
      holdServerClock(end.valueOf())
      expect((await s.call('POST', 'personal.order/preCreate', bill, token)).body).toMatchObject({ code: 0, reason: 'coupon_unavailable' })
      const expired = await s.call<{ list: Array<{ id: number }> }>('GET', 'personal.coupon/index', { tab: 'expired' }, token)
      expect(expired.body.data.list.map((x) => x.id)).toEqual([c.id])
    } finally {
      held.mockRestore()
    }
  })
})
