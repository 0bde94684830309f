import { ENDPOINTS, type EndpointPath } from '../../src/contract/endpoints'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13500000001')).token
})
afterAll(() => s.close())

const huge = 'x'.repeat(100_000)

/** Bad inputs per endpoint: each must get HTTP 200, code 0 and a readable msg — never a 5xx. */
const BAD: Array<[EndpointPath, Record<string, unknown>]> = [
  ['personal.order/preCreate', {}],
  ['personal.order/preCreate', { kind: 'bitcoin' }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: -100 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 12.5 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: '100' }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 1e12 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 999999, amount: 100 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 100, undiscounted_amount: 200 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 6, amount: 100 }],
  ['personal.order/preCreate', { kind: 'oil', shop_id: 6, amount: 100, oil_grade: '100#', pump_no: 1 }],
  ['personal.order/preCreate', { kind: 'card', card_id: 'gold' }],
  ['personal.order/preCreate', { kind: 'product', product_id: 1, quantity: 0 }],
  ['personal.order/preCreate', { kind: 'takeout', shop_id: 1, items: [] }],
  ['personal.order/preCreate', { kind: 'takeout', shop_id: 1, items: [{ id: 3, quantity: 1 }] }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 100, coupon_id: 424242 }],
  ['personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 100, remark: huge }],
  ['personal.order/create', { kind: 'bill', shop_id: 1, amount: 100 }],
  ['personal.order/create', { kind: 'bill', shop_id: 1, amount: 100, client_request_id: 'short' }],
  ['personal.order/create', { kind: 'bill', shop_id: 1, amount: 100, client_request_id: huge }],
  ['personal.order/payparam', {}],
  ['personal.order/payparam', { id: 424242, platform: 'h5' }],
  ['personal.order/payparam', { id: 1, platform: 'android' }],
  ['personal.order/payparam', { id: -1, platform: 'h5' }],
  ['personal.order/read', {}],
  ['personal.order/read', { id: 'abc' }],
  ['personal.order/read', { id: '1.5' }],
  ['personal.order/read', { id: '424242' }],
  ['personal.order/read', { id: '99999999999999' }],
  ['personal.order/index', { page: 0 }],
  ['personal.order/index', { page_size: 1000 }],
  ['personal.order/index', { tab: 'secret' }],
  ['personal.order/refund', { id: 424242, reason: 'x' }],
  ['personal.order/refund', { id: 1 }],
  ['personal.order/refund', { id: 1, reason: huge }],
  ['personal.order/orderVerification', { id: 'x' }],
  ['index/getUrlByNumber', {}],
  ['index/getUrlByNumber', { number: 'NOPE' }],
  ['index/getUrlByNumber', { number: huge }],
  ['hui_public.hsh_seckill_prod/index', { session_id: 'x' }],
  ['hui_public.hsh_seckill_prod/read', { id: 424242 }],
  ['hui_public.hsh_seckill_prod/read', {}],
  ['hui_public.hsh_seckill_prod/orderLog', { id: 424242 }],
  ['hui_public.hsh_comment/index', {}],
  ['hui_public.hsh_comment/index', { shop_id: 'x' }],
  ['Captcha/sendSmsCaptcha', {}],
  ['Captcha/sendSmsCaptcha', { phone: '123' }],
  ['Captcha/sendSmsCaptcha', { phone: 13800138000 }],
  ['Captcha/sendSmsCaptcha', { phone: huge }],
  ['wechat/bind', { phone: '13800138000' }],
  ['wechat/bind', { phone: '13800138000', code: '12' }],
  ['wechat/bind', { phone: '13811112222', code: '123456' }],
  ['wechat/getWxAuthCodeUrl', { redirect: 'https://evil.example/' }],
  ['wechat/getWxAuthCodeUrl', {}],
  ['wechat/getOpenID', {}],
  ['wechat/getJSSDKConfig', {}],
  ['wechat/getJSSDKConfig', { url: huge }],
]

describe('bad input gets code 0 and a readable msg, never a 5xx', () => {
  it.each(BAD.map(([path, payload], i) => [i, path, payload] as const))('#%s %s', async (_i, path, payload) => {
    const res = await s.call(ENDPOINTS[path], path, payload, token)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    expect(res.body.msg).toMatch(/\S/)
    expect(res.body.msg).not.toMatch(/undefined|\[object|Error:/)
  })

  it('a body that is not JSON, or too big, is code 0 too', async () => {
    const broken = await s.app.inject({ method: 'POST', url: '/api/personal.order/preCreate', headers: { 'content-type': 'application/json', 'access-token': token }, payload: '{"kind":' })
    expect(broken.statusCode).toBe(200)
    expect(broken.json()).toMatchObject({ code: 0, msg: '请求格式错误' })
    const big = await s.app.inject({ method: 'POST', url: '/api/personal.order/preCreate', headers: { 'content-type': 'application/json', 'access-token': token }, payload: JSON.stringify({ remark: 'x'.repeat(400_000) }) })
    expect(big.json()).toMatchObject({ code: 0, msg: '请求内容过大' })
  })

  it('every endpoint of the contract is served', async () => {
    for (const [path, method] of Object.entries(ENDPOINTS)) {
      const res = await s.app.inject({ method, url: `/api/${path}`, headers: { 'access-token': token } })
      expect([path, res.statusCode]).toEqual([path, 200])
    }
  })
})

describe('site endpoints', () => {
  it('serverInfo, moduleList, cityList, business classes, comments, QR numbers', async () => {
    expect((await s.call('GET', 'index/serverInfo')).body.data).toMatchObject({ version: '1.0.0', version_code: 100 })
    const modules = await s.call<{ modules: Array<{ key: string; path: string }>; banners: unknown[] }>('GET', 'index/moduleList')
    expect(modules.body.data.modules.map((m) => m.key)).toEqual(expect.arrayContaining(['card', 'discountBill', 'oil', 'seckill', 'takeout', 'vMall', 'coupons', 'recruit', 'shopRegister']))
    expect(modules.body.data.banners.length).toBeGreaterThan(0)
    expect((await s.call<{ list: unknown[] }>('GET', 'website.hui_china_city/cityList')).body.data.list.length).toBeGreaterThan(3)
    expect((await s.call<{ list: unknown[] }>('GET', 'hui_shanghu.hs_business_class/index')).body.data.list.length).toBeGreaterThan(3)
    const comments = await s.call<{ list: unknown[]; total: number }>('GET', 'hui_public.hsh_comment/index', { shop_id: 1, page: 2, page_size: 5 })
    expect(comments.body.data.list).toHaveLength(5)
    expect(comments.body.data.total).toBe(14)
    expect((await s.call('GET', 'index/getUrlByNumber', { number: 'SHOP-0001' })).body.data).toEqual({ url: '/pages/payBill/index?shop_id=1' })
  })

  it('flash sales: sessions with states, and masked buyers in the order log', async () => {
    const list = await s.call<{ sessions: Array<{ state: string }>; list: Array<{ state: string }> }>('GET', 'hui_public.hsh_seckill_prod/index')
    expect(list.body.data.sessions.map((x) => x.state)).toEqual(expect.arrayContaining(['upcoming']))
    const found = await s.call<{ list: Array<{ name: string }> }>('GET', 'hui_public.hsh_seckill_prod/index', { keyword: '耳机' })
    expect(found.body.data.list.map((p) => p.name)).toEqual(['蓝牙耳机'])
    expect((await s.call<{ total: number }>('GET', 'hui_public.hsh_seckill_prod/index', { keyword: '%' })).body.data.total).toBe(0)
    const log = await s.call<{ list: unknown[] }>('GET', 'hui_public.hsh_seckill_prod/orderLog', { id: 1 })
    expect(log.body.code).toBe(1)
  })

  it('demo images are served locally as SVG', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/img/shop-1.svg?t=%E5%B7%9D' })
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/)
    expect(res.body).toContain('<svg')
  })
})
