import type * as AlipaySdkModule from 'alipay-sdk'
import type { AlipaySdk } from 'alipay-sdk'
import { lazyRequire } from '../../lazy'
import { nowMs, realNowMs } from '../../time'
import { NotificationRejected, ProviderRefusal, type NotificationRequest, type OpenTrade, type PaymentEvent, type PaymentProvider, type PreparedPayment, type RefundStatus, type TradeRef, type TradeStatus } from '../pay/types'
import { ALIPAY_PRODUCTION_GATEWAY, type AlipayConfig } from './config'
import { alipayTime, alipayTimeMs, fenOf, yuanText } from './money'

/**
 * Alipay through alipay-sdk (issue 40; docs/going-live.md "Alipay"; docs/decisions/2026-12-06-alipay.md), OpenAPI 2.0:
 * a form POST to the gateway, RSA2-signed with the app's private key, whose answer `{"<method>_response":{…},"sign":…}`
 * is verified with Alipay's public key before anything in it is believed. The SDK signs (sdkExecute, pageExecute) and
 * verifies (checkResponseSign, rsaCheck); the POST itself is node's fetch, so that a timeout, a non-200 answer and an
 * unsigned error each read as what they are (the SDK's exec throws a TypeError on an unsigned error_response).
 *
 * - `alipay_jsapi` — inside Alipay's browser: `alipay.trade.create` for the buyer (open_id, or user_id for an app still
 *   on user ids) → `tradeNO` = Alipay's trade_no, which `AlipayJSBridge.call('tradePay', { tradeNO })` takes.
 * - `alipay_wap` — any other browser: `alipay.trade.wap.pay`, a page URL signed here (no call: Alipay creates the trade
 *   when the shopper opens it) with notify_url, return_url, quit_url and time_expire = the order's deadline.
 * - query (`alipay.trade.query`), close (`alipay.trade.close`), refund (`alipay.trade.refund`, answered at once; Alipay
 *   sends no refund notification) and its query (`alipay.trade.fastpay.refund.query`).
 * - the asynchronous notification (a form POST to /notify/alipay), verified and checked: readNotification.
 * - the buyer's identity: the web authorisation `auth_base` → `alipay.system.oauth.token`.
 *
 * A network failure, a timeout, a non-200 answer, an answer whose signature does not verify, and Alipay's own "try
 * again" answers (code 20000, ACQ.SYSTEM_ERROR, isp.*) throw a plain Error: the outbox tries again. A definite
 * refusal returns its state or throws ProviderRefusal with Alipay's sub_code.
 */

export interface AlipayBuyer {
  /** What `alipay/getOpenId` answers and payparam hands back as the payer: an open_id, or a user_id (2088…) for an old app. */
  id: string
  kind: 'open_id' | 'user_id'
}

export interface AlipayProvider extends PaymentProvider {
  readonly name: 'alipay'
  readonly appId: string
  /** Where Alipay sends its notifications: PUBLIC_URL/notify/alipay. */
  readonly notifyUrl: string
  /** Alipay's web authorisation page (scope auth_base) that comes back to `redirectPath` (a path of this site) with `auth_code`. */
  authorizeUrl(redirectPath: string, state?: string): string
  /** The buyer an auth_code names (`alipay.system.oauth.token`); AlipayAuthRefused when the code is spent, expired or not Alipay's. */
  buyerOf(authCode: string): Promise<AlipayBuyer>
  /** A notification verified and checked: the event to settle, or null when it says nothing to settle (acknowledge it). */
  readNotification(req: NotificationRequest): Promise<PaymentEvent | null>
  /** The seam's form of readNotification: "nothing to settle" is a NotificationIgnored (answer success, settle nothing). */
  parsePaymentNotification(req: NotificationRequest): Promise<PaymentEvent>
}

/** The code could not be exchanged for a buyer (isv.code-invalid …): the shopper authorises again. */
export class AlipayAuthRefused extends Error {
  readonly code: string
  constructor(code: string) {
    super(`Alipay refused the auth code: ${code}`)
    this.name = 'AlipayAuthRefused'
    this.code = code
  }
}

/** A verified notification that asks nothing of us (WAIT_BUYER_PAY, a status change a refund made): answer success. */
export class NotificationIgnored extends NotificationRejected {
  constructor(why: string) {
    super(why, 200)
    this.name = 'NotificationIgnored'
  }
}

/** An answer of the gateway: `code` 10000 is success; else `sub_code` says what. */
interface Answer {
  code: string
  msg?: string
  sub_code?: string
  sub_msg?: string
  [field: string]: unknown
}

const PATH_PATTERN = /^\/(?!\/)[^\s\\]*$/
const USER_ID = /^2088\d{12}$/
/** Alipay's out_trade_no: letters, digits and underscores, at most 64 (ours: T + digits + hex). */
const OUT_TRADE_NO = /^[A-Za-z0-9_]{1,64}$/
/** Characters Alipay's subject must not hold. */
const SUBJECT_FORBIDDEN = /[/=&]/g

/** A WAP page URL is signed here, at no cost: one is handed out for this long at most, then signed again. */
export const WAP_URL_VALID_MS = 10 * 60_000

/** Alipay's web authorisation page for this gateway: production, Alipay's sandbox, or the same origin (a test's double). */
export function authorizePageOf(gateway: string): string {
  if (gateway === ALIPAY_PRODUCTION_GATEWAY) return 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm'
  const u = new URL(gateway)
  if (u.hostname.endsWith('alipaydev.com')) return 'https://openauth-sandbox.dl.alipaydev.com/oauth2/publicAppAuthorize.htm'
  return `${u.protocol}//${u.host}/oauth2/publicAppAuthorize.htm`
}

const transient = (a: Answer) => a.code === '20000' || a.sub_code === 'ACQ.SYSTEM_ERROR' || (a.sub_code ?? '').startsWith('isp.')
const refusalOf = (method: string, a: Answer) => new ProviderRefusal(a.sub_code ?? a.code, `Alipay ${method}: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim())

/** The subject Alipay shows the buyer: no / = &, at most 256 characters. */
const subjectOf = (description: string) => {
  const s = description.replace(SUBJECT_FORBIDDEN, ' ').trim()
  return (s || 'order').slice(0, 256)
}

/** The SDK, loaded when a provider is made (Alipay configured), not at every start (server/lazy.ts). */
const loadSdk = lazyRequire<typeof AlipaySdkModule>('alipay-sdk')

export function createAlipayProvider(config: AlipayConfig): AlipayProvider {
  const sdk: AlipaySdk = new (loadSdk().AlipaySdk)({
    appId: config.appId,
    // PKCS#8 PEM, trimmed (the SDK rebuilds the PEM from its lines: a trailing newline would end up inside it).
    privateKey: config.privateKey.trim(),
    keyType: 'PKCS8',
    alipayPublicKey: config.alipayPublicKey.trim(),
    signType: 'RSA2',
    gateway: config.gateway,
    // Alipay's own field names (trade_no, sub_code), as its documentation writes them.
    camelcase: false,
  })
  const timeoutMs = config.timeoutMs ?? 10_000
  const notifyUrl = `${config.publicUrl}/notify/alipay`
  // The SDK stamps `timestamp` in the machine's local zone; Alipay reads Beijing time. Ours, from the real clock.
  const stamp = () => alipayTime(realNowMs())

  /**
   * One call: the request signed by the SDK (sdkExecute: RSA2 over the sorted parameters), POSTed as a form; the answer's
   * signature checked by the SDK (checkResponseSign: the JSON text of `<method>_response` as sent) before it is read.
   * An Error when anything is off (the outbox tries again). Only an `error_response` — which Alipay may send unsigned,
   * and which is never a success — is read without a signature, to refuse.
   */
  async function call(method: string, params: Record<string, unknown>): Promise<Answer> {
    const fail = (why: string): never => {
      throw new Error(`Alipay ${method}: ${why}`)
    }
    let raw = ''
    try {
      const res = await fetch(config.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: sdk.sdkExecute(method, { ...params, timestamp: stamp() }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      raw = await res.text()
      if (res.status !== 200) fail(`HTTP ${res.status}`)
    } catch (error) {
      // (An abort is a DOMException, which need not be an Error of this realm: read by its name.)
      const e = error as { name?: unknown; message?: unknown }
      const message = typeof e.message === 'string' ? e.message : String(error)
      if (message.startsWith(`Alipay ${method}:`)) throw error
      fail(e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : `not reached (${message.slice(0, 80)})`)
    }
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>
    } catch {
      return fail('the answer is not JSON')
    }
    const key = `${method.replace(/\./g, '_')}_response`
    const body = parsed[key] as Answer | undefined
    if (body && typeof body === 'object') {
      if (typeof parsed.sign !== 'string') fail('an unsigned answer')
      try {
        sdk.checkResponseSign(raw, key, parsed.sign as string, '')
      } catch {
        fail("the answer's signature does not verify with Alipay's public key")
      }
      if (body.code !== undefined && body.code !== '10000' && transient(body)) fail(`${body.code} ${body.sub_code ?? ''} (try again)`.trim())
      return body
    }
    const error = parsed.error_response as Answer | undefined
    if (error && typeof error === 'object' && typeof error.code === 'string' && error.code !== '10000') {
      if (transient(error)) fail(`${error.code} ${error.sub_code ?? ''} (try again)`.trim())
      return error
    }
    return fail(`no ${key} in the answer`)
  }

  async function query(trade: TradeRef): Promise<TradeStatus> {
    const a = await call('alipay.trade.query', { bizContent: { out_trade_no: trade.trade_no } })
    if (a.code !== '10000') {
      // Never created at Alipay: a WAP page the shopper has not opened. Nothing was paid; it may still be.
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'open' }
      throw refusalOf('alipay.trade.query', a)
    }
    switch (a.trade_status) {
      case 'WAIT_BUYER_PAY':
        return { state: 'open' }
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amount = fenOf(a.total_amount)
        if (amount === null || typeof a.trade_no !== 'string') throw new Error('Alipay alipay.trade.query: a paid trade without its amount or trade_no')
        const paidAt = alipayTimeMs(a.send_pay_date)
        return { state: 'paid', amount, transaction_id: a.trade_no, ...(paidAt !== null ? { paid_at: paidAt } : {}) }
      }
      case 'TRADE_CLOSED':
        // Closed after it was paid: refunded in full.
        return a.send_pay_date ? { state: 'refunded' } : { state: 'closed' }
      default:
        return { state: 'unknown' }
    }
  }

  async function queryRefund(r: TradeRef & { refund_no: string }): Promise<RefundStatus> {
    const a = await call('alipay.trade.fastpay.refund.query', { bizContent: { out_trade_no: r.trade_no, out_request_no: r.refund_no, query_options: ['gmt_refund_pay'] } })
    if (a.code !== '10000') {
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'failed', reason: a.sub_code }
      throw refusalOf('alipay.trade.fastpay.refund.query', a)
    }
    // REFUND_SUCCESS: done. No refund_status: Alipay has not got (or not done) this refund — ask it again (same out_request_no).
    if (a.refund_status === 'REFUND_SUCCESS') {
      const at = alipayTimeMs(a.gmt_refund_pay)
      return { state: 'succeeded', ...(at !== null ? { at } : {}) }
    }
    return { state: 'pending' }
  }

  const provider: AlipayProvider = {
    name: 'alipay',
    methods: ['alipay_jsapi', 'alipay_wap'],
    appId: config.appId,
    notifyUrl,

    async prepare(trade: OpenTrade): Promise<PreparedPayment> {
      if (!OUT_TRADE_NO.test(trade.trade_no)) throw new ProviderRefusal('INVALID_OUT_TRADE_NO', `Alipay takes letters, digits and _ in out_trade_no: ${trade.trade_no}`)
      const biz = {
        out_trade_no: trade.trade_no,
        total_amount: yuanText(trade.amount),
        subject: subjectOf(trade.description),
        // The order's deadline: Alipay refuses payment after it (absolute, Beijing time).
        time_expire: alipayTime(trade.expires_at),
      }
      if (trade.method === 'alipay_wap') {
        const returnUrl = trade.return_url ?? `${config.publicUrl}/`
        const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: { ...biz, product_code: 'QUICK_WAP_WAY', quit_url: returnUrl },
          notifyUrl,
          returnUrl,
          timestamp: stamp(),
        })
        return { pay_url: payUrl, tradeNO: null, payInfo: null, code_url: null, valid_until: Math.min(trade.expires_at, nowMs() + WAP_URL_VALID_MS) }
      }
      if (trade.method !== 'alipay_jsapi') throw new ProviderRefusal('METHOD_NOT_SUPPORTED', `Alipay does not pay by ${trade.method}`)
      if (!trade.payer_id) throw new ProviderRefusal('BUYER_REQUIRED', 'an Alipay JSAPI payment needs the buyer (alipay/getOpenId)')
      const buyer = USER_ID.test(trade.payer_id) ? { buyer_id: trade.payer_id } : { buyer_open_id: trade.payer_id }
      const a = await call('alipay.trade.create', { bizContent: { ...biz, product_code: 'JSAPI_PAY', ...buyer }, notifyUrl })
      if (a.code !== '10000') throw refusalOf('alipay.trade.create', a)
      if (typeof a.trade_no !== 'string' || a.out_trade_no !== trade.trade_no) throw new Error('Alipay alipay.trade.create: an answer for another trade')
      return { tradeNO: a.trade_no, pay_url: null, payInfo: null, code_url: null, valid_until: trade.expires_at }
    },

    query,

    async close(trade: TradeRef): Promise<'closed' | 'paid'> {
      const a = await call('alipay.trade.close', { bizContent: { out_trade_no: trade.trade_no } })
      if (a.code === '10000') return 'closed'
      // Never created (a WAP page not opened): nothing can be paid on it once its time_expire has passed.
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return 'closed'
      if (a.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
        // Not closable: paid (TRADE_SUCCESS / FINISHED), or closed already. Which one, Alipay's query says.
        const status = await query(trade)
        if (status.state === 'paid' || status.state === 'refunded') return 'paid'
        if (status.state === 'closed') return 'closed'
        throw new Error(`Alipay alipay.trade.close: refused, and the trade reads ${status.state}`)
      }
      throw refusalOf('alipay.trade.close', a)
    },

    async refund(r): Promise<RefundStatus> {
      const a = await call('alipay.trade.refund', {
        bizContent: { out_trade_no: r.trade_no, refund_amount: yuanText(r.amount), out_request_no: r.refund_no, ...(r.reason ? { refund_reason: subjectOf(r.reason) } : {}) },
      })
      if (a.code === '10000') {
        // fund_change Y: this call moved the money. N: an earlier call with this out_request_no did, or none yet — the query says.
        if (a.fund_change === 'Y') return { state: 'succeeded', at: alipayTimeMs(a.gmt_refund_pay) ?? nowMs() }
        return queryRefund(r)
      }
      // Definite: the trade cannot be refunded so (not paid, over the amount, the merchant's balance short …).
      return { state: 'failed', reason: a.sub_code ?? a.code }
    },

    queryRefund,

    authorizeUrl(redirectPath: string, state?: string): string {
      if (!PATH_PATTERN.test(redirectPath)) throw new Error('authorizeUrl: a path of this site')
      const u = new URL(authorizePageOf(config.gateway))
      u.searchParams.set('app_id', config.appId)
      u.searchParams.set('scope', 'auth_base')
      u.searchParams.set('redirect_uri', `${config.publicUrl}${redirectPath}`)
      if (state) u.searchParams.set('state', state)
      return u.toString()
    },

    async buyerOf(authCode: string): Promise<AlipayBuyer> {
      const a = await call('alipay.system.oauth.token', { grant_type: 'authorization_code', code: authCode })
      // Its success has no code: only the ids and tokens.
      if (a.code !== undefined && a.code !== '10000') throw new AlipayAuthRefused(a.sub_code ?? a.code)
      // New apps get open_id; apps created before open_id (and not switched in the console) get user_id.
      if (typeof a.open_id === 'string' && a.open_id) return { id: a.open_id, kind: 'open_id' }
      if (typeof a.user_id === 'string' && USER_ID.test(a.user_id)) return { id: a.user_id, kind: 'user_id' }
      throw new Error('Alipay alipay.system.oauth.token: an answer without open_id or user_id')
    },

    readNotification: (req) => readNotification(config, sdk, req),

    async parsePaymentNotification(req): Promise<PaymentEvent> {
      const event = await readNotification(config, sdk, req)
      if (!event) throw new NotificationIgnored('nothing to settle')
      return event
    },
  }
  return provider
}

/**
 * Alipay's asynchronous notification (a form POST, UTF-8): the signature verified first — RSA2 with Alipay's public key
 * over every field but `sign` and `sign_type`, sorted by name, `name=value` joined by `&`, the values as sent (decoded
 * once from the form) — then app_id, seller_id (when configured), out_trade_no, total_amount (yuan text to fen, exact)
 * and trade_status. The domain then compares the event with the stored trade (its amount) before anything is paid.
 */
async function readNotification(config: AlipayConfig, sdk: AlipaySdk, req: NotificationRequest): Promise<PaymentEvent | null> {
  const reject = (why: string, status = 400): never => {
    throw new NotificationRejected(why, status)
  }
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) reject('not a form', 415)
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(req.rawBody.toString('utf8'))) {
    if (Object.prototype.hasOwnProperty.call(fields, name)) reject(`${name} given twice`)
    fields[name] = value
  }
  if (!fields.sign) reject('not signed', 401)
  if ((fields.sign_type ?? 'RSA2') !== 'RSA2') reject('sign_type is not RSA2', 401)
  if (fields.charset && fields.charset.toLowerCase() !== 'utf-8') reject('charset is not utf-8')
  const content = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&')
  let verified = false
  try {
    verified = sdk.rsaCheck(content, fields.sign, 'RSA2')
  } catch {
    verified = false
  }
  if (!verified) reject('signature does not verify with Alipay\'s public key', 401)

  if (fields.app_id !== config.appId) reject('app_id is not this app')
  if (config.sellerId && fields.seller_id !== config.sellerId) reject('seller_id is not this merchant')
  if (fields.notify_type && fields.notify_type !== 'trade_status_sync') reject(`notify_type ${fields.notify_type} is not a trade's`)
  const tradeNo = fields.out_trade_no ?? ''
  if (!OUT_TRADE_NO.test(tradeNo)) reject('out_trade_no missing or malformed')
  const amount = fenOf(fields.total_amount)
  if (amount === null) reject('total_amount is not an amount')
  // A refund changes the trade's status too (TRADE_CLOSED after a full refund, TRADE_SUCCESS with refund_fee after a
  // partial one), notified like a payment: the refund is settled by its own answer and query, so nothing to settle here.
  const afterRefund = !!fields.gmt_refund || (fenOf(fields.refund_fee) ?? 0) > 0 || !!fields.out_biz_no
  const base = { provider: 'alipay' as const, trade_no: tradeNo, amount: amount as number }
  switch (fields.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED': {
      if (afterRefund) return null
      const transactionId = fields.trade_no ?? ''
      if (!/^\d{16,64}$/.test(transactionId)) reject("trade_no (Alipay's) missing")
      const payer = fields.buyer_open_id || fields.buyer_id
      return { ...base, result: 'success', transaction_id: transactionId, ...(payer ? { payer_id: payer } : {}) }
    }
    case 'TRADE_CLOSED':
      return afterRefund ? null : { ...base, result: 'fail' }
    case 'WAIT_BUYER_PAY':
      return null
    default:
      return reject(`trade_status ${String(fields.trade_status ?? 'missing')}`)
  }
}
