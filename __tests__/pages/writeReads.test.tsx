/**
 * Issue 27, "Data fetched again and again": after a write, the screen on show reads its list again exactly once (the
 * request client's invalidation, src/core/cache.ts — no hand refresh besides) and shows what changed; a return to a
 * screen within the freshness window asks nothing unless a write changed what it shows.
 */
import type TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { Address } from '@/contract/address'
import type { SessionInfo } from '@/contract/account'
import type { MallProductDetail } from '@/contract/mall'
import type { CartAnswer, CartLine } from '@/contract/mallCart'
import { addToCart } from '@/api/mallCart'
import { request } from '@/core/request'
import { setItem } from '@/core/storage'
import OrdersIndexPage from '@/pages/orders/index'
import PersonalAddressPage from '@/pages/personal/address'
import SessionsPage from '@/pages/personal/sessions'
import VMallCartPage from '@/pages/vMall/cart'
import VMallDetailPage from '@/pages/vMall/detail'
import { fakeApi, openedWith, refused, resetRouter, type Handlers } from '../support/fakeApi'
import { order, paged, payparam, quote } from '../support/fixtures'
import { all, click, hide, mount, show, text, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetRouter()
})

const confirmed = () => {
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
}

/** Let every answer on its way land (a second read started late would be counted): a bounded number of turns. */
const settle = (t: TestUtils) =>
  t.act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0))
  })

const profile = { user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card: null, order_counts: { unpaid: 0, paid: 0, completed: 0, refund: 0 } }

async function open(Page: () => JSX.Element): Promise<TestUtils> {
  const t = await mount(Page)
  await show(t)
  return t
}

describe('a write, then exactly one read of the list on show', () => {
  it('My orders: cancel an unpaid order → order/index once more, the order shown cancelled', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/orders/index', {})
    let status = 0
    const api = fakeApi({
      'personal.order/index': () => paged([order({ order_status: status, pay_time: null, expire_time: status === 0 ? '2099-01-01 00:00:00' : null })]),
      'personal.order/cancel': () => {
        status = 50
        return { info: order({ order_status: 50 }) }
      },
    })
    const t = await open(OrdersIndexPage)
    await t.queries.waitForQuerySelector('.order-card__cancel')
    expect(api.called('personal.order/index')).toHaveLength(1)
    await click(t, '.order-card__cancel')
    await until(t, () => expect(t.queries.querySelector('.order-card__cancel')).toBeNull())
    await settle(t)
    expect(api.called('personal.order/cancel')).toHaveLength(1)
    expect(api.called('personal.order/index')).toHaveLength(2)
  })

  it('Addresses: delete one → address/index once more, the list without it; set another default → once more again', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/personal/address', {})
    const a = (id: number, name: string, is_default: boolean): Address => ({ id, name, mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: `华强北路 ${id} 号`, is_default })
    let list = [a(1, '王五', true), a(2, '赵六', false), a(3, '钱七', false)]
    const api = fakeApi({
      'personal.address/index': () => ({ list }),
      'personal.address/delete': (d) => {
        list = list.filter((x) => x.id !== d.id)
        return { deleted: true }
      },
      'personal.address/setDefault': (d) => {
        list = list.map((x) => ({ ...x, is_default: x.id === d.id })).sort((x, y) => Number(y.is_default) - Number(x.is_default))
        return { info: list[0] }
      },
    })
    const t = await open(PersonalAddressPage)
    await until(t, () => expect(all(t, '.address__name')).toEqual(['王五', '赵六', '钱七']))
    expect(api.called('personal.address/index')).toHaveLength(1)

    await click(t, '.address__delete')
    await until(t, () => expect(all(t, '.address__name')).toEqual(['赵六', '钱七']))
    await settle(t)
    expect(api.called('personal.address/index')).toHaveLength(2)

    await click(t, '.address__set-default')
    await until(t, () => expect(all(t, '.address--default .address__name')).toEqual(['赵六']))
    await settle(t)
    expect(api.called('personal.address/index')).toHaveLength(3)
  })

  it('Addresses: a delete leaves what it does not change alone (the profile kept before it is served, not asked again)', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/personal/address', {})
    const home: Address = { id: 1, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: false }
    let list = [home]
    const api = fakeApi({
      'personal.address/index': () => ({ list }),
      'personal.address/delete': () => {
        list = []
        return { deleted: true }
      },
      'personal.user/info': () => profile,
    })
    // Me (or the Card tab) read the profile a moment ago.
    await request('personal.user/info', {})
    const t = await open(PersonalAddressPage)
    await until(t, () => expect(all(t, '.address__name')).toEqual(['王五']))
    await click(t, '.address__delete')
    await until(t, () => expect(t.queries.querySelector('.address')).toBeNull())
    await request('personal.user/info', {})
    expect(api.called('personal.user/info')).toHaveLength(1)
  })

  it('Signed-in devices: end one → sessions once more, the list without it', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/personal/sessions')
    const session = (over: Partial<SessionInfo>): SessionInfo => ({ id: 1, current: true, device: 'H5 · Chrome / Linux', created_at: '2026-11-22 10:00:00', last_seen_at: '2026-11-23 09:30:00', ...over })
    let list = [session({}), session({ id: 2, current: false, device: 'Mini-program · WeChat / iOS' })]
    const api = fakeApi({
      'personal.user/sessions': () => ({ list }),
      'personal.user/endSession': (d) => {
        list = list.filter((s) => s.id !== d.id)
        return { ended: true }
      },
    })
    const t = await open(SessionsPage)
    await until(t, () => expect(all(t, '.session__device')).toHaveLength(2))
    await click(t, '.session__end')
    await until(t, () => expect(all(t, '.session__device')).toEqual(['H5 · Chrome / Linux']))
    await settle(t)
    expect(api.called('personal.user/sessions')).toHaveLength(2)
  })
})

describe('the cart', () => {
  const line = (over: Partial<CartLine>): CartLine => ({
    id: 1,
    product_id: 1,
    spec_id: 11,
    name: '赣南脐橙',
    spec_name: '5 斤装',
    image: '/assets/img/mall-1.svg',
    price: 3990,
    member_price: 3590,
    quantity: 2,
    stock: 100,
    max: 5,
    sold_out: false,
    off_sale: false,
    over_stock: false,
    pickup: true,
    ...over,
  })
  const store = { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' }

  /** The server's cart after the order: its lines gone. */
  let bought: () => void = () => undefined

  async function openCart(more: Handlers = {}) {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/vMall/cart', {})
    let cart: CartAnswer = { stores: [{ store, shipping_fee: 0, lines: [line({}), line({ id: 2, product_id: 2, spec_id: 21, name: '智利冰鲜三文鱼', spec_name: '300 g', quantity: 1 })] }], count: 3 }
    const lines = (f: (l: CartLine[]) => CartLine[]) => {
      cart = { ...cart, stores: cart.stores.map((g) => ({ ...g, lines: f(g.lines) })).filter((g) => g.lines.length > 0) }
      cart.count = cart.stores.flatMap((g) => g.lines).reduce((n, l) => n + l.quantity, 0)
      return cart
    }
    const api = fakeApi({
      'personal.mall_cart/index': () => cart,
      'personal.mall_cart/setQuantity': (d) => lines((ls) => ls.map((l) => (l.id === d.id ? { ...l, quantity: d.quantity } : l))),
      'personal.mall_cart/remove': (d) => lines((ls) => ls.filter((l) => !d.ids.includes(l.id))),
      'personal.mall_cart/add': () => ({ ...lines((ls) => ls.map((l) => (l.id === 2 ? { ...l, quantity: l.quantity + 1 } : l))), added: { line_id: 2, quantity: 1, capped: false } }),
      'personal.address/index': () => ({ list: [{ id: 9, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true }] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': () => quote({ kind: 'product' }),
      'personal.address/save': () => ({ info: { id: 9, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true } }),
      ...more,
    })
    bought = () => void lines(() => [])
    const t = await open(VMallCartPage)
    await until(t, () => expect(all(t, '.cart-line__name')).toEqual(['赣南脐橙', '智利冰鲜三文鱼']))
    expect(api.called('personal.mall_cart/index')).toHaveLength(1)
    return { t, api }
  }

  it('a quantity changed, a line removed: the cart read once more after each, showing it', async () => {
    const { t, api } = await openCart()
    await click(t, '.cart-stepper__more')
    await until(t, () => expect(all(t, '.cart-stepper__value')).toEqual(['3', '1']))
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(2)
    await click(t, '.cart-line__remove')
    await until(t, () => expect(all(t, '.cart-line__name')).toEqual(['智利冰鲜三文鱼']))
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(3)
  })

  it('back to the cart: nothing asked within the window; asked once (and shown) when an add elsewhere changed it', async () => {
    const { t, api } = await openCart()
    await hide(t)
    await show(t)
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(1)

    // On a product meanwhile: Add to cart.
    await hide(t)
    await t.act(async () => void (await addToCart({ product_id: 2, spec_id: 21, quantity: 1 })))
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(1)
    await show(t)
    await until(t, () => expect(all(t, '.cart-stepper__value')).toEqual(['2', '2']))
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(2)
  })

  it('the checkout sheet, back from Addresses: nothing asked when nothing changed there; the addresses once when one was added', async () => {
    const { t, api } = await openCart()
    await click(t, '.cart-store__head .cart-check')
    await click(t, '.cart-bar__checkout')
    await until(t, () => expect(api.called('personal.coupon/index')).toHaveLength(1))
    await hide(t)
    await show(t)
    await settle(t)
    expect(api.called('personal.address/index')).toHaveLength(1)

    // In Addresses: one saved (a write that names no prefix: everything kept is asked again at its next use).
    await hide(t)
    await t.act(async () => void (await request('personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true })))
    await show(t)
    await until(t, () => expect(api.called('personal.address/index')).toHaveLength(2))
    await settle(t)
    expect(api.called('personal.address/index')).toHaveLength(2)
  })

  it('checked out and paid: the cart read once more (the order invalidates it), without the lines bought', async () => {
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const { t, api } = await openCart({
      'personal.order/create': () => ({ order_info: order({ id: 60, kind: 'product', order_status: 0, pay_time: null }) }),
      'personal.order/payparam': () => payparam({ pay_state: 1 }),
    })
    await click(t, '.cart-store__head .cart-check')
    await click(t, '.cart-bar__checkout')
    await until(t, () => expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(false))
    bought()
    await click(t, '.mall-sheet__pay')
    await until(t, () => expect(api.called('personal.order/payparam')).toHaveLength(1))
    await until(t, () => expect(text(t, '.state__title')).toBe('购物车是空的'))
    await settle(t)
    expect(api.called('personal.mall_cart/index')).toHaveLength(2)
  })

  it("a cart write leaves other kept answers alone: the checkout's addresses and coupons are not asked again", async () => {
    const { t, api } = await openCart()
    await click(t, '.cart-store__head .cart-check')
    await click(t, '.cart-bar__checkout')
    await until(t, () => expect(api.called('personal.coupon/index')).toHaveLength(1))
    expect(api.called('personal.address/index')).toHaveLength(1)
    await t.act(async () => void (await addToCart({ product_id: 2, spec_id: 21, quantity: 1 })))
    await until(t, () => expect(api.called('personal.mall_cart/index')).toHaveLength(2))
    await settle(t)
    expect(api.called('personal.address/index')).toHaveLength(1)
    expect(api.called('personal.coupon/index')).toHaveLength(1)
  })
})

describe('a mall product', () => {
  const product = (stock: number): MallProductDetail => ({
    id: 1,
    category_id: 1,
    name: '赣南脐橙',
    subtitle: '好物',
    image: '/assets/img/mall-1.svg',
    list_price: 8990,
    price: 3990,
    member_price: 3590,
    stock,
    sold: 60 + (3 - stock),
    limit_per_order: 5,
    images: ['/assets/img/mall-1.svg'],
    description: ['果园直发。'],
    specs: [{ id: 11, name: '5 斤装', price: 3990, member_price: 3590, stock }],
    store: { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' },
    pickup: false,
    shipping_fee: 0,
  })
  const home: Address = { id: 5, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true }

  it('bought: the product read once more (the order invalidates it), showing what is left', async () => {
    setItem('token', 'tok')
    confirmed()
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    openedWith('pages/vMall/detail', { id: '1' })
    let stock = 3
    const api = fakeApi({
      'hui_public.mall_product/read': () => ({ info: product(stock) }),
      'personal.mall_cart/index': () => ({ stores: [], count: 0 }),
      'personal.address/index': () => ({ list: [home] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': () => quote({ kind: 'product', original_amount: 3990, pay_amount: 3990, fee_amount: 0 }),
      'personal.order/create': () => {
        stock = 2
        return { order_info: order({ id: 60, kind: 'product', order_status: 0, pay_time: null }) }
      },
      'personal.order/payparam': () => payparam({ pay_state: 1 }),
    })
    const t = await open(VMallDetailPage)
    await until(t, () => expect(text(t, '.mall-detail__sold')).toContain('60'))
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(false))
    await click(t, '.mall-sheet__pay')
    await until(t, () => expect(api.called('personal.order/payparam')).toHaveLength(1))
    await until(t, () => expect(text(t, '.mall-detail__sold')).toContain('61'))
    await settle(t)
    expect(api.called('hui_public.mall_product/read')).toHaveLength(2)
  })
  it('the order refused (stock moved meanwhile): nothing was written, so the product is read again by hand, once', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/vMall/detail', { id: '1' })
    let stock = 3
    const api = fakeApi({
      'hui_public.mall_product/read': () => ({ info: product(stock) }),
      'personal.mall_cart/index': () => ({ stores: [], count: 0 }),
      'personal.address/index': () => ({ list: [home] }),
      'personal.coupon/index': () => paged([]),
      'personal.order/preCreate': () => quote({ kind: 'product', original_amount: 3990, pay_amount: 3990, fee_amount: 0 }),
      'personal.order/create': () => {
        stock = 0
        return refused('stock_short')
      },
    })
    const t = await open(VMallDetailPage)
    await until(t, () => expect(text(t, '.mall-detail__sold')).toContain('60'))
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(false))
    await click(t, '.mall-sheet__pay')
    await until(t, () => expect(t.queries.querySelector('.mall-detail__buy')?.hasAttribute('disabled')).toBe(true))
    await settle(t)
    expect(api.called('hui_public.mall_product/read')).toHaveLength(2)
  })
})
