import type { CreatePayload, OrderInfo, OrderPayload, PriceQuote } from '../../src/contract/order'
import { TAKEOUT_CAPS } from '../../src/contract/takeoutCart'
import { startServer, type TestServer } from './helpers'

/** preCreate / create payloads are a union on `kind`: each kind carries exactly its fields (and the common ones). */
let s: TestServer
let token: string
let addressId: number
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13700000031')).token
  // Flash-sale sessions follow the clock; make every session "on now" so the product case does not depend on the hour.
  await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
  await s.call('POST', 'personal.address/save', { name: '张三', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, token)
  addressId = (await s.call<{ list: Array<{ id: number }> }>('GET', 'personal.address/index', {}, token)).body.data.list[0].id
})
afterAll(() => s.close())

const preCreate = (payload: Record<string, unknown>) => s.call<PriceQuote>('POST', 'personal.order/preCreate', payload, token)
const create = (payload: Record<string, unknown>) => s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', payload, token)

// Typed as the client builds them: a type error here means the union moved.
const EACH_KIND: OrderPayload[] = [
  { kind: 'card', card_id: 1 },
  { kind: 'bill', shop_id: 1, amount: 10000, undiscounted_amount: 2000 },
  { kind: 'oil', shop_id: 6, amount: 20000, oil_grade: '92#', pump_no: 3 },
  { kind: 'product', product_id: 1, quantity: 1 },
  // Takeout: 茶见奶茶 (open round the clock, 0.7 km from the Futian address) and a dish without options (issue 25).
  { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: 0, remark: '少辣' },
]
const withAddress = (p: OrderPayload): OrderPayload => (p.kind === 'takeout' ? { ...p, address_id: addressId } : p)

describe('each kind with its fields is accepted', () => {
  it.each(EACH_KIND.map((p) => [p.kind, p] as const))('%s: preCreate prices it, create makes the order', async (kind, payload) => {
    const q = await preCreate({ ...withAddress(payload), share_user_user_id: '7' })
    expect([q.body.code, q.body.msg]).toEqual([1, 'ok'])
    expect(q.body.data.kind).toBe(kind)
    const order: CreatePayload = { ...withAddress(payload), client_request_id: `kind-${kind}-1` }
    const made = await create(order)
    expect([made.body.code, made.body.msg]).toEqual([1, 'ok'])
    expect(made.body.data.order_info).toMatchObject({ kind, pay_amount: q.body.data.pay_amount })
  })

  it('a product without quantity is one', async () => {
    const q = await preCreate({ kind: 'product', product_id: 1 })
    const one = await preCreate({ kind: 'product', product_id: 1, quantity: 1 })
    expect(q.body.data).toEqual(one.body.data)
  })
})

describe('a field of another kind is refused (code 0, never a 5xx), naming the field', () => {
  it.each([
    ['bill with card_id', { kind: 'bill', shop_id: 1, amount: 10000, card_id: 1 }, 'card_id — not a field of bill orders'],
    ['card with shop_id and amount', { kind: 'card', card_id: 1, shop_id: 1, amount: 100 }, 'shop_id, amount — not a field of card orders'],
    ['oil with undiscounted_amount', { kind: 'oil', shop_id: 6, amount: 20000, oil_grade: '92#', pump_no: 3, undiscounted_amount: 100 }, 'undiscounted_amount — not a field of oil orders'],
    ['product with shop_id', { kind: 'product', product_id: 1, shop_id: 1 }, 'shop_id — not a field of product orders'],
    ['takeout with pump_no', { kind: 'takeout', shop_id: 1, items: [{ id: 1, quantity: 1 }], address_id: 1, pump_no: 2 }, 'pump_no — not a field of takeout orders'],
    ['bill with a remark', { kind: 'bill', shop_id: 1, amount: 10000, remark: 'hi' }, 'remark — not a field of bill orders'],
  ])('%s', async (_label, payload, msg) => {
    for (const res of [await preCreate(payload), await create({ ...payload, client_request_id: 'foreign-field-1' })]) {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ code: 0, msg: `参数错误：${msg}`, data: null })
    }
  })

  it('client_request_id belongs to create only', async () => {
    expect((await preCreate({ kind: 'card', card_id: 1, client_request_id: 'abcdefgh' })).body).toMatchObject({ code: 0, msg: '参数错误：client_request_id — not a field of card orders' })
  })
})

describe('a missing required field is refused with what to do', () => {
  it.each([
    ['card without card_id', { kind: 'card' }, '请选择会员卡'],
    ['bill without shop_id', { kind: 'bill', amount: 10000 }, '请选择商家'],
    ['bill without amount', { kind: 'bill', shop_id: 1 }, '请输入消费金额'],
    ['bill with amount 0', { kind: 'bill', shop_id: 1, amount: 0 }, '请输入消费金额'],
    ['oil without oil_grade', { kind: 'oil', shop_id: 6, amount: 20000, pump_no: 3 }, '请选择油号'],
    ['oil without pump_no', { kind: 'oil', shop_id: 6, amount: 20000, oil_grade: '92#' }, '请选择油枪号'],
    ['product without product_id', { kind: 'product', quantity: 1 }, '请选择商品'],
    ['takeout without items', { kind: 'takeout', shop_id: 1, address_id: 1 }, '购物车是空的'],
    ['takeout with no items', { kind: 'takeout', shop_id: 1, items: [], address_id: 1 }, '购物车是空的'],
    ['takeout without address_id', { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }] }, '请选择收货地址'],
    ['no kind', { shop_id: 1, amount: 100 }, "参数错误：kind — Invalid discriminator value. Expected 'card' | 'bill' | 'oil' | 'product' | 'takeout'"],
    ['an unknown kind', { kind: 'gift', shop_id: 1 }, "参数错误：kind — Invalid discriminator value. Expected 'card' | 'bill' | 'oil' | 'product' | 'takeout'"],
  ])('%s', async (_label, payload, msg) => {
    for (const res of [await preCreate(payload), await create({ ...payload, client_request_id: 'missing-field-1' })]) {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ code: 0, msg, data: null })
    }
  })

  it('create without client_request_id', async () => {
    expect((await create({ kind: 'card', card_id: 1 })).body).toMatchObject({ code: 0, msg: '参数错误：client_request_id is required' })
  })
})

describe('the client cannot build a payload of mixed kinds (type-checked)', () => {
  it('foreign and missing fields do not compile', () => {
    const payloads: OrderPayload[] = [
      // @ts-expect-error a bill has no card_id
      { kind: 'bill', shop_id: 1, amount: 100, card_id: 1 },
      // @ts-expect-error a bill needs its amount
      { kind: 'bill', shop_id: 1 },
      // @ts-expect-error an oil order needs grade and pump
      { kind: 'oil', shop_id: 6, amount: 100 },
      // @ts-expect-error takeout needs its dishes (the address only for delivery: the server refuses its absence)
      { kind: 'takeout', shop_id: 1 },
    ]
    const noRequestId: CreatePayload[] = [
      // @ts-expect-error create needs client_request_id
      { kind: 'card', card_id: 1 },
    ]
    expect(payloads.length + noRequestId.length).toBe(5)
  })
})

describe('amounts and quantities out of bounds are refused before anything is priced (code 0, no order)', () => {
  it.each([
    // A negative part "no discount applies to" would widen the discounted part past the bill.
    ['a bill with a negative undiscounted part', () => ({ kind: 'bill', shop_id: 1, amount: 10000, undiscounted_amount: -5000 }), 'undiscounted_amount'],
    ['takeout, 100 of a dish', () => ({ kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 100 }], address_id: addressId }), 'items.0.quantity'],
  ])('%s', async (_label, payloadOf, field) => {
    const payload = payloadOf()
    for (const res of [await preCreate(payload), await create({ ...payload, client_request_id: `out-of-bounds-${field}` })]) {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ code: 0, msg: expect.stringContaining(`参数错误：${field}`), data: null })
    }
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE client_request_id = ?', `out-of-bounds-${field}`)).n).toBe(0)
  })
})

describe('takeout quantities (issue 43): lines of one dish and options are one line, capped per dish and per order', () => {
  const takeout = (items: Array<{ id: number; quantity: number; option_ids?: number[] }>) => ({ kind: 'takeout', shop_id: 19, items, address_id: addressId })

  it("the issue's repro: 50 lines of one dish × 99 are refused, priced at nothing, with the dish's cap in the shopper's words", async () => {
    const payload = takeout(Array.from({ length: 50 }, () => ({ id: 32, quantity: 99 })))
    const quote = await preCreate(payload)
    expect(quote.body).toMatchObject({ code: 0, reason: 'takeout_dish_limit', params: { name: '芒果班戟', max: TAKEOUT_CAPS.perDish }, msg: `芒果班戟每单最多 ${TAKEOUT_CAPS.perDish} 份`, data: null })
    const made = await create({ ...payload, client_request_id: 'caps-repro-1' })
    expect(made.body).toMatchObject({ code: 0, reason: 'takeout_dish_limit' })
    expect((await s.rows('SELECT 1 FROM orders WHERE client_request_id = ?', 'caps-repro-1')).length).toBe(0)
  })

  it('the cap is per dish across its options; the order holds at most 200 pieces', async () => {
    // 杨枝甘露 (dish 30) in a medium and a large cup: 60 + 40 of one dish.
    const [medium, large] = (await s.rows<{ id: number }>("SELECT o.id FROM dish_options o JOIN dish_option_groups g ON g.id = o.group_id WHERE g.dish_id = 30 ORDER BY o.sort")).map((r) => r.id)
    const split = await preCreate(takeout([{ id: 30, quantity: 60, option_ids: [medium] }, { id: 30, quantity: 40, option_ids: [large] }]))
    expect(split.body).toMatchObject({ code: 0, reason: 'takeout_dish_limit', params: { name: '杨枝甘露', max: TAKEOUT_CAPS.perDish } })
    expect((await preCreate(takeout([{ id: 30, quantity: 59, option_ids: [medium] }, { id: 30, quantity: 40, option_ids: [large] }]))).body.code).toBe(1)
    // 99 + 99 + 3 pieces of three dishes: over the order's 200.
    const many = await preCreate(takeout([{ id: 32, quantity: 99 }, { id: 30, quantity: 99, option_ids: [medium] }, { id: 31, quantity: 3, option_ids: (await s.rows<{ id: number }>("SELECT o.id FROM dish_options o JOIN dish_option_groups g ON g.id = o.group_id WHERE g.dish_id = 31 ORDER BY o.sort LIMIT 1")).map((r) => r.id) }]))
    expect(many.body).toMatchObject({ code: 0, reason: 'takeout_order_too_many', params: { max: TAKEOUT_CAPS.items }, msg: `一单最多 ${TAKEOUT_CAPS.items} 份，请分开下单` })
  })

  it('the same dish and options sent on several lines (options in any order) are one line of the order, priced as one', async () => {
    const sugar = (await s.rows<{ id: number }>("SELECT o.id FROM dish_options o JOIN dish_option_groups g ON g.id = o.group_id WHERE g.dish_id = 29 ORDER BY g.sort, o.sort")).map((r) => r.id)
    const groups = await s.rows<{ gid: number; oid: number }>("SELECT g.id AS gid, o.id AS oid FROM dish_option_groups g JOIN dish_options o ON o.group_id = g.id WHERE g.dish_id = 29 AND g.required = 1 ORDER BY g.sort, o.sort")
    const firstOfEach = [...new Map(groups.map((r) => [r.gid, r.oid])).values()]
    expect(sugar.length).toBeGreaterThan(0)
    const lines = [
      { id: 29, quantity: 2, option_ids: firstOfEach },
      { id: 32, quantity: 1 },
      { id: 29, quantity: 3, option_ids: [...firstOfEach].reverse() },
    ]
    const one = await preCreate(takeout([{ id: 29, quantity: 5, option_ids: firstOfEach }, { id: 32, quantity: 1 }]))
    const split = await preCreate(takeout(lines))
    expect(split.body.code).toBe(1)
    expect(split.body.data.pay_amount).toBe(one.body.data.pay_amount)
    const made = await create({ ...takeout(lines), client_request_id: 'caps-merge-1' })
    expect(made.body.code).toBe(1)
    const detail = JSON.parse((await s.row<{ detail: string }>('SELECT detail FROM orders WHERE id = ?', made.body.data.order_info.id)).detail) as { items: Array<{ id: number; quantity: number }> }
    expect(detail.items.map((i) => [i.id, i.quantity])).toEqual([
      [29, 5],
      [32, 1],
    ])
    await s.call('POST', 'personal.order/cancel', { id: made.body.data.order_info.id }, token)
  })
})
