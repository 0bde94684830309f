const { byClass, openPage, waitFor } = require('./harness')
const { bridge, call, login, startServer } = require('./server')

let server
let shopper
let paidOrderId
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000002')
  // A paid card order, a card, an address and a coupon, so every screen has something to show.
  const create = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'card', card_id: 1, client_request_id: 'mp-screens-card-1' }, shopper.token)
  paidOrderId = create.data.data.order_info.id
  await call(server.base, 'POST', '/api/personal.order/payparam', { id: paidOrderId, platform: 'weapp' }, shopper.token)
  await call(server.base, 'POST', '/api/sandbox/confirmPay', { id: paidOrderId, result: 'success' })
  await call(server.base, 'POST', '/api/personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, shopper.token)
  await call(server.base, 'POST', '/api/personal.coupon/claim', { coupon_id: 1 }, shopper.token)
}, 60000)
afterAll(async () => {
  await server?.stop()
})

/** Issue 4's screens, each with what a shopper should see once the server has answered. */
const SCREENS = [
  ['pages/index/search', {}, 'search__word'],
  ['pages/personal/address', {}, 'address__name'],
  ['pages/personal/newAddress', {}, 'address-form__save'],
  ['pages/accountBind/index', {}, 'bind__submit'],
  ['pages/discountBill/index', {}, 'shop-row'],
  ['pages/shops/details', { id: '1' }, 'shop-head__name'],
  ['pages/payBill/index', { shop_id: '1' }, 'bill__shop-name'],
  ['pages/payBill/success', { id: 'PAID' }, 'pay-result__status'],
  ['pages/orders/orderInfo', { id: 'PAID' }, 'gold__points-value'],
  ['pages/orders/index', {}, 'order-card'],
  ['pages/orders/detail', { id: 'PAID' }, 'order-detail__status-text'],
  ['pages/card/index', {}, 'card-product'],
  ['pages/card/my', {}, 'member-card'],
  ['pages/card/my_old', {}, 'my-cards-compact__row'],
  ['pages/card/records', {}, 'record'],
  ['pages/card/vipCord', {}, 'till__name'],
  ['pages/card/ticketList', {}, 'coupon'],
  ['pages/webView/index', { url: 'javascript:alert(1)' }, 'state--empty'],
]

describe('issue 4 screens render real answers in the simulator', () => {
  it.each(SCREENS)('%s', async (route, query, cls) => {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'PAID' ? String(paidOrderId) : v]))
    const { page } = await openPage(route, { query: q, beforeApp: (wx) => bridge(wx, server.base, { token: shopper.token, myUserId: shopper.userId }) })
    await waitFor(() => byClass(page, cls) || byClass(page, 'state--error'), 5000)
    expect(byClass(page, 'state--error')).toBeNull()
    expect(byClass(page, cls)).not.toBeNull()
  })

  it('the Code page resolves a shop QR code to that shop’s Pay a bill', async () => {
    let redirected = ''
    await openPage('pages/code/index', {
      query: { scene: encodeURIComponent('SHOP-0003') },
      beforeApp: (wx) => {
        bridge(wx, server.base, {})
        wx.redirectTo = (o) => {
          redirected = o.url
        }
      },
    })
    await waitFor(() => redirected, 5000)
    expect(redirected).toBe('/pages/payBill/index?shop_id=3')
  })
})
