import { pruneSessions } from '../../server/http/routes/account'
import { PRIVACY_VERSION } from '../../src/contract/constants'
import type { SessionInfo } from '../../src/contract/account'
import { SANDBOX_KEY, startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

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

  it('caps codes per phone in any 24 hours (a rolling window: the same at any time of day)', async () => {
    const now = nowMs()
    const insert = (phone: string, at: number) => s.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '000000', ?)", phone, at)
    // Sent 2 minutes ago (this failed between 00:00 and 00:02 with a cap counted from local midnight) …
    for (let i = 0; i < 10; i++) await insert('13900000000', now - 120_000 - i)
    expect((await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13900000000' })).body).toMatchObject({ code: 0, msg: '今日验证码发送次数已达上限' })
    // … or 23 hours ago: still within the day; 25 hours ago: no longer counted.
    for (let i = 0; i < 10; i++) await insert('13900000001', now - 23 * 3_600_000 - i)
    expect((await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13900000001' })).body.code).toBe(0)
    for (let i = 0; i < 10; i++) await insert('13900000002', now - 25 * 3_600_000 - i)
    expect((await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13900000002' })).body.code).toBe(1)
  })

  it('binds with the right code → a token that works; the token is stored only as a hash', async () => {
    const { token, userId } = await s.login('13800138001')
    expect(token.length).toBeGreaterThanOrEqual(40)
    const stored = await s.rows<{ hash: string }>('SELECT hash FROM tokens WHERE user_id = ?', userId)
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
    const row = () => s.row<{ referrer_id: number | null }>('SELECT referrer_id FROM users WHERE id = ?', userId)
    expect((await row()).referrer_id).toBe(sharer.userId)
    await s.run('DELETE FROM sms_codes')
    await s.login('13800138005', { share_user_user_id: String(other.userId) })
    expect((await row()).referrer_id).toBe(sharer.userId)
  })

  it('code -1 for a missing, unknown or expired token', async () => {
    expect((await s.call('GET', 'personal.order/index', {})).body).toMatchObject({ code: -1, msg: '请先登录' })
    expect((await s.call('GET', 'personal.order/index', {}, 'forged')).body.code).toBe(-1)
    const { token, userId } = await s.login('13800138006')
    await s.run('UPDATE tokens SET expires_at = ? WHERE user_id = ?', nowMs() - 1, userId)
    expect((await s.call('GET', 'personal.order/index', {}, token)).body).toMatchObject({ code: -1, msg: '登录已过期，请重新登录' })
  })

  it('answers the WeChat helpers in the seed shape (sandbox)', async () => {
    const url = await s.call<{ url: string }>('GET', 'wechat/getWxAuthCodeUrl', { redirect: '/pages/accountBind/index' })
    expect(url.body.data.url).toMatch(/^\/sandbox\/oauth\?redirect=/)
    const openid = await s.call<{ openid: string }>('GET', 'wechat/getOpenID', { code: 'abc' })
    expect(openid.body.data.openid).toMatch(/^gzh-/)
    const jssdk = await s.call('POST', 'wechat/getJSSDKConfig', { url: 'https://x.test/pages/payBill/index' })
    expect(jssdk.body.data).toEqual({ jssdk: expect.objectContaining({ appId: expect.any(String), timestamp: expect.any(Number), nonceStr: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{40}$/), jsApiList: expect.arrayContaining(['chooseWXPay']) }) })
  })
})

describe('per-client limit on login codes', () => {
  it('one client cannot send codes to phone after phone: the 6th in 10 minutes gets a readable code 0', async () => {
    const limited = await startServer({ smsPerClient: 5 })
    try {
      const answers = []
      for (let i = 0; i < 7; i++) answers.push((await limited.call('POST', 'Captcha/sendSmsCaptcha', { phone: `1380000100${i}` })).body)
      expect(answers.slice(0, 5).map((a) => a.code)).toEqual([1, 1, 1, 1, 1])
      for (const a of answers.slice(5)) {
        expect(a).toMatchObject({ code: 0, data: null })
        expect(a.msg).toMatch(/^获取验证码太频繁，请 \d+ 分钟后再试$/)
      }
      // Another client (address) is not held back by the first one.
      const other = await limited.app.inject({ method: 'POST', url: '/api/Captcha/sendSmsCaptcha', remoteAddress: '10.0.0.9', payload: { phone: '13800001009' } })
      expect(other.json().code).toBe(1)
    } finally {
      await limited.close()
    }
  })
})

describe('sessions', () => {
  const sessions = (tok: string) => s.call<{ list: SessionInfo[] }>('GET', 'personal.user/sessions', {}, tok)

  it('logout revokes the token on the server; logging out again (or with no token) is fine', async () => {
    const { token } = await s.login('13800138100')
    expect((await s.call('POST', 'personal.user/logout', {}, token)).body).toMatchObject({ code: 1, data: { revoked: true } })
    expect((await s.call('GET', 'personal.order/index', {}, token)).body.code).toBe(-1)
    expect((await s.call('POST', 'personal.user/logout', {}, token)).body).toMatchObject({ code: 1, data: { revoked: false } })
    expect((await s.call('POST', 'personal.user/logout', {})).body).toMatchObject({ code: 1, data: { revoked: false } })
  })

  it('a shopper sees their devices and ends another one; never someone else\'s', async () => {
    const phone = '13800138101'
    const first = await s.login(phone)
    await s.run('DELETE FROM sms_codes')
    const second = await s.login(phone)
    const stranger = await s.login('13800138102')
    const list = (await sessions(first.token)).body.data.list
    expect(list).toHaveLength(2)
    expect(list.filter((x) => x.current)).toHaveLength(1)
    expect(list[0]).toMatchObject({ device: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })
    const other = list.find((x) => !x.current) as SessionInfo
    // The stranger cannot end it, and does not learn it exists.
    expect((await s.call('POST', 'personal.user/endSession', { id: other.id }, stranger.token)).body).toMatchObject({ code: 0, msg: '该登录设备不存在' })
    expect((await s.call('GET', 'personal.order/index', {}, second.token)).body.code).toBe(1)
    expect((await s.call('POST', 'personal.user/endSession', { id: other.id }, first.token)).body).toMatchObject({ code: 1, data: { ended: true } })
    expect((await s.call('GET', 'personal.order/index', {}, second.token)).body.code).toBe(-1)
    expect((await sessions(first.token)).body.data.list).toHaveLength(1)
  })

  it('names the device from its User-Agent', async () => {
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13800138103' })
    const outbox = await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone: '13800138103' })
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40'
    const bind = await s.app.inject({ method: 'POST', url: '/api/wechat/bind', headers: { 'user-agent': ua }, payload: { phone: '13800138103', code: outbox.body.data.list[0].code } })
    const list = (await sessions(bind.json().data.token)).body.data.list
    expect(list[0].device).toBe('H5 · WeChat / iOS')
  })

  it('prunes expired sessions and day-old login codes; used codes lose their digits', async () => {
    const { userId } = await s.login('13800138104')
    const now = nowMs()
    await s.run('UPDATE tokens SET expires_at = ? WHERE user_id = ?', now - 1, userId)
    await s.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES ('13800138105', 'bind', '123456', ?)", now - 25 * 3_600_000)
    const pruned = await pruneSessions(s.app.q, now)
    expect(pruned).toEqual({ tokens: 1, codes: 1 })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM tokens WHERE user_id = ?', userId)).n).toBe(0)
    const used = await s.rows<{ code: string }>("SELECT code FROM sms_codes WHERE phone = '13800138104'")
    expect(used).toEqual([{ code: '' }])
  })

  it('records the privacy notice the shopper agreed to at bind', async () => {
    const { userId } = await s.login('13800138106', { privacy_version: PRIVACY_VERSION })
    expect(await s.row('SELECT privacy_version, privacy_agreed_at FROM users WHERE id = ?', userId)).toEqual({ privacy_version: PRIVACY_VERSION, privacy_agreed_at: expect.any(String) })
  })
})

describe('account deletion', () => {
  it('erases the person, keeps the order and payment records anonymised, and frees the phone for a new account', async () => {
    const phone = '13800138110'
    const { token, userId } = await s.login(phone)
    await s.call('POST', 'personal.address/save', { name: '王五', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北路 1 号' }, token)
    const addressId = (await s.row<{ id: number }>('SELECT id FROM addresses WHERE user_id = ?', userId)).id
    const paid = (await s.call<{ order_info: { id: number; pay_amount: number } }>('POST', 'personal.order/create', { kind: 'takeout', shop_id: 19, items: [{ id: 32, quantity: 1 }], address_id: addressId, client_request_id: 'delete-takeout-1' }, token)).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: paid.id, platform: 'weapp' }, token)
    await s.call('POST', 'sandbox/confirmPay', { id: paid.id, result: 'success' })
    // Paid two days ago: delivered by now (a takeout paid within the day would block the deletion: deletion.test.ts).
    await s.run("UPDATE orders SET pay_time = '2020-01-01 12:00:00' WHERE id = ?", paid.id)
    const unpaid = (await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 3000, client_request_id: 'delete-bill-1' }, token)).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: unpaid.id, platform: 'h5', pay_channel: 6 }, token)

    expect((await s.call('POST', 'personal.user/delete', {}, token)).body.code).toBe(0) // confirm is required
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, token)).body).toMatchObject({ code: 1, data: { deleted: true } })

    expect((await s.call('GET', 'personal.user/info', {}, token)).body.code).toBe(-1)
    const user = await s.row<Record<string, unknown>>('SELECT phone, nickname, wx_openid, deleted_at FROM users WHERE id = ?', userId)
    expect(user).toMatchObject({ phone: `deleted:${userId}`, nickname: '已注销用户', wx_openid: null, deleted_at: expect.any(String) })
    expect((await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', userId)).n).toBe(0)
    // Orders and payments stay for the accounts; the unpaid one is cancelled with its trade closed.
    const orders = await s.rows<{ id: number; status: number; detail: string }>('SELECT id, status, detail FROM orders WHERE user_id = ? ORDER BY id', userId)
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      [paid.id, 10],
      [unpaid.id, 50],
    ])
    // What was bought stays; the delivery address and remark go (every piece of it: deletion.test.ts).
    const kept = JSON.parse(orders[0].detail) as Record<string, unknown>
    expect(kept).not.toHaveProperty('address')
    expect(kept).not.toHaveProperty('remark')
    expect(kept.items).toEqual([expect.objectContaining({ id: 32, quantity: 1 })])
    expect(await s.row('SELECT status FROM payments WHERE order_id = ?', unpaid.id)).toEqual({ status: 'closed' })

    const again = await s.login(phone)
    expect(again.userId).not.toBe(userId)
    expect((await s.call<{ total: number }>('GET', 'personal.order/index', {}, again.token)).body.data.total).toBe(0)
  })

  it('is refused while an order is being refunded', async () => {
    const { token } = await s.login('13800138111')
    const order = (await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 3000, client_request_id: 'delete-refund-1' }, token)).body.data.order_info
    await s.call('POST', 'personal.order/payparam', { id: order.id, platform: 'weapp' }, token)
    await s.call('POST', 'sandbox/confirmPay', { id: order.id, result: 'success' })
    await s.call('POST', 'personal.order/refund', { id: order.id, reason: '不想要了' }, token)
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, token)).body).toMatchObject({
      code: 0,
      reason: 'account_has_open_orders',
      data: { orders: [{ id: order.id, kind: 'bill', order_status: 60 }] },
    })
    expect((await s.call('GET', 'personal.user/info', {}, token)).body.code).toBe(1)
  })
})

describe('safe defaults: the sandbox', () => {
  it('the sandbox helpers answer only with the per-start key', async () => {
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone: '13800138120' })
    const noKey = await s.app.inject({ method: 'GET', url: '/api/sandbox/smsOutbox?phone=13800138120' })
    expect(noKey.statusCode).toBe(403)
    expect(noKey.json()).toMatchObject({ code: 0, data: null })
    expect(noKey.body).not.toMatch(/"code":"\d{6}"/)
    const wrongKey = await s.app.inject({ method: 'POST', url: '/api/sandbox/confirmPay', headers: { 'x-sandbox-key': 'guess' }, payload: { id: 1, result: 'success' } })
    expect(wrongKey.json().code).toBe(0)
    const withKey = await s.app.inject({ method: 'GET', url: '/api/sandbox/smsOutbox?phone=13800138120', headers: { 'x-sandbox-key': SANDBOX_KEY } })
    expect(withKey.json().data.list[0].code).toMatch(/^\d{6}$/)
  })

  it('the OAuth stand-in never sends the shopper to another site', async () => {
    for (const evil of ['/\\evil.example', '//evil.example', 'https://evil.example', '/\\/evil.example', '/ok path']) {
      const res = await s.app.inject({ method: 'GET', url: `/sandbox/oauth?redirect=${encodeURIComponent(evil)}` })
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toMatch(/^\/\?code=sandbox-[0-9a-f]{16}$/)
    }
    const good = await s.app.inject({ method: 'GET', url: `/sandbox/oauth?redirect=${encodeURIComponent('/pages/accountBind/index?redirect=x')}` })
    expect(good.headers.location).toMatch(/^\/pages\/accountBind\/index\?redirect=x&code=sandbox-/)
  })
})

describe('safe defaults: outside the sandbox (NODE_ENV=production)', () => {
  let prod: TestServer
  beforeEach(async () => {
    prod = await startServer({ sandbox: false })
  })
  afterEach(() => prod.close())

  it('has no sandbox helpers, cashier or OAuth stand-in', async () => {
    for (const [method, url] of [['GET', '/api/sandbox/smsOutbox?phone=13800138000'], ['POST', '/api/sandbox/confirmPay'], ['GET', '/sandbox/cashier?trade_no=T1'], ['GET', '/sandbox/oauth?redirect=/']] as const) {
      const res = await prod.app.inject({ method, url, headers: { 'x-sandbox-key': SANDBOX_KEY } })
      expect(res.statusCode).toBe(404)
    }
  })

  it('the WeChat stand-ins refuse with "not configured" instead of inventing an identity', async () => {
    expect((await prod.call('GET', 'wechat/getOpenID', { code: 'abc' })).body).toMatchObject({ code: 0, msg: '微信登录未配置，请使用手机号验证码登录', data: null })
    expect((await prod.call('GET', 'wechat/getWxAuthCodeUrl', { redirect: '/pages/accountBind/index' })).body.code).toBe(0)
    expect((await prod.call('POST', 'wechat/getJSSDKConfig', { url: 'https://x.test/' })).body).toMatchObject({ code: 0, msg: '微信 JSSDK 未配置' })
    // bind with a client-sent openid or login code is refused; with the SMS code alone it works.
    const phone = '13800138130'
    await prod.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '123456', ?)", phone, nowMs())
    expect((await prod.call('POST', 'wechat/bind', { phone, code: '123456', openid: 'gzh-someone-else' })).body).toMatchObject({ code: 0, msg: '微信登录未配置，请使用手机号验证码登录' })
    expect((await prod.call('POST', 'wechat/bind', { phone, code: '123456', wx_code: 'any' })).body.code).toBe(0)
    const ok = await prod.call<{ token: string }>('POST', 'wechat/bind', { phone, code: '123456' })
    expect(ok.body.code).toBe(1)
    // No provider: paying is refused in words, never a cashier that cannot exist.
    const order = await prod.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 3000, client_request_id: 'prod-bill-1' }, ok.body.data.token)
    expect((await prod.call('POST', 'personal.order/payparam', { id: order.body.data.order_info.id, platform: 'h5', pay_channel: 6 }, ok.body.data.token)).body).toMatchObject({ code: 0, msg: '在线支付暂未开通，请到店支付' })
  })
})
