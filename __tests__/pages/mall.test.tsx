/**
 * Issue 14, the micro mall in the H5 runtime with the one fake API: the mall's categories filter the grid (asked of
 * the server), a product's sold-out spec cannot be chosen, and buy now sends exactly what the shopper chose — spec,
 * quantity (stopped at the stock or the limit, saying which), delivery to the default address or pick-up, a mall
 * coupon — to the server's price; an error says so with a retry.
 */
import Taro from '@tarojs/taro'
import type { GallerySlide, MallCategory, MallProduct, MallProductDetail } from '@/contract/mall'
import type { Address } from '@/contract/address'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import VMallDetailPage from '@/pages/vMall/detail'
import VMallIndexPage from '@/pages/vMall/index'
import { fakeApi, OFFLINE, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { coupon, paged, quote, emptyCart } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const categories: MallCategory[] = [
  { id: 1, name: '生鲜水果', icon: '/assets/img/mall-cat-1.svg' },
  { id: 2, name: '休闲零食', icon: '/assets/img/mall-cat-2.svg' },
]
const card = (id: number, category_id: number, name: string): MallProduct => ({ id, category_id, name, name_en: null, subtitle: '好物', image: `/assets/img/mall-${id}.svg`, list_price: 8990, price: 3990, member_price: 3590, stock: 10, sold: 60, limit_per_order: 5 })
const slides: GallerySlide[] = [{ id: 1, image: '/assets/img/mall-slide-1.svg', title: '年货节', subtitle: '年味好物', link: { type: 'special', id: 1 } }]

const detail = (over: Partial<MallProductDetail> = {}): MallProductDetail => ({
  ...card(1, 1, '赣南脐橙'),
  images: ['/assets/img/mall-1.svg', '/assets/img/mall-1-2.svg'],
  description: ['果园直发。', '48 小时内发货。'],
  specs: [
    { id: 11, name: '5 斤装', price: 3990, member_price: 3590, stock: 3 },
    { id: 12, name: '10 斤礼盒', price: 6990, member_price: 6290, stock: 0 },
  ],
  store: { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' },
  pickup: true,
  shipping_fee: 0,
  ...over,
})
const home: Address = { id: 5, name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号', is_default: true }
const mallCoupon = { ...coupon, id: 21, coupon_id: 4, title: '商城满 50 减 8', amount: 800, min_spend: 5000, kind: 'product' as const }

describe('Micro mall', () => {
  it('the gallery, categories and the grid; a category asks the server for its products', async () => {
    openedWith('pages/vMall/index', {}, 1)
    const api = fakeApi({
      'hui_public.mall_category/index': () => ({ list: categories }),
      'hui_public.mall_gallery/index': () => ({ list: slides }),
      'hui_public.mall_product/index': (d) => {
        const q = d as { category_id?: number }
        return paged(q.category_id === 2 ? [card(5, 2, '每日坚果')] : [card(1, 1, '赣南脐橙'), card(5, 2, '每日坚果')])
      },
    })
    const t = await mount(VMallIndexPage)
    await until(t, () => expect(all(t, '.mall-card__name')).toEqual(['赣南脐橙', '每日坚果']))
    expect(all(t, '.mall-cat')).toEqual(['全部', '生鲜水果', '休闲零食'])
    expect(text(t, '.mall-gallery__title')).toBe('年货节')
    expect(text(t, '.mall-card__member-price')).toBe('¥35.90')
    await click(t, '.mall-cat--2')
    await until(t, () => expect(all(t, '.mall-card__name')).toEqual(['每日坚果']))
    expect(api.called('hui_public.mall_product/index').at(-1)?.data).toMatchObject({ category_id: 2, page: 1 })
    expect(t.queries.querySelector('.mall-cat--2')?.getAttribute('aria-selected')).toBe('true')
    await t.act(async () => setLang('en'))
    expect(text(t, '.mall-cat--all')).toBe('All')
  })

  it("signed in, the cart's badge shows the pieces in the cart from their count alone (the whole cart is not read)", async () => {
    setItem('token', 'tok')
    openedWith('pages/vMall/index', {}, 1)
    const api = fakeApi({
      'hui_public.mall_category/index': () => ({ list: categories }),
      'hui_public.mall_gallery/index': () => ({ list: [] }),
      'hui_public.mall_product/index': () => paged([card(1, 1, '赣南脐橙')]),
      'personal.mall_cart/count': () => ({ count: 3 }),
    })
    const t = await mount(VMallIndexPage)
    await until(t, () => expect(text(t, '.mall-top .mall-cart-entry__badge')).toBe('3'))
    expect(t.queries.querySelector('.mall-top .mall-cart-entry')?.getAttribute('aria-label')).toContain('3')
    expect(api.called('personal.mall_cart/count')).toHaveLength(1)
    expect(api.called('personal.mall_cart/index')).toHaveLength(0)
  })

  it('a failed grid says so and retries', async () => {
    openedWith('pages/vMall/index', {}, 1)
    let fail = true
    fakeApi({
      'hui_public.mall_category/index': () => ({ list: categories }),
      'hui_public.mall_gallery/index': () => ({ list: [] }),
      'hui_public.mall_product/index': () => (fail ? OFFLINE : paged([card(1, 1, '赣南脐橙')])),
    })
    const t = await mount(VMallIndexPage)
    await t.queries.waitForQuerySelector('.state--error')
    fail = false
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.mall-card')
  })
})

describe('A mall product and buy now', () => {
  async function openProduct(handlers: Parameters<typeof fakeApi>[0] = {}, product = detail()) {
    setItem('token', 'tok')
    openedWith('pages/vMall/detail', { id: String(product.id) })
    const api = fakeApi({
      'hui_public.mall_product/read': () => ({ info: product }),
      // The cart's badge (issue 24).
      'personal.mall_cart/index': () => emptyCart(),
      'personal.address/index': () => ({ list: [home] }),
      'personal.coupon/index': () => paged([mallCoupon]),
      'personal.order/preCreate': (d) => {
        const p = d as { quantity: number; delivery: string }
        return quote({ kind: 'product', original_amount: 3990 * p.quantity, pay_amount: 3990 * p.quantity, fee_amount: 0 })
      },
      ...handlers,
    })
    const t = await mount(VMallDetailPage)
    await t.queries.waitForQuerySelector('.mall-detail__buy')
    return { t, api }
  }

  it('specs with price and stock; the sold-out one cannot be chosen', async () => {
    const { t } = await openProduct()
    expect(all(t, '.mall-spec__name')).toEqual(['5 斤装', '10 斤礼盒'])
    expect(all(t, '.mall-spec__meta')).toEqual(['¥39.90 · 库存 3', '¥69.90 · 已售罄'])
    expect(t.queries.querySelector('.mall-spec--out')?.getAttribute('aria-disabled')).toBe('true')
    await click(t, '.mall-spec--out')
    expect(t.queries.querySelector('.mall-spec--on .mall-spec__name')?.textContent).toBe('5 斤装')
    expect(text(t, '.mall-tag--pickup')).toBe('可到店自提')
  })

  it('every spec sold out: the button says so and does not open the sheet', async () => {
    const { t } = await openProduct({}, detail({ specs: [{ id: 11, name: '5 斤装', price: 3990, member_price: 3590, stock: 0 }], stock: 0 }))
    expect(text(t, '.mall-detail__buy')).toBe('已售罄')
    expect(t.queries.querySelector('.mall-detail__buy')?.hasAttribute('disabled')).toBe(true)
  })

  it('buy now: the default address, the quantity stops at the stock (saying so), the server prices what is shown', async () => {
    const info = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const { t, api } = await openProduct()
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(text(t, '.mall-sheet__who')).toBe('王五 13600001111'))
    await until(t, () => expect(api.called('personal.order/preCreate')).toHaveLength(1))
    expect(api.called('personal.order/preCreate')[0].data).toMatchObject({ kind: 'product', source: 'mall', product_id: 1, spec_id: 11, quantity: 1, delivery: 'ship', address_id: 5 })
    await click(t, '.mall-stepper__more')
    await click(t, '.mall-stepper__more')
    await click(t, '.mall-stepper__more')
    expect(text(t, '.mall-stepper__value')).toBe('3')
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ title: '库存仅剩 3 件' }))
    await until(t, () => expect(text(t, '.mall-sheet__payable')).toBe('¥119.70'))
    expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ quantity: 3 })
  })

  it('pick-up: no address asked, the store shown, and the payload says so', async () => {
    const { t, api } = await openProduct()
    await click(t, '.mall-detail__buy')
    await t.queries.waitForQuerySelector('.mall-mode--pickup')
    await click(t, '.mall-mode--pickup')
    await until(t, () => expect(text(t, '.mall-sheet__pickup .mall-sheet__who')).toBe('好邻居便利'))
    expect(t.queries.querySelector('.mall-sheet__address')).toBeNull()
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ delivery: 'pickup' }))
    expect(api.called('personal.order/preCreate').at(-1)?.data).not.toHaveProperty('address_id')
  })

  it('no address yet: "add an address" opens Addresses to choose one, and nothing is priced until then', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const { t, api } = await openProduct({ 'personal.address/index': () => ({ list: [] }) })
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(text(t, '.mall-sheet__add')).toBe('添加收货地址 ›'))
    expect(api.called('personal.order/preCreate')).toHaveLength(0)
    expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(true)
    await click(t, '.mall-sheet__address')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/personal/address?select=1' })
  })

  it('an address chosen in Addresses (select mode) comes back to the sheet and is what is priced', async () => {
    const office: Address = { ...home, id: 6, name: '王五', detail: '科技园南区 1 栋', is_default: false }
    const { t, api } = await openProduct({ 'personal.address/index': () => ({ list: [home, office] }) })
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ address_id: 5 }))
    await t.act(async () => void Taro.eventCenter.trigger(ADDRESS_SELECTED_EVENT, office))
    await until(t, () => expect(text(t, '.mall-sheet__address .mall-sheet__hint')).toContain('科技园南区 1 栋'))
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ address_id: 6 }))
  })

  it('a refused quote says why with a retry, and Pay stays off', async () => {
    const { t } = await openProduct({ 'personal.order/preCreate': () => ({ business: '库存仅剩 2 件' }) })
    await click(t, '.mall-detail__buy')
    await until(t, () => expect(text(t, '.quote-error__text')).toBe('库存仅剩 2 件'))
    expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(true)
  })
})
