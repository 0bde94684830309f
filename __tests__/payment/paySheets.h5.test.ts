import Taro from '@tarojs/taro'
import { getItem, setItem } from '@/core/storage'
import { setLang } from '@/core/i18n'
import { payOrder } from '@/payment/pay'
import { fakeApi, refused } from '../support/fakeApi'
import { order, payparam, unpaidOrder } from '../support/fixtures'

/**
 * H5 in a plain browser (issue 40): when WeChat Pay and Alipay are both configured the server asks the shopper to pick
 * (payparam refused `pay_method_required`); the payment sheet offers the one used last first and remembers the pick; a
 * desktop paying with WeChat Pay gets its Native QR code; inside Alipay's browser the buyer is authorised first when the
 * server asks (`alipay_auth_required`).
 */
const UA = navigator.userAgent
const setUA = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
const realLocation = window.location
function holdLocation(href = 'http://localhost/pages/card/index'): { assign: jest.Mock; replace: jest.Mock } {
  const assign = jest.fn()
  const replace = jest.fn()
  Object.defineProperty(window, 'location', { value: { ...realLocation, assign, replace, href }, configurable: true })
  return { assign, replace }
}

afterEach(() => {
  jest.restoreAllMocks()
  setUA(UA)
  Object.defineProperty(window, 'location', { value: realLocation, configurable: true })
  document.querySelectorAll('.pay-sheet').forEach((n) => n.remove())
  delete (window as { AlipayJSBridge?: unknown }).AlipayJSBridge
  setLang('zh-CN')
})

const BOTH = { ...refused('pay_method_required'), data: { methods: ['wechat', 'alipay'] } }
const sheet = () => document.querySelector<HTMLElement>('.pay-sheet [role="dialog"]')
/** Resolves when the sheet is in the document (it is drawn after a dynamic import). */
async function sheetShown(): Promise<HTMLElement> {
  for (let i = 0; i < 200; i++) {
    const s = sheet()
    if (s) return s
    await new Promise((r) => setTimeout(r, 0))
  }
  throw new Error('no payment sheet')
}
const buttons = (s: HTMLElement) => Array.from(s.querySelectorAll('button')).map((b) => b.textContent)

describe('the payment sheet (WeChat Pay or Alipay)', () => {
  it('asked by the server: a dialog titled in the shopper\'s words, the methods as buttons; the pick is sent and remembered, and offered first next time', async () => {
    const picks: unknown[] = []
    const { calls } = fakeApi({
      'personal.order/payparam': (req) => {
        picks.push(req.pay_method)
        return req.pay_method ? payparam({ pay_param: { payInfo: null, pay_url: 'https://openapi.alipay.com/gateway.do?x=1', tradeNO: null } }) : BOTH
      },
    })
    const { assign } = holdLocation()
    const paying = payOrder(unpaidOrder())
    const s = await sheetShown()
    expect(s.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(s.getAttribute('aria-labelledby') as string)?.textContent).toBe('选择支付方式')
    expect(s.textContent).toContain('需支付 ¥')
    expect(buttons(s)).toEqual(['微信支付', '支付宝', '取消'])
    expect(document.activeElement?.textContent).toBe('微信支付')
    s.querySelectorAll('button')[1].click()
    expect((await paying).status).toBe('redirected')
    expect(picks).toEqual([undefined, 'alipay'])
    expect(calls.map((c) => c.path)).toEqual(['personal.order/payparam', 'personal.order/payparam'])
    expect(assign).toHaveBeenCalledWith('https://openapi.alipay.com/gateway.do?x=1')
    expect(getItem('h5_pay_method')).toBe('alipay')
    expect(sheet()).toBeNull()

    // Next time: Alipay first, marked as used last; in English.
    setLang('en')
    const again = payOrder(unpaidOrder())
    const next = await sheetShown()
    expect(buttons(next)).toEqual(['AlipayUsed last time', 'WeChat Pay', 'Cancel'])
    expect(document.getElementById(next.getAttribute('aria-labelledby') as string)?.textContent).toBe('Choose how to pay')
    next.querySelectorAll('button')[1].click()
    expect((await again).status).toBe('redirected')
    expect(picks.at(-1)).toBe('wechat')
    expect(getItem('h5_pay_method')).toBe('wechat')
  })

  it('closed (Cancel, Escape or the backdrop): cancelled quietly, nothing asked again, focus back where it was', async () => {
    const { calls } = fakeApi({ 'personal.order/payparam': () => BOTH })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const opener = document.createElement('button')
    document.body.appendChild(opener)
    for (const close of [
      (s: HTMLElement) => s.querySelectorAll('button')[2].click(),
      () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })),
      () => document.querySelector<HTMLElement>('.pay-sheet__mask')?.click(),
    ]) {
      opener.focus()
      const paying = payOrder(unpaidOrder())
      close(await sheetShown())
      expect((await paying).status).toBe('cancelled')
      expect(sheet()).toBeNull()
      expect(document.activeElement).toBe(opener)
    }
    expect(calls).toHaveLength(3)
    expect(toast).not.toHaveBeenCalled()
    opener.remove()
  })
})

describe("a desktop paying with WeChat Pay: the Native QR code", () => {
  it('shows the code_url as a QR code with its alt text; "I have paid" asks the server (payResult), which says paid', async () => {
    setItem('h5_pay_method', 'wechat')
    let paid = false
    const { calls } = fakeApi({
      'personal.order/payparam': (req) => (req.pay_method ? payparam({ pay_param: { payInfo: null, pay_url: null, tradeNO: null, code_url: 'weixin://wxpay/bizpayurl?pr=abc' } }) : BOTH),
      'personal.order/payResult': () => ({ info: order({ order_status: paid ? 10 : 0 }) }),
    })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const paying = payOrder(unpaidOrder())
    ;(await sheetShown()).querySelectorAll('button')[0].click()
    // The method sheet goes; the QR sheet comes.
    let qr: HTMLElement | null = null
    for (let i = 0; i < 200 && !qr; i++) {
      qr = document.querySelector<HTMLElement>('.pay-sheet--qr [role="dialog"]')
      if (!qr) await new Promise((r) => setTimeout(r, 0))
    }
    if (!qr) throw new Error('no QR sheet')
    const img = qr.querySelector('img') as HTMLImageElement
    expect(img.alt).toBe('微信支付二维码')
    expect(img.src).toMatch(/^data:image\/gif;base64,/)
    expect(buttons(qr)).toEqual(['我已支付', '取消'])
    expect(qr.querySelector('[role="status"]')?.textContent).toBe('等待支付…')
    paid = true
    qr.querySelectorAll('button')[0].click()
    expect(await paying).toMatchObject({ status: 'paid' })
    expect(calls.map((c) => c.path)).toEqual(['personal.order/payparam', 'personal.order/payparam', 'personal.order/payResult'])
  })
})

describe("inside Alipay's browser: the buyer authorised when the server asks", () => {
  it('no open_id: the browser leaves for Alipay\'s authorisation; back with auth_code: traded for the open_id, kept, and the trade paid with tradePay', async () => {
    setUA('Mozilla/5.0 (iPhone) AlipayClient/10.5.0')
    const sent: unknown[] = []
    fakeApi({
      'personal.order/payparam': (req) => {
        sent.push(req.alipay_open_id)
        return req.alipay_open_id ? payparam({ pay_param: { payInfo: null, pay_url: null, tradeNO: '2026120622001' } }) : refused('alipay_auth_required')
      },
      'alipay/getAuthUrl': (req) => ({ url: `https://openauth.alipay.com/oauth2/publicAppAuthorize.htm?redirect_uri=${encodeURIComponent(req.redirect)}` }),
      'alipay/getOpenId': (req) => ({ open_id: `open-${req.code}` }),
      'personal.order/payResult': () => ({ info: order({ order_status: 10 }) }),
    })
    const { assign } = holdLocation('http://localhost/pages/card/index?id=3')
    expect((await payOrder(unpaidOrder())).status).toBe('redirected')
    expect(assign).toHaveBeenCalledWith(`https://openauth.alipay.com/oauth2/publicAppAuthorize.htm?redirect_uri=${encodeURIComponent('/pages/card/index?id=3')}`)

    holdLocation('http://localhost/pages/card/index?id=3&auth_code=ac1')
    jest.spyOn(window.history, 'replaceState').mockImplementation(() => undefined)
    const call = jest.fn((_n: string, _p: unknown, cb: (r: { resultCode: string }) => void) => cb({ resultCode: '9000' }))
    ;(window as { AlipayJSBridge?: unknown }).AlipayJSBridge = { call }
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    expect((await payOrder(unpaidOrder())).status).toBe('paid')
    expect(getItem('h5_alipay_open_id')).toBe('open-ac1')
    expect(call).toHaveBeenCalledWith('tradePay', { tradeNO: '2026120622001' }, expect.any(Function))
    expect(sent).toEqual([undefined, undefined, 'open-ac1'])
  })
})
