import { PAY_CHANNEL } from '@/contract/constants'
import type { WxPayInfo } from '@/contract/order'
import { request } from '@/core/request'
import { getItem, setItem } from '@/core/storage'
import { isPaidStatus } from '@/contract/orderRules'
import { alipayAuth } from '@/platform/alipayAuth'
import type { PaymentAdapter } from './adapter.types'

/* H5 never uses Taro.requestPayment: it is not implemented there and resolves in production builds. */

interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: WxPayInfo, cb: (res: { err_msg?: string }) => void): void
}
interface AlipayBridge {
  call(name: 'tradePay', params: { tradeNO: string }, cb: (res: { resultCode?: string }) => void): void
}
interface WxJssdk {
  config(c: Record<string, unknown>): void
}
type PayWindow = Window & { WeixinJSBridge?: WeixinBridge; AlipayJSBridge?: AlipayBridge; wx?: WxJssdk }

export const isWeChatBrowser = (ua = navigator.userAgent) => /MicroMessenger/i.test(ua)
export const isAlipayClient = (ua = navigator.userAgent) => /AlipayClient/i.test(ua)

function waitForBridge<K extends 'WeixinJSBridge' | 'AlipayJSBridge'>(key: K, event: string): Promise<NonNullable<PayWindow[K]>> {
  const w = window as PayWindow
  const existing = w[key]
  if (existing) return Promise.resolve(existing as NonNullable<PayWindow[K]>)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${key} not ready`)), 5000)
    document.addEventListener(
      event,
      () => {
        clearTimeout(timer)
        const b = (window as PayWindow)[key]
        if (b) resolve(b as NonNullable<PayWindow[K]>)
        else reject(new Error(`${key} missing`))
      },
      { once: true },
    )
  })
}

async function payInWeChat(info: WxPayInfo): Promise<'confirm' | 'cancelled' | 'failed'> {
  // wechat/getJSSDKConfig: the signed JSSDK config for this page (wx.config when the JSSDK script is on the page).
  try {
    const { jssdk } = await request('wechat/getJSSDKConfig', { url: window.location.href.split('#')[0] })
    ;(window as PayWindow).wx?.config({ ...jssdk, debug: false })
  } catch {
    // JSAPI payment through WeixinJSBridge does not need wx.config; go on.
  }
  const bridge = await waitForBridge('WeixinJSBridge', 'WeixinJSBridgeReady')
  const msg = await new Promise<string>((resolve) => bridge.invoke('getBrandWCPayRequest', info, (res) => resolve(res.err_msg ?? '')))
  if (msg === 'get_brand_wcpay_request:ok') return 'confirm'
  if (msg === 'get_brand_wcpay_request:cancel') return 'cancelled'
  return 'failed'
}

async function payInAlipay(tradeNO: string): Promise<'confirm' | 'cancelled' | 'failed'> {
  const bridge = await waitForBridge('AlipayJSBridge', 'AlipayJSBridgeReady')
  const code = await new Promise<string>((resolve) => bridge.call('tradePay', { tradeNO }, (res) => resolve(res.resultCode ?? '')))
  if (code === '9000') return 'confirm'
  if (code === '6001') return 'cancelled'
  return 'failed'
}

/** Whether the server has seen the order paid (asking the provider if no notification came). */
async function paidNow(orderId: number): Promise<boolean> {
  const { info } = await request('personal.order/payResult', { id: orderId })
  return isPaidStatus(info.order_status)
}

export const paymentAdapter: PaymentAdapter = {
  async extras(_order, urls) {
    if (isWeChatBrowser()) {
      return { platform: 'h5', pay_channel: PAY_CHANNEL.WX_JSAPI, wx_gzh_openid: getItem('h5_wx_gzh_openid') }
    }
    if (isAlipayClient()) {
      // Alipay's JSAPI pays for a buyer: their open_id once authorised (asked for when the server needs it: authorize).
      const openId = getItem('h5_alipay_open_id')
      return { platform: 'h5', pay_channel: PAY_CHANNEL.REDIRECT, alipay: true, ...(openId ? { alipay_open_id: openId } : {}) }
    }
    // A plain browser: WeChat Pay or Alipay as the shopper picks when the server asks (choose).
    return { platform: 'h5', pay_channel: PAY_CHANNEL.REDIRECT, success_url: urls.success, fail_url: urls.fail }
  },
  async pay(order, answer) {
    try {
      if (isWeChatBrowser()) return answer.pay_param.payInfo ? await payInWeChat(answer.pay_param.payInfo) : 'failed'
      if (isAlipayClient() && answer.pay_param.tradeNO) return await payInAlipay(answer.pay_param.tradeNO)
      // A desktop paying with WeChat Pay: its Native QR code, scanned with WeChat on a phone.
      const code = answer.pay_param.code_url
      if (code) {
        const { showNativeQr } = await import(/* webpackChunkName: "pay-sheets" */ './sheets/paySheets')
        return await showNativeQr(code, order.pay_amount, () => paidNow(order.id))
      }
    } catch {
      return 'failed'
    }
    if (!answer.pay_param.pay_url) return 'failed'
    window.location.assign(answer.pay_param.pay_url)
    return 'redirected'
  },
  async choose(order, methods) {
    const { chooseMethod } = await import(/* webpackChunkName: "pay-sheets" */ './sheets/paySheets')
    const picked = await chooseMethod(methods, getItem('h5_pay_method'), order.pay_amount)
    if (picked) setItem('h5_pay_method', picked)
    return picked
  },
  async authorize() {
    if (!isAlipayClient()) return null
    const id = await alipayAuth.openId()
    return id === 'redirecting' ? null : { alipay_open_id: id.open_id }
  },
}
