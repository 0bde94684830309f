import { getItem, setItem } from '@/core/storage'
import OrdersIndexPage from '@/pages/orders/index'
import PaySuccessPage from '@/pages/payBill/success'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { order, paged } from '../support/fixtures'
import { mount, text, unmountAll, until } from '../support/screen'

/** One show of a screen reads each thing once (it used to read My orders' list and the paid order twice). */
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetRouter()
})

describe('one show, one read', () => {
  it('Payment success with a pending order record: order/read once for the check and once for the screen', async () => {
    setItem('token', 'tok')
    setItem('pendingOrder', { orderID: 41, times: 0, kind: 'bill' })
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await mount(PaySuccessPage)
    // Settled: the screen shows the order as paid and the pending check has cleared its record.
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    await until(t, () => expect(getItem('pendingOrder')).toBeUndefined())
    expect(api.called('personal.order/read')).toHaveLength(2)
  })

  it('Payment success without a pending record: order/read once', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    expect(api.called('personal.order/read')).toHaveLength(1)
  })

  it('My orders: order/index once on mount (jsdom fires no first show here; the page no longer remounts the list on it)', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    const api = fakeApi({ 'personal.order/index': () => paged([order()]) })
    const t = await mount(OrdersIndexPage)
    await until(t, () => expect(text(t, '.list-footer')).toContain('没有更多了'))
    expect(api.called('personal.order/index')).toHaveLength(1)
  })
})
