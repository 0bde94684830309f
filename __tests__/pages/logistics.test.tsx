/**
 * Issue 14, Logistics (H5 runtime, the one fake API): the parcel's state, carrier and tracking number (copy), the
 * address, the timeline newest first with the latest marked; confirming receipt asks first, is sent once and the
 * screen then reads completed; an order not shipped yet says so (not an error); My orders and Order detail lead here.
 */
import Taro from '@tarojs/taro'
import type { LogisticsAnswer } from '@/contract/mall'
import type { OrderInfo } from '@/contract/order'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import LogisticsIndexPage from '@/pages/logistics/index'
import OrdersDetailPage from '@/pages/orders/detail'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { order } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const shipped: OrderInfo = order({
  id: 71,
  kind: 'product',
  title: '阿克苏冰糖心苹果',
  shop_name: '好邻居便利',
  order_status: 30,
  lines: [{ name: '阿克苏冰糖心苹果', spec: '5 斤装', quantity: 1, price: 2990, image: '/assets/img/mall-3.svg' }],
  delivery: { mode: 'ship', address: { name: '王五', phone: '13800138001', text: '广东省深圳市福田区深南大道 100 号' } },
  parcel: { carrier_name: '中通快递', tracking_no: 'ZT7788990011', shipped_at: '2026-11-22 09:00:00', state: 'in_transit', latest: '运输中，快件已发往收件城市转运中心' },
})

const parcel = (over: Partial<LogisticsAnswer> = {}): LogisticsAnswer => ({
  order: shipped,
  carrier: 'ZTO',
  carrier_name: '中通快递',
  tracking_no: 'ZT7788990011',
  shipped_at: '2026-11-22 09:00:00',
  state: 'in_transit',
  events: [
    { state: 'in_transit', text: '运输中，快件已发往收件城市转运中心', at: '2026-11-22 17:00:00' },
    { state: 'picked_up', text: '中通快递已揽收', at: '2026-11-22 11:00:00' },
    { state: 'shipped', text: '商家已发货，等待中通快递揽收', at: '2026-11-22 09:00:00' },
  ],
  delivered_at: null,
  auto_complete_at: null,
  can_confirm: true,
  tracked: true,
  ...over,
})

async function open(handlers: Parameters<typeof fakeApi>[0]) {
  setItem('token', 'tok')
  openedWith('pages/logistics/index', { id: '71' })
  const api = fakeApi({ 'personal.order/read': () => ({ info: shipped }), 'personal.order/logistics': () => parcel(), ...handlers })
  const t = await mount(LogisticsIndexPage)
  return { t, api }
}

describe('Logistics', () => {
  it('the state, carrier and tracking number, the address and the timeline newest first (the latest marked); copy puts the number on the clipboard', async () => {
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok', data: '' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const { t } = await open({})
    await t.queries.waitForQuerySelector('.parcel')
    expect(text(t, '.parcel__state')).toBe('运输中')
    expect(text(t, '.parcel__carrier')).toBe('中通快递')
    expect(text(t, '.parcel__no')).toBe('ZT7788990011')
    expect(text(t, '.parcel__where')).toBe('广东省深圳市福田区深南大道 100 号')
    expect(all(t, '.parcel-event__time')).toEqual(['2026-11-22 17:00:00', '2026-11-22 11:00:00', '2026-11-22 09:00:00'])
    expect(all(t, '.parcel-event--latest .parcel-event__text')).toEqual(['运输中，快件已发往收件城市转运中心'])
    await click(t, '.parcel__copy')
    expect(copy).toHaveBeenCalledWith({ data: 'ZT7788990011' })
    await t.act(async () => setLang('en'))
    expect(text(t, '.parcel__state')).toBe('In transit')
    expect(text(t, '.parcel__confirm')).toBe('Confirm receipt')
  })

  it('confirm receipt asks first, is sent once, and the screen then reads completed without the button', async () => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    let confirmed = false
    let release: () => void = () => undefined
    const { t, api } = await open({
      'personal.order/confirmReceipt': () =>
        new Promise((r) => {
          release = () => {
            confirmed = true
            r({ info: { ...shipped, order_status: 40 } })
          }
        }),
      'personal.order/logistics': () => (confirmed ? parcel({ order: { ...shipped, order_status: 40 }, can_confirm: false }) : parcel()),
    })
    await t.queries.waitForQuerySelector('.parcel__confirm')
    await click(t, '.parcel__confirm')
    await click(t, '.parcel__confirm')
    await until(t, () => expect(api.called('personal.order/confirmReceipt')).toHaveLength(1))
    await t.act(async () => release())
    await until(t, () => expect(text(t, '.parcel__done')).toBe('订单已完成，感谢购买'))
    expect(api.called('personal.order/confirmReceipt')).toHaveLength(1)
    expect(t.queries.querySelector('.parcel__confirm')).toBeNull()
  })

  it('received (issue 39): confirmed while out for delivery, the header reads received — not "Out for delivery" — in both languages', async () => {
    const done = { ...shipped, order_status: 40 }
    const { t } = await open({
      'personal.order/read': () => ({ info: done }),
      'personal.order/logistics': () =>
        parcel({
          order: done,
          state: 'received',
          can_confirm: false,
          events: [
            { state: 'received', text: '已确认收货，订单完成', at: '2026-11-23 12:00:00' },
            { state: 'out_for_delivery', text: '派送中，快递员正在为您派件', at: '2026-11-23 11:00:00' },
          ],
        }),
    })
    await t.queries.waitForQuerySelector('.parcel')
    expect(text(t, '.parcel__state')).toBe('已收货')
    expect(text(t, '.parcel__latest')).toBe('已确认收货，订单完成')
    expect(t.queries.querySelector('.parcel__head--received')).not.toBeNull()
    expect(all(t, '.parcel-event__title')).toEqual(['已收货最新', '派送中'])
    // Said once: the latest event says the order is complete.
    expect(t.queries.querySelector('.parcel__done')).toBeNull()
    await t.act(async () => setLang('en'))
    expect(text(t, '.parcel__state')).toBe('Received')
  })

  it('delivered: when the order completes by itself', async () => {
    const { t } = await open({ 'personal.order/logistics': () => parcel({ state: 'delivered', delivered_at: '2026-11-23 15:00:00', auto_complete_at: '2026-11-30 15:00:00' }) })
    await t.queries.waitForQuerySelector('.parcel__note')
    expect(text(t, '.parcel__note')).toBe('如未确认收货，订单将于 2026-11-30 15:00:00 自动完成')
  })

  it('not tracked (a production server without a tracking service): carrier and number to copy, the store’s shipping alone, and why', async () => {
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok', data: '' })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const untracked = parcel({
      tracked: false,
      carrier: 'YTO',
      carrier_name: '圆通速递',
      tracking_no: 'YT9988776655',
      state: 'shipped',
      events: [{ state: 'shipped', text: '商家已发货，等待圆通速递揽收', at: '2026-11-22 09:00:00' }],
      auto_complete_at: '2026-12-02 09:00:00',
    })
    const { t } = await open({ 'personal.order/logistics': () => untracked })
    await t.queries.waitForQuerySelector('.parcel__untracked')
    expect(text(t, '.parcel__untracked')).toBe('这里暂不显示物流进度：复制运单号，到圆通速递官网或 App 查询')
    expect(text(t, '.parcel__no')).toBe('YT9988776655')
    expect(all(t, '.parcel-event__title').map((x) => x.replace('最新', ''))).toEqual(['已发货'])
    expect(text(t, '.parcel__note')).toBe('如未确认收货，订单将于 2026-12-02 09:00:00 自动完成')
    await click(t, '.parcel__copy')
    expect(copy).toHaveBeenCalledWith({ data: 'YT9988776655' })
    await t.act(async () => setLang('en'))
    expect(text(t, '.parcel__untracked')).toBe("Tracking isn't shown here: copy the number and look it up on 圆通速递's website or app")
  })

  it('tracked: no such note', async () => {
    const { t } = await open({})
    await t.queries.waitForQuerySelector('.parcel')
    expect(t.queries.querySelector('.parcel__untracked')).toBeNull()
  })

  it('not shipped yet: says so, with the way to the order (no logistics call, no error)', async () => {
    const { t, api } = await open({ 'personal.order/read': () => ({ info: { ...shipped, order_status: 10, parcel: null } }) })
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state--empty .state__title')).toBe('商家还没有发货')
    expect(api.called('personal.order/logistics')).toHaveLength(0)
  })

  it('a failed load says so and retries', async () => {
    let fail = true
    const { t } = await open({ 'personal.order/logistics': () => (fail ? 'offline' : parcel()) })
    await t.queries.waitForQuerySelector('.state--error')
    fail = false
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.parcel')
  })

  it('Order detail of a shipped order: the parcel’s latest event and "Track parcel" lead to Logistics', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '71' })
    fakeApi({ 'personal.order/read': () => ({ info: shipped }) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__parcel')
    expect(text(t, '.order-detail__parcel-latest')).toContain('运输中')
    expect(t.queries.querySelector('.order-detail__code')).toBeNull()
    await click(t, '.order-detail__track')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/logistics/index?id=71' })
  })
})
