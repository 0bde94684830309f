/** Fuel (issue 13): the station list with the location granted and refused, the form, a price that moved before paying. */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { Station, StationDetail } from '@/contract/fuel'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import PayBillOilPage from '@/pages/payBill/oil'
import { locator } from '@/platform/location'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { order, paged, quote } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const station = (over: Partial<Station> = {}): Station => ({
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
  grades: [
    { grade: '92#', price: 759, member_price: 721 },
    { grade: '95#', price: 824, member_price: 783 },
  ],
  ...over,
})
const detail = (over: Partial<StationDetail> = {}): StationDetail => ({ ...station(), phone: '0755-88880006', pumps: [1, 2, 3], member_card: false, ...over })
const oilQuote = (litrePrice = 824) =>
  quote({ kind: 'oil', title: '中石化科苑站', original_amount: 20000, discount_amount: 1000, pay_amount: 19000, oil: { grade: '95#', pump_no: 2, litres: Math.round((20000 * 100) / litrePrice) / 100, litre_price: litrePrice, member_litre_price: litrePrice - 41 } })

const press = async (t: TestUtils, keys: string) => {
  for (const k of keys) await click(t, `.keypad__key--${k === '.' ? 'dot' : k}`)
}

/** The city list in the language the app asks in (names the system defines come back in the payload's lang). */
const CITY_LIST = {
  'website.hui_china_city/cityList': (req: unknown) => ({
    list: [
      { id: 1, name: (req as { lang?: string }).lang === 'en' ? 'Shenzhen' : '深圳', pinyin: 'shenzhen', hot: true },
      { id: 2, name: (req as { lang?: string }).lang === 'en' ? 'Guangzhou' : '广州', pinyin: 'guangzhou', hot: true },
    ],
  }),
}

describe('the station list', () => {
  it('located: the stations nearest first with their distances, grades and member prices', async () => {
    jest.spyOn(locator, 'locate').mockResolvedValue({ point: { lat: 22.54, lng: 113.95 }, precise: true })
    openedWith('pages/payBill/oil')
    const api = fakeApi({ 'hui_shanghu.oil_station/index': () => paged([station({ distance: 350 }), station({ id: 13, name: '壳牌前海站', distance: 2449 })]), ...CITY_LIST })
    const t = await mount(PayBillOilPage)
    await until(t, () => expect(all(t, '.fuel-station__name')).toEqual(['中石化科苑站', '壳牌前海站']))
    expect(all(t, '.fuel-station__distance')).toEqual(['350 m', '2.4 km'])
    expect(text(t, '.fuel__heading')).toBe('离你最近的加油站')
    expect(all(t, '.fuel-station__grade-price')[0]).toBe('会员 ¥7.21/升')
    expect(t.queries.querySelector('.loc-bar')).toBeNull()
    expect(api.called('hui_shanghu.oil_station/index')[0].data).toMatchObject({ lat: 22.54, lng: 113.95 })

    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.fuel-station')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/payBill/oil?station_id=6' })
  })

  it('refused: the stations of the city Home remembers and how to allow it later (H5: the browser settings) — in both languages', async () => {
    setItem('city', { id: 2, name: '广州' })
    const locate = jest.spyOn(locator, 'locate').mockResolvedValue({ failed: 'denied' })
    openedWith('pages/payBill/oil')
    const api = fakeApi({ 'hui_shanghu.oil_station/index': () => paged([station({ id: 12, name: '广州天河加油站' })]), ...CITY_LIST })
    const t = await mount(PayBillOilPage)
    await until(t, () => expect(all(t, '.fuel-station__name')).toEqual(['广州天河加油站']))
    expect(api.called('hui_shanghu.oil_station/index')[0].data).toMatchObject({ city_id: 2 })
    expect(text(t, '.fuel__heading')).toBe('广州的加油站')
    expect(text(t, '.loc-bar--denied')).toContain('浏览器设置')
    // A page cannot change the browser's permission: no button that would do nothing.
    expect(t.queries.querySelector('.loc-bar__action')).toBeNull()
    expect(t.queries.querySelector('.fuel-station__distance')).toBeNull()
    await t.act(async () => setLang('en'))
    // The city in the shopper's language, though it was picked (and stored) in Chinese.
    await until(t, () => expect(text(t, '.fuel__heading')).toBe('Stations in Guangzhou'))
    expect(text(t, '.loc-bar--denied')).toContain('browser settings')
    expect(locate).toHaveBeenCalledTimes(1)
  })

  it('refused where a settings page exists (weapp): turned on there → located, nearest first', async () => {
    jest.replaceProperty(locator, 'settingsPage', true)
    const locate = jest.spyOn(locator, 'locate').mockResolvedValue({ failed: 'denied' })
    const allow = jest.spyOn(locator, 'allowLater').mockResolvedValue(true)
    openedWith('pages/payBill/oil')
    fakeApi({ 'hui_shanghu.oil_station/index': () => paged([station({ distance: 350 })]), ...CITY_LIST })
    const t = await mount(PayBillOilPage)
    await until(t, () => expect(text(t, '.loc-bar__action')).toBe('去开启'))
    locate.mockResolvedValue({ point: { lat: 23.13, lng: 113.33 }, precise: true })
    await click(t, '.loc-bar__action')
    expect(allow).toHaveBeenCalled()
    await until(t, () => expect(text(t, '.fuel__heading')).toBe('离你最近的加油站'))
    expect(t.queries.querySelector('.loc-bar')).toBeNull()
  })

  it('no station here: says so and offers Home', async () => {
    jest.spyOn(locator, 'locate').mockResolvedValue({ failed: 'timeout' })
    openedWith('pages/payBill/oil')
    fakeApi({ 'hui_shanghu.oil_station/index': () => paged([]), ...CITY_LIST })
    const t = await mount(PayBillOilPage)
    await until(t, () => expect(text(t, '.fuel__heading')).toBe('全部加油站'))
    await until(t, () => expect(text(t, '.state--empty .state__title')).toBe('这里还没有合作加油站'))
  })
})

describe('the station form', () => {
  async function open(preCreate = () => oilQuote()) {
    setItem('token', 'tok')
    openedWith('pages/payBill/oil', { station_id: '6' })
    const api = fakeApi({
      'personal.order/index': () => paged([]), 'hui_shanghu.oil_station/read': () => ({ info: detail() }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': preCreate,
    })
    const t = await mount(PayBillOilPage)
    await t.queries.waitForQuerySelector('.fuel-form__name')
    return { t, api }
  }

  it('offers only the station\'s grades and pumps, prices nothing until a pump is picked, then shows the server\'s quote', async () => {
    const { t, api } = await open()
    expect(all(t, '.fuel-chip__title')).toEqual(['92#', '95#'])
    expect(all(t, '.fuel-chip--pump')).toEqual(['1 号', '2 号', '3 号'])
    const openPlace = jest.spyOn(locator, 'openPlace').mockResolvedValue('opened')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    await click(t, '.fuel-form__address')
    expect(openPlace).toHaveBeenCalledWith({ lat: 22.5445, lng: 113.9471, name: '中石化科苑站', address: '南山区科苑大道 100 号' })
    expect(modal).not.toHaveBeenCalled()
    // No map can show it (the platform's map failed): said, with the address (issue 24: the tap did nothing).
    openPlace.mockResolvedValue('unavailable')
    await click(t, '.fuel-form__address')
    await until(t, () => expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '无法在地图上打开中石化科苑站。地址：南山区科苑大道 100 号' })))

    await click(t, '.fuel-chip--grade:nth-child(2)')
    await press(t, '200')
    // No pump yet: nothing to price, nothing to pay.
    expect(text(t, '.fuel-form__note')).toBe('请选择你所在的油枪')
    expect(t.queries.querySelector('.fuel-form__pay')?.hasAttribute('disabled')).toBe(true)
    await click(t, '.fuel-chip--pump:nth-child(2)')
    await until(t, () => expect(text(t, '.fuel-form__litres .fuel-form__row-value')).toBe('24.27 升'))
    // The first price asked is the whole choice: nothing was priced without a pump.
    expect(api.called('personal.order/preCreate')[0].data).toMatchObject({ kind: 'oil', shop_id: 6, amount: 20000, oil_grade: '95#', pump_no: 2 })
    expect(text(t, '.fuel-form__list-price .fuel-form__row-value')).toBe('¥8.24/升')
    expect(text(t, '.fuel-form__member-price .fuel-form__row-value')).toBe('¥7.83/升')
    expect(text(t, '.fuel-form__payable')).toContain('190.00')
  })

  it('a price that moved before paying: the new figure in a dialog; confirmed, it pays at it', async () => {
    let price = 824
    const { t, api } = await open(() => oilQuote(price))
    await click(t, '.fuel-chip--grade:nth-child(2)')
    await click(t, '.fuel-chip--pump:nth-child(2)')
    await press(t, '200')
    await until(t, () => expect(text(t, '.fuel-form__litres .fuel-form__row-value')).toBe('24.27 升'))

    let creates = 0
    const creating = jest.fn((req: { quoted_price?: number }) => {
      creates++
      return req.quoted_price === price ? { order_info: order({ id: 77, kind: 'oil' }) } : { business: '油价已调整，请确认后再支付' }
    })
    fakeApi({
      'personal.order/index': () => paged([]), 'hui_shanghu.oil_station/read': () => ({ info: detail() }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': () => oilQuote(price),
      'personal.order/create': creating as never,
      'personal.order/payparam': () => ({ pay_state: 1, pay_param: { payInfo: null, pay_url: null, tradeNO: null }, expend: { pay_info: '' } }),
    })
    price = 839
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as Taro.showModal.SuccessCallbackResult)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.fuel-form__pay')
    await until(t, () => expect(redirect).toHaveBeenCalledWith({ url: '/pages/payBill/success?id=77' }))
    expect(modal.mock.calls[0][0]?.content).toBe('油价已调整：95# 现为 ¥8.39/升（报价时 ¥8.24/升），约 23.84 升，实付 ¥190.00。按新价格支付吗？')
    expect(creating.mock.calls.map((c) => c[0].quoted_price)).toEqual([824, 839])
    expect(creates).toBe(2)
    void api
  })

  it('a moved price declined: nothing is paid and the screen shows the new price', async () => {
    let price = 824
    setItem('token', 'tok')
    openedWith('pages/payBill/oil', { station_id: '6' })
    const api = fakeApi({
      'personal.order/index': () => paged([]), 'hui_shanghu.oil_station/read': () => ({ info: detail() }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': () => oilQuote(price),
      'personal.order/create': () => ({ business: '油价已调整' }),
    })
    const t = await mount(PayBillOilPage)
    await t.queries.waitForQuerySelector('.fuel-form__name')
    await click(t, '.fuel-chip--grade:nth-child(2)')
    await click(t, '.fuel-chip--pump:nth-child(1)')
    await press(t, '200')
    await until(t, () => expect(text(t, '.fuel-form__litres .fuel-form__row-value')).toBe('24.27 升'))
    price = 839
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'ok' } as Taro.showModal.SuccessCallbackResult)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.fuel-form__pay')
    await until(t, () => expect(text(t, '.fuel-form__list-price .fuel-form__row-value')).toBe('¥8.39/升'))
    // The new price was put to the shopper, who declined it.
    expect(modal).toHaveBeenCalledTimes(1)
    expect(api.called('personal.order/create')).toHaveLength(1)
    expect(redirect).not.toHaveBeenCalled()
  })
})
