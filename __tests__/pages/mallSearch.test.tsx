/**
 * Issue 24, the mall searchable: Search has a Mall tab (mall products by name, each opening its product), and the
 * micro mall its own search — its bar opens the same screen on mall products only. Nothing found and a failed
 * search say so, in Chinese and English.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { MallProduct } from '@/contract/mall'
import { resetLangCache, setLang } from '@/core/i18n'
import SearchPage from '@/pages/index/search'
import VMallIndexPage from '@/pages/vMall/index'
import { fakeApi, OFFLINE, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const orange: MallProduct = { id: 1, category_id: 1, name: '赣南脐橙', name_en: 'Gannan navel oranges', subtitle: '果园直发 酸甜多汁', image: '/assets/img/mall-1.svg', list_price: 8990, price: 3990, member_price: 3590, stock: 180, sold: 60, limit_per_order: 5 }
const salmon: MallProduct = { ...orange, id: 2, name: '智利冰鲜三文鱼', subtitle: '冰鲜空运', price: 5990, stock: 0 }

/** Type into a Taro Input as a shopper would: into its inner <input>, once the component has rendered it. */
async function type(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Shops and flash deals find nothing; the mall answers `mall` (by keyword). */
const searchApi = (mall: (keyword: string) => ReturnType<typeof paged<MallProduct>> | typeof OFFLINE) =>
  fakeApi({
    'hui_shanghu.shop/index': () => paged([]),
    'hui_public.hsh_seckill_prod/index': () => ({ ...paged([]), sessions: [] }),
    'hui_public.mall_product/index': (q) => mall(String(q.keyword)),
    // Jobs (issue 26): none here.
    'hui_public.job/index': () => paged([]),
  })

describe('Search: the Mall tab', () => {
  it('"橙" finds 赣南脐橙 in the mall (shown by itself when shops and flash deals have none); it opens the product', async () => {
    openedWith('pages/index/search')
    const api = searchApi((k) => paged(k === '橙' ? [orange, salmon] : []))
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(SearchPage)
    await type(t, '.search__input', '橙')
    await until(t, () => expect(t.queries.querySelector('.search__product--mall')).not.toBeNull(), 5000)
    expect(t.queries.querySelector('.search__tabs__tab--mall')?.className).toContain('active')
    expect(text(t, '.search__tabs__tab--mall')).toBe('商城商品')
    expect(all(t, '.search__product--mall .search__product-name')).toEqual(['赣南脐橙', '智利冰鲜三文鱼'])
    expect(text(t, '.search__product--mall .search__product-price')).toContain('39.90')
    // A sold-out product says so.
    expect(all(t, '.search__product-sold-out')).toEqual(['已售罄'])
    expect(api.called('hui_public.mall_product/index').map((c) => c.data)).toMatchObject([{ keyword: '橙', page: 1, page_size: 10 }])

    await click(t, '.search__product--mall')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/vMall/detail?id=1' })
  })

  // Waited for inside act (`until`), as the first case does: a wait outside it missed the debounced search's results in
  // two CI runs (the debounce's timer and the answer's render flushed only within act), never here.
  it('a result shows the member price first, as the mall’s grid does, then the price (issue 39); in English, the merchant’s English name too', async () => {
    openedWith('pages/index/search')
    searchApi((k) => paged(k === '橙' || k === 'orange' ? [orange] : []))
    const t = await mount(SearchPage)
    await type(t, '.search__input', '橙')
    await until(t, () => expect(t.queries.querySelector('.search__product--mall')).not.toBeNull(), 15000)
    expect(text(t, '.search__product--mall .search__product-member-tag')).toBe('会员')
    expect(text(t, '.search__product--mall .search__product-member')).toBe('¥35.90')
    expect(text(t, '.search__product--mall .search__product-price')).toBe('¥39.90')
    expect(t.queries.querySelector('.search__product-name-en')).toBeNull()
    unmountAll()
    setLang('en')
    openedWith('pages/index/search')
    searchApi((k) => paged(k === 'orange' ? [orange] : []))
    const en = await mount(SearchPage)
    await type(en, '.search__input', 'orange')
    await until(en, () => expect(en.queries.querySelector('.search__product--mall')).not.toBeNull(), 15000)
    expect(text(en, '.search__product-name')).toBe('赣南脐橙')
    expect(text(en, '.search__product-name-en')).toBe('Gannan navel oranges')
    expect(text(en, '.search__product--mall .search__product-member-tag')).toBe('Member')
  })

  it('nothing in the mall: the Mall tab says what was searched (zh and en)', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      setLang(lang)
      openedWith('pages/index/search')
      searchApi(() => paged([]))
      const t = await mount(SearchPage)
      await type(t, '.search__input', 'xyz')
      await t.queries.waitForQuerySelector('.state--empty')
      await click(t, '.search__tabs__tab--mall')
      await t.queries.waitForQuerySelector('.state--empty')
      expect(text(t, '.search__tabs__tab--mall')).toBe(lang === 'en' ? 'Mall' : '商城商品')
      expect(text(t, '.state--empty .state__title')).toBe(lang === 'en' ? 'Nothing found for "xyz"' : '没有找到“xyz”')
      unmountAll()
      resetLangCache()
    }
  })

  it('a failed mall search offers a retry that asks again', async () => {
    openedWith('pages/index/search')
    let reply: typeof OFFLINE | ReturnType<typeof paged<MallProduct>> = OFFLINE
    const api = searchApi(() => reply)
    const t = await mount(SearchPage)
    await type(t, '.search__input', '橙')
    await t.queries.waitForQuerySelector('.state--empty')
    await click(t, '.search__tabs__tab--mall')
    await t.queries.waitForQuerySelector('.state--error')
    reply = paged([orange])
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.search__product--mall')
    expect(api.called('hui_public.mall_product/index')).toHaveLength(2)
  })
})

describe('The mall’s own search', () => {
  it('the micro mall’s bar opens Search on mall products', async () => {
    openedWith('pages/vMall/index', {}, 1)
    fakeApi({
      'hui_public.mall_category/index': () => ({ list: [] }),
      'hui_public.mall_gallery/index': () => ({ list: [] }),
      'hui_public.mall_product/index': () => paged([orange]),
    })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(VMallIndexPage)
    await t.queries.waitForQuerySelector('.mall-search__bar')
    expect(text(t, '.mall-search__bar')).toBe('搜索商城商品')
    await click(t, '.mall-search__bar')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/index/search?scope=mall' })
  })

  it('scope=mall: mall words and products only, no tabs; shops and flash deals are not asked', async () => {
    openedWith('pages/index/search', { scope: 'mall' })
    const api = searchApi((k) => paged(k === '脐橙' ? [orange] : []))
    const t = await mount(SearchPage)
    await t.queries.waitForQuerySelector('.search__word')
    expect((t.queries.querySelector('.search__input input') as HTMLInputElement).placeholder).toBe('搜索商城商品')
    expect(all(t, '.search__word')).toContain('脐橙')
    await click(t, '.search__word')
    await t.queries.waitForQuerySelector('.search__product--mall')
    expect(text(t, '.search__product-name')).toBe('赣南脐橙')
    expect(t.queries.querySelector('.search__tabs')).toBeNull()
    expect(api.called('hui_shanghu.shop/index')).toHaveLength(0)
    expect(api.called('hui_public.hsh_seckill_prod/index')).toHaveLength(0)

    await type(t, '.search__input', '火星')
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state--empty .state__title')).toBe('没有找到“火星”')
  })
})
