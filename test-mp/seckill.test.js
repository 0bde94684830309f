/**
 * Issue 14 in the simulator: the flash-sale screens (sub-package pages/seckill) render with the reference server's
 * answers, and a flash-sale product is bought through the weapp payment path (requestPayment → the server says paid
 * → its order detail, as the seed's rule for product orders says).
 */
const { allByClass, byClass, text, waitFor } = require('./harness')
const { call, login, openOn, sandboxWallet, startServer } = require('./server')
const { holdFlashSession, releaseServerClock } = require('./flashClock')

let server
let shopper
/** The file's server's clock (POST /api/sandbox/clock): its answer's data. */
const serverClock = async (body) => (await call(server.base, 'POST', '/api/sandbox/clock', body)).data.data
beforeAll(async () => {
  server = await startServer()
  // The server's clock at 12:00 of its day, whatever the time: the 08:00–16:00 session on, four hours from its end.
  await holdFlashSession(serverClock)
  shopper = await login(server.base, '13900001401')
}, 60000)
afterAll(async () => {
  if (server) await releaseServerClock(serverClock)
  await server?.stop()
})

const all = allByClass
const asShopper = () => ({ token: shopper.token, myUserId: shopper.userId })

const open = (route, options) => openOn(server.base, route, options)

/** A product on sale now with stock, from the server. */
async function liveProduct() {
  const res = await call(server.base, 'GET', '/api/hui_public.hsh_seckill_prod/index?page=1&page_size=20')
  const on = res.data.data.list.find((p) => p.state === 'on' && p.stock > 1)
  if (!on) throw new Error('no flash-sale product on sale')
  return on
}

describe('flash sales (weapp, reference server)', () => {
  it('Flash sales shows the day’s sessions, the one on now chosen, and its products with prices and countdowns', async () => {
    const { page, calls } = await open('pages/seckill/index')
    await waitFor(() => all(page, 'flash-card').length > 0, 5000)
    expect(all(page, 'flash-sessions__tab')).toHaveLength(4)
    expect(text(page, 'flash-sessions__tab--active')).toContain('抢购中')
    // The session of the held 12:00 (08:00–16:00) is the one on and chosen, whatever the time the test runs at.
    expect(text(page, 'flash-sessions__tab--active')).toBe('08:00抢购中')
    const live = await liveProduct()
    expect(page.dom.textContent).toContain(live.name)
    expect(text(page, 'flash-card__countdown')).toMatch(/^距结束 \d{2}:\d{2}:\d{2}$/)
    expect(text(page, 'flash-card__price')).toMatch(/^¥\d+\.\d{2}$/)
    expect(calls.some((c) => c.startsWith('GET /api/hui_public.hsh_seckill_prod/index'))).toBe(true)
  })

  it('Flash-sale product shows its pictures, countdown, limit, rules and reviews', async () => {
    const live = await liveProduct()
    const { page } = await open('pages/seckill/detail', { query: { id: String(live.id) } })
    await waitFor(() => byClass(page, 'flash-detail__buy'), 5000)
    expect(all(page, 'flash-pictures__page')).toHaveLength(3)
    expect(text(page, 'flash-detail__name')).toBe(live.name)
    expect(text(page, 'flash-detail__countdown')).toMatch(/^\d{2}:\d{2}:\d{2}$/)
    expect(text(page, 'flash-detail__limit')).toBe(`每人限购 ${live.limit_per_user} 件`)
    expect(page.dom.textContent).toContain('好邻居便利')
    await waitFor(() => byClass(page, 'flash-comment'), 5000)
    expect(text(page, 'flash-detail__buy')).toBe('立即抢购')
  })

  it('buys one through requestPayment: the server confirms, and the shopper lands on the order’s detail', async () => {
    const live = await liveProduct()
    const wallet = sandboxWallet(server.base)
    const opened = await open('pages/seckill/detail', {
      query: { id: String(live.id) },
      storage: asShopper(),
      stubs: wallet.stub,
    })
    const { page } = opened
    wallet.watch(opened.calls)
    await waitFor(() => text(page, 'flash-detail__buy') === '立即抢购', 5000)
    page.querySelector('.flash-detail__buy').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'flash-sheet__pay'), 3000)
    await waitFor(() => text(page, 'flash-sheet__payable') === `¥${(live.price / 100).toFixed(2)}`, 5000)
    page.querySelector('.flash-sheet__pay').dispatchEvent('tap')
    await waitFor(() => wallet.redirected, 10000)
    expect(wallet.paid).toHaveLength(1)
    expect(wallet.redirected).toBe(`/pages/orders/detail?id=${wallet.createdOrderId()}`)
    const order = await call(server.base, 'GET', `/api/personal.order/read?id=${wallet.createdOrderId()}`, null, shopper.token)
    expect(order.data.data.info).toEqual(expect.objectContaining({ kind: 'product', order_status: 10, pay_amount: live.price, shop_name: '好邻居便利' }))
  })

  it('the paid order at pickup (issue 24): the sale price per item, no discount line, and beside the code the store — its address opens wx.openLocation', async () => {
    const live = await liveProduct()
    // A shopper of its own (the live product may be one per shopper, and the test above bought it).
    const buyer = await login(server.base, '13900001402')
    const created = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'product', product_id: live.id, quantity: 1, client_request_id: `mp-pickup-${Date.now()}` }, buyer.token)
    expect(created.data.code).toBe(1)
    const id = created.data.data.order_info.id
    await call(server.base, 'POST', '/api/personal.order/payparam', { id, platform: 'weapp' }, buyer.token)
    await call(server.base, 'POST', '/api/sandbox/confirmPay', { id, result: 'success' })
    const opened = []
    const { page } = await open('pages/orders/detail', {
      query: { id: String(id) },
      storage: { token: buyer.token, myUserId: buyer.userId },
      stubs: (wx) => {
        wx.openLocation = (opts) => {
          opened.push(opts)
          if (opts.success) opts.success({ errMsg: 'openLocation:ok' })
        }
      },
    })
    await waitFor(() => byClass(page, 'order-pickup__place'), 5000)
    expect(text(page, 'order-line__price')).toBe(`¥${(live.price / 100).toFixed(2)}`)
    expect(text(page, 'order-line__list-price')).toBe(`¥${(live.original_price / 100).toFixed(2)}`)
    expect(page.dom.textContent).not.toContain('优惠')
    expect(text(page, 'order-pickup__name')).toBe('好邻居便利')
    expect(text(page, 'order-pickup__address')).toBe('南山区后海大道 66 号')
    expect(text(page, 'order-pickup__hours')).toBe('营业时间 09:00-22:00')
    page.querySelector('.order-pickup__place').dispatchEvent('tap')
    await waitFor(() => opened.length === 1, 3000)
    expect(opened[0]).toEqual(expect.objectContaining({ name: '好邻居便利', address: '南山区后海大道 66 号' }))
    expect(typeof opened[0].latitude).toBe('number')
  })
})
