/**
 * Issue 24, "Broken or blocking" — the pay steps as a shopper meets them (H5 runtime, the one fake API): a bad or
 * missing id on Pay a bill, fuel and Payment success is "not found" with a way home (never 加载失败 / Retry, and a
 * malformed id never reaches the server); an unpaid order left at the cashier is said above the form with Pay
 * and Cancel; the fuel keypad opens from the amount; a tapped address no map can show is said.
 */
import Taro from '@tarojs/taro'
import type { StationDetail } from '@/contract/fuel'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import PayBillIndexPage from '@/pages/payBill/index'
import PayBillOilPage from '@/pages/payBill/oil'
import PaySuccessPage from '@/pages/payBill/success'
import ShopsDetailsPage from '@/pages/shops/details'
import { locator } from '@/platform/location'
import { fakeApi, openedWith, refused, resetRouter } from '../support/fakeApi'
import { click, mount, text, unmountAll, until } from '../support/screen'
import { order, paged, payparam, quote, shop, unpaidOrder } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  resetClock()
})

const station: StationDetail = {
  id: 6,
  name: '中石化科苑站',
  brand: '中国石化',
  city_id: 1,
  address: '南山区科苑大道 100 号',
  hours: '00:00-24:00',
  lat: 22.5445,
  lng: 113.9471,
  discount_rate: 95,
  distance: null,
  grades: [{ grade: '95#', price: 824, member_price: 783 }],
  phone: '0755-88880006',
  pumps: [1, 2],
  member_card: false,
}


describe('a bad or missing id: not found with a way home', () => {
  beforeEach(() => setItem('token', 'tok'))

  it.each([
    ['Pay a bill', PayBillIndexPage, 'pages/payBill/index', { shop_id: '99999' }, { 'hui_shanghu.shop/read': () => refused('shop_not_found'), 'personal.coupon/index': () => paged([]), 'personal.order/index': () => paged([]) }],
    ['fuel', PayBillOilPage, 'pages/payBill/oil', { station_id: '99999' }, { 'hui_shanghu.oil_station/read': () => refused('station_not_found'), 'personal.coupon/index': () => paged([]), 'personal.order/index': () => paged([]) }],
    ['Payment success', PaySuccessPage, 'pages/payBill/success', { id: '99999' }, { 'personal.order/read': () => refused('order_not_found') }],
  ] as const)('%s: the server says it is not there → not found and Back home, no Retry', async (_name, Page, route, params, handlers) => {
    openedWith(route, params)
    fakeApi(handlers)
    const t = await mount(Page)
    await until(t, () => expect(text(t, '.state__title')).toBe('没有找到要看的内容'))
    expect(t.queries.querySelector('.state--error, .state__retry')).toBeNull()
    expect(t.queries.querySelector('.state')?.textContent).toContain('返回首页')
    expect(t.queries.querySelector('.state')?.textContent).not.toContain('重试')
    const home = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.state__action')
    expect(home).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it.each([
    ['Pay a bill', PayBillIndexPage, 'pages/payBill/index', 'shop_id'],
    ['fuel', PayBillOilPage, 'pages/payBill/oil', 'station_id'],
    ['Payment success', PaySuccessPage, 'pages/payBill/success', 'id'],
  ] as const)('%s: a malformed id ("1.5", "abc", "-3", "") is not found at once and never asked of the server', async (_name, Page, route, key) => {
    for (const raw of ['1.5', 'abc', '-3', '']) {
      openedWith(route, { [key]: raw })
      const api = fakeApi({})
      const t = await mount(Page)
      await until(t, () => expect(text(t, '.state__title')).toBe('没有找到要看的内容'))
      expect(api.calls.map((c) => c.path)).toEqual([])
      unmountAll()
    }
  })

  it('anonymous, a link that names nothing: not found, not off to log in first', async () => {
    setItem('token', '')
    openedWith('pages/payBill/success', { id: 'abc' })
    const login = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    fakeApi({})
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('没有找到要看的内容'))
    expect(login).not.toHaveBeenCalled()
  })

  it('Payment success of no order never says 支付成功 above it; in English too', async () => {
    setLang('en')
    openedWith('pages/payBill/success', { id: '99999' })
    fakeApi({ 'personal.order/read': () => refused('order_not_found', 'en') })
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('Nothing to show here'))
    expect(text(t, '.nav-bar__title')).toBe('Payment result')
    expect(t.queries.querySelector('.state')?.textContent).toContain('Back home')
  })
})

describe('an unpaid order left at the cashier', () => {
  const waiting = () => unpaidOrder({ id: 77, pay_amount: 5643, expire_time: null })

  async function openBill(list = () => paged([waiting(), unpaidOrder({ id: 78, shop_id: 5, pay_amount: 100 })])) {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { shop_id: '3' })
    const api = fakeApi({
      'hui_shanghu.shop/read': () => ({ info: shop }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': list,
      'personal.order/preCreate': () => quote(),
      'personal.order/payparam': () => payparam({ pay_state: 1 }),
      'personal.order/cancel': () => ({ info: order({ id: 77, order_status: 50 }) }),
    })
    const t = await mount(PayBillIndexPage)
    await t.queries.waitForQuerySelector('.bill__shop-name')
    return { t, api }
  }

  it('Pay a bill says an unpaid ¥56.43 order of this shop waits (not another shop’s), and where to find it', async () => {
    const { t, api } = await openBill()
    await until(t, () => expect(text(t, '.pending-order__amount')).toBe('待付款 ¥56.43'))
    expect(text(t, '.pending-order__title')).toBe('你有一笔订单还没有支付')
    expect(text(t, '.pending-order__hint')).toContain('待付款')
    expect(api.called('personal.order/index')[0].data).toMatchObject({ tab: 'unpaid', kind: 'bill' })
  })

  it('Pay pays that order (no new one) and goes on to its result', async () => {
    const { t, api } = await openBill()
    await t.queries.waitForQuerySelector('.pending-order__pay')
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.pending-order__pay')
    await until(t, () => expect(redirect).toHaveBeenCalledWith({ url: '/pages/payBill/success?id=77' }))
    expect(api.called('personal.order/payparam')[0].data).toMatchObject({ id: 77 })
    expect(api.called('personal.order/create')).toHaveLength(0)
  })

  it('Cancel asks first, cancels that order, and the notice goes', async () => {
    let list = [waiting()]
    const { t, api } = await openBill(() => paged(list))
    await t.queries.waitForQuerySelector('.pending-order__cancel')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    list = []
    await click(t, '.pending-order__cancel')
    await until(t, () => expect(t.queries.querySelector('.pending-order')).toBeNull())
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '取消这笔 ¥56.43 的待付款订单？' }))
    expect(api.called('personal.order/cancel')[0].data).toMatchObject({ id: 77 })
    // The form is still there, as typed.
    expect(text(t, '.bill__shop-name')).toBe(shop.name)
  })

  it('nothing waiting: no notice', async () => {
    const { t } = await openBill(() => paged([]))
    expect(t.queries.querySelector('.pending-order')).toBeNull()
  })

  it('fuel: an unpaid order of this station, in English', async () => {
    setLang('en')
    setItem('token', 'tok')
    openedWith('pages/payBill/oil', { station_id: '6' })
    const api = fakeApi({
      'hui_shanghu.oil_station/read': () => ({ info: station }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([unpaidOrder({ id: 90, kind: 'oil', shop_id: 6, pay_amount: 19000 })]),
    })
    const t = await mount(PayBillOilPage)
    await until(t, () => expect(text(t, '.pending-order__amount')).toBe('To pay ¥190.00'))
    expect(text(t, '.pending-order__pay')).toBe('Pay')
    expect(text(t, '.pending-order__cancel')).toBe('Cancel order')
    expect(api.called('personal.order/index')[0].data).toMatchObject({ tab: 'unpaid', kind: 'oil' })
  })
})

describe('fuel: the keypad belongs to the amount', () => {
  it('open from the start with the amount in its dock; Done closes it; tapping the amount opens it again', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/oil', { station_id: '6' })
    fakeApi({ 'hui_shanghu.oil_station/read': () => ({ info: station }), 'personal.coupon/index': () => paged([]), 'personal.order/index': () => paged([]) })
    const t = await mount(PayBillOilPage)
    await t.queries.waitForQuerySelector('.fuel-form__name')
    // The amount, the total and the keypad share the dock at the bottom of the screen (sticky in fuel.css).
    expect(t.queries.querySelector('.fuel-form__dock .fuel-form__amount')).not.toBeNull()
    expect(t.queries.querySelector('.fuel-form__dock .keypad')).not.toBeNull()
    expect(t.queries.querySelector('.fuel-form__amount-field')?.getAttribute('aria-expanded')).toBe('true')
    await click(t, '.fuel-form__keypad-done')
    expect(t.queries.querySelector('.keypad')).toBeNull()
    expect(t.queries.querySelector('.fuel-form__amount-field')?.getAttribute('aria-expanded')).toBe('false')
    await click(t, '.fuel-form__amount-field')
    expect(t.queries.querySelector('.fuel-form__dock .keypad')).not.toBeNull()
    await click(t, '.keypad__key--5')
    expect(text(t, '.fuel-form__amount-value')).toBe('¥5')
  })
})

describe('a tapped address', () => {
  it('Shop details: a place no map can show is said, with its address; one that opens says nothing', async () => {
    openedWith('pages/shops/details', { id: '3' })
    fakeApi({ 'hui_shanghu.shop/read': () => ({ info: shop }), 'hui_public.coupon/index': () => ({ list: [] }), 'hui_public.hsh_comment/index': () => paged([]) })
    const t = await mount(ShopsDetailsPage)
    await t.queries.waitForQuerySelector('.shop-head__name')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const openPlace = jest.spyOn(locator, 'openPlace').mockResolvedValue('opened')
    await click(t, '.shop-head__row[role="link"]')
    expect(openPlace).toHaveBeenCalledWith({ lat: shop.lat, lng: shop.lng, name: shop.name, address: shop.address })
    expect(modal).not.toHaveBeenCalled()
    openPlace.mockResolvedValue('unavailable')
    await click(t, '.shop-head__row[role="link"]')
    await until(t, () => expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: `无法在地图上打开${shop.name}。地址：${shop.address}` })))
  })
})
