import Taro from '@tarojs/taro'
import { HEADER_TOKEN } from '@/contract/envelope'
import { getItem, setItem } from '@/core/storage'
import { logout } from '@/core/logout'
import { fakeApi, OFFLINE, PENDING } from '../support/fakeApi'

afterEach(() => jest.restoreAllMocks())

function loggedIn() {
  setItem('token', 'tok-1')
  setItem('userIds', { storeId: 3 })
  setItem('myUserId', 7)
}

describe('logout', () => {
  it('asks the server to revoke the token it had, and forgets it here', async () => {
    loggedIn()
    const { calls } = fakeApi({ 'personal.user/logout': () => ({ revoked: true }) })
    const answer = logout()
    // Forgotten at once, before the server has answered.
    expect(getItem('token')).toBeUndefined()
    await expect(answer).resolves.toBe(true)
    expect(calls).toHaveLength(1)
    const req = calls[0]
    expect(req.url).toMatch(/\/api\/personal\.user\/logout$/)
    expect(req.method).toBe('POST')
    expect(req.headers[HEADER_TOKEN]).toBe('tok-1')
    expect(getItem('userIds')).toBeUndefined()
    expect(getItem('myUserId')).toBeUndefined()
  })

  it('network down: still logged out here, and says the server did not confirm', async () => {
    loggedIn()
    fakeApi({ 'personal.user/logout': () => OFFLINE })
    await expect(logout()).resolves.toBe(false)
    expect(getItem('token')).toBeUndefined()
  })

  it('a server that never answers does not keep the shopper logged in', () => {
    loggedIn()
    fakeApi({ 'personal.user/logout': () => PENDING })
    void logout()
    expect(getItem('token')).toBeUndefined()
  })

  it('a -1 answer is not treated as a new expiry: one call, no trip to Authorization, no loop', async () => {
    loggedIn()
    const { calls } = fakeApi({ 'personal.user/logout': () => ({ loginExpired: '请先登录' }) })
    const navigate = jest.spyOn(Taro, 'navigateTo')
    await expect(logout()).resolves.toBe(false)
    expect(calls).toHaveLength(1)
    expect(navigate).not.toHaveBeenCalled()
    expect(getItem('token')).toBeUndefined()
  })

  it('nothing stored: no call at all', async () => {
    const { calls } = fakeApi({ 'personal.user/logout': () => ({ revoked: true }) })
    await expect(logout()).resolves.toBe(true)
    expect(calls).toHaveLength(0)
  })
})
