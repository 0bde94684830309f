import Taro from '@tarojs/taro'
import { getItem, setItem } from '@/core/storage'
import { checkout, payOrder } from '@/payment/pay'
import { fakeApi } from '../support/fakeApi'
import { order, payparam, unpaidOrder } from '../support/fixtures'

const UA = navigator.userAgent
function setUA(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
}

afterEach(() => {
  jest.restoreAllMocks()
  setUA(UA)
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge
  delete (window as { AlipayJSBridge?: unknown }).AlipayJSBridge
})

describe('payment pipeline on H5', () => {
  it('create → payparam (channel 6 with return URLs) → redirect to the cashier, keeping the pending order', async () => {
    const { calls } = fakeApi({ 'personal.order/create': () => ({ order_info: unpaidOrder() }), 'personal.order/payparam': () => payparam() })
    const assign = jest.fn()
    const loc = window.location
    Object.defineProperty(window, 'location', { value: { ...loc, assign, href: loc.href }, configurable: true })
    const outcome = await checkout({ kind: 'bill', shop_id: 3, amount: 10000 }, 'req-12345678')
    Object.defineProperty(window, 'location', { value: loc, configurable: true })

    expect(calls.map((c) => c.path)).toEqual(['personal.order/create', 'personal.order/payparam'])
    expect(calls[0].data).toMatchObject({ client_request_id: 'req-12345678', amount: 10000 })
    expect(calls[1].data).toMatchObject({ id: 41, platform: 'h5', pay_channel: 6, success_url: '/pages/payBill/success?id=41', fail_url: '/pages/orders/detail?id=41&pay=failed' })
    expect(assign).toHaveBeenCalledWith('/sandbox/cashier?t=1')
    expect(outcome.status).toBe('redirected')
    expect(getItem('pendingOrder')).toEqual({ orderID: 41, times: 0, kind: 'bill' })
  })

  it('pay_state 1 → already paid: "payment success", no provider call', async () => {
    fakeApi({ 'personal.order/payparam': () => payparam({ pay_state: 1 }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const requestPayment = jest.spyOn(Taro, 'requestPayment')
    const outcome = await payOrder(unpaidOrder())
    expect(outcome.status).toBe('paid')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '支付成功' }))
    expect(requestPayment).not.toHaveBeenCalled()
    expect(getItem('pendingOrder')).toBeUndefined()
  })

  it('inside WeChat: channel 8 with the openid, JSSDK config, JSAPI pay; paid only when the server says 10', async () => {
    setUA('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50')
    setItem('h5_wx_gzh_openid', 'o-open-1')
    let status = 0
    const api = fakeApi({
      'personal.order/payparam': () => payparam(),
      'wechat/getJSSDKConfig': () => ({ jssdk: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's', jsApiList: ['chooseWXPay'] } }),
      'personal.order/payResult': () => ({ info: order({ order_status: status }) }),
    })
    const invoke = jest.fn((_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => {
      status = 10 // the provider's notification reached the server
      cb({ err_msg: 'get_brand_wcpay_request:ok' })
    })
    ;(window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke }
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const requestPayment = jest.spyOn(Taro, 'requestPayment')

    const outcome = await payOrder(unpaidOrder())
    expect(api.called('personal.order/payparam')[0].data).toMatchObject({ pay_channel: 8, wx_gzh_openid: 'o-open-1', platform: 'h5' })
    expect(api.called('wechat/getJSSDKConfig')).toHaveLength(1)
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', expect.objectContaining({ package: 'prepay_id=p' }), expect.any(Function))
    expect(outcome.status).toBe('paid')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '支付成功' }))
    expect(requestPayment).not.toHaveBeenCalled()
  })

  it('inside WeChat: the bridge says ok but the server has not seen the money → pending, not paid', async () => {
    setUA('MicroMessenger/8.0')
    fakeApi({
      'personal.order/payparam': () => payparam(),
      'wechat/getJSSDKConfig': () => ({ business: '' }),
      'personal.order/payResult': () => ({ info: unpaidOrder() }),
    })
    ;(window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke: (_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:ok' }) }
    const outcome = await payOrder(unpaidOrder())
    expect(outcome.status).toBe('pending')
    expect(getItem('pendingOrder')).toMatchObject({ orderID: 41 })
  })

  it('inside WeChat: a refusal toasts "payment failed"', async () => {
    setUA('MicroMessenger/8.0')
    fakeApi({ 'personal.order/payparam': () => payparam(), 'wechat/getJSSDKConfig': () => ({ business: '' }) })
    ;(window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke: (_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:fail' }) }
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    expect((await payOrder(unpaidOrder())).status).toBe('failed')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '支付未成功，未扣款，请重试' }))
  })

  it('inside the Alipay client: the tradeNO goes to AlipayJSBridge', async () => {
    setUA('Mozilla/5.0 AlipayClient/10.5')
    const { calls } = fakeApi({
      'personal.order/payparam': () => payparam({ pay_param: { payInfo: null, pay_url: null, tradeNO: 'T2026' } }),
      'personal.order/payResult': () => ({ info: order({ order_status: 10 }) }),
    })
    const call = jest.fn((_n: string, _p: unknown, cb: (r: { resultCode: string }) => void) => cb({ resultCode: '9000' }))
    ;(window as { AlipayJSBridge?: unknown }).AlipayJSBridge = { call }
    const outcome = await payOrder(unpaidOrder())
    expect(calls[0].path).toBe('personal.order/payparam')
    expect(calls[0].data).toMatchObject({ alipay: true })
    expect(call).toHaveBeenCalledWith('tradePay', { tradeNO: 'T2026' }, expect.any(Function))
    expect(outcome.status).toBe('paid')
  })

  it('a create error is shown to the shopper and rejects', async () => {
    fakeApi({ 'personal.order/create': () => ({ business: '已售罄' }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    await expect(checkout({ kind: 'product', product_id: 1 }, 'req-12345678')).rejects.toMatchObject({ message: '已售罄' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已售罄', duration: 2000 }))
  })
})
