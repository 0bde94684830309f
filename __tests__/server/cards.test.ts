import type { UserCard } from '../../src/contract/member'
import type { OrderInfo, PriceQuote } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13600000002')).token
})
afterEach(() => s.close())

const SILVER = 1
const GOLD = 2

const quote = (payload: Record<string, unknown>) => s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'card', ...payload }, token)
const myCards = async () => (await s.call<{ list: UserCard[] }>('GET', 'personal.card/index', {}, token)).body.data.list

let n = 0
async function buyCard(cardId: number, extra: Record<string, unknown> = {}) {
  const res = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: cardId, client_request_id: `card-${cardId}-${n++}`, ...extra }, token)
  if (res.body.code !== 1) throw new Error(res.body.msg)
  const order = res.body.data.order_info
  await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, token)
  await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
  return order
}

/** A bill of ¥100 at shop 2: the member discount shows whether a card is active. */
const billQuote = async () => (await s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 2, amount: 10000 }, token)).body.data

describe('buying a card: renewal, upgrade, lower level', () => {
  it('the quote of a first card says it starts now', async () => {
    const q = (await quote({ card_id: SILVER })).body.data
    expect(q.card).toMatchObject({ mode: 'new', replaces: [], credit_amount: 0 })
    expect(q.pay_amount).toBe(9900)
  })

  it('the same level renews: it starts when the current card ends, and the quote said so', async () => {
    await buyCard(SILVER)
    const [first] = await myCards()
    const q = (await quote({ card_id: SILVER })).body.data
    expect(q.card).toMatchObject({ mode: 'renew', start_at: first.end_at, replaces: [] })
    await buyCard(SILVER)
    const [renewal, current] = await myCards()
    expect(renewal).toMatchObject({ start_at: first.end_at, state: 'queued', active: false })
    expect(current).toMatchObject({ id: first.id, state: 'active', end_at: first.end_at })
  })

  it('a higher level upgrades: it starts now, the current card ends now and its remainder is credited', async () => {
    await buyCard(SILVER)
    const q = (await quote({ card_id: GOLD })).body.data
    expect(q.card?.mode).toBe('upgrade')
    expect(q.card?.replaces).toEqual([expect.objectContaining({ name: '银卡' })])
    // In English the quote names the cards in English (the card being bought and the one it ends).
    const en = (await quote({ card_id: GOLD, lang: 'en' })).body.data
    expect(en.card?.replaces).toEqual([expect.objectContaining({ name: 'Silver card' })])
    expect(en.title).toBe('One Card Pass Gold card')
    // Bought a moment ago: almost all of the ¥99 is credited against the ¥199.
    expect(q.card?.credit_amount).toBeGreaterThan(9890)
    expect(q.discount_amount).toBe(q.card?.credit_amount)
    expect(q.pay_amount).toBe(19900 - (q.card?.credit_amount ?? 0))
    await buyCard(GOLD)
    const list = await myCards()
    const gold = list.find((c) => c.name === '金卡') as UserCard
    const silver = list.find((c) => c.name === '银卡') as UserCard
    expect(gold).toMatchObject({ state: 'active', active: true })
    expect(silver).toMatchObject({ state: 'upgraded', active: false })
    expect(silver.end_at <= gold.start_at).toBe(true)
    // Gold's 95 applies to bills now (not silver's 98).
    const bill = await billQuote()
    expect(bill.member_discount_amount).toBe(Math.round(((10000 - bill.discount_amount) * 5) / 100))
  })

  it('a lower level while a higher card is held is refused with what to do', async () => {
    await buyCard(GOLD)
    const res = await quote({ card_id: SILVER })
    expect(res.body).toMatchObject({ code: 0, msg: '你的金卡还在有效期内，不能购买较低等级的银卡；可续费金卡或升级' })
    const create = await s.call('POST', 'personal.order/create', { kind: 'card', card_id: SILVER, client_request_id: 'lower-1' }, token)
    expect(create.body.code).toBe(0)
  })
})

describe('a card whose refund is requested is suspended', () => {
  it('no member discount and state suspended while the refund is asked; active again when the store refuses it', async () => {
    const order = await buyCard(GOLD)
    expect((await billQuote()).member_discount_amount).toBeGreaterThan(0)

    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, token)).body.code).toBe(1)
    expect((await billQuote()).member_discount_amount).toBe(0)
    expect((await myCards())[0]).toMatchObject({ state: 'suspended', active: false })
    const profile = await s.call<{ card: UserCard | null }>('GET', 'personal.user/info', {}, token)
    expect(profile.body.data.card).toBeNull()

    const refused = await s.call<{ status: number }>('POST', 'sandbox/answerRefund', { id: order.id, result: 'refuse' })
    expect(refused.body.data.status).toBe(10)
    expect((await myCards())[0]).toMatchObject({ state: 'active', active: true })
    expect((await billQuote()).member_discount_amount).toBeGreaterThan(0)
    expect((await s.call('POST', 'sandbox/answerRefund', { id: order.id, result: 'refuse' })).body).toMatchObject({ code: 0, msg: '订单不在退款中' })
  })

  it('a queued renewal does not give its discount before it starts', async () => {
    const running = await buyCard(SILVER)
    await buyCard(SILVER)
    // The running card's refund is asked: the renewal behind it has not started, so no discount.
    await s.call('POST', 'personal.order/refund', { id: running.id, reason: '不想要了' }, token)
    expect((await myCards()).map((c) => c.state)).toEqual(['queued', 'suspended'])
    expect((await billQuote()).member_discount_amount).toBe(0)
  })
})

describe('card coupons', () => {
  it('开卡立减 10 元 comes off a card order and is refused on a bill', async () => {
    const claimed = (await s.call<{ coupon: { id: number } }>('POST', 'personal.coupon/claim', { coupon_id: 3 }, token)).body.data.coupon
    const onBill = await s.call('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 2, amount: 20000, coupon_id: claimed.id }, token)
    expect(onBill.body).toMatchObject({ code: 0, msg: '优惠券不适用于此订单' })
    const q = (await quote({ card_id: SILVER, coupon_id: claimed.id })).body.data
    expect(q).toMatchObject({ coupon_amount: 1000, pay_amount: 8900, coupon_id: claimed.id })
    const order = await buyCard(SILVER, { coupon_id: claimed.id })
    expect(order.pay_amount).toBe(8900)
    const used = await s.call<{ list: Array<{ id: number }> }>('GET', 'personal.coupon/index', { tab: 'used' }, token)
    expect(used.body.data.list.map((c) => c.id)).toEqual([claimed.id])
  })
})
