import Taro from '@tarojs/taro'
import { checkPendingOrder, savePendingOrder } from '@/payment/pendingOrder'
import { getItem } from '@/core/storage'
import { fakeApi, OFFLINE } from '../support/fakeApi'
import { order, unpaidOrder } from '../support/fixtures'

afterEach(() => jest.restoreAllMocks())

describe('pending-order checks (docs/product.md#payment, step 5)', () => {
  it('nothing stored → nothing asked', async () => {
    const api = fakeApi({ 'personal.order/payResult': () => ({ info: unpaidOrder() }) })
    expect(await checkPendingOrder()).toEqual({ state: 'none' })
    expect(api.calls).toHaveLength(0)
  })

  it('counts each check and gives up after the 4th (cleared once the counter exceeds 3)', async () => {
    savePendingOrder(41, 'bill')
    const api = fakeApi({ 'personal.order/payResult': () => ({ info: unpaidOrder() }) })
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 41, times: 1 })
    expect(getItem('pendingOrder')?.times).toBe(1)
    await checkPendingOrder()
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 41, times: 3 })
    expect(await checkPendingOrder()).toEqual({ state: 'gaveUp', orderID: 41 })
    expect(getItem('pendingOrder')).toBeUndefined()
    expect(api.calls).toHaveLength(4)
    expect(await checkPendingOrder()).toEqual({ state: 'none' })
  })

  it('status 10 clears the record; a product order opens its detail page', async () => {
    savePendingOrder(41, 'product')
    fakeApi({ 'personal.order/payResult': () => ({ info: order({ order_status: 10, kind: 'product' }) }) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    expect(await checkPendingOrder()).toEqual({ state: 'paid', orderID: 41 })
    expect(getItem('pendingOrder')).toBeUndefined()
    expect(nav).toHaveBeenCalledWith({ url: '/pages/orders/detail?id=41' })
  })

  it('a paid bill clears the record without navigating', async () => {
    savePendingOrder(41, 'bill')
    fakeApi({ 'personal.order/payResult': () => ({ info: order({ order_status: 10 }) }) })
    const nav = jest.spyOn(Taro, 'navigateTo')
    expect((await checkPendingOrder()).state).toBe('paid')
    expect(nav).not.toHaveBeenCalled()
  })

  it('a failed check still counts', async () => {
    savePendingOrder(41, 'bill')
    fakeApi({ 'personal.order/payResult': () => OFFLINE })
    expect(await checkPendingOrder()).toEqual({ state: 'waiting', orderID: 41, times: 1 })
  })

  it('two shows at the same moment make one check', async () => {
    savePendingOrder(41, 'bill')
    const api = fakeApi({ 'personal.order/payResult': () => ({ info: unpaidOrder() }) })
    const [a, b] = await Promise.all([checkPendingOrder(), checkPendingOrder()])
    expect(a).toEqual(b)
    expect(api.calls).toHaveLength(1)
    expect(getItem('pendingOrder')?.times).toBe(1)
  })
})
