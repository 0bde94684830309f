/**
 * The micro mall in the console (issue 45): categories, products and specs a content operator writes reach shoppers'
 * mall calls at once, within their rules — a taken-off product is neither listed nor bought, a hidden category leaves
 * the tabs with its products, a spec's stock never below what is sold or held, a stock change and purchases at the
 * same moment lose neither, a paid order keeps its price after a price edit — and every write leaves its audit row.
 * Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import type { OperatorRole } from '../../src/contract/consoleEndpoints'
import type { ConsoleMallProduct, ConsoleMallSpec, MallCategoriesAnswer, MallProductsAnswer, MallShowcaseAnswer } from '../../src/contract/console'
import type { GallerySlide, MallCategory, MallProduct, MallProductDetail } from '../../src/contract/mall'
import type { OrderInfo } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'
import { operatorCalls } from './operator'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

let base = Date.UTC(2027, 7, 1)
const freshMoment = () => (base += 24 * 3600_000)

const { consoleCall, signIn } = operatorCalls(() => s)
const tokenOf = (role: OperatorRole, at = freshMoment()) => signIn(role, at)
let n = 0
const requestId = () => `cm-${process.pid}-${n++}`

const auditRows = (kind: string, id: number | string) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null }>('SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = ? AND target_id = ? ORDER BY id', kind, String(id))
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

// The shopper's mall calls.
const shopperCategories = async (lang = 'zh') => (await s.call<{ list: MallCategory[] }>('GET', 'hui_public.mall_category/index', { lang })).body.data.list
const shopperProducts = async (q: Record<string, unknown>) => (await s.call<{ list: MallProduct[]; total: number }>('GET', 'hui_public.mall_product/index', { page: 1, page_size: 50, ...q })).body.data
const shopperRead = async (id: number) => (await s.call<{ info: MallProductDetail }>('GET', 'hui_public.mall_product/read', { id })).body
const buy = (token: string, productId: number, specId: number, quantity = 1) =>
  s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'product', source: 'mall', product_id: productId, spec_id: specId, quantity, delivery: 'pickup', client_request_id: requestId() }, token)

const newProduct = { category_id: 1, shop_id: 8, name: '控制台商城测试品', subtitle: '当天发货', images: ['/assets/img/mall-1.svg', '/assets/img/mall-1-2.svg'], description: ['第一段介绍', '第二段介绍'], list_price: 9900, limit_per_order: 5, pickup: true, shipping_fee: 0 }

/** A product on sale with one spec, made as an operator makes it. */
async function productOnSale(token: string, extra: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): Promise<{ product: ConsoleMallProduct; spec: ConsoleMallSpec }> {
  const made = await consoleCall<{ product: ConsoleMallProduct }>('console.mall/saveProduct', { ...newProduct, ...extra }, token)
  expect(made.code).toBe(1)
  const specMade = await consoleCall<{ spec: ConsoleMallSpec }>('console.mall/saveSpec', { product_id: made.data.product.id, name: '标准装', price: 4990, member_price: 4490, total_stock: 20, ...spec }, token)
  expect(specMade.code).toBe(1)
  const on = await consoleCall<{ product: ConsoleMallProduct }>('console.mall/setOnSale', { id: made.data.product.id, on_sale: true }, token)
  expect(on.code).toBe(1)
  return { product: on.data.product, spec: specMade.data.spec }
}

describe('categories', () => {
  it('added, renamed, reordered and hidden by a content operator: the shopper’s tabs and lists follow at once; each write audited', async () => {
    const token = await tokenOf('content')
    const made = await consoleCall<{ category: { id: number; sort: number; hidden: boolean } }>('console.mall/saveCategory', { name: '茶饮冲调', icon: '/assets/img/mall-cat-1.svg' }, token)
    expect(made).toMatchObject({ code: 1, data: { category: { name: '茶饮冲调', hidden: false, products: 0 } } })
    const id = made.data.category.id
    expect((await shopperCategories()).map((c) => c.name).at(-1)).toBe('茶饮冲调')

    expect(await consoleCall('console.mall/saveCategory', { id, name: '茶与咖啡', icon: '/assets/img/mall-cat-2.svg', reason: 'clearer' }, token)).toMatchObject({ code: 1, data: { category: { id, name: '茶与咖啡' } } })
    expect((await shopperCategories()).find((c) => c.id === id)).toEqual({ id, name: '茶与咖啡', icon: '/assets/img/mall-cat-2.svg' })

    // The new one first.
    const all = (await consoleCall<MallCategoriesAnswer>('console.mall/categories', {}, token)).data.list.map((c) => c.id)
    const order = [id, ...all.filter((x) => x !== id)]
    expect((await consoleCall<MallCategoriesAnswer>('console.mall/orderCategories', { ids: order }, token)).data.list.map((c) => c.id)).toEqual(order)
    expect((await shopperCategories()).map((c) => c.id)).toEqual(order)
    // A list that leaves one out, names one twice or an unknown one: refused, nothing moved.
    expect(await consoleCall('console.mall/orderCategories', { ids: order.slice(1) }, token)).toMatchObject({ code: 0, reason: 'console_category_order_invalid' })
    expect(await consoleCall('console.mall/orderCategories', { ids: [order[1], ...order.slice(1)] }, token)).toMatchObject({ code: 0, reason: 'console_category_order_invalid' })
    expect(await consoleCall('console.mall/orderCategories', { ids: [999_999, ...order.slice(1)] }, token)).toMatchObject({ code: 0, reason: 'console_category_order_invalid' })
    expect((await shopperCategories()).map((c) => c.id)).toEqual(order)

    // Hiding category 6 (toys): its tab and its products leave every shopper list; shown again, back.
    const toys = (await shopperProducts({ category_id: 6 })).list.map((p) => p.id)
    expect(toys.length).toBeGreaterThan(0)
    expect(await consoleCall('console.mall/setCategoryHidden', { id: 6, hidden: true, reason: 'season over' }, token)).toMatchObject({ code: 1, data: { category: { id: 6, hidden: true } } })
    expect((await shopperCategories()).map((c) => c.id)).not.toContain(6)
    expect((await shopperProducts({ category_id: 6 })).list).toEqual([])
    expect((await shopperProducts({})).list.map((p) => p.id)).not.toContain(toys[0])
    expect(await consoleCall('console.mall/setCategoryHidden', { id: 6, hidden: false }, token)).toMatchObject({ code: 1, data: { category: { hidden: false } } })
    expect((await shopperProducts({ category_id: 6 })).list.map((p) => p.id)).toEqual(toys)

    expect(await consoleCall('console.mall/saveCategory', { id: 999_999, name: 'x', icon: '/assets/img/mall-cat-1.svg' }, token)).toMatchObject({ code: 0, reason: 'console_category_not_found' })
    expect(await consoleCall('console.mall/saveCategory', { name: 'x', icon: 'https://example.com/x.png' }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })

    expect((await auditRows('mall_category', id)).map((r) => [r.action, r.reason])).toEqual([
      ['mall.createCategory', null],
      ['mall.saveCategory', 'clearer'],
    ])
    const hid = await auditRows('mall_category', 6)
    expect(hid.map((r) => [r.action, (parsed(r.before_json) as { hidden: boolean }).hidden, (parsed(r.after_json) as { hidden: boolean }).hidden])).toEqual([
      ['mall.hideCategory', false, true],
      ['mall.showCategory', true, false],
    ])
    const ordered = await s.rows<{ after_json: string }>("SELECT after_json FROM operator_audit WHERE action = 'mall.orderCategories'")
    expect(ordered.map((r) => parsed(r.after_json))).toEqual([{ ids: order }])
  })
})

describe('products and specs', () => {
  it('a new product is off sale until it has a spec; on sale, the shopper’s list, search and page show it at once; an edit too; taken off, neither listed nor bought', async () => {
    const token = await tokenOf('content')
    const made = await consoleCall<{ product: ConsoleMallProduct }>('console.mall/saveProduct', newProduct, token)
    expect(made).toMatchObject({ code: 1, data: { product: { ...newProduct, on_sale: false, specs: [] } } })
    const id = made.data.product.id
    expect((await shopperProducts({ category_id: 1 })).list.map((p) => p.id)).not.toContain(id)
    expect(await shopperRead(id)).toMatchObject({ code: 0 })
    expect(await consoleCall('console.mall/setOnSale', { id, on_sale: true }, token)).toMatchObject({ code: 0, reason: 'console_product_without_spec' })

    const spec = await consoleCall<{ spec: ConsoleMallSpec; product: ConsoleMallProduct }>('console.mall/saveSpec', { product_id: id, name: '2 斤装', price: 3990, member_price: 3590, total_stock: 12 }, token)
    expect(spec).toMatchObject({ code: 1, data: { spec: { name: '2 斤装', price: 3990, member_price: 3590, total_stock: 12, stock: 12, sold: 0 } } })
    expect(await consoleCall('console.mall/setOnSale', { id, on_sale: true }, token)).toMatchObject({ code: 1, data: { product: { on_sale: true } } })

    expect((await shopperProducts({ category_id: 1 })).list.find((p) => p.id === id)).toMatchObject({ name: newProduct.name, price: 3990, member_price: 3590, stock: 12, list_price: 9900, image: newProduct.images[0] })
    expect((await shopperProducts({ keyword: '商城测试' })).list.map((p) => p.id)).toEqual([id])
    expect((await shopperRead(id)).data.info).toMatchObject({ images: newProduct.images, description: newProduct.description, specs: [{ id: spec.data.spec.id, name: '2 斤装', price: 3990, member_price: 3590, stock: 12 }], store: { id: 8 }, pickup: true })

    // An edit of the product and of the spec: at once.
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, id, name: '控制台商城测试品 新版', list_price: 8800, reason: 'rename' }, token)).toMatchObject({ code: 1 })
    expect(await consoleCall('console.mall/saveSpec', { id: spec.data.spec.id, product_id: id, name: '2 斤装', price: 3490, member_price: 3190, total_stock: 15 }, token)).toMatchObject({ code: 1, data: { spec: { price: 3490, stock: 15 } } })
    expect((await shopperProducts({ category_id: 1 })).list.find((p) => p.id === id)).toMatchObject({ name: '控制台商城测试品 新版', list_price: 8800, price: 3490, member_price: 3190, stock: 15 })

    // Taken off sale: not listed, not searched, not bought (a cart add and an order refused).
    expect(await consoleCall('console.mall/setOnSale', { id, on_sale: false, reason: 'recall' }, token)).toMatchObject({ code: 1, data: { product: { on_sale: false } } })
    expect((await shopperProducts({ category_id: 1 })).list.map((p) => p.id)).not.toContain(id)
    expect((await shopperProducts({ keyword: '商城测试' })).list).toEqual([])
    const shopper = await s.login('13700004601')
    expect((await buy(shopper.token, id, spec.data.spec.id)).body).toMatchObject({ code: 0, msg: '控制台商城测试品 新版已下架' })
    expect((await s.call('POST', 'personal.mall_cart/add', { product_id: id, spec_id: spec.data.spec.id, quantity: 1 }, shopper.token)).body).toMatchObject({ code: 0 })
    expect(await s.row('SELECT stock FROM mall_specs WHERE id = ?', spec.data.spec.id)).toEqual({ stock: 15 })

    // The console still lists it (off sale), by its category and by name.
    const listed = await consoleCall<MallProductsAnswer>('console.mall/products', { category_id: 1, keyword: '商城测试', page: 1, page_size: 10 }, token)
    expect(listed.data).toMatchObject({ total: 1, list: [{ id, on_sale: false, specs: [{ price: 3490, total_stock: 15 }] }] })
    expect(listed.data.shops.map((x) => x.id)).toContain(8)
    expect(listed.data.shops.map((x) => x.id)).not.toContain(7)

    expect((await auditRows('mall_product', id)).map((r) => [r.action, r.reason])).toEqual([
      ['mall.createProduct', null],
      ['mall.restore', null],
      ['mall.saveProduct', 'rename'],
      ['mall.withdraw', 'recall'],
    ])
    const specRows = await auditRows('mall_spec', spec.data.spec.id)
    expect(specRows.map((r) => [r.action, parsed(r.before_json), parsed(r.after_json)])).toEqual([
      ['mall.createSpec', null, expect.objectContaining({ price: 3990, total_stock: 12 })],
      ['mall.saveSpec', expect.objectContaining({ price: 3990, total_stock: 12 }), expect.objectContaining({ price: 3490, total_stock: 15 })],
    ])
  })

  it('refused with its reason, writing nothing: a member price over the price, stock below what is sold or held, an unknown category, a fuel station, another site’s picture, bad input', async () => {
    const token = await tokenOf('admin')
    const { product, spec } = await productOnSale(token, {}, { total_stock: 5 })
    const shopper = await s.login('13700004602')
    expect((await buy(shopper.token, product.id, spec.id, 3)).body.code).toBe(1)

    // Three are held by the unpaid order: a total of 2 is refused and changes nothing; 3 leaves none to sell.
    expect(await consoleCall('console.mall/saveSpec', { id: spec.id, product_id: product.id, name: spec.name, price: 4990, member_price: 4490, total_stock: 2 }, token)).toMatchObject({ code: 0, reason: 'console_stock_below_sold', params: { sold: 3 } })
    expect(await s.row('SELECT stock, total_stock FROM mall_specs WHERE id = ?', spec.id)).toEqual({ stock: 2, total_stock: 5 })
    expect(await consoleCall('console.mall/saveSpec', { id: spec.id, product_id: product.id, name: spec.name, price: 4990, member_price: 4490, total_stock: 3 }, token)).toMatchObject({ code: 1, data: { spec: { stock: 0, sold: 3 } } })

    expect(await consoleCall('console.mall/saveSpec', { product_id: product.id, name: '大份', price: 1000, member_price: 1200, total_stock: 1 }, token)).toMatchObject({ code: 0, reason: 'console_member_price_over_price' })
    expect(await consoleCall('console.mall/saveSpec', { product_id: 999_999, name: '大份', price: 1000, member_price: 900, total_stock: 1 }, token)).toMatchObject({ code: 0, reason: 'product_not_found' })
    expect(await consoleCall('console.mall/saveSpec', { id: 11, product_id: product.id, name: '大份', price: 1000, member_price: 900, total_stock: 1 }, token)).toMatchObject({ code: 0, reason: 'spec_not_found' })
    expect(await consoleCall('console.mall/saveSpec', { product_id: product.id, name: '大份', price: 0, member_price: 0, total_stock: 1 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, category_id: 999_999 }, token)).toMatchObject({ code: 0, reason: 'console_category_not_found' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, shop_id: 7 }, token)).toMatchObject({ code: 0, reason: 'console_mall_shop_invalid' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, images: ['https://example.com/x.jpg'] }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, images: ['/uploads/aaaaaaaaaaaaaaaaaaaaaa.jpg'] }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, images: [] }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })
    expect(await consoleCall('console.mall/saveProduct', { ...newProduct, name: '' }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await s.row('SELECT COUNT(*) AS n FROM mall_specs WHERE product_id = ?', product.id)).toEqual({ n: 1 })
    expect((await auditRows('mall_spec', spec.id)).map((r) => r.action)).toEqual(['mall.createSpec', 'mall.saveSpec'])
  })

  it('a paid order keeps the price it was paid at after a price edit; the next order pays the new price', async () => {
    const token = await tokenOf('content')
    const { product, spec } = await productOnSale(token, {}, { price: 2590, member_price: 2390 })
    const shopper = await s.login('13700004603')
    const order = (await buy(shopper.token, product.id, spec.id, 2)).body.data.order_info
    expect(order.pay_amount).toBe(2 * 2590)
    await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'h5', pay_channel: 6 }, shopper.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })).body.code).toBe(1)

    expect(await consoleCall('console.mall/saveSpec', { id: spec.id, product_id: product.id, name: spec.name, price: 3990, member_price: 3690, total_stock: 20 }, token)).toMatchObject({ code: 1 })
    const paid = (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: order.id }, shopper.token)).body.data.info
    expect(paid).toMatchObject({ pay_amount: 2 * 2590, lines: [expect.objectContaining({ price: 2590, quantity: 2 })] })
    expect(await s.row('SELECT pay_amount, original_amount FROM orders WHERE id = ?', order.id)).toEqual({ pay_amount: 2 * 2590, original_amount: 2 * 2590 })
    expect((await buy(shopper.token, product.id, spec.id, 1)).body.data.order_info.pay_amount).toBe(3990)
  })

  it('a stock change and purchases at the same moment: neither lost — what is left is the new total less everything bought', async () => {
    const token = await tokenOf('content')
    const { product, spec } = await productOnSale(token, { limit_per_order: 1 }, { total_stock: 100 })
    const BUYERS = 12
    const shoppers: string[] = []
    for (let i = 0; i < BUYERS; i++) shoppers.push((await s.login(`137000047${String(i).padStart(2, '0')}`)).token)
    // The operator raises the total three times while every shopper buys one: all at once.
    const totals = [110, 120, 130]
    const answers = await Promise.all([
      ...shoppers.map((t) => buy(t, product.id, spec.id, 1).then((a) => a.body)),
      ...totals.map((total) => consoleCall('console.mall/saveSpec', { id: spec.id, product_id: product.id, name: spec.name, price: 4990, member_price: 4490, total_stock: total }, token)),
    ])
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 1))
    const row = await s.row<{ stock: number; total_stock: number }>('SELECT stock, total_stock FROM mall_specs WHERE id = ?', spec.id)
    const held = await s.row<{ n: number }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM orders WHERE spec_id = ?', spec.id)
    expect(Number(held.n)).toBe(BUYERS)
    expect(totals).toContain(Number(row.total_stock))
    expect(Number(row.stock)).toBe(Number(row.total_stock) - BUYERS)
    // The last change the audit trail records is the total in force.
    const last = (await auditRows('mall_spec', spec.id)).at(-1)
    expect((parsed(last?.after_json ?? null) as { total_stock: number }).total_stock).toBe(Number(row.total_stock))
  })

  it('a reviewer and finance are refused every mall write, which leaves nothing', async () => {
    const at = freshMoment()
    for (const [i, role] of (['reviewer', 'finance'] as const).entries()) {
      const token = await tokenOf(role, at + i * 60_000)
      expect(await consoleCall('console.mall/saveCategory', { name: '不该有', icon: '/assets/img/mall-cat-1.svg' }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
      expect(await consoleCall('console.mall/saveSpec', { id: 11, product_id: 1, name: 'x', price: 1, member_price: 1, total_stock: 1000 }, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
      expect(await consoleCall('console.mall/products', {}, token)).toMatchObject({ code: 0, reason: 'operator_role_refused' })
    }
    expect(await s.row("SELECT COUNT(*) AS n FROM mall_categories WHERE name = '不该有'")).toEqual({ n: 0 })
  })
})

describe('specials and the gallery', () => {
  const shopperSlides = async () => (await s.call<{ list: GallerySlide[] }>('GET', 'hui_public.mall_gallery/index', {})).body.data.list
  const shopperSpecial = async (id: number) => (await s.call<{ info: { title: string } }>('GET', 'hui_public.mall_special/read', { id })).body

  it('a special with its products in order and a slide opening it: the shopper sees both at once; reordered and withdrawn, at once too; each write audited', async () => {
    const token = await tokenOf('content')
    const made = await consoleCall<{ special: { id: number; product_ids: number[] } }>('console.mall/saveSpecial', { title: '开学季', subtitle: '文具好物', banner: '/assets/img/mall-special-1.svg', product_ids: [22, 7, 3] }, token)
    expect(made).toMatchObject({ code: 1, data: { special: { title: '开学季', product_ids: [22, 7, 3], withdrawn: false } } })
    const id = made.data.special.id
    expect(await shopperSpecial(id)).toMatchObject({ code: 1, data: { info: { title: '开学季', subtitle: '文具好物' } } })
    expect((await shopperProducts({ special_id: id })).list.map((p) => p.id)).toEqual([22, 7, 3])
    expect(await consoleCall('console.mall/saveSpecial', { id, title: '开学季', banner: '/assets/img/mall-special-1.svg', product_ids: [3, 22], reason: 'fewer' }, token)).toMatchObject({ code: 1, data: { special: { product_ids: [3, 22] } } })
    expect((await shopperProducts({ special_id: id })).list.map((p) => p.id)).toEqual([3, 22])

    const slide = await consoleCall<{ slide: { id: number } }>('console.mall/saveSlide', { image: '/assets/img/mall-slide-1.svg', title: '开学季', subtitle: '文具 8 折起', link_type: 'special', link_id: id }, token)
    expect(slide.code).toBe(1)
    const slideId = slide.data.slide.id
    expect((await shopperSlides()).at(-1)).toEqual({ id: slideId, image: '/assets/img/mall-slide-1.svg', title: '开学季', subtitle: '文具 8 折起', link: { type: 'special', id } })
    // The new slide first.
    const ids = (await consoleCall<MallShowcaseAnswer>('console.mall/showcase', {}, token)).data.slides.map((x) => x.id)
    const order = [slideId, ...ids.filter((x) => x !== slideId)]
    expect((await consoleCall<MallShowcaseAnswer>('console.mall/orderSlides', { ids: order }, token)).data.slides.map((x) => x.id)).toEqual(order)
    expect((await shopperSlides()).map((x) => x.id)).toEqual(order)
    expect(await consoleCall('console.mall/orderSlides', { ids: order.slice(1) }, token)).toMatchObject({ code: 0, reason: 'console_slide_order_invalid' })

    // Withdrawn: the slide leaves the gallery; the special no longer opens, nor lists its products.
    expect(await consoleCall('console.mall/setSlideWithdrawn', { id: slideId, withdrawn: true }, token)).toMatchObject({ code: 1, data: { slide: { withdrawn: true } } })
    expect((await shopperSlides()).map((x) => x.id)).not.toContain(slideId)
    expect(await consoleCall('console.mall/setSpecialWithdrawn', { id, withdrawn: true, reason: 'season over' }, token)).toMatchObject({ code: 1, data: { special: { withdrawn: true } } })
    expect(await shopperSpecial(id)).toMatchObject({ code: 0 })
    expect((await shopperProducts({ special_id: id })).list).toEqual([])
    expect(await consoleCall('console.mall/setSpecialWithdrawn', { id, withdrawn: false }, token)).toMatchObject({ code: 1 })
    expect((await shopperProducts({ special_id: id })).list.map((p) => p.id)).toEqual([3, 22])

    // Refused: a product twice or unknown, a slide opening nothing, another site's picture.
    expect(await consoleCall('console.mall/saveSpecial', { title: 'x', banner: '/assets/img/mall-special-1.svg', product_ids: [3, 3] }, token)).toMatchObject({ code: 0, reason: 'console_special_products_invalid' })
    expect(await consoleCall('console.mall/saveSpecial', { title: 'x', banner: '/assets/img/mall-special-1.svg', product_ids: [999_999] }, token)).toMatchObject({ code: 0, reason: 'console_special_products_invalid' })
    expect(await consoleCall('console.mall/saveSlide', { image: '/assets/img/mall-slide-1.svg', title: 'x', link_type: 'product', link_id: 999_999 }, token)).toMatchObject({ code: 0, reason: 'console_slide_link_invalid' })
    expect(await consoleCall('console.mall/saveSlide', { image: 'https://example.com/a.png', title: 'x', link_type: 'special', link_id: id }, token)).toMatchObject({ code: 0, reason: 'console_picture_invalid' })

    expect((await auditRows('mall_special', id)).map((r) => [r.action, r.reason])).toEqual([
      ['mall.createSpecial', null],
      ['mall.saveSpecial', 'fewer'],
      ['mall.withdrawSpecial', 'season over'],
      ['mall.restoreSpecial', null],
    ])
    expect((await auditRows('mall_slide', slideId)).map((r) => [r.action, (parsed(r.after_json) as { withdrawn: boolean }).withdrawn])).toEqual([
      ['mall.createSlide', false],
      ['mall.withdrawSlide', true],
    ])
  })
})
