/**
 * Issue 11, "Broken or silent" — Pay a bill, Payment success, Order detail: what a shopper hit, as they
 * would see it (H5 runtime, the one fake API).
 */
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { QUOTE_DEBOUNCE_MS } from '@/api/orders'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import OrdersDetailPage from '@/pages/orders/detail'
import PayBillIndexPage from '@/pages/payBill/index'
import PaySuccessPage from '@/pages/payBill/success'
import ShopsDetailsPage from '@/pages/shops/details'
import { fakeApi, OFFLINE, openedWith, PENDING, refused, resetRouter, type Refused } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { order, paged, quote, shop } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  resetClock()
})

const MIN = 60_000
/** Business wall time (+08:00) of an instant, as the server writes it. */
const wall = (ms: number) => new Date(ms + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ')

const toasts = () => jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
const press = async (t: TestUtils, keys: string) => {
  for (const k of keys) await click(t, `.keypad__key--${k === '.' ? 'dot' : k === '<' ? 'back' : k}`)
}
const disabled = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.hasAttribute('disabled')

async function typeText(t: TestUtils, sel: string, value: string) {
  const inner = (await t.queries.waitForQuerySelector(`${sel} textarea`)) as HTMLTextAreaElement
  await t.act(async () => {
    inner.value = value
    inner.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('Pay a bill', () => {
  async function openBill(preCreate: () => ReturnType<typeof quote> | typeof OFFLINE = () => quote()) {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { shop_id: '3' })
    const api = fakeApi({ 'personal.order/index': () => paged([]), 'hui_shanghu.shop/read': () => ({ info: shop }), 'personal.coupon/index': () => paged([]), 'personal.order/preCreate': preCreate })
    const t = await mount(PayBillIndexPage)
    await t.queries.waitForQuerySelector('.bill__shop-name')
    return { t, api }
  }

  it('a non-discountable part larger than the amount is said at the field; both numbers stay as typed and nothing is priced', async () => {
    const { t, api } = await openBill()
    // What was priced (a keypress between two may be priced on its own when the machine is slow: counted by content).
    const priced = () => api.called('personal.order/preCreate').map((c) => c.data as { amount: number; undiscounted_amount?: number })
    await press(t, '50')
    await until(t, () => expect(priced().some((p) => p.amount === 5000 && p.undiscounted_amount === undefined)).toBe(true))
    await click(t, '.bill__add-undiscounted')
    await press(t, '80')
    await until(t, () => expect(text(t, '.bill__field-error')).toBe('不参与优惠金额不能大于消费金额（¥50.00），请修改其中一项'))
    expect(text(t, '.bill__amount')).toBe('¥50')
    expect(all(t, '.bill__value')[1]).toBe('¥80')
    expect(disabled(t, '.bill__pay')).toBe(true)
    // Nothing asked once the quote's wait for more keys is over: a timer set after the last key for three times that
    // wait fires after any quote the key could have scheduled (timers fire in the order they are due), whatever the load.
    await t.act(() => new Promise((resolve) => setTimeout(resolve, 3 * QUOTE_DEBOUNCE_MS)))
    expect(priced().filter((p) => (p.undiscounted_amount ?? 0) > p.amount)).toEqual([])
    // Fixing it takes the message away and prices again.
    await press(t, '<')
    await until(t, () => expect(t.queries.querySelector('.bill__field-error')).toBeNull())
    await until(t, () => expect(priced().at(-1)).toEqual(expect.objectContaining({ amount: 5000, undiscounted_amount: 800 })))
    await t.act(async () => setLang('en'))
    await press(t, '99')
    await until(t, () => expect(text(t, '.bill__field-error')).toBe('The part without discount cannot be more than the amount (¥50.00): change one of them'))
    expect(priced().filter((p) => (p.undiscounted_amount ?? 0) > p.amount)).toEqual([])
  })

  it('a quote lost to the network offers a retry, and the tap prices the same amount', async () => {
    let online = false
    const { t, api } = await openBill(() => (online ? quote() : OFFLINE))
    await press(t, '100')
    await t.queries.waitForQuerySelector('.quote-error__retry')
    expect(text(t, '.quote-error__text')).toBe('网络不给力，请稍后重试')
    expect(disabled(t, '.bill__pay')).toBe(true)
    online = true
    await click(t, '.quote-error__retry')
    await until(t, () => expect(text(t, '.bill__payable')).toContain('87.65'))
    expect(t.queries.querySelector('.quote-error')).toBeNull()
    expect(api.called('personal.order/preCreate').at(-1)?.data).toMatchObject({ amount: 10000 })
    expect(disabled(t, '.bill__pay')).toBe(false)
  })

  it('a quote lost to the network is asked again by itself when the device is back online', async () => {
    let online = false
    const { t, api } = await openBill(() => (online ? quote() : OFFLINE))
    await press(t, '100')
    await t.queries.waitForQuerySelector('.quote-error__retry')
    const before = api.called('personal.order/preCreate').length
    online = true
    await t.act(async () => void window.dispatchEvent(new Event('online')))
    await until(t, () => expect(text(t, '.bill__payable')).toContain('87.65'))
    expect(api.called('personal.order/preCreate').length).toBe(before + 1)
  })

  it('a refusal (the server’s word) offers no pointless retry, and coming online asks nothing', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { shop_id: '3' })
    const api = fakeApi({ 'personal.order/index': () => paged([]), 'hui_shanghu.shop/read': () => ({ info: shop }), 'personal.coupon/index': () => paged([]), 'personal.order/preCreate': () => ({ business: '商户暂停营业' }) })
    const t = await mount(PayBillIndexPage)
    await t.queries.waitForQuerySelector('.keypad')
    await press(t, '58')
    await t.queries.waitForQuerySelector('.quote-error')
    expect(t.queries.querySelector('.quote-error__retry')).toBeNull()
    await t.act(async () => void window.dispatchEvent(new Event('online')))
    expect(api.called('personal.order/preCreate')).toHaveLength(1)
  })

  it("a shop's QR code (scene) is resolved like the Code page does, then the form for that shop", async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { scene: 'SHOP-0003' })
    const api = fakeApi({
      'index/getUrlByNumber': () => ({ url: '/pages/payBill/index?shop_id=3' }),
      'personal.order/index': () => paged([]), 'hui_shanghu.shop/read': () => ({ info: shop }),
      'personal.coupon/index': () => paged([]),
    })
    const t = await mount(PayBillIndexPage)
    await t.queries.waitForQuerySelector('.bill__shop-name')
    expect(text(t, '.bill__shop-name')).toBe('味道小馆')
    expect(api.called('index/getUrlByNumber')[0].data).toMatchObject({ number: 'SHOP-0003' })
    expect(api.called('hui_shanghu.shop/read')[0].data).toMatchObject({ id: 3 })
  })

  it('an unknown code says so (no retry); a code for another page goes there', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/index', { scene: 'NOPE' })
    fakeApi({ 'index/getUrlByNumber': (p) => (p.number === 'NOPE' ? { business: '无法识别的二维码' } : { url: '/pages/seckill/index' }) })
    const t = await mount(PayBillIndexPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('无法识别的二维码')
    expect(t.queries.querySelector('.state__retry')).toBeNull()
    unmountAll()
    openedWith('pages/payBill/index', { scene: 'SECKILL' })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const t2 = await mount(PayBillIndexPage)
    await until(t2, () => expect(redirect).toHaveBeenCalledWith({ url: '/pages/seckill/index' }))
  })
})

describe('Payment success', () => {
  it('an unpaid order reads as unpaid: title, clock icon, no savings, and ways to pay or see the order', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    fakeApi({ 'personal.order/read': () => ({ info: order({ order_status: 0, pay_time: null }) }) })
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('订单待支付'))
    expect(text(t, '.nav-bar__title')).toBe('订单待支付')
    expect(t.queries.querySelector('.page')?.textContent).not.toContain('支付成功')
    expect(t.queries.querySelector('.pay-result__icon--unpaid')).not.toBeNull()
    expect(t.queries.querySelector('.pay-result__row--saved')).toBeNull()
    expect(text(t, '.pay-result__pay')).toBe('去支付')
    expect(text(t, '.pay-result__view')).toBe('查看订单')
    await t.act(async () => setLang('en'))
    expect(text(t, '.nav-bar__title')).toBe('Not paid yet')
    expect(text(t, '.pay-result__pay')).toBe('Pay now')
  })

  it('a card order shows the card level, not a merchant line', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    fakeApi({ 'personal.order/read': () => ({ info: order({ kind: 'card', title: '一卡通金卡', shop_id: null, shop_name: null, discount_amount: 0, coupon_amount: 0 }) }) })
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    expect(text(t, '.pay-result__row--card')).toBe('会员卡一卡通金卡')
    expect(t.queries.querySelector('.pay-result__row--shop')).toBeNull()
    expect(t.queries.querySelector('.pay-result')?.textContent).not.toContain('商家')
  })
})

describe('Order detail', () => {
  const open = (info: ReturnType<typeof order>, params: Record<string, string> = {}, extra: Parameters<typeof fakeApi>[0] = {}) => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '41', ...params })
    return fakeApi({ 'personal.order/read': () => ({ info }), ...extra })
  }

  it.each([
    ['a bill paid in the app', order({ kind: 'bill' })],
    ['a card purchase', order({ kind: 'card', title: '一卡通金卡', shop_id: null, shop_name: null })],
  ])('%s has nothing to redeem: no code, and none is asked for', async (_label, info) => {
    const api = open(info)
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__refund')
    expect(t.queries.querySelector('.order-detail__code')).toBeNull()
    expect(api.called('personal.order/orderVerification')).toHaveLength(0)
  })

  it('refund: a sheet with the whole amount and bill reasons; nothing is sent before Submit; what is missing said at Submit ("Other" needs words); one request however often tapped', async () => {
    toasts()
    let status = 10
    let release: () => void = () => undefined
    const api = open(order({ kind: 'bill' }), {}, {
      'personal.order/read': () => ({ info: order({ kind: 'bill', order_status: status }) }),
      'personal.order/refund': () =>
        new Promise((r) => {
          release = () => {
            status = 60
            r({ info: order({ order_status: 60 }) })
          }
        }),
    })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__refund')
    await click(t, '.order-detail__refund')
    await t.queries.waitForQuerySelector('.refund-sheet__panel')
    expect(text(t, '.refund-sheet__money')).toContain('78.00')
    expect(text(t, '.refund-sheet__whole')).toBe('整单退款，款项原路退回')
    expect(all(t, '.refund-sheet__reason')).toEqual(['金额输错了', '重复支付', '商家原因', '其他'])

    // Submit with nothing chosen: said by the reasons, nothing sent.
    await click(t, '.refund-sheet__submit')
    expect(text(t, '.refund-sheet__error--reason')).toBe('请选择退款原因')
    // Words and photos offered with every reason, optional but for "Other" (issue 39).
    await click(t, '.refund-sheet__reason:nth-child(2)')
    expect(t.queries.querySelector('.refund-sheet__error--reason')).toBeNull()
    expect(text(t, '.refund-sheet__words-label')).toBe('补充说明（选填）')
    expect(t.queries.querySelector('.refund-sheet__photo-add')).not.toBeNull()
    await click(t, '.refund-sheet__reason:nth-child(4)')
    expect(text(t, '.refund-sheet__words-label')).toBe('退款原因（必填）')
    await click(t, '.refund-sheet__submit')
    expect(text(t, '.refund-sheet__error--words')).toBe('请写下退款原因（1–200 字）')
    expect(api.called('personal.order/refund')).toHaveLength(0)
    await typeText(t, '.refund-sheet__words', '  菜没上齐  ')
    await until(t, () => expect(t.queries.querySelector('.refund-sheet__error--words')).toBeNull())
    expect(api.called('personal.order/refund')).toHaveLength(0)

    await t.act(async () => {
      const btn = t.queries.querySelector('.refund-sheet__submit') as HTMLElement
      t.fireEvent.click(btn)
      t.fireEvent.click(btn)
    })
    await until(t, () => expect(api.called('personal.order/refund')).toHaveLength(1))
    expect(api.called('personal.order/refund')[0].data).toMatchObject({ id: 41, reason: '其他', detail: '菜没上齐' })
    await t.act(async () => release())
    await until(t, () => expect(t.queries.querySelector('.refund-sheet')).toBeNull())
    await until(t, () => expect(text(t, '.order-detail__status-text')).toBe('退款中'))
    expect(api.called('personal.order/refund')).toHaveLength(1)
  })

  it('refund reasons fit the kind: a product gets product reasons (English too); Not now closes without a request', async () => {
    const api = open(order({ kind: 'product' }), {}, { 'personal.order/orderVerification': () => ({ code: '123456789012', used: false, info: order() }) })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__refund')
    await click(t, '.order-detail__refund')
    expect(all(t, '.refund-sheet__reason')).toEqual(['不想要了', '买错了', '商家原因', '其他'])
    await t.act(async () => setLang('en'))
    expect(text(t, '.refund-sheet__title')).toBe('Apply for a refund')
    expect(all(t, '.refund-sheet__reason')).toEqual(["Don't want it", 'Bought by mistake', "Shop's fault", 'Other'])
    await click(t, '.refund-sheet__keep')
    expect(t.queries.querySelector('.refund-sheet')).toBeNull()
    expect(api.called('personal.order/refund')).toHaveLength(0)
  })

  it('unpaid: the auto-cancel countdown and Cancel, like the list; cancelling asks first, then shows the cancelled order', async () => {
    toasts()
    const now = Date.now()
    let status = 0
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    const api = open(order(), {}, {
      'personal.order/read': () => ({ info: order({ order_status: status, pay_time: null, expire_time: status === 0 ? wall(now + 15 * MIN) : null }) }),
      'personal.order/cancel': () => {
        status = 50
        return { info: order({ order_status: 50 }) }
      },
    })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__countdown')
    expect(text(t, '.order-detail__countdown')).toMatch(/^1[45] 分钟 \d{1,2} 秒后自动取消$/)
    expect(t.queries.querySelector('.order-detail__pay')).not.toBeNull()
    await click(t, '.order-detail__cancel')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ confirmText: '取消订单', cancelText: '再想想' }))
    await until(t, () => expect(api.called('personal.order/cancel')).toHaveLength(1))
    await until(t, () => expect(t.queries.querySelector('.order-detail__countdown')).toBeNull())
    expect(t.queries.querySelector('.order-detail__cancel')).toBeNull()
    expect(t.queries.querySelector('.order-detail__pay')).toBeNull()
  })

  it("back from the cashier after a failed payment: it says so, nothing was charged, and Pay is there", async () => {
    open(order({ order_status: 0, pay_time: null }), { pay: 'failed' })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__banner')
    expect(text(t, '.order-detail__banner')).toBe('支付未成功，没有扣款。可以重新支付。')
    expect(t.queries.querySelector('.order-detail__banner')?.getAttribute('role')).toBe('alert')
    expect(t.queries.querySelector('.order-detail__pay')).not.toBeNull()
  })

  it('a paid order opened with pay=failed says nothing of a failure', async () => {
    open(order({ kind: 'bill' }), { pay: 'failed' })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.order-detail__refund')
    expect(t.queries.querySelector('.order-detail__banner')).toBeNull()
  })

  it("another shopper's (or no such) order: not found, with the way home, never a retry", async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '999' })
    fakeApi({ 'personal.order/read': () => refused('order_not_found') })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('没有找到要看的内容')
    expect(t.queries.querySelector('.state__retry')).toBeNull()
  })

  it("in English too: the server's English words say order_not_found, and the screen says not found, never a retry", async () => {
    setLang('en')
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '999' })
    const api = fakeApi({ 'personal.order/read': () => refused('order_not_found', 'en') })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('Nothing to show here')
    expect(t.queries.querySelector('.state__retry')).toBeNull()
    expect(api.called('personal.order/read')[0].data).toMatchObject({ lang: 'en' })
  })

  it('a refusal for another reason (in any words) is an error with a retry, not "not found"', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/detail', { id: '999' })
    fakeApi({ 'personal.order/read': () => ({ ...refused('server_busy'), business: '订单不存在' }) })
    const t = await mount(OrdersDetailPage)
    await t.queries.waitForQuerySelector('.state__retry')
    expect(t.queries.querySelector('.state--empty')).toBeNull()
  })
})

describe('Shop details', () => {
  it('a shop that does not exist: not found, never a retry; a lost connection still retries', async () => {
    openedWith('pages/shops/details', { id: '999' })
    let reply: typeof OFFLINE | typeof PENDING | Refused = refused('shop_not_found')
    fakeApi({ 'personal.order/index': () => paged([]), 'hui_shanghu.shop/read': () => reply }, { otherwise: PENDING })
    const t = await mount(ShopsDetailsPage)
    await t.queries.waitForQuerySelector('.state--empty')
    expect(text(t, '.state__title')).toBe('没有找到要看的内容')
    expect(t.queries.querySelector('.state__retry')).toBeNull()
    unmountAll()
    reply = OFFLINE
    const t2 = await mount(ShopsDetailsPage)
    await t2.queries.waitForQuerySelector('.state__retry')
  })
})
