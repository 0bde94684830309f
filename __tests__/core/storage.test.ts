import { getItem, removeItem, setItem } from '@/core/storage'

describe('typed storage', () => {
  it('round-trips every key', () => {
    setItem('token', 't')
    setItem('share_user_user_id', '12')
    setItem('h5_wx_gzh_openid', 'oABC')
    setItem('userIds', { userIdAgent: 1, userIdBuss: '2', storeId: 3 })
    setItem('other_parent_id', '5')
    setItem('qrCode', 'Q1')
    setItem('scene', 's=1')
    setItem('pendingOrder', { orderID: 8, times: 2, kind: 'product' })
    setItem('lang', 'en')
    expect(getItem('token')).toBe('t')
    expect(getItem('share_user_user_id')).toBe('12')
    expect(getItem('h5_wx_gzh_openid')).toBe('oABC')
    expect(getItem('userIds')).toEqual({ userIdAgent: 1, userIdBuss: '2', storeId: 3 })
    expect(getItem('other_parent_id')).toBe('5')
    expect(getItem('qrCode')).toBe('Q1')
    expect(getItem('scene')).toBe('s=1')
    expect(getItem('pendingOrder')).toEqual({ orderID: 8, times: 2, kind: 'product' })
    expect(getItem('lang')).toBe('en')
    removeItem('token')
    expect(getItem('token')).toBeUndefined()
  })

  it.each([
    ['pendingOrder', 'not json at all{'],
    ['pendingOrder', JSON.stringify({ data: { orderID: 'x', times: 1 } })],
    ['pendingOrder', JSON.stringify({ data: { orderID: 3, times: -1 } })],
    ['lang', JSON.stringify({ data: 'fr' })],
    ['token', JSON.stringify({ data: 42 })],
    ['userIds', JSON.stringify({ data: [1, 2] })],
    ['city', JSON.stringify({ data: { id: 'a', name: 1 } })],
  ] as const)('an unreadable %s reads as absent: %s', (key, raw) => {
    window.localStorage.setItem(key, raw)
    expect(getItem(key)).toBeUndefined()
  })
})
