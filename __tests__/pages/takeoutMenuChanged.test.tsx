/**
 * Issue 44: the store changes its menu while a shopper's cart (kept on the phone, per shop) holds its dishes. The menu is
 * read anew on every open (never a kept answer: another phone changed it); a dish whose price changed since it was added
 * says so on its line in the cart and at Confirm, a dish taken off the menu is said by name and left out, and the order is
 * priced by the server at the new price.
 */
import type { Dish, TakeoutMenuAnswer } from '@/contract/takeout'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import TakeoutConfirmOrderPage from '@/pages/takeout/confirmOrder'
import TakeoutDetailPage from '@/pages/takeout/detail'
import { fakeApi, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmount, unmountAll, until } from '../support/screen'
import { paged, quote } from '../support/fixtures'

const hostNow = Date.now.bind(Date)
const HELD = Date.parse('2026-11-23T10:00:00+08:00') - hostNow()
beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => hostNow() + HELD))
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const detail = () => ({
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
  min_order: 0,
  packing_fee: 100,
  distance: null,
  in_range: null,
  pickup: true,
  open: { state: 'open' as const, opens_at: null, closes_at: null },
  phone: '0755-1234',
  intro: '',
  lat: 22.54,
  lng: 114.05,
  settings: { hours: [{ open: '00:00', close: '24:00' }], radius_m: 3000, fee_tiers: [{ up_to_m: 3000, fee: 300 }], packing_fee: 100, min_order: 0, pickup: true, prep_minutes: 8, paused: false },
  asap_at: `${businessToday()} 12:30:00`,
  slots: [`${businessToday()} 13:00`],
})
const dish = (over: Partial<Dish>): Dish => ({ id: 1, category: '奶茶', name: '珍珠奶茶', description: '', image: '', price: 1500, member_price: null, sold_out: false, stock_left: null, packing_fee: 0, monthly_sales: 10, option_groups: [], ...over })
/** The menu after the store raised the pancake from ¥16 to ¥18 and took the ice cream off. */
const menu = (): TakeoutMenuAnswer => ({
  shop_id: 19,
  categories: [
    { name: '奶茶', dish_ids: [1] },
    { name: '甜品', dish_ids: [2] },
  ],
  dishes: [dish({ id: 1 }), dish({ id: 2, category: '甜品', name: '芒果班戟', price: 1800, packing_fee: 50 })],
  member_rate: null,
})
/** A cart filled before the change: the pancake at ¥16, the ice cream (dish 3, gone since), the milk tea unchanged. */
const cartBefore = () =>
  setItem('takeoutCarts', {
    '19': [
      { dish_id: 2, option_ids: [], quantity: 2, unit: 1600, name: '芒果班戟' },
      { dish_id: 3, option_ids: [], quantity: 1, unit: 1200, name: '抹茶冰淇淋' },
      { dish_id: 1, option_ids: [], quantity: 1, unit: 1500, name: '珍珠奶茶' },
    ],
  })

describe('a menu changed since the cart was filled', () => {
  it('the cart says the new price on its line and the dish gone by name; the bar counts what can be ordered; removing the gone line', async () => {
    setItem('token', 'tok')
    cartBefore()
    openedWith('pages/takeout/detail', { id: '19' })
    fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.order/preCreate': () => refused('delivery_address_required', 'zh'),
      'personal.order/index': () => paged([]),
    })
    const t = await mount(TakeoutDetailPage)
    await until(t, () => expect(text(t, '.to-bar__count')).toBe('3'))
    // Packing: the shop's ¥1.00 per order and ¥0.50 for each of the two pancakes.
    expect(text(t, '.to-bar__packing')).toContain('2.00')
    await click(t, '.to-bar__cart')
    await until(t, () => expect(all(t, '.to-cart__name')).toEqual(['芒果班戟', '珍珠奶茶', '抹茶冰淇淋']))
    expect(all(t, '.to-cart__moved')).toEqual(['价格有变：原 ¥16.00，现 ¥18.00'])
    expect(text(t, '.to-cart__line--vanished .to-cart__gone')).toBe('抹茶冰淇淋 已下架，结算时不计入')
    await click(t, '.to-cart__remove')
    await until(t, () => expect(t.queries.querySelector('.to-cart__line--vanished')).toBeNull())
    expect((getItem('takeoutCarts') ?? {})['19']?.map((l) => l.dish_id)).toEqual([2, 1])
    // One more pancake: the line has now seen the new price.
    await click(t, '.to-cart__line .to-step--more')
    await until(t, () => expect(t.queries.querySelector('.to-cart__moved')).toBeNull())
    expect((getItem('takeoutCarts') ?? {})['19']?.[0]).toMatchObject({ dish_id: 2, quantity: 3, unit: 1800 })
  })

  it('Confirm lists what changed and orders what is there at the server\'s price; in English too', async () => {
    setLang('en')
    setItem('token', 'tok')
    cartBefore()
    openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
    const api = fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => menu(),
      'personal.address/index': () => ({ list: [{ id: 5, name: 'Li', mobile: '13600003333', province: '广东省', city: '深圳市', district: '福田区', detail: 'Fuhua Rd 8', is_default: true, lat: 22.54, lng: 114.05 }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/index': () => paged([]),
      'personal.order/preCreate': () => quote({ kind: 'takeout', original_amount: 5100, pay_amount: 5600, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 200, dishes_amount: 5100, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
    })
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥56.00'))
    expect(text(t, '.to-changed__title')).toBe('Your cart changed')
    expect(all(t, '.to-changed__moved')).toEqual(['芒果班戟: ¥16.00 → ¥18.00'])
    expect(all(t, '.to-changed__vanished')).toEqual(['抹茶冰淇淋 is no longer on the menu and is left out'])
    expect(all(t, '.to-item__name')).toEqual(['芒果班戟', '珍珠奶茶'])
    // The order is the lines on the menu, priced by the server.
    const asked = api.called('personal.order/preCreate').at(-1)?.data as { items: unknown }
    expect(asked.items).toEqual([
      { id: 2, quantity: 2 },
      { id: 1, quantity: 1 },
    ])
  })

  it('the menu is asked of the server on every open, even right after the last (the store changes it from another phone)', async () => {
    setItem('token', 'tok')
    openedWith('pages/takeout/detail', { id: '19' })
    let price = 1600
    const api = fakeApi({
      'hui_public.takeout_shop/read': () => ({ info: detail() }),
      'hui_public.takeout_shop/menu': () => ({ ...menu(), dishes: [dish({ id: 1 }), dish({ id: 2, category: '甜品', name: '芒果班戟', price })] }),
      'personal.order/preCreate': () => refused('delivery_address_required', 'zh'),
      'personal.order/index': () => paged([]),
    })
    const first = await mount(TakeoutDetailPage)
    await until(first, () => expect(all(first, '.to-price__now')).toEqual(['¥15.00', '¥16.00']))
    unmount(first)
    price = 1800
    const second = await mount(TakeoutDetailPage)
    await until(second, () => expect(all(second, '.to-price__now')).toEqual(['¥15.00', '¥18.00']))
    expect(api.called('hui_public.takeout_shop/menu')).toHaveLength(2)
  })
})
