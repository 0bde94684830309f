/**
 * Issue 24, "A refund a shopper can follow": Order detail shows the refund's timeline (zh and en) — asked with the
 * reason, waiting for the store with the time it is approved by itself, approved, money on its way, refunded with
 * amount, date and where it goes back, or refused with the store's reason and what to do next — and a request still
 * waiting can be withdrawn (asked first, one request however often tapped, the outcome told, the order read again).
 * My orders' refund tab reads the same states, one line per order.
 */
import Taro from '@tarojs/taro'
import type { OrderInfo, OrderRefund } from '@/contract/order'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import OrdersDetailPage from '@/pages/orders/detail'
import OrdersIndexPage from '@/pages/orders/index'
import { fakeApi, openedWith, refused, resetRouter, type Handlers } from '../support/fakeApi'
import { all, click, mount, show, text, unmountAll, until } from '../support/screen'
import { order, paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const base: OrderRefund = {
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
    { key: 'on_its_way', state: 'todo', at: null },
    { key: 'refunded', state: 'todo', at: null },
  ],
}
const waiting = (over: Partial<OrderInfo> = {}) => order({ order_status: 60, refund: base, ...over })
const refundedOrder = order({
  order_status: 70,
  refund: {
    ...base,
    state: 'refunded',
    auto_approve_at: null,
    approved_at: '2026-11-22 13:00:00',
    approved_by: 'store',
    refunded_at: '2026-11-22 13:00:05',
    can_withdraw: false,
    steps: [
      { key: 'asked', state: 'done', at: '2026-11-22 12:10:00' },
      { key: 'awaiting_store', state: 'done', at: '2026-11-22 13:00:00' },
      { key: 'approved', state: 'done', at: '2026-11-22 13:00:00' },
      { key: 'on_its_way', state: 'done', at: '2026-11-22 13:00:00' },
      { key: 'refunded', state: 'done', at: '2026-11-22 13:00:05' },
    ],
  },
})
const refusedOrder = order({
  order_status: 10,
  refund: {
    ...base,
    state: 'refused',
    auto_approve_at: null,
    refused: { reason: '已到店消费', at: '2026-11-22 14:00:00' },
    can_withdraw: false,
    can_ask_again: true,
    steps: [
      { key: 'asked', state: 'done', at: '2026-11-22 12:10:00' },
      { key: 'awaiting_store', state: 'done', at: '2026-11-22 14:00:00' },
      { key: 'refused', state: 'done', at: '2026-11-22 14:00:00' },
    ],
  },
})
const withdrawnOrder = order({
  order_status: 10,
  refund: { ...base, state: 'withdrawn', auto_approve_at: null, withdrawn_at: '2026-11-22 12:20:00', can_withdraw: false, can_ask_again: true, steps: [{ key: 'asked', state: 'done', at: '2026-11-22 12:10:00' }, { key: 'withdrawn', state: 'done', at: '2026-11-22 12:20:00' }] },
})

function open(read: () => OrderInfo, extra: Handlers = {}) {
  setItem('token', 'tok')
  openedWith('pages/orders/detail', { id: '41' })
  return fakeApi({ 'personal.order/read': () => ({ info: read() }), ...extra })
}
const steps = (t: Awaited<ReturnType<typeof mount>>) => all(t, '.refund-step__title')
const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const confirm = (yes: boolean) => jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: yes, cancel: !yes, errMsg: 'ok' })

describe('Order detail: the refund timeline', () => {
  it('waiting for the store: the reason, when it is approved by itself, the amount and where it goes back (zh, then en)', async () => {
    open(() => waiting())
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline')
    expect(steps(t)).toEqual(['已申请退款', '等待商家处理', '商家已同意退款', '款项退回中', '退款成功'])
    expect(text(t, '.refund-step--asked .refund-step__at')).toBe('2026-11-22 12:10')
    expect(text(t, '.refund-step__reason')).toBe('退款原因：重复支付')
    expect(text(t, '.refund-step__auto')).toBe('商家未处理的话，将于 2026-11-24 12:10 自动同意')
    expect(t.queries.querySelector('.refund-step--awaiting_store')?.getAttribute('aria-current')).toBe('step')
    expect(text(t, '.refund-timeline__amount')).toBe('¥78.00')
    expect(text(t, '.refund-timeline__to')).toBe('微信支付（原路退回）')
    expect(t.queries.querySelector('.refund-timeline__withdraw')).not.toBeNull()
    // No second way to ask while one request waits.
    expect(t.queries.querySelector('.order-detail__refund')).toBeNull()
    await t.act(async () => setLang('en'))
    expect(steps(t)).toEqual(['Refund requested', 'Waiting for the store', 'The store approved it', 'Money on its way back', 'Refunded'])
    expect(text(t, '.refund-step__auto')).toBe('If the store does not answer, it is approved by itself at 2026-11-24 12:10')
    expect(text(t, '.refund-timeline__to')).toBe('WeChat Pay (the way you paid)')
  })

  it('refunded: every step reached, the amount, the date and the sandbox cashier it went back to', async () => {
    open(() => order({ ...refundedOrder, refund: { ...(refundedOrder.refund as OrderRefund), to: 'sandbox' } }))
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline')
    expect(all(t, '.refund-step--done .refund-step__title')).toHaveLength(5)
    expect(text(t, '.refund-timeline__amount')).toBe('¥78.00')
    expect(text(t, '.refund-timeline__refunded-at')).toBe('2026-11-22 13:00')
    expect(text(t, '.refund-timeline__to')).toBe('沙箱收银台（原路退回）')
    expect(t.queries.querySelector('.refund-timeline__withdraw')).toBeNull()
  })

  it('approved by the timer, the money on its way: says so', async () => {
    open(() =>
      waiting({
        refund: {
          ...base,
          state: 'awaiting_provider',
          approved_by: 'timer',
          can_withdraw: false,
          steps: [
            { key: 'asked', state: 'done', at: '2026-11-22 12:10:00' },
            { key: 'awaiting_store', state: 'done', at: '2026-11-24 12:10:00' },
            { key: 'approved', state: 'done', at: '2026-11-24 12:10:00' },
            { key: 'on_its_way', state: 'current', at: '2026-11-24 12:10:00' },
            { key: 'refunded', state: 'todo', at: null },
          ],
        },
      }),
    )
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline')
    expect(text(t, '.refund-step--approved .refund-step__title')).toBe('商家超时未处理，已自动同意')
    expect(text(t, '.refund-step__way')).toBe('一般 1–3 个工作日内原路退回')
    expect(t.queries.querySelector('.refund-timeline__withdraw')).toBeNull()
  })

  it('refused: the store’s reason, what to do next, ask again (the refund sheet) and contact the store', async () => {
    open(() => refusedOrder)
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline')
    expect(steps(t)).toEqual(['已申请退款', '等待商家处理', '商家拒绝退款'])
    expect(text(t, '.refund-step__refused')).toBe('拒绝原因：已到店消费')
    expect(text(t, '.refund-timeline__next')).toBe('你可以补充说明后重新申请，或联系商家协商')
    expect(t.queries.querySelector('.order-detail__rejected')).toBeNull()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.refund-timeline__contact')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/shops/details?id=3' })
    await click(t, '.refund-timeline__again')
    await t.queries.waitForQuerySelector('.refund-sheet__panel')
  })

  it('withdraw: asked first (nothing sent on "keep waiting"), one request however often tapped, told, the withdrawn order read again', async () => {
    toasts()
    let current = waiting()
    let release: () => void = () => undefined
    const api = open(() => current, {
      'personal.order/cancelRefund': () =>
        new Promise((r) => {
          release = () => {
            current = withdrawnOrder
            r({ info: withdrawnOrder })
          }
        }),
    })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline__withdraw')
    const modal = confirm(false)
    await click(t, '.refund-timeline__withdraw')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '撤销后订单恢复原来的状态，之后仍可再次申请。确定撤销退款申请吗？', confirmText: '撤销申请', cancelText: '再等等' }))
    expect(api.called('personal.order/cancelRefund')).toHaveLength(0)

    confirm(true)
    await t.act(async () => {
      const btn = t.queries.querySelector('.refund-timeline__withdraw') as HTMLElement
      t.fireEvent.click(btn)
      t.fireEvent.click(btn)
    })
    await until(t, () => expect(api.called('personal.order/cancelRefund')).toHaveLength(1))
    expect(api.called('personal.order/cancelRefund')[0].data).toMatchObject({ id: 41 })
    await t.act(async () => release())
    await until(t, () => expect(steps(t)).toEqual(['已申请退款', '你已撤销退款申请']))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '退款申请已撤销' }))
    expect(text(t, '.refund-timeline__next')).toBe('如有需要，可以再次申请退款')
    expect(t.queries.querySelector('.refund-timeline__again')).not.toBeNull()
    expect(api.called('personal.order/cancelRefund')).toHaveLength(1)
  })

  it('withdraw lost to the store’s approval: the server’s words, and the order read again (money on its way)', async () => {
    toasts()
    confirm(true)
    let current = waiting()
    const approved = waiting({ refund: { ...base, state: 'awaiting_provider', approved_by: 'store', can_withdraw: false, steps: base.steps.map((s, i) => ({ ...s, state: i < 3 ? 'done' : i === 3 ? 'current' : 'todo' })) } })
    const api = open(() => current, {
      'personal.order/cancelRefund': () => {
        current = approved
        return refused('refund_withdraw_approved')
      },
    })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.refund-timeline__withdraw')
    await click(t, '.refund-timeline__withdraw')
    await until(t, () => expect(t.queries.querySelector('.refund-timeline__withdraw')).toBeNull())
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '商家已同意退款，款项正在退回，不能撤销' }))
    expect(text(t, '.refund-step--on_its_way .refund-step__title')).toBe('款项退回中')
    expect(api.called('personal.order/read').length).toBeGreaterThanOrEqual(2)
  })
})

describe('My orders: the refund tab reads the same states', () => {
  it('one short line per order: waiting, refunded with its date, refused with the reason (en too)', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/index', {})
    fakeApi({ 'personal.order/index': () => paged([waiting({ id: 1 }), order({ ...refundedOrder, id: 2 }), order({ ...refusedOrder, id: 3 }), order({ id: 4 })]) })
    const t = await mount(OrdersIndexPage)
    await show(t)
    await until(t, () => expect(all(t, '.order-card')).toHaveLength(4))
    expect(all(t, '.order-card__refund')).toEqual(['退款待商家处理', '已退款 · 2026-11-22', '商家拒绝退款：已到店消费'])
    await t.act(async () => setLang('en'))
    expect(all(t, '.order-card__refund')).toEqual(['Refund: waiting for the store', 'Refunded · 2026-11-22', 'Refund refused: 已到店消费'])
  })
})
