/**
 * Choices in the shopper's language (issue 11, English and business rules): in-app sheets instead of the
 * platforms' action sheets (6 items at most on weapp, 取消 on H5 in every language), Discount bill's own city
 * control and an empty state that names the real cause, Me's customer service, claiming on Value coupons.
 */
import Taro from '@tarojs/taro'
import type { City } from '@/core/storage'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import CardTicketListPage from '@/pages/card/ticketList'
import DiscountBillIndexPage from '@/pages/discountBill/index'
import HomePage from '@/pages/index/index'
import PersonalIndexPage from '@/pages/personal/index'
import { fakeApi, openedWith, PENDING, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { coupon, paged, shop } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const NAMES = ['深圳', '广州', '上海', '北京', '杭州', '成都', '东莞', '佛山']
const EN_NAMES = ['Shenzhen', 'Guangzhou', 'Shanghai', 'Beijing', 'Hangzhou', 'Chengdu', 'Dongguan', 'Foshan']
const cities = (names: string[]): { list: Array<City & { pinyin: string; hot: boolean }> } => ({ list: names.map((name, i) => ({ id: i + 1, name, pinyin: EN_NAMES[i].toLowerCase(), hot: i < 4 })) })
const key = (k: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))

describe('Home city', () => {
  function homeApi(names: string[]) {
    return fakeApi(
      {
        'index/moduleList': () => ({ banners: [], modules: [] }),
        'website.hui_china_city/cityList': () => cities(names),
        'hui_public.hsh_seckill_prod/index': () => ({ ...paged([]), sessions: [] }),
        'hui_shanghu.shop/index': () => paged([shop]),
      },
      { otherwise: PENDING },
    )
  }

  it('lists all 8 cities the server has (not 6) in an in-app dialog; the 8th can be chosen and is remembered', async () => {
    openedWith('pages/index/index', {}, 1)
    const sheet = jest.spyOn(Taro, 'showActionSheet')
    const api = homeApi(NAMES)
    const t = await mount(HomePage)
    await t.queries.waitForQuerySelector('.shop-row')
    await click(t, '.home-bar__city')
    const dialog = (await t.queries.waitForQuerySelector('#home-city-sheet')) as HTMLElement
    expect(dialog.getAttribute('role')).toBe('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-label')).toBe('选择城市')
    expect(all(t, '#home-city-sheet .sheet__item')).toEqual(NAMES)
    expect(Array.from(dialog.querySelectorAll('.sheet__item')).every((el) => el.getAttribute('role') === 'button' && el.getAttribute('tabindex') === '0')).toBe(true)

    await t.act(async () => t.fireEvent.click(dialog.querySelectorAll('.sheet__item')[7] as HTMLElement))
    expect(t.queries.querySelector('#home-city-sheet')).toBeNull()
    expect(text(t, '.home-bar__city')).toContain('佛山')
    expect(getItem('city')).toEqual({ id: 8, name: '佛山' })
    await until(t, () => expect(api.called('hui_shanghu.shop/index').at(-1)?.data).toEqual(expect.objectContaining({ city_id: 8 })))
    expect(sheet).not.toHaveBeenCalled()
  })

  it('in English: the sheet and its cancel speak English; Escape closes it and the city stays', async () => {
    setLang('en')
    setItem('city', { id: 1, name: '深圳' })
    openedWith('pages/index/index', {}, 1)
    homeApi(EN_NAMES)
    const t = await mount(HomePage)
    await t.queries.waitForQuerySelector('.shop-row')
    // The stored city was chosen in Chinese: shown with the list's (English) name.
    await until(t, () => expect(text(t, '.home-bar__city')).toContain('Shenzhen'))
    await click(t, '.home-bar__city')
    await t.queries.waitForQuerySelector('#home-city-sheet')
    expect(text(t, '.sheet__title')).toBe('Choose a city')
    expect(text(t, '.sheet__cancel')).toBe('Cancel')
    expect(t.queries.querySelector('.sheet__item--selected')?.textContent).toBe('Shenzhen')
    await t.act(async () => key('Escape'))
    expect(t.queries.querySelector('#home-city-sheet')).toBeNull()
    expect(getItem('city')).toEqual({ id: 1, name: '深圳' })
  })
})

describe('Discount bill', () => {
  it('shows the city it filters by, with a control; empty in that city it says so and offers another city, and "all cities" lifts the filter', async () => {
    setItem('city', { id: 2, name: '广州' })
    openedWith('pages/discountBill/index')
    const api = fakeApi({
      'hui_shanghu.hs_business_class/index': () => ({ list: [{ id: 1, name: '美食', icon: '/c.svg', oil: false }, { id: 5, name: '加油站', icon: '/o.svg', oil: true }] }),
      'website.hui_china_city/cityList': () => cities(NAMES),
      'hui_shanghu.shop/index': (q) => (q.city_id === 2 ? paged([]) : paged([shop])),
    })
    const t = await mount(DiscountBillIndexPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.discount-bar__city')).toContain('城市：广州')
    // Fuel stations are paid on their own screen, in any language (the flag, not the name).
    expect(all(t, '.chips__chip')).toEqual(['全部', '美食'])
    expect(text(t, '.state--empty .state__title')).toBe('广州还没有优惠商家')
    expect(text(t, '.state--empty .state__action')).toBe('选择城市')

    await click(t, '.state--empty .state__action')
    const dialog = (await t.queries.waitForQuerySelector('#discount-city-sheet')) as HTMLElement
    expect(all(t, '#discount-city-sheet .sheet__item')).toEqual(['全部城市', ...NAMES])
    await t.act(async () => t.fireEvent.click(dialog.querySelectorAll('.sheet__item')[0] as HTMLElement))
    await t.queries.waitForQuerySelector('.shop-row')
    expect(text(t, '.discount-bar__city')).toContain('全部城市')
    expect(api.called('hui_shanghu.shop/index').at(-1)?.data).not.toHaveProperty('city_id', 2)
  })

  it('empty in a category: names the category and the city, and the way out is all categories', async () => {
    setItem('city', { id: 1, name: '深圳' })
    openedWith('pages/discountBill/index')
    fakeApi({
      'hui_shanghu.hs_business_class/index': () => ({ list: [{ id: 3, name: '休闲娱乐', icon: '/c.svg', oil: false }] }),
      'website.hui_china_city/cityList': () => cities(NAMES),
      'hui_shanghu.shop/index': (q) => (q.class_id === 3 ? paged([]) : paged([shop])),
    })
    const t = await mount(DiscountBillIndexPage)
    await t.queries.waitForQuerySelector('.shop-row')
    await click(t, '.chips__chip--3')
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state--empty .state__title')).toBe('深圳还没有“休闲娱乐”类优惠商家')
    await click(t, '.state--empty .state__action')
    await t.queries.waitForQuerySelector('.shop-row')
  })
})

describe('My account: customer service', () => {
  it('shows the service phone from serverInfo; the sheet calls it or copies the WeChat ID', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/personal/index', options: {} } as unknown as Taro.Page])
    fakeApi({ 'index/serverInfo': () => ({ service_phone: '400-800-1234', service_wechat: 'onecardpass', service_hours: '09:00-21:00', version: '1.0.0', version_code: 100 }) }, { otherwise: PENDING })
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'ok' })
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok', data: 'onecardpass' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(PersonalIndexPage)
    await t.queries.waitForQuerySelector('.menu-list__item--service')
    expect(text(t, '.menu-list__item--service')).toBe('联系客服400-800-1234')
    await click(t, '.menu-list__item--service')
    await t.queries.waitForQuerySelector('#service-sheet')
    expect(text(t, '#service-sheet .sheet__title')).toBe('客服时间 09:00-21:00')
    await click(t, '#service-sheet .sheet__item')
    expect(call).toHaveBeenCalledWith({ phoneNumber: '400-800-1234' })
    await click(t, '.menu-list__item--service')
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('#service-sheet .sheet__item')[1] as HTMLElement))
    expect(copy).toHaveBeenCalledWith({ data: 'onecardpass' })
  })
})

describe('Value coupons', () => {
  it('offers the coupons not claimed yet; Claim claims once and the coupon joins the available list', async () => {
    setItem('token', 'tok')
    openedWith('pages/card/ticketList')
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    let claimed = false
    const api = fakeApi({
      'personal.coupon/index': () => paged(claimed ? [coupon] : []),
      'hui_public.coupon/index': () => ({ list: [{ id: 1, title: '满50减10', amount: 1000, min_spend: 5000, shop_id: null, kind: 'bill', claimed }, { id: 2, title: '已领的', amount: 500, min_spend: 0, shop_id: null, kind: 'bill', claimed: true }] }),
      'personal.coupon/claim': () => {
        claimed = true
        return { coupon }
      },
    })
    const t = await mount(CardTicketListPage)
    await t.queries.waitForQuerySelector('.coupon--to-claim')
    expect(text(t, '.coupons__heading')).toBe('可领取的代金券')
    expect(all(t, '.coupon--to-claim .coupon__title')).toEqual(['满50减10'])
    await click(t, '.coupon__claim')
    await until(t, () => expect(t.queries.querySelector('.coupon--to-claim')).toBeNull())
    expect(api.called('personal.coupon/claim').map((c) => c.data)).toEqual([expect.objectContaining({ coupon_id: 1 })])
    await until(t, () => expect(all(t, '.coupon--available .coupon__title')).toEqual(['满50减10']))
  })
})
