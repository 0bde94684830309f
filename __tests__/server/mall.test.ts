/**
 * The micro mall's server (issue 14): the catalogue (categories, products by category / special / name, one
 * product with its specs, a special, the gallery), and mall orders — spec, quantity bounds, ship to the shopper's
 * own address or pick up where allowed, member price with a card, shipping fee, mall coupons (never on flash
 * sales), stock per spec taken at create and given back on cancel and on refund. Concurrent buyers of one spec:
 * multiprocess.test.ts (f).
 */
import type { MallProduct, MallProductDetail, GallerySlide, MallCategory } from '../../src/contract/mall'
import type { OrderInfo, PriceQuote } from '../../src/contract/order'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let shopper: { token: string; userId: number }
let addressId: number
let n = 0
const newId = () => `mall-${process.pid}-${n++}`

beforeAll(async () => {
  s = await startServer()
  shopper = await s.login('13700001601')
  const saved = await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }, shopper.token)
  expect(saved.body.code).toBe(1)
  addressId = saved.body.data.info.id
})
afterAll(() => s.close())

const stockOf = async (specId: number) => (await s.row<{ stock: number }>('SELECT stock FROM mall_specs WHERE id = ?', specId)).stock
const read = async (id: number) => (await s.call<{ info: MallProductDetail }>('GET', 'hui_public.mall_product/read', { id })).body
const quote = (payload: Record<string, unknown>, tok = shopper.token) => s.call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'product', source: 'mall', ...payload }, tok)
const create = (payload: Record<string, unknown>, tok = shopper.token) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', client_request_id: newId(), ...payload }, tok)
async function pay(id: number, tok = shopper.token): Promise<OrderInfo> {
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, tok)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, tok)).body.data.info
}

describe('the catalogue', () => {
  it('categories in both languages; every category has products; paging counts them all', async () => {
    const zh = (await s.call<{ list: MallCategory[] }>('GET', 'hui_public.mall_category/index')).body.data.list
    const en = (await s.call<{ list: MallCategory[] }>('GET', 'hui_public.mall_category/index', { lang: 'en' })).body.data.list
    expect(zh.map((c) => c.name)).toEqual(['生鲜水果', '休闲零食', '家居日用', '数码家电', '美妆个护', '母婴玩具'])
    expect(en.map((c) => c.name)).toEqual(['Fresh fruit', 'Snacks', 'Home', 'Digital', 'Beauty', 'Baby & toys'])
    for (const c of zh) {
      const page = (await s.call<{ list: MallProduct[]; total: number }>('GET', 'hui_public.mall_product/index', { category_id: c.id })).body.data
      expect(page.total).toBeGreaterThanOrEqual(3)
      expect(page.list.every((p) => p.category_id === c.id)).toBe(true)
    }
    const first = (await s.call<{ list: MallProduct[]; total: number }>('GET', 'hui_public.mall_product/index', { page: 1, page_size: 10 })).body.data
    const third = (await s.call<{ list: MallProduct[]; total: number }>('GET', 'hui_public.mall_product/index', { page: 3, page_size: 10 })).body.data
    expect(first.list).toHaveLength(10)
    expect(third.list).toHaveLength(first.total - 20)
  })

  it('a grid product shows its lowest spec prices, stock over its specs and what was sold', async () => {
    const orange = (await s.call<{ list: MallProduct[] }>('GET', 'hui_public.mall_product/index', { keyword: '脐橙' })).body.data.list
    expect(orange).toHaveLength(1)
    expect(orange[0]).toMatchObject({ id: 1, price: 3990, member_price: 3590, list_price: 8990, stock: 180, sold: 60 })
  })

  it('one product: pictures, paragraphs, specs with price, member price and stock, its store and pickup', async () => {
    const { code, data } = await read(2)
    expect(code).toBe(1)
    expect(data.info.images).toHaveLength(3)
    expect(data.info.description.length).toBeGreaterThan(1)
    expect(data.info.specs).toEqual([
      { id: 21, name: '300 g', price: 5990, member_price: 5490, stock: 40 },
      { id: 22, name: '500 g', price: 8990, member_price: 8290, stock: 0 },
    ])
    expect(data.info).toMatchObject({ pickup: false, shipping_fee: 1000, store: { id: 8, name: '好邻居便利' } })
    for (const url of data.info.images) expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200)
  })

  it('a special and its products in its order; the gallery links to products and the special, in the asker’s language', async () => {
    const special = (await s.call<{ info: { title: string; banner: string } }>('GET', 'hui_public.mall_special/read', { id: 1, lang: 'en' })).body.data.info
    expect(special.title).toBe('New Year goods')
    expect((await s.app.inject({ method: 'GET', url: special.banner })).statusCode).toBe(200)
    const products = (await s.call<{ list: MallProduct[] }>('GET', 'hui_public.mall_product/index', { special_id: 1 })).body.data.list
    expect(products.map((p) => p.id)).toEqual([1, 5, 6, 9, 13, 21])
    const slides = (await s.call<{ list: GallerySlide[] }>('GET', 'hui_public.mall_gallery/index')).body.data.list
    expect(slides.length).toBeGreaterThanOrEqual(3)
    expect(new Set(slides.map((x) => x.link.type))).toEqual(new Set(['product', 'special']))
  })

  it('unknown ids are "not found" (code 0); bad input is code 0, never a 5xx', async () => {
    expect((await read(999)).code).toBe(0)
    expect((await s.call('GET', 'hui_public.mall_special/read', { id: 9 })).body).toMatchObject({ code: 0, msg: '专题不存在' })
    for (const q of [{ id: 'x' }, { id: -1 }, {}]) {
      const r = await s.call('GET', 'hui_public.mall_product/read', q)
      expect(r.status).toBeLessThan(500)
      expect(r.body.code).toBe(0)
    }
    const r = await s.call('GET', 'hui_public.mall_product/index', { page_size: 500 })
    expect(r.status).toBeLessThan(500)
    expect(r.body.code).toBe(0)
  })
})

describe('buying from the mall', () => {
  it('ship: the spec price × quantity plus the shipping fee; the address as it was, the spec on the order line', async () => {
    const q = (await quote({ product_id: 2, spec_id: 21, quantity: 2, delivery: 'ship', address_id: addressId })).body
    expect(q.code).toBe(1)
    expect(q.data).toMatchObject({ original_amount: 11980, member_discount_amount: 0, fee_amount: 1000, pay_amount: 12980 })
    const created = (await create({ product_id: 2, spec_id: 21, quantity: 2, delivery: 'ship', address_id: addressId })).body.data.order_info
    expect(created.lines).toEqual([{ name: '智利冰鲜三文鱼', spec: '300 g', quantity: 2, price: 5990, image: '/assets/img/mall-2.svg' }])
    expect(created.delivery).toEqual({ mode: 'ship', address: { name: '张三', phone: '13800138000', text: '广东省深圳市南山区科技园南区 1 栋' } })
    expect(created.shop_id).toBe(8)
    // The address edited later does not move the parcel.
    await s.call('POST', 'personal.address/save', { id: addressId, name: '张三丰', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }, shopper.token)
    const again = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: created.id }, shopper.token)).body.data.info
    expect(again.delivery?.address?.name).toBe('张三')
    // Cancelled: while it waited unpaid, another order of its spec would be refused (one unpaid order of the same goods).
    expect((await s.call('POST', 'personal.order/cancel', { id: created.id }, shopper.token)).body.code).toBe(1)
  })

  it('refused: no spec, a spec of another product, a sold-out spec, over the per-order limit or the stock, pickup where not allowed, no or another shopper’s address', async () => {
    const other = await s.login('13700001602')
    const theirs = (await s.call<{ info: { id: number } }>('POST', 'personal.address/save', { name: '李四', mobile: '13900139000', province: '广东省', city: '深圳市', district: '南山区', detail: '深南大道 1 号' }, other.token)).body.data.info.id
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ product_id: 2, quantity: 1, delivery: 'ship', address_id: addressId }, '请选择规格'],
      [{ product_id: 2, spec_id: 11, delivery: 'ship', address_id: addressId }, '该规格不存在，请重新选择'],
      [{ product_id: 2, spec_id: 22, delivery: 'ship', address_id: addressId }, '该规格已售罄'],
      [{ product_id: 2, spec_id: 21, quantity: 4, delivery: 'ship', address_id: addressId }, '每单限购 3 件'],
      [{ product_id: 2, spec_id: 21, delivery: 'pickup' }, '该商品不支持到店自提'],
      [{ product_id: 2, spec_id: 21, delivery: 'ship' }, '请选择收货地址'],
      [{ product_id: 2, spec_id: 21, delivery: 'ship', address_id: theirs }, '收货地址不存在'],
      [{ product_id: 999, spec_id: 21, delivery: 'ship', address_id: addressId }, '商品不存在'],
    ]
    for (const [payload, msg] of cases) expect([payload, (await quote(payload)).body.msg]).toEqual([payload, msg])
    await s.run('UPDATE mall_specs SET stock = 2 WHERE id = 151')
    expect((await quote({ product_id: 15, spec_id: 151, quantity: 1, delivery: 'ship', address_id: addressId })).body.code).toBe(1)
    await s.run('UPDATE mall_products SET limit_per_order = 5 WHERE id = 15')
    expect((await quote({ product_id: 15, spec_id: 151, quantity: 3, delivery: 'ship', address_id: addressId })).body.msg).toBe('库存仅剩 2 件')
    // A flash-sale payload carries none of the mall's fields.
    expect((await s.call('POST', 'personal.order/preCreate', { kind: 'product', product_id: 2, spec_id: 21 }, shopper.token)).body.code).toBe(0)
  })

  it('pickup where allowed: no fee, no address, a redemption code for the store; shipped orders have none', async () => {
    const picked = (await create({ product_id: 1, spec_id: 11, quantity: 1, delivery: 'pickup' })).body.data.order_info
    expect(picked).toMatchObject({ fee_amount: 0, pay_amount: 3990, delivery: { mode: 'pickup', address: null } })
    await pay(picked.id)
    expect((await s.call<{ code: string }>('GET', 'personal.order/orderVerification', { id: picked.id }, shopper.token)).body.code).toBe(1)
    const shipped = (await create({ product_id: 1, spec_id: 11, quantity: 1, delivery: 'ship', address_id: addressId })).body.data.order_info
    await pay(shipped.id)
    expect((await s.call('GET', 'personal.order/orderVerification', { id: shipped.id }, shopper.token)).body).toMatchObject({ code: 0, msg: '这笔订单无需核销' })
  })

  it('a card holder pays the member price', async () => {
    const member = await s.login('13700001603')
    const card = (await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 1, client_request_id: newId() }, member.token)).body.data.order_info
    await pay(card.id, member.token)
    const q = (await quote({ product_id: 1, spec_id: 12, quantity: 2, delivery: 'pickup' }, member.token)).body.data
    expect(q).toMatchObject({ original_amount: 13980, member_discount_amount: 1400, pay_amount: 12580 })
  })

  it('the mall coupon applies to mall orders at its minimum spend; never to a flash sale', async () => {
    const claimed = await s.call('POST', 'personal.coupon/claim', { coupon_id: 4 }, shopper.token)
    expect(claimed.body.code).toBe(1)
    const mine = (await s.call<{ list: Array<{ id: number; coupon_id: number }> }>('GET', 'personal.coupon/index', { tab: 'available' }, shopper.token)).body.data.list.find((c) => c.coupon_id === 4)
    expect(mine).toBeDefined()
    const couponId = mine?.id as number
    // ¥39.90 is below its ¥50 minimum; ¥69.90 is not.
    expect((await quote({ product_id: 1, spec_id: 11, delivery: 'pickup', coupon_id: couponId })).body.msg).toBe('满 ¥50.00 可用')
    expect((await quote({ product_id: 1, spec_id: 12, delivery: 'pickup', coupon_id: couponId })).body.data).toMatchObject({ coupon_amount: 800, pay_amount: 6190 })
    expect((await s.call('POST', 'personal.order/preCreate', { kind: 'product', product_id: 2, quantity: 1, coupon_id: couponId }, shopper.token)).body.msg).toBe('秒杀商品不能使用优惠券')
  })

  it('a coupon worth more than the goods takes off the goods’ price, never more: the shipping fee is still paid', async () => {
    const couponId = (await s.row<{ id: number }>("INSERT INTO coupons (title, amount, min_spend, shop_id, kind, valid_days) VALUES ('商城立减 100 元', 10000, 0, NULL, 'product', 30) RETURNING id")).id
    const coupon = (await s.row<{ id: number }>("INSERT INTO user_coupons (user_id, coupon_id, status, expires_at) VALUES (?, ?, 'available', '2099-01-01 00:00:00') RETURNING id", shopper.userId, couponId)).id
    // ¥59.90 of salmon shipped for ¥10.00: the ¥100 coupon takes the ¥59.90, the fee is paid.
    const payload = { product_id: 2, spec_id: 21, quantity: 1, delivery: 'ship', address_id: addressId, coupon_id: coupon }
    expect((await quote(payload)).body.data).toMatchObject({ original_amount: 5990, fee_amount: 1000, coupon_amount: 5990, pay_amount: 1000 })
    const order = (await create(payload)).body.data.order_info
    expect(order).toMatchObject({ coupon_amount: 5990, fee_amount: 1000, pay_amount: 1000 })
  })
})

describe('stock per spec', () => {
  it('taken at create, back when the shopper cancels; the other spec of the product untouched', async () => {
    const before = [await stockOf(61), await stockOf(62)]
    const order = (await create({ product_id: 6, spec_id: 61, quantity: 2, delivery: 'pickup' })).body.data.order_info
    expect([await stockOf(61), await stockOf(62)]).toEqual([before[0] - 2, before[1]])
    expect((await s.call('POST', 'personal.order/cancel', { id: order.id }, shopper.token)).body.code).toBe(1)
    expect([await stockOf(61), await stockOf(62)]).toEqual(before)
  })

  it('back when a paid order is refunded (the store approves, the provider refunds)', async () => {
    const before = await stockOf(71)
    const order = await pay((await create({ product_id: 7, spec_id: 71, quantity: 3, delivery: 'pickup' })).body.data.order_info.id)
    expect(await stockOf(71)).toBe(before - 3)
    expect((await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, shopper.token)).body.code).toBe(1)
    const staff = await s.login(staffPhone(8))
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: order.id }, staff.token)).body.code).toBe(1)
    const deadline = Date.now() + 5000
    while (Date.now() < deadline && (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)).body.data.info.order_status !== 70) await new Promise((r) => setImmediate(r))
    expect(await stockOf(71)).toBe(before)
  })

  it('flash-sale limits and tickers do not count mall orders of the same id', async () => {
    // Mall product 5 and flash product 5 are different things.
    await create({ product_id: 5, spec_id: 51, quantity: 5, delivery: 'pickup' })
    expect((await s.call<{ bought: number }>('GET', 'hui_public.hsh_seckill_prod/read', { id: 5 }, shopper.token)).body.data.bought).toBe(0)
  })
})
