/**
 * Issue 24 in the simulator: the mall's cart (pages/vMall/cart, the mall's sub-package) renders the reference server's
 * answer — lines grouped by store with their price and quantity, the sold-out line greyed — the lines ticked as they
 * arrived with the server's total, a store unticked by a tap; the product's bar shows the cart's badge.
 */
const { allByClass, byClass, text, waitFor } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let shopper
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900002401')
  for (const [product_id, spec_id, quantity] of [
    [9, 91, 1],
    [2, 21, 1],
    [1, 11, 2],
  ]) {
    const added = await call(server.base, 'POST', '/api/personal.mall_cart/add', { product_id, spec_id, quantity }, shopper.token)
    if (added.data.code !== 1) throw new Error(`cart add: ${added.data.msg}`)
  }
}, 60000)
afterAll(async () => {
  await server?.stop()
})

const signedIn = { storage: {} }
beforeAll(() => {
  signedIn.storage = { token: shopper.token, myUserId: shopper.userId }
})

describe('the mall’s cart (weapp, reference server)', () => {
  it('lines by store with price and quantity; a store chosen shows its total and the checkout count', async () => {
    const { page, calls } = await openOn(server.base, 'pages/vMall/cart', signedIn)
    await waitFor(() => allByClass(page, 'cart-line').length === 3, 5000)
    expect(calls.some((c) => c.includes('personal.mall_cart/index'))).toBe(true)
    expect(allByClass(page, 'cart-store__name').map((el) => el.textContent)).toEqual(['好邻居便利', '洁净洗衣'])
    expect(allByClass(page, 'cart-line__name').map((el) => el.textContent)).toEqual(['赣南脐橙', '智利冰鲜三文鱼', '竹浆本色抽纸'])
    expect(allByClass(page, 'cart-line__price').map((el) => el.textContent)).toEqual(['¥39.90', '¥59.90', '¥45.90'])
    expect(allByClass(page, 'cart-stepper__value').map((el) => el.textContent)).toEqual(['2', '1', '1'])
    expect(allByClass(page, 'cart-store__fee').map((el) => el.textContent)).toEqual(['运费 ¥10.00', '包邮'])
    // Issue 39: the lines arrived ticked (the last store's: 好邻居便利) — the server's total before any tap; a tap on the
    // store unticks its lines, kept on the server.
    expect(text(page, 'cart-bar__amount')).toBe('¥139.70')
    expect(text(page, 'cart-bar__checkout')).toBe('结算（3）')
    page.querySelector('.cart-store__head .cart-check').dispatchEvent('tap')
    await waitFor(() => text(page, 'cart-bar__amount') === '¥0.00', 3000)
    await waitFor(() => calls.some((c) => c.includes('personal.mall_cart/check')), 3000)
  })

  it('a product’s bar: Add to cart and the cart’s badge', async () => {
    const { page } = await openOn(server.base, 'pages/vMall/detail', { query: { id: '1' }, ...signedIn })
    await waitFor(() => text(page, 'mall-cart-entry__badge') === '4', 5000)
    expect(text(page, 'mall-detail__add')).toBe('加入购物车')
    expect(byClass(page, 'mall-detail__buy')).toBeTruthy()
  })
})
