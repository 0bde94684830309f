/**
 * Issue 25 in the simulator: the store's takeout screens (store sub-package) with the reference server's answers —
 * the workbench's takeout entry with its count, the list of orders to accept, an order accepted with a tap, and the
 * shop's settings. Issue 44: the workbench's Menu drawn from the server's answer, and a dish marked sold out there is
 * sold out on the shopper's menu.
 */
const { allByClass, byClass, flush, text, texts, waitFor } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let staff
let shopper
let orderId
let dishName
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000261')
  // Staff of 茶见奶茶 (shop 19, open round the clock), bound through the same SMS flow.
  staff = await login(server.base, '19900000019')
  const address = await call(server.base, 'POST', '/api/personal.address/save', { name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号' }, shopper.token)
  const menu = await call(server.base, 'GET', '/api/hui_public.takeout_shop/menu?shop_id=19')
  const dish = menu.data.data.dishes.find((d) => !d.sold_out)
  dishName = dish.name
  const option_ids = dish.option_groups.filter((g) => g.required).map((g) => g.options[0].id)
  const created = await call(
    server.base,
    'POST',
    '/api/personal.order/create',
    { kind: 'takeout', shop_id: 19, items: [{ id: dish.id, quantity: 3, option_ids }], address_id: address.data.data.info.id, remark: '少冰', client_request_id: 'mp-store-takeout-1' },
    shopper.token,
  )
  expect(created.data.code).toBe(1)
  orderId = created.data.data.order_info.id
  await call(server.base, 'POST', '/api/personal.order/payparam', { id: orderId, platform: 'weapp' }, shopper.token)
  await call(server.base, 'POST', '/api/sandbox/confirmPay', { id: orderId, result: 'success' })
}, 120000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })
const open = (route, options) => openOn(server.base, route, options)

describe('store takeout (weapp, reference server)', () => {
  it('the workbench shows the takeout entry with the count to accept', async () => {
    const { page } = await open('pages/store/index', { storage: as(staff) })
    await waitFor(() => byClass(page, 'workbench__badge'), 5000)
    expect(text(page, 'workbench__entry--takeout')).toContain('外卖订单')
    expect(text(page, 'workbench__badge')).toBe('1 单待接')
  })

  it('the list shows the order to accept; the order shows its remark and is accepted with a tap', async () => {
    const list = await open('pages/store/takeout', { storage: as(staff) })
    await waitFor(() => byClass(list.page, 'store-takeout-card'), 5000)
    expect(text(list.page, 'nav-bar__title')).toBe('外卖订单')
    expect(list.calls.some((c) => c.startsWith('GET /api/hui_shanghu.store_takeout/index') && c.includes('todo=accept'))).toBe(true)
    // Issue 39: the card says what it holds and counts down the time left to accept.
    expect(text(list.page, 'store-takeout-card__dishes')).toBe(`${dishName} × 3`)
    expect(text(list.page, 'store-takeout__left')).toMatch(/^请在 \d+ 分钟 \d+ 秒 内接单$/)

    const { page } = await open('pages/store/takeoutOrder', { query: { id: String(orderId) }, storage: as(staff) })
    await waitFor(() => byClass(page, 'store-takeout__accept'), 5000)
    expect(text(page, 'store-takeout__remark')).toBe('少冰')
    // Every dish with its quantity and options (issue 39).
    expect(text(page, 'store-line__name')).toBe(dishName)
    expect(text(page, 'store-line__qty')).toBe('× 3')
    expect(text(page, 'store-line__spec')).toBeTruthy()
    page.querySelector('.store-takeout__accept').dispatchEvent('tap')
    await flush()
    await waitFor(() => text(page, 'store-takeout__stage') === '已接单，备餐中', 5000)
    expect(byClass(page, 'store-takeout__dispatch')).not.toBeNull()
  })

  it('the settings show the hours and the pause button', async () => {
    const { page } = await open('pages/store/takeoutSettings', { storage: as(staff) })
    await waitFor(() => byClass(page, 'store-takeout-settings__hours'), 5000)
    expect(text(page, 'store-takeout-settings__hours')).toBe('00:00–24:00')
    expect(text(page, 'store-takeout-settings__pause')).toBe('暂停接单')
  })

  it('the Menu (issue 44) is the server\'s: delivery, categories in order with their dishes and prices; sold out marked there reaches the shopper\'s menu', async () => {
    const answer = (await call(server.base, 'GET', '/api/hui_shanghu.store_menu/read', undefined, staff.token)).data.data
    const { page } = await open('pages/store/menu', { storage: as(staff) })
    await waitFor(() => byClass(page, 'shop-dish__name'), 5000)
    expect(text(page, 'nav-bar__title')).toBe('菜单管理')
    expect(text(page, 'shop-delivery-box__summary')).toContain('00:00–24:00')
    // Staff read it: the owner's note, no adding or editing.
    expect(byClass(page, 'shop-menu__owner-only')).not.toBeNull()
    expect(byClass(page, 'shop-add-category')).toBeNull()
    expect(byClass(page, 'shop-dish__edit')).toBeNull()
    const byId = new Map(answer.dishes.map((d) => [d.id, d]))
    expect(texts(page, 'shop-category__name')).toEqual(answer.categories.map((c) => c.name))
    const listed = answer.categories.flatMap((c) => c.dish_ids.map((id) => byId.get(id)))
    expect(texts(page, 'shop-dish__name')).toEqual(listed.map((d) => d.name))
    expect(texts(page, 'shop-dish__price').map((p) => p.split(' · ')[0])).toEqual(listed.map((d) => `¥${(d.price / 100).toFixed(2)}`))

    // Staff mark the first dish on sale sold out, with its button; the shopper's menu, opened next, says so.
    const i = listed.findIndex((d) => !d.sold_out)
    const dish = listed[i]
    page.querySelectorAll('.shop-dish__sold-out')[i].dispatchEvent('tap')
    await flush()
    await waitFor(() => (allByClass(page, 'shop-dish')[i]?.getAttribute('class') ?? '').includes('shop-dish--out'), 5000)
    const shopperMenu = await open('pages/takeout/detail', { query: { id: '19' }, storage: { token: shopper.token, myUserId: shopper.userId, city: { id: 1, name: '深圳' } } })
    await waitFor(() => texts(shopperMenu.page, 'to-dish__name').length > 0, 10000)
    const row = allByClass(shopperMenu.page, 'to-dish').find((r) => r.querySelector('[class~="to-dish__name"], [class~="main--to-dish__name"]')?.textContent === dish.name)
    expect(row.getAttribute('class')).toContain('to-dish--out')
    expect(row.textContent).toContain('售罄')
    // Back on sale for the tests after.
    await call(server.base, 'POST', '/api/hui_shanghu.store_takeout/soldOut', { dish_id: dish.id, sold_out: false }, staff.token)
  })
})
