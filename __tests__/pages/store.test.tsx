/**
 * Issue 12, the store's side — the workbench screens as staff see them (H5 runtime, the one fake API), Me's
 * entry for staff only, and what the shopper then sees on their order.
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import type { StoreOrder, StoreOrderAnswer, WorkbenchAnswer } from '@/contract/store'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import OrdersDetailPage from '@/pages/orders/detail'
import PersonalIndexPage from '@/pages/personal/index'
import StoreIndexPage from '@/pages/store/index'
import StoreOrderPage from '@/pages/store/order'
import StoreOrdersPage from '@/pages/store/orders'
import StoreVerifyPage from '@/pages/store/verify'
import { fakeApi, openedWith, PENDING, refused, resetRouter } from '../support/fakeApi'
import { all, click, hide, mount, show, text, unmountAll, until } from '../support/screen'
import { FRESH_MS } from '@/core/cache'
import { order, paged } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const workbench: WorkbenchAnswer = {
  shop: { id: 8, name: '好邻居便利' },
  business_day: '2026-11-23',
  paid_count: 3,
  takings: 12345,
  to_verify: 2,
  refunds_to_answer: 1,
  refund_auto_approve_hours: 48,
  role: 'staff',
}

function storeOrder(over: Partial<StoreOrder> = {}): StoreOrder {
  return {
    ...order({ id: 51, kind: 'product', title: '限量保温杯', shop_id: 8, shop_name: '好邻居便利', pay_amount: 2990 }),
    lines: [{ name: '限量保温杯', spec: null, quantity: 1, price: 2990, amount: 2990, image: null }],
    quantity: 1,
    shopper_phone: '138****0001',
    refund_reason: null,
    refund_requested_at: null,
    refund_state: 'none',
    refund_auto_approve_at: null,
    can_verify: true,
    can_answer_refund: false,
    ...over,
  }
}

const refunding = (over: Partial<StoreOrder> = {}) =>
  storeOrder({ id: 52, order_status: 60, can_verify: false, can_answer_refund: true, refund_state: 'awaiting_store', refund_reason: '不想要了', refund_requested_at: '2026-11-23 10:00:00', refund_auto_approve_at: '2026-11-25 10:00:00', ...over })

const profile = (storeId: number | null) => ({
  user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: storeId === null ? null : 100 + storeId, storeId } },
  card: null,
  order_counts: { unpaid: 0, paid: 0, completed: 0, refund: 0 },
})

const confirmDialog = (confirm = true) => jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'ok' })
const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const disabled = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.hasAttribute('disabled')

async function typeInto(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} input`)) as HTMLInputElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('Me: the store workbench entry', () => {
  it('staff see 门店工作台 (and it opens the workbench); a shopper does not; someone made staff later sees it on the next show, without logging in again', async () => {
    setItem('token', 'tok')
    openedWith('pages/personal/index', {}, 1)
    let storeId: number | null = null
    fakeApi({ 'personal.user/info': () => profile(storeId), 'index/serverInfo': () => PENDING })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(PersonalIndexPage)
    await show(t)
    await t.queries.waitForQuerySelector('.menu-list__item--logout')
    await until(t, () => expect(text(t, '.account-header__phone') ?? text(t, '.account-header')).toBeTruthy())
    expect(t.queries.querySelector('.menu-list__item--workbench')).toBeNull()
    expect(getItem('userIds')).toEqual({})

    // Made staff meanwhile; Me shown again once the profile read is no longer fresh (issue 27: src/core/cache.ts).
    storeId = 8
    await hide(t)
    const real = Date.now.bind(Date)
    jest.spyOn(Date, 'now').mockImplementation(() => real() + FRESH_MS + 1000)
    await show(t)
    await until(t, () => expect(text(t, '.menu-list__item--workbench')).toContain('门店工作台'))
    expect(getItem('userIds')).toEqual({ userIdBuss: 108, storeId: 8 })
    await click(t, '.menu-list__item--workbench')
    expect(nav).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/store/index' }))
  })
})

describe('Workbench home', () => {
  it('shows the store, the business day, paid orders and takings, what needs doing; its entries open the screens', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench')
    expect(text(t, '.workbench__shop')).toBe('好邻居便利')
    expect(text(t, '.workbench__day')).toBe('营业日 2026-11-23')
    expect(text(t, '.workbench__paid-count')).toBe('3')
    expect(text(t, '.workbench__takings')).toBe('¥123.45')
    expect(text(t, '.workbench__to-verify')).toContain('2')
    expect(text(t, '.workbench__refunds')).toContain('1')
    expect(text(t, '.workbench__note')).toContain('48')
    await click(t, '.workbench__refunds')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/orders?todo=refund' }))
    await click(t, '.workbench__entry--verify')
    expect(nav).toHaveBeenLastCalledWith(expect.objectContaining({ url: '/pages/store/verify' }))
  })

  it('in English', async () => {
    setLang('en')
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => workbench })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.workbench')
    expect(text(t, '.workbench__day')).toBe('Business day 2026-11-23')
    // Staff, not the owner: no Staff entry (inviting and removing staff is the owner's; storeStaff.test.tsx), nor the
    // shop's coupons and change history (issue 44); the menu to read.
    expect(all(t, '.workbench__entry-title')).toEqual(['Scan & verify', 'Store orders', 'Jobs', 'Menu'])
    expect(text(t, '.nav-bar__title')).toBe('Store workbench')
  })

  it('a shopper who is not staff reads "no permission" with the way back to Me, not a retry', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    fakeApi({ 'hui_shanghu.store/workbench': () => refused('no_permission') })
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('无权限')
    expect(t.queries.querySelector('.state__retry')).toBeNull()
    await click(t, '.state__action')
    expect(tab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/personal/index' }))
  })

  it('a failed load says so and retries', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/index')
    let reply: WorkbenchAnswer | 'offline' = 'offline'
    fakeApi({ 'hui_shanghu.store/workbench': () => reply })
    const t = await mount(StoreIndexPage)
    await t.queries.waitForQuerySelector('.state__retry')
    reply = workbench
    await click(t, '.state__retry')
    await t.queries.waitForQuerySelector('.workbench')
  })
})

describe('Verify', () => {
  async function openVerify(handlers: Parameters<typeof fakeApi>[0]) {
    setItem('token', 'tok')
    openedWith('pages/store/verify')
    const api = fakeApi(handlers)
    const t = await mount(StoreVerifyPage)
    await t.queries.waitForQuerySelector('.verify__input')
    return { t, api }
  }

  it('a typed code shows its order (what, how much, masked phone); Confirm asks, redeems once however often tapped, and says verified', async () => {
    toasts()
    confirmDialog()
    let release: () => void = () => undefined
    const { t, api } = await openVerify({
      'hui_shanghu.store_order/verifyPreview': () => ({ verifiable: true, refusal: null, message: null, order: storeOrder(), used_at: null }),
      'hui_shanghu.store_order/verify': () => new Promise((r) => (release = () => r({ info: storeOrder({ order_status: 40, can_verify: false }), actions: [] }))),
    })
    // Not a code: said at the field, nothing asked.
    await typeInto(t, '.verify__input', '12ab')
    await click(t, '.verify__look-up')
    expect(text(t, '.verify__error')).toBe('请输入 6–32 位数字')
    expect(api.calls).toHaveLength(0)

    await typeInto(t, '.verify__input', '123456789012')
    await click(t, '.verify__look-up')
    await t.queries.waitForQuerySelector('.verify__confirm')
    expect(api.called('hui_shanghu.store_order/verifyPreview')[0].data).toMatchObject({ code: '123456789012' })
    expect(text(t, '.store-summary__title')).toBe('限量保温杯')
    expect(text(t, '.store-summary__amount')).toBe('¥29.90')
    expect(text(t, '.store-summary__phone')).toBe('138****0001')

    await click(t, '.verify__confirm')
    await click(t, '.verify__confirm')
    await until(t, () => expect(api.called('hui_shanghu.store_order/verify')).toHaveLength(1))
    await t.act(async () => release())
    await until(t, () => expect(text(t, '.verify__done')).toContain('核销成功'))
    expect(text(t, '.store-summary__status')).toBe('已完成')
    expect(api.called('hui_shanghu.store_order/verify')).toHaveLength(1)
    // The store's calls go through the one client with their method from STORE_ENDPOINTS.
    expect(api.called('hui_shanghu.store_order/verifyPreview')[0].method).toBe('GET')
    expect(api.called('hui_shanghu.store_order/verify')[0]).toMatchObject({ method: 'POST', data: { code: '123456789012', lang: 'zh' }, headers: { 'Access-Token': 'tok' } })
  })

  it('a refused code shows the server’s reason and no Confirm', async () => {
    const { t } = await openVerify({
      'hui_shanghu.store_order/verifyPreview': () => ({ verifiable: false, refusal: 'used', message: '券码已核销', order: storeOrder({ order_status: 40, can_verify: false }), used_at: '2026-11-23 11:00:00' }),
    })
    await typeInto(t, '.verify__input', '123456789012')
    await click(t, '.verify__look-up')
    await t.queries.waitForQuerySelector('.verify__refused')
    expect(text(t, '.verify__refused')).toContain('券码已核销')
    expect(text(t, '.verify__result')).toContain('2026-11-23 11:00:00')
    expect(t.queries.querySelector('.verify__confirm')).toBeNull()
  })

  it('a member card code (9 + 14 digits) is checked as a card: level, discount and validity; a suspended card says so', async () => {
    let result: 'valid' | 'suspended' = 'valid'
    const card = { name: '一卡通金卡', level: 2, member_rate: 95, start_at: '2026-01-01 00:00:00', end_at: '2026-12-31 23:59:59', holder_phone: '138****0001' }
    const { t, api } = await openVerify({ 'hui_shanghu.store_card/check': () => ({ result, card }) })
    await typeInto(t, '.verify__input', '900000003123456')
    await click(t, '.verify__look-up')
    await t.queries.waitForQuerySelector('.verify__card-result--valid')
    expect(api.called('hui_shanghu.store_order/verifyPreview')).toHaveLength(0)
    expect(text(t, '.verify__card')).toContain('Lv.2')
    expect(text(t, '.verify__card')).toContain('9.5 折')
    expect(text(t, '.verify__card')).toContain('2026-01-01 – 2026-12-31')
    result = 'suspended'
    await click(t, '.verify__look-up')
    await t.queries.waitForQuerySelector('.verify__card-result--suspended')
    expect(text(t, '.verify__card-result')).toContain('暂停')
  })
})

describe('Store orders and a store order', () => {
  it('the list opens on the filter it was asked for; tabs ask the server again; a row opens the order', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/orders', { todo: 'refund' })
    const api = fakeApi({ 'hui_shanghu.store_order/index': (q) => paged(q.todo === 'refund' ? [refunding()] : [storeOrder(), refunding()]) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(StoreOrdersPage)
    await t.queries.waitForQuerySelector('.store-card')
    expect(api.called('hui_shanghu.store_order/index')[0].data).toMatchObject({ todo: 'refund', page: 1 })
    expect(all(t, '.store-card')).toHaveLength(1)
    await click(t, '.store-todo-tabs__tab--all')
    await until(t, () => expect(all(t, '.store-card')).toHaveLength(2))
    await click(t, '.store-status-tabs__tab--40')
    await until(t, () => expect(api.called('hui_shanghu.store_order/index').at(-1)?.data).toMatchObject({ status: 40 }))
    await click(t, '.store-card')
    expect(nav).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringMatching(/^\/pages\/store\/order\?id=\d+$/) }))
  })

  it('a refund request: approve asks first, is sent once, and the order then reads what the server says; the trail shows who did what', async () => {
    toasts()
    confirmDialog()
    let release: () => void = () => undefined
    const after: StoreOrderAnswer = {
      info: refunding({ order_status: 70, can_answer_refund: false, refund_state: 'refunded' }),
      actions: [
        { action: 'refund_requested', by: 'shopper', by_user_id: 7, by_phone: '138****0001', reason: '不想要了', at: '2026-11-23 10:00:00' },
        { action: 'refund_approved', by: 'store', by_user_id: 9, by_phone: '199****0008', reason: null, at: '2026-11-23 10:05:00' },
      ],
    }
    const { t, api } = await openOrder(refunding(), { 'hui_shanghu.store_order/refundApprove': () => new Promise((r) => (release = () => r(after))) })
    expect(text(t, '.store-order__refund-reason')).toBe('不想要了')
    expect(text(t, '.store-trail')).toContain('顾客申请退款')
    await click(t, '.store-order__approve')
    await click(t, '.store-order__approve')
    await until(t, () => expect(api.called('hui_shanghu.store_order/refundApprove')).toHaveLength(1))
    await t.act(async () => release())
    await until(t, () => expect(text(t, '.store-summary__status')).toBe('已退款'))
    expect(t.queries.querySelector('.store-order__approve')).toBeNull()
    expect(text(t, '.store-trail__row--refund_approved')).toContain('店员 199****0008')
  })

  it('approve cancelled in the dialog sends nothing', async () => {
    confirmDialog(false)
    const { t, api } = await openOrder(refunding(), { 'hui_shanghu.store_order/refundApprove': () => PENDING })
    await click(t, '.store-order__approve')
    await until(t, () => expect(Taro.showModal).toHaveBeenCalled())
    expect(api.called('hui_shanghu.store_order/refundApprove')).toHaveLength(0)
  })

  it('reject: an in-app sheet; Reject waits for a reason; the reason goes to the server and the order goes back to paid', async () => {
    toasts()
    const after: StoreOrderAnswer = {
      info: storeOrder({ order_status: 10, refund_state: 'none', can_verify: true }),
      actions: [{ action: 'refund_rejected', by: 'store', by_user_id: 9, by_phone: '199****0008', reason: '商品已拆封', at: '2026-11-23 10:06:00' }],
    }
    const { t, api } = await openOrder(refunding(), { 'hui_shanghu.store_order/refundReject': () => after })
    await click(t, '.store-order__reject')
    const sheet = await t.queries.waitForQuerySelector('.reject-sheet [role="dialog"]')
    expect(sheet.getAttribute('aria-modal')).toBe('true')
    expect(disabled(t, '.reject-sheet__submit')).toBe(true)
    await click(t, '.reject-sheet__reason--other')
    await typeInto(t, '.reject-sheet__other', '  商品已拆封 ')
    expect(disabled(t, '.reject-sheet__submit')).toBe(false)
    await click(t, '.reject-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.reject-sheet')).toBeNull())
    expect(api.called('hui_shanghu.store_order/refundReject')[0].data).toMatchObject({ id: 52, reason: '商品已拆封' })
    expect(api.called('hui_shanghu.store_order/refundReject')[0].data).not.toHaveProperty('reason_code')
    expect(text(t, '.store-summary__status')).toBe('已付款')
    expect(text(t, '.store-trail__row--refund_rejected')).toContain('商品已拆封')
  })
})

/** A store order opened as staff, with its trail. */
async function openOrder(info: StoreOrder, handlers: Parameters<typeof fakeApi>[0] = {}) {
  setItem('token', 'tok')
  openedWith('pages/store/order', { id: String(info.id) })
  // The server's order as it now is: an action's answer is what a later read says too (the write invalidates the kept
  // read, and the screen on show reads it again: src/core/cache.ts).
  let now: StoreOrderAnswer = { info, actions: [{ action: 'refund_requested', by: 'shopper', by_user_id: 7, by_phone: '138****0001', reason: '不想要了', at: '2026-11-23 10:00:00' }] }
  const acts = Object.fromEntries(
    Object.entries(handlers).map(([path, h]) => [path, (req: never) => Promise.resolve(h(req)).then((answer: unknown) => ((now = answer && typeof answer === 'object' && 'info' in answer ? (answer as StoreOrderAnswer) : now), answer))]),
  ) as typeof handlers
  const api = fakeApi({ 'hui_shanghu.store_order/read': () => now, ...acts })
  const t = await mount(StoreOrderPage)
  await t.queries.waitForQuerySelector('.store-order')
  return { t, api }
}

describe('Shipping a parcel (issue 14)', () => {
  const toShip = () =>
    storeOrder({
      id: 61,
      title: '阿克苏冰糖心苹果',
      can_verify: false,
      can_ship: true,
      lines: [{ name: '阿克苏冰糖心苹果', spec: '5 斤装', quantity: 1, price: 2990, amount: 2990, image: '/assets/img/mall-3.svg' }],
      delivery: { mode: 'ship', address: { name: '王五', phone: '13800138001', text: '广东省深圳市福田区深南大道 100 号' } },
    })

  it('the address to ship to; Ship opens a sheet: a carrier chosen, a tracking number that must be 6–32 letters or digits; sent once; the order then reads shipped with its parcel', async () => {
    toasts()
    const after: StoreOrderAnswer = {
      info: { ...toShip(), order_status: 30, can_ship: false, parcel: { carrier_name: '中通快递', tracking_no: 'ZT123456789', shipped_at: '2026-11-23 11:00:00', state: 'shipped', latest: '商家已发货，等待中通快递揽收' } },
      actions: [{ action: 'shipped', by: 'store', by_user_id: 9, by_phone: '199****0008', reason: 'ZTO ZT123456789', at: '2026-11-23 11:00:00' }],
    }
    let release: () => void = () => undefined
    const { t, api } = await openOrder(toShip(), { 'hui_shanghu.store_order/ship': () => new Promise((r) => (release = () => r(after))) })
    expect(text(t, '.store-order__address')).toContain('深南大道 100 号')
    expect(text(t, '.store-line__spec')).toBe('5 斤装')
    await click(t, '.store-order__ship')
    await t.queries.waitForQuerySelector('.ship-sheet [role="dialog"]')
    expect(disabled(t, '.ship-sheet__submit')).toBe(true)
    await typeInto(t, '.ship-sheet__no', 'ZT-1')
    expect(text(t, '.ship-sheet__bad')).toBe('运单号为 6 至 32 位字母或数字')
    expect(disabled(t, '.ship-sheet__submit')).toBe(true)
    await click(t, '.ship-sheet__carrier:nth-child(2)')
    expect(t.queries.querySelector('.ship-sheet__carrier--on')?.textContent).toBe('中通快递')
    await typeInto(t, '.ship-sheet__no', 'ZT123456789')
    expect(t.queries.querySelector('.ship-sheet__bad')).toBeNull()
    await click(t, '.ship-sheet__submit')
    await click(t, '.ship-sheet__submit')
    await until(t, () => expect(api.called('hui_shanghu.store_order/ship')).toHaveLength(1))
    expect(api.called('hui_shanghu.store_order/ship')[0].data).toMatchObject({ id: 61, carrier: 'ZTO', tracking_no: 'ZT123456789' })
    await t.act(async () => release())
    await until(t, () => expect(t.queries.querySelector('.ship-sheet')).toBeNull())
    expect(text(t, '.store-order__parcel')).toContain('ZT123456789')
    expect(t.queries.querySelector('.store-order__ship')).toBeNull()
    expect(text(t, '.store-trail__row--shipped')).toContain('已发货')
  })

  it('a refused ship keeps the sheet and what was typed', async () => {
    const errors = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const { t } = await openOrder(toShip(), { 'hui_shanghu.store_order/ship': () => ({ business: '该订单已发货' }) })
    await click(t, '.store-order__ship')
    await t.queries.waitForQuerySelector('.ship-sheet [role="dialog"]')
    await typeInto(t, '.ship-sheet__no', 'SF1234567890')
    await click(t, '.ship-sheet__submit')
    await until(t, () => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ title: '该订单已发货' })))
    expect((t.queries.querySelector('.ship-sheet__no input') as HTMLInputElement).value).toBe('SF1234567890')
  })
})

describe('The shopper’s side', () => {
  it('a rejected refund reads with the store’s reason; a redeemed code reads "used" instead of the QR', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '41' })
    fakeApi({
      'personal.order/read': () => ({ info: order({ kind: 'product', order_status: 40, refund_rejection: { reason: '商品已拆封', at: '2026-11-23 10:06:00' } }) }),
      'personal.order/orderVerification': () => ({ code: '123456789012', used: true, info: order({ kind: 'product', order_status: 40 }) }),
    })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__rejected')
    expect(text(t, '.order-detail__rejected-reason')).toBe('拒绝原因：商品已拆封')
    expect(text(t, '.order-detail__used')).toBe('已核销')
    expect(t.queries.querySelector('.order-detail__code-digits')).toBeNull()
  })
})

describe('Issue 39: the store sees every line it must pack', () => {
  const cart = (over: Partial<StoreOrder> = {}) =>
    storeOrder({
      id: 71,
      title: '比利时黑巧克力礼盒 等 4 件',
      pay_amount: 16960,
      can_verify: false,
      can_ship: true,
      quantity: 4,
      lines: [
        { name: '比利时黑巧克力礼盒', spec: '12 粒装', quantity: 1, price: 4990, amount: 4990, image: '/assets/img/mall-6.svg' },
        { name: '黄油手工曲奇', spec: '原味 500 g', quantity: 2, price: 3990, amount: 7980, image: '/assets/img/mall-7.svg' },
        { name: '阿克苏冰糖心苹果', spec: '5 斤装', quantity: 1, price: 2990, amount: 2990, image: '/assets/img/mall-3.svg' },
      ],
      delivery: { mode: 'ship', address: { name: '韩梅梅', phone: '13600003901', text: '广东省深圳市福田区福华三路 100 号' } },
      ...over,
    })
  const takeoutRefund = () =>
    refunding({
      id: 72,
      kind: 'takeout',
      title: '茶见奶茶',
      pay_amount: 5700,
      quantity: 3,
      lines: [
        { name: '珍珠奶茶', spec: '大杯、少冰、椰果', quantity: 2, price: 2000, amount: 4000, image: null },
        { name: '芒果班戟', spec: null, quantity: 1, price: 1600, amount: 1600, image: null },
      ],
    })

  it('a cart order of three products: every product with its spec, quantity and line amount, the pieces in all; the ship sheet lists what goes in the parcel', async () => {
    const { t } = await openOrder(cart())
    expect(all(t, '.store-summary .store-line__name')).toEqual(['比利时黑巧克力礼盒', '黄油手工曲奇', '阿克苏冰糖心苹果'])
    expect(all(t, '.store-summary .store-line__spec')).toEqual(['12 粒装', '原味 500 g', '5 斤装'])
    expect(all(t, '.store-summary .store-line__qty')).toEqual(['× 1', '× 2', '× 1'])
    expect(all(t, '.store-summary .store-line__amount')).toEqual(['¥49.90', '¥79.80', '¥29.90'])
    expect(text(t, '.store-summary__pieces')).toBe('共 4 件')
    await click(t, '.store-order__ship')
    await t.queries.waitForQuerySelector('.ship-sheet [role="dialog"]')
    expect(all(t, '.ship-sheet .store-line__name')).toEqual(['比利时黑巧克力礼盒', '黄油手工曲奇', '阿克苏冰糖心苹果'])
    expect(all(t, '.ship-sheet .store-line__qty')).toEqual(['× 1', '× 2', '× 1'])
  })

  it('in English', async () => {
    setLang('en')
    const { t } = await openOrder(cart())
    expect(all(t, '.store-summary .store-line__name')).toHaveLength(3)
    expect(text(t, '.store-summary__pieces')).toBe('4 items')
  })

  it('a takeout order under a refund request shows its dishes with their options; the reject sheet lists them too', async () => {
    const { t } = await openOrder(takeoutRefund())
    expect(all(t, '.store-summary .store-line__name')).toEqual(['珍珠奶茶', '芒果班戟'])
    expect(all(t, '.store-summary .store-line__spec')).toEqual(['大杯、少冰、椰果'])
    expect(all(t, '.store-summary .store-line__amount')).toEqual(['¥40.00', '¥16.00'])
    expect(text(t, '.store-summary__pieces')).toBe('共 3 件')
    await click(t, '.store-order__reject')
    await t.queries.waitForQuerySelector('.reject-sheet [role="dialog"]')
    expect(all(t, '.reject-sheet .store-line__name')).toEqual(['珍珠奶茶', '芒果班戟'])
  })

  it('the list’s card sums the order up correctly: the first two lines, how many more (those named not counted again), the pieces in all', async () => {
    setItem('token', 'tok')
    openedWith('pages/store/orders', { todo: 'ship' })
    fakeApi({ 'hui_shanghu.store_order/index': () => paged([cart(), storeOrder()]) })
    const t = await mount(StoreOrdersPage)
    await until(t, () => expect(all(t, '.store-card')).toHaveLength(2))
    expect(all(t, '.store-card__lines')).toEqual(['比利时黑巧克力礼盒 × 1、黄油手工曲奇 × 2 另 1 种 · 共 4 件', '限量保温杯 × 1'])
  })

  it('the list’s card in English', async () => {
    setLang('en')
    setItem('token', 'tok')
    openedWith('pages/store/orders', { todo: 'ship' })
    fakeApi({ 'hui_shanghu.store_order/index': () => paged([cart()]) })
    const t = await mount(StoreOrdersPage)
    await until(t, () => expect(all(t, '.store-card__lines')).toEqual(['比利时黑巧克力礼盒 × 1, 黄油手工曲奇 × 2 +1 more · 4 items']))
  })
})

describe('Issue 39: a refund rejected with a reason from the list', () => {
  const after = (): StoreOrderAnswer => ({
    info: storeOrder({ order_status: 10, refund_state: 'none', can_verify: true }),
    actions: [{ action: 'refund_rejected', by: 'store', by_user_id: 9, by_phone: '199****0008', reason: '请补充照片或说明后重新申请', at: '2026-11-23 10:06:00' }],
  })

  it('a blank or whitespace-only reason does not enable Reject; a reason picked from the list is sent as its code', async () => {
    toasts()
    const { t, api } = await openOrder(refunding(), { 'hui_shanghu.store_order/refundReject': () => after() })
    await click(t, '.store-order__reject')
    await t.queries.waitForQuerySelector('.reject-sheet [role="dialog"]')
    expect(disabled(t, '.reject-sheet__submit')).toBe(true)
    await click(t, '.reject-sheet__reason--other')
    // (On the old sheet spaces kept it disabled but a zero-width space, which shows nothing, enabled it.)
    for (const blank of ['', ' ', '   ', '\u3000\u3000', '\u00a0 \t', '\u200b', ' \u200b\ufeff ']) {
      await typeInto(t, '.reject-sheet__other', blank)
      expect(disabled(t, '.reject-sheet__submit')).toBe(true)
    }
    await click(t, '.reject-sheet__submit')
    expect(api.called('hui_shanghu.store_order/refundReject')).toHaveLength(0)
    await click(t, '.reject-sheet__reason--more_detail')
    expect(t.queries.querySelector('.reject-sheet__reason--more_detail')?.getAttribute('aria-checked')).toBe('true')
    expect(text(t, '.reject-sheet__reason--more_detail')).toBe('请补充照片或说明后重新申请')
    expect(disabled(t, '.reject-sheet__submit')).toBe(false)
    await click(t, '.reject-sheet__submit')
    await until(t, () => expect(t.queries.querySelector('.reject-sheet')).toBeNull())
    expect(api.called('hui_shanghu.store_order/refundReject')[0].data).toMatchObject({ id: 52, reason_code: 'more_detail' })
    expect(api.called('hui_shanghu.store_order/refundReject')[0].data).not.toHaveProperty('reason')
    expect(text(t, '.store-trail__row--refund_rejected')).toContain('请补充照片或说明后重新申请')
  })

  it('the list in English', async () => {
    setLang('en')
    const { t } = await openOrder(refunding())
    await click(t, '.store-order__reject')
    await t.queries.waitForQuerySelector('.reject-sheet [role="dialog"]')
    expect(all(t, '.reject-sheet__reason')).toEqual([
      'Already used or redeemed: it cannot be refunded',
      'It has been opened and cannot be sold again',
      'It has been shipped: ask again once it arrives',
      'Please ask again with photos or more detail',
      'Another reason',
    ])
  })
})
