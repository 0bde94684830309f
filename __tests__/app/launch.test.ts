import Taro from '@tarojs/taro'
import { refreshRolesOnLaunch } from '@/api/roles'
import { getItem, setItem } from '@/core/storage'
import { checkPendingOnShow } from '@/payment/pendingOnShow'
import { checkPendingOnShow as checkPendingOnShowWeapp } from '@/payment/pendingOnShow.weapp'
import { savePendingOrder } from '@/payment/pendingOrder'
import { fakeApi, OFFLINE } from '../support/fakeApi'
import { unpaidOrder } from '../support/fixtures'

afterEach(() => jest.restoreAllMocks())

const profile = (storeId: number | null) => ({
  user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: storeId === null ? null : 70, storeId } },
  card: null,
  order_counts: { unpaid: 0, paid: 0, completed: 0, refund: 0 },
})

describe('launch: roles as the server has them now (issue 12)', () => {
  it('someone made staff since the last read is staff after a launch, without logging in again', async () => {
    setItem('token', 'tok')
    setItem('userIds', {})
    const api = fakeApi({ 'personal.user/info': () => profile(3) })
    await refreshRolesOnLaunch()
    expect(api.called('personal.user/info')).toHaveLength(1)
    expect(getItem('userIds')).toEqual({ userIdBuss: 70, storeId: 3 })
  })

  it('someone no longer staff loses the role', async () => {
    setItem('token', 'tok')
    setItem('userIds', { userIdBuss: 70, storeId: 3 })
    fakeApi({ 'personal.user/info': () => profile(null) })
    await refreshRolesOnLaunch()
    expect(getItem('userIds')).toEqual({})
  })

  it('not signed in: nothing is asked', async () => {
    const api = fakeApi({})
    await refreshRolesOnLaunch()
    expect(api.calls).toHaveLength(0)
  })

  it('an expired session is forgotten quietly: no jump to Authorization at launch', async () => {
    setItem('token', 'old')
    setItem('userIds', { storeId: 3 })
    const nav = jest.spyOn(Taro, 'navigateTo')
    fakeApi({ 'personal.user/info': () => ({ loginExpired: '请先登录' }) })
    await refreshRolesOnLaunch()
    expect(getItem('token')).toBeUndefined()
    expect(getItem('userIds')).toBeUndefined()
    expect(nav).not.toHaveBeenCalled()
  })

  it('offline: what was stored stays', async () => {
    setItem('token', 'tok')
    setItem('userIds', { storeId: 3 })
    fakeApi({ 'personal.user/info': () => OFFLINE })
    await refreshRolesOnLaunch()
    expect(getItem('token')).toBe('tok')
    expect(getItem('userIds')).toEqual({ storeId: 3 })
  })
})

describe.each([
  ['H5 (the check loaded on demand)', checkPendingOnShow],
  ['weapp', checkPendingOnShowWeapp],
])('every show: the pending order, %s', (_, onShow) => {
  it('no order pending: nothing is asked', async () => {
    const api = fakeApi({})
    await onShow()
    expect(api.calls).toHaveLength(0)
  })

  it('an order pending: the server is asked and the attempt counted', async () => {
    savePendingOrder(41, 'bill')
    const api = fakeApi({ 'personal.order/payResult': () => ({ info: unpaidOrder() }) })
    await onShow()
    expect(api.called('personal.order/payResult')).toHaveLength(1)
    expect(getItem('pendingOrder')?.times).toBe(1)
  })
})
