const { byClass, openPage, waitFor } = require('./harness')
const { bridge, startServer } = require('./server')
const { seedShopper, SCREENS, withOrder } = require('./fixtures')

let server
let shopper
let paidOrderId
beforeAll(async () => {
  server = await startServer()
  ;({ shopper, paidOrderId } = await seedShopper(server.base, '13900000002', 'mp-screens-card-1'))
}, 60000)
afterAll(async () => {
  await server?.stop()
})

describe('issue 4 screens render real answers in the simulator', () => {
  it.each(SCREENS)('%s', async (route, query, cls) => {
    const q = withOrder(query, paidOrderId)
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
