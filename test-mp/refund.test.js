/**
 * Issue 24 in the simulator: the refund timeline of Order detail rendered with the reference server's answers — a bill
 * paid in the mini-program (WeChat Pay) whose refund waits for the store (the reason, when it is approved by itself,
 * where the money goes back), withdrawn from the page (the dialog answered yes), asked again and approved by the
 * store's API → refunded with the amount and the date.
 */
const { allByClass, byClass, text, texts, waitFor, answerModalsYes } = require('./harness')
const { call, login, openOn, startServer } = require('./server')

let server
let shopper
let staff
beforeAll(async () => {
  server = await startServer()
  shopper = await login(server.base, '13900002424')
  staff = await login(server.base, '19900000002')
}, 120000)
afterAll(async () => {
  await server?.stop()
})

const as = (who) => ({ token: who.token, myUserId: who.userId })
const yes = answerModalsYes
const open = (route, options) => openOn(server.base, route, options)
const read = async (id) => (await call(server.base, 'GET', `/api/personal.order/read?id=${id}`, null, shopper.token)).data.data.info
const hasClass = (el, cls) => (el.getAttribute('class') || '').split(/\s+/).some((c) => c === cls || c === `main--${cls}`)

/** A bill at shop 2 paid in the mini-program (channel 8: WeChat Pay), its refund asked. */
async function refundingBill() {
  const created = await call(server.base, 'POST', '/api/personal.order/create', { kind: 'bill', shop_id: 2, amount: 6600, client_request_id: `mp-refund-${Date.now()}` }, shopper.token)
  const id = created.data.data.order_info.id
  await call(server.base, 'POST', '/api/personal.order/payparam', { id, platform: 'weapp' }, shopper.token)
  await call(server.base, 'POST', '/api/sandbox/confirmPay', { id, result: 'success' })
  expect((await call(server.base, 'POST', '/api/personal.order/refund', { id, reason: '重复支付' }, shopper.token)).data.code).toBe(1)
  return id
}

describe('the refund timeline (weapp, reference server)', () => {
  it('waiting for the store, withdrawn from the page, asked again, approved → refunded with amount and date', async () => {
    const id = await refundingBill()
    const first = await open('pages/orders/detail', { query: { id: String(id) }, storage: as(shopper), stubs: yes })
    await waitFor(() => byClass(first.page, 'refund-timeline__withdraw'), 5000)
    expect(texts(first.page, 'refund-step__title')).toEqual(['已申请退款', '等待商家处理', '商家已同意退款', '款项退回中', '退款成功'])
    expect(text(first.page, 'refund-step__reason')).toBe('退款原因：重复支付')
    expect(text(first.page, 'refund-step__auto')).toMatch(/^商家未处理的话，将于 \d{4}-\d\d-\d\d \d\d:\d\d 自动同意$/)
    expect(text(first.page, 'refund-timeline__to')).toBe('微信支付（原路退回）')
    const info = await read(id)
    expect(text(first.page, 'refund-timeline__amount')).toBe(`¥${(info.pay_amount / 100).toFixed(2)}`)

    first.page.querySelector('.refund-timeline__withdraw').dispatchEvent('tap')
    await waitFor(() => byClass(first.page, 'refund-step--withdrawn'), 5000)
    expect(first.calls.some((c) => c.startsWith('POST /api/personal.order/cancelRefund'))).toBe(true)
    expect(byClass(first.page, 'refund-timeline__again')).toBeTruthy()
    expect((await read(id)).order_status).toBe(10)

    // Asked again and approved by the store; the sandbox provider sends the money back.
    await call(server.base, 'POST', '/api/personal.order/refund', { id, reason: '商家原因' }, shopper.token)
    expect((await call(server.base, 'POST', '/api/hui_shanghu.store_order/refundApprove', { id }, staff.token)).data.code).toBe(1)
    let refunded = await read(id)
    for (let i = 0; i < 100 && refunded.order_status !== 70; i++) {
      await new Promise((r) => setTimeout(r, 50))
      refunded = await read(id)
    }
    expect(refunded.order_status).toBe(70)

    const { page } = await open('pages/orders/detail', { query: { id: String(id) }, storage: as(shopper) })
    await waitFor(() => byClass(page, 'refund-timeline__refunded-at'), 5000)
    expect(allByClass(page, 'refund-step').every((el) => hasClass(el, 'refund-step--done'))).toBe(true)
    expect(text(page, 'refund-step__reason')).toBe('退款原因：商家原因')
    expect(text(page, 'refund-timeline__amount')).toBe(`¥${(refunded.pay_amount / 100).toFixed(2)}`)
    expect(text(page, 'refund-timeline__refunded-at')).toBe(refunded.refund.refunded_at.slice(0, 16))
    expect(text(page, 'order-detail__status-text')).toBe('已退款')
  })
})
