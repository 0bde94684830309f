import Taro from '@tarojs/taro'
import { PAY_CHANNEL } from '@/contract/constants'
import type { PaymentAdapter } from './adapter.types'

/** Mini-program: WeChat Pay with the JSAPI parameters of pay_param.payInfo. */
export const paymentAdapter: PaymentAdapter = {
  async extras() {
    return { platform: 'weapp', pay_channel: PAY_CHANNEL.WX_JSAPI }
  },
  async pay(_order, answer) {
    const info = answer.pay_param.payInfo
    if (!info) return 'failed'
    try {
      await Taro.requestPayment({
        timeStamp: info.timeStamp,
        nonceStr: info.nonceStr,
        package: info.package,
        signType: info.signType as 'MD5' | 'HMAC-SHA256' | 'RSA',
        paySign: info.paySign,
      })
      return 'confirm'
    } catch (e) {
      const msg = (e as { errMsg?: string } | null)?.errMsg ?? ''
      // The shopper closed the pay sheet: not an error, the order waits in Orders.
      return /cancel/i.test(msg) ? 'cancelled' : 'failed'
    }
  },
}
