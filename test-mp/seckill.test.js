/**
 * Issue 14 in the simulator: the flash-sale screens (sub-package pages/seckill) render with the reference server's
 * answers, and a flash-sale product is bought through the weapp payment path (requestPayment → the server says paid
 * → its order detail, as the seed's rule for product orders says).
 */
const { allByClass, byClass, text, waitFor } = require('./harness')
const { call, login, openOn, sandboxWallet, startServer } = require('./server')
const { clearOfFlashBoundary } = require('./flashClock')

let server
let shopper
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900001401')
}, 60000)
afterAll(async () => {
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
  // Not within a minute of the session's end: a run crossing 08:00 / 16:00 / 00:00 (business clock) buys in the next one.
  beforeEach(() => clearOfFlashBoundary())

  it('Flash sales shows the day’s sessions, the one on now chosen, and its products with prices and countdowns', async () => {
    const { page, calls } = await open('pages/seckill/index')
    await waitFor(() => all(page, 'flash-card').length > 0, 5000)
    expect(all(page, 'flash-sessions__tab')).toHaveLength(4)
    expect(text(page, 'flash-sessions__tab--active')).toContain('抢购中')
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
})
