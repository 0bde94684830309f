import Taro from '@tarojs/taro'
import { getItem, setItem } from '@/core/storage'
import { resetLangCache, setLang } from '@/core/i18n'
import { isPaidStatus, payStage } from '@/contract/orderRules'
import { payOrder } from '@/payment/pay'
import { checkPendingOrder } from '@/payment/pendingOrder'
import { fakeApi } from '../support/fakeApi'
import { order, payparam, unpaidOrder } from '../support/fixtures'

afterEach(() => {
  jest.restoreAllMocks()
  resetLangCache()
  Taro.removeStorageSync('pendingOrder')
})

describe('refunding (60) and refunded (70) are not "paid"', () => {
  it('payStage / isPaidStatus', () => {
    expect([0, 10, 20, 30, 40, 50, 60, 70].map(payStage)).toEqual(['unpaid', 'paid', 'paid', 'paid', 'paid', 'cancelled', 'refunding', 'refunded'])
    expect(isPaidStatus(60)).toBe(false)
    expect(isPaidStatus(70)).toBe(false)
    expect(isPaidStatus(40)).toBe(true)
  })

  it.each([
    [60, '订单退款中', 'Refund in progress'],
    [70, '订单已退款', 'Refunded'],
  ])('payparam refuses a %s order: says so in the shopper’s language, no provider, no "payment success"', async (status, zh, en) => {
    const { calls } = fakeApi({ 'personal.order/payparam': () => ({ business: zh }), 'personal.order/read': () => ({ info: order({ order_status: status }) }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const requestPayment = jest.spyOn(Taro, 'requestPayment')
    setLang('en')
    const outcome = await payOrder(unpaidOrder())
    expect(outcome.status).toBe('refund')
    expect(outcome.order.order_status).toBe(status)
    expect(calls.map((c) => c.path)).toEqual(['personal.order/payparam', 'personal.order/read'])
    expect(toast).toHaveBeenCalledTimes(1)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: en }))
    expect(requestPayment).not.toHaveBeenCalled()
    expect(getItem('pendingOrder')).toBeUndefined()
  })

  it('any other payparam refusal is still the server’s words, thrown', async () => {
    fakeApi({ 'personal.order/payparam': () => ({ business: '订单已取消' }), 'personal.order/read': () => ({ info: order({ order_status: 50 }) }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    await expect(payOrder(unpaidOrder())).rejects.toMatchObject({ kind: 'business', message: '订单已取消' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '订单已取消' }))
  })

  it('pending-order check on a refunding order: record cleared, not "paid", no jump to the order', async () => {
    setItem('pendingOrder', { orderID: 41, times: 0, kind: 'product' })
    fakeApi({ 'personal.order/payResult': () => ({ info: order({ order_status: 60, kind: 'product' }) }) })
    const nav = jest.spyOn(Taro, 'navigateTo')
    await expect(checkPendingOrder()).resolves.toEqual({ state: 'refund', orderID: 41 })
    expect(getItem('pendingOrder')).toBeUndefined()
    expect(nav).not.toHaveBeenCalled()
  })

  it('the provider said yes but the server refunded it (a duplicate payment): "refund", not "paid"', async () => {
    const ua = navigator.userAgent
    Object.defineProperty(window.navigator, 'userAgent', { value: 'Mozilla/5.0 AlipayClient/10', configurable: true })
    ;(window as { AlipayJSBridge?: unknown }).AlipayJSBridge = { call: (_n: string, _o: unknown, cb: (r: { resultCode: string }) => void) => cb({ resultCode: '9000' }) }
    const base = payparam()
    fakeApi({ 'personal.order/payparam': () => ({ ...base, pay_param: { ...base.pay_param, tradeNO: 'T-1' } }), 'personal.order/payResult': () => ({ info: order({ order_status: 60 }) }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    try {
      const outcome = await payOrder(unpaidOrder())
      expect(outcome.status).toBe('refund')
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '订单退款中' }))
      expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: '支付成功' }))
      expect(getItem('pendingOrder')).toBeUndefined()
    } finally {
      delete (window as { AlipayJSBridge?: unknown }).AlipayJSBridge
      Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })
    }
  })
})
