import TestUtils from '@tarojs/test-utils-react'
import { setItem } from '@/core/storage'
import CardIndexPage from '@/pages/card/index'
import OrdersDetailPage from '@/pages/orders/detail'
import OrdersIndexPage from '@/pages/orders/index'
import PayBillIndexPage from '@/pages/payBill/index'
import PaySuccessPage from '@/pages/payBill/success'
import PersonalIndexPage from '@/pages/personal/index'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { card, coupon, order, paged, shop } from '../support/fixtures'
import { show } from '../support/screen'

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
  await show(t)
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

  it('My orders: order/index once on mount and first show (the page does not remount the list on it)', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    const api = fakeApi({ 'personal.order/index': () => paged([order()]) })
    await mountAndSettle(OrdersIndexPage)
    expect(api.called('personal.order/index')).toHaveLength(1)
  })

  const profile = { user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card, order_counts: { unpaid: 0, paid: 1, completed: 0, refund: 0 } }

  it('Order detail of a paid order: order/read once, then its code once', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '41' })
    const api = fakeApi({
      'personal.order/read': () => ({ info: order({ id: 41, order_status: 20 }) }),
      'personal.order/orderVerification': () => ({ code: '123456789012', used: false, info: order({ id: 41, order_status: 20 }) }),
    })
    const t = await mountAndSettle(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail')
    expect(api.called('personal.order/read')).toHaveLength(1)
    expect(api.called('personal.order/orderVerification')).toHaveLength(1)
  })

  it('Pay a bill: shop/read once and my coupons once', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { shop_id: String(shop.id) })
    const api = fakeApi({ 'hui_shanghu.shop/read': () => ({ info: shop }), 'personal.coupon/index': () => paged([coupon], 1, 50) })
    await mountAndSettle(PayBillIndexPage)
    expect(api.called('hui_shanghu.shop/read')).toHaveLength(1)
    expect(api.called('personal.coupon/index')).toHaveLength(1)
  })

  it('Me (logged in): user/info once', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/index')
    const api = fakeApi({ 'personal.user/info': () => profile })
    const t = await mountAndSettle(PersonalIndexPage)
    await t.queries.waitForQuerySelector('.account-header__name')
    expect(api.called('personal.user/info')).toHaveLength(1)
  })

  it('Card tab: products once; my card once when logged in, never when anonymous', async () => {
    setItem('token', 'tok')
    openedWith('pages/card/index')
    let api = fakeApi({ 'hui_public.card/index': () => ({ list: [] }), 'personal.user/info': () => profile })
    const t = await mountAndSettle(CardIndexPage)
    await t.queries.waitForQuerySelector('.member-card')
    expect(api.called('hui_public.card/index')).toHaveLength(1)
    expect(api.called('personal.user/info')).toHaveLength(1)
    t.unmout()
    mounted.splice(mounted.indexOf(t), 1)
    jest.restoreAllMocks()

    window.localStorage.clear()
    openedWith('pages/card/index')
    api = fakeApi({ 'hui_public.card/index': () => ({ list: [] }), 'personal.user/info': () => profile })
    await mountAndSettle(CardIndexPage)
    expect(api.called('hui_public.card/index')).toHaveLength(1)
    expect(api.called('personal.user/info')).toHaveLength(0)
  })
})
