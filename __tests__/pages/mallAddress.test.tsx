/**
 * Issue 24: the mall's buy sheet and an address added on the way. The sheet opens after its page was shown; the
 * shopper goes to Addresses (the page hides), adds an address there and comes back (the page shows): the sheet reads
 * the addresses again, and an address tapped in select mode is the one shown and priced — even one it had not read.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { getPageInstance, HOOKS_APP_ID } from '@tarojs/runtime'
import type { Address } from '@/contract/address'
import type { MallProductDetail } from '@/contract/mall'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { resetLangCache, setLang } from '@/core/i18n'
import { request } from '@/core/request'
import { setItem } from '@/core/storage'
import VMallDetailPage from '@/pages/vMall/detail'
import { fakeApi, openedWith, PENDING, resetRouter } from '../support/fakeApi'
import { click, mount, show, text, unmountAll, until } from '../support/screen'
import { paged, quote, emptyCart } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

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
  store: { id: 8, name: '好邻居便利', address: '深圳市南山区科技园 8 号' },
  pickup: false,
  shipping_fee: 0,
}
const added: Address = { id: 7, name: '赵六', mobile: '13911112222', province: '广东省', city: '深圳市', district: '南山区', detail: '深南大道 100 号', is_default: true }

/** Addresses' form saves the new address through the one client (a write: what was kept is asked again at its next use). */
const saveThere = (t: TestUtils) => t.act(async () => void (await request('personal.address/save', { name: added.name, mobile: added.mobile, province: added.province, city: added.city, district: added.district, detail: added.detail, is_default: true })))

/** The runtime hides the page (the shopper went on to another): every useDidHide callback, inside act. */
async function hide(t: TestUtils): Promise<void> {
  const inst = getPageInstance(HOOKS_APP_ID) as { componentDidHide?: Array<() => void> | (() => void) } | undefined
  const callbacks = inst?.componentDidHide
  await t.act(async () => {
    for (const f of Array.isArray(callbacks) ? callbacks : callbacks ? [callbacks] : []) f()
  })
}

/** The product page shown, no address yet, Buy now open (saying "add an address"). `saved`: what Addresses holds now. */
async function openSheet(saved: Address[], reread: () => { list: Address[] } | typeof PENDING = () => ({ list: [...saved] })) {
  setItem('token', 'tok')
  openedWith('pages/vMall/detail', { id: '1' })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
  let reads = 0
  const api = fakeApi({
    'hui_public.mall_product/read': () => ({ info: product }),
    'personal.mall_cart/index': () => emptyCart(),
    'personal.address/index': () => (reads++ ? reread() : { list: [...saved] }),
    'personal.coupon/index': () => paged([]),
    'personal.order/preCreate': () => quote({ kind: 'product', original_amount: 3990, pay_amount: 3990, fee_amount: 0 }),
    'personal.address/save': () => {
      saved.push(added)
      return { info: added }
    },
  })
  const t = await mount(VMallDetailPage)
  await show(t)
  await t.queries.waitForQuerySelector('.mall-detail__buy')
  await click(t, '.mall-detail__buy')
  return { t, api }
}

describe('buy sheet: an address added in Addresses', () => {
  it.each(['zh', 'en'] as const)('%s: tapped there → shown on the sheet, priced with its id, Pay on', async (lang) => {
    if (lang === 'en') setLang('en')
    const saved: Address[] = []
    const { t, api } = await openSheet(saved)
    await until(t, () => expect(text(t, '.mall-sheet__add')).toBe(lang === 'en' ? 'Add an address ›' : '添加收货地址 ›'))
    await click(t, '.mall-sheet__address')
    await hide(t)
    await saveThere(t)
    // Addresses (select mode): the tap sends it back, then back to the product page.
    await t.act(async () => void Taro.eventCenter.trigger(ADDRESS_SELECTED_EVENT, added))
    await show(t)
    await until(t, () => expect(text(t, '.mall-sheet__who')).toBe('赵六 13911112222'))
    expect(t.queries.querySelector('.mall-sheet__add')).toBeNull()
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ address_id: 7 }))
    await until(t, () => expect(text(t, '.mall-sheet__payable')).toBe('¥39.90'))
    expect(t.queries.querySelector('.mall-sheet__pay')?.hasAttribute('disabled')).toBe(false)
  })

  it('added there but not tapped (back instead): the sheet reads the addresses again and offers the new default', async () => {
    const saved: Address[] = []
    const { t, api } = await openSheet(saved)
    await until(t, () => expect(text(t, '.mall-sheet__add')).toBe('添加收货地址 ›'))
    const reads = api.called('personal.address/index').length
    await click(t, '.mall-sheet__address')
    await hide(t)
    await saveThere(t)
    await show(t)
    await until(t, () => expect(api.called('personal.address/index').length).toBe(reads + 1))
    await until(t, () => expect(text(t, '.mall-sheet__who')).toBe('赵六 13911112222'))
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ address_id: 7 }))
  })

  it('the addresses read again are slow to come: the tapped one is shown and priced meanwhile', async () => {
    const { t, api } = await openSheet([], () => PENDING)
    await until(t, () => expect(text(t, '.mall-sheet__add')).toBe('添加收货地址 ›'))
    await click(t, '.mall-sheet__address')
    await hide(t)
    await saveThere(t)
    await t.act(async () => void Taro.eventCenter.trigger(ADDRESS_SELECTED_EVENT, added))
    await show(t)
    await until(t, () => expect(api.called('personal.address/index')).toHaveLength(2))
    await until(t, () => expect(text(t, '.mall-sheet__who')).toBe('赵六 13911112222'))
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ address_id: 7 }))
  })
})
