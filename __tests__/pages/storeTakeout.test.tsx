/**
 * Issue 25, what the store gets — the workbench's takeout screens as staff see them (H5 runtime, the one fake API):
 * the entry with its count of orders to accept, the list that asks for new orders while it shows, and an order
 * accepted, sent out and delivered, or refused with a reason.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { StoreOrder, WorkbenchAnswer } from '@/contract/store'
import { STORE_REASON_WORDS, type TakeoutRefusalReason } from '@/contract/storeReasons'
import type { TakeoutView } from '@/contract/takeout'
import { businessToday } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import type { StoreTakeoutAnswer } from '@/features/store/TakeoutSheets'
import { TAKEOUT_POLL_MS } from '@/features/store/StoreTakeoutList'
import StoreIndexPage from '@/pages/store/index'
import StoreTakeoutPage from '@/pages/store/takeout'
import StoreTakeoutOrderPage from '@/pages/store/takeoutOrder'
import StoreTakeoutSettingsPage from '@/pages/store/takeoutSettings'
import type { StoreTakeoutSettingsAnswer } from '@/features/store/StoreTakeoutSettings'
import { fakeApi, openedWith, refused, resetRouter, type Handlers } from '../support/fakeApi'
import { all, click, mount, show, text, unmountAll, until } from '../support/screen'
import { order, paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const today = businessToday()
/** A time on the business clock (UTC+8, as the server writes it), this many ms from now: never a fixed time of day. */
const businessAt = (fromNow: number) => new Date(Date.now() + fromNow + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')

const workbench: WorkbenchAnswer = {
  shop: { id: 19, name: '茶见奶茶' },
  business_day: today,
  paid_count: 3,
  takings: 12345,
  to_verify: 0,
  refunds_to_answer: 0,
  to_ship: 0,
  takeout_to_accept: 2,
  refund_auto_approve_hours: 48,
}

function info(id: number, status: number): StoreOrder {
  return {
    ...order({
      id,
      kind: 'takeout',
      title: '茶见奶茶',
      shop_id: 19,
      shop_name: '茶见奶茶',
      order_status: status,
      pay_amount: 3300,
    }),
    lines: [
      { name: '杨枝甘露', spec: '大杯 / 少冰 / 加椰果', quantity: 2, price: 1500, amount: 3000, image: '' },
      { name: '芒果班戟', spec: '', quantity: 1, price: 1600, amount: 1600, image: '' },
    ],
    quantity: 3,
    shopper_phone: '136****2222',
    refund_reason: null,
    refund_requested_at: null,
    refund_state: 'none',
    refund_auto_approve_at: null,
    can_verify: false,
    can_answer_refund: false,
    can_ship: false,
  }
}

function view(over: Partial<TakeoutView> = {}): TakeoutView {
  return {
    mode: 'delivery',
    status: 10,
    stage: 'awaiting_accept',
    steps: [],
    promised_at: `${today} 12:40:00`,
    scheduled_for: null,
    accept_by: businessAt(4.5 * 60_000),
    pickup_no: null,
    pickup_code: null,
    rider: null,
    refusal: null,
    shop: { id: 19, name: '茶见奶茶', phone: '0755-1234' },
    address: { name: '李雷', phone: '13600002222', text: '广东省深圳市福田区福华三路 88 号' },
    tableware: 2,
    remark: '不要香菜',
    can_cancel: false,
    can_confirm: false,
    updated_at: 1,
    ...over,
  }
}

/**
 * A small stand-in for the reference server's takeout lifecycle: orders by id, moved by the store's calls as
 * server/domain/takeout/takeout.ts moves them (10 → 20 → 30 → 40; 10 → 60 with the reason), each move on the trail.
 */
function takeoutServer(orders: Array<{ id: number; mode?: TakeoutView['mode'] }>) {
  const state = new Map<number, StoreTakeoutAnswer>(orders.map((o) => [o.id, { info: info(o.id, 10), takeout: view({ mode: o.mode ?? 'delivery', address: o.mode === 'pickup' ? null : view().address }), actions: [] }]))
  const move = (id: number, status: number, stage: TakeoutView['stage'], action: StoreTakeoutAnswer['actions'][number]['action'], over: Partial<TakeoutView> = {}, reason: string | null = null) => {
    const now = state.get(id)!
    const next: StoreTakeoutAnswer = {
      info: { ...now.info, order_status: status },
      takeout: { ...now.takeout, status, stage, accept_by: null, ...over },
      actions: [...now.actions, { action, by: 'store', by_user_id: 9, by_phone: '199****0019', reason, at: `${today} 12:0${now.actions.length + 1}:00` }],
    }
    state.set(id, next)
    return next
  }
  const tabOf = (s: number) => (s === 10 ? 'accept' : s === 20 || s === 30 ? 'progress' : 'done')
  const handlers = {
    'hui_shanghu.store_takeout/index': (q: { todo?: string; page?: number; page_size?: number }) => {
      const rows = [...state.values()].filter((a) => tabOf(a.info.order_status) === q.todo).sort((a, b) => b.info.id - a.info.id).map(({ info: i, takeout }) => ({ info: i, takeout }))
      return paged(rows.slice(0, q.page_size ?? 10), q.page ?? 1, q.page_size ?? 10, rows.length)
    },
    'hui_shanghu.store_takeout/read': (q: { id: number }) => state.get(q.id) ?? refused('order_not_found'),
    'hui_shanghu.store_takeout/accept': (q: { id: number }) => (state.get(q.id)?.info.order_status === 10 ? move(q.id, 20, 'accepted', 'takeout_accepted', { pickup_no: 'A001' }) : refused('takeout_already_moved')),
    // The server stores a listed reason as its code and answers it in the asker's language (zh here).
    'hui_shanghu.store_takeout/refuse': (q: { id: number; reason?: string; reason_code?: TakeoutRefusalReason }) => {
      const reason = q.reason_code ? STORE_REASON_WORDS[q.reason_code].zh : (q.reason ?? '')
      return move(q.id, 60, 'refused', 'takeout_refused', { refusal: { by: 'store', reason, at: `${today} 12:01:00` } }, reason)
    },
    'hui_shanghu.store_takeout/dispatch': (q: { id: number; rider_name: string; rider_phone: string }) =>
      move(q.id, 30, 'delivering', 'takeout_dispatched', { rider: { name: q.rider_name, phone: q.rider_phone } }),
    'hui_shanghu.store_takeout/deliver': (q: { id: number }) => move(q.id, 40, 'delivered', 'takeout_delivered'),
    'hui_shanghu.store_takeout/ready': (q: { id: number }) => move(q.id, 20, 'ready', 'takeout_ready'),
    'hui_shanghu.store_takeout/verifyPickup': (q: { code: string }) => (q.code === '123456789012' ? move(81, 40, 'picked_up', 'takeout_picked_up') : refused('verify_code_invalid')),
  }
  return { state, handlers, add: (id: number) => state.set(id, { info: info(id, 10), takeout: view(), actions: [] }) }
}

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const confirmDialog = () => jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
const disabled = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.hasAttribute('disabled')

async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function openOrder(server: ReturnType<typeof takeoutServer>, id: number, over: Handlers = {}) {
  setItem('token', 'tok')
  openedWith('pages/store/takeoutOrder', { id: String(id) })
  const api = fakeApi({ ...server.handlers, ...over })
  const t = await mount(StoreTakeoutOrderPage)
  await t.queries.waitForQuerySelector('.store-takeout')
  return { t, api }
}

describe('the workbench entry', () => {
  it('a store that takes takeout has the entry with the count of orders waiting to be accepted; it opens the takeout list', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench')
    expect(text(t, '.workbench__entry--takeout .workbench__entry-title')).toBe('外卖订单')
    expect(text(t, '.workbench__badge')).toBe('2 单待接')
    await click(t, '.workbench__entry--takeout')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/takeout' }))
  })

  it('no badge when nothing waits', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => ({ ...workbench, takeout_to_accept: 0 }) })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench__entry--takeout')
    expect(t.queries.querySelector('.workbench__badge')).toBeNull()
  })

  it('no entry for a store without takeout', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => ({ ...workbench, takeout_to_accept: null }) })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench')
    expect(t.queries.querySelector('.workbench__entry--takeout')).toBeNull()
  })
})

describe('the takeout list', () => {
  it('opens on New with the orders to accept and their count; a new order appears by itself while it shows; tabs ask again; a row opens the order', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/takeout')
    const server = takeoutServer([{ id: 81 }])
    const api = fakeApi(server.handlers)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreTakeoutPage)
    await show(t)
    await t.queries.waitForQuerySelector('.store-takeout-card')
    expect(all(t, '.store-takeout-card')).toHaveLength(1)
    // Both dishes named (no "more": it counted the first again), the pieces in all (issue 39).
    expect(text(t, '.store-takeout-card__dishes')).toBe('杨枝甘露 × 2、芒果班戟 × 1 · 共 3 件')
    // The time left to accept, on the card too (the server's accept_by on the server's clock).
    expect(text(t, '.store-takeout-card .store-takeout__left')).toMatch(/^请在 [34] 分钟 \d{1,2} 秒 内接单$/)
    expect(text(t, '.store-takeout-card .store-takeout__stage')).toBe('待接单')
    await until(t, () => expect(text(t, '.store-takeout-tabs__tab--accept')).toBe('新订单 1'))

    // A shopper pays for another: it shows without a pull.
    server.add(82)
    await until(t, () => expect(all(t, '.store-takeout-card')).toHaveLength(2), TAKEOUT_POLL_MS * 2 + 1000)
    expect(text(t, '.store-takeout-tabs__tab--accept')).toBe('新订单 2')

    await click(t, '.store-takeout-tabs__tab--progress')
    await until(t, () => expect(api.called('hui_shanghu.store_takeout/index').some((c) => (c.data as { todo?: string }).todo === 'progress')).toBe(true))
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('暂无进行中的订单')
    await click(t, '.store-takeout-tabs__tab--accept')
    await t.queries.waitForQuerySelector('.store-takeout-card')
    await click(t, '.store-takeout-card')
    expect(nav).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/store/takeoutOrder?id=82' }))
  }, 20000)

  it('in English: a two-dish order names both (it read "+2 more"), with the pieces and the time left to accept', async () => {
    setLang('en')
    setItem('token', 'tok')
    openedWith('pages/store/takeout')
    fakeApi(takeoutServer([{ id: 81 }]).handlers)
    const t = await mount(StoreTakeoutPage)
    await show(t)
    await t.queries.waitForQuerySelector('.store-takeout-card')
    expect(text(t, '.store-takeout-card__dishes')).toBe('杨枝甘露 × 2, 芒果班戟 × 1 · 3 items')
    expect(text(t, '.store-takeout-card .store-takeout__left')).toMatch(/^Accept within \d+ min \d+ s$/)
  })
})

describe('a takeout order', () => {
  it('shows what to make and where: dishes with options, delivery address, remark, tableware, promised time, the time left to accept', async () => {
    const { t } = await openOrder(takeoutServer([{ id: 81 }]), 81)
    expect(all(t, '.store-takeout__dishes .store-line__name')).toEqual(['杨枝甘露', '芒果班戟'])
    expect(all(t, '.store-takeout__dishes .store-line__qty')).toEqual(['× 2', '× 1'])
    expect(all(t, '.store-takeout__dishes .store-line__spec')).toEqual(['大杯 / 少冰 / 加椰果'])
    expect(all(t, '.store-takeout__dishes .store-line__amount')).toEqual(['¥30.00', '¥16.00'])
    expect(text(t, '.store-takeout__mode')).toBe('外送')
    expect(text(t, '.store-takeout__address')).toContain('李雷 13600002222')
    expect(text(t, '.store-takeout__address')).toContain('福华三路 88 号')
    expect(text(t, '.store-takeout__remark')).toBe('不要香菜')
    expect(text(t, '.store-takeout__tableware')).toBe('2 份')
    expect(text(t, '.store-takeout__promised')).toBe('送达 12:40')
    expect(text(t, '.store-takeout__left')).toMatch(/^请在 \d+ 分钟 \d+ 秒 内接单$/)
  })

  it('accept (sent once however often tapped) → out for delivery with the rider → delivered; each step reads what the server says, on the trail', async () => {
    toasts()
    confirmDialog()
    const server = takeoutServer([{ id: 81 }])
    let release: () => void = () => undefined
    const accept = server.handlers['hui_shanghu.store_takeout/accept']
    const { t, api } = await openOrder(server, 81, { 'hui_shanghu.store_takeout/accept': (q) => new Promise((r) => (release = () => r(accept(q)))) })
    await click(t, '.store-takeout__accept')
    await click(t, '.store-takeout__accept')
    await until(t, () => expect(api.called('hui_shanghu.store_takeout/accept')).toHaveLength(1))
    expect(disabled(t, '.store-takeout__accept')).toBe(true)
    await t.act(async () => release())
    await until(t, () => expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已接单，备餐中'))
    expect(api.called('hui_shanghu.store_takeout/accept')).toHaveLength(1)
    expect(api.called('hui_shanghu.store_takeout/accept')[0]).toMatchObject({ method: 'POST', data: { id: 81 } })
    expect(text(t, '.store-takeout__no')).toBe('#A001')
    expect(t.queries.querySelector('.store-takeout__accept')).toBeNull()
    expect(t.queries.querySelector('.store-takeout__left')).toBeNull()
    expect(text(t, '.store-trail__row--takeout_accepted')).toContain('已接单')

    // Out for delivery: a sheet with the rider's name and a phone that must be 11 digits.
    await click(t, '.store-takeout__dispatch')
    await t.queries.waitForQuerySelector('.dispatch-sheet [role="dialog"]')
    expect(disabled(t, '.dispatch-sheet__submit')).toBe(true)
    await typeInto(t, '.dispatch-sheet__name', '张师傅')
    await typeInto(t, '.dispatch-sheet__phone', '1390000')
    expect(text(t, '.dispatch-sheet__bad')).toBe('请输入 11 位手机号')
    expect(disabled(t, '.dispatch-sheet__submit')).toBe(true)
    await typeInto(t, '.dispatch-sheet__phone', '13900001111')
    expect(disabled(t, '.dispatch-sheet__submit')).toBe(false)
    await click(t, '.dispatch-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.dispatch-sheet')).toBeNull())
    expect(api.called('hui_shanghu.store_takeout/dispatch')[0].data).toMatchObject({ id: 81, rider_name: '张师傅', rider_phone: '13900001111' })
    expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('配送中')
    expect(text(t, '.store-takeout__rider')).toBe('张师傅 13900001111')

    // Delivered: asked first, then sent.
    await click(t, '.store-takeout__deliver')
    await until(t, () => expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已送达'))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '确认这单已送达吗？' }))
    expect(api.called('hui_shanghu.store_takeout/deliver')).toHaveLength(1)
    expect(t.queries.querySelector('.store-actions')).toBeNull()
    expect(all(t, '.store-trail__what')).toEqual(['已接单', '骑手已取餐，配送中', '已送达'])
  })

  it('refuse: a sheet of reasons; Refuse waits for one; "other" takes a typed reason; the reason goes to the server and the order reads refused', async () => {
    toasts()
    const server = takeoutServer([{ id: 81 }])
    const { t, api } = await openOrder(server, 81)
    await click(t, '.store-takeout__refuse')
    const sheet = await t.queries.waitForQuerySelector('.refuse-sheet [role="dialog"]')
    expect(sheet.getAttribute('aria-modal')).toBe('true')
    expect(disabled(t, '.refuse-sheet__submit')).toBe(true)
    await click(t, '.refuse-sheet__reason--other')
    expect(disabled(t, '.refuse-sheet__submit')).toBe(true)
    for (const blank of ['   ', '\u3000', '\u200b']) {
      await typeInto(t, '.refuse-sheet__other', blank)
      expect(disabled(t, '.refuse-sheet__submit')).toBe(true)
    }
    await click(t, '.refuse-sheet__reason--sold_out')
    expect(t.queries.querySelector('.refuse-sheet__reason--sold_out')?.getAttribute('aria-checked')).toBe('true')
    await click(t, '.refuse-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.refuse-sheet')).toBeNull())
    expect(api.called('hui_shanghu.store_takeout/refuse')).toHaveLength(1)
    // Sent as its code (the shopper reads it in their language), not as the staff member's words.
    expect(api.called('hui_shanghu.store_takeout/refuse')[0].data).toMatchObject({ id: 81, reason_code: 'sold_out' })
    expect(api.called('hui_shanghu.store_takeout/refuse')[0].data).not.toHaveProperty('reason')
    expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已取消，已退款')
    expect(text(t, '.store-takeout__refusal')).toContain('菜品已售完')
    expect(t.queries.querySelector('.store-takeout__accept')).toBeNull()
    expect(text(t, '.store-trail__row--takeout_refused')).toContain('菜品已售完')
  })

  it('a pickup order: no address; ready for pickup, then the shopper’s pickup code verified (a wrong code keeps the sheet and says why)', async () => {
    const errors = toasts()
    const server = takeoutServer([{ id: 81, mode: 'pickup' }])
    server.handlers['hui_shanghu.store_takeout/accept']({ id: 81 })
    const { t, api } = await openOrder(server, 81)
    expect(t.queries.querySelector('.store-takeout__address')).toBeNull()
    expect(t.queries.querySelector('.store-takeout__dispatch')).toBeNull()
    expect(text(t, '.store-takeout__promised')).toBe('取餐 12:40')
    await click(t, '.store-takeout__ready')
    await until(t, () => expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已出餐，待取餐'))
    expect(t.queries.querySelector('.store-takeout__ready')).toBeNull()
    await click(t, '.store-takeout__verify')
    await t.queries.waitForQuerySelector('.pickup-sheet [role="dialog"]')
    await typeInto(t, '.pickup-sheet__code', '999999999999')
    await click(t, '.pickup-sheet__submit')
    await until(t, () => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ title: '核销码无效' })))
    expect((t.queries.querySelector('.pickup-sheet__code input') as HTMLInputElement).value).toBe('999999999999')
    await typeInto(t, '.pickup-sheet__code', '123456789012')
    await click(t, '.pickup-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.pickup-sheet')).toBeNull())
    expect(api.called('hui_shanghu.store_takeout/verifyPickup').at(-1)?.data).toMatchObject({ code: '123456789012' })
    expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已取餐')
    expect(t.queries.querySelector('.store-actions')).toBeNull()
  })

  it('an order that moved meanwhile (another staff member accepted it) says so and shows it as it now is', async () => {
    const errors = toasts()
    const server = takeoutServer([{ id: 81 }])
    const { t } = await openOrder(server, 81)
    server.handlers['hui_shanghu.store_takeout/accept']({ id: 81 })
    await click(t, '.store-takeout__accept')
    await until(t, () => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ title: '订单状态已变化，已为你刷新' })))
    await until(t, () => expect(text(t, '.store-takeout__head .store-takeout__stage')).toBe('已接单，备餐中'))
  })

  it('in English', async () => {
    setLang('en')
    const { t } = await openOrder(takeoutServer([{ id: 81, mode: 'pickup' }]), 81)
    expect(text(t, '.store-takeout__mode')).toBe('Pickup')
    expect(text(t, '.store-takeout__accept')).toBe('Accept')
    expect(text(t, '.store-takeout__refuse')).toBe('Refuse')
    expect(text(t, '.store-takeout__left')).toMatch(/^Accept within \d+ min \d+ s$/)
    expect(text(t, '.nav-bar__title')).toBe('Takeout order')
    expect(text(t, '.store-takeout__tableware')).toBe('2 sets')
  })

  it('one set of tableware in English is "1 set"; the refusal reasons in English', async () => {
    setLang('en')
    const server = takeoutServer([{ id: 81 }])
    const now = server.state.get(81)!
    server.state.set(81, { ...now, takeout: { ...now.takeout, tableware: 1 } })
    const { t } = await openOrder(server, 81)
    expect(text(t, '.store-takeout__tableware')).toBe('1 set')
    await click(t, '.store-takeout__refuse')
    await t.queries.waitForQuerySelector('.refuse-sheet [role="dialog"]')
    expect(all(t, '.refuse-sheet__reason')).toEqual(['Too busy to take it now', 'A dish has sold out', 'Closing soon', 'Too far to deliver', 'Another reason'])
  })
})

describe('the shop settings', () => {
  const settings = (paused: boolean, soldOut: number[]): StoreTakeoutSettingsAnswer => ({
    shop: { id: 19, name: '茶见奶茶' },
    settings: { hours: [{ open: '10:00', close: '14:00' }, { open: '16:30', close: '22:00' }], radius_m: 5000, fee_tiers: [{ up_to_m: 3000, fee: 300 }, { up_to_m: 5000, fee: 500 }], packing_fee: 100, min_order: 2000, pickup: true, prep_minutes: 15, paused },
    open: paused ? { state: 'paused', opens_at: null, closes_at: null } : { state: 'open', opens_at: null, closes_at: `${today} 22:00:00` },
    accept_minutes: 5,
    dishes: [
      { id: 4, category: '奶茶', name: '杨枝甘露', price: 1500, sold_out: soldOut.includes(4) },
      { id: 5, category: '甜品', name: '芒果班戟', price: 1600, sold_out: soldOut.includes(5) },
    ],
  })

  it('reads the settings; pause asks first and the shop then reads paused; a dish marked sold out, and back', async () => {
    toasts()
    confirmDialog()
    setItem('token', 'tok')
    openedWith('pages/store/takeoutSettings')
    let paused = false
    let soldOut: number[] = []
    const api = fakeApi({
      'hui_shanghu.store_takeout/settings': () => settings(paused, soldOut),
      'hui_shanghu.store_takeout/pause': (q) => ((paused = q.paused), settings(paused, soldOut)),
      'hui_shanghu.store_takeout/soldOut': (q) => ((soldOut = q.sold_out ? [...soldOut, q.dish_id] : soldOut.filter((d) => d !== q.dish_id)), settings(paused, soldOut)),
    })
    const t = await mount(StoreTakeoutSettingsPage)
    await t.queries.waitForQuerySelector('.store-takeout-settings')
    expect(text(t, '.store-takeout-settings__open')).toBe('营业中，22:00 打烊')
    expect(text(t, '.store-takeout-settings__hours')).toBe('10:00–14:00, 16:30–22:00')
    expect(text(t, '.store-takeout-settings__radius')).toBe('5.0 公里')
    expect(all(t, '.store-takeout-settings__tier')).toEqual(['3.0 公里内配送费¥3.00', '5.0 公里内配送费¥5.00'])

    await click(t, '.store-takeout-settings__pause')
    await until(t, () => expect(text(t, '.store-takeout-settings__open')).toBe('已暂停接单'))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '暂停后顾客无法下单，确定暂停吗？' }))
    expect(api.called('hui_shanghu.store_takeout/pause')[0].data).toMatchObject({ paused: true })
    expect(text(t, '.store-takeout-settings__pause')).toBe('恢复接单')
    await click(t, '.store-takeout-settings__pause')
    await until(t, () => expect(text(t, '.store-takeout-settings__pause')).toBe('暂停接单'))
    expect(api.called('hui_shanghu.store_takeout/pause')[1].data).toMatchObject({ paused: false })

    await click(t, '.store-takeout-settings__dish:nth-child(2) .store-takeout-settings__toggle')
    await until(t, () => expect(t.queries.querySelector('.store-takeout-settings__dish--out')?.textContent).toContain('杨枝甘露'))
    expect(api.called('hui_shanghu.store_takeout/soldOut')[0].data).toMatchObject({ dish_id: 4, sold_out: true })
    expect(text(t, '.store-takeout-settings__dish--out .store-takeout-settings__toggle')).toBe('恢复供应')
    await click(t, '.store-takeout-settings__dish--out .store-takeout-settings__toggle')
    await until(t, () => expect(t.queries.querySelector('.store-takeout-settings__dish--out')).toBeNull())
    expect(api.called('hui_shanghu.store_takeout/soldOut')[1].data).toMatchObject({ dish_id: 4, sold_out: false })
  })
})
