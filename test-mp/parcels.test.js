/**
 * Issue 14 in the simulator: a paid mall parcel as its store sees it (the ship button and where it goes), shipped
 * with a tracking number, and the shopper's Logistics screen with the reference server's answers — the timeline
 * as the sandbox carrier's clock moves, then confirming receipt (the dialog answered yes) → completed.
 */
const { allByClass, byClass, text, waitFor, answerModalsYes } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let shopper
let staff
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900001451')
  staff = await login(server.base, '19900000008')
}, 120000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })
const yes = answerModalsYes

const open = (route, options) => openOn(server.base, route, options)

let n = 0
/** A paid mall order shipped to the shopper's address (the API, as the mall screens send it). */
async function paidParcel() {
  const address = await call(server.base, 'POST', '/api/personal.address/save', { name: '周七', mobile: '13800138003', province: '广东省', city: '深圳市', district: '南山区', detail: '后海大道 8 号' }, shopper.token)
  const created = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'product', source: 'mall', product_id: 3, spec_id: 31, quantity: 1, delivery: 'ship', address_id: address.data.data.info.id, client_request_id: `mp-parcel-${n++}-${Date.now()}` }, shopper.token)
  const id = created.data.data.order_info.id
  await call(server.base, 'POST', '/api/personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)
  await call(server.base, 'POST', '/api/sandbox/confirmPay', { id, result: 'success' })
  return id
}

describe('parcels (weapp, reference server)', () => {
  it('the store sees where a paid parcel goes and ships it with a tracking number', async () => {
    const id = await paidParcel()
    const { page, calls } = await open('pages/store/order', { query: { id: String(id) }, storage: as(staff) })
    await waitFor(() => byClass(page, 'store-order__ship'), 5000)
    expect(text(page, 'store-order__address')).toContain('后海大道 8 号')
    page.querySelector('.store-order__ship').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'ship-sheet__submit'), 3000)
    expect(allByClass(page, 'ship-sheet__carrier').map((el) => el.textContent)).toEqual(['顺丰速运', '中通快递', '圆通速递', '京东物流', '中国邮政 EMS'])
    const input = page.querySelector('.ship-sheet__no')
    input.dispatchEvent('input', { detail: { value: 'SF1451000001' } })
    page.querySelector('.ship-sheet__submit').dispatchEvent('tap')
    await waitFor(() => byClass(page, 'store-order__parcel'), 5000)
    expect(text(page, 'store-order__parcel')).toContain('SF1451000001')
    expect(calls.some((c) => c.startsWith('POST /api/hui_shanghu.store_order/ship'))).toBe(true)
  })

  it('Logistics: the timeline newest first as the carrier’s clock moves; confirming receipt completes the order', async () => {
    const id = await paidParcel()
    expect((await call(server.base, 'POST', '/api/hui_shanghu.store_order/ship', { id, carrier: 'JD', tracking_no: 'JD1451000002' }, staff.token)).data.code).toBe(1)
    await call(server.base, 'POST', '/api/sandbox/carrierClock', { advance_minutes: 27 * 60 })
    const { page, calls } = await open('pages/logistics/index', { query: { id: String(id) }, storage: as(shopper), stubs: yes })
    await waitFor(() => byClass(page, 'parcel__confirm'), 5000)
    expect(text(page, 'parcel__state')).toBe('派送中')
    expect(text(page, 'parcel__carrier')).toBe('京东物流')
    expect(text(page, 'parcel__no')).toBe('JD1451000002')
    expect(allByClass(page, 'parcel-event__title').map((el) => el.textContent.replace('最新', ''))).toEqual(['派送中', '运输中', '已揽件', '已发货'])
    page.querySelector('.parcel__confirm').dispatchEvent('tap')
    // Issue 39: confirmed while out for delivery, the header reads received, not 派送中.
    await waitFor(() => text(page, 'parcel__state') === '已收货', 5000)
    expect(byClass(page, 'parcel__confirm')).toBeFalsy()
    expect(calls.some((c) => c.startsWith('POST /api/personal.order/confirmReceipt'))).toBe(true)
    const read = await call(server.base, 'GET', `/api/personal.order/read?id=${id}`, null, shopper.token)
    expect(read.data.data.info.order_status).toBe(40)
    await call(server.base, 'POST', '/api/sandbox/carrierClock', { reset: true })
  })
})
