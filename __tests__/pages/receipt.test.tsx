/**
 * Issue 26, the receipt in WeChat Pay's frame (点金计划 商家小票): pages/orders/orderInfo opened with sub_mch_id,
 * out_trade_no and check_code shows the server's receipt only (shop, amount, time, order number), without a login;
 * drawn, it tells WeChat's frame (onIframeReady, the fixed height, to the origin the server names); the full order
 * leaves the frame (jumpOut); a refused check shows an error page and still tells the frame. Opened with ?id= it is
 * the gold-pointing plan as before. The frame's parent is stood in for: nothing from WeChat is loaded.
 */
import Taro from '@tarojs/taro'
import type { ReceiptAnswer } from '@/contract/receipt'
import { resetLangCache, setLang } from '@/core/i18n'
import OrdersOrderInfoPage from '@/pages/orders/orderInfo'
import { fakeApi, openedWith, PENDING, refused, resetRouter } from '../support/fakeApi'
import { setItem } from '@/core/storage'
import { order } from '../support/fixtures'
import { click, mount, text, unmountAll, until } from '../support/screen'

const parentPost = jest.fn()
let realParent: PropertyDescriptor | undefined
beforeEach(() => {
  realParent = Object.getOwnPropertyDescriptor(window, 'parent')
  // Inside a frame: the parent is WeChat Pay's page (stood in for).
  Object.defineProperty(window, 'parent', { configurable: true, get: () => ({ postMessage: parentPost }) })
})
afterEach(() => {
  if (realParent) Object.defineProperty(window, 'parent', realParent)
  parentPost.mockReset()
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const PARAMS = { sub_mch_id: '1900000109', out_trade_no: 'T1795700000000abcdef0123456789', check_code: '0123456789abcdef0123456789abcdef' }
const ANSWER: ReceiptAnswer = {
  receipt: { order_id: 42, order_no: 'OCP202611261234', shop_name: '川味小馆', amount: 10863, paid_at: '2026-11-26 12:34:56' },
  frame_origin: 'https://payapp.weixin.qq.com',
}
const posted = () => parentPost.mock.calls.map(([message, origin]) => ({ message: JSON.parse(String(message)) as Record<string, unknown>, origin: origin as string }))

async function open(handlers: Parameters<typeof fakeApi>[0], params: Record<string, string> = PARAMS) {
  openedWith('pages/orders/orderInfo', params)
  const api = fakeApi(handlers)
  const t = await mount(OrdersOrderInfoPage)
  return { t, api }
}

describe('the receipt in WeChat Pay’s frame', () => {
  it('shows the receipt the server checked, asked without a login; tells the frame once it is drawn', async () => {
    const { t, api } = await open({ 'hui_public.order/receipt': () => ANSWER })
    await until(t, () => expect(text(t, '.receipt__shop')).toBe('川味小馆'))
    expect(text(t, '.receipt__title')).toBe('✓ 支付成功')
    expect(text(t, '.receipt__money')).toContain('108.63')
    expect(text(t, '.receipt__time')).toBe('2026-11-26 12:34:56')
    expect(text(t, '.receipt__order-no')).toBe('OCP202611261234')
    const call = api.called('hui_public.order/receipt')[0]
    expect(call.data).toMatchObject(PARAMS)
    expect(api.called('personal.order/read')).toHaveLength(0)
    // No nav bar, no login screen: the fixed-height receipt only.
    expect(t.queries.querySelector('.nav-bar')).toBeNull()
    expect((t.queries.querySelector('.receipt') as HTMLElement).style.height).toBe('360px')
    await until(t, () => expect(posted()).toEqual([{ message: { action: 'onIframeReady', displayStyle: 'SHOW_CUSTOM_PAGE', height: 360 }, origin: 'https://payapp.weixin.qq.com' }]))
  })

  it('the full order leaves the frame (jumpOut, an absolute link); nothing navigates inside it', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const { t } = await open({ 'hui_public.order/receipt': () => ({ ...ANSWER, frame_origin: 'http://127.0.0.1:4567' }) })
    await t.queries.waitForQuerySelector('.receipt__order')
    await click(t, '.receipt__order')
    expect(posted().at(-1)).toEqual({ message: { action: 'jumpOut', jumpOutUrl: `${window.location.origin}/pages/orders/detail?id=42` }, origin: 'http://127.0.0.1:4567' })
    expect(nav).not.toHaveBeenCalled()
  })

  it('a check the server refuses: an error page (its reason), and the frame is told all the same; in English', async () => {
    setLang('en')
    const { t } = await open({ 'hui_public.order/receipt': () => refused('receipt_check_failed', 'en') })
    await until(t, () => expect(text(t, '.receipt__title')).toBe('The receipt cannot be shown'))
    expect(text(t, '.receipt__message')).toBe('This receipt could not be verified. See the payment in your orders')
    expect(t.queries.querySelector('.receipt__shop')).toBeNull()
    await until(t, () => expect(posted().map((p) => p.message.action)).toEqual(['onIframeReady']))
  })

  it.each([
    ['?id=', { id: '42' }],
    // Issue 43: the rule the server frames the page by (src/contract/receiptLink.ts) — an id, even beside all three, is the app's own link.
    ['?id= beside the receipt parameters', { ...PARAMS, id: '42' }],
    ['an empty check_code', { ...PARAMS, check_code: '' }],
  ])('with %s it is the gold-pointing plan as before (the order, which needs the login)', async (_label, params) => {
    const { t, api } = await open({}, params)
    await t.queries.waitForQuerySelector('.page')
    expect(t.queries.querySelector('.receipt')).toBeNull()
    expect(api.called('hui_public.order/receipt')).toHaveLength(0)
    expect(posted()).toEqual([])
  })
})

describe('the gold-pointing plan (issue 39): what was paid and saved, and no points that are kept nowhere', () => {
  it('the amount paid, where, what it saved; never "points"; in English too', async () => {
    setItem('token', 'tok')
    openedWith('pages/orders/orderInfo', { id: '42' })
    fakeApi({ 'personal.order/read': () => ({ info: order({ id: 42, shop_name: '川味小馆', pay_amount: 16600, discount_amount: 2400, coupon_amount: 1000 }) }) }, { otherwise: PENDING })
    const t = await mount(OrdersOrderInfoPage)
    await t.queries.waitForQuerySelector('.gold__paid-amount')
    expect(text(t, '.gold__paid-amount')).toBe('¥166.00')
    expect(text(t, '.gold__order')).toBe('川味小馆')
    expect(text(t, '.gold__saved')).toBe('本单共省 ¥34.00')
    expect(text(t, '.gold')).not.toMatch(/积分/)
    await t.act(async () => setLang('en'))
    expect(text(t, '.gold__saved')).toBe('You saved ¥34.00 on this order')
    expect(text(t, '.gold')).not.toMatch(/point/i)
  })
})
