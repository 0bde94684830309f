/**
 * Issue 44: the owner runs the shop from the workbench — the menu (categories and dishes in order by arrows, sold out,
 * the member price the server works out), a dish (checked as typed by the server's own rules, cents sent), the delivery
 * settings (the first save starts takeout), the shop's coupons (claimed and used, stop, issue), the change history;
 * staff read the menu and are told the rest is the owner's. H5 runtime against the fake API.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { EditorDish, MenuEditorAnswer, ShopChange, ShopCoupon, ShopCouponList } from '@/contract/storeShop'
import type { WorkbenchAnswer } from '@/contract/store'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import StoreChangesPage from '@/pages/store/changes'
import StoreCouponsPage from '@/pages/store/coupons'
import StoreDeliveryPage from '@/pages/store/delivery'
import StoreDishPage from '@/pages/store/dish'
import StoreIndexPage from '@/pages/store/index'
import StoreMenuPage from '@/pages/store/menu'
import { fakeApi, openedWith, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const toasted = () => (Taro.showToast as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)
async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

const noodle = (over: Partial<EditorDish> = {}): EditorDish => ({
  id: 31,
  category_id: 3,
  name: '牛肉面',
  description: '清汤',
  image: '',
  price: 1800,
  packing_fee: 50,
  daily_stock: 20,
  stock_left: 12,
  sold_out: false,
  member_prices: [
    { level: 1, name: '银卡', rate: 98, price: 1764 },
    { level: 2, name: '金卡', rate: 95, price: 1710 },
  ],
  monthly_sales: 0,
  option_groups: [{ id: 41, name: '份量', required: true, max: 1, options: [{ id: 51, name: '小份', price: 0 }, { id: 52, name: '大份', price: 300 }] }],
  ...over,
})
const editor = (over: Partial<MenuEditorAnswer> = {}): MenuEditorAnswer => ({
  shop: { id: 9, name: '新开面馆' },
  can_edit: true,
  takeout: { category_id: 1, settings: { hours: [{ open: '10:00', close: '21:00' }], radius_m: 3000, fee_tiers: [{ up_to_m: 3000, fee: 300 }], packing_fee: 100, min_order: 1500, pickup: true, prep_minutes: 15, paused: false } },
  takeout_categories: [
    { id: 1, name: '快餐' },
    { id: 2, name: '奶茶' },
  ],
  categories: [
    { id: 3, name: '面', dish_ids: [31] },
    { id: 4, name: '饮品', dish_ids: [] },
  ],
  dishes: [noodle()],
  ...over,
})
const write = (m: MenuEditorAnswer, saved = 0) => ({ ...m, saved_id: saved })

describe('the menu', () => {
  it('the owner sees delivery, categories in order with arrows, dishes with the server\'s member price and today\'s stock; adds a category, checked as typed', async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/menu')
    let menu = editor()
    const api = fakeApi({
      'hui_shanghu.store_menu/read': () => menu,
      'hui_shanghu.store_menu/saveCategory': (d) => {
        menu = editor({ categories: [...menu.categories, { id: 5, name: (d as { name: string }).name, dish_ids: [] }] })
        return write(menu, 5)
      },
      'hui_shanghu.store_menu/moveCategory': () => {
        menu = editor({ categories: [menu.categories[1], menu.categories[0]] })
        return write(menu, 4)
      },
    })
    const t = await mount(StoreMenuPage)
    await until(t, () => expect(all(t, '.shop-category__name')).toEqual(['面', '饮品']))
    expect(text(t, '.shop-delivery-box__summary')).toBe('快餐 · 10:00–21:00 · 3.0 公里内配送 · 起送 ¥15.00 · 备餐 15 分钟 · 可自取')
    expect(text(t, '.shop-dish__price')).toBe('¥18.00 · 会员价低至 ¥17.10')
    expect(text(t, '.shop-dish__meta')).toBe('1 组规格 · 餐盒费 ¥0.50/份 · 今日剩 12/20 份')
    // The first category's Up and the last's Down cannot be pressed; their words say what they move.
    const arrows = Array.from(t.queries.querySelectorAll('.shop-category > .shop-tools .shop-arrow'))
    expect(arrows.map((a) => [a.getAttribute('aria-label'), a.hasAttribute('disabled')])).toEqual([
      ['上移面', true],
      ['下移面', false],
      ['上移饮品', false],
      ['下移饮品', true],
    ])
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.shop-category > .shop-tools .shop-arrow--up')[1] as HTMLElement))

    // An empty name: said under the field, nothing sent.
    await click(t, '.shop-add-category__add')
    expect(text(t, '.shop-add-category__error')).toBe('分类名称需为 1–12 个字')
    expect(api.called('hui_shanghu.store_menu/saveCategory')).toHaveLength(0)
    await typeInto(t, '.shop-add-category__name', '  汤  ')
    await click(t, '.shop-add-category__add')
    await until(t, () => expect(all(t, '.shop-category__name')).toContain('汤'))
    expect(api.called('hui_shanghu.store_menu/saveCategory')[0].data).toMatchObject({ name: '汤' })
    expect(api.called('hui_shanghu.store_menu/moveCategory')[0].data).toMatchObject({ id: 4, direction: 'up' })
    expect(toasted()).toContain('分类已添加')
  })

  it('a new shop: takeout not set up, the menu empty, the way to start', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/menu')
    fakeApi({ 'hui_shanghu.store_menu/read': () => editor({ takeout: null, categories: [], dishes: [] }) })
    const t = await mount(StoreMenuPage)
    await until(t, () => expect(text(t, '.shop-delivery-box__none')).toBe('还没有开通外卖：先设置营业时段、配送范围和配送费，再添加菜品'))
    expect(text(t, '.shop-delivery-box__edit')).toBe('开通外卖')
    expect(text(t, '.state__title')).toBe('菜单还是空的')
  })

  it('staff read it: no editing, the owner-only note, and sold out still theirs to mark', async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/menu')
    const api = fakeApi({
      'hui_shanghu.store_menu/read': () => editor({ can_edit: false }),
      // (Its answer is the takeout settings screen's; the menu reads itself again.)
      'hui_shanghu.store_takeout/soldOut': () => ({}) as never,
    })
    const t = await mount(StoreMenuPage)
    await until(t, () => expect(all(t, '.shop-dish__name')).toEqual(['牛肉面']))
    expect(text(t, '.shop-menu__owner-only')).toContain('只有店主可以修改菜单')
    expect(t.queries.querySelector('.shop-add-category, .shop-arrow, .shop-dish__edit, .shop-dish__delete, .shop-category__add-dish')).toBeNull()
    await click(t, '.shop-dish__sold-out')
    await until(t, () => expect(api.called('hui_shanghu.store_takeout/soldOut')[0]?.data).toMatchObject({ dish_id: 31, sold_out: true }))
  })

  it('the workbench offers the owner Menu, Coupons and Change history', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    const bench: WorkbenchAnswer = { shop: { id: 9, name: '新开面馆' }, business_day: businessToday(), paid_count: 0, takings: 0, to_verify: 0, refunds_to_answer: 0, to_ship: 0, refund_auto_approve_hours: 48, role: 'owner' }
    fakeApi({ 'hui_shanghu.store/workbench': () => bench })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench__entry--menu')
    expect(all(t, '.workbench__entry-title')).toEqual(expect.arrayContaining(['菜单管理', '店铺优惠券', '修改记录']))
  })
})

describe('a dish', () => {
  it('checked as typed: a field\'s words once touched; Save sends cents and the options; back to the menu', async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/dish', { category_id: '4' })
    // Opened cold (no page behind it): back to the menu by redirect.
    const back = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({
      'hui_shanghu.store_menu/read': () => editor(),
      'hui_shanghu.store_menu/saveDish': () => write(editor(), 32),
    })
    const t = await mount(StoreDishPage)
    await t.queries.waitForQuerySelector('.shop-dish-form__save')
    expect(text(t, '.shop-chip--on')).toBe('饮品')
    await typeInto(t, '.shop-dish-form__input--price', '0')
    await until(t, () => expect(text(t, '.shop-dish-form__error--price')).toBe('价格需在 ¥0.01–¥10000 之间'))
    // The name untouched: not yet said; Save says what is wrong and sends nothing.
    expect(t.queries.querySelector('.shop-dish-form__error--name')).toBeNull()
    await click(t, '.shop-dish-form__save')
    await until(t, () => expect(toasted()).toContain('菜名需为 1–30 个字'))
    expect(api.called('hui_shanghu.store_menu/saveDish')).toHaveLength(0)

    await typeInto(t, '.shop-dish-form__input--name', '柠檬茶')
    await typeInto(t, '.shop-dish-form__input--price', '8.5')
    await click(t, '.shop-groups__add')
    await typeInto(t, '.shop-group__name', '冰量')
    await typeInto(t, '.shop-option__name', '少冰')
    await click(t, '.shop-group__add-option')
    // The second option's row, once drawn.
    await until(t, () => expect(t.queries.querySelectorAll('.shop-option__name input')).toHaveLength(2))
    const names = t.queries.querySelectorAll('.shop-option__name input')
    await t.act(async () => {
      ;(names[1] as HTMLInputElement).value = '去冰'
      names[1].dispatchEvent(new Event('input', { bubbles: true }))
    })
    await click(t, '.shop-dish-form__save')
    await until(t, () => expect(api.called('hui_shanghu.store_menu/saveDish')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_menu/saveDish')[0].data).toMatchObject({
      category_id: 4,
      name: '柠檬茶',
      price: 850,
      packing_fee: 0,
      daily_stock: null,
      option_groups: [{ name: '冰量', required: true, max: 1, options: [{ name: '少冰', price: 0 }, { name: '去冰', price: 0 }] }],
    })
    await until(t, () => expect(back).toHaveBeenCalledWith({ url: '/pages/store/menu' }))
  })

  it('an existing dish: its fields, its member prices as the server priced them, its option ids kept', async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/dish', { id: '31' })
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({ 'hui_shanghu.store_menu/read': () => editor(), 'hui_shanghu.store_menu/saveDish': () => write(editor(), 31) })
    const t = await mount(StoreDishPage)
    await t.queries.waitForQuerySelector('.shop-dish-form__member')
    expect(text(t, '.shop-dish-form__member')).toBe('会员价（按会员卡折扣计算）：银卡 ¥17.64 / 金卡 ¥17.10')
    await typeInto(t, '.shop-dish-form__input--price', '21')
    await click(t, '.shop-dish-form__save')
    await until(t, () => expect(api.called('hui_shanghu.store_menu/saveDish')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_menu/saveDish')[0].data).toMatchObject({
      id: 31,
      price: 2100,
      packing_fee: 50,
      daily_stock: 20,
      option_groups: [{ id: 41, options: [{ id: 51, name: '小份', price: 0 }, { id: 52, name: '大份', price: 300 }] }],
    })
  })

  it('staff opening a dish are told it is the owner\'s', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/dish', { id: '31' })
    fakeApi({ 'hui_shanghu.store_menu/read': () => editor({ can_edit: false }) })
    const t = await mount(StoreDishPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('只有店主可以使用'))
  })
})

describe('delivery settings', () => {
  it('the first save starts takeout: defaults to change, a wrong period said as typed, the payload in metres and cents', async () => {
    toasts()
    setItem('token', 'tok')
    openedWith('pages/store/delivery')
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({ 'hui_shanghu.store_menu/read': () => editor({ takeout: null }), 'hui_shanghu.store_menu/saveDelivery': () => write(editor(), 9) })
    const t = await mount(StoreDeliveryPage)
    await t.queries.waitForQuerySelector('.shop-delivery__save')
    expect(text(t, '.shop-delivery__first')).toContain('保存后即开通外卖')
    await typeInto(t, '.shop-delivery__period .shop-input', '9:00')
    await until(t, () => expect(text(t, '.shop-delivery__error')).toBe('营业时段格式为 HH:mm，1–3 段，开始与结束不能相同'))
    await click(t, '.shop-delivery__save')
    expect(api.called('hui_shanghu.store_menu/saveDelivery')).toHaveLength(0)
    await typeInto(t, '.shop-delivery__period .shop-input', '09:00')
    await typeInto(t, '.shop-delivery__radius .shop-input', '4.5')
    await click(t, '.shop-delivery__save')
    await until(t, () => expect(api.called('hui_shanghu.store_menu/saveDelivery')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_menu/saveDelivery')[0].data).toMatchObject({
      category_id: 1,
      hours: [{ open: '09:00', close: '21:00' }],
      radius_m: 4500,
      fee_tiers: [{ up_to_m: 3000, fee: 300 }],
      packing_fee: 0,
      min_order: 1500,
      prep_minutes: 15,
      pickup: true,
    })
  })
})

describe('the shop\'s coupons', () => {
  const coupon = (over: Partial<ShopCoupon> = {}): ShopCoupon => ({
    id: 7,
    title: '满 50 减 8',
    value_type: 'amount',
    amount: 800,
    percent_off: null,
    min_spend: 5000,
    use_at: 'bill',
    quantity: 100,
    per_person: 1,
    validity: 'days',
    valid_from: null,
    valid_to: null,
    valid_days: 7,
    claimed: 12,
    used: 3,
    state: 'issuing',
    created_at: '2026-11-20 10:00:00',
    stopped_at: null,
    ...over,
  })
  const list = (items: ShopCoupon[]): ShopCouponList => ({ shop: { id: 9, name: '新开面馆' }, list: items })

  it('each with its terms, claimed and used; stop asks first; a new one checked as typed, sent in cents', async () => {
    toasts()
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    setItem('token', 'tok')
    openedWith('pages/store/coupons')
    let items = [coupon(), coupon({ id: 8, title: '八折券', value_type: 'percent', percent_off: 20, amount: 500, min_spend: 0, use_at: 'both', state: 'claimed_out', quantity: 50, claimed: 50, used: 20 })]
    const api = fakeApi({
      'hui_shanghu.store_coupon/index': () => list(items),
      'hui_shanghu.store_coupon/stop': () => {
        items = [coupon({ state: 'stopped', stopped_at: '2026-11-23 10:00:00' }), items[1]]
        return { ...list(items), saved_id: 7 }
      },
      'hui_shanghu.store_coupon/save': () => ({ ...list(items), saved_id: 9 }),
    })
    const t = await mount(StoreCouponsPage)
    await until(t, () => expect(all(t, '.shop-coupon__title')).toEqual(['满 50 减 8', '八折券']))
    expect(all(t, '.shop-coupon__value')).toEqual(['减 ¥8.00 · 满 ¥50.00 可用', '减 20%，最多 ¥5.00 · 无门槛'])
    expect(all(t, '.shop-coupon__claimed')).toEqual(['已领 12/100', '已领 50/50'])
    expect(all(t, '.shop-coupon__used')).toEqual(['已用 3', '已用 20'])
    expect(all(t, '.shop-badge')).toEqual(['发放中', '已领完'])
    await click(t, '.shop-coupon__stop')
    await until(t, () => expect(all(t, '.shop-badge')).toEqual(['已停发', '已领完']))
    expect(api.called('hui_shanghu.store_coupon/stop')[0].data).toMatchObject({ id: 7 })

    await click(t, '.shop-coupons__new')
    await typeInto(t, '.shop-coupon-form__title', '开业立减')
    await typeInto(t, '.shop-coupon-form__amount', '10')
    await typeInto(t, '.shop-coupon-form__min_spend', '10')
    await until(t, () => expect(text(t, '.shop-coupon-form__error')).toBe('立减金额需小于使用门槛'))
    await click(t, '.shop-coupon-form__save')
    expect(api.called('hui_shanghu.store_coupon/save')).toHaveLength(0)
    await typeInto(t, '.shop-coupon-form__min_spend', '30')
    await click(t, '.shop-coupon-form__save')
    await until(t, () => expect(api.called('hui_shanghu.store_coupon/save')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_coupon/save')[0].data).toMatchObject({ title: '开业立减', value_type: 'amount', amount: 1000, percent_off: null, min_spend: 3000, use_at: 'both', quantity: 100, per_person: 1, validity: 'days', valid_days: 30 })
  })

  it('staff are told coupons are the owner\'s (the server\'s owner_only)', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/coupons')
    fakeApi({ 'hui_shanghu.store_coupon/index': () => refused('owner_only', 'zh') })
    const t = await mount(StoreCouponsPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('只有店主可以使用'))
  })
})

describe('the change history', () => {
  const change = (over: Partial<ShopChange>): ShopChange => ({ id: 1, at: '2026-11-23 10:05:00', by: { user_id: 1, nickname: '王老板', phone: '136****0001', role: 'owner' }, kind: 'dish_changed', subject: '牛肉面', fields: [], ...over })

  it('who, when, what, each field before → after in the owner\'s words; in English too', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/changes')
    const items = [
      change({ id: 3, kind: 'dish_sold_out', subject: '柠檬茶', by: { user_id: 2, nickname: '小李', phone: '137****0002', role: 'staff' }, fields: [{ field: 'sold_out', before: false, after: true }] }),
      change({ id: 2, fields: [{ field: 'price', before: 1800, after: 2000 }, { field: 'daily_stock', before: null, after: 20 }] }),
      change({ id: 1, kind: 'delivery_changed', subject: '', fields: [{ field: 'radius_m', before: null, after: 3000 }] }),
      // The server writes a validity in days as 30d: the owner reads it in words.
      change({ id: 0, kind: 'coupon_issued', subject: '开业立减', fields: [{ field: 'valid', before: null, after: '30d' }] }),
    ]
    fakeApi({ 'hui_shanghu.store_changes/index': () => ({ list: items, total: 4, page: 1, page_size: 20 }) })
    const t = await mount(StoreChangesPage)
    await until(t, () => expect(all(t, '.shop-change__what')).toEqual(['标记售罄 · 柠檬茶', '修改菜品 · 牛肉面', '修改配送设置', '发优惠券 · 开业立减']))
    expect(all(t, '.shop-change__by')).toEqual(['小李 137****0002（店员）', '王老板 136****0001（店主）', '王老板 136****0001（店主）', '王老板 136****0001（店主）'])
    expect(all(t, '.shop-change__values')).toEqual(['否 → 是', '¥18.00 → ¥20.00', '不限 → 20', '— → 3.0 km', '领取后 30 天'])
    expect(all(t, '.shop-change__at')).toEqual(['11-23 10:05', '11-23 10:05', '11-23 10:05', '11-23 10:05'])
    await t.act(async () => setLang('en'))
    await until(t, () => expect(all(t, '.shop-change__what')).toEqual(['Marked sold out · 柠檬茶', 'Changed a dish · 牛肉面', 'Changed delivery settings', expect.stringContaining('开业立减')]))
    expect(all(t, '.shop-change__label')).toEqual(['Sold out', 'Price', 'Daily stock', 'Delivery range', 'Valid'])
    expect(all(t, '.shop-change__values')).toEqual(['No → Yes', '¥18.00 → ¥20.00', 'Unlimited → 20', '— → 3.0 km', '30 days from claim'])
  })

  it('empty: says what will be listed', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/changes')
    fakeApi({ 'hui_shanghu.store_changes/index': () => ({ list: [], total: 0, page: 1, page_size: 20 }) })
    const t = await mount(StoreChangesPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('还没有修改记录'))
  })
})
