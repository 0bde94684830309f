/**
 * Takeout (issue 25): the shopper's screens against the server's answers — open state on the server's clock, the
 * menu's member and sold-out dishes, a cart kept per shop across a restart, the radius refusal before paying, and
 * the order page following the store by itself while it shows (and not while hidden).
 */
import type { Dish, TakeoutMenuAnswer, TakeoutOrderAnswer, TakeoutShop, TakeoutView } from '@/contract/takeout'
import { businessToday } from '@/core/clock'
import { forgetAnswers } from '@/core/cache'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import TakeoutConfirmOrderPage from '@/pages/takeout/confirmOrder'
import TakeoutDetailPage from '@/pages/takeout/detail'
import TakeoutIndexPage from '@/pages/takeout/index'
import TakeoutListPage from '@/pages/takeout/list'
import OrdersIndexPage from '@/pages/orders/index'
import OrderDetailPage from '@/pages/orders/detail'
import Taro from '@tarojs/taro'
import TakeoutOrderDetailPage from '@/pages/takeout/orderDetail'
import TakeoutSearchPage from '@/pages/takeout/search'
import type TestUtils from '@tarojs/test-utils-react'
import { TAKEOUT_SEARCH_DEBOUNCE_MS } from '@/features/takeout/Search'
import { POLL_MS } from '@/features/takeout/TakeoutOrder'
import { cartOrdered, readCart } from '@/features/takeout/cart'
import { TAKEOUT_CAPS } from '@/contract/takeoutCart'
import type { TakeoutCartLine } from '@/core/storage'
import { fakeApi, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, hide, mount, show, text, unmount, unmountAll, until } from '../support/screen'
import { order, paged, payparam, quote, unpaidOrder } from '../support/fixtures'

/**
 * The phone's clock — and with it the app's business day (the fake server sends no clock of its own) — held at 10:00
 * Shanghai time of a fixed day, running on. The fixtures' times are "today" (businessToday()): a run started at 23:59:50
 * built them on one day and drew them on the next ("休息中 · 11-26 11:00 开始营业" instead of "11:00").
 */
const hostNow = Date.now.bind(Date)
const HELD = Date.parse('2026-11-23T10:00:00+08:00') - hostNow()
const holdPhoneClock = () => jest.spyOn(Date, 'now').mockImplementation(() => hostNow() + HELD)
holdPhoneClock()
beforeEach(holdPhoneClock)

afterEach(() => {
  unmountAll()
  jest.useRealTimers()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const shop = (over: Partial<TakeoutShop> = {}): TakeoutShop => ({
  id: 19,
  name: '茶见奶茶',
  image: '/assets/img/shop-19.svg',
  category_id: 4,
  city_id: 1,
  address: '福田区福华三路 6 号',
  rating: 4.8,
  monthly_sales: 4210,
  delivery_minutes: 28,
  delivery_fee: 300,
  min_order: 1500,
  packing_fee: 100,
  distance: null,
  in_range: null,
  pickup: true,
  open: { state: 'open', opens_at: null, closes_at: null },
  ...over,
})
const detail = (over: Partial<TakeoutShop> = {}) => ({
  ...shop(over),
  phone: '0755-1234',
  intro: '',
  lat: 22.54,
  lng: 114.05,
  settings: { hours: [{ open: '00:00', close: '24:00' }], radius_m: 3000, fee_tiers: [{ up_to_m: 3000, fee: 300 }], packing_fee: 100, min_order: 1500, pickup: true, prep_minutes: 8, paused: false },
  asap_at: `${businessToday()} 12:30:00`,
  slots: [`${businessToday()} 13:00`, `${businessToday()} 13:30`],
})
const dish = (over: Partial<Dish>): Dish => ({ id: 1, category: '奶茶', name: '珍珠奶茶', description: '', image: '/assets/img/dish-1.svg', price: 1500, member_price: null, sold_out: false, monthly_sales: 10, option_groups: [], ...over })
const menu = (over: Partial<TakeoutMenuAnswer> = {}): TakeoutMenuAnswer => ({
  shop_id: 19,
  categories: [
    { name: '奶茶', dish_ids: [1] },
    { name: '甜品', dish_ids: [2, 3] },
  ],
  dishes: [dish({ id: 1, member_price: 1425 }), dish({ id: 2, category: '甜品', name: '芒果班戟', price: 1600, member_price: 1520 }), dish({ id: 3, category: '甜品', name: '抹茶冰淇淋', price: 1200, sold_out: true })],
  member_rate: 95,
  ...over,
})
const view = (over: Partial<TakeoutView> = {}): TakeoutView => ({
  mode: 'delivery',
  status: 10,
  stage: 'awaiting_accept',
  steps: [
    { key: 'paid', state: 'done', at: `${businessToday()} 12:00:00` },
    { key: 'accepted', state: 'current', at: null },
    { key: 'delivering', state: 'todo', at: null },
    { key: 'delivered', state: 'todo', at: null },
  ],
  promised_at: `${businessToday()} 12:40:00`,
  scheduled_for: null,
  accept_by: `${businessToday()} 12:05:00`,
  pickup_no: null,
  pickup_code: null,
  rider: null,
  refusal: null,
  shop: { id: 19, name: '茶见奶茶', phone: '0755-1234' },
  address: { name: '李雷', phone: '136****2222', text: '广东省深圳市福田区福华三路 88 号' },
  tableware: 1,
  remark: '',
  can_cancel: true,
  can_confirm: false,
  updated_at: 1,
  ...over,
})
const answer = (v: Partial<TakeoutView> = {}): TakeoutOrderAnswer => ({
  info: order({ id: 77, kind: 'takeout', order_status: v.status ?? 10 }),
  takeout: view(v),
  // Issue 39's part of the answer (__tests__/pages/takeoutOrder.test.tsx tests it).
  shop: { id: 19, name: '茶见奶茶', phone: '0755-1234', address: '福田区福华三路 6 号', lat: 22.54, lng: 114.05, hours: [{ open: '00:00', close: '24:00' }] },
  money: { dishes: 3100, packing_fee: 100, delivery_fee: 300, fees: 400, discount: 0, coupon: 0, paid: 3500 },
  again: [],
  rider_phone: null,
  rating: null,
  rate_until: null,
})

describe('takeout home', () => {
  it('a shop the server says is closed reads closed, with when it opens on the server’s clock', async () => {
    setItem('city', { id: 1, name: '深圳' })
    openedWith('pages/takeout/index')
    fakeApi({
      'hui_public.takeout_category/index': () => ({ list: [{ id: 4, name: '奶茶甜品', icon: '/assets/img/takeout-cat-4.svg' }] }),
      'website.hui_china_city/cityList': () => ({ list: [] }),
      'hui_public.takeout_shop/index': () =>
        paged([shop(), shop({ id: 1, name: '川味小馆', open: { state: 'closed', opens_at: `${businessToday()} 16:30:00`, closes_at: null } })]),
    })
    const t = await mount(TakeoutIndexPage)
    await until(t, () => expect(all(t, '.to-shop__name')).toEqual(['茶见奶茶', '川味小馆']))
    expect(all(t, '.to-cat__name')).toEqual(['奶茶甜品'])
    expect(all(t, '.to-shop__badge')).toEqual(['休息中'])
    expect(all(t, '.to-shop__state--closed')).toEqual(['16:30 开始营业'])
    expect(all(t, '.to-shop__fees')[0]).toBe('起送 ¥15.00 · 配送 ¥3.00 起')
  })
})

describe('where the food goes (issue 39)', () => {
  const cats = { 'hui_public.takeout_category/index': () => ({ list: [{ id: 4, name: '奶茶甜品', icon: '/assets/img/takeout-cat-4.svg' }] }) }
  const home = { id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true, lat: 22.54, lng: 114.05 }

  it('signed in with an address: listed by the default address (the server judges delivery), each shop with its distance, the address said', async () => {
    setItem('token', 'tok')
    setItem('city', { id: 2, name: '广州' })
    openedWith('pages/takeout/index')
    const api = fakeApi({
      ...cats,
      'personal.address/index': () => ({ list: [{ ...home, id: 5, is_default: false, name: '韩梅梅' }, home] }),
      'hui_public.takeout_shop/index': () => paged([shop({ distance: 700, in_range: true })]),
    })
    const t = await mount(TakeoutIndexPage)
    await until(t, () => expect(all(t, '.to-shop__name')).toEqual(['茶见奶茶']))
    const asked = api.called('hui_public.takeout_shop/index')
    expect(asked).toHaveLength(1)
    expect(asked[0].data).toMatchObject({ address_id: 6, sort: 'distance' })
    expect(asked[0].data).not.toHaveProperty('city_id')
    expect(text(t, '.to-shop__distance')).toBe('700 m')
    expect(text(t, '.to-place__where')).toContain('福华三路 88 号')
  })

  it('no address, no location, no city: no shops of anywhere — it says so and offers the fixes; a city chosen lists that city, saying distance is unknown', async () => {
    openedWith('pages/takeout/index')
    const api = fakeApi({
      ...cats,
      'website.hui_china_city/cityList': () => ({ list: [{ id: 1, name: '深圳', pinyin: 'shenzhen', hot: true }] }),
      'hui_public.takeout_shop/index': () => paged([shop({ city_id: 1 })]),
    })
    const t = await mount(TakeoutIndexPage)
    await until(t, () => expect(text(t, '.to-place--unknown .to-place__title')).toBe('还不知道送到哪里'))
    expect(all(t, '.to-place__fix')).toEqual(['选择收货地址', '使用我的位置', '选择城市'])
    expect(all(t, '.to-shop')).toEqual([])
    expect(api.called('hui_public.takeout_shop/index')).toHaveLength(0)

    await click(t, '.to-place__fix--city')
    await until(t, () => expect(all(t, '#to-city-sheet .sheet__item')).toEqual(['深圳']))
    await click(t, '#to-city-sheet .sheet__item')
    await until(t, () => expect(all(t, '.to-shop__name')).toEqual(['茶见奶茶']))
    expect(api.called('hui_public.takeout_shop/index')[0].data).toMatchObject({ city_id: 1 })
    expect(getItem('city')).toEqual({ id: 1, name: '深圳' })
    expect(text(t, '.to-place--city .to-place__title')).toBe('深圳 · 未获取位置')
    expect(text(t, '.to-place--city .to-place__hint')).toBe('看不到距离，也无法判断能否送到你那里')
    // "Nearest" is not offered without a point: the city's shops by sales, said so by the chip.
    expect(all(t, '.to-sort')).toEqual(['销量最高', '评分最高'])
    expect(text(t, '.to-sort--on')).toBe('销量最高')
    expect(api.called('hui_public.takeout_shop/index')[0].data).toMatchObject({ sort: 'sales' })
  })
})

describe('a category’s list', () => {
  it('opened at a category, its chip is scrolled into view once the chips are there', async () => {
    openedWith('pages/takeout/list', { category: '5' })
    const cats = [1, 2, 3, 4, 5].map((id) => ({ id, name: `分类${id}`, icon: `/assets/img/takeout-cat-${id}.svg` }))
    fakeApi({ 'hui_public.takeout_category/index': () => ({ list: cats }), 'website.hui_china_city/cityList': () => ({ list: [] }), 'hui_public.takeout_shop/index': () => paged([]) })
    const intoView = jest.fn()
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: intoView, configurable: true, writable: true })
    try {
      const t = await mount(TakeoutListPage)
      await until(t, () => expect(all(t, '.to-chip')).toHaveLength(6))
      expect(text(t, '.to-chip--on')).toBe('分类5')
      await until(t, () => expect(intoView.mock.instances.map((el: Element) => el.id)).toContain('to-chip-5'))
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
    }
  })
})

describe('the menu', () => {
  it('member price beside the list price, sold out without an add, and the cart kept across a restart', async () => {
    setItem('token', 'tok')
    openedWith('pages/takeout/detail', { id: '19' })
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.order/preCreate': () => refused('takeout_min_order', 'zh', { short: '1.00' }),
      'personal.order/index': () => paged([]),
    })
    const t = await mount(TakeoutDetailPage)
    await until(t, () => expect(all(t, '.to-dish__name')).toEqual(['珍珠奶茶', '芒果班戟', '抹茶冰淇淋']))
    expect(all(t, '.to-menu__cat')).toEqual(['奶茶', '甜品'])
    expect(all(t, '.to-price__now')[0]).toBe('会员¥14.25')
    expect(all(t, '.to-price__was')[0]).toBe('¥15.00')
    expect(t.queries.querySelector('[data-dish="3"] .to-dish__out')?.textContent).toBe('已售罄')
    expect(t.queries.querySelector('[data-dish="3"] .to-step--more')).toBeNull()

    await click(t, '[data-dish="2"] .to-step--more')
    expect(text(t, '.to-bar__count')).toBe('1')
    // With the price and name it was added at (issue 44: a price changed since is said).
    expect(getItem('takeoutCarts')).toEqual({ '19': [{ dish_id: 2, option_ids: [], quantity: 1, unit: 1600, name: '芒果班戟' }] })
    unmount(t)

    const again = await mount(TakeoutDetailPage)
    await until(again, () => expect(text(again, '.to-bar__count')).toBe('1'))
    expect(text(again, '.to-bar__total')).toBe('¥15.20')
    expect(text(again, '.to-bar__saving')).toBe('会员卡已省 ¥0.80')
  })
})

describe("the cart holds what one order may (issue 43: the contract's TAKEOUT_CAPS)", () => {
  it('"+" on a dish at its cap is dimmed and disabled, and a tap says why instead of adding; the cart sheet\'s too', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: TAKEOUT_CAPS.perDish - 1 }] })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    openedWith('pages/takeout/detail', { id: '19' })
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.order/preCreate': () => quote(),
      'personal.order/index': () => paged([]),
    })
    const t = await mount(TakeoutDetailPage)
    await until(t, () => expect(text(t, '.to-bar__count')).toBe(String(TAKEOUT_CAPS.perDish - 1)))
    const more = '[data-dish="2"] .to-step--more'
    expect(t.queries.querySelector(more)?.getAttribute('aria-disabled')).toBeNull()
    await click(t, more)
    expect(text(t, '.to-bar__count')).toBe(String(TAKEOUT_CAPS.perDish))
    expect(t.queries.querySelector(more)?.classList.contains('to-step--full')).toBe(true)
    expect(t.queries.querySelector(more)?.getAttribute('aria-disabled')).toBe('true')
    expect(toast).not.toHaveBeenCalled()
    await click(t, more)
    expect(text(t, '.to-bar__count')).toBe(String(TAKEOUT_CAPS.perDish))
    // The line added at the menu keeps the price and name it saw there (issue 44: a change is said at the cart).
    expect(getItem('takeoutCarts')).toEqual({ '19': [{ dish_id: 2, option_ids: [], quantity: TAKEOUT_CAPS.perDish, unit: 1600, name: '芒果班戟' }] })
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: `芒果班戟每单最多 ${TAKEOUT_CAPS.perDish} 份` }))
    // Another dish still goes in.
    await click(t, '[data-dish="1"] .to-step--more')
    expect(text(t, '.to-bar__count')).toBe(String(TAKEOUT_CAPS.perDish + 1))
    // The cart sheet's "+" of that line says the same.
    await click(t, '.to-bar__cart')
    const lineMore = await t.queries.waitForQuerySelector('.to-cart__line .to-step--full')
    expect(lineMore.getAttribute('aria-disabled')).toBe('true')
  })
})

describe('a dish and its times (issue 39)', () => {
  it('a tap on a dish opens its detail — photo, description, options — with a close button; adding from it fills the cart', async () => {
    openedWith('pages/takeout/detail', { id: '19' })
    const options = [{ id: 11, name: '杯型', required: true, max: 1, options: [{ id: 111, name: '中杯', price: 0 }, { id: 112, name: '大杯', price: 300 }] }]
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu({ dishes: [dish({ id: 1, description: '黑糖珍珠现煮', option_groups: options }), dish({ id: 2, category: '甜品', name: '芒果班戟', price: 1600, description: '2 只装' }), dish({ id: 3, category: '甜品', name: '抹茶冰淇淋', price: 1200 })], member_rate: null }),
    })
    const t = await mount(TakeoutDetailPage)
    await until(t, () => expect(all(t, '.to-dish__name')).toHaveLength(3))
    // A dish without options: its detail too, with its photo and the whole description.
    await click(t, '[data-dish="2"] .to-dish__name')
    await until(t, () => expect(text(t, '.to-opts__title')).toBe('芒果班戟'))
    expect(t.queries.querySelector('.to-opts__img')).not.toBeNull()
    expect(text(t, '.to-opts__desc')).toBe('2 只装')
    expect(t.queries.querySelector('.form-sheet__close')?.getAttribute('aria-label')).toBe('关闭')
    await click(t, '.form-sheet__close')
    await until(t, () => expect(t.queries.querySelector('.to-opts__panel')).toBeNull())
    // A dish with options: the same sheet, its options chosen there.
    await click(t, '[data-dish="1"] .to-dish__img')
    await until(t, () => expect(all(t, '.to-opt')).toEqual(['中杯', '大杯 +¥3.00']))
    expect(text(t, '.to-opts__desc')).toBe('黑糖珍珠现煮')
    await click(t, '.to-opts__add')
    await until(t, () => expect(text(t, '.to-bar__count')).toBe('1'))
    expect(getItem('takeoutCarts')).toEqual({ '19': [{ dish_id: 1, option_ids: [111], quantity: 1, unit: 1500, name: '珍珠奶茶' }] })
    // + on a dish adds without opening it.
    await click(t, '[data-dish="2"] .to-step--more')
    expect(t.queries.querySelector('.to-opts__panel')).toBeNull()
    expect(text(t, '.to-bar__count')).toBe('2')
  })

  it('Confirm’s times by day: today’s with “as soon as possible”, tomorrow’s behind its own tab (not one long list)', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    const tomorrow = new Date(Date.parse(`${businessToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const slots = [`${businessToday()} 13:00`, `${businessToday()} 13:30`, `${tomorrow} 09:00`, `${tomorrow} 09:30`, `${tomorrow} 10:00`]
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: { ...detail(), slots } }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () =>
        quote({ kind: 'takeout', original_amount: 2000, pay_amount: 1920, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    await click(t, '.to-row--time')
    await until(t, () => expect(all(t, '.to-times__day')).toEqual(['今天', `明天${tomorrow.slice(5)}`]))
    expect(all(t, '.to-times__time')).toEqual(['尽快送达（约 12:31）', '13:00', '13:30'])
    await click(t, '.to-times__day:nth-child(2)')
    await until(t, () => expect(all(t, '.to-times__time')).toEqual(['09:00', '09:30', '10:00']))
    await click(t, '.to-times__time:nth-child(2)')
    await until(t, () => expect(text(t, '.to-row--time .to-row__value')).toBe(`预订 ${tomorrow.slice(5)} 09:30 ›`))
  })
})

describe('confirm', () => {
  it('an address beyond the radius is refused as soon as it is priced: nothing to pay', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    const api = fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.address/index': () => ({ list: [{ id: 5, name: '韩梅梅', mobile: '13600003333', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园', is_default: true, lat: 22.53, lng: 113.93 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () => refused('takeout_out_of_range', 'zh', { distance: '12.4', radius: '3.0' }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.quote-error__text')).toBe('地址距商家 12.4 公里，超出 3.0 公里配送范围'))
    expect(api.called('personal.order/preCreate')[0].data).toMatchObject({ kind: 'takeout', shop_id: 19, items: [{ id: 2, quantity: 1 }], mode: 'delivery', address_id: 5 })
    expect(t.queries.querySelector('.to-pay__btn')?.hasAttribute('disabled')).toBe(true)
    expect(api.called('personal.order/create')).toHaveLength(0)
  })

  it('priced by the server: fees, member discount and what to pay', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () =>
        quote({ kind: 'takeout', original_amount: 2000, member_discount_amount: 80, pay_amount: 1920, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    expect(all(t, '.to-row--fee .to-row__value')).toEqual(['¥1.00', '¥3.00'])
    expect(text(t, '.to-row--member .to-row__value')).toBe('-¥0.80')
    expect(text(t, '.to-row--time .to-row__value')).toBe('尽快送达（约 12:31） ›')
    expect(t.queries.querySelector('.to-note--point')).toBeNull()
  })

  it.each([
    ['zh-CN', '地址在地图上选的位置不在福田区，距离和配送费按福田区中心计算；可编辑地址重新选点'],
    ['en', 'The spot picked on the map for this address is not in Futian District: the distance and delivery fee are counted from the centre of Futian District. Edit the address to pick it again'],
  ])('an address whose pin lies outside its district: priced from the district’s centre, and Confirm says so (issue 43, %s)', async (lang, words) => {
    setLang(lang as 'zh-CN' | 'en')
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 23.13, lng: 113.26 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () =>
        quote({ kind: 'takeout', original_amount: 2000, pay_amount: 2000, takeout: { mode: 'delivery', distance: 721, point: 'outside_district', delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-note--point')).toBe(words))
  })
})

describe('the order page', () => {
  it('follows the store by itself while it shows, and asks nothing while hidden', async () => {
    setItem('token', 'tok')
    openedWith('pages/takeout/orderDetail', { id: '77' })
    let current = answer()
    const api = fakeApi({ 'personal.takeout/read': () => current })
    const t = await mount(TakeoutOrderDetailPage)
    await show(t)
    await until(t, () => expect(text(t, '.to-status__stage')).toBe('等待商家接单'))
    expect(text(t, '.to-actions__cancel')).toBe('取消订单')

    // The store accepts: shown without a reload.
    current = answer({ status: 20, stage: 'accepted', can_cancel: false, updated_at: 2, steps: view().steps.map((s) => (s.key === 'accepted' ? { ...s, state: 'done', at: `${businessToday()} 12:01:00` } : s)) })
    await until(t, () => expect(text(t, '.to-status__stage')).toBe('商家已接单，正在备餐'), POLL_MS * 2 + 1000)
    expect(t.queries.querySelector('.to-actions__cancel')).toBeNull()

    // Hidden: no more reads.
    await hide(t)
    const before = api.called('personal.takeout/read').length
    await t.act(() => new Promise((r) => setTimeout(r, POLL_MS + 500)))
    expect(api.called('personal.takeout/read')).toHaveLength(before)
  }, 20000)
})

describe('My orders', () => {
  it('lists takeout orders with their state, and a paid one opens its takeout page', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    fakeApi({
      'personal.order/index': () =>
        paged([order({ id: 77, kind: 'takeout', title: '茶见奶茶', shop_name: '茶见奶茶', order_status: 10 }), order({ id: 78, kind: 'takeout', title: '茶见奶茶', shop_name: '茶见奶茶', order_status: 30 })]),
    })
    const t = await mount(OrdersIndexPage)
    await show(t)
    await until(t, () => expect(all(t, '.order-card__status')).toEqual(['待商家接单', '配送中']))
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.order-card')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/takeout/orderDetail?id=77' })
  })
})

describe('a takeout order’s fees (issue 39)', () => {
  it.each([
    ['zh-CN', '打包费'],
    ['en', 'Packing fee'],
  ] as const)('a pickup order’s detail names its fee packing, not delivery/packing (%s)', async (lang, words) => {
    setLang(lang)
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '77' })
    fakeApi({ 'personal.order/read': () => ({ info: order({ id: 77, kind: 'takeout', fee_amount: 100, fees: [{ kind: 'packing', amount: 100 }] }) }) })
    const t = await mount(OrderDetailPage)
    await until(t, () => expect(all(t, '.order-detail__row').some((r) => r.startsWith(words))).toBe(true))
    expect(all(t, '.order-detail__row').some((r) => /配送\/打包|Delivery\/packing/.test(r))).toBe(false)
  })
})

describe('the stored carts', () => {
  it('a damaged line reads as absent, the good ones stay', () => {
    setItem('takeoutCarts', { '19': [{ dish_id: 'x' } as unknown as TakeoutCartLine, { dish_id: 2, option_ids: [], quantity: 1 }, { dish_id: 3, option_ids: [], quantity: 0 }], abc: [] })
    expect(readCart(19)).toEqual([{ dish_id: 2, option_ids: [], quantity: 1 }])
    expect(readCart(1)).toEqual([])
  })
})

/** Type into a Taro Input as a shopper would: into its inner <input>, once the component has rendered it. */
async function type(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('takeout search', () => {
  const ramenShop = { ...shop({ id: 11, name: '一兰拉面', open: { state: 'closed', opens_at: `${businessToday()} 11:00:00`, closes_at: null } }), dishes: [{ id: 40, name: '豚骨拉面', price: 3800, image: '/assets/img/dish-40.svg' }, { id: 41, name: '味噌拉面', price: 3600, image: '/assets/img/dish-41.svg' }] }
  const beefShop = { ...shop({ id: 17, name: '老马家牛肉面' }), dishes: [{ id: 60, name: '招牌牛肉面', price: 1800, image: '/assets/img/dish-60.svg' }] }

  it('takeout home has a search box that opens the search', async () => {
    setItem('city', { id: 1, name: '深圳' })
    openedWith('pages/takeout/index')
    fakeApi({ 'hui_public.takeout_category/index': () => ({ list: [] }), 'website.hui_china_city/cityList': () => ({ list: [] }), 'hui_public.takeout_shop/index': () => paged([]) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(TakeoutIndexPage)
    expect(text(t, '.to-searchbox__text')).toBe('搜索外卖商家或菜品')
    await click(t, '.to-searchbox__tap')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/takeout/search' })
  })

  it('typing fast asks once, for the last word; shops (closed said) and dishes each with its shop; a dish opens its shop’s menu at it', async () => {
    openedWith('pages/takeout/search')
    const api = fakeApi({ 'hui_public.takeout/search': (q) => paged(q.keyword === '拉面' ? [ramenShop] : []) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(TakeoutSearchPage)
    expect(text(t, '.nav-bar__title')).toBe('外卖搜索')
    // The debounce's timer held while the shopper types (on a loaded machine two inputs on the real clock came more than
    // its 300 ms apart, and the first word was asked for), then run out by the test.
    jest.useFakeTimers({ doNotFake: ['Date', 'performance', 'hrtime', 'nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] })
    for (const w of ['拉', '拉面']) await type(t, '.to-search__input', w)
    // Not asked while the shopper types.
    await t.act(async () => void jest.advanceTimersByTime(TAKEOUT_SEARCH_DEBOUNCE_MS - 1))
    expect(api.called('hui_public.takeout/search')).toHaveLength(0)
    await t.act(async () => void jest.advanceTimersByTime(1))
    jest.useRealTimers()
    await until(t, () => expect(all(t, '.to-hit__name')).toEqual(['豚骨拉面', '味噌拉面']))
    expect(api.called('hui_public.takeout/search').map((c) => c.data.keyword)).toEqual(['拉面'])
    expect(all(t, '.to-search__section-title')).toEqual(['商家', '菜品'])
    expect(all(t, '.to-search__section--shops .to-shop__name')).toEqual(['一兰拉面'])
    expect(all(t, '.to-search__section--shops .to-shop__badge')).toEqual(['休息中'])
    expect(all(t, '.to-hit__shop')).toEqual(['一兰拉面', '一兰拉面'])
    expect(all(t, '.to-hit__state')[0]).toBe('休息中 · 11:00 开始营业')
    await click(t, '.to-hit__tap')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/takeout/detail?id=11&dish=40' })
  })

  it('a searched word is kept in the history (storage), offered again, and cleared; a popular word searches', async () => {
    openedWith('pages/takeout/search')
    const api = fakeApi({ 'hui_public.takeout/search': (q) => paged(q.keyword === '牛肉面' ? [beefShop] : [ramenShop]) })
    const t = await mount(TakeoutSearchPage)
    expect(t.queries.querySelector('.to-search__word--history')).toBeNull()
    expect(all(t, '.to-search__word--hot')).toEqual(['奶茶', '牛肉面', '拉面', '粥', '水煮鱼', '芒果'])
    await click(t, '.to-search__word--hot:nth-child(2)')
    await until(t, () => expect(all(t, '.to-hit__name')).toEqual(['招牌牛肉面']))
    expect(api.called('hui_public.takeout/search')[0].data).toMatchObject({ keyword: '牛肉面', page: 1 })
    expect(getItem('takeoutSearchHistory')).toEqual(['牛肉面'])
    unmount(t)

    const again = await mount(TakeoutSearchPage)
    expect(all(again, '.to-search__word--history')).toEqual(['牛肉面'])
    await click(again, '.to-search__clear')
    expect(again.queries.querySelector('.to-search__word--history')).toBeNull()
    expect(getItem('takeoutSearchHistory')).toBeUndefined()
  })

  it('nothing found says what was searched (zh and en); the English popular words are English', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      setLang(lang)
      openedWith('pages/takeout/search')
      fakeApi({ 'hui_public.takeout/search': () => paged([]) })
      const t = await mount(TakeoutSearchPage)
      if (lang === 'en') for (const w of all(t, '.to-search__word--hot')) expect(w).toMatch(/^[a-z ]+$/)
      await type(t, '.to-search__input', 'xyz')
      await t.queries.waitForQuerySelector('.state--empty')
      expect(text(t, '.state--empty .state__title')).toBe(lang === 'en' ? 'No takeout found for “xyz”' : '没有找到与“xyz”相关的外卖')
      unmountAll()
      resetLangCache()
    }
  })

  it('signed in: searched by the delivery address; a shop that does not deliver there comes last, under its heading, marked with its distance (issue 39)', async () => {
    setItem('token', 'tok')
    openedWith('pages/takeout/search')
    const api = fakeApi({
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路 88 号', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'hui_public.takeout/search': () =>
        paged([
          { ...shop({ distance: 700, in_range: true }), dishes: [] },
          { ...shop({ id: 1, name: '川味小馆', distance: 12400, in_range: false }), dishes: [] },
        ]),
    })
    const t = await mount(TakeoutSearchPage)
    await type(t, '.to-search__input', '饭')
    await until(t, () => expect(all(t, '.to-shop__name')).toEqual(['茶见奶茶', '川味小馆']))
    expect(api.called('hui_public.takeout/search')[0].data).toMatchObject({ keyword: '饭', address_id: 6 })
    expect(text(t, '.to-far')).toBe('以下商家超出配送范围')
    expect(all(t, '.to-shops--far .to-shop__name')).toEqual(['川味小馆'])
    expect(all(t, '.to-shops--far .to-tag--warn')).toEqual(['超出配送范围'])
    expect(all(t, '.to-shops--far .to-shop__distance')).toEqual(['12.4 km'])
  })
})

describe('the cart and an unpaid order', () => {
  const menuApi = {
    'hui_public.takeout_shop/read': () => ({ info: detail() }),
    'hui_public.takeout_shop/menu': () => menu(),
  }

  it('left at the cashier (H5): the cart stays, and the menu says an order of this shop waits to be paid', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    const assign = jest.fn()
    jest.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    const created = unpaidOrder({ id: 90, kind: 'takeout', shop_id: 19, pay_amount: 1920, expire_time: null })
    fakeApi({
      ...menuApi,
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () =>
        quote({ kind: 'takeout', original_amount: 2000, pay_amount: 1920, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
      'personal.order/create': () => ({ order_info: created }),
      'personal.order/payparam': () => payparam(),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    await click(t, '.to-pay__btn')
    await until(t, () => expect(assign).toHaveBeenCalledWith('/sandbox/cashier?t=1'))
    // The browser leaves for the cashier: the cart is still there.
    expect(readCart(19)).toEqual([{ dish_id: 2, option_ids: [], quantity: 1 }])
    unmountAll()
    // A new page load after the cashier: the app's memory (its answers) is gone.
    forgetAnswers()

    // The shopper comes back without paying and opens the shop again.
    openedWith('pages/takeout/detail', { id: '19' })
    const api = fakeApi({ ...menuApi, 'personal.order/preCreate': () => refused('takeout_min_order', 'zh', { short: '1.00' }), 'personal.order/index': () => paged([created]) })
    const menuPage = await mount(TakeoutDetailPage)
    await until(menuPage, () => expect(text(menuPage, '.pending-order__amount')).toBe('待付款 ¥19.20'))
    expect(text(menuPage, '.pending-order__title')).toBe('你有一笔订单还没有支付')
    expect(text(menuPage, '.to-bar__count')).toBe('1')
    expect(api.called('personal.order/index')[0].data).toMatchObject({ tab: 'unpaid', kind: 'takeout' })
  })

  it('back from the cashier, Confirm says the unpaid order of this shop with Pay and Cancel; one changed since is refused by the server and the notice read again (issue 39)', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    const waiting = unpaidOrder({ id: 90, kind: 'takeout', shop_id: 19, pay_amount: 1920, expire_time: null })
    const api = fakeApi({
      ...menuApi,
      'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([waiting]),
      'personal.order/preCreate': () =>
        quote({ kind: 'takeout', original_amount: 2000, pay_amount: 1920, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
      'personal.order/create': () => ({ ...refused('takeout_unpaid_order', 'zh', { amount: '19.20' }) }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.pending-order__amount')).toBe('待付款 ¥19.20'))
    expect(text(t, '.pending-order__title')).toBe('你有一笔订单还没有支付')
    expect(all(t, '.pending-order__cancel, .pending-order__pay')).toEqual(['取消订单', '去支付'])
    expect(api.called('personal.order/index')[0].data).toMatchObject({ tab: 'unpaid', kind: 'takeout' })
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    const before = api.called('personal.order/index').length
    await click(t, '.to-pay__btn')
    await until(t, () => expect(api.called('personal.order/index').length).toBeGreaterThan(before))
    expect(api.called('personal.order/create')).toHaveLength(1)
  })

  it('the order page seeing that order paid empties the cart it was made from (and an unpaid one does not)', async () => {
    setItem('token', 'tok')
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
    cartOrdered(19, 77)
    openedWith('pages/takeout/orderDetail', { id: '77' })
    let current = answer({ status: 0, stage: 'unpaid', steps: [], accept_by: null })
    fakeApi({ 'personal.takeout/read': () => current })
    const unpaid = await mount(TakeoutOrderDetailPage)
    await until(unpaid, () => expect(text(unpaid, '.to-status__stage')).toBe('待支付'))
    expect(readCart(19)).toHaveLength(1)
    unmountAll()
    forgetAnswers()

    current = answer()
    const paid = await mount(TakeoutOrderDetailPage)
    await until(paid, () => expect(text(paid, '.to-status__stage')).toBe('等待商家接单'))
    await until(paid, () => expect(readCart(19)).toEqual([]))
    expect(getItem('takeoutCartOrders')).toEqual({})
  })
})
