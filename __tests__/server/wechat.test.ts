/**
 * WeChat login and WeChat's server API through the real client (server/providers/wechat/api.ts, issue 40) against a local
 * double of api.weixin.qq.com (__tests__/doubles/wechat.ts): the mini-program's jscode2session and its error codes, the
 * one-tap phone number and its fallbacks, the official account's OAuth with a signed state, the JSSDK signature, the
 * access_token kept in the database (refreshed once on an expired answer; one forced refresh for two processes), and the
 * session key that never leaves the server. The sandbox is off (as in production) unless a test needs its helpers.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/http/app'
import { readWechatConfig, type WechatConfig } from '../../server/providers/wechat/config'
import { FORCE_GAP_MS } from '../../server/providers/wechat/api'
import { nowMs } from '../../server/time'
import { startWechatDouble, type WechatDouble } from '../doubles/wechat'
import { startServer, type TestServer } from './helpers'

let double: WechatDouble
let config: WechatConfig
let s: TestServer
const logged: string[] = []
const log = new Writable({ write: (chunk: Buffer, _enc, done) => (logged.push(chunk.toString()), done()) })
const WAITS = { timeoutMs: 3000, pollMs: 10, polls: 500 }

let n = 0
const newPhone = () => `1360000${String(4000 + ++n).padStart(4, '0')}`
/** A login code row as Captcha/sendSmsCaptcha stores it (these servers have no sender: the SMS half is sms.test.ts's). */
async function smsCode(phone: string, server = s): Promise<string> {
  await server.run("INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, 'bind', '123456', ?)", phone, nowMs())
  return '123456'
}

beforeAll(async () => {
  double = await startWechatDouble()
  config = readWechatConfig(double.env()) as WechatConfig
  s = await startServer({ sandbox: false, wechat: config, wechatOptions: WAITS, logStream: log })
})
afterAll(async () => {
  await s.close()
  await double.close()
})

describe('mini-program login (jscode2session)', () => {
  it("binds the shopper's openid and unionid; the session key is in no answer, row or log line", async () => {
    const phone = newPhone()
    const res = await s.call<{ token: string; user: { id: number } }>('POST', 'wechat/bind', { phone, code: await smsCode(phone), wx_code: 'mp-person-1' })
    expect(res.body.code).toBe(1)
    const row = await s.row<{ wx_openid: string; wx_unionid: string }>('SELECT wx_openid, wx_unionid FROM users WHERE id = ?', res.body.data.user.id)
    expect(row.wx_openid).toMatch(/^o[0-9a-f]{27}$/)
    expect(row.wx_unionid).toMatch(/^u[0-9a-f]{27}$/)
    expect(double.sessionKeys.length).toBeGreaterThan(0)
    const everything = `${JSON.stringify(res.body)}\n${logged.join('')}\n${JSON.stringify(await s.rows('SELECT * FROM users WHERE id = ?', res.body.data.user.id))}`
    for (const key of double.sessionKeys) expect(everything).not.toContain(key)
    expect(everything).not.toContain(double.mp.secret)
  })

  it('answers WeChat error codes with reasons, and the SMS code is still good for a second try', async () => {
    const phone = newPhone()
    const code = await smsCode(phone)
    const bind = (wx_code: string) => s.call('POST', 'wechat/bind', { phone, code, wx_code })
    expect((await bind('bad-code')).body).toMatchObject({ code: 0, reason: 'wechat_code_invalid' })
    expect((await bind('risky-1')).body).toMatchObject({ code: 0, reason: 'wechat_login_refused' })
    expect((await bind('busy-1')).body).toMatchObject({ code: 0, reason: 'wechat_unavailable' })
    double.failNext('/sns/jscode2session', '5xx')
    expect((await bind('mp-person-2')).body).toMatchObject({ code: 0, reason: 'wechat_unavailable' })
    expect((await bind('mp-person-2')).body.code).toBe(1)
    // A login code is good once: WeChat's 40163.
    const again = newPhone()
    expect((await s.call('POST', 'wechat/bind', { phone: again, code: await smsCode(again), wx_code: 'mp-person-2' })).body).toMatchObject({ code: 0, reason: 'wechat_code_invalid' })
  })

  it('without the mini-program configured a login code is refused rather than believed (wechat_login_not_configured)', async () => {
    const bare = await startServer({ sandbox: false })
    try {
      const phone = newPhone()
      expect((await bare.call('POST', 'wechat/bind', { phone, code: await smsCode(phone, bare), wx_code: 'mp-person-3' })).body).toMatchObject({ reason: 'wechat_login_not_configured' })
    } finally {
      await bare.close()
    }
  })
})

describe('the one-tap phone number (getuserphonenumber)', () => {
  it('signs the shopper in with the number WeChat verified, with the openid of the login code', async () => {
    const res = await s.call<{ user: { phone: string; id: number } }>('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009001', wx_code: 'mp-person-4', privacy_version: '1' })
    expect(res.body).toMatchObject({ code: 1, data: { user: { phone: '13600009001' } } })
    expect((await s.row<{ wx_openid: string | null }>('SELECT wx_openid FROM users WHERE id = ?', res.body.data.user.id)).wx_openid).toMatch(/^o/)
  })

  it('a spent quota (1400001) or a mini-program not allowed (48001) falls back to SMS; a used code asks again', async () => {
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'quota-1' })).body).toMatchObject({ code: 0, reason: 'wechat_phone_unavailable', msg: '微信手机号快捷登录暂不可用，请使用短信验证码登录' })
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'nopermission-1' })).body).toMatchObject({ reason: 'wechat_phone_unavailable' })
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009001' })).body).toMatchObject({ reason: 'wechat_code_invalid' })
    const bare = await startServer({ sandbox: false })
    try {
      expect((await bare.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009002' })).body).toMatchObject({ reason: 'wechat_phone_unavailable' })
    } finally {
      await bare.close()
    }
  })
})

describe("the mini-program's access_token, kept in the database", () => {
  it('is asked for once and shared; an expired one is refreshed once and the call made again', async () => {
    const calls = () => double.tokenCalls[double.mp.appId] ?? 0
    const forced = () => double.forcedRefreshes[double.mp.appId] ?? 0
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009003' })).body.code).toBe(1)
    const asked = calls()
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009004' })).body.code).toBe(1)
    expect(calls()).toBe(asked)
    const stored = await s.row<{ value: string; expires_at: number }>("SELECT value, expires_at FROM wechat_tokens WHERE app_id = ? AND kind = 'access_token'", double.mp.appId)
    expect(stored.value).toBe(double.currentToken('mp'))

    double.expireToken('mp')
    const forcedBefore = forced()
    const phonesBefore = double.phoneCalls
    expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009005' })).body).toMatchObject({ code: 1, data: { user: { phone: '13600009005' } } })
    expect(forced() - forcedBefore).toBe(1)
    // The call answered 42001 once, then went through with the new token.
    expect(double.phoneCalls - phonesBefore).toBe(2)
    expect((await s.row<{ value: string }>("SELECT value FROM wechat_tokens WHERE app_id = ? AND kind = 'access_token'", double.mp.appId)).value).toBe(double.currentToken('mp'))
  })

  let clock: jest.SpyInstance | null = null
  afterEach(() => clock?.mockRestore())

  it('two processes on one database refused at once force one refresh between them', async () => {
    const second = await anotherProcess(s)
    try {
      const forced = () => double.forcedRefreshes[double.mp.appId] ?? 0
      // Both hold the same token (the second reads it from the database: no stable_token call of its own).
      expect((await s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009010' })).body.code).toBe(1)
      const asked = double.tokenCalls[double.mp.appId] ?? 0
      expect((await api(second, 'wechat/phoneLogin', { phone_code: 'phone:13600009006' })).code).toBe(1)
      expect(double.tokenCalls[double.mp.appId] ?? 0).toBe(asked)

      // The test before forced one a moment ago: at most one in 30 s over all processes, so the clock moves past that.
      const realNow = Date.now.bind(Date)
      clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + FORCE_GAP_MS + 1000)
      double.expireToken('mp')
      const before = forced()
      const [a, b] = await Promise.all([s.call('POST', 'wechat/phoneLogin', { phone_code: 'phone:13600009007' }), api(second, 'wechat/phoneLogin', { phone_code: 'phone:13600009008' })])
      expect([a.body, b]).toEqual([expect.objectContaining({ code: 1 }), expect.objectContaining({ code: 1 })])
      expect(forced() - before).toBe(1)
    } finally {
      await second.close()
    }
  })

  it('refused again within 30 s: no second forced refresh (WeChat allows 20 a day); the shopper is told to try again', async () => {
    const impatient = await anotherProcess(s, { ...WAITS, polls: 3 })
    try {
      const forced = () => double.forcedRefreshes[double.mp.appId] ?? 0
      expect((await api(impatient, 'wechat/phoneLogin', { phone_code: 'phone:13600009011' })).code).toBe(1)
      double.expireToken('mp')
      const before = forced()
      expect(await api(impatient, 'wechat/phoneLogin', { phone_code: 'phone:13600009012' })).toMatchObject({ code: 0, reason: 'wechat_unavailable' })
      expect(forced()).toBe(before)
      // 30 s on, the next refusal may force one.
      const realNow = Date.now.bind(Date)
      clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * (FORCE_GAP_MS + 1000))
      expect((await api(impatient, 'wechat/phoneLogin', { phone_code: 'phone:13600009012' })).code).toBe(1)
      expect(forced()).toBe(before + 1)
    } finally {
      await impatient.close()
    }
  })
})

describe('H5 inside WeChat: the official account', () => {
  it('OAuth snsapi_base: the authorize URL carries a state the server checks; the code gives the openid', async () => {
    const res = await s.call<{ url: string }>('GET', 'wechat/getWxAuthCodeUrl', { redirect: '/pages/accountBind/index?redirect=%2Fpages%2Fcard%2Findex' })
    const url = new URL(res.body.data.url)
    expect(url.origin + url.pathname).toBe(`${double.url}/connect/oauth2/authorize`)
    expect(url.hash).toBe('#wechat_redirect')
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state'])
    expect(url.searchParams.get('scope')).toBe('snsapi_base')
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:80/pages/accountBind/index?redirect=%2Fpages%2Fcard%2Findex')
    // WeChat sends the browser back with a code and the state.
    const back = new URL(String((await fetch(res.body.data.url.split('#')[0], { redirect: 'manual' })).headers.get('location')))
    const state = String(back.searchParams.get('state'))
    const code = String(back.searchParams.get('code'))
    expect((await s.call('GET', 'wechat/getOpenID', { code, state: `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` })).body).toMatchObject({ reason: 'wechat_oauth_state_invalid' })
    expect((await s.call('GET', 'wechat/getOpenID', { code })).body).toMatchObject({ reason: 'wechat_oauth_state_invalid' })
    const openid = await s.call<{ openid: string }>('GET', 'wechat/getOpenID', { code, state })
    expect(openid.body).toMatchObject({ code: 1, data: { openid: expect.stringMatching(/^oG/) } })
    expect(JSON.stringify(openid.body)).not.toContain('OAUTH_')
    // Used once.
    expect((await s.call('GET', 'wechat/getOpenID', { code, state })).body).toMatchObject({ reason: 'wechat_code_invalid' })
  })

  it("the JSSDK signature: sha1 over the shared jsapi_ticket, only for this site's pages, the #fragment left out", async () => {
    const page = 'http://localhost/pages/payBill/index?shop_id=1'
    const res = await s.call<{ jssdk: { appId: string; timestamp: number; nonceStr: string; signature: string } }>('POST', 'wechat/getJSSDKConfig', { url: `${page}#top` })
    expect(res.body.code).toBe(1)
    const { appId, timestamp, nonceStr, signature } = res.body.data.jssdk
    expect(appId).toBe(double.gzh.appId)
    const ticket = (await s.row<{ value: string }>("SELECT value FROM wechat_tokens WHERE app_id = ? AND kind = 'jsapi_ticket'", double.gzh.appId)).value
    expect(signature).toBe(crypto.createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex'))
    const tickets = double.ticketCalls
    expect((await s.call('POST', 'wechat/getJSSDKConfig', { url: page })).body.code).toBe(1)
    expect(double.ticketCalls).toBe(tickets)
    expect((await s.call('POST', 'wechat/getJSSDKConfig', { url: 'https://evil.example/pages/payBill/index' })).body).toMatchObject({ code: 0, reason: 'jssdk_url_not_ours' })
  })
})

describe("the staff invite's mini-program code (getwxacodeunlimit)", () => {
  it('the owner gets a PNG of scene i=<code> on the join page; a page WeChat refuses (41030) leaves the link QR code', async () => {
    // The sandbox's demo shops (WeChat configured takes the place of its stand-ins).
    const shops = await startServer({ wechat: config, wechatOptions: WAITS })
    try {
      const owner = await shops.quickUser('13600009020')
      await shops.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, 2, '2026-01-01 00:00:00', 'owner')", owner.userId)
      const made = await shops.call<{ invite: { code: string } }>('POST', 'hui_shanghu.store_staff/invite', {}, owner.token)
      const code = made.body.data.invite.code
      const res = await shops.call<{ image: string | null }>('POST', 'hui_shanghu.store_staff/inviteCode', { code }, owner.token)
      expect(res.body.data.image).toMatch(/^data:image\/png;base64,/)
      expect(Buffer.from(String(res.body.data.image).split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG')
      expect(double.codeRequests.at(-1)).toEqual({ scene: `i=${code}`, page: 'pages/store/join', check_path: true, env_version: 'release' })
      expect(`i=${code}`.length).toBeLessThanOrEqual(32)

      double.releasedPages.clear()
      expect((await shops.call('POST', 'hui_shanghu.store_staff/inviteCode', { code }, owner.token)).body).toMatchObject({ code: 1, data: { image: null } })
      // Another store's invite, or a colleague who is not the owner: refused.
      const other = await shops.quickUser('13600009021')
      await shops.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, 3, '2026-01-01 00:00:00', 'owner')", other.userId)
      expect((await shops.call('POST', 'hui_shanghu.store_staff/inviteCode', { code }, other.token)).body).toMatchObject({ code: 0, reason: 'staff_invite_not_found' })
    } finally {
      double.releasedPages.add('pages/store/join')
      await shops.close()
    }
    // While developing (WX_CODE_CHECK_PATH=0): an unreleased page is accepted.
    const developing = await startServer({ wechat: { ...config, checkPath: false, invitePage: 'pages/store/joinNew', mpState: 'developer' }, wechatOptions: WAITS })
    try {
      const owner = await developing.quickUser('13600009022')
      await developing.run("INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, 2, '2026-01-01 00:00:00', 'owner')", owner.userId)
      const code = (await developing.call<{ invite: { code: string } }>('POST', 'hui_shanghu.store_staff/invite', {}, owner.token)).body.data.invite.code
      expect((await developing.call<{ image: string | null }>('POST', 'hui_shanghu.store_staff/inviteCode', { code }, owner.token)).body.data.image).toMatch(/^data:image\/png/)
      expect(double.codeRequests.at(-1)).toMatchObject({ page: 'pages/store/joinNew', check_path: false, env_version: 'develop' })
    } finally {
      await developing.close()
    }
  })
})

describe('configuration', () => {
  it('each app is an app id with its AppSecret; a wrong or lone one stops the start naming the variable', () => {
    expect(readWechatConfig({})).toBeNull()
    expect(() => readWechatConfig({ WX_MP_APPID: double.mp.appId })).toThrow(/^WX_MP_SECRET: not set/)
    expect(() => readWechatConfig({ WX_GZH_APPID: 'wx123', WX_GZH_SECRET: double.gzh.secret })).toThrow(/^WX_GZH_APPID: /)
    expect(() => readWechatConfig({ ...double.env(), WX_CODE_CHECK_PATH: 'maybe' })).toThrow(/^WX_CODE_CHECK_PATH: /)
    expect(readWechatConfig({ ...double.env(), WX_CODE_CHECK_PATH: '0' })).toMatchObject({ checkPath: false, invitePage: 'pages/store/join', mpState: 'formal' })
    // WeChat's secrets never go out in the clear: http only to this machine (the doubles).
    expect(() => readWechatConfig({ ...double.env(), WX_API_BASE: 'http://api.example.com' })).toThrow(/^WX_API_BASE: .* is not an https origin/)
  })
})

/** Another server process on the same database (SQLite's file, or the same PostgreSQL database), with WeChat configured. */
async function anotherProcess(server: TestServer, waits = WAITS): Promise<FastifyInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-second-'))
  const app = await buildApp({
    dbPath: server.databaseUrl ? path.join(dir, 'seed.sqlite') : path.join(server.dir, 'test.sqlite'),
    databaseUrl: server.databaseUrl ?? undefined,
    sandbox: false,
    smsPerClient: 1000,
    wechat: config,
    wechatOptions: waits,
  })
  app.addHook('onClose', async () => fs.rmSync(dir, { recursive: true, force: true }))
  return app
}

async function api(app: FastifyInstance, url: string, payload: Record<string, unknown>): Promise<{ code: number; reason?: string }> {
  return (await app.inject({ method: 'POST', url: `/api/${url}`, payload })).json()
}
