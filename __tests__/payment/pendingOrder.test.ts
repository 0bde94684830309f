import Taro from '@tarojs/taro'
import { checkPendingOrder, savePendingOrder } from '@/payment/pendingOrder'
import { getItem } from '@/core/storage'
import { transport } from '@/platform/transport'
import { fakeServer, order } from './helpers'

afterEach(() => jest.restoreAllMocks())

describe('pending-order checks (seed §4)', () => {
  it('nothing stored → nothing asked', async () => {
    const spy = fakeServer(() => ({ code: 1, data: {} }))
    expect(await checkPendingOrder()).toEqual({ state: 'none' })
    expect(spy).not.toHaveBeenCalled()
  })

  it('counts each check and gives up after the 4th (cleared once the counter exceeds 3)', async () => {
    savePendingOrder(42, 'bill')
    const spy = fakeServer(() => ({ code: 1, data: { info: order({ order_status: 0 }) } }))
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 42, times: 1 })
    expect(getItem('pendingOrder')?.times).toBe(1)
    await checkPendingOrder()
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 42, times: 3 })
    expect(await checkPendingOrder()).toEqual({ state: 'gaveUp', orderID: 42 })
    expect(getItem('pendingOrder')).toBeUndefined()
    expect(spy).toHaveBeenCalledTimes(4)
    expect(await checkPendingOrder()).toEqual({ state: 'none' })
  })

  it('status 10 clears the record; a product order opens its detail page', async () => {
    savePendingOrder(42, 'product')
    fakeServer(() => ({ code: 1, data: { info: order({ order_status: 10, kind: 'product' }) } }))
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    expect(await checkPendingOrder()).toEqual({ state: 'paid', orderID: 42 })
    expect(getItem('pendingOrder')).toBeUndefined()
    expect(nav).toHaveBeenCalledWith({ url: '/pages/orders/detail?id=42' })
  })

  it('a paid bill clears the record without navigating', async () => {
    savePendingOrder(42, 'bill')
    fakeServer(() => ({ code: 1, data: { info: order({ order_status: 10 }) } }))
    const nav = jest.spyOn(Taro, 'navigateTo')
    expect((await checkPendingOrder()).state).toBe('paid')
    expect(nav).not.toHaveBeenCalled()
  })

  it('a failed check still counts', async () => {
    savePendingOrder(42, 'bill')
    jest.spyOn(transport, 'send').mockRejectedValue(new Error('offline'))
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 42, times: 1 })
  })

  it('two shows at the same moment make one check', async () => {
    savePendingOrder(42, 'bill')
    const spy = fakeServer(() => ({ code: 1, data: { info: order() } }))
    const [a, b] = await Promise.all([checkPendingOrder(), checkPendingOrder()])
    expect(a).toEqual(b)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(getItem('pendingOrder')?.times).toBe(1)
  })
})
