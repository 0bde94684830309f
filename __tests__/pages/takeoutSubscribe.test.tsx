/**
 * Subscription messages on the takeout Confirm screen (issue 25 "Live status"), with the mini-program's platform file
 * (src/platform/subscribe.weapp.ts) and Taro's requestSubscribeMessage mocked: WeChat accepts the request only as the
 * first, synchronous call of the tap, so it must be made before the order is even created; a shopper who rejects still
 * pays; the answers go to the server with the order's id. The H5 file asks nothing (no such API in a browser).
 */
import Taro from '@tarojs/taro'
import { businessToday } from '@/core/clock'
import { resetLangCache } from '@/core/i18n'
import { setItem } from '@/core/storage'
import TakeoutConfirmOrderPage from '@/pages/takeout/confirmOrder'
import type { SubscribeMessages } from '@/platform/subscribe.types'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { mount, text, unmountAll, until } from '../support/screen'
import { payparam, paged, quote, unpaidOrder } from '../support/fixtures'

jest.mock('@/platform/subscribe', () => jest.requireActual('@/platform/subscribe.weapp'))

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

type Ask = (o: { tmplIds: string[]; success?: (r: Record<string, string>) => void; fail?: (r: { errMsg: string }) => void }) => Promise<unknown>

const shopInfo = {
  id: 19,
  name: '茶见奶茶',
  image: '/assets/img/shop-19.svg',
  category_id: 4,
  city_id: 1,
  address: '福田区福华三路 6 号',
  rating: 4.8,
  monthly_sales: 4210,
  delivery_minutes: 28,
  delivery_fee: 300,
  min_order: 1500,
  packing_fee: 100,
  distance: null,
  in_range: null,
  pickup: false,
  open: { state: 'open' as const, opens_at: null, closes_at: null },
  phone: '0755-1234',
  intro: '',
  lat: 22.54,
  lng: 114.05,
  settings: { hours: [{ open: '00:00', close: '24:00' }], radius_m: 3000, fee_tiers: [{ up_to_m: 3000, fee: 300 }], packing_fee: 100, min_order: 1500, pickup: false, prep_minutes: 8, paused: false },
  asap_at: `${businessToday()} 12:30:00`,
  slots: [`${businessToday()} 13:00`],
}

function confirmScreen(tmplIds: string[], events: string[]) {
  setItem('token', 'tok')
  setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 1 }] })
  openedWith('pages/takeout/confirmOrder', { shop_id: '19' })
  const assign = jest.fn()
  jest.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
  const created = unpaidOrder({ id: 90, kind: 'takeout', shop_id: 19, pay_amount: 1920, expire_time: null })
  const api = fakeApi({
    'hui_public.takeout_shop/read': () => ({ info: shopInfo }),
    'hui_public.takeout_shop/menu': () => ({
      shop_id: 19,
      categories: [{ name: '甜品', dish_ids: [2] }],
      dishes: [{ id: 2, category: '甜品', name: '芒果班戟', description: '', image: '/assets/img/dish-2.svg', price: 1600, member_price: null, sold_out: false, monthly_sales: 1, option_groups: [] }],
      member_rate: null,
    }),
    'hui_public.takeout/subscribeTemplates': () => ({ tmpl_ids: tmplIds, templates: [] }),
    'personal.address/index': () => ({ list: [{ id: 6, name: '李雷', mobile: '13600002222', province: '广东省', city: '深圳市', district: '福田区', detail: '福华三路', is_default: true, lat: 22.54, lng: 114.05 }] }),
    'personal.coupon/index': () => paged([]),
    // Confirm asks for the shop's unpaid order (one unpaid order per cart): none here.
    'personal.order/index': () => paged([]),
    'personal.order/preCreate': () =>
      quote({ kind: 'takeout', original_amount: 2000, pay_amount: 1920, takeout: { mode: 'delivery', distance: 700, delivery_fee: 300, packing_fee: 100, dishes_amount: 1600, promised_at: `${businessToday()} 12:31:00`, preorder_opens_at: null } }),
    'personal.order/create': () => {
      events.push('create')
      return { order_info: created }
    },
    'personal.order/payparam': () => payparam(),
    'personal.takeout/subscribe': () => ({ granted: [] }),
  })
  return { api, assign }
}

describe('subscription messages in the pay tap (weapp)', () => {
  it('asks WeChat first and synchronously in the tap, before the order is created; a shopper who rejects still pays', async () => {
    const events: string[] = []
    const ask = jest.fn<ReturnType<Ask>, Parameters<Ask>>((o) => {
      events.push('subscribe')
      // The shopper answers later (a dialog): reject one, accept the other.
      setTimeout(() => o.success?.({ errMsg: 'requestSubscribeMessage:ok', tplA: 'reject', tplB: 'accept' }), 0)
      return new Promise(() => undefined)
    })
    ;(Taro as unknown as { requestSubscribeMessage: Ask }).requestSubscribeMessage = ask
    const { api, assign } = confirmScreen(['tplA', 'tplB'], events)
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    await until(t, () => expect(api.called('hui_public.takeout/subscribeTemplates')).toHaveLength(1))

    // The tap itself: no await between it and the request.
    t.fireEvent.click(t.queries.querySelector('.to-pay__btn') as HTMLElement)
    expect(ask).toHaveBeenCalledTimes(1)
    expect(ask.mock.calls[0][0].tmplIds).toEqual(['tplA', 'tplB'])
    expect(events[0]).toBe('subscribe')

    // Paying goes on (to the sandbox cashier here), and the answers reach the server with the order's id.
    await until(t, () => expect(assign).toHaveBeenCalledWith('/sandbox/cashier?t=1'))
    expect(events).toEqual(['subscribe', 'create'])
    await until(t, () => expect(api.called('personal.takeout/subscribe')).toHaveLength(1))
    expect(api.called('personal.takeout/subscribe')[0].data).toMatchObject({
      id: 90,
      results: [
        { template_id: 'tplA', result: 'reject' },
        { template_id: 'tplB', result: 'accept' },
      ],
    })
  })

  it('WeChat failing the request does not stop paying; nothing is reported', async () => {
    const events: string[] = []
    ;(Taro as unknown as { requestSubscribeMessage: Ask }).requestSubscribeMessage = jest.fn((o: Parameters<Ask>[0]) => {
      events.push('subscribe')
      o.fail?.({ errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.' })
      return Promise.reject(new Error('fail'))
    })
    const { api, assign } = confirmScreen(['tplA'], events)
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    await until(t, () => expect(api.called('hui_public.takeout/subscribeTemplates')).toHaveLength(1))
    t.fireEvent.click(t.queries.querySelector('.to-pay__btn') as HTMLElement)
    await until(t, () => expect(assign).toHaveBeenCalledWith('/sandbox/cashier?t=1'))
    expect(events).toEqual(['subscribe', 'create'])
    expect(api.called('personal.takeout/subscribe')).toHaveLength(0)
  })

  it('no template configured: WeChat is not asked', async () => {
    const events: string[] = []
    const ask = jest.fn()
    ;(Taro as unknown as { requestSubscribeMessage: unknown }).requestSubscribeMessage = ask
    const { api, assign } = confirmScreen([], events)
    const t = await mount(TakeoutConfirmOrderPage)
    await until(t, () => expect(text(t, '.to-pay__amount')).toBe('¥19.20'))
    await until(t, () => expect(api.called('hui_public.takeout/subscribeTemplates')).toHaveLength(1))
    t.fireEvent.click(t.queries.querySelector('.to-pay__btn') as HTMLElement)
    await until(t, () => expect(assign).toHaveBeenCalledWith('/sandbox/cashier?t=1'))
    expect(ask).not.toHaveBeenCalled()
  })

  it('the browser (H5) asks nothing', async () => {
    // The module is mocked above with the weapp file; the real H5 file here.
    const h5Subscribe = jest.requireActual<{ subscribeMessages: SubscribeMessages }>('@/platform/subscribe.h5').subscribeMessages
    expect(h5Subscribe.supported).toBe(false)
    await expect(h5Subscribe.ask(['tplA'])).resolves.toEqual([])
  })
})
