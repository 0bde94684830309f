import type TestUtils from '@tarojs/test-utils-react'
import { startFirstAnswers } from '@/core/firstAnswers'
import { getItem, setItem } from '@/core/storage'
import DiscountBillIndexPage from '@/pages/discountBill/index'
import CardIndexPage from '@/pages/card/index'
import OrdersDetailPage from '@/pages/orders/detail'
import OrdersIndexPage from '@/pages/orders/index'
import PayBillIndexPage from '@/pages/payBill/index'
import PaySuccessPage from '@/pages/payBill/success'
import PersonalIndexPage from '@/pages/personal/index'
import { fakeApi, openedWith, PENDING, resetRouter, type Handlers } from '../support/fakeApi'
import { card, coupon, order, paged, shop } from '../support/fixtures'
import { mount, show, text, unmount, unmountAll, until } from '../support/screen'

/** One show of a screen reads each thing once (it used to read My orders' list and the paid order twice). */
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetRouter()
})

/** Mount the page and fire its first show, as the runtime does after mounting. */
async function open(Page: () => JSX.Element): Promise<TestUtils> {
  const t = await mount(Page)
  await show(t)
  return t
}

const profile = { user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card, order_counts: { unpaid: 0, paid: 1, completed: 0, refund: 0 } }

/** The Card tab signed in (after `before`, e.g. its first calls started early): products, profile and coupons read once each. */
async function cardSignedInReadsOnce(before?: () => void, more: Handlers = {}) {
  setItem('token', 'tok')
  openedWith('pages/card/index')
  const api = fakeApi({ 'hui_public.card/index': () => ({ list: [] }), 'personal.user/info': () => profile, 'personal.coupon/index': () => paged([]), ...more })
  before?.()
  const t = await open(CardIndexPage)
  await until(t, () => expect(t.queries.querySelector('.member-card')).not.toBeNull())
  // The coupons (for the quote) are asked once the products are in: wait for that, not for a fixed moment.
  await until(t, () => expect(api.called('personal.coupon/index')).toHaveLength(1))
  expect(api.called('hui_public.card/index')).toHaveLength(1)
  expect(api.called('personal.user/info')).toHaveLength(1)
  unmount(t)
  return api
}

describe('one show, one read', () => {
  it('Payment success with a pending order record: the check asks payResult once (the server asks the provider), then the screen reads once (issue 27, issue 40)', async () => {
    setItem('token', 'tok')
    setItem('pendingOrder', { orderID: 41, times: 0, kind: 'bill' })
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/payResult': () => ({ info: order({ order_status: 10 }) }), 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await open(PaySuccessPage)
    // Settled: the screen shows the order as paid and the pending check has cleared its record.
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    await until(t, () => expect(getItem('pendingOrder')).toBeUndefined())
    expect(api.called('personal.order/payResult')).toHaveLength(1)
    expect(api.called('personal.order/read')).toHaveLength(1)
  })

  it('Payment success without a pending record: order/read once', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 10 }) }) })
    const t = await open(PaySuccessPage)
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    expect(api.called('personal.order/read')).toHaveLength(1)
  })

  it('My orders: order/index once on mount and first show (the page does not remount the list on it)', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    const api = fakeApi({ 'personal.order/index': () => paged([order()]) })
    const t = await open(OrdersIndexPage)
    await until(t, () => expect(text(t, '.list-footer')).toContain('没有更多了'))
    expect(api.called('personal.order/index')).toHaveLength(1)
  })


  it('Order detail of a paid product: order/read once, then its code once', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '41' })
    const api = fakeApi({
      'personal.order/read': () => ({ info: order({ id: 41, kind: 'product', order_status: 20 }) }),
      'personal.order/orderVerification': () => ({ code: '123456789012', used: false, info: order({ id: 41, order_status: 20 }) }),
    })
    const t = await open(OrdersDetailPage)
    await until(t, () => expect(t.queries.querySelector('.order-detail')).not.toBeNull())
    await until(t, () => expect(api.called('personal.order/orderVerification')).toHaveLength(1))
    expect(api.called('personal.order/read')).toHaveLength(1)
  })

  it('Pay a bill: shop/read once and my coupons once', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { shop_id: String(shop.id) })
    const api = fakeApi({ 'personal.order/index': () => paged([]), 'hui_shanghu.shop/read': () => ({ info: shop }), 'personal.coupon/index': () => paged([coupon], 1, 50) })
    const t = await open(PayBillIndexPage)
    await until(t, () => expect(text(t, '.bill__shop-name')).toBe(shop.name))
    await until(t, () => expect(api.called('personal.coupon/index')).toHaveLength(1))
    expect(api.called('hui_shanghu.shop/read')).toHaveLength(1)
  })

  it('Me (logged in): user/info once', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/index')
    const api = fakeApi({ 'personal.user/info': () => profile, 'index/serverInfo': () => ({ service_phone: '400', service_wechat: 'w', service_hours: 'h', version: '1', version_code: 1 }) })
    const t = await open(PersonalIndexPage)
    await until(t, () => expect(t.queries.querySelector('.account-header__name')).not.toBeNull())
    await until(t, () => expect(t.queries.querySelector('.menu-list__item--service')).not.toBeNull())
    expect(api.called('personal.user/info')).toHaveLength(1)
    expect(api.called('index/serverInfo')).toHaveLength(1)
  })

  it('Discount bill with its first calls started before it mounted (its HTML, or a weapp launch on it): chips, city names and shops asked once each, in the city kept', async () => {
    setItem('city', { id: 2, name: '广州' })
    openedWith('pages/discountBill/index')
    const api = fakeApi(
      {
        'hui_shanghu.hs_business_class/index': () => ({ list: [{ id: 1, name: '美食', icon: '', oil: false }] }),
        'website.hui_china_city/cityList': () => ({ list: [{ id: 2, name: '广州', pinyin: 'guangzhou', hot: true }] }),
        'hui_shanghu.shop/index': () => paged([shop]),
      },
      { otherwise: PENDING },
    )
    expect(startFirstAnswers('pages/discountBill/index')).toBe(3)
    const t = await open(DiscountBillIndexPage)
    await until(t, () => expect(text(t, '.shop-row__name')).toBe(shop.name))
    expect(text(t, '.discount-bar__city')).toContain('广州')
    expect(api.called('hui_shanghu.hs_business_class/index')).toHaveLength(1)
    expect(api.called('website.hui_china_city/cityList')).toHaveLength(1)
    expect(api.called('hui_shanghu.shop/index').map((c) => c.data.city_id)).toEqual([2])
  })

  it('Card tab and Me with their first calls started before they mounted (signed in): each call made once, in all', async () => {
    const serverInfo = () => ({ service_phone: '400', service_wechat: 'w', service_hours: 'h', version: '1', version_code: 1 })
    const api = await cardSignedInReadsOnce(() => expect(startFirstAnswers('pages/card/index')).toBe(2), { 'index/serverInfo': serverInfo })

    openedWith('pages/personal/index')
    // The profile and the customer-service line.
    expect(startFirstAnswers('pages/personal/index')).toBe(2)
    const me = await open(PersonalIndexPage)
    await until(me, () => expect(me.queries.querySelector('.account-header__name')).not.toBeNull())
    // The Card tab's profile is still fresh (issue 27: kept answers): Me shows it and asks nothing.
    expect(api.called('personal.user/info')).toHaveLength(1)
    expect(api.called('index/serverInfo')).toHaveLength(1)
  })

  it('Card tab: products once; my card once when logged in, never when anonymous', async () => {
    let api = await cardSignedInReadsOnce()
    jest.restoreAllMocks()

    window.localStorage.clear()
    openedWith('pages/card/index')
    api = fakeApi({ 'hui_public.card/index': () => ({ list: [] }), 'personal.user/info': () => profile })
    const anon = await open(CardIndexPage)
    await until(anon, () => expect(anon.queries.querySelector('.card-products')).not.toBeNull())
    expect(api.called('hui_public.card/index')).toHaveLength(1)
    expect(api.called('personal.user/info')).toHaveLength(0)
    expect(api.called('personal.coupon/index')).toHaveLength(0)
  })
})
