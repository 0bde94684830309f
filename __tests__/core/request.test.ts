import Taro from '@tarojs/taro'
import { clockOffset, resetClock, serverNow } from '@/core/clock'
import { refreshRolesOnLaunch } from '@/api/roles'
import { ApiError, assetUrl, connectRequest, isRefusal, request } from '@/core/request'
import { apiBase } from '@/platform/apiBase'
import { transport } from '@/platform/transport'
import { getItem, removeItem, setItem } from '@/core/storage'
import { fakeApi, OFFLINE, refused } from '../support/fakeApi'
import { order, quote } from '../support/fixtures'

afterEach(() => {
  jest.restoreAllMocks()
  resetClock()
})

describe('request client', () => {
  it('sends Access-Token and Access-Origin, the referral id, and a 60 s timeout; resolves data on code 1', async () => {
    setItem('token', 'tok-123')
    setItem('share_user_user_id', '77')
    const { calls } = fakeApi({ 'personal.order/read': () => ({ info: order({ id: 5 }) }) })
    const data = await request('personal.order/read', { id: 5 })
    expect(data).toEqual({ info: order({ id: 5 }) })
    expect(calls).toHaveLength(1)
    const opts = calls[0]
    expect(opts.url).toBe('/api/personal.order/read')
    expect(opts.method).toBe('GET')
    expect(opts.headers).toEqual({ 'Access-Token': 'tok-123', 'Access-Origin': '' })
    expect(opts.data).toEqual({ id: 5, share_user_user_id: '77', lang: 'zh' })
    expect(opts.timeoutMs).toBe(60000)
    // The token never travels in the URL.
    expect(opts.url).not.toContain('tok-123')
  })

  it('sends an empty token header when logged out and no referral when none is stored (the language always)', async () => {
    const { calls } = fakeApi({ 'personal.order/preCreate': () => quote({ kind: 'card' }) })
    await request('personal.order/preCreate', { kind: 'card', card_id: 1 })
    expect(calls[0].headers).toMatchObject({ 'Access-Token': '' })
    expect(calls[0].data).toEqual({ kind: 'card', card_id: 1, lang: 'zh' })
    expect(calls[0].method).toBe('POST')
  })

  it('rejects a business error (code 0) with the server msg and toasts it for 2 s when asked', async () => {
    fakeApi({ 'personal.order/create': () => ({ business: '库存不足' }) })
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const err = await request('personal.order/create', { kind: 'product', product_id: 1, client_request_id: 'abcdefgh' }, { toastOnError: true }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ kind: 'business', code: 0, status: 200, message: '库存不足' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '库存不足', duration: 2000, icon: 'none' }))
  })

  it("a refusal carries the server's reason and params: the app decides by the reason, whatever the words", async () => {
    fakeApi({ 'personal.order/preCreate': () => refused('coupon_min_spend', 'en', { min: '50.00' }) })
    const err = await request('personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 1000 }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'business', message: 'This coupon needs a minimum spend of ¥50.00', reason: 'coupon_min_spend', params: { min: '50.00' } })
    expect(isRefusal(err, 'coupon_min_spend')).toBe(true)
    expect(isRefusal(err, 'order_not_found', 'shop_not_found')).toBe(false)
    // Words alone (no reason) are no reason: a network failure neither.
    fakeApi({ 'personal.order/read': () => ({ business: '订单不存在' }) })
    const words = await request('personal.order/read', { id: 1 }).catch((e: unknown) => e)
    expect(words).toMatchObject({ reason: null, params: {} })
    expect(isRefusal(words, 'order_not_found')).toBe(false)
    expect(isRefusal(new Error('订单不存在'), 'order_not_found')).toBe(false)
  })

  it('does not toast unless asked', async () => {
    fakeApi({ 'personal.order/read': () => ({ business: 'nope' }) })
    const toast = jest.spyOn(Taro, 'showToast')
    await expect(request('personal.order/read', { id: 1 })).rejects.toMatchObject({ kind: 'business' })
    expect(toast).not.toHaveBeenCalled()
  })

  it('rejects a non-200 answer even with code 1 in the body', async () => {
    fakeApi({ 'personal.order/read': () => ({ http: { status: 500, body: { code: 1, msg: '', data: {} } } }) })
    await expect(request('personal.order/read', { id: 1 })).rejects.toMatchObject({ kind: 'http', status: 500 })
  })

  it('rejects a body that is not an envelope', async () => {
    fakeApi({ 'personal.order/read': () => ({ http: { status: 200, body: '<html>gateway</html>' } }) })
    await expect(request('personal.order/read', { id: 1 })).rejects.toMatchObject({ kind: 'http', status: 200 })
  })

  it('rejects a network failure', async () => {
    fakeApi({ 'personal.order/read': () => OFFLINE })
    await expect(request('personal.order/read', { id: 1 })).rejects.toMatchObject({ kind: 'network', status: 0 })
  })

  it('code -1 clears the token and opens Authorization with a way back', async () => {
    setItem('token', 'old')
    fakeApi({ 'personal.order/read': () => ({ loginExpired: '请登录' }) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/orders/detail', options: { id: '9' } } as unknown as Taro.Page])
    await expect(request('personal.order/read', { id: 9 })).rejects.toMatchObject({ kind: 'auth', code: -1 })
    expect(getItem('token')).toBeUndefined()
    expect(nav).toHaveBeenCalledWith({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/orders/detail?id=9')}` })
  })

  // A call on its way when the shopper left that session (logged out, deleted the account — a CI run's browser test landed
  // on Authorization instead of Me — or signed in anew): its -1 is about a session this device no longer holds.
  it('code -1 to a call sent with a session the shopper has since left: no sign-in screen, the session now kept', async () => {
    for (const [now, after] of [[undefined, undefined], ['new', 'new']] as const) {
      setItem('token', 'old')
      fakeApi({
        'personal.order/read': () => {
          if (now === undefined) removeItem('token')
          else setItem('token', now)
          return { loginExpired: '请登录' }
        },
      })
      const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
      jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/personal/index', options: {} } as unknown as Taro.Page])
      await expect(request('personal.order/read', { id: 9 })).rejects.toMatchObject({ kind: 'auth', code: -1 })
      expect([now, getItem('token'), nav.mock.calls]).toEqual([now, after, []])
      jest.restoreAllMocks()
    }
  })

  // A CI run's browser test: a device whose session was ended elsewhere opened Signed-in devices cold; the launch's own
  // check answered -1 first and forgot the session quietly, so the screen's -1 found no token stored and the shopper
  // stayed on a screen that needs sign-in.
  it("code -1 to a screen's call after the launch forgot that session quietly: Authorization opens, once", async () => {
    setItem('token', 'ended')
    let answerScreens = (): void => undefined
    const screensAnswered = new Promise<void>((resolve) => (answerScreens = resolve))
    fakeApi({
      'personal.user/info': () => ({ loginExpired: '请登录' }),
      'personal.order/read': () => screensAnswered.then(() => ({ loginExpired: '请登录' })),
    })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/orders/detail', options: { id: '9' } } as unknown as Taro.Page])
    // Two of the screen's calls and the launch's check, all sent with the ended session; the launch's answer comes first.
    const screen = [request('personal.order/read', { id: 9 }), request('personal.order/read', { id: 10 })]
    await refreshRolesOnLaunch()
    expect([getItem('token'), nav.mock.calls]).toEqual([undefined, []])
    answerScreens()
    for (const call of screen) await expect(call).rejects.toMatchObject({ kind: 'auth', code: -1 })
    expect(nav.mock.calls).toEqual([[{ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/orders/detail?id=9')}` }]])
  })

  it('learns the server clock from every answer, a refusal too (a phone 10 minutes fast)', async () => {
    const phoneAhead = 10 * 60_000
    fakeApi({ 'personal.order/read': () => ({ business: 'nope' }) }, { serverTime: () => Date.now() - phoneAhead })
    const sent = Date.now()
    await expect(request('personal.order/read', { id: 1 })).rejects.toMatchObject({ kind: 'business' })
    // Off by at most half the round trip (the server stamped its answer somewhere in it) — as long as this one took,
    // not a fixed second a loaded machine could take.
    const roundTrip = Date.now() - sent
    expect(Math.abs(clockOffset() + phoneAhead)).toBeLessThanOrEqual(roundTrip / 2 + 1)
    const before = Date.now()
    const server = serverNow()
    expect(server - (before - phoneAhead)).toBeGreaterThanOrEqual(-(roundTrip / 2 + 1))
    expect(server - (Date.now() - phoneAhead)).toBeLessThanOrEqual(roundTrip / 2 + 1)
  })

  it('an answer without the clock header leaves the phone clock', async () => {
    fakeApi({ 'personal.order/read': () => ({ info: order({ id: 1 }) }) })
    await request('personal.order/read', { id: 1 })
    expect(clockOffset()).toBe(0)
  })

  it('pictures named by path load from the API host where the app has no origin (weapp), and stay as they are on H5', () => {
    // H5: same origin (the jest setup wires the H5 API base, empty).
    expect(assetUrl('/assets/img/shop-1.svg')).toBe('/assets/img/shop-1.svg')
    try {
      connectRequest(transport, () => 'http://10.0.0.2:3000')
      expect(assetUrl('/assets/img/shop-1.svg')).toBe('http://10.0.0.2:3000/assets/img/shop-1.svg')
      expect(assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
      expect(assetUrl('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png')
      expect(assetUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    } finally {
      connectRequest(transport, () => apiBase.base())
    }
  })
})
