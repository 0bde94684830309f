import net from 'node:net'
import type { InjectOptions } from 'fastify'
import { ENDPOINTS, UPLOAD_PATH, type EndpointPath } from '../../src/contract/endpoints'
import { isReason } from '../../src/contract/reasons'
import type { PayparamAnswer } from '../../src/contract/order'
import { signNotification } from '../../server/domain/pay/pay'
import { signRefundNotification } from '../../server/domain/pay/provider'
import { SANDBOX_KEY, SECRET, startServer, type TestServer } from './helpers'
import { MULTIPART, badUploads } from './multipart'

let s: TestServer
let token: string
/** A real trade of the sandbox cashier, for forged notifications against it. */
let tradeNo = ''
let orderId = 0
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13500000001')).token
  const order = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: 'inputs-test-order-1', kind: 'card', card_id: 1 }, token)
  orderId = order.body.data.order_info.id
  const pp = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id: orderId, platform: 'h5', pay_channel: 6 }, token)
  tradeNo = String(pp.body.data.pay_param.pay_url).split('=')[1]
})
afterAll(() => s.close())

/** Every answer of this file's tables, counted: 5xx and non-envelope answers must both stay at 0. A refusal (code 0 / -1) is the envelope only with its reason (src/contract/reasons.ts). */
const tally = { cases: 0, fiveXX: 0, nonEnvelope: 0, offenders: [] as string[] }
function isEnvelope(text: string): boolean {
  try {
    const b = JSON.parse(text) as Record<string, unknown>
    return b !== null && typeof b === 'object' && [1, 0, -1].includes(b.code as number) && typeof b.msg === 'string' && b.msg.length > 0 && 'data' in b && (b.code === 1 || isReason(b.reason))
  } catch {
    return false
  }
}
function count(label: string, status: number, body: string): void {
  tally.cases++
  if (status >= 500) tally.fiveXX++
  if (!isEnvelope(body)) tally.nonEnvelope++
  if (status >= 500 || !isEnvelope(body)) tally.offenders.push(`${label} → ${status} ${body.slice(0, 120)}`)
}

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
    count(path, res.status, JSON.stringify(res.body))
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

/** A token that must never come back in an answer. */
const SECRET_TOKEN = 'tok-must-not-echo-5f1b8c0e9d'
const E64 = 'é'.repeat(64) // 64 characters, 128 bytes: a plain mismatch, not a crash

interface RawCase {
  label: string
  method: InjectOptions['method']
  url: string
  payload?: unknown
  headers?: Record<string, string>
  /** Expected HTTP status (200 unless said) and code (0 unless said). */
  status?: number
  code?: number
}

function notifyCases(url: string, no: 'trade_no' | 'refund_no', sign: (v: string, amount: number) => string): RawCase[] {
  const base = { [no]: 'T0000000000000', result: 'success', amount: 100, sign: 'f'.repeat(64) }
  const c = (label: string, payload: unknown, headers?: Record<string, string>): RawCase => ({ label: `${url} ${label}`, method: 'POST', url, payload, headers })
  return [
    c('empty', {}),
    c('no sign', { ...base, sign: undefined }),
    c(`no ${no}`, { ...base, [no]: undefined }),
    c('amount as a string', { ...base, amount: '100' }),
    c('amount negative', { ...base, amount: -1 }),
    c('amount fractional', { ...base, amount: 1.5 }),
    c('amount huge', { ...base, amount: 1e300 }),
    c('result unknown', { ...base, result: 'maybe' }),
    c(`${no} a number`, { ...base, [no]: 12345 }),
    c(`${no} an object`, { ...base, [no]: { $gt: '' } }),
    c(`${no} huge`, { ...base, [no]: huge }),
    c('sign huge', { ...base, sign: huge }),
    c('sign an array', { ...base, sign: ['f'.repeat(64)] }),
    c('sign 64 × é', { ...base, [no]: tradeNo, sign: E64 }),
    c('sign 64 × é, 64 characters and bytes differ', { ...base, sign: E64 }),
    c('a forged 64-hex sign on a real trade', { ...base, [no]: tradeNo, amount: 9900, sign: 'a'.repeat(64) }),
    c(`an unknown ${no}, correctly signed`, { ...base, [no]: 'T-unknown-424242', sign: sign('T-unknown-424242', 100) }),
    c('a real trade, wrong amount, correctly signed', { ...base, [no]: tradeNo, amount: 1, sign: sign(tradeNo, 1) }),
    c('a JSON array', [base]),
    c('JSON null', 'null', { 'content-type': 'application/json' }),
    c('a JSON string', '"hello"', { 'content-type': 'application/json' }),
    c('broken JSON', '{"trade_no":', { 'content-type': 'application/json' }),
    c('an XML body', '<xml><trade_no>1</trade_no></xml>', { 'content-type': 'application/xml' }),
  ]
}

const KEY = { 'x-sandbox-key': SANDBOX_KEY }
const RAW: () => RawCase[] = () => [
  ...notifyCases('/api/pay/notify', 'trade_no', (v, amount) => signNotification({ trade_no: v, result: 'success', amount }, SECRET)),
  ...notifyCases('/api/pay/refundNotify', 'refund_no', (v, amount) => signRefundNotification({ refund_no: v, result: 'success', amount }, SECRET)),
  // The sandbox helpers: 403 (with the envelope) without the per-start key; bad payloads code 0 with it.
  { label: 'smsOutbox without key', method: 'GET', url: '/api/sandbox/smsOutbox?phone=13500000001', status: 403 },
  { label: 'smsOutbox with a wrong key', method: 'GET', url: '/api/sandbox/smsOutbox?phone=13500000001', headers: { 'x-sandbox-key': 'guess' }, status: 403 },
  { label: 'smsOutbox with a key of other bytes, same length', method: 'GET', url: '/api/sandbox/smsOutbox', headers: { 'x-sandbox-key': 'é'.repeat(SANDBOX_KEY.length) }, status: 403 },
  { label: 'smsOutbox with key, no phone', method: 'GET', url: '/api/sandbox/smsOutbox', headers: KEY, code: 0 },
  { label: 'smsOutbox with key, huge phone', method: 'GET', url: `/api/sandbox/smsOutbox?phone=${'9'.repeat(8000)}`, headers: KEY, code: 0 },
  { label: 'confirmPay without key', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 1, result: 'success' }, status: 403 },
  { label: 'confirmPay with a wrong key', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 1, result: 'success' }, headers: { 'x-sandbox-key': 'x' }, status: 403 },
  { label: 'confirmPay with key, empty', method: 'POST', url: '/api/sandbox/confirmPay', payload: {}, headers: KEY },
  { label: 'confirmPay with key, id a string', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 'x', result: 'success' }, headers: KEY },
  { label: 'confirmPay with key, id negative', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: -1, result: 'success' }, headers: KEY },
  { label: 'confirmPay with key, result unknown', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 1, result: 'maybe' }, headers: KEY },
  { label: 'confirmPay with key, no payment yet', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 424242, result: 'success' }, headers: KEY },
  { label: 'confirmPay with key, huge', method: 'POST', url: '/api/sandbox/confirmPay', payload: { id: 1, result: huge }, headers: KEY },
  { label: 'confirmPay with key, broken JSON', method: 'POST', url: '/api/sandbox/confirmPay', payload: '{"id":', headers: { ...KEY, 'content-type': 'application/json' } },
  // The sandbox cashier's form post (outside /api, but it answers the envelope too).
  { label: 'cashier empty', method: 'POST', url: '/sandbox/cashier', payload: {} },
  { label: 'cashier unknown trade', method: 'POST', url: '/sandbox/cashier', payload: { trade_no: 'T-nope', result: 'success' } },
  { label: 'cashier trade_no a number', method: 'POST', url: '/sandbox/cashier', payload: { trade_no: 42, result: 'success' } },
  { label: 'cashier huge trade_no', method: 'POST', url: '/sandbox/cashier', payload: { trade_no: huge, result: 'success' } },
  { label: 'cashier wrong result', method: 'POST', url: '/sandbox/cashier', payload: { trade_no: 'T-nope', result: 'maybe' } },
  { label: 'cashier real trade, wrong result', method: 'POST', url: '/sandbox/cashier', payload: { trade_no: tradeNo, result: 'paid' } },
  { label: 'cashier broken JSON', method: 'POST', url: '/sandbox/cashier', payload: '{', headers: { 'content-type': 'application/json' } },
  // Uploads: malformed multipart, refused files, a JSON body.
  ...badUploads().map((u): RawCase => ({ label: `upload: ${u.label}`, method: 'POST', url: `/api/${UPLOAD_PATH}`, payload: u.body, headers: { 'content-type': u.contentType, 'access-token': token } })),
  { label: 'upload without a token', method: 'POST', url: `/api/${UPLOAD_PATH}`, payload: '', headers: { 'content-type': MULTIPART, 'access-token': '' }, code: -1 },
  // Malformed requests anywhere under /api.
  { label: 'unknown /api path', method: 'GET', url: '/api/no/such/thing', status: 404 },
  { label: '/api itself', method: 'GET', url: '/api', status: 404 },
  { label: '/api/ itself', method: 'GET', url: '/api/?x=1', status: 404 },
  { label: 'wrong method (DELETE)', method: 'DELETE', url: '/api/index/moduleList', status: 404 },
  { label: 'wrong method (GET on a POST)', method: 'GET', url: '/api/personal.order/create', status: 404 },
  { label: 'wrong method (GET on the upload)', method: 'GET', url: `/api/${UPLOAD_PATH}`, status: 404 },
  { label: 'wrong method (PUT)', method: 'PUT', url: '/api/personal.order/create', payload: {}, status: 404 },
  { label: 'OPTIONS', method: 'OPTIONS', url: '/api/personal.order/create', status: 404 },
  { label: 'bad URL encoding in the path', method: 'GET', url: '/api/%' },
  { label: 'bad URL encoding after a route', method: 'GET', url: '/api/index/moduleList%E0%A4%A' },
  { label: 'bad URL encoding in the query', method: 'GET', url: '/api/index/moduleList?x=%E0%A4%A', code: 1 },
  { label: 'bad JSON body', method: 'POST', url: '/api/personal.order/create', payload: '{"kind":', headers: { 'content-type': 'application/json' } },
  { label: 'empty JSON body', method: 'POST', url: '/api/personal.order/create', payload: '', headers: { 'content-type': 'application/json' } },
  { label: 'JSON with a __proto__ key', method: 'POST', url: '/api/personal.order/create', payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } },
  { label: 'text/plain body', method: 'POST', url: '/api/personal.order/create', payload: 'kind=bill', headers: { 'content-type': 'text/plain' } },
  { label: 'XML body', method: 'POST', url: '/api/personal.order/create', payload: '<a/>', headers: { 'content-type': 'application/xml' } },
  { label: 'urlencoded body', method: 'POST', url: '/api/personal.order/create', payload: 'kind=bill', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'a nonsense content type', method: 'POST', url: '/api/personal.order/create', payload: 'x', headers: { 'content-type': '¿¿¿' } },
  { label: 'multipart to a JSON route', method: 'POST', url: '/api/personal.order/create', payload: 'x', headers: { 'content-type': MULTIPART } },
  { label: 'oversized JSON body (413)', method: 'POST', url: '/api/personal.order/create', payload: JSON.stringify({ remark: 'x'.repeat(400_000) }), headers: { 'content-type': 'application/json' } },
  { label: 'a 100 KB token', method: 'GET', url: '/api/personal.order/index', headers: { 'access-token': 'x'.repeat(100_000) }, code: -1 },
]

describe('every answer is the envelope: notify, sandbox, cashier, uploads, malformed requests', () => {
  // The table above calls every endpoint with the shared token, logout and account deletion included.
  beforeAll(async () => {
    token = (await s.login('13500000002')).token
  })

  it.each(RAW().map((c, i) => [i, c.label, i] as const))('#%s %s', async (i) => {
    // Built here: the trade and the login exist only after beforeAll.
    const c = RAW()[i]
    const headers: Record<string, string> = { 'access-token': token, ...c.headers }
    const res = await s.app.inject({ method: c.method, url: c.url, headers, payload: c.payload as InjectOptions['payload'] })
    count(c.label, res.statusCode, res.body)
    expect([c.label, res.statusCode]).toEqual([c.label, c.status ?? 200])
    expect(isEnvelope(res.body)).toBe(true)
    const body = res.json() as { code: number; msg: string }
    expect([c.label, body.code]).toEqual([c.label, c.code ?? 0])
    expect(body.msg).not.toMatch(/undefined|\[object|Error|FST_|HPE_/)
    if (headers['access-token']) expect(res.body).not.toContain(headers['access-token'])
  })

  it('the notifications changed nothing: the trade is still pending, the order unpaid', async () => {
    const p = await s.row<{ status: string }>('SELECT status FROM payments WHERE trade_no = ?', tradeNo)
    expect(p.status).toBe('pending')
    expect((await s.row<{ status: number; pay_time: string | null }>('SELECT status, pay_time FROM orders WHERE id = ?', orderId))).toEqual({ status: 0, pay_time: null })
  })
})

/** One raw HTTP/1.1 exchange over a real socket (inject bypasses Node's parser, so it never sees a 431). */
function rawExchange(port: number, request: string | Buffer, opts: { halfClose?: boolean } = {}): Promise<{ status: number; headers: string; body: string; raw: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      const raw = Buffer.concat(chunks).toString('utf8')
      const split = raw.indexOf('\r\n\r\n')
      const head = split < 0 ? raw : raw.slice(0, split)
      let body = split < 0 ? '' : raw.slice(split + 4)
      if (/transfer-encoding: chunked/i.test(head)) {
        let out = ''
        for (let rest = body; ; ) {
          const eol = rest.indexOf('\r\n')
          const size = parseInt(rest.slice(0, eol), 16)
          if (!size) break
          out += rest.slice(eol + 2, eol + 2 + size)
          rest = rest.slice(eol + 2 + size + 2)
        }
        body = out
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body, raw })
    }
    const timer = setTimeout(finish, 5000)
    socket.on('data', (d) => chunks.push(d))
    socket.on('error', finish)
    socket.on('close', finish)
    socket.write(request, () => {
      if (opts.halfClose) socket.end()
    })
  })
}

describe('malformed requests over a real socket get the envelope (Node parser errors, bad URLs)', () => {
  let live: TestServer
  let port = 0
  beforeAll(async () => {
    live = await startServer()
    await live.app.listen({ port: 0, host: '127.0.0.1' })
    port = (live.app.server.address() as net.AddressInfo).port
  })
  afterAll(() => live.close())

  const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccess-Token: ${SECRET_TOKEN}\r\n${extra}Connection: close\r\n\r\n`
  const cases: Array<{ label: string; request: () => string; status: number; code: number; halfClose?: boolean }> = [
    { label: '64 KB query string', request: () => get(`/api/index/moduleList?q=${'a'.repeat(64 * 1024)}`), status: 431, code: 0 },
    { label: '100 KB header', request: () => get('/api/index/moduleList', `X-Big: ${'b'.repeat(100 * 1024)}\r\n`), status: 431, code: 0 },
    { label: '100 KB Access-Token header', request: () => `GET /api/personal.order/index HTTP/1.1\r\nHost: x\r\nAccess-Token: ${SECRET_TOKEN}${'t'.repeat(100 * 1024)}\r\nConnection: close\r\n\r\n`, status: 431, code: 0 },
    { label: 'bad URL encoding in the query', request: () => get('/api/index/moduleList?x=%E0%A4%A'), status: 200, code: 1 },
    { label: 'bad URL encoding in the path', request: () => get('/api/%'), status: 200, code: 0 },
    { label: 'bad URL encoding after a route', request: () => get('/api/index/moduleList%E0%A4%A'), status: 200, code: 0 },
    { label: 'a request line that is not HTTP', request: () => 'HELLO\r\n\r\n', status: 400, code: 0 },
    { label: 'a space in the path', request: () => get('/api/index/module List'), status: 400, code: 0 },
    { label: 'a control character in a header', request: () => get('/api/index/moduleList', 'X-Bad: a\u0001b\r\n'), status: 400, code: 0 },
    { label: 'Content-Length and chunked together', request: () => `POST /api/personal.order/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`, status: 400, code: 0 },
    { label: 'a broken chunk size', request: () => `POST /api/personal.order/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, status: 400, code: 0 },
    { label: 'an unknown /api path', request: () => get('/api/nope'), status: 404, code: 0 },
    { label: 'an oversized JSON body', request: () => { const b = JSON.stringify({ remark: 'x'.repeat(400_000) }); return `POST /api/personal.order/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${b.length}\r\nConnection: close\r\n\r\n${b}` }, status: 200, code: 0 },
    { label: 'multipart without a boundary', request: () => `POST /api/${UPLOAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`, status: 200, code: -1 },
    { label: 'a body cut short (Content-Length 100, 10 sent, then the client stops)', request: () => `POST /api/personal.order/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"kind":"b`, status: 400, code: 0, halfClose: true },
  ]

  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const res = await rawExchange(port, c.request(), { halfClose: c.halfClose })
    count(`socket: ${c.label}`, res.status, res.body)
    expect([c.label, res.status]).toEqual([c.label, c.status])
    expect(res.headers).toMatch(/content-type: application\/json/i)
    expect(isEnvelope(res.body)).toBe(true)
    expect(JSON.parse(res.body)).toMatchObject({ code: c.code })
    // The server's clock travels with these answers too (also those written before any routing).
    expect(res.headers).toMatch(/^x-server-time: \d{13}$/im)
    expect(res.raw).not.toContain(SECRET_TOKEN)
  })

  it('the server still answers on a new connection', async () => {
    const res = await rawExchange(port, get('/api/index/serverInfo'))
    expect(JSON.parse(res.body)).toMatchObject({ code: 1 })
  })
})

describe('totals', () => {
  it('no 5xx and no answer without the envelope, over every table of this file', () => {
    console.log(`bad-input cases tried: ${tally.cases}; 5xx answers: ${tally.fiveXX}; non-envelope answers: ${tally.nonEnvelope}${tally.offenders.length ? `\n${tally.offenders.join('\n')}` : ''}`)
    expect(tally.cases).toBeGreaterThan(150)
    expect(tally.offenders).toEqual([])
    expect(tally.fiveXX).toBe(0)
    expect(tally.nonEnvelope).toBe(0)
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
})
