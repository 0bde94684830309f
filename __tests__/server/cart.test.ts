/**
 * The micro mall's cart (issue 24): lines kept on the server per shopper (add merges a spec into its line, capped to
 * the stock, the per-order limit and CART_LINE_MAX; set; remove), only ever the shopper's own; stock changes shown
 * on the lines. Checked out per store in ONE mall order (kind product, source mall, `items`): each line priced,
 * one shipping fee, stock taken per spec at create (all or nothing), the lines leave the cart only then; cancel
 * gives every line's stock back. Parallel checkouts over real sockets never oversell a spec. Issue 39: each line at what
 * this shopper pays (the member price with an active card, as the checkout prices it), lines ticked as they arrive and
 * the ticks kept on the server within one store, the ticked total the server's; one unpaid order of the same goods.
 */
import { CART_MAX_LINES, type CartAddAnswer, type CartAnswer } from '../../src/contract/mallCart'
import type { OrderInfo, PriceQuote } from '../../src/contract/order'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

let s: TestServer
let shopper: { token: string; userId: number }
let addressId: number
let n = 0
const newId = () => `cart-${process.pid}-${n++}`

beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700002401')
  const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }, shopper.token)
  addressId = saved.body.data.info.id
})
afterAll(() => s.close())

const stockOf = async (specId: number) => (await s.row<{ stock: number }>('SELECT stock FROM mall_specs WHERE id = ?', specId)).stock
const setStock = (specId: number, stock: number) => s.run('UPDATE mall_specs SET stock = ? WHERE id = ?', stock, specId)
const cartOf = async (token = shopper.token) => (await s.call<CartAnswer>('GET', 'personal.mall_cart/index', {}, token)).body
const add = (product_id: number, spec_id: number, quantity: number, token = shopper.token) => s.call<CartAddAnswer>('POST', 'personal.mall_cart/add', { product_id, spec_id, quantity }, token)
const reasonOf = (answer: { body: unknown }) => (answer.body as { reason?: string }).reason
const lineOf = (cart: CartAnswer, specId: number) => cart.stores.flatMap((g) => g.lines).find((l) => l.spec_id === specId)
const clear = async (token = shopper.token) => {
  const ids = (await cartOf(token)).data.stores.flatMap((g) => g.lines.map((l) => l.id))
  if (ids.length > 0) await s.call('POST', 'personal.mall_cart/remove', { ids }, token)
}
const order = (path: 'preCreate' | 'create', payload: Record<string, unknown>, token = shopper.token) =>
  s.call<PriceQuote & { order_info: OrderInfo }>('POST', `personal.order/${path}`, { kind: 'product', source: 'mall', ...(path === 'create' ? { client_request_id: newId() } : {}), ...payload }, token)

describe('the cart', () => {
  beforeEach(() => clear())

  it('signed out: login needed (code -1)', async () => {
    expect((await s.call('GET', 'personal.mall_cart/index')).body.code).toBe(-1)
    expect((await s.call('POST', 'personal.mall_cart/add', { product_id: 1, spec_id: 11, quantity: 1 })).body.code).toBe(-1)
  })

  it('adding a spec again adds to its line; capped to the per-order limit and the stock, saying so', async () => {
    const first = (await add(1, 11, 2)).body
    expect(first.code).toBe(1)
    expect(first.data.added).toMatchObject({ quantity: 2, capped: false })
    const again = (await add(1, 11, 2)).body.data
    expect(again.added).toMatchObject({ line_id: first.data.added.line_id, quantity: 4, capped: false })
    expect(again.stores.flatMap((g) => g.lines)).toHaveLength(1)
    // Product 1 allows 5 per order: 4 + 3 is brought down to 5.
    const capped = (await add(1, 11, 3)).body.data
    expect(capped.added).toMatchObject({ quantity: 5, capped: true })
    expect(capped.count).toBe(5)
    // Full: another add is refused with what is left.
    const full = (await add(1, 11, 1)).body
    expect(full).toMatchObject({ code: 0, reason: 'cart_item_stock_left' })
    // The stock caps it too (3 left of 5-斤装 10 斤礼盒).
    await setStock(12, 3)
    expect((await add(1, 12, 5)).body.data.added).toMatchObject({ quantity: 3, capped: true })
    await setStock(12, 60)
  })

  it('lines grouped by store with the current price and stock; sold out, off sale and over stock read on the lines', async () => {
    await add(1, 11, 2)
    await add(2, 21, 1)
    await add(9, 91, 1)
    let cart = (await cartOf()).data
    expect(cart.stores.map((g) => g.store.id)).toEqual([5, 8])
    expect(cart.stores[1]).toMatchObject({ store: { id: 8, name: '好邻居便利', address: expect.any(String) }, shipping_fee: 1000 })
    expect(lineOf(cart, 21)).toMatchObject({ name: '智利冰鲜三文鱼', spec_name: '300 g', price: 5990, member_price: 5490, quantity: 1, stock: 40, max: 3, sold_out: false, off_sale: false, over_stock: false })
    expect(cart.count).toBe(4)
    // Stock moves and a product goes off sale: the cart shows it.
    await setStock(11, 1)
    await setStock(21, 0)
    await s.run('UPDATE mall_products SET on_sale = 0 WHERE id = 9')
    await s.run('UPDATE mall_specs SET price = 4190 WHERE id = 11')
    cart = (await cartOf()).data
    expect(lineOf(cart, 11)).toMatchObject({ price: 4190, stock: 1, max: 1, over_stock: true, sold_out: false })
    expect(lineOf(cart, 21)).toMatchObject({ sold_out: true, max: 0 })
    expect(lineOf(cart, 91)).toMatchObject({ off_sale: true })
    expect((await add(9, 91, 1)).body).toMatchObject({ code: 0, reason: 'product_off_sale' })
    expect((await add(2, 21, 1)).body).toMatchObject({ code: 0, reason: 'spec_sold_out' })
    await s.run('UPDATE mall_products SET on_sale = 1 WHERE id = 9')
    await s.run('UPDATE mall_specs SET price = 3990 WHERE id = 11')
    await setStock(11, 120)
    await setStock(21, 40)
  })

  it("the badge's count: the pieces of every line, as the cart counts them; only the shopper's own; signed out, login needed", async () => {
    const countOf = async (token = shopper.token) => (await s.call<{ count: number }>('GET', 'personal.mall_cart/count', {}, token)).body
    expect((await countOf()).data).toEqual({ count: 0 })
    await add(1, 11, 2)
    await add(2, 21, 1)
    expect((await countOf()).data).toEqual({ count: (await cartOf()).data.count })
    expect((await countOf()).data.count).toBe(3)
    const other = await s.login('13700002419')
    expect((await countOf(other.token)).data).toEqual({ count: 0 })
    expect((await s.call('GET', 'personal.mall_cart/count')).body.code).toBe(-1)
  })

  it('set quantity (brought down to what the line can hold) and remove', async () => {
    const id = (await add(3, 31, 1)).body.data.added.line_id
    expect(lineOf((await s.call<CartAnswer>('POST', 'personal.mall_cart/setQuantity', { id, quantity: 4 }, shopper.token)).body.data, 31)?.quantity).toBe(4)
    expect(lineOf((await s.call<CartAnswer>('POST', 'personal.mall_cart/setQuantity', { id, quantity: 9 }, shopper.token)).body.data, 31)?.quantity).toBe(5)
    const removed = (await s.call<CartAnswer>('POST', 'personal.mall_cart/remove', { ids: [id] }, shopper.token)).body.data
    expect(removed).toMatchObject({ stores: [], count: 0, checked: null, unpaid_orders: [] })
    for (const bad of [{ id, quantity: 0 }, { id, quantity: 'x' }, { quantity: 1 }]) {
      const r = await s.call('POST', 'personal.mall_cart/setQuantity', bad, shopper.token)
      expect(r.status).toBeLessThan(500)
      expect(r.body.code).toBe(0)
    }
    expect((await s.call('POST', 'personal.mall_cart/setQuantity', { id, quantity: 1 }, shopper.token)).body).toMatchObject({ code: 0, reason: 'cart_line_not_found' })
  })

  it('another shopper can neither see nor change my lines', async () => {
    const mine = (await add(4, 41, 2)).body.data.added.line_id
    const other = await s.login('13700002402')
    expect((await cartOf(other.token)).data).toMatchObject({ stores: [], count: 0, checked: null, unpaid_orders: [] })
    expect((await s.call('POST', 'personal.mall_cart/setQuantity', { id: mine, quantity: 1 }, other.token)).body).toMatchObject({ code: 0, reason: 'cart_line_not_found' })
    expect((await s.call<CartAnswer>('POST', 'personal.mall_cart/remove', { ids: [mine] }, other.token)).body.data.count).toBe(0)
    expect(lineOf((await cartOf()).data, 41)?.quantity).toBe(2)
  })

  it('a deleted account’s cart goes with it', async () => {
    const leaving = await s.login('13700002404')
    await add(1, 11, 1, leaving.token)
    const lines = async () => (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM cart_lines WHERE user_id = ?', leaving.userId)).n
    expect(await lines()).toBe(1)
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, leaving.token)).body.code).toBe(1)
    expect(await lines()).toBe(0)
  })

  it(`a cart holds at most ${CART_MAX_LINES} lines: a new spec past them is refused (cart_full), more of a spec already held is not`, async () => {
    const full = await s.login('13700002405')
    // 草莓味软糖 (product 8) in as many flavours as the cart holds, one line each.
    const specs = Array.from({ length: CART_MAX_LINES }, (_, i) => 8001 + i)
    for (const id of specs) await s.run("INSERT INTO mall_specs (id, product_id, name, price, member_price, stock, total_stock, sort) VALUES (?, 8, ?, 1990, 1790, 50, 50, ?)", id, `口味 ${id}`, id)
    for (const id of specs) await s.run('INSERT INTO cart_lines (user_id, product_id, spec_id, quantity, added_at) VALUES (?, 8, ?, 1, ?)', full.userId, id, nowMs())
    expect((await add(8, 81, 1, full.token)).body).toMatchObject({ code: 0, reason: 'cart_full', params: { max: CART_MAX_LINES } })
    expect((await add(8, specs[0], 1, full.token)).body.data.added).toMatchObject({ quantity: 2, capped: false })
    const cart = (await cartOf(full.token)).data
    expect([cart.stores.flatMap((g) => g.lines).length, lineOf(cart, 81)]).toEqual([CART_MAX_LINES, undefined])
    await s.run('DELETE FROM cart_lines WHERE user_id = ?', full.userId)
    await s.run(`DELETE FROM mall_specs WHERE id >= 8001 AND id <= ${8000 + CART_MAX_LINES}`)
  })
})

/** A shopper with an active membership card (silver, bought and paid in the sandbox). */
async function member(phoneNo: string) {
  const who = await s.login(phoneNo)
  const card = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 1, client_request_id: newId() }, who.token)).body.data.order_info
  await s.call('POST', 'personal.order/payparam', { id: card.id, platform: 'h5', pay_channel: 6 }, who.token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id: card.id, result: 'success' })).body.code).toBe(1)
  return who
}
const check = (ids: number[], checked: boolean, token = shopper.token) => s.call<CartAnswer>('POST', 'personal.mall_cart/check', { ids, checked }, token)
const checkedIds = (cart: CartAnswer) => cart.stores.flatMap((g) => g.lines.filter((l) => l.checked).map((l) => l.spec_id))

describe('what the cart shows (issue 39): the price this shopper pays, lines ticked as they arrive', () => {
  beforeEach(() => clear())

  it('a card holder’s lines read the member price, and the ticked total is what the checkout charges for the goods', async () => {
    const m = await member('13700003901')
    await add(5, 51, 1, m.token)
    const cart = (await add(6, 61, 2, m.token)).body.data
    expect(cart.member).toBe(true)
    // 每日坚果 原味 30 包: ¥89.90, members ¥79.90 — the cart says ¥79.90, as the checkout will.
    expect(lineOf(cart, 51)).toMatchObject({ price: 8990, member_price: 7990, unit_price: 7990, checked: true })
    expect(lineOf(cart, 61)).toMatchObject({ price: 4990, member_price: 4490, unit_price: 4490, checked: true })
    expect(cart.checked).toEqual({ store_id: 8, lines: 2, pieces: 3, amount: 7990 + 2 * 4490 })
    const items = [{ product_id: 5, spec_id: 51, quantity: 1 }, { product_id: 6, spec_id: 61, quantity: 2 }]
    const q = (await order('preCreate', { items, delivery: 'pickup' }, m.token)).body.data
    expect(q.original_amount - q.member_discount_amount).toBe(cart.checked?.amount)
    // Without a card: the price.
    const plain = (await add(5, 51, 1)).body.data
    expect(plain.member).toBe(false)
    expect(lineOf(plain, 51)).toMatchObject({ unit_price: 8990, checked: true })
    expect(plain.checked).toEqual({ store_id: 8, lines: 1, pieces: 1, amount: 8990 })
  })

  it('a line arrives ticked and the ticks stay within one store; kept on the server; a line that cannot be bought is not ticked', async () => {
    await add(1, 11, 2)
    let cart: CartAnswer = (await add(2, 21, 1)).body.data
    expect(checkedIds(cart).sort()).toEqual([11, 21])
    expect(cart.checked).toMatchObject({ store_id: 8, lines: 2, pieces: 3, amount: 2 * 3990 + 5990 })
    // A line of another store arrives ticked: the first store's lines are unticked (checkout is one store's order).
    cart = (await add(9, 91, 1)).body.data
    expect(checkedIds(cart)).toEqual([91])
    expect(cart.checked).toMatchObject({ store_id: 5, lines: 1, pieces: 1 })
    const idOf = (c: CartAnswer, spec: number) => lineOf(c, spec)?.id as number
    // Ticking store 8's lines again unticks store 5's.
    cart = (await check([idOf(cart, 11), idOf(cart, 21)], true)).body.data
    expect(checkedIds(cart).sort()).toEqual([11, 21])
    cart = (await check([idOf(cart, 21)], false)).body.data
    expect(checkedIds(cart)).toEqual([11])
    expect(cart.checked).toMatchObject({ store_id: 8, lines: 1, pieces: 2, amount: 2 * 3990 })
    // Kept: read again (another device) the same.
    expect(checkedIds((await cartOf()).data)).toEqual([11])
    // Lines of two stores at once: refused, nothing changes.
    expect(reasonOf(await check([idOf(cart, 11), idOf(cart, 91)], true))).toBe('cart_check_one_store')
    expect(checkedIds((await cartOf()).data)).toEqual([11])
    // Sold out: not ticked and not counted; ticked again once it is back.
    await setStock(11, 0)
    cart = (await cartOf()).data
    expect(lineOf(cart, 11)).toMatchObject({ sold_out: true, checked: false })
    expect(cart.checked).toBeNull()
    await setStock(11, 120)
    expect(checkedIds((await cartOf()).data)).toEqual([11])
    // Adding to a line that is there ticks it again.
    cart = (await add(2, 21, 1)).body.data
    expect(checkedIds(cart).sort()).toEqual([11, 21])
    // Another shopper's ids are ignored.
    const other = await s.login('13700003902')
    expect((await check([idOf(cart, 11)], false, other.token)).body.code).toBe(1)
    expect(checkedIds((await cartOf()).data).sort()).toEqual([11, 21])
    for (const bad of [{ ids: [], checked: true }, { ids: [idOf(cart, 11)] }, { ids: ['x'], checked: false }]) {
      const r = await s.call('POST', 'personal.mall_cart/check', bad, shopper.token)
      expect([r.status < 500, r.body.code]).toEqual([true, 0])
    }
  })
})

describe('one unpaid order of the same goods (issue 39): back from the cashier, Pay again makes no second order', () => {
  beforeEach(() => clear())
  const orderCount = async (token = shopper.token) => (await s.call<{ total: number }>('GET', 'personal.order/index', { tab: 'unpaid', kind: 'product', page: 1, page_size: 20 }, token)).body.data.total

  it('the same checkout again answers the unpaid order; other goods that overlap are refused with it; cancelled, a new order is made', async () => {
    await add(3, 31, 2)
    await add(5, 51, 1)
    const items = [{ product_id: 3, spec_id: 31, quantity: 2 }, { product_id: 5, spec_id: 51, quantity: 1 }]
    const before = [await stockOf(31), await stockOf(51)]
    const unpaidBefore = await orderCount()
    const first = (await order('create', { items, delivery: 'pickup' })).body.data.order_info
    expect(first.order_status).toBe(0)
    // The lines left the cart; the cart says the unpaid order made from it.
    const cart = (await cartOf()).data
    expect(cart.count).toBe(0)
    expect(cart.unpaid_orders.map((o) => [o.id, o.pay_amount])).toEqual([[first.id, first.pay_amount]])
    // Back from the cashier, Pay again (a new request id, the same goods, delivery and coupon): the same order.
    const again = (await order('create', { items, delivery: 'pickup' })).body
    expect([again.code, again.data.order_info.id]).toEqual([1, first.id])
    expect(await orderCount()).toBe(unpaidBefore + 1)
    expect([await stockOf(31), await stockOf(51)]).toEqual([before[0] - 2, before[1] - 1])
    // The quote of those goods says it, with the order to pay or cancel.
    const quoted = (await order('preCreate', { items, delivery: 'pickup' })).body as unknown as { code: number; reason?: string; msg: string; data: { order: OrderInfo } }
    expect([quoted.code, quoted.reason, quoted.data.order.id]).toEqual([0, 'order_unpaid_same_goods', first.id])
    expect(quoted.msg).toBe(`这些商品已有一笔待付款订单（¥${(first.pay_amount / 100).toFixed(2)}），请先支付或取消`)
    // The same goods otherwise (shipped, not picked up), or one of them bought now: refused, no second order.
    for (const payload of [{ items, delivery: 'ship', address_id: addressId }, { product_id: 3, spec_id: 31, quantity: 1, delivery: 'pickup' }]) {
      const r = (await order('create', payload)).body as unknown as { reason?: string; data: { order: OrderInfo } }
      expect([r.reason, r.data.order.id]).toEqual(['order_unpaid_same_goods', first.id])
    }
    expect(await orderCount()).toBe(unpaidBefore + 1)
    // Goods it does not hold: ordered as usual; another shopper is not concerned.
    expect((await order('preCreate', { product_id: 7, spec_id: 71, quantity: 1, delivery: 'pickup' })).body.code).toBe(1)
    const other = await s.login('13700003903')
    expect((await order('preCreate', { items, delivery: 'pickup' }, other.token)).body.code).toBe(1)
    // Cancelled: the goods can be ordered again, a new order.
    expect((await s.call('POST', 'personal.order/cancel', { id: first.id }, shopper.token)).body.code).toBe(1)
    expect((await cartOf()).data.unpaid_orders).toEqual([])
    const next = (await order('create', { items, delivery: 'pickup' })).body.data.order_info
    expect(next.id).not.toBe(first.id)
    await s.call('POST', 'personal.order/cancel', { id: next.id }, shopper.token)
  })

  it('a paid order, or an unpaid one past its time, holds nothing back', async () => {
    const items = [{ product_id: 8, spec_id: 81, quantity: 1 }]
    const paid = (await order('create', { items, delivery: 'pickup' })).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: paid.id, platform: 'h5', pay_channel: 6 }, shopper.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: paid.id, result: 'success' })).body.code).toBe(1)
    const late = (await order('create', { items, delivery: 'pickup' })).body.data.order_info
    expect(late.id).not.toBe(paid.id)
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1000, late.id)
    expect((await order('preCreate', { items, delivery: 'pickup' })).body.code).toBe(1)
    expect((await cartOf()).data.unpaid_orders).toEqual([])
  })
})

describe('checking out a store’s lines in one order', () => {
  beforeEach(() => clear())

  it('each line priced, one shipping fee, stock taken per spec at create, the lines leave the cart then (not at the quote)', async () => {
    await add(1, 11, 2)
    await add(2, 21, 1)
    await add(9, 91, 1) // another store's line stays
    const items = [
      { product_id: 1, spec_id: 11, quantity: 2 },
      { product_id: 2, spec_id: 21, quantity: 1 },
    ]
    const q = (await order('preCreate', { items, delivery: 'ship', address_id: addressId })).body
    expect(q.code).toBe(1)
    expect(q.data).toMatchObject({ original_amount: 2 * 3990 + 5990, fee_amount: 1000, pay_amount: 2 * 3990 + 5990 + 1000, lines: [{ label: '运费', amount: 1000 }] })
    expect((await cartOf()).data.count).toBe(4)
    const before = [await stockOf(11), await stockOf(21)]
    const created = (await order('create', { items, delivery: 'ship', address_id: addressId })).body
    expect(created.code).toBe(1)
    const info = created.data.order_info
    expect(info).toMatchObject({ kind: 'product', shop_id: 8, title: '赣南脐橙 等 3 件', pay_amount: 14970, fee_amount: 1000, delivery: { mode: 'ship' } })
    expect(info.lines).toEqual([
      { name: '赣南脐橙', spec: '5 斤装', quantity: 2, price: 3990, image: '/assets/img/mall-1.svg' },
      { name: '智利冰鲜三文鱼', spec: '300 g', quantity: 1, price: 5990, image: '/assets/img/mall-2.svg' },
    ])
    expect([await stockOf(11), await stockOf(21)]).toEqual([before[0] - 2, before[1] - 1])
    const cart = (await cartOf()).data
    expect(cart.stores.map((g) => g.store.id)).toEqual([5])
    const en = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: info.id, lang: 'en' }, shopper.token)).body.data.info
    expect(en.title).toBe('赣南脐橙 and 1 more (3 items)')
    // Cancelled: every line's stock goes back to its spec.
    expect((await s.call('POST', 'personal.order/cancel', { id: info.id }, shopper.token)).body.code).toBe(1)
    expect([await stockOf(11), await stockOf(21)]).toEqual(before)
  })

  it('one shipping fee per order: the highest of its products’ fees (one parcel), not one per line', async () => {
    await s.run('UPDATE mall_products SET shipping_fee = 800 WHERE id = 3')
    const items = [
      { product_id: 2, spec_id: 21, quantity: 2 },
      { product_id: 3, spec_id: 31, quantity: 1 },
    ]
    const q = (await order('preCreate', { items, delivery: 'ship', address_id: addressId })).body.data
    expect(q).toMatchObject({ original_amount: 2 * 5990 + 2990, fee_amount: 1000, pay_amount: 2 * 5990 + 2990 + 1000 })
    await add(2, 21, 1)
    await add(3, 31, 1)
    expect((await cartOf()).data.stores[0].shipping_fee).toBe(1000)
    await s.run('UPDATE mall_products SET shipping_fee = 0 WHERE id = 3')
  })

  it('the mall coupon counts the whole order’s spend; a card holder pays each line’s member price', async () => {
    expect((await s.call('POST', 'personal.coupon/claim', { coupon_id: 4 }, shopper.token)).body.code).toBe(1)
    const mine = (await s.call<{ list: Array<{ id: number; coupon_id: number }> }>('GET', 'personal.coupon/index', { tab: 'available' }, shopper.token)).body.data.list.find((c) => c.coupon_id === 4)
    const couponId = mine?.id as number
    // ¥39.90 alone is below its ¥50 minimum; with a ¥29.90 line the order reaches it.
    expect(reasonOf(await order('preCreate', { items: [{ product_id: 1, spec_id: 11, quantity: 1 }], delivery: 'pickup', coupon_id: couponId }))).toBe('coupon_min_spend')
    const both = [{ product_id: 1, spec_id: 11, quantity: 1 }, { product_id: 3, spec_id: 31, quantity: 1 }]
    expect((await order('preCreate', { items: both, delivery: 'pickup', coupon_id: couponId })).body.data).toMatchObject({ original_amount: 6980, coupon_amount: 800, fee_amount: 0, pay_amount: 6180 })
    const member = await s.login('13700002403')
    const card = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 1, client_request_id: newId() }, member.token)).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: card.id, platform: 'h5', pay_channel: 6 }, member.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: card.id, result: 'success' })).body.code).toBe(1)
    expect((await order('preCreate', { items: both, delivery: 'pickup' }, member.token)).body.data).toMatchObject({ original_amount: 6980, member_discount_amount: 700, pay_amount: 6280 })
  })

  it('refused: two stores, off sale, over the stock or the limit of a line (naming it), pickup where one product does not allow it, both items and product_id', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ items: [{ product_id: 1, spec_id: 11, quantity: 1 }, { product_id: 9, spec_id: 91, quantity: 1 }], delivery: 'ship', address_id: addressId }, 'order_items_one_store'],
      [{ items: [{ product_id: 1, spec_id: 11, quantity: 3 }, { product_id: 1, spec_id: 12, quantity: 3 }], delivery: 'ship', address_id: addressId }, 'cart_item_limit'],
      [{ items: [{ product_id: 2, spec_id: 22, quantity: 1 }], delivery: 'ship', address_id: addressId }, 'cart_item_sold_out'],
      [{ items: [{ product_id: 1, spec_id: 11, quantity: 1 }, { product_id: 2, spec_id: 21, quantity: 1 }], delivery: 'pickup' }, 'pickup_not_offered'],
      [{ items: [{ product_id: 1, spec_id: 11, quantity: 1 }], product_id: 1, delivery: 'ship', address_id: addressId }, 'order_items_or_product'],
      [{ items: [], delivery: 'ship', address_id: addressId }, 'cart_empty'],
    ]
    for (const [payload, reason] of cases) expect([payload, reasonOf(await order('preCreate', payload))]).toEqual([payload, reason])
    await setStock(12, 1)
    const short = (await order('preCreate', { items: [{ product_id: 1, spec_id: 12, quantity: 2 }], delivery: 'ship', address_id: addressId })).body
    expect(short).toMatchObject({ reason: 'cart_item_stock_left', msg: '赣南脐橙（10 斤礼盒）库存仅剩 1 件' })
    await setStock(12, 60)
    await s.run('UPDATE mall_products SET on_sale = 0 WHERE id = 3')
    expect(reasonOf(await order('preCreate', { items: [{ product_id: 3, spec_id: 31, quantity: 1 }], delivery: 'ship', address_id: addressId }))).toBe('product_off_sale')
    await s.run('UPDATE mall_products SET on_sale = 1 WHERE id = 3')
  })

  it('a paid cart order refunded (the store approves, the provider refunds) gives every line’s stock back', async () => {
    const before = [await stockOf(51), await stockOf(52)]
    const created = (await order('create', { items: [{ product_id: 5, spec_id: 51, quantity: 1 }, { product_id: 5, spec_id: 52, quantity: 2 }], delivery: 'pickup' })).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: created.id, platform: 'h5', pay_channel: 6 }, shopper.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: created.id, result: 'success' })).body.code).toBe(1)
    expect([await stockOf(51), await stockOf(52)]).toEqual([before[0] - 1, before[1] - 2])
    expect((await s.call('POST', 'personal.order/refund', { id: created.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    const staff = await s.login(staffPhone(8))
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: created.id }, staff.token)).body.code).toBe(1)
    const status = async () => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: created.id }, shopper.token)).body.data.info.order_status
    const deadline = Date.now() + 5000
    while (Date.now() < deadline && (await status()) !== 70) await new Promise((r) => setImmediate(r))
    expect(await status()).toBe(70)
    expect([await stockOf(51), await stockOf(52)]).toEqual(before)
  })

  it('the expiry gives every line’s stock back too', async () => {
    const before = [await stockOf(71), await stockOf(72)]
    const info = (await order('create', { items: [{ product_id: 7, spec_id: 71, quantity: 2 }, { product_id: 7, spec_id: 72, quantity: 1 }], delivery: 'pickup' })).body.data.order_info
    expect([await stockOf(71), await stockOf(72)]).toEqual([before[0] - 2, before[1] - 1])
    await s.run('UPDATE orders SET expire_at = ? WHERE id = ?', nowMs() - 1000, info.id)
    // An order past its time reads as cancelled; the sweep cancels it (server/domain/orders.ts cancelExpired) and gives the stock back.
    expect((await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: info.id }, shopper.token)).body.data.info.order_status).toBe(50)
    await s.call('POST', 'sandbox/sweep', {})
    expect([await stockOf(71), await stockOf(72)]).toEqual(before)
  })
})
