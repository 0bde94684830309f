import Taro from '@tarojs/taro'
import { paymentAdapter } from '@/payment/adapter.weapp'
import { payparam, unpaidOrder } from '../support/fixtures'

afterEach(() => jest.restoreAllMocks())

describe('weapp payment adapter', () => {
  it('asks for channel 8 as the mini-program', async () => {
    expect(await paymentAdapter.extras(unpaidOrder(), { success: '', fail: '' })).toEqual({ platform: 'weapp', pay_channel: 8 })
  })

  it('hands pay_param.payInfo to requestPayment', async () => {
    const rp = jest.spyOn(Taro, 'requestPayment').mockResolvedValue({ errMsg: 'requestPayment:ok' })
    expect(await paymentAdapter.pay(unpaidOrder(), payparam())).toBe('confirm')
    expect(rp).toHaveBeenCalledWith({ timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' })
  })

  it('a cancelled pay sheet is a cancel, not a failure', async () => {
    jest.spyOn(Taro, 'requestPayment').mockRejectedValue({ errMsg: 'requestPayment:fail cancel' })
    expect(await paymentAdapter.pay(unpaidOrder(), payparam())).toBe('cancelled')
  })

  it('any other refusal is a failure', async () => {
    jest.spyOn(Taro, 'requestPayment').mockRejectedValue({ errMsg: 'requestPayment:fail insufficient balance' })
    expect(await paymentAdapter.pay(unpaidOrder(), payparam())).toBe('failed')
  })
})
