/**
 * Issue 12 in the simulator: the store workbench screens (a sub-package) render for staff with the reference
 * server's answers; a shopper's Me has no workbench entry, and a shopper who opens the workbench reads "no permission".
 */
const { byClass, text, waitFor } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let shopper
let staff
let refundingBill
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900000201')
  // Staff of shop 1 (docs/api.md: 199000000NN = staff of shop NN), bound through the same SMS flow.
  staff = await login(server.base, '19900000001')
  // A paid bill at shop 1 whose refund the shopper asked for: something for the store to answer.
  const created = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'bill', shop_id: 1, amount: 8800, client_request_id: 'mp-store-bill-1' }, shopper.token)
  refundingBill = created.data.data.order_info.id
  await call(server.base, 'POST', '/api/personal.order/payparam', { id: refundingBill, platform: 'weapp' }, shopper.token)
  await call(server.base, 'POST', '/api/sandbox/confirmPay', { id: refundingBill, result: 'success' })
  const refund = await call(server.base, 'POST', '/api/personal.order/refund', { id: refundingBill, reason: '重复支付' }, shopper.token)
  expect(refund.data.code).toBe(1)
}, 120000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })

const open = (route, options) => openOn(server.base, route, options)

describe('store workbench (weapp, reference server)', () => {
  it('Me offers 门店工作台 to staff only', async () => {
    const mine = await open('pages/personal/index', { storage: as(staff) })
    await waitFor(() => text(mine.page, 'menu-list__item--workbench'), 5000)
    expect(text(mine.page, 'menu-list__item--workbench')).toContain('门店工作台')

    const theirs = await open('pages/personal/index', { storage: as(shopper) })
    await waitFor(() => text(theirs.page, 'account-header__phone'), 5000)
    await waitFor(() => text(theirs.page, 'menu-list__item--logout'), 5000)
    expect(byClass(theirs.page, 'menu-list__item--workbench')).toBeNull()
  })

  it('the workbench home shows the store, the day and what needs doing', async () => {
    const { page, calls } = await open('pages/store/index', { storage: as(staff) })
    await waitFor(() => text(page, 'workbench__shop'), 5000)
    expect(text(page, 'nav-bar__title')).toBe('门店工作台')
    expect(text(page, 'workbench__shop')).toBe('川味小馆')
    expect(text(page, 'workbench__day')).toMatch(/^营业日 \d{4}-\d{2}-\d{2}$/)
    expect(Number(text(page, 'workbench__refunds').replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1)
    expect(calls.some((c) => c.startsWith('GET /api/hui_shanghu.store/workbench'))).toBe(true)
  })

  it('a shopper who opens the workbench reads "no permission"', async () => {
    const { page } = await open('pages/store/index', { storage: as(shopper) })
    await waitFor(() => text(page, 'state__title'), 5000)
    expect(text(page, 'state__title')).toBe('无权限')
  })

  it('Verify shows the code field; store orders list the refund to answer; the order offers approve and reject with its trail', async () => {
    const verify = await open('pages/store/verify', { storage: as(staff) })
    await waitFor(() => byClass(verify.page, 'verify__input'), 5000)
    expect(text(verify.page, 'verify__look-up')).toBe('查询')

    const list = await open('pages/store/orders', { query: { todo: 'refund' }, storage: as(staff) })
    await waitFor(() => list.page.dom.textContent.includes('139****0201'), 5000)
    expect(list.calls.some((c) => c.startsWith('GET /api/hui_shanghu.store_order/index') && c.includes('todo=refund'))).toBe(true)

    const detail = await open('pages/store/order', { query: { id: String(refundingBill) }, storage: as(staff) })
    await waitFor(() => byClass(detail.page, 'store-order__approve'), 5000)
    expect(text(detail.page, 'store-order__refund-reason')).toBe('重复支付')
    expect(byClass(detail.page, 'store-order__reject')).not.toBeNull()
    expect(text(detail.page, 'store-trail')).toContain('顾客申请退款')
  })
})
