/**
 * The takeout order page as a shopper uses it (issue 39), against the server's answers: My orders' "Apply for refund"
 * lands on the refund form (and "Cancel" where the store has not accepted yet); a pickup order says where to collect
 * it (address with a map, hours) beside its code; the shop's number in full with a call (a tel: link on H5); the
 * rider's number only while out for delivery; the money as lines; a cancelled order shows its refund and Order again
 * (the cart refilled); a finished order is rated once.
 */
import Taro from '@tarojs/taro'
import type { OrderInfo, OrderRefund } from '@/contract/order'
import type { TakeoutOrderAnswer, TakeoutView } from '@/contract/takeout'
import { businessToday } from '@/core/clock'
import { forgetAnswers } from '@/core/cache'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import { readCart } from '@/features/takeout/cart'
import OrdersIndexPage from '@/pages/orders/index'
import TakeoutOrderDetailPage from '@/pages/takeout/orderDetail'
import { locator } from '@/platform/location'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, show, text, unmountAll, until } from '../support/screen'
import { order, paged } from '../support/fixtures'

const hostNow = Date.now.bind(Date)
const HELD = Date.parse('2026-11-23T10:00:00+08:00') - hostNow()
const holdPhoneClock = () => jest.spyOn(Date, 'now').mockImplementation(() => hostNow() + HELD)
beforeEach(() => {
  holdPhoneClock()
  setItem('token', 'tok')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
})
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const today = () => businessToday()
const steps = (done: number, keys: TakeoutView['steps'][number]['key'][] = ['paid', 'accepted', 'delivering', 'delivered']): TakeoutView['steps'] =>
  keys.map((key, i) => ({ key, state: i < done ? 'done' : i === done ? 'current' : 'todo', at: i < done ? `${today()} 12:0${i}:00` : null }))

function view(over: Partial<TakeoutView> = {}): TakeoutView {
  return {
    mode: 'delivery',
    status: 20,
    stage: 'accepted',
    steps: steps(2),
    promised_at: `${today()} 12:40:00`,
    scheduled_for: null,
    accept_by: null,
    pickup_no: 'A012',
    pickup_code: null,
    rider: null,
    refusal: null,
    shop: { id: 19, name: '茶见奶茶', phone: '0755-12345678' },
    address: { name: '李雷', phone: '136****2222', text: '广东省深圳市福田区福华三路 88 号' },
    tableware: 1,
    remark: '',
    can_cancel: false,
    can_confirm: false,
    updated_at: 1,
    ...over,
  }
}

function answer(v: Partial<TakeoutView> = {}, over: Partial<TakeoutOrderAnswer> = {}, info: Partial<OrderInfo> = {}): TakeoutOrderAnswer {
  const status = v.status ?? 20
  return {
    info: order({
      id: 77,
      kind: 'takeout',
      title: '茶见奶茶',
      shop_id: 19,
      shop_name: '茶见奶茶',
      order_status: status,
      original_amount: 3100,
      discount_amount: 155,
      coupon_amount: 500,
      fee_amount: 400,
      pay_amount: 2845,
      lines: [
        { name: '珍珠奶茶', spec: '大杯、少糖', quantity: 1, price: 1500, image: null },
        { name: '芒果班戟', spec: null, quantity: 1, price: 1600, image: null },
      ],
      refund: null,
      ...info,
    }),
    takeout: view({ status, ...v }),
    shop: { id: 19, name: '茶见奶茶', phone: '0755-12345678', address: '福田区福华三路 6 号', lat: 22.5405, lng: 114.048, hours: [{ open: '10:00', close: '22:00' }] },
    money: { dishes: 3100, packing_fee: 100, delivery_fee: 300, fees: 400, discount: 155, coupon: 500, paid: 2845 },
    again: [
      { dish_id: 1, option_ids: [12, 10], quantity: 1 },
      { dish_id: 4, option_ids: [], quantity: 1 },
    ],
    rider_phone: null,
    rating: null,
    rate_until: null,
    ...over,
  }
}

const openPage = async (a: () => TakeoutOrderAnswer, params: Record<string, string> = {}, handlers: Parameters<typeof fakeApi>[0] = {}) => {
  // Each opening reads the order afresh (nothing kept from an earlier one).
  forgetAnswers()
  openedWith('pages/takeout/orderDetail', { id: '77', ...params })
  const api = fakeApi({ 'personal.takeout/read': () => a(), ...handlers })
  const t = await mount(TakeoutOrderDetailPage)
  await show(t)
  await until(t, () => expect(t.queries.querySelector('.to-status__stage')).not.toBeNull())
  return { t, api }
}

describe('My orders → a refund (or cancel) a shopper can actually ask for', () => {
  it('an accepted takeout order: "Apply for refund" opens its page with the refund form; sent, the order is read again', async () => {
    openedWith('pages/orders/index', {})
    fakeApi({ 'personal.order/index': () => paged([order({ id: 77, kind: 'takeout', title: '茶见奶茶', shop_name: '茶见奶茶', order_status: 20 }), order({ id: 78, kind: 'takeout', title: '茶见奶茶', shop_name: '茶见奶茶', order_status: 10 })]) })
    const list = await mount(OrdersIndexPage)
    await show(list)
    await until(list, () => expect(all(list, '.order-card__detail')).toEqual(['申请退款', '取消订单']))
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(list, '.order-card:nth-child(1) .order-card__detail')
    expect(nav).toHaveBeenLastCalledWith({ url: '/pages/takeout/orderDetail?id=77&ask=refund' })
    await click(list, '.order-card:nth-child(2) .order-card__detail')
    expect(nav).toHaveBeenLastCalledWith({ url: '/pages/takeout/orderDetail?id=78&ask=cancel' })
    unmountAll()

    let current = answer()
    const { t, api } = await openPage(() => current, { ask: 'refund' }, {
      'personal.order/refund': () => {
        current = answer({ status: 60, stage: 'refunding', updated_at: 1 }, {}, { refund: { ...waiting } })
        return { info: current.info }
      },
    })
    await until(t, () => expect(t.queries.querySelector('.refund-sheet__panel')).not.toBeNull())
    expect(text(t, '.refund-sheet__money')).toContain('28.45')
    await click(t, '.refund-sheet__reason:nth-child(3)')
    await click(t, '.refund-sheet__submit')
    await until(t, () => expect(api.called('personal.order/refund')).toHaveLength(1))
    expect(api.called('personal.order/refund')[0].data).toMatchObject({ id: 77, reason: '商家原因' })
    // Read again (the write's invalidation), though the order's version did not move: its refund shows.
    await until(t, () => expect(text(t, '.to-status__stage')).toBe('退款处理中'))
    await until(t, () => expect(t.queries.querySelector('.refund-timeline')).not.toBeNull())
    expect(t.queries.querySelector('.to-steps')).toBeNull()
    expect(t.queries.querySelector('.to-actions__refund')).toBeNull()
  })

  it('opened by itself, an accepted order has "Apply for refund"; not accepted yet, Cancel (asked first) and no refund', async () => {
    const accepted = await openPage(() => answer())
    expect(text(accepted.t, '.to-actions__refund')).toBe('申请退款')
    await click(accepted.t, '.to-actions__refund')
    await until(accepted.t, () => expect(accepted.t.queries.querySelector('.refund-sheet__panel')).not.toBeNull())
    unmountAll()

    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true, errMsg: 'ok' })
    const waitingOne = await openPage(() => answer({ status: 10, stage: 'awaiting_accept', steps: steps(1), can_cancel: true, pickup_no: null }), { ask: 'cancel' })
    await until(waitingOne.t, () => expect(modal).toHaveBeenCalledTimes(1))
    expect(waitingOne.t.queries.querySelector('.to-actions__refund')).toBeNull()
    expect(text(waitingOne.t, '.to-actions__cancel')).toBe('取消订单')
    expect(waitingOne.api.called('personal.takeout/cancel')).toHaveLength(0)
  })
})

const waiting: OrderRefund = {
  state: 'awaiting_store',
  reason: '商家原因',
  detail: null,
  photos: [],
  asked_at: '2026-11-23 12:10:00',
  auto_approve_at: '2026-11-25 12:10:00',
  approved_at: null,
  approved_by: null,
  amount: 2845,
  refunded_at: null,
  to: 'sandbox',
  refused: null,
  withdrawn_at: null,
  delayed: false,
  can_withdraw: true,
  can_ask_again: false,
  steps: [
    { key: 'asked', state: 'done', at: '2026-11-23 12:10:00' },
    { key: 'awaiting_store', state: 'current', at: null },
    { key: 'approved', state: 'todo', at: null },
    { key: 'on_its_way', state: 'todo', at: null },
    { key: 'refunded', state: 'todo', at: null },
  ],
}

describe('where, whom to call, and what was paid', () => {
  it('a pickup order: the code beside the shop’s address (a map), hours and its number in full with a call (a tel: link)', async () => {
    const opened = jest.spyOn(locator, 'openPlace').mockResolvedValue('opened')
    const followed: string[] = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '')
    })
    const { t } = await openPage(() => answer({ mode: 'pickup', stage: 'ready', pickup_code: '123456789012', steps: steps(3, ['paid', 'accepted', 'ready', 'picked_up']), address: null }))
    expect(text(t, '.to-pickup__no')).toBe('A012')
    expect(text(t, '.to-pickup__code')).toBe('123456789012')
    expect(text(t, '.to-place__name')).toBe('茶见奶茶')
    expect(text(t, '.to-place__address')).toBe('福田区福华三路 6 号')
    expect(text(t, '.to-place__hours')).toBe('营业时间 10:00–22:00')
    await click(t, '.to-place__where')
    expect(opened).toHaveBeenCalledWith({ lat: 22.5405, lng: 114.048, name: '茶见奶茶', address: '福田区福华三路 6 号' })

    expect(text(t, '.to-contact__number')).toBe('0755-12345678')
    await click(t, '.to-contact__call')
    expect(followed).toEqual(['tel:0755-12345678'])
    const copied = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as never)
    await click(t, '.to-contact__copy')
    expect(copied).toHaveBeenCalledWith({ data: '0755-12345678' })
  })

  it('the rider: the number in full with a call while out for delivery; masked, without a call, once delivered', async () => {
    let current = answer({ status: 30, stage: 'delivering', steps: steps(3), rider: { name: '张师傅', phone: '139****5678' } }, { rider_phone: '13912345678' })
    const { t } = await openPage(() => current)
    expect(text(t, '.to-rider__text')).toBe('骑手 张师傅')
    expect(text(t, '.to-rider__phone')).toBe('13912345678')
    expect(t.queries.querySelector('.to-rider__call')).not.toBeNull()
    unmountAll()
    current = answer({ status: 40, stage: 'delivered', steps: steps(4), rider: { name: '张师傅', phone: '139****5678' }, updated_at: 2 })
    const { t: after } = await openPage(() => current)
    expect(text(after, '.to-rider__phone')).toBe('139****5678')
    expect(after.queries.querySelector('.to-rider__call')).toBeNull()
  })

  it('the money as lines that add up, on the page: dishes, packing, delivery, member discount, coupon, paid (zh, en)', async () => {
    const { t } = await openPage(() => answer())
    const rows = () => Array.from(t.queries.querySelectorAll('.to-money__row')).map((r) => `${r.querySelector('.to-row__label')?.textContent} ${r.querySelector('.to-row__value')?.textContent}`)
    expect(rows()).toEqual(['商品金额 ¥31.00', '打包费 ¥1.00', '配送费 ¥3.00', '会员优惠 -¥1.55', '代金券 -¥5.00', '实付 ¥28.45'])
    await t.act(async () => setLang('en'))
    expect(rows()).toEqual(['Dishes ¥31.00', 'Packing fee ¥1.00', 'Delivery fee ¥3.00', 'Member discount -¥1.55', 'Coupon -¥5.00', 'Paid ¥28.45'])
  })
})

describe('cancelled or refunded: the refund, and order again', () => {
  const refunded: OrderRefund = {
    ...waiting,
    state: 'refunded',
    reason: null,
    auto_approve_at: null,
    refunded_at: '2026-11-23 12:07:00',
    can_withdraw: false,
    steps: [
      { key: 'cancelled', state: 'done', at: '2026-11-23 12:06:00' },
      { key: 'on_its_way', state: 'done', at: '2026-11-23 12:06:00' },
      { key: 'refunded', state: 'done', at: '2026-11-23 12:07:00' },
    ],
  }
  it('the timer cancelled it: no four-step progress; the refund’s amount, where it went and its steps; Order again refills the cart', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    setItem('takeoutCarts', { '19': [{ dish_id: 2, option_ids: [], quantity: 3 }] })
    const { t } = await openPage(() =>
      answer({ status: 70, stage: 'refused', steps: steps(1), pickup_no: null, refusal: { by: 'timer', reason: null, at: '2026-11-23 12:06:00' } }, {}, { refund: refunded }),
    )
    expect(text(t, '.to-status__refusal')).toBe('商家超时未接单，订单已自动取消')
    expect(t.queries.querySelector('.to-steps')).toBeNull()
    expect(all(t, '.refund-step__title')).toEqual(['订单已取消', '款项退回中', '退款成功'])
    expect(text(t, '.refund-timeline__amount')).toBe('¥28.45')
    expect(text(t, '.refund-timeline__to')).toBe('沙箱收银台（原路退回）')

    // Order again: a cart with other dishes is replaced after asking; the order's dishes with their options; the menu.
    await click(t, '.to-actions__again')
    await until(t, () => expect(nav).toHaveBeenCalledWith({ url: '/pages/takeout/detail?id=19' }))
    expect(modal).toHaveBeenCalledTimes(1)
    expect(readCart(19)).toEqual([
      { dish_id: 1, option_ids: [10, 12], quantity: 1 },
      { dish_id: 4, option_ids: [], quantity: 1 },
    ])
  })
})

describe('rating', () => {
  it('a delivered order: stars needed, words optional, sent once; then shown as given', async () => {
    let current = answer({ status: 40, stage: 'delivered', steps: steps(4) }, { rate_until: `${today()} 23:00:00` })
    const { t, api } = await openPage(() => current, {}, {
      'personal.takeout/rate': (req) => {
        current = answer({ status: 40, stage: 'delivered', steps: steps(4) }, { rating: { stars: req.stars, words: req.words ?? null, at: `${today()} 13:00:00` } })
        return current
      },
    })
    expect(text(t, '.to-rate__note')).toBe('23:00 前可评价，每单一次')
    await click(t, '.to-rate__send')
    expect(text(t, '.to-rate__error')).toBe('请先选择星级')
    expect(api.called('personal.takeout/rate')).toHaveLength(0)
    await click(t, '.to-rate__star:nth-child(4)')
    // The words' box is drawn after the tap (later on a loaded machine): wait for it, never for a time.
    await until(t, () => expect(t.queries.querySelector('.to-rate__words textarea')).not.toBeNull())
    await t.act(async () => {
      const area = t.queries.querySelector('.to-rate__words textarea') as HTMLTextAreaElement
      area.value = ' 好喝 '
      area.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await t.act(async () => {
      const btn = t.queries.querySelector('.to-rate__send') as HTMLElement
      t.fireEvent.click(btn)
      t.fireEvent.click(btn)
    })
    await until(t, () => expect(text(t, '.to-rate__words-shown')).toBe('好喝'))
    expect(api.called('personal.takeout/rate')).toHaveLength(1)
    expect(api.called('personal.takeout/rate')[0].data).toMatchObject({ id: 77, stars: 4, words: '好喝' })
    expect(t.queries.querySelector('.to-rate__send')).toBeNull()
  })
})

describe('live status (issue 43: the server watches only an order that can still move)', () => {
  it('an unpaid order opens no stream and polls nothing (it moves by the shopper\'s own payment); an accepted one follows', async () => {
    const unpaid = await openPage(() => answer({ status: 0, stage: 'unpaid', steps: steps(0), pickup_no: null, can_cancel: true }))
    expect(unpaid.t.queries.querySelector('.to-order')?.getAttribute('data-live')).toBe('off')
    unmountAll()
    const accepted = await openPage(() => answer())
    // (No stream in this runtime: the fallback polls; on a phone it is a stream.)
    await until(accepted.t, () => expect(accepted.t.queries.querySelector('.to-order')?.getAttribute('data-live')).not.toBe('off'))
  })
})
