/**
 * Alipay (issue 40): server/providers/alipay against a local double of Alipay's gateway (__tests__/doubles/alipay.ts)
 * with RSA2 keys made for this run — the double refuses a request whose signature does not verify with the app's public
 * key and signs its answers and notifications with its own key, which the provider is configured with as "Alipay's
 * public key". Then through the server: the notification route /notify/alipay settling a payment once, and the buyer's
 * identity (alipay/getAuthUrl, alipay/getOpenId) configured, in the sandbox and in production without Alipay.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OrderInfo, PayparamAnswer } from '../../src/contract/order'
import { ORDER_STATUS } from '../../src/contract/constants'
import { check, readAlipayConfig, type AlipayConfig } from '../../server/providers/alipay/config'
import { alipayTime, fenOf, yuanText } from '../../server/providers/alipay/money'
import { AlipayAuthRefused, createAlipayProvider, type AlipayProvider } from '../../server/providers/alipay/provider'
import { NotificationRejected, ProviderRefusal, type OpenTrade } from '../../server/providers/pay/types'
import { paymentInvariantViolations } from '../../server/domain/pay/pay'
import { nowMs } from '../../server/time'
import { startAlipayDouble, type AlipayDouble } from '../doubles/alipay'
import { startServer, type TestServer } from './helpers'

const PUBLIC_URL = 'https://shop.example.com'
const HOUR = 3_600_000
const form = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
const otherKey = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
let seq = 0
const tradeNo = () => `T${nowMs()}${String(++seq).padStart(4, '0')}${crypto.randomBytes(4).toString('hex')}`

let double: AlipayDouble
let config: AlipayConfig
let alipay: AlipayProvider
beforeAll(async () => {
  double = await startAlipayDouble()
  config = readAlipayConfig(double.env(PUBLIC_URL)) as AlipayConfig
  alipay = createAlipayProvider(config)
})
afterAll(() => double.close())

const trade = (o: Partial<OpenTrade> = {}): OpenTrade => ({
  trade_no: tradeNo(),
  amount: 1234,
  description: '一卡通 黄金卡',
  method: 'alipay_wap',
  client_ip: '127.0.0.1',
  return_url: `${PUBLIC_URL}/pages/orders/detail?id=1`,
  expires_at: nowMs() + HOUR,
  ...o,
})
/** A trade opened at the double: a WAP page the shopper opened, or a JSAPI trade for a buyer. */
async function opened(o: Partial<OpenTrade> = {}) {
  const t = trade(o)
  const prepared = await alipay.prepare(t)
  if (t.method === 'alipay_wap') expect((await double.open(prepared.pay_url as string)).status).toBe(200)
  return { t, prepared, at: double.trades.get(t.trade_no) as NonNullable<ReturnType<typeof double.trades.get>> }
}
const notification = (body: string) => ({ headers: form, rawBody: Buffer.from(body) })

describe('amounts and times as Alipay writes them', () => {
  it('fen ↔ yuan text exactly, no float on the way', () => {
    expect([1, 7, 10, 1234, 100000, 99999999].map(yuanText)).toEqual(['0.01', '0.07', '0.10', '12.34', '1000.00', '999999.99'])
    expect(['0.07', '0.1', '12.34', '100', '1000.00', '19.99'].map(fenOf)).toEqual([7, 10, 1234, 10000, 100000, 1999])
    // 19.99 * 100 is 1998.9999999999998 as a float: read as text it is 1999.
    expect(['1.234', '-1.00', '1e3', '01.00', '', ' ', '1.', '.5', 'NaN'].map(fenOf)).toEqual(Array(9).fill(null))
  })

  it('times in Beijing time, whatever the machine zone', () => {
    expect(alipayTime(Date.UTC(2028, 1, 28, 16, 0, 5))).toBe('2028-02-29 00:00:05')
  })
})

describe('the configuration', () => {
  const env = () => double.env(PUBLIC_URL)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-config-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('unset is null; PKCS#1, PKCS#8 and the key tool\'s bare base64 read alike, from the variable or its file', () => {
    expect(readAlipayConfig({})).toBeNull()
    expect(readAlipayConfig({ ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do', PUBLIC_URL })).toBeNull()
    const key = crypto.createPrivateKey(double.appPrivateKey)
    const pkcs8 = key.export({ type: 'pkcs8', format: 'pem' }).toString()
    const bare = key.export({ type: 'pkcs8', format: 'der' }).toString('base64')
    const file = path.join(dir, 'app_private_key.pem')
    fs.writeFileSync(file, `${pkcs8}\n`)
    const alipayBare = crypto.createPublicKey(double.alipayPublicKey).export({ type: 'spki', format: 'der' }).toString('base64')
    const forms = [
      env(),
      { ...env(), ALIPAY_PRIVATE_KEY: pkcs8 },
      { ...env(), ALIPAY_PRIVATE_KEY: bare, ALIPAY_PUBLIC_KEY: alipayBare },
      { ...env(), ALIPAY_PRIVATE_KEY: pkcs8.replace(/\n/g, '\\n') },
      { ...env(), ALIPAY_PRIVATE_KEY: undefined, ALIPAY_PRIVATE_KEY_FILE: file },
    ]
    const read = forms.map((e) => readAlipayConfig(e) as AlipayConfig)
    expect(new Set(read.map((c) => c.privateKey)).size).toBe(1)
    expect(read[0]).toMatchObject({ appId: double.appId, gateway: double.gateway, sellerId: double.sellerId, publicUrl: PUBLIC_URL })
    expect(read[0].privateKey.startsWith('-----BEGIN PRIVATE KEY-----')).toBe(true)
    expect(readAlipayConfig({ ...env(), ALIPAY_GATEWAY: undefined })?.gateway).toBe('https://openapi.alipay.com/gateway.do')
  })

  it('half set, or a key that is none, stops with the variable named', () => {
    const small = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const cases: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ ...env(), ALIPAY_PUBLIC_KEY: undefined }, /^ALIPAY_PUBLIC_KEY: not set/],
      [{ ...env(), ALIPAY_APP_ID: undefined }, /^ALIPAY_APP_ID: not set/],
      [{ ...env(), ALIPAY_APP_ID: '2021-0001' }, /^ALIPAY_APP_ID: not an Alipay app id/],
      [{ ...env(), ALIPAY_PRIVATE_KEY: 'not a key' }, /^ALIPAY_PRIVATE_KEY: not a private key/],
      [{ ...env(), ALIPAY_PRIVATE_KEY: small }, /^ALIPAY_PRIVATE_KEY: RSA2 needs an RSA key of 2048 bits/],
      [{ ...env(), ALIPAY_PRIVATE_KEY: ec }, /^ALIPAY_PRIVATE_KEY: RSA2 needs an RSA key/],
      [{ ...env(), ALIPAY_PUBLIC_KEY: double.appPublicKey }, /^ALIPAY_PUBLIC_KEY: is the app's own public key/],
      [{ ...env(), ALIPAY_PUBLIC_KEY: 'MIIBIjANBg' }, /^ALIPAY_PUBLIC_KEY: not a public key/],
      [{ ...env(), ALIPAY_PRIVATE_KEY: undefined, ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }, /^ALIPAY_PRIVATE_KEY_FILE: cannot read .*no such file/],
      [{ ...env(), ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }, /^ALIPAY_PRIVATE_KEY: set either/],
      [{ ...env(), ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' }, /^ALIPAY_GATEWAY: .* is not an https:\/\/ address/],
      [{ ...env(), ALIPAY_SELLER_ID: '12345' }, /^ALIPAY_SELLER_ID: not a merchant's PID/],
      [{ ...env(), PUBLIC_URL: undefined }, /^PUBLIC_URL: not set, and Alipay needs it/],
      [{ ...env(), PUBLIC_URL: 'https://shop.example.com/app' }, /^PUBLIC_URL: .* is not an https:\/\/ origin/],
    ]
    for (const [e, message] of cases) expect(() => readAlipayConfig(e)).toThrow(message)
  })

  it("the doctor's check: the key signs, Alipay's key is an RSA key, and says what it cannot check offline", () => {
    const findings = check(env())
    expect(findings.filter((f) => f.level === 'fail')).toEqual([])
    expect(findings.find((f) => f.variable === 'ALIPAY_PRIVATE_KEY')?.message).toMatch(/^RSA 2048-bit private key, signs RSA2; its public key/)
    // The gateway of the double is not Alipay's production gateway: said, not failed.
    expect(findings.find((f) => f.variable === 'ALIPAY_GATEWAY')?.level).toBe('warn')
    expect(findings.filter((f) => f.message.startsWith('not checked offline')).length).toBeGreaterThanOrEqual(3)
    expect(check({ ...env(), ALIPAY_PUBLIC_KEY: double.appPublicKey })).toEqual([expect.objectContaining({ level: 'fail', variable: 'ALIPAY_PUBLIC_KEY' })])
    expect(check({})).toEqual([expect.objectContaining({ level: 'info' })])
    // No secret in what the doctor prints.
    const key = crypto.createPrivateKey(double.appPrivateKey).export({ type: 'pkcs8', format: 'der' }).toString('base64')
    expect(JSON.stringify(findings)).not.toContain(key.slice(40, 80))
  })
})

describe('payments against the double', () => {
  it('WAP: a page URL signed with the app key — notify_url, return_url, the deadline — that the gateway takes; a tampered one it refuses', async () => {
    const t = trade({ amount: 1234 })
    const prepared = await alipay.prepare(t)
    const url = new URL(prepared.pay_url as string)
    expect(`${url.origin}${url.pathname}`).toBe(double.gateway)
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay')
    expect(url.searchParams.get('notify_url')).toBe(`${PUBLIC_URL}/notify/alipay`)
    expect(url.searchParams.get('return_url')).toBe(t.return_url)
    expect(JSON.parse(url.searchParams.get('biz_content') as string)).toMatchObject({
      out_trade_no: t.trade_no,
      total_amount: '12.34',
      product_code: 'QUICK_WAP_WAY',
      time_expire: alipayTime(t.expires_at),
      quit_url: t.return_url,
    })
    expect(prepared).toMatchObject({ tradeNO: null, payInfo: null })
    expect(prepared.valid_until).toBeLessThanOrEqual(t.expires_at)
    // Nothing is created until the shopper opens the page.
    expect(double.trades.has(t.trade_no)).toBe(false)

    const refusedBefore = double.refused
    const tampered = new URL(url)
    tampered.searchParams.set('biz_content', (tampered.searchParams.get('biz_content') as string).replace('"12.34"', '"0.01"'))
    expect(await double.open(tampered.toString())).toMatchObject({ status: 400, trade: null })
    expect(double.refused).toBe(refusedBefore + 1)

    const page = await double.open(url.toString())
    expect(page.status).toBe(200)
    expect(page.trade).toMatchObject({ out_trade_no: t.trade_no, amount: 1234, status: 'WAIT_BUYER_PAY', notify_url: `${PUBLIC_URL}/notify/alipay` })
    expect(double.refused).toBe(refusedBefore + 1)
  })

  it("JSAPI: alipay.trade.create for the buyer answers Alipay's trade_no (what tradePay takes), the same one again; open_id or an old app's user_id", async () => {
    const buyer = `0${crypto.randomBytes(20).toString('hex')}`
    const t = trade({ method: 'alipay_jsapi', payer_id: buyer, return_url: undefined })
    const prepared = await alipay.prepare(t)
    const at = double.trades.get(t.trade_no)
    expect(at).toMatchObject({ buyer_open_id: buyer, product_code: 'JSAPI_PAY', amount: 1234, notify_url: `${PUBLIC_URL}/notify/alipay`, time_expire: alipayTime(t.expires_at) })
    expect(prepared).toMatchObject({ tradeNO: at?.trade_no, pay_url: null, valid_until: t.expires_at })
    expect(prepared.tradeNO).not.toBe(t.trade_no)
    // payparam asked again: the same trade.
    expect((await alipay.prepare(t)).tradeNO).toBe(prepared.tradeNO)

    const old = trade({ method: 'alipay_jsapi', payer_id: '2088102146225135' })
    await alipay.prepare(old)
    expect(double.trades.get(old.trade_no)).toMatchObject({ buyer_id: '2088102146225135', buyer_open_id: undefined })

    await expect(alipay.prepare(trade({ method: 'alipay_jsapi' }))).rejects.toMatchObject({ name: 'ProviderRefusal', code: 'BUYER_REQUIRED' })
    // The same out_trade_no with another amount: Alipay's refusal, by its code.
    await expect(alipay.prepare({ ...t, amount: 999 })).rejects.toMatchObject({ code: 'ACQ.CONTEXT_INCONSISTENT' })
  })

  it('a request signed with another key is refused by the gateway; an answer signed by another key is not believed', async () => {
    const impostor = createAlipayProvider({ ...config, privateKey: otherKey().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })
    const refusedBefore = double.refused
    const t = trade({ method: 'alipay_jsapi', payer_id: 'buyer-1' })
    const refusal = await impostor.prepare(t).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(ProviderRefusal)
    expect(refusal).toMatchObject({ code: 'isv.invalid-signature' })
    expect(double.refused).toBe(refusedBefore + 1)
    expect(double.trades.has(t.trade_no)).toBe(false)

    const fooled = createAlipayProvider({ ...config, alipayPublicKey: otherKey().publicKey.export({ type: 'spki', format: 'pem' }).toString() })
    const { t: open } = await opened()
    const error = await fooled.query({ trade_no: open.trade_no }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(ProviderRefusal)
    expect((error as Error).message).toMatch(/signature does not verify/)
  })

  it('query: open, paid (amount, Alipay trade_no), not created yet, closed', async () => {
    const { t, at } = await opened({ amount: 5000 })
    expect(await alipay.query({ trade_no: t.trade_no })).toEqual({ state: 'open' })
    await double.pay(t.trade_no, { notifyTo: `${double.url}/nowhere` })
    expect(await alipay.query({ trade_no: t.trade_no })).toMatchObject({ state: 'paid', amount: 5000, transaction_id: at.trade_no })
    expect(await alipay.query({ trade_no: tradeNo() })).toEqual({ state: 'open' })
    const { t: other } = await opened()
    expect(await alipay.close({ trade_no: other.trade_no })).toBe('closed')
    expect(await alipay.query({ trade_no: other.trade_no })).toEqual({ state: 'closed' })
  })

  it('close: an open trade is closed at Alipay; one never created is closed; a paid one says paid', async () => {
    const { t, at } = await opened()
    expect(await alipay.close({ trade_no: t.trade_no })).toBe('closed')
    expect(at.status).toBe('TRADE_CLOSED')
    expect(await alipay.close({ trade_no: t.trade_no })).toBe('closed')
    expect(await alipay.close({ trade_no: tradeNo() })).toBe('closed')
    const { t: paid } = await opened()
    await double.pay(paid.trade_no, { notifyTo: `${double.url}/nowhere` })
    expect(await alipay.close({ trade_no: paid.trade_no })).toBe('paid')
    expect(double.trades.get(paid.trade_no)?.status).toBe('TRADE_SUCCESS')
  })

  it('refund: answered at once, the same refund number asked again moves nothing, confirmed by the refund query', async () => {
    const { t, at } = await opened({ amount: 8888 })
    await double.pay(t.trade_no, { notifyTo: `${double.url}/nowhere` })
    const r = { trade_no: t.trade_no, refund_no: `R${tradeNo()}`, amount: 8888, total: 8888, reason: '不想要了' }
    expect(await alipay.queryRefund(r)).toEqual({ state: 'pending' })
    expect(await alipay.refund(r)).toMatchObject({ state: 'succeeded' })
    expect(at).toMatchObject({ refunded: 8888, status: 'TRADE_CLOSED' })
    expect(await alipay.refund(r)).toMatchObject({ state: 'succeeded' })
    expect(at.refunded).toBe(8888)
    expect(await alipay.queryRefund(r)).toMatchObject({ state: 'succeeded', at: expect.any(Number) })
    expect(await alipay.query({ trade_no: t.trade_no })).toEqual({ state: 'refunded' })

    const { t: unpaid } = await opened()
    expect(await alipay.refund({ trade_no: unpaid.trade_no, refund_no: `R${tradeNo()}`, amount: 1234, total: 1234 })).toEqual({ state: 'failed', reason: 'ACQ.TRADE_STATUS_ERROR' })
    expect(await alipay.queryRefund({ trade_no: tradeNo(), refund_no: 'R1' })).toEqual({ state: 'failed', reason: 'ACQ.TRADE_NOT_EXIST' })
  })

  it("a timeout, a 5xx and Alipay's 'try again' throw plain errors (the outbox tries again); the next call goes through", async () => {
    const { t } = await opened()
    // The double never answers this one: any bound ends it (the others keep the default 10 s).
    double.fail('alipay.trade.close', { kind: 'timeout' })
    const timedOut = await createAlipayProvider({ ...config, timeoutMs: 500 }).close({ trade_no: t.trade_no }).catch((e: unknown) => e)
    expect(timedOut).not.toBeInstanceOf(ProviderRefusal)
    expect((timedOut as Error).message).toMatch(/no answer within 500 ms/)

    double.fail('alipay.trade.close', { kind: 'status', status: 502 })
    await expect(alipay.close({ trade_no: t.trade_no })).rejects.toThrow(/HTTP 502/)
    double.fail('alipay.trade.close', { kind: 'business', sub_code: 'ACQ.SYSTEM_ERROR' })
    const busy = await alipay.close({ trade_no: t.trade_no }).catch((e: unknown) => e)
    expect(busy).not.toBeInstanceOf(ProviderRefusal)
    expect((busy as Error).message).toMatch(/ACQ.SYSTEM_ERROR \(try again\)/)
    double.fail('alipay.trade.refund', { kind: 'business', code: '20000', sub_code: 'isp.unknow-error' })
    await expect(alipay.refund({ trade_no: t.trade_no, refund_no: 'R2', amount: 1, total: 1234 })).rejects.toThrow(/isp.unknow-error/)

    expect(double.trades.get(t.trade_no)?.status).toBe('WAIT_BUYER_PAY')
    expect(await alipay.close({ trade_no: t.trade_no })).toBe('closed')
    // A business refusal is definite: by its code.
    double.fail('alipay.trade.close', { kind: 'business', sub_code: 'ACQ.TRADE_NOT_EXIST' })
    expect(await alipay.close({ trade_no: tradeNo() })).toBe('closed')
  })
})

describe('the notification, verified and checked', () => {
  it('a paid trade: success with the amount in fen, Alipay trade_no and the buyer', async () => {
    const { t, at } = await opened({ amount: 1999 })
    await double.pay(t.trade_no, { notifyTo: `${double.url}/nowhere`, buyer_open_id: 'buyer-open-id-1' })
    expect(await alipay.readNotification(notification(double.notification(t.trade_no)))).toEqual({
      provider: 'alipay',
      trade_no: t.trade_no,
      result: 'success',
      amount: 1999,
      transaction_id: at.trade_no,
      payer_id: 'buyer-open-id-1',
    })
    expect(await alipay.parsePaymentNotification(notification(double.notification(t.trade_no, { trade_status: 'TRADE_FINISHED' })))).toMatchObject({ result: 'success', amount: 1999 })
  })

  it('refused: a wrong signature, a field changed after signing, another app, another seller, not a form, an amount that is none', async () => {
    const { t } = await opened()
    await double.pay(t.trade_no, { notifyTo: `${double.url}/nowhere` })
    const body = double.notification(t.trade_no)
    const refusals: Array<[{ headers: Record<string, string>; rawBody: Buffer }, RegExp]> = [
      [notification(double.notification(t.trade_no, {}, { signWith: otherKey().privateKey })), /signature does not verify/],
      [notification(body.replace('total_amount=12.34', 'total_amount=0.01')), /signature does not verify/],
      [notification(`${body}&extra=1`), /signature does not verify/],
      [notification(body.replace(/&sign=[^&]+/, '')), /not signed/],
      [notification(double.notification(t.trade_no, { sign_type: 'RSA' })), /sign_type is not RSA2/],
      [notification(double.notification(t.trade_no, { app_id: '2021000000000999' })), /app_id is not this app/],
      [notification(double.notification(t.trade_no, { seller_id: '2088000000000999' })), /seller_id is not this merchant/],
      [notification(double.notification(t.trade_no, { total_amount: '12.345' })), /total_amount is not an amount/],
      [notification(double.notification(t.trade_no, { out_trade_no: 'T1/../x' })), /out_trade_no/],
      [notification(double.notification(t.trade_no, { trade_status: 'TRADE_PENDING' })), /trade_status/],
      [{ headers: { 'content-type': 'application/json' }, rawBody: Buffer.from(body) }, /not a form/],
    ]
    for (const [req, why] of refusals) {
      const error = await alipay.readNotification(req).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NotificationRejected)
      expect((error as Error).message).toMatch(why)
    }
    // Without ALIPAY_SELLER_ID the seller is not compared.
    const anySeller = createAlipayProvider({ ...config, sellerId: null })
    expect(await anySeller.readNotification(notification(double.notification(t.trade_no, { seller_id: '2088000000000999' })))).toMatchObject({ result: 'success' })
  })

  it('TRADE_CLOSED unpaid is a failure; WAIT_BUYER_PAY and the status changes a refund makes settle nothing', async () => {
    const { t } = await opened()
    expect(await alipay.readNotification(notification(double.notification(t.trade_no, { trade_status: 'TRADE_CLOSED' })))).toMatchObject({ result: 'fail', trade_no: t.trade_no })
    expect(await alipay.readNotification(notification(double.notification(t.trade_no, { trade_status: 'WAIT_BUYER_PAY' })))).toBeNull()
    const afterRefund = double.notification(t.trade_no, { trade_status: 'TRADE_CLOSED', gmt_refund: '2026-12-06 10:00:00', refund_fee: '12.34', out_biz_no: 'R1' })
    expect(await alipay.readNotification(notification(afterRefund))).toBeNull()
    await expect(alipay.parsePaymentNotification(notification(afterRefund))).rejects.toMatchObject({ name: 'NotificationIgnored', status: 200 })
  })
})

describe("the buyer's identity (auth_base → alipay.system.oauth.token)", () => {
  it("the authorisation page comes back to this site's page with an auth_code, exchanged once for the buyer's open_id", async () => {
    const url = new URL(alipay.authorizeUrl('/pages/payment/pay?id=7', 's1'))
    expect(`${url.origin}${url.pathname}`).toBe(`${double.url}/oauth2/publicAppAuthorize.htm`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: double.appId, scope: 'auth_base', redirect_uri: `${PUBLIC_URL}/pages/payment/pay?id=7`, state: 's1' })
    const page = await fetch(url, { redirect: 'manual' })
    expect(page.status).toBe(302)
    const back = new URL(page.headers.get('location') as string)
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/pages/payment/pay`)
    expect(back.searchParams.get('id')).toBe('7')
    const code = back.searchParams.get('auth_code') as string
    expect(await alipay.buyerOf(code)).toEqual({ id: (double.nextBuyer as { open_id: string }).open_id, kind: 'open_id' })
    // Single use.
    await expect(alipay.buyerOf(code)).rejects.toBeInstanceOf(AlipayAuthRefused)
    await expect(alipay.buyerOf('made-up')).rejects.toMatchObject({ code: 'isv.code-invalid' })
    expect(await alipay.buyerOf(double.authCode({ user_id: '2088102146225135' }))).toEqual({ id: '2088102146225135', kind: 'user_id' })
    expect(() => alipay.authorizeUrl('//evil.example.com/')).toThrow()
  })
})

describe('through the server', () => {
  let s: TestServer
  let address: string
  let shopper: { token: string }
  beforeAll(async () => {
    s = await startServer({ alipay: config })
    address = await s.app.listen({ port: 0, host: '127.0.0.1' })
    shopper = await s.login('13700004001')
  })
  afterAll(async () => {
    expect(await paymentInvariantViolations(s.app.q)).toEqual([])
    await s.close()
  })

  /**
   * A bill at shop 1 whose trade is open at the double: payparam with Alipay picked answers the WAP page, which the
   * shopper opens. (Until payparam routes to Alipay — PAYMENTS' server/domain/pay — it answers the sandbox's cashier:
   * then the trade payparam opened is prepared at Alipay here, as payparam will.)
   */
  async function billAtAlipay(amount = 4321) {
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount, client_request_id: `req-${tradeNo()}` }, shopper.token)
    const id = created.body.data.order_info.id
    const answer = await s.call<PayparamAnswer>('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6, pay_method: 'alipay' }, shopper.token)
    expect(answer.body.code).toBe(1)
    const payment = await s.row<{ trade_no: string; amount: number }>('SELECT trade_no, amount FROM payments WHERE order_id = ?', id)
    const payUrl = answer.body.data.pay_param.pay_url ?? ''
    const at = payUrl.startsWith(double.gateway) ? (await double.open(payUrl)).trade : (await opened({ trade_no: payment.trade_no, amount: payment.amount })).at
    expect(at).toMatchObject({ out_trade_no: payment.trade_no, amount: payment.amount, status: 'WAIT_BUYER_PAY' })
    return { id, payment, at: at as NonNullable<typeof at> }
  }
  const statusOf = async (id: number) => (await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, shopper.token)).body.data.info.order_status
  const notifyUrl = () => `${address}/notify/alipay`

  it("a paid trade's notification pays the order once: `success`, and the same notification again changes nothing", async () => {
    const { id, payment, at } = await billAtAlipay()
    expect(at.notify_url).toBe(`${PUBLIC_URL}/notify/alipay`)
    expect(await double.pay(payment.trade_no, { notifyTo: notifyUrl() })).toBe('success')
    expect(await statusOf(id)).toBe(ORDER_STATUS.PAID)
    const paid = await s.row<{ status: string; transaction_id: string; notified_at: string }>('SELECT status, transaction_id, notified_at FROM payments WHERE order_id = ?', id)
    expect(paid).toMatchObject({ status: 'paid', transaction_id: at.trade_no })

    const again = double.notification(payment.trade_no)
    expect(await double.send(notifyUrl(), again)).toEqual({ status: 200, text: 'success' })
    expect(await double.send(notifyUrl(), again)).toEqual({ status: 200, text: 'success' })
    expect(await s.rows('SELECT status, transaction_id, notified_at FROM payments WHERE order_id = ?', id)).toEqual([paid])
    expect(await statusOf(id)).toBe(ORDER_STATUS.PAID)
  })

  it('refused with `fail`, the order left unpaid: a wrong signature, another app, another seller, an amount that is not the trade\'s', async () => {
    const { id, payment } = await billAtAlipay()
    double.trades.get(payment.trade_no)!.status = 'TRADE_SUCCESS'
    const wrong = [
      double.notification(payment.trade_no, {}, { signWith: otherKey().privateKey }),
      double.notification(payment.trade_no, { app_id: '2021000000000999' }),
      double.notification(payment.trade_no, { seller_id: '2088000000000999' }),
      double.notification(payment.trade_no, { total_amount: '0.01' }),
    ]
    for (const body of wrong) {
      const answer = await double.send(notifyUrl(), body)
      expect(answer.text).toBe('fail')
      expect(answer.status).toBeGreaterThanOrEqual(400)
    }
    expect(await statusOf(id)).toBe(ORDER_STATUS.UNPAID)

    // Alipay's trade for another amount than ours: its genuine notification is refused too.
    const other = await billAtAlipay()
    other.at.amount += 1
    expect(await double.pay(other.payment.trade_no, { notifyTo: notifyUrl() })).toBe('fail')
    expect(await statusOf(other.id)).toBe(ORDER_STATUS.UNPAID)
    // Not a form at all.
    const res = await fetch(notifyUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(await res.text()).toBe('fail')
  })

  it('TRADE_CLOSED leaves the order unpaid, payable again; WAIT_BUYER_PAY is acknowledged', async () => {
    const { id, payment } = await billAtAlipay()
    expect(await double.send(notifyUrl(), double.notification(payment.trade_no, { trade_status: 'WAIT_BUYER_PAY' }))).toEqual({ status: 200, text: 'success' })
    expect(await double.send(notifyUrl(), double.notification(payment.trade_no, { trade_status: 'TRADE_CLOSED' }))).toEqual({ status: 200, text: 'success' })
    expect(await statusOf(id)).toBe(ORDER_STATUS.UNPAID)
    expect(await s.row<{ status: string }>('SELECT status FROM payments WHERE order_id = ?', id)).toEqual({ status: 'failed' })
  })

  it('alipay/getAuthUrl → Alipay → alipay/getOpenId: the buyer; a spent code, a bad redirect, Alipay down — each by its reason', async () => {
    const auth = await s.call<{ url: string }>('GET', 'alipay/getAuthUrl', { redirect: '/pages/orders/detail?id=3' })
    expect(auth.body.code).toBe(1)
    const url = new URL(auth.body.data.url)
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/pages/orders/detail?id=3`)
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') as string)
    const code = back.searchParams.get('auth_code') as string
    expect((await s.call('GET', 'alipay/getOpenId', { code })).body).toMatchObject({ code: 1, data: { open_id: (double.nextBuyer as { open_id: string }).open_id } })
    expect((await s.call('GET', 'alipay/getOpenId', { code, lang: 'en' })).body).toMatchObject({ code: 0, reason: 'alipay_auth_failed', msg: 'The Alipay authorisation has expired. Please authorise again' })
    for (const redirect of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com']) {
      expect((await s.call('GET', 'alipay/getAuthUrl', { redirect })).body).toMatchObject({ code: 0, reason: 'invalid_request' })
    }
    double.fail('alipay.system.oauth.token', { kind: 'status', status: 503 })
    expect((await s.call('GET', 'alipay/getOpenId', { code: double.authCode({ open_id: 'x' }) })).body).toMatchObject({ code: 0, reason: 'alipay_unavailable' })
  })
})

describe('without Alipay configured', () => {
  it("the sandbox: a stand-in authorisation that comes back with an auth_code, and a made-up buyer for it", async () => {
    const s = await startServer()
    try {
      const auth = await s.call<{ url: string }>('GET', 'alipay/getAuthUrl', { redirect: '/pages/orders/detail?id=3' })
      expect(auth.body.data.url).toBe('/sandbox/alipay/authorize?redirect=%2Fpages%2Forders%2Fdetail%3Fid%3D3')
      const page = await s.app.inject({ method: 'GET', url: auth.body.data.url })
      expect(page.statusCode).toBe(302)
      const back = new URL(page.headers.location as string, 'http://x')
      expect(back.pathname).toBe('/pages/orders/detail')
      const code = back.searchParams.get('auth_code') as string
      expect(code).toMatch(/^sandbox[0-9a-f]{16}$/)
      const first = await s.call<{ open_id: string }>('GET', 'alipay/getOpenId', { code })
      expect(first.body.data.open_id).toMatch(/^sandbox-alipay-[0-9a-f]{24}$/)
      expect((await s.call<{ open_id: string }>('GET', 'alipay/getOpenId', { code })).body.data.open_id).toBe(first.body.data.open_id)
      // No notification route without Alipay.
      expect((await s.app.inject({ method: 'POST', url: '/notify/alipay', headers: form, payload: 'a=1' })).statusCode).toBe(404)
      // The stand-in is no open redirect.
      const evil = await s.app.inject({ method: 'GET', url: '/sandbox/alipay/authorize?redirect=//evil.example.com/' })
      expect(evil.headers.location).toMatch(/^\/\?auth_code=/)
    } finally {
      await s.close()
    }
  })

  it('production: both refuse with alipay_not_configured; no stand-in', async () => {
    const s = await startServer({ sandbox: false })
    try {
      expect((await s.call('GET', 'alipay/getAuthUrl', { redirect: '/pages/index/index', lang: 'en' })).body).toMatchObject({ code: 0, reason: 'alipay_not_configured', msg: 'Alipay is not available yet. Please choose another way to pay' })
      expect((await s.call('GET', 'alipay/getOpenId', { code: 'abc' })).body).toMatchObject({ code: 0, reason: 'alipay_not_configured' })
      expect((await s.app.inject({ method: 'GET', url: '/sandbox/alipay/authorize?redirect=/' })).statusCode).toBe(404)
    } finally {
      await s.close()
    }
  })
})
