import TestUtils from '@tarojs/test-utils-react'
import { setItem } from '@/core/storage'
import OrdersIndexPage from '@/pages/orders/index'
import PaySuccessPage from '@/pages/payBill/success'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { order, paged } from '../support/fixtures'

/** One show of a screen reads each thing once (it used to read My orders' list and the paid order twice). */
const mounted: TestUtils[] = []
afterEach(() => {
  mounted.splice(0).forEach((t) => t.unmout())
  jest.restoreAllMocks()
  resetRouter()
})

async function mountAndSettle(Page: () => JSX.Element) {
  const t = new TestUtils()
  mounted.push(t)
  await t.mount(Page)
  // The page's show (what the runtime fires after mounting), then let every answer land.
  await t.act(() => new Promise((r) => setTimeout(r, 50)))
  return t
}

describe('one show, one read', () => {
  it('Payment success with a pending order record: order/read once for the check and once for the screen', async () => {
    setItem('token', 'tok')
    setItem('pendingOrder', { orderID: 41, times: 0, kind: 'bill' })
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await mountAndSettle(PaySuccessPage)
    await t.queries.waitForQuerySelector('.pay-result__status')
    expect(api.called('personal.order/read')).toHaveLength(2)
  })

  it('Payment success without a pending record: order/read once', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await mountAndSettle(PaySuccessPage)
    await t.queries.waitForQuerySelector('.pay-result__status')
    expect(api.called('personal.order/read')).toHaveLength(1)
  })

  it('My orders: order/index once on mount (jsdom fires no first show here; the page no longer remounts the list on it)', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    const api = fakeApi({ 'personal.order/index': () => paged([order()]) })
    await mountAndSettle(OrdersIndexPage)
    expect(api.called('personal.order/index')).toHaveLength(1)
  })
})
