import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeEach(async () => {
  s = await startServer()
})
afterEach(() => s.close())

describe('SMS captcha and bind', () => {
  it('sends a code to the outbox and refuses a resend within 60 s', async () => {
    const first = await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13800138000' })
    expect(first.body).toMatchObject({ code: 1, data: { resend_in: 60 } })
    const outbox = await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone: '13800138000' })
    expect(outbox.body.data.list[0].code).toMatch(/^\d{6}$/)
    const again = await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13800138000' })
    expect(again.body.code).toBe(0)
    expect(again.body.msg).toMatch(/秒后再试/)
  })

  it('caps codes per phone per day', async () => {
    const now = Date.now()
    for (let i = 0; i < 10; i++) s.app.db.prepare("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES ('13900000000', 'bind', '000000', ?)").run(now - 120_000 - i)
    const res = await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13900000000' })
    expect(res.body).toMatchObject({ code: 0, msg: '今日验证码发送次数已达上限' })
  })

  it('binds with the right code → a token that works; the token is stored only as a hash', async () => {
    const { token, userId } = await s.login('13800138001')
    expect(token.length).toBeGreaterThanOrEqual(40)
    const stored = s.app.db.prepare('SELECT hash FROM tokens WHERE user_id = ?').all(userId) as Array<{ hash: string }>
    expect(stored.map((r) => r.hash)).not.toContain(token)
    const orders = await s.call('GET', 'personal.order/index', {}, token)
    expect(orders.body.code).toBe(1)
  })

  it('refuses a wrong code, and after 5 wrong tries the code is dead', async () => {
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13800138002' })
    const outbox = await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone: '13800138002' })
    const right = outbox.body.data.list[0].code
    const wrong = right === '111111' ? '222222' : '111111'
    for (let i = 0; i < 5; i++) expect((await s.call('POST', 'wechat/bind', { phone: '13800138002', code: wrong })).body.msg).toBe('验证码错误')
    expect((await s.call('POST', 'wechat/bind', { phone: '13800138002', code: right })).body.msg).toMatch(/次数过多/)
  })

  it('records the sharer as referrer on the first bind only', async () => {
    const sharer = await s.login('13800138003')
    const other = await s.login('13800138004')
    const { userId } = await s.login('13800138005', { share_user_user_id: String(sharer.userId) })
    const row = () => s.app.db.prepare('SELECT referrer_id FROM users WHERE id = ?').get(userId) as { referrer_id: number | null }
    expect(row().referrer_id).toBe(sharer.userId)
    s.app.db.prepare('DELETE FROM sms_codes').run()
    await s.login('13800138005', { share_user_user_id: String(other.userId) })
    expect(row().referrer_id).toBe(sharer.userId)
  })

  it('code -1 for a missing, unknown or expired token', async () => {
    expect((await s.call('GET', 'personal.order/index', {})).body).toMatchObject({ code: -1, msg: '请先登录' })
    expect((await s.call('GET', 'personal.order/index', {}, 'forged')).body.code).toBe(-1)
    const { token, userId } = await s.login('13800138006')
    s.app.db.prepare('UPDATE tokens SET expires_at = ? WHERE user_id = ?').run(Date.now() - 1, userId)
    expect((await s.call('GET', 'personal.order/index', {}, token)).body).toMatchObject({ code: -1, msg: '登录已过期，请重新登录' })
  })

  it('answers the WeChat helpers in the seed shape', async () => {
    const url = await s.call<{ url: string }>('GET', 'wechat/getWxAuthCodeUrl', { redirect: '/pages/accountBind/index' })
    expect(url.body.data.url).toMatch(/^\/sandbox\/oauth\?redirect=/)
    const openid = await s.call<{ openid: string }>('GET', 'wechat/getOpenID', { code: 'abc' })
    expect(openid.body.data.openid).toMatch(/^gzh-/)
    const jssdk = await s.call('POST', 'wechat/getJSSDKConfig', { url: 'https://x.test/pages/payBill/index' })
    expect(jssdk.body.data).toEqual({ jssdk: expect.objectContaining({ appId: expect.any(String), timestamp: expect.any(Number), nonceStr: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{40}$/), jsApiList: expect.arrayContaining(['chooseWXPay']) }) })
  })
})
