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

  it('anonymous on Pay a bill: off to Authorization once; back without logging in says so; back logged in, the page loads', async () => {
    const navigated = []
    const storage = {}
    const opened = await openPage('pages/payBill/index', {
      query: { shop_id: '1' },
      stackBelow: 1,
      beforeApp: (wx) => {
        bridge(wx, server.base, storage)
        wx.navigateTo = (o) => {
          navigated.push(o.url)
          return Promise.resolve({ errMsg: 'navigateTo:ok' })
        }
      },
    })
    const { page, state } = opened
    await waitFor(() => navigated.length, 3000)
    expect(navigated).toEqual([`/pages/accountBind/index?redirect=${encodeURIComponent('/pages/payBill/index?shop_id=1')}`])
    await waitFor(() => byClass(page, 'state--empty'), 3000)
    expect(byClass(page, 'state__title').textContent).toBe('请先登录')

    // The shopper logs in on Authorization and comes back: the page shows again.
    storage.token = shopper.token
    state.pages[state.pages.length - 1].onShow()
    await waitFor(() => byClass(page, 'bill__shop-name'), 5000)
    expect(byClass(page, 'state--empty')).toBeNull()
    expect(navigated).toHaveLength(1)
  })
})
