/**
 * Location on the screens that need it (Home's nearby list, Discount bill), with the platform's locator
 * replaced: nothing asked at mount unless already allowed; distances on the rows, nearest first; the city follows
 * the location until the shopper chooses one; a refusal leaves the city picker working and says how to allow it.
 */
import { resetLangCache, setLang } from '@/core/i18n'
import { chooseCity, followCity } from '@/core/city'
import { getItem, setItem } from '@/core/storage'
import HomePage from '@/pages/index/index'
import DiscountBillPage from '@/pages/discountBill/index'
import { locator } from '@/platform/location'
import type { LocateResult } from '@/platform/location.types'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { paged, shop } from '../support/fixtures'

jest.mock('@/platform/location', () => ({
  locator: { granted: jest.fn(), locate: jest.fn(), allowLater: jest.fn(), openPlace: jest.fn(), settingsPage: false },
}))
const loc = locator as jest.Mocked<Required<typeof locator>> & { settingsPage: boolean }

const CANTON = { lat: 23.13, lng: 113.33 }
const cities = { list: [{ id: 1, name: '深圳', pinyin: 'shenzhen', hot: true }, { id: 2, name: '广州', pinyin: 'guangzhou', hot: true }] }
const near = [
  { ...shop, id: 4, name: '近处小馆', distance: 350 },
  { ...shop, id: 5, name: '远处茶楼', distance: 2400 },
]

function api(nearest: { id: number; name: string } | null = { id: 2, name: '广州' }) {
  return fakeApi({
    'index/moduleList': () => ({ banners: [], modules: [] }),
    'website.hui_china_city/cityList': () => cities,
    'hui_public.hsh_seckill_prod/index': () => ({ ...paged([]), sessions: [] }),
    'hui_shanghu.hs_business_class/index': () => ({ list: [] }),
    'hui_shanghu.shop/index': (q) => paged(q.lat === undefined ? [shop] : near, 1, 10, q.lat === undefined ? 1 : 2),
    'website.hui_china_city/locate': () => ({ city: nearest && { ...nearest, pinyin: '', hot: true }, distance: 1200 }),
  })
}

function allowed(result: LocateResult, already = true) {
  loc.granted.mockResolvedValue(already)
  loc.locate.mockResolvedValue(result)
}

beforeEach(() => {
  openedWith('pages/index/index', {}, 1)
  loc.settingsPage = false
})
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  jest.clearAllMocks()
  resetLangCache()
  resetRouter()
})

describe('Home with location', () => {
  it('already allowed: located quietly, rows show their distance nearest first, and the city follows to the nearest one', async () => {
    allowed({ point: CANTON, precise: true })
    setItem('city', { id: 1, name: '深圳' })
    const calls = api()
    const t = await mount(HomePage)
    await until(t, () => expect(all(t, '.shop-row__distance')).toEqual([' · 350 m', ' · 2.4 km']))
    expect(all(t, '.shop-row__name')).toEqual(['近处小馆', '远处茶楼'])
    await until(t, () => expect(text(t, '.home-bar__city')).toContain('广州'))
    expect(getItem('city')).toEqual({ id: 2, name: '广州' })
    expect(getItem('cityByHand')).toBeUndefined()
    await until(t, () => expect(calls.called('hui_shanghu.shop/index').at(-1)?.data).toMatchObject({ city_id: 2, lat: 23.13, lng: 113.33 }))
    expect(calls.called('website.hui_china_city/locate')[0].data).toMatchObject(CANTON)
    expect(t.queries.querySelector('.loc-bar__ask')).toBeNull()
  })

  it('a city the shopper chose is kept: the list is nearest first within it', async () => {
    allowed({ point: CANTON, precise: true })
    chooseCity({ id: 1, name: '深圳' })
    const calls = api()
    const t = await mount(HomePage)
    await until(t, () => expect(all(t, '.shop-row__distance')).toHaveLength(2))
    await until(t, () => expect(calls.called('website.hui_china_city/locate')).toHaveLength(1))
    expect(text(t, '.home-bar__city')).toContain('深圳')
    expect(getItem('city')).toEqual({ id: 1, name: '深圳' })
    expect(calls.called('hui_shanghu.shop/index').at(-1)?.data).toMatchObject({ city_id: 1, lat: 23.13 })
  })

  it('not yet allowed: nothing is asked at mount; the shopper asks, refuses, reads how to allow it, and the city picker still works', async () => {
    allowed({ failed: 'denied' }, false)
    setLang('en')
    const calls = api()
    const t = await mount(HomePage)
    await t.queries.waitForQuerySelector('.shop-row')
    expect(loc.locate).not.toHaveBeenCalled()
    expect(t.queries.querySelector('.shop-row__distance')).toBeNull()
    expect(text(t, '.loc-bar__ask')).toBe('📍 Nearest first')

    await click(t, '.loc-bar__ask')
    await until(t, () => expect(text(t, '.loc-bar--denied .loc-bar__hint')).toContain('allow it for this site in browser settings'))
    expect(t.queries.querySelector('.loc-bar__action')).toBeNull()

    await click(t, '.home-bar__city')
    await until(t, () => expect(all(t, '#home-city-sheet .sheet__item').length).toBe(2))
    await t.act(async () => (t.queries.querySelectorAll('#home-city-sheet .sheet__item')[1] as HTMLElement).click())
    await until(t, () => expect(calls.called('hui_shanghu.shop/index').at(-1)?.data).toMatchObject({ city_id: 2 }))
    expect(getItem('cityByHand')).toBe(true)
    expect(calls.called('website.hui_china_city/locate')).toHaveLength(0)
  })

  it('weapp after a refusal: "Turn on" opens the settings page and, allowed there, the list gets its distances', async () => {
    loc.settingsPage = true
    allowed({ failed: 'denied' }, false)
    api()
    const t = await mount(HomePage)
    await t.queries.waitForQuerySelector('.loc-bar__ask')
    await click(t, '.loc-bar__ask')
    await until(t, () => expect(text(t, '.loc-bar__action')).toBe('去开启'))
    expect(text(t, '.loc-bar__hint')).toBe('未开启定位')
    loc.allowLater.mockResolvedValue(true)
    loc.locate.mockResolvedValue({ point: CANTON, precise: true })
    await click(t, '.loc-bar__action')
    await until(t, () => expect(all(t, '.shop-row__distance')).toEqual([' · 350 m', ' · 2.4 km']))
    expect(loc.allowLater).toHaveBeenCalledTimes(1)
  })

  it('a timeout offers to try again; an old browser says why and points to the city picker', async () => {
    allowed({ failed: 'timeout' }, false)
    api()
    const t = await mount(HomePage)
    await t.queries.waitForQuerySelector('.loc-bar__ask')
    await click(t, '.loc-bar__ask')
    await until(t, () => expect(text(t, '.loc-bar--timeout .loc-bar__action')).toBe('重试'))
    loc.locate.mockResolvedValue({ failed: 'unavailable' })
    await click(t, '.loc-bar__action')
    await until(t, () => expect(text(t, '.loc-bar--unavailable .loc-bar__hint')).toContain('需 https'))
    expect(loc.locate).toHaveBeenCalledTimes(2)
  })
})

describe('Discount bill with location', () => {
  it('already allowed: nearest first with distances, and the city follows', async () => {
    openedWith('pages/discountBill/index', {}, 2)
    allowed({ point: CANTON, precise: true })
    const calls = api()
    const t = await mount(DiscountBillPage)
    await until(t, () => expect(all(t, '.shop-row__distance')).toEqual([' · 350 m', ' · 2.4 km']))
    await until(t, () => expect(text(t, '.discount-bar__city')).toContain('广州'))
    expect(calls.called('hui_shanghu.shop/index').at(-1)?.data).toMatchObject({ city_id: 2, lat: 23.13, lng: 113.33 })
  })
})

describe('the city-follows rule (core/city)', () => {
  it('follows the nearest city until one is chosen by hand; nothing near changes nothing', () => {
    expect(followCity({ id: 2, name: '广州' })).toEqual({ id: 2, name: '广州' })
    expect(followCity(null)).toBeUndefined()
    expect(getItem('city')).toEqual({ id: 2, name: '广州' })
    chooseCity({ id: 1, name: '深圳' })
    expect(followCity({ id: 2, name: '广州' })).toBeUndefined()
    expect(getItem('city')).toEqual({ id: 1, name: '深圳' })
  })
})
