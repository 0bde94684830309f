/**
 * Issue 27, "Data fetched again and again": after a write, the screen on show reads its list again exactly once (the
 * request client's invalidation, src/core/cache.ts — no hand refresh besides) and shows what changed; a return to a
 * screen within the freshness window asks nothing unless a write changed what it shows.
 */
import type TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { getPageInstance, HOOKS_APP_ID } from '@tarojs/runtime'
import type { Address } from '@/contract/address'
import type { SessionInfo } from '@/contract/account'
import type { LogisticsAnswer, MallProductDetail } from '@/contract/mall'
import type { OrderRefund } from '@/contract/order'
import type { CartAnswer, CartLine } from '@/contract/mallCart'
import { addToCart } from '@/api/mallCart'
import { requestStore } from '@/api/store'
import type { StoreOrder } from '@/contract/store'
import { request } from '@/core/request'
import { setItem } from '@/core/storage'
import LogisticsIndexPage from '@/pages/logistics/index'
import OrdersDetailPage from '@/pages/orders/detail'
import OrdersIndexPage from '@/pages/orders/index'
import PaySuccessPage from '@/pages/payBill/success'
import PersonalAddressPage from '@/pages/personal/address'
import SessionsPage from '@/pages/personal/sessions'
import SeckillDetailPage from '@/pages/seckill/detail'
import StoreOrderPage from '@/pages/store/order'
import StoreOrdersPage from '@/pages/store/orders'
import VMallCartPage from '@/pages/vMall/cart'
import VMallDetailPage from '@/pages/vMall/detail'
import { fakeApi, openedWith, refused, resetRouter, type Handlers } from '../support/fakeApi'
import { cartAnswer, cartLine, order, paged, payparam, product, quote, emptyCart } from '../support/fixtures'
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
  const line = cartLine
  const store = { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' }

  /** The server's cart after the order: its lines gone. */
  let bought: () => void = () => undefined

  async function openCart(more: Handlers = {}) {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/vMall/cart', {})
    let cart: CartAnswer = cartAnswer([{ store, shipping_fee: 0, lines: [line({}), line({ id: 2, product_id: 2, spec_id: 21, name: '智利冰鲜三文鱼', spec_name: '300 g', quantity: 1 })] }])
    const lines = (f: (l: CartLine[]) => CartLine[]) => {
      cart = cartAnswer(cart.stores.map((g) => ({ ...g, lines: f(g.lines) })).filter((g) => g.lines.length > 0))
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
    name_en: null,
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
      'personal.mall_cart/index': () => emptyCart(),
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
      'personal.mall_cart/index': () => emptyCart(),
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

/**
 * The screens that still read again by hand after a write (issue 27's leftovers): order detail, logistics, payment
 * success, the store's order screens and the flash-sale product. A write invalidates (src/core/cache.ts) and the screen
 * on show reads once; a refused write names what moved on (invalidate(prefix)) so kept lists are asked again too.
 */
describe('after a write: the screen reads once more, by the cache alone', () => {
  const reachBottom = async (t: TestUtils) => {
    const inst = getPageInstance(HOOKS_APP_ID) as { onReachBottom?: Array<() => void> | (() => void) } | undefined
    const f = inst?.onReachBottom
    await t.act(async () => {
      for (const cb of Array.isArray(f) ? f : f ? [f] : []) cb()
    })
  }

  /** An answer the test lets through: the screen is looked at while the read after the write is on its way. */
  const held = () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    return { gate, release: () => release() }
  }

  it('Order detail: cancel an unpaid order → order/read once more, in the background (the order stays on screen, no skeleton), shown cancelled', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/orders/detail', { id: '41' })
    let status = 0
    const after = held()
    const api = fakeApi({
      'personal.order/read': () => {
        const info = order({ order_status: status, pay_time: null, expire_time: status === 0 ? '2099-01-01 00:00:00' : null })
        return status === 0 ? { info } : after.gate.then(() => ({ info }))
      },
      'personal.order/cancel': () => {
        status = 50
        return { info: order({ order_status: 50 }) }
      },
    })
    const t = await open(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__cancel')
    await click(t, '.order-detail__cancel')
    await until(t, () => expect(api.called('personal.order/read')).toHaveLength(2))
    await settle(t)
    expect(t.queries.querySelector('.skeleton')).toBeNull()
    expect(t.queries.querySelector('.order-detail')).not.toBeNull()
    await t.act(async () => after.release())
    await until(t, () => expect(t.queries.querySelector('.order-detail__cancel')).toBeNull())
    await settle(t)
    expect(api.called('personal.order/cancel')).toHaveLength(1)
    expect(api.called('personal.order/read')).toHaveLength(2)
  })

  it('Order detail: a withdrawal the store beat → the order read once more, and My orders kept before is asked again', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/orders/detail', { id: '41' })
    const waiting: OrderRefund = {
      state: 'awaiting_store',
      reason: '重复支付',
      detail: null,
      photos: [],
      asked_at: '2026-11-22 12:10:00',
      auto_approve_at: '2026-11-24 12:10:00',
      approved_at: null,
      approved_by: null,
      amount: 7800,
      refunded_at: null,
      to: 'wechat',
      refused: null,
      withdrawn_at: null,
      delayed: false,
      can_withdraw: true,
      can_ask_again: false,
      steps: [
        { key: 'asked', state: 'done', at: '2026-11-22 12:10:00' },
        { key: 'awaiting_store', state: 'current', at: null },
        { key: 'approved', state: 'todo', at: null },
      ],
    }
    let refund = waiting
    const api = fakeApi({
      'personal.order/read': () => ({ info: order({ order_status: 60, refund }) }),
      'personal.order/cancelRefund': () => {
        refund = { ...waiting, state: 'awaiting_provider', approved_by: 'store', can_withdraw: false }
        return refused('refund_withdraw_approved')
      },
      'personal.order/index': () => paged([order({ order_status: 60 })]),
    })
    await request('personal.order/index', { tab: 'all', page: 1, page_size: 10 })
    const t = await open(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline__withdraw')
    await click(t, '.refund-timeline__withdraw')
    await until(t, () => expect(t.queries.querySelector('.refund-timeline__withdraw')).toBeNull())
    await settle(t)
    expect(api.called('personal.order/read')).toHaveLength(2)
    await request('personal.order/index', { tab: 'all', page: 1, page_size: 10 })
    expect(api.called('personal.order/index')).toHaveLength(2)
  })

  it('Logistics: confirm receipt → the parcel read once more, in the background (the parcel stays on screen), shown completed', async () => {
    setItem('token', 'tok')
    confirmed()
    openedWith('pages/logistics/index', { id: '71' })
    let done = false
    const after = held()
    const shipped = order({ id: 71, kind: 'product', order_status: 30, parcel: { carrier_name: '中通快递', tracking_no: 'ZT7788990011', shipped_at: '2026-11-22 09:00:00', state: 'in_transit', latest: '运输中' } })
    const now = () => ({ ...shipped, order_status: done ? 40 : 30 })
    const api = fakeApi({
      'personal.order/read': () => ({ info: now() }),
      'personal.order/logistics': async () => {
        if (done) await after.gate
        return logistics()
      },
      'personal.order/confirmReceipt': () => {
        done = true
        return { info: now() }
      },
    })
    function logistics(): LogisticsAnswer {
      return {
        order: now(),
        carrier: 'ZTO',
        carrier_name: '中通快递',
        tracking_no: 'ZT7788990011',
        shipped_at: '2026-11-22 09:00:00',
        state: 'in_transit',
        events: [{ state: 'in_transit', text: '运输中', at: '2026-11-22 17:00:00' }],
        delivered_at: null,
        auto_complete_at: null,
        can_confirm: !done,
        tracked: true,
      }
    }
    const t = await open(LogisticsIndexPage)
    await t.queries.waitForQuerySelector('.parcel__confirm')
    await click(t, '.parcel__confirm')
    await until(t, () => expect(api.called('personal.order/logistics')).toHaveLength(2))
    await settle(t)
    expect(t.queries.querySelector('.skeleton')).toBeNull()
    expect(t.queries.querySelector('.parcel')).not.toBeNull()
    await t.act(async () => after.release())
    await until(t, () => expect(t.queries.querySelector('.parcel__done')).not.toBeNull())
    await settle(t)
    expect(api.called('personal.order/logistics')).toHaveLength(2)
  })

  it('Payment success: "check again" while the payment is on its way → payResult, then order/read, once each per tap', async () => {
    setItem('token', 'tok')
    setItem('pendingOrder', { orderID: 41, times: 0, kind: 'bill' })
    openedWith('pages/payBill/success', { id: '41' })
    let status = 0
    const api = fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: status, pay_time: null }) }), 'personal.order/payResult': () => ({ info: order({ order_status: status, pay_time: null }) }) })
    const t = await open(PaySuccessPage)
    await t.queries.waitForQuerySelector('.pay-result__again')
    await until(t, () => expect(t.queries.querySelector('.pay-result__again')?.hasAttribute('disabled')).toBe(false))
    await settle(t)
    const before = api.called('personal.order/read').length
    const asked = api.called('personal.order/payResult').length
    await click(t, '.pay-result__again')
    await until(t, () => expect(t.queries.querySelector('.pay-result__again')?.hasAttribute('disabled')).toBe(false))
    await settle(t)
    expect(api.called('personal.order/read')).toHaveLength(before + 1)
    expect(api.called('personal.order/payResult')).toHaveLength(asked + 1)
    status = 10
    await click(t, '.pay-result__again')
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    await settle(t)
    expect(api.called('personal.order/read')).toHaveLength(before + 2)
    expect(api.called('personal.order/payResult')).toHaveLength(asked + 2)
  })

  describe('a flash-sale product', () => {
    /** The server's clock: 2026-11-22 12:00 Shanghai, inside the fixture's session (10:00–23:00). */
    const NOON = Date.UTC(2026, 10, 22, 4, 0, 0)
    const sessionList = () => request('hui_public.hsh_seckill_prod/index', { page: 1, page_size: 10 })
    type Created = { order_info: ReturnType<typeof order> } | undefined
    function openFlash(create: () => Created) {
      setItem('token', 'tok')
      confirmed()
      jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
      openedWith('pages/seckill/detail', { id: '9' })
      let stock = 3
      const api = fakeApi(
        {
          'hui_public.hsh_seckill_prod/read': () => ({ info: { ...product, stock }, bought: stock < 3 ? 1 : 0 }),
          'hui_public.hsh_seckill_prod/orderLog': () => ({ list: [] }),
          'hui_public.hsh_seckill_prod/index': () => ({ ...paged([{ ...product, stock }]), sessions: [] }),
          'hui_public.hsh_comment/index': () => paged([]),
          'personal.order/preCreate': () => quote({ kind: 'product', pay_amount: 990 }),
          'personal.order/create': () => {
            const made = create()
            stock = made ? 2 : 0
            return made ?? refused('sold_out')
          },
          'personal.order/payparam': () => payparam({ pay_state: 1 }),
        },
        { serverTime: () => NOON },
      )
      return api
    }
    async function buy(t: TestUtils) {
      await t.queries.waitForQuerySelector('.flash-detail__buy')
      await click(t, '.flash-detail__buy')
      await until(t, () => expect(t.queries.querySelector('.flash-sheet__pay')?.hasAttribute('disabled')).toBe(false))
      await click(t, '.flash-sheet__pay')
    }

    it('bought → the product read once more (the order invalidates it), showing what this shopper bought', async () => {
      const api = openFlash(() => ({ order_info: order({ id: 77, kind: 'product', order_status: 0, pay_time: null }) }))
      const t = await open(SeckillDetailPage)
      await buy(t)
      await until(t, () => expect(t.queries.querySelector('.flash-detail__bought')).not.toBeNull())
      await settle(t)
      expect(api.called('hui_public.hsh_seckill_prod/read')).toHaveLength(2)
    })

    it('refused (sold out meanwhile) → the product read once more, and the session list kept before is asked again', async () => {
      const api = openFlash(() => undefined)
      await sessionList()
      const t = await open(SeckillDetailPage)
      await buy(t)
      await until(t, () => expect(text(t, '.flash-detail__buy')).toBe('已抢光'))
      await settle(t)
      expect(api.called('hui_public.hsh_seckill_prod/read')).toHaveLength(2)
      await sessionList()
      expect(api.called('hui_public.hsh_seckill_prod/index')).toHaveLength(2)
    })
  })

  describe("the store's orders", () => {
    const storeOrder = (id: number, over: Partial<StoreOrder> = {}): StoreOrder => ({
      ...order({ id, kind: 'product', title: '限量保温杯', shop_id: 8, shop_name: '好邻居便利', pay_amount: 2990, order_status: 60 }),
      lines: [{ name: '限量保温杯', spec: null, quantity: 1, price: 2990, amount: 2990, image: null }],
      quantity: 1,
      shopper_phone: '138****0001',
      refund_reason: '不想要了',
      refund_requested_at: '2026-11-23 10:00:00',
      refund_state: 'awaiting_store',
      refund_auto_approve_at: '2026-11-25 10:00:00',
      can_verify: false,
      can_answer_refund: true,
      ...over,
    })
    const storeList = () => requestStore('hui_shanghu.store_order/index', { page: 1, page_size: 10 })

    it('an approval refused (the shopper withdrew first) → the order read once more, and the lists kept before are asked again', async () => {
      setItem('token', 'tok')
      confirmed()
      openedWith('pages/store/order', { id: '52' })
      let info = storeOrder(52)
      const api = fakeApi({
        'hui_shanghu.store_order/read': () => ({ info, actions: [] }),
        'hui_shanghu.store_order/index': () => paged([info]),
        'hui_shanghu.store_order/refundApprove': () => {
          info = storeOrder(52, { order_status: 10, refund_state: 'none', can_answer_refund: false, can_verify: true })
          return refused('refund_not_waiting')
        },
      })
      await storeList()
      const t = await open(StoreOrderPage)
      await t.queries.waitForQuerySelector('.store-order__approve')
      await click(t, '.store-order__approve')
      await until(t, () => expect(t.queries.querySelector('.store-order__approve')).toBeNull())
      await settle(t)
      expect(api.called('hui_shanghu.store_order/read')).toHaveLength(2)
      await storeList()
      expect(api.called('hui_shanghu.store_order/index')).toHaveLength(2)
    })

    it('back to the list: the pages scrolled to stay and nothing is asked; after an approval elsewhere, page 1 asked once', async () => {
      setItem('token', 'tok')
      openedWith('pages/store/orders', {})
      const rows = Array.from({ length: 12 }, (_, i) => storeOrder(100 + i))
      const api = fakeApi({
        'hui_shanghu.store_order/index': (q) => paged(rows.slice(((q.page ?? 1) - 1) * 10, (q.page ?? 1) * 10), q.page ?? 1, 10, rows.length),
        'hui_shanghu.store_order/refundApprove': () => ({ info: storeOrder(100, { order_status: 70, refund_state: 'refunded', can_answer_refund: false }), actions: [] }),
      })
      const t = await open(StoreOrdersPage)
      await until(t, () => expect(all(t, '.store-card')).toHaveLength(10))
      await reachBottom(t)
      await until(t, () => expect(all(t, '.store-card')).toHaveLength(12))
      expect(api.called('hui_shanghu.store_order/index')).toHaveLength(2)

      // To an order and back, nothing done there.
      await hide(t)
      await show(t)
      await settle(t)
      expect(all(t, '.store-card')).toHaveLength(12)
      expect(t.queries.querySelector('.skeleton')).toBeNull()
      expect(api.called('hui_shanghu.store_order/index')).toHaveLength(2)

      // To an order, approved there, back.
      await hide(t)
      await t.act(async () => void (await requestStore('hui_shanghu.store_order/refundApprove', { id: 100 })))
      await show(t)
      await until(t, () => expect(api.called('hui_shanghu.store_order/index')).toHaveLength(3))
      await settle(t)
      expect(api.called('hui_shanghu.store_order/index')).toHaveLength(3)
      expect(api.called('hui_shanghu.store_order/index')[2].data).toMatchObject({ page: 1 })
    })
  })
})
