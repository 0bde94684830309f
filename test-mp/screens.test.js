const { byClass, openPage, waitFor } = require('./harness')
const { bridge, startServer } = require('./server')
const { seedShopper, SCREENS, withOrder } = require('./fixtures')

let server
let shopper
let paidOrderId
beforeAll(async () => {
  server = await startServer()
  ;({ shopper, paidOrderId } = await seedShopper(server.base, '13900000002', 'mp-screens-card-1'))
}, 120000)
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

  it('Pay a bill: the in-app coupon sheet lists all 8 usable coupons (WeChat’s action sheet stops at 6); the 8th is the one quoted', async () => {
    // Eight ¥1…¥8 coupons in the shopper's list (the server's answer replaced: the demo data has two bill coupons).
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: 9001 + i, coupon_id: 1, title: `立减 ${i + 1} 元`, amount: (i + 1) * 100, min_spend: 0, shop_id: null, kind: 'bill', status: 'available', expires_at: '2099-12-31 23:59:59' }))
    const quoted = []
    const actionSheets = []
    const { page } = await openPage('pages/payBill/index', {
      query: { shop_id: '1' },
      beforeApp: (wx) => {
        bridge(wx, server.base, { token: shopper.token, myUserId: shopper.userId })
        const toServer = wx.request
        wx.request = (opts) => {
          const { pathname } = new URL(opts.url)
          if (pathname.endsWith('/personal.coupon/index')) {
            setTimeout(() => opts.success({ statusCode: 200, data: { code: 1, msg: 'ok', data: { list: eight, total: 8, page: 1, page_size: 50 } }, header: {}, errMsg: 'request:ok' }), 0)
            return { abort() {} }
          }
          if (pathname.endsWith('/personal.order/preCreate')) quoted.push(opts.data)
          return toServer(opts)
        }
        wx.showActionSheet = (o) => actionSheets.push(o)
      },
    })
    await waitFor(() => byClass(page, 'bill__shop-name'), 5000)
    let typed = ''
    for (const key of ['1', '0', '0']) {
      page.querySelector(`.keypad__key--${key}`).dispatchEvent('tap')
      typed += key
      // The keypad has taken the digit before the next tap.
      await waitFor(() => byClass(page, 'bill__amount')?.textContent === `¥${typed}`)
    }
    await waitFor(() => byClass(page, 'coupon-choice__value')?.textContent === '8 张可用', 3000)
    page.querySelector('.bill__coupon').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'sheet__item'), 3000)
    const items = () => Array.from(page.dom.querySelectorAll('[class~="main--sheet__item"], [class~="sheet__item"]'))
    expect(items().map((el) => el.textContent.trim())).toEqual(['不使用', ...[8, 7, 6, 5, 4, 3, 2, 1].map((n) => `立减 ${n} 元 · ¥${n}.00`)])
    expect(byClass(page, 'sheet__cancel').textContent.trim()).toBe('取消')
    page.querySelectorAll('.sheet__item')[8].dispatchEvent('tap')
    await waitFor(() => !byClass(page, 'sheet__item'), 3000)
    // The server refuses a coupon it never gave; what matters is that the 8th is the one asked for.
    await waitFor(() => quoted.some((p) => p.coupon_id === 9001), 3000)
    expect(actionSheets).toEqual([])
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
