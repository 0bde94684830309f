/**
 * Issue 44: a merchant runs their own takeout menu from the workbench (server/domain/store/menu.ts; docs/api.md "The shop's
 * menu, coupons and change history"). A newly approved shop goes from nothing to a first takeout order through the calls
 * the screens make; only the owner changes the menu (staff: owner_only; a shopper: no_permission; another shop's owner
 * reaches nothing of this shop); each field is checked with its own reason; a change is on the shoppers' next read; a
 * paid order keeps the prices it was paid at; a dish's daily stock is never oversold and comes back with a cancelled
 * order; every change is on the owner's history with who, when, before and after.
 */
import type { OrderInfo, PayparamAnswer, PriceQuote } from '../../src/contract/order'
import type { MenuEditorAnswer, MenuWriteAnswer, ShopChange } from '../../src/contract/storeShop'
import type { TakeoutMenuAnswer, TakeoutShop } from '../../src/contract/takeout'
import type { Paged } from '../../src/contract/paging'
import { reasonText, type Reason, type ReasonParams } from '../../src/contract/reasons'
import { startServer, type TestServer } from './helpers'

type Body<T> = { code: number; msg: string; data: T; reason?: string; params?: Record<string, unknown> }

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

let seq = 0
const person = () => s.quickUser(`1366${String(++seq).padStart(7, '0')}`)
const call = <T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, token?: string) => s.call<T>(method, path, payload, token).then((r) => r.body as Body<T>)

/** A shop as an operator's approval makes one (server/domain/merchant.ts approveApplication): a row of shops and its owner. */
async function newShop(name: string): Promise<{ shopId: number; owner: { token: string; userId: number } }> {
  const owner = await person()
  const shop = await s.row<{ id: number }>(
    "INSERT INTO shops (name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro, is_oil) VALUES (?, 1, 1, '福田区福华三路 10 号', 22.54, 114.05, '13800000000', '10:00-22:00', 0, 90, '', '', 0) RETURNING id",
    name,
  )
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'owner')", owner.userId, shop.id)
  return { shopId: Number(shop.id), owner }
}
async function staffOf(shopId: number) {
  const u = await person()
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, '2026-01-01 00:00:00', 'staff')", u.userId, shopId)
  return u
}

const DELIVERY = { category_id: 1, hours: [{ open: '00:00', close: '24:00' }], radius_m: 5000, fee_tiers: [{ up_to_m: 3000, fee: 300 }, { up_to_m: 5000, fee: 500 }], packing_fee: 100, min_order: 1000, prep_minutes: 15, pickup: true }
const menuOf = (token: string) => call<MenuEditorAnswer>('GET', 'hui_shanghu.store_menu/read', {}, token)
const write = (path: string, payload: Record<string, unknown>, token: string) => call<MenuWriteAnswer>('POST', `hui_shanghu.store_menu/${path}`, payload, token)
const publicMenu = (shopId: number, token?: string) => call<TakeoutMenuAnswer>('GET', 'hui_public.takeout_shop/menu', { shop_id: shopId }, token)
const history = (token: string) => call<Paged<ShopChange>>('GET', 'hui_shanghu.store_changes/index', { page_size: 50 }, token)
const order = (token: string, payload: Record<string, unknown>) =>
  call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'takeout', mode: 'pickup', client_request_id: `m-${Math.random().toString(36).slice(2, 12)}`, ...payload }, token)
async function pay(token: string, id: number) {
  expect((await call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, success_url: '/pages/payBill/success', fail_url: '/pages/orders/detail' }, token)).code).toBe(1)
  expect((await call('POST', 'sandbox/confirmPay', { id, result: 'success' })).code).toBe(1)
}

/** A new shop with takeout set up, two categories and a noodle dish with a required size. */
async function shopWithMenu(name: string) {
  const shop = await newShop(name)
  const t = shop.owner.token
  expect((await write('saveDelivery', DELIVERY, t)).code).toBe(1)
  const mains = (await write('saveCategory', { name: '面' }, t)).data.saved_id
  const drinks = (await write('saveCategory', { name: '饮品' }, t)).data.saved_id
  const noodle = await write(
    'saveDish',
    { category_id: mains, name: '牛肉面', price: 1800, packing_fee: 50, description: '清汤\n手拉面', option_groups: [{ name: '份量', required: true, max: 1, options: [{ name: '小份', price: 0 }, { name: '大份', price: 300 }] }] },
    t,
  )
  expect(noodle.code).toBe(1)
  const tea = (await write('saveDish', { category_id: drinks, name: '柠檬茶', price: 800 }, t)).data.saved_id
  return { ...shop, mains, drinks, noodle: noodle.data.saved_id, tea, menu: noodle.data }
}

describe('a new shop, from nothing to a first takeout order', () => {
  it('the owner sets delivery, two categories and a dish with a required option; a shopper finds it and orders it with its option', async () => {
    const { shopId, owner } = await newShop('新开面馆')
    const empty = await menuOf(owner.token)
    expect(empty).toMatchObject({ code: 1, data: { shop: { id: shopId }, can_edit: true, takeout: null, categories: [], dishes: [] } })
    expect(empty.data.takeout_categories.length).toBeGreaterThan(0)
    // No takeout row yet: the shoppers' list does not have it, nor its menu.
    expect((await call('GET', 'hui_public.takeout_shop/menu', { shop_id: shopId })).reason).toBe('shop_not_found')

    const set = await write('saveDelivery', DELIVERY, owner.token)
    expect(set.data.takeout).toEqual({ category_id: 1, settings: { hours: [{ open: '00:00', close: '24:00' }], radius_m: 5000, fee_tiers: [{ up_to_m: 3000, fee: 300 }, { up_to_m: 5000, fee: 500 }], packing_fee: 100, min_order: 1000, pickup: true, prep_minutes: 15, paused: false } })
    // Takeout is set up, but a shop with no dish is not listed yet.
    const listed = async () => (await call<Paged<TakeoutShop>>('GET', 'hui_public.takeout_shop/index', { city_id: 1, page_size: 50 })).data.list.some((x) => x.id === shopId)
    expect(await listed()).toBe(false)

    const mains = (await write('saveCategory', { name: '  面  ' }, owner.token)).data.saved_id
    const drinks = await write('saveCategory', { name: '饮品' }, owner.token)
    expect(drinks.data.categories.map((c) => c.name)).toEqual(['面', '饮品'])
    const saved = await write(
      'saveDish',
      { category_id: mains, name: '牛肉面', price: 1800, packing_fee: 50, daily_stock: null, description: '清汤\n手拉面', option_groups: [{ name: '份量', required: true, max: 1, options: [{ name: '小份', price: 0 }, { name: '大份', price: 300 }] }] },
      owner.token,
    )
    expect(saved.code).toBe(1)
    const dish = saved.data.dishes.find((d) => d.id === saved.data.saved_id)
    // The member price at each card level on sale, as the server prices a card holder's dish (gold: 95 → ¥17.10).
    expect(dish).toMatchObject({ name: '牛肉面', price: 1800, packing_fee: 50, description: '清汤\n手拉面', daily_stock: null, stock_left: null, sold_out: false })
    expect(dish?.member_prices).toEqual(expect.arrayContaining([{ level: 2, name: '金卡', rate: 95, price: 1710 }]))
    expect(dish?.option_groups).toMatchObject([{ name: '份量', required: true, max: 1, options: [{ name: '小份', price: 0 }, { name: '大份', price: 300 }] }])
    expect(await listed()).toBe(true)

    // The shopper's menu has it at once, with the option's price.
    const shopper = await s.login('13700004401')
    const menu = await publicMenu(shopId, shopper.token)
    expect(menu.data.categories).toEqual([{ name: '面', dish_ids: [saved.data.saved_id] }])
    expect(menu.data.dishes[0]).toMatchObject({ name: '牛肉面', price: 1800, packing_fee: 50, stock_left: null, option_groups: [{ name: '份量', required: true, max: 1 }] })
    const large = menu.data.dishes[0].option_groups[0].options[1].id
    // The required option is required; with it: ¥21.00 of dishes, packing ¥1.00 per order + ¥0.50 a bowl.
    expect(await order(shopper.token, { shop_id: shopId, items: [{ id: saved.data.saved_id, quantity: 1 }] })).toMatchObject({ code: 0, reason: 'takeout_option_required' })
    const made = await order(shopper.token, { shop_id: shopId, items: [{ id: saved.data.saved_id, quantity: 1, option_ids: [large] }] })
    expect(made).toMatchObject({ code: 1, data: { order_info: { original_amount: 2100, fee_amount: 150, pay_amount: 2250, lines: [{ name: '牛肉面', spec: '大份', quantity: 1, price: 2100 }] } } })
    await pay(shopper.token, made.data.order_info.id)
    const store = await call<{ list: Array<{ info: { id: number } }> }>('GET', 'hui_shanghu.store_takeout/index', { todo: 'accept' }, owner.token)
    expect(store.data.list.map((o) => o.info.id)).toEqual([made.data.order_info.id])
  })
})

describe('rights', () => {
  it('a shopper, staff of the shop, another shop\'s owner and an anonymous caller are each refused with their reason; staff read the menu', async () => {
    const shop = await shopWithMenu('权限面馆')
    const other = await newShop('隔壁面馆')
    const staff = await staffOf(shop.shopId)
    const shopper = await person()
    const writes: Array<[string, Record<string, unknown>]> = [
      ['saveCategory', { name: '汤' }],
      ['saveCategory', { id: shop.mains, name: '汤面' }],
      ['deleteCategory', { id: shop.drinks }],
      ['moveCategory', { id: shop.drinks, direction: 'up' }],
      ['saveDish', { category_id: shop.mains, name: '凉面', price: 1200 }],
      ['saveDish', { id: shop.noodle, category_id: shop.mains, name: '牛肉面', price: 1 }],
      ['deleteDish', { id: shop.tea }],
      ['moveDish', { id: shop.tea, direction: 'up' }],
      ['saveDelivery', DELIVERY],
    ]
    for (const [path, payload] of writes) {
      expect([path, (await write(path, payload, staff.token)).reason]).toEqual([path, 'owner_only'])
      expect([path, (await write(path, payload, shopper.token)).reason]).toEqual([path, 'no_permission'])
      expect([path, (await write(path, payload, '')).code]).toEqual([path, -1])
    }
    // Another shop's owner names this shop's rows: not found (nothing of another shop is reached).
    expect((await write('saveCategory', { id: shop.mains, name: '偷改' }, other.owner.token)).reason).toBe('menu_category_not_found')
    expect((await write('deleteCategory', { id: shop.drinks }, other.owner.token)).reason).toBe('menu_category_not_found')
    expect((await write('moveCategory', { id: shop.drinks, direction: 'up' }, other.owner.token)).reason).toBe('menu_category_not_found')
    expect((await write('saveDish', { id: shop.noodle, category_id: shop.mains, name: '牛肉面', price: 1 }, other.owner.token)).reason).toBe('menu_category_not_found')
    expect((await write('deleteDish', { id: shop.tea }, other.owner.token)).reason).toBe('menu_dish_not_found')
    expect((await write('moveDish', { id: shop.tea, direction: 'up' }, other.owner.token)).reason).toBe('menu_dish_not_found')
    // Nothing changed.
    const now = await menuOf(shop.owner.token)
    expect(now.data.categories.map((c) => c.name)).toEqual(['面', '饮品'])
    expect(now.data.dishes.map((d) => [d.name, d.price])).toEqual([['牛肉面', 1800], ['柠檬茶', 800]])

    // Staff read the menu (not to change it) and mark a dish sold out, as before; their history is the owner's to read.
    expect(await menuOf(staff.token)).toMatchObject({ code: 1, data: { can_edit: false, shop: { id: shop.shopId } } })
    expect((await menuOf(shopper.token)).reason).toBe('no_permission')
    expect((await call('POST', 'hui_shanghu.store_takeout/soldOut', { dish_id: shop.tea, sold_out: true }, staff.token)).code).toBe(1)
    expect((await call('POST', 'hui_shanghu.store_takeout/pause', { paused: true }, staff.token)).code).toBe(1)
    expect((await history(staff.token)).reason).toBe('owner_only')
    expect((await history(shopper.token)).reason).toBe('no_permission')
  })
})

describe('validation, with a reason each', () => {
  let shop: Awaited<ReturnType<typeof shopWithMenu>>
  beforeAll(async () => {
    shop = await shopWithMenu('校验面馆')
  })
  const dish = (extra: Record<string, unknown>) => ({ category_id: shop.mains, name: '凉面', price: 1200, ...extra })

  it.each([
    ['saveCategory', { name: '' }, 'menu_category_name_invalid'],
    ['saveCategory', { name: '一二三四五六七八九十一二三' }, 'menu_category_name_invalid'],
    ['saveCategory', { name: '饮品' }, 'menu_category_name_taken'],
    ['saveDish', { name: ' ' }, 'menu_dish_name_invalid'],
    ['saveDish', { price: 0 }, 'menu_dish_price_invalid'],
    ['saveDish', { price: 12.5 }, 'menu_dish_price_invalid'],
    ['saveDish', { price: 1_000_001 }, 'menu_dish_price_invalid'],
    ['saveDish', { packing_fee: -1 }, 'menu_dish_packing_invalid'],
    ['saveDish', { daily_stock: 0 }, 'menu_dish_stock_invalid'],
    ['saveDish', { description: '字'.repeat(201) }, 'menu_dish_description_invalid'],
    ['saveDish', { image: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg' }, 'menu_dish_image_invalid'],
    ['saveDish', { option_groups: [{ name: '辣度', required: true, max: 1, options: [] }] }, 'menu_option_group_invalid'],
    ['saveDish', { option_groups: [{ name: '辣度', required: true, max: 3, options: [{ name: '微辣', price: 0 }, { name: '中辣', price: 0 }] }] }, 'menu_option_max_invalid'],
    ['saveDish', { option_groups: [{ name: '辣度', required: false, max: 1, options: [{ name: '微辣', price: -100 }] }] }, 'menu_option_invalid'],
    ['saveDish', { option_groups: [{ name: '辣度', required: false, max: 1, options: [{ name: '微辣', price: 0 }, { name: '微辣', price: 0 }] }] }, 'menu_option_invalid'],
    ['saveDish', { option_groups: Array.from({ length: 6 }, (_, i) => ({ name: `组${i}`, required: false, max: 1, options: [{ name: '有', price: 0 }] })) }, 'menu_option_groups_limit'],
    ['saveDelivery', { ...DELIVERY, hours: [{ open: '10:00', close: '10:00' }] }, 'takeout_hours_invalid'],
    ['saveDelivery', { ...DELIVERY, hours: [{ open: '9:00', close: '14:00' }] }, 'takeout_hours_invalid'],
    ['saveDelivery', { ...DELIVERY, radius_m: 30_000 }, 'takeout_radius_invalid'],
    ['saveDelivery', { ...DELIVERY, fee_tiers: [{ up_to_m: 5000, fee: 300 }, { up_to_m: 3000, fee: 500 }] }, 'takeout_fee_tiers_invalid'],
    ['saveDelivery', { ...DELIVERY, fee_tiers: [] }, 'takeout_fee_tiers_invalid'],
    ['saveDelivery', { ...DELIVERY, min_order: -1 }, 'takeout_min_order_invalid'],
    ['saveDelivery', { ...DELIVERY, prep_minutes: 1 }, 'takeout_prep_invalid'],
    ['saveDelivery', { ...DELIVERY, category_id: 999 }, 'takeout_category_invalid'],
  ])('%s %j → %s', async (path, payload, reason) => {
    const body = path === 'saveDish' ? dish(payload) : payload
    const res = await write(path, body, shop.owner.token)
    expect(res).toMatchObject({ code: 0, reason })
    // In the asker's language, from the reason.
    const en = await call('POST', `hui_shanghu.store_menu/${path}`, { ...body, lang: 'en' }, shop.owner.token)
    expect(en.msg).toBe(reasonText(reason as Reason, 'en', (en.params ?? {}) as ReasonParams))
  })

  it('a category with dishes is not deleted (it says how many); emptied, it is', async () => {
    expect(await write('deleteCategory', { id: shop.drinks }, shop.owner.token)).toMatchObject({ code: 0, reason: 'menu_category_not_empty', params: { name: '饮品', count: 1 } })
    expect((await write('deleteDish', { id: shop.tea }, shop.owner.token)).code).toBe(1)
    const gone = await write('deleteCategory', { id: shop.drinks }, shop.owner.token)
    expect(gone.code).toBe(1)
    expect(gone.data.categories.map((c) => c.name)).toEqual(['面'])
  })

  it('a photo the owner uploaded is taken; the dish keeps its own on a later save', async () => {
    const url = await s.picture(shop.owner.userId)
    const saved = await write('saveDish', dish({ name: '有图的面', image: url }), shop.owner.token)
    expect(saved.data.dishes.find((d) => d.id === saved.data.saved_id)?.image).toBe(url)
    expect((await write('saveDish', dish({ id: saved.data.saved_id, name: '有图的面', image: url, price: 1300 }), shop.owner.token)).code).toBe(1)
    // Someone else's upload is not the owner's to use.
    const stranger = await person()
    expect((await write('saveDish', dish({ image: await s.picture(stranger.userId) }), shop.owner.token)).reason).toBe('menu_dish_image_invalid')
  })
})

describe('order by arrows', () => {
  it('categories and dishes move one place up or down; the shoppers\' menu follows; the top one going up changes nothing', async () => {
    const shop = await shopWithMenu('排序面馆')
    const soup = (await write('saveDish', { category_id: shop.mains, name: '酸辣汤', price: 600 }, shop.owner.token)).data.saved_id
    let m = await write('moveCategory', { id: shop.drinks, direction: 'up' }, shop.owner.token)
    expect(m.data.categories.map((c) => c.name)).toEqual(['饮品', '面'])
    m = await write('moveDish', { id: soup, direction: 'up' }, shop.owner.token)
    expect(m.data.categories.find((c) => c.id === shop.mains)?.dish_ids).toEqual([soup, shop.noodle])
    const menu = await publicMenu(shop.shopId)
    expect(menu.data.categories.map((c) => c.name)).toEqual(['饮品', '面'])
    expect(menu.data.categories[1].dish_ids).toEqual([soup, shop.noodle])
    const before = (await history(shop.owner.token)).data.total
    expect((await write('moveCategory', { id: shop.drinks, direction: 'up' }, shop.owner.token)).data.categories.map((c) => c.name)).toEqual(['饮品', '面'])
    expect((await history(shop.owner.token)).data.total).toBe(before)
  })
})

describe('what shoppers see, and what orders keep', () => {
  it('a change is on the shoppers\' very next read (nothing is kept between): price, option, sold out, removed', async () => {
    const shop = await shopWithMenu('即时面馆')
    const first = await publicMenu(shop.shopId)
    expect(first.data.dishes.find((d) => d.id === shop.noodle)?.price).toBe(1800)
    await write('saveDish', { id: shop.noodle, category_id: shop.mains, name: '牛肉面', price: 2000, option_groups: [] }, shop.owner.token)
    const second = await publicMenu(shop.shopId)
    expect(second.data.dishes.find((d) => d.id === shop.noodle)).toMatchObject({ price: 2000, option_groups: [] })
    await write('deleteDish', { id: shop.tea }, shop.owner.token)
    expect((await publicMenu(shop.shopId)).data.dishes.map((d) => d.id)).toEqual([shop.noodle])
    // A cart still holding the removed dish is refused at the quote, saying the dish is gone.
    const shopper = await s.login('13700004402')
    expect(await call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'takeout', mode: 'pickup', shop_id: shop.shopId, items: [{ id: shop.tea, quantity: 1 }] }, shopper.token)).toMatchObject({ code: 0, reason: 'dish_unavailable' })
    // Its id is never another dish's: the next dish gets a new one.
    const next = (await write('saveDish', { category_id: shop.drinks, name: '冻柠茶', price: 900 }, shop.owner.token)).data.saved_id
    expect(next).toBeGreaterThan(shop.tea)
  })

  it('a paid order keeps the prices it was paid at after the owner changes them; its options\' names too', async () => {
    const shop = await shopWithMenu('价格面馆')
    const shopper = await s.login('13700004403')
    const large = (await publicMenu(shop.shopId)).data.dishes.find((d) => d.id === shop.noodle)?.option_groups[0].options[1].id as number
    const made = await order(shopper.token, { shop_id: shop.shopId, items: [{ id: shop.noodle, quantity: 2, option_ids: [large] }] })
    expect(made.code).toBe(1)
    await pay(shopper.token, made.data.order_info.id)
    await write('saveDish', { id: shop.noodle, category_id: shop.mains, name: '招牌牛肉面', price: 2600, packing_fee: 0, option_groups: [{ name: '份量', required: true, max: 1, options: [{ name: '标准', price: 0 }] }] }, shop.owner.token)
    await write('saveDelivery', { ...DELIVERY, packing_fee: 500 }, shop.owner.token)
    const read = await call<{ info: OrderInfo }>('GET', 'personal.order/read', { id: made.data.order_info.id }, shopper.token)
    expect(read.data.info).toMatchObject({ original_amount: 4200, fee_amount: 200, pay_amount: 4400, lines: [{ name: '牛肉面', spec: '大份', quantity: 2, price: 2100 }] })
    const store = await call<{ info: OrderInfo }>('GET', 'hui_shanghu.store_takeout/read', { id: made.data.order_info.id }, shop.owner.token)
    expect(store.data.info).toMatchObject({ pay_amount: 4400, lines: [{ name: '牛肉面', spec: '大份', quantity: 2, price: 2100, amount: 4200 }] })
    // A new order is priced at the new menu.
    const standard = (await publicMenu(shop.shopId)).data.dishes.find((d) => d.id === shop.noodle)?.option_groups[0].options[0].id as number
    expect(await call<PriceQuote>('POST', 'personal.order/preCreate', { kind: 'takeout', mode: 'pickup', shop_id: shop.shopId, items: [{ id: shop.noodle, quantity: 2, option_ids: [standard] }] }, shopper.token)).toMatchObject({
      code: 1,
      data: { original_amount: 5200, fee_amount: 500 },
    })
    // The old option is no longer the dish's.
    expect((await call('POST', 'personal.order/preCreate', { kind: 'takeout', mode: 'pickup', shop_id: shop.shopId, items: [{ id: shop.noodle, quantity: 1, option_ids: [large] }] }, shopper.token)).reason).toBe('takeout_option_invalid')
  })

  it('a daily stock is never oversold, reads as sold out when none is left, and comes back when an unpaid order is cancelled', async () => {
    const shop = await shopWithMenu('限量面馆')
    await write('saveDelivery', { ...DELIVERY, min_order: 0 }, shop.owner.token)
    await write('saveDish', { id: shop.tea, category_id: shop.drinks, name: '柠檬茶', price: 800, daily_stock: 3 }, shop.owner.token)
    const a = await s.login('13700004404')
    const b = await s.login('13700004405')
    const first = await order(a.token, { shop_id: shop.shopId, items: [{ id: shop.tea, quantity: 2 }] })
    expect(first.code).toBe(1)
    expect((await publicMenu(shop.shopId)).data.dishes.find((d) => d.id === shop.tea)).toMatchObject({ stock_left: 1, sold_out: false })
    expect(await call('POST', 'personal.order/preCreate', { kind: 'takeout', mode: 'pickup', shop_id: shop.shopId, items: [{ id: shop.tea, quantity: 2 }] }, b.token)).toMatchObject({ code: 0, reason: 'takeout_dish_stock_short', params: { left: 1 } })
    expect((await order(b.token, { shop_id: shop.shopId, items: [{ id: shop.tea, quantity: 1 }] })).code).toBe(1)
    expect((await publicMenu(shop.shopId)).data.dishes.find((d) => d.id === shop.tea)).toMatchObject({ stock_left: 0, sold_out: true })
    expect((await menuOf(shop.owner.token)).data.dishes.find((d) => d.id === shop.tea)).toMatchObject({ daily_stock: 3, stock_left: 0 })
    const c = await s.login('13700004406')
    expect((await order(c.token, { shop_id: shop.shopId, items: [{ id: shop.tea, quantity: 1 }] })).reason).toBe('takeout_dish_sold_out')
    // The first shopper cancels the unpaid order: its two come back.
    expect((await call('POST', 'personal.order/cancel', { id: first.data.order_info.id }, a.token)).code).toBe(1)
    expect((await publicMenu(shop.shopId)).data.dishes.find((d) => d.id === shop.tea)).toMatchObject({ stock_left: 2, sold_out: false })
  })
})

describe('the change history', () => {
  it('who, their role, when, what, before and after; newest first; the owner only', async () => {
    const shop = await shopWithMenu('历史面馆')
    const staff = await staffOf(shop.shopId)
    await write('saveDish', { id: shop.noodle, category_id: shop.mains, name: '牛肉面', price: 2000, packing_fee: 50, description: '清汤\n手拉面', option_groups: [{ name: '份量', required: true, max: 1, options: [{ name: '小份', price: 0 }, { name: '大份', price: 400 }] }] }, shop.owner.token)
    await call('POST', 'hui_shanghu.store_takeout/soldOut', { dish_id: shop.tea, sold_out: true }, staff.token)
    await write('saveCategory', { id: shop.drinks, name: '茶饮' }, shop.owner.token)
    const h = await history(shop.owner.token)
    expect(h.code).toBe(1)
    const [renamed, soldOut, changed] = h.data.list
    expect(renamed).toMatchObject({ kind: 'category_renamed', subject: '茶饮', by: { user_id: shop.owner.userId, role: 'owner' }, fields: [{ field: 'name', before: '饮品', after: '茶饮' }] })
    expect(soldOut).toMatchObject({ kind: 'dish_sold_out', subject: '柠檬茶', by: { user_id: staff.userId, role: 'staff' }, fields: [{ field: 'sold_out', before: false, after: true }] })
    expect(soldOut.by.phone).toMatch(/^\d{3}\*{4}\d{4}$/)
    expect(changed).toMatchObject({ kind: 'dish_changed', subject: '牛肉面' })
    expect(changed.fields).toEqual([
      { field: 'price', before: 1800, after: 2000 },
      { field: 'options', before: '份量*: 小份, 大份 +3.00', after: '份量*: 小份, 大份 +4.00' },
    ])
    expect(changed.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    // The set-up is there too, oldest last: delivery, the two categories, the two dishes.
    expect(h.data.list.slice(-5).map((c) => c.kind)).toEqual(['dish_added', 'dish_added', 'category_added', 'category_added', 'delivery_changed'])
    expect(h.data.list[h.data.list.length - 1]).toMatchObject({ kind: 'delivery_changed', fields: expect.arrayContaining([{ field: 'radius_m', before: null, after: 5000 }]) })
    // A failed write records nothing.
    const total = h.data.total
    expect((await write('saveDish', { id: shop.noodle, category_id: shop.mains, name: '', price: 1 }, shop.owner.token)).code).toBe(0)
    expect((await history(shop.owner.token)).data.total).toBe(total)
  })
})
