/**
 * Issue 24: every list of changing data refreshes on a pull, the same way as My orders — the page config lets the
 * shopper pull (`enablePullDownRefresh`, without which neither target offers the gesture), and the pull asks the
 * server again, shows what changed and stops the spinner. The Playwright tier pulls for real (e2e/refresh.e2e.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { getPageInstance, HOOKS_APP_ID } from '@tarojs/runtime'
import type { MallProduct } from '@/contract/mall'
import type { SeckillProduct } from '@/contract/seckill'
import { resetLangCache } from '@/core/i18n'
import { setItem } from '@/core/storage'
import CardMyPage from '@/pages/card/my'
import CardRecordsPage from '@/pages/card/records'
import CardTicketListPage from '@/pages/card/ticketList'
import SeckillIndexPage from '@/pages/seckill/index'
import SpecialIndexPage from '@/pages/special/index'
import VMallIndexPage from '@/pages/vMall/index'
import { fakeApi, openedWith, resetRouter, type Handlers } from '../support/fakeApi'
import { all, mount, unmountAll, until } from '../support/screen'
import { card, coupon, order, paged, product } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

/** The routes whose lists refresh on a pull: the ones that did already, and those issue 24 found doing nothing. */
const PULL_REFRESH_ROUTES = [
  'pages/index/index',
  'pages/discountBill/index',
  'pages/orders/index',
  'pages/store/orders',
  'pages/seckill/index',
  'pages/vMall/index',
  'pages/special/index',
  'pages/card/ticketList',
  'pages/card/records',
  'pages/card/my',
  'pages/card/my_old',
  'pages/payBill/oil',
  'pages/logistics/index',
  // Issue 25: takeout's lists, menu and order.
  'pages/takeout/index',
  'pages/takeout/list',
  'pages/takeout/detail',
  'pages/takeout/orderDetail',
  'pages/store/takeout',
  // Issue 26: Jobs.
  'pages/recruit/index',
]

describe('the page configs', () => {
  it.each(PULL_REFRESH_ROUTES)('%s lets the shopper pull to refresh', (route) => {
    const config = fs.readFileSync(path.join(__dirname, '../../src', `${route}.config.ts`), 'utf8')
    expect(config).toMatch(/enablePullDownRefresh:\s*true/)
  })
})

/** The shopper pulls the page down (the runtime's onPullDownRefresh of the mounted page). */
async function pull(t: TestUtils) {
  const inst = getPageInstance(HOOKS_APP_ID) as { onPullDownRefresh?: Array<() => void> | (() => void) } | undefined
  const f = inst?.onPullDownRefresh
  const handlers = Array.isArray(f) ? f : f ? [f] : []
  expect(handlers.length).toBeGreaterThan(0)
  await t.act(async () => {
    for (const cb of handlers) cb()
  })
}

const mallProduct = (id: number, name: string): MallProduct => ({ id, category_id: 1, name, name_en: null, subtitle: '好物', image: `/assets/img/mall-${id}.svg`, list_price: 8990, price: 3990, member_price: 3590, stock: 10, sold: 1, limit_per_order: 5 })
const flash = (id: number, name: string): SeckillProduct => ({ ...product, id, name })

interface Case {
  name: string
  route: string
  Page: () => JSX.Element
  /** The page's calls; `later` says whether the server has the newer data yet. */
  api: (later: () => boolean) => Handlers
  /** The list's call, asked again by the pull. */
  list: keyof Handlers
  /** What the list shows (one text per row). */
  rows: string
  before: string[]
  after: string[]
}

const CASES: Case[] = [
  {
    name: 'Flash sales',
    route: 'pages/seckill/index',
    Page: SeckillIndexPage,
    api: (later) => ({ 'hui_public.hsh_seckill_prod/index': () => ({ sessions: [], ...paged(later() ? [flash(9, '奶茶两杯'), flash(10, '咖啡一杯')] : [flash(9, '奶茶两杯')]) }) }),
    list: 'hui_public.hsh_seckill_prod/index',
    rows: '.flash-card__name',
    before: ['奶茶两杯'],
    after: ['奶茶两杯', '咖啡一杯'],
  },
  {
    name: 'Micro mall',
    route: 'pages/vMall/index',
    Page: VMallIndexPage,
    api: (later) => ({
      'hui_public.mall_category/index': () => ({ list: [] }),
      'hui_public.mall_gallery/index': () => ({ list: [] }),
      'hui_public.mall_product/index': () => paged(later() ? [mallProduct(1, '赣南脐橙'), mallProduct(2, '每日坚果')] : [mallProduct(1, '赣南脐橙')]),
      'personal.mall_cart/count': () => ({ count: 0 }),
    }),
    list: 'hui_public.mall_product/index',
    rows: '.mall-card__name',
    before: ['赣南脐橙'],
    after: ['赣南脐橙', '每日坚果'],
  },
  {
    name: 'Micro mall special',
    route: 'pages/special/index',
    Page: SpecialIndexPage,
    api: (later) => ({
      'hui_public.mall_special/read': () => ({ info: { id: 1, title: '年货节', subtitle: '年味好物', banner: '/assets/img/mall-special-1.svg' } }),
      'hui_public.mall_product/index': () => paged(later() ? [mallProduct(5, '每日坚果')] : [mallProduct(1, '赣南脐橙')]),
    }),
    list: 'hui_public.mall_product/index',
    rows: '.mall-card__name',
    before: ['赣南脐橙'],
    after: ['每日坚果'],
  },
  {
    name: 'Value coupons',
    route: 'pages/card/ticketList',
    Page: CardTicketListPage,
    api: (later) => ({
      'personal.coupon/index': () => paged(later() ? [coupon, { ...coupon, id: 8, title: '满100减20' }] : [coupon]),
      'hui_public.coupon/index': () => ({ list: [] }),
    }),
    list: 'personal.coupon/index',
    rows: '.coupon__title',
    before: ['满50减10'],
    after: ['满50减10', '满100减20'],
  },
  {
    name: 'Card purchase records',
    route: 'pages/card/records',
    Page: CardRecordsPage,
    api: (later) => ({ 'personal.order/index': () => paged(later() ? [order({ id: 2, title: '金卡' }), order({ id: 1, title: '银卡' })] : [order({ id: 1, title: '银卡' })]) }),
    list: 'personal.order/index',
    rows: '.record__title',
    before: ['银卡'],
    after: ['金卡', '银卡'],
  },
  {
    name: 'My cards',
    route: 'pages/card/my',
    Page: CardMyPage,
    api: (later) => ({ 'personal.card/index': () => ({ list: later() ? [card, { ...card, id: 6, card_no: '8800001235' }] : [card] }) }),
    list: 'personal.card/index',
    rows: '.member-card__no',
    before: ['8800 0012 34'],
    after: ['8800 0012 34', '8800 0012 35'],
  },
]

describe.each(CASES)('$name', ({ route, Page, api, list, rows, before, after }) => {
  it('a pull asks the server again, shows what changed, and stops the spinner', async () => {
    setItem('token', 'tok')
    openedWith(route, route === 'pages/special/index' ? { id: '1' } : {}, 1)
    let later = false
    const calls = fakeApi(api(() => later))
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation((() => Promise.resolve({ errMsg: 'ok' })) as typeof Taro.stopPullDownRefresh)
    const t = await mount(Page)
    await until(t, () => expect(all(t, rows)).toEqual(before), 5000)
    const asked = calls.called(list).length

    later = true
    await pull(t)
    await until(t, () => expect(all(t, rows)).toEqual(after), 5000)
    expect(calls.called(list).length).toBe(asked + 1)
    await until(t, () => expect(stop).toHaveBeenCalledTimes(1))
  })
})
