/**
 * Issue 14 in the simulator: the micro mall's screens (sub-packages pages/vMall, pages/special) render with the
 * reference server's answers, and a mall product is bought through the weapp payment path, picked up at its store
 * (requestPayment → the server says paid → its order detail).
 */
const { allByClass, byClass, text, waitFor } = require('./harness')
const { call, login, openOn, sandboxWallet, startServer } = require('./server')

let server
let shopper
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900001481')
}, 60000)
afterAll(async () => {
  await server?.stop()
})

const open = (route, options) => openOn(server.base, route, options)

describe('micro mall (weapp, reference server)', () => {
  it('Micro mall: the gallery, the categories and the grid; a category shows only its products', async () => {
    const { page, calls } = await open('pages/vMall/index')
    await waitFor(() => allByClass(page, 'mall-card').length >= 6, 5000)
    expect(allByClass(page, 'mall-cat').map((el) => el.textContent)).toEqual(['全部', '生鲜水果', '休闲零食', '家居日用', '数码家电', '美妆个护', '母婴玩具'])
    expect(allByClass(page, 'mall-gallery__title').map((el) => el.textContent)).toContain('年货节')
    page.querySelector('.mall-cat--4').dispatchEvent('tap')
    const digital = ['主动降噪蓝牙耳机', '20000 mAh 快充充电宝', '智能运动手表', '静音无线鼠标']
    await waitFor(() => allByClass(page, 'mall-card__name').map((el) => el.textContent).join('|') === digital.join('|'), 5000)
    expect(calls.some((c) => c.includes('hui_public.mall_product/index') && c.includes('category_id=4'))).toBe(true)
  })

  it('a product shows its specs with price and stock, the sold-out one marked; the gallery, guide and special render', async () => {
    const product = await open('pages/vMall/detail', { query: { id: '2' } })
    await waitFor(() => byClass(product.page, 'mall-detail__buy'), 5000)
    expect(text(product.page, 'mall-detail__name')).toBe('智利冰鲜三文鱼')
    expect(allByClass(product.page, 'mall-spec__meta').map((el) => el.textContent)).toEqual(['¥59.90 · 库存 40', '¥89.90 · 已售罄'])
    expect(text(product.page, 'mall-detail__buy')).toBe('立即购买')
    const gallery = await open('pages/vMall/swiper')
    await waitFor(() => allByClass(gallery.page, 'mall-slides__title').length === 4, 5000)
    const guide = await open('pages/vMall/guide')
    await waitFor(() => allByClass(guide.page, 'mall-guide__step').length === 4, 5000)
    expect(guide.page.dom.textContent).toContain('7 天后未确认的订单将自动完成')
    const special = await open('pages/special/index', { query: { id: '1' } })
    await waitFor(() => allByClass(special.page, 'mall-card').length === 6, 5000)
    expect(text(special.page, 'mall-special__title')).toBe('年货节')
  })

  it('the mall’s own search (issue 24): Search on mall products finds 赣南脐橙 by "橙", and nothing found says what was searched', async () => {
    const { page, calls } = await open('pages/index/search', { query: { scope: 'mall' } })
    await waitFor(() => allByClass(page, 'search__word').length > 0, 5000)
    expect(allByClass(page, 'search__word').map((el) => el.textContent)).toContain('脐橙')
    page.querySelector('.search__input').dispatchEvent('input', { detail: { value: '橙' } })
    await waitFor(() => allByClass(page, 'search__product-name').length === 1, 5000)
    expect(text(page, 'search__product-name')).toBe('赣南脐橙')
    expect(text(page, 'search__product-price')).toBe('¥39.90')
    // The member price first, as the mall's grid shows it (issue 39).
    expect(text(page, 'search__product-member')).toBe('¥35.90')
    expect(byClass(page, 'search__tabs')).toBeFalsy()
    expect(calls.some((c) => c.includes('hui_public.mall_product/index') && c.includes(`keyword=${encodeURIComponent('橙')}`))).toBe(true)
    expect(calls.some((c) => c.includes('hui_shanghu.shop/index'))).toBe(false)
    page.querySelector('.search__input').dispatchEvent('input', { detail: { value: '火星' } })
    await waitFor(() => text(page, 'state__title') === '没有找到“火星”', 5000)
  })

  it('buys one to pick up through requestPayment: the server confirms, and the shopper lands on the order’s detail', async () => {
    const wallet = sandboxWallet(server.base)
    const opened = await open('pages/vMall/detail', { query: { id: '7' }, storage: { token: shopper.token, myUserId: shopper.userId }, stubs: wallet.stub })
    const { page } = opened
    wallet.watch(opened.calls)
    await waitFor(() => text(page, 'mall-detail__buy') === '立即购买', 5000)
    page.querySelector('.mall-detail__buy').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'mall-mode--pickup'), 3000)
    page.querySelector('.mall-mode--pickup').dispatchEvent('tap')
    await waitFor(() => text(page, 'mall-sheet__payable') === '¥39.90', 5000)
    page.querySelector('.mall-sheet__pay').dispatchEvent('tap')
    await waitFor(() => wallet.redirected, 10000)
    expect(wallet.paid).toHaveLength(1)
    expect(wallet.redirected).toBe(`/pages/orders/detail?id=${wallet.createdOrderId()}`)
    const order = await call(server.base, 'GET', `/api/personal.order/read?id=${wallet.createdOrderId()}`, null, shopper.token)
    expect(order.data.data.info).toEqual(expect.objectContaining({ kind: 'product', order_status: 10, pay_amount: 3990, shop_name: '好邻居便利', delivery: { mode: 'pickup', address: null } }))
    expect(order.data.data.info.lines).toEqual([expect.objectContaining({ name: '黄油手工曲奇', spec: '原味 500 g', quantity: 1 })])
  })
})
