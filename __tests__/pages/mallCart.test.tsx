/**
 * Issue 24, the mall's cart in the H5 runtime with the one fake API: Add to cart on a product (spec and quantity
 * from the sheet, a toast, the badge), the cart page — lines grouped by store, sold-out and off-sale lines greyed
 * and not selectable, one store checked out at a time, the stepper and remove (asked first) written to the server,
 * the checkout sheet priced by the server with every chosen line in ONE order — and its empty and signed-out states.
 * Issue 39: lines at the price this shopper pays, ticked as they arrive (the server's ticks and total), unpaid orders
 * made from the cart said with Pay and Cancel, and a checkout of goods an unpaid order holds making no second order.
 */
import Taro from '@tarojs/taro'
import type { MallProductDetail } from '@/contract/mall'
import type { CartAnswer, CartStore } from '@/contract/mallCart'
import type { Address } from '@/contract/address'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import VMallCartPage from '@/pages/vMall/cart'
import VMallDetailPage from '@/pages/vMall/detail'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { cartAnswer, cartLine, emptyCart, paged, quote, unpaidOrder } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const home: Address = { id: 5, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true }
const line = cartLine
const store8 = { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' }
const store5 = { id: 5, name: '洁净洗衣', address: '深圳市福田区' }
/** Store 8's two lines ticked (as they arrived) and a sold-out one; store 5's line off sale. */
const filledStores = (): CartStore[] => [
  {
    store: store8,
    shipping_fee: 1000,
    lines: [
      line({}),
      line({ id: 2, product_id: 2, spec_id: 21, name: '智利冰鲜三文鱼', spec_name: '300 g', price: 5990, member_price: 5490, quantity: 1, max: 3, pickup: false }),
      line({ id: 3, product_id: 2, spec_id: 22, name: '智利冰鲜三文鱼', spec_name: '500 g', price: 8990, quantity: 1, stock: 0, max: 0, sold_out: true, checked: false }),
    ],
  },
  { store: store5, shipping_fee: 0, lines: [line({ id: 4, product_id: 9, spec_id: 91, name: '竹浆本色抽纸', spec_name: '24 包整箱', price: 4590, quantity: 1, off_sale: true, checked: false })] },
]
const filled = (): CartAnswer => cartAnswer(filledStores())

/** A fake cart server: ticks kept per line, within one store (server/http/routes/cart.ts), the total worked out as it does. */
function cartServer(stores: CartStore[] = filledStores(), more: Partial<Pick<CartAnswer, 'member' | 'unpaid_orders'>> = {}) {
  let now = stores
  const answer = () => cartAnswer(now, more)
  return {
    answer,
    check: (d: { ids: number[]; checked: boolean }) => {
      const storeOf = now.find((g) => g.lines.some((l) => d.ids.includes(l.id)))?.store.id
      now = now.map((g) => ({
        ...g,
        lines: g.lines.map((l) => (d.ids.includes(l.id) ? { ...l, checked: d.checked && !l.sold_out && !l.off_sale } : d.checked && g.store.id !== storeOf ? { ...l, checked: false } : l)),
      }))
      return answer()
    },
  }
}

async function openCart(cart: () => CartAnswer = filled, more: Parameters<typeof fakeApi>[0] = {}) {
  setItem('token', 'tok')
  openedWith('pages/vMall/cart', {})
  const api = fakeApi({
    'personal.mall_cart/index': () => cart(),
    'personal.address/index': () => ({ list: [home] }),
    'personal.coupon/index': () => paged([]),
    'personal.order/preCreate': () => quote({ kind: 'product', original_amount: 13970, fee_amount: 1000, pay_amount: 14970 }),
    ...more,
  })
  const t = await mount(VMallCartPage)
  return { t, api }
}

describe('the cart page', () => {
  it('lines by store with price and quantity; sold-out and off-sale lines greyed, not ticked and not selectable', async () => {
    const { t, api } = await openCart()
    await until(t, () => expect(all(t, '.cart-store__name')).toEqual(['好邻居便利', '洁净洗衣']))
    expect(all(t, '.cart-line__name')).toEqual(['赣南脐橙', '智利冰鲜三文鱼', '智利冰鲜三文鱼', '竹浆本色抽纸'])
    expect(all(t, '.cart-line__state')).toEqual(['已售罄', '已下架'])
    expect(all(t, '.cart-store__fee')).toEqual(['运费 ¥10.00', '包邮'])
    const gone = Array.from(t.queries.querySelectorAll('.cart-line--gone .cart-check'))
    expect(gone.map((e) => [e.getAttribute('aria-disabled'), e.getAttribute('aria-checked')])).toEqual([['true', 'false'], ['true', 'false']])
    await click(t, '.cart-line--gone .cart-check')
    expect(api.called('personal.mall_cart/check')).toHaveLength(0)
  })

  it('lines arrive ticked (issue 39): the total and the count are the server’s at once, nothing to tap; checkout → ONE order of the ticked lines priced by the server', async () => {
    const { t, api } = await openCart()
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥139.70'))
    expect(text(t, '.cart-bar__checkout')).toBe('结算（3）')
    expect(t.queries.querySelector('.cart-bar__checkout')?.hasAttribute('disabled')).toBe(false)
    expect(t.queries.querySelector('.cart-store__head .cart-check')?.getAttribute('aria-checked')).toBe('true')
    await click(t, '.cart-bar__checkout')
    await until(t, () => expect(all(t, '.cart-sheet__name')).toEqual(['赣南脐橙', '智利冰鲜三文鱼']))
    expect(all(t, '.cart-sheet__price')).toEqual(['¥39.90 × 2', '¥59.90 × 1'])
    // One of them cannot be picked up: no pickup choice, shipped to the default address.
    expect(t.queries.querySelector('.mall-mode--pickup')).toBeNull()
    await until(t, () => expect(api.called('personal.order/preCreate')).toHaveLength(1))
    expect(api.called('personal.order/preCreate')[0].data).toMatchObject({
      kind: 'product',
      source: 'mall',
      items: [
        { product_id: 1, spec_id: 11, quantity: 2 },
        { product_id: 2, spec_id: 21, quantity: 1 },
      ],
      delivery: 'ship',
      address_id: 5,
    })
    await until(t, () => expect(text(t, '.mall-sheet__payable')).toBe('¥149.70'))
    expect(text(t, '.mall-sheet__fee')).toContain('¥10.00')
  })

  it('a tap shows at once and is kept on the server; ticking another store’s line says one store at a time, and the server unticks the first', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const server = cartServer([filledStores()[0], { store: store5, shipping_fee: 0, lines: [line({ id: 4, product_id: 9, spec_id: 91, name: '竹浆本色抽纸', spec_name: '24 包整箱', price: 4590, quantity: 1, checked: false })] }])
    const { t, api } = await openCart(server.answer, { 'personal.mall_cart/check': server.check })
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥139.70'))
    const checks = () => Array.from(t.queries.querySelectorAll('.cart-line .cart-check')).map((e) => e.getAttribute('aria-checked'))
    // Untick the salmon: the server's total follows.
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.cart-line .cart-check')[1] as HTMLElement))
    expect(checks()).toEqual(['true', 'false', 'false', 'false'])
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥79.80'))
    expect(api.called('personal.mall_cart/check')[0].data).toMatchObject({ ids: [2], checked: false })
    expect(text(t, '.cart-bar__checkout')).toBe('结算（2）')
    // Store 5's line: the oranges are unticked with it.
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.cart-line .cart-check')[3] as HTMLElement))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '每次结算一个门店的商品' }))
    expect(checks()).toEqual(['false', 'false', 'false', 'true'])
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥45.90'))
    expect(api.called('personal.mall_cart/check')[1].data).toMatchObject({ ids: [4], checked: true })
    // Untick everything: ¥0.00 and a grey checkout.
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.cart-store__head .cart-check')[1] as HTMLElement))
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥0.00'))
    expect(t.queries.querySelector('.cart-bar__checkout')?.hasAttribute('disabled')).toBe(true)
  })

  it('a card holder (issue 39): each line at the member price the server computes, the price struck beside it, and the total in member prices', async () => {
    const stores = filledStores().map((g) => ({ ...g, lines: g.lines.map((l) => ({ ...l, unit_price: l.member_price })) }))
    const { t } = await openCart(() => cartAnswer(stores, { member: true }))
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥126.70'))
    expect(all(t, '.cart-line__price').slice(0, 2)).toEqual(['¥35.90', '¥54.90'])
    expect(all(t, '.cart-line__list').slice(0, 2)).toEqual(['¥39.90', '¥59.90'])
    expect(text(t, '.cart-bar__hint')).toBe('已按会员价计算，不含运费')
    expect(all(t, '.cart-line__member').slice(0, 2)).toEqual(['会员价', '会员价'])
    await click(t, '.cart-bar__checkout')
    await until(t, () => expect(all(t, '.cart-sheet__price')).toEqual(['¥35.90 × 2', '¥54.90 × 1']))
  })

  it('no card: the price, and what a member would pay beside it', async () => {
    const { t } = await openCart()
    await until(t, () => expect(all(t, '.cart-line__price').slice(0, 2)).toEqual(['¥39.90', '¥59.90']))
    expect(t.queries.querySelector('.cart-line__list')).toBeNull()
    expect(all(t, '.cart-line__member')).toEqual(['会员价 ¥35.90', '会员价 ¥54.90'])
  })

  it('an unpaid order made from the cart (issue 39): said first, with Pay and Cancel; cancelled, the cart is read again', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    let unpaid = [unpaidOrder({ id: 77, kind: 'product', title: '赣南脐橙 等 3 件', pay_amount: 14970, expire_time: null })]
    const { t, api } = await openCart(() => ({ ...emptyCart(), unpaid_orders: unpaid }), {
      'personal.order/cancel': () => {
        unpaid = []
        return { info: unpaidOrder({ id: 77, order_status: 50 }) }
      },
    })
    await t.queries.waitForQuerySelector('.pending-order')
    expect(text(t, '.pending-order__what')).toBe('赣南脐橙 等 3 件')
    expect(text(t, '.pending-order__amount')).toBe('待付款 ¥149.70')
    expect(text(t, '.pending-order__pay')).toBe('去支付')
    expect(text(t, '.state__title')).toBe('购物车是空的')
    await click(t, '.pending-order__cancel')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '取消这笔 ¥149.70 的待付款订单？' }))
    await until(t, () => expect(t.queries.querySelector('.pending-order')).toBeNull())
    expect(api.called('personal.order/cancel')[0].data).toMatchObject({ id: 77 })
    expect(api.called('personal.mall_cart/index').length).toBeGreaterThanOrEqual(2)
  })

  it('checkout when an unpaid order holds these goods (issue 39): the sheet says it in the price’s place with Pay and Cancel, and offers no second order', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const held = unpaidOrder({ id: 78, kind: 'product', title: '赣南脐橙 等 3 件', pay_amount: 14970, expire_time: null })
    let waiting = true
    const refusal = { code: 0, msg: '这些商品已有一笔待付款订单（¥149.70），请先支付或取消', reason: 'order_unpaid_same_goods', params: { amount: '149.70' }, data: { order: held } }
    const { t, api } = await openCart(filled, {
      'personal.order/preCreate': () => (waiting ? { http: { status: 200, body: refusal, headers: {} } } : quote({ kind: 'product', pay_amount: 14970 })),
      'personal.order/cancel': () => {
        waiting = false
        return { info: unpaidOrder({ id: 78, order_status: 50 }) }
      },
    })
    await until(t, () => expect(text(t, '.cart-bar__checkout')).toBe('结算（3）'))
    await click(t, '.cart-bar__checkout')
    await t.queries.waitForQuerySelector('.form-sheet .pending-order')
    expect(text(t, '.form-sheet .pending-order__what')).toBe('赣南脐橙 等 3 件')
    expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(true)
    expect(t.queries.querySelector('.quote-error')).toBeNull()
    await click(t, '.form-sheet .pending-order__cancel')
    await until(t, () => expect(text(t, '.mall-sheet__payable')).toBe('¥149.70'))
    expect(t.queries.querySelector('.form-sheet .pending-order')).toBeNull()
    expect(api.called('personal.order/create')).toHaveLength(0)
  })

  it('the stepper and remove (asked first) are written to the server and show its answer', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    let cart = filled()
    const { t, api } = await openCart(() => cart, {
      'personal.mall_cart/setQuantity': (d) => {
        cart = cartAnswer(cart.stores.map((g) => ({ ...g, lines: g.lines.map((l) => (l.id === d.id ? { ...l, quantity: d.quantity } : l)) })))
        return cart
      },
      'personal.mall_cart/remove': (d) => {
        cart = cartAnswer(cart.stores.map((g) => ({ ...g, lines: g.lines.filter((l) => !d.ids.includes(l.id)) })).filter((g) => g.lines.length > 0))
        return cart
      },
    })
    await t.queries.waitForQuerySelector('.cart-stepper__more')
    await click(t, '.cart-stepper__more')
    await until(t, () => expect(all(t, '.cart-stepper__value')[0]).toBe('3'))
    expect(api.called('personal.mall_cart/setQuantity')[0].data).toMatchObject({ id: 1, quantity: 3 })
    await until(t, () => expect(text(t, '.cart-bar__amount')).toBe('¥179.60'))
    await click(t, '.cart-line__remove')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '从购物车删除“赣南脐橙 5 斤装”？' }))
    await until(t, () => expect(all(t, '.cart-line__name')).toEqual(['智利冰鲜三文鱼', '智利冰鲜三文鱼', '竹浆本色抽纸']))
    expect(api.called('personal.mall_cart/remove')[0].data).toMatchObject({ ids: [1] })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已删除' }))
  })

  it('not confirmed: nothing removed', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'ok' })
    const { t, api } = await openCart()
    await t.queries.waitForQuerySelector('.cart-line__remove')
    const lines = all(t, '.cart-line__name')
    await click(t, '.cart-line__remove')
    // Asked, and answered "cancel": nothing goes to the server, every line stays.
    await until(t, () => expect(modal).toHaveBeenCalledTimes(1))
    await t.act(async () => undefined)
    expect(api.called('personal.mall_cart/remove')).toHaveLength(0)
    expect(all(t, '.cart-line__name')).toEqual(lines)
  })

  it('empty: says so with a way to the mall, in English too', async () => {
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const { t } = await openCart(() => emptyCart())
    await until(t, () => expect(text(t, '.state__title')).toBe('购物车是空的'))
    await click(t, '.state__action')
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/vMall/index' })
    await t.act(async () => setLang('en'))
    expect(text(t, '.state__title')).toBe('Your cart is empty')
  })

  it('signed out: the log-in-first state, nothing asked', async () => {
    openedWith('pages/vMall/cart', {})
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const api = fakeApi({})
    const t = await mount(VMallCartPage)
    await until(t, () => expect(t.queries.querySelector('.state__action')).not.toBeNull())
    expect(api.called('personal.mall_cart/index')).toHaveLength(0)
  })
})

describe('Add to cart on a product', () => {
  const product: MallProductDetail = {
    id: 1,
    category_id: 1,
    name: '赣南脐橙',
    name_en: null,
    subtitle: '好物',
    image: '/assets/img/mall-1.svg',
    list_price: 8990,
    price: 3990,
    member_price: 3590,
    stock: 10,
    sold: 60,
    limit_per_order: 5,
    images: ['/assets/img/mall-1.svg'],
    description: ['果园直发。'],
    specs: [{ id: 11, name: '5 斤装', price: 3990, member_price: 3590, stock: 3 }],
    store: store8,
    pickup: true,
    shipping_fee: 0,
  }

  it('the sheet sends the spec and quantity; a toast says it was added and the badge counts it', async () => {
    setItem('token', 'tok')
    openedWith('pages/vMall/detail', { id: '1' })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    let count = 1
    const api = fakeApi({
      'hui_public.mall_product/read': () => ({ info: product }),
      'personal.mall_cart/index': () => emptyCart(count),
      // The add's answer is the cart after it: the badge counts what it says.
      'personal.mall_cart/add': (d) => {
        count += d.quantity ?? 1
        return { ...emptyCart(count), added: { line_id: 1, quantity: 2, capped: false } }
      },
    })
    const t = await mount(VMallDetailPage)
    await until(t, () => expect(text(t, '.mall-cart-entry__badge')).toBe('1'))
    await click(t, '.mall-detail__add')
    await t.queries.waitForQuerySelector('.mall-cart-sheet__add')
    // Only the spec, the quantity and Add: no address, no price to pay.
    expect(t.queries.querySelector('.mall-sheet__address')).toBeNull()
    await click(t, '.mall-stepper__more')
    await click(t, '.mall-cart-sheet__add')
    await until(t, () => expect(api.called('personal.mall_cart/add')).toHaveLength(1))
    expect(api.called('personal.mall_cart/add')[0].data).toMatchObject({ product_id: 1, spec_id: 11, quantity: 2 })
    await until(t, () => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已加入购物车' })))
    await until(t, () => expect(text(t, '.mall-cart-entry__badge')).toBe('3'))
    expect(t.queries.querySelector('.mall-cart-sheet__add')).toBeNull()
  })
})
