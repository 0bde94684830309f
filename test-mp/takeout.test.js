/**
 * Takeout on weapp (issue 25), against the reference server: every takeout route renders with its answers —
 * home, a category's list, a shop's menu (the cart kept in wx storage), confirm with the server's price, and the
 * order page, which follows the store's acceptance by itself (polling while shown; the live stream is a later step).
 */
const { byClass, text, texts, waitFor } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let shopper
/** 茶见奶茶, round the clock (server/demo/seedTakeout.ts). */
const SHOP = 19
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000251')
}, 60000)
afterAll(async () => {
  await server?.stop()
})

const storage = (extra = {}) => ({ token: shopper.token, myUserId: shopper.userId, city: { id: 1, name: '深圳' }, ...extra })

async function menuOf(shopId) {
  return (await call(server.base, 'GET', `/api/hui_public.takeout_shop/menu?shop_id=${shopId}`)).data.data
}

describe('takeout on weapp', () => {
  it('home: categories and the shops of the city, open state from the server', async () => {
    const { page } = await openOn(server.base, 'pages/takeout/index', { storage: storage() })
    await waitFor(() => texts(page, 'to-shop__name').length > 0, 10000)
    expect(texts(page, 'to-shop__name')).toEqual(expect.arrayContaining(['川味小馆', '茶见奶茶']))
    expect(texts(page, 'to-cat__name')).toEqual(['快餐简餐', '粉面粥', '日韩料理', '奶茶甜品', '地方菜'])
  })

  it('a category’s list', async () => {
    const { page } = await openOn(server.base, 'pages/takeout/list', { query: { category: '4' }, storage: storage() })
    await waitFor(() => texts(page, 'to-shop__name').length > 0, 10000)
    expect(texts(page, 'to-shop__name')).toEqual(['茶见奶茶'])
    expect(text(page, 'to-chip--on')).toBe('奶茶甜品')
  })

  it('the menu: categories beside the dishes, and the cart kept in storage', async () => {
    const menu = await menuOf(SHOP)
    const plain = menu.dishes.find((d) => d.option_groups.length === 0 && !d.sold_out)
    const { page } = await openOn(server.base, 'pages/takeout/detail', { query: { id: String(SHOP) }, storage: storage({ takeoutCarts: { [SHOP]: [{ dish_id: plain.id, option_ids: [], quantity: 2 }] } }) })
    await waitFor(() => texts(page, 'to-dish__name').length > 0, 10000)
    expect(texts(page, 'to-menu__cat')).toEqual(menu.categories.map((c) => c.name))
    expect(texts(page, 'to-dish__name')).toEqual(menu.categories.flatMap((c) => c.dish_ids).map((id) => menu.dishes.find((d) => d.id === id).name))
    expect(text(page, 'to-bar__count')).toBe('2')
  })

  it('confirm: the cart priced by the server', async () => {
    const menu = await menuOf(SHOP)
    const plain = menu.dishes.find((d) => d.option_groups.length === 0 && !d.sold_out)
    await call(server.base, 'POST', '/api/personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true }, shopper.token)
    const { page } = await openOn(server.base, 'pages/takeout/confirmOrder', { query: { shop_id: String(SHOP) }, storage: storage({ takeoutCarts: { [SHOP]: [{ dish_id: plain.id, option_ids: [], quantity: 1 }] } }) })
    await waitFor(() => /¥/.test(text(page, 'to-pay__amount') || ''), 10000)
    expect(text(page, 'to-item__name')).toBe(plain.name)
    // Dish + packing ¥1 + delivery ¥3 (within 3 km).
    expect(text(page, 'to-pay__amount')).toBe(`¥${((plain.price + 100 + 300) / 100).toFixed(2)}`)
  })

  it('the order page follows the store’s acceptance without being opened again', async () => {
    const menu = await menuOf(SHOP)
    const plain = menu.dishes.find((d) => d.option_groups.length === 0 && !d.sold_out)
    const created = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'takeout', shop_id: SHOP, items: [{ id: plain.id, quantity: 1 }], mode: 'pickup', client_request_id: `mp-takeout-${Date.now()}` }, shopper.token)
    const id = created.data.data.order_info.id
    await call(server.base, 'POST', '/api/personal.order/payparam', { id, platform: 'h5' }, shopper.token)
    await call(server.base, 'POST', '/api/sandbox/confirmPay', { id, result: 'success' })
    const { page } = await openOn(server.base, 'pages/takeout/orderDetail', { query: { id: String(id) }, storage: storage() })
    await waitFor(() => byClass(page, 'to-status--awaiting_accept'), 10000)
    expect(text(page, 'to-status__stage')).toBe('等待商家接单')

    const staff = await login(server.base, '19900000019')
    const accepted = await call(server.base, 'POST', '/api/hui_shanghu.store_takeout/accept', { id }, staff.token)
    expect(accepted.data.code).toBe(1)
    await waitFor(() => byClass(page, 'to-status--accepted'), 10000)
    // A pickup order: its number and the QR code to show at the shop.
    expect(text(page, 'to-pickup__no')).toMatch(/^A\d{3}$/)
    expect(byClass(page, 'member-qr')).not.toBeNull()
  }, 30000)

  it('search: typing finds the ramen shop and its dishes from the server, a popular word too, nothing found says so', async () => {
    const { page } = await openOn(server.base, 'pages/takeout/search', { storage: storage() })
    await waitFor(() => texts(page, 'to-search__word').length > 0, 10000)
    expect(texts(page, 'to-search__word')).toContain('牛肉面')
    page.querySelector('.to-search__input').dispatchEvent('input', { detail: { value: '拉面' } })
    await waitFor(() => texts(page, 'to-hit__name').length > 0, 10000)
    expect(texts(page, 'to-hit__name')).toEqual(expect.arrayContaining(['豚骨拉面', '味噌拉面']))
    expect(texts(page, 'to-shop__name')).toContain('日式拉面屋')
    expect(texts(page, 'to-search__section-title')).toEqual(['商家', '菜品'])
    page.querySelector('.to-search__input').dispatchEvent('input', { detail: { value: '火星' } })
    await waitFor(() => text(page, 'state__title') === '没有找到与“火星”相关的外卖', 10000)
  }, 30000)
})
