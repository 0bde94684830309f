import type crypto from 'node:crypto'
import type { WxPayInfo } from '../../../src/contract/order'
import { realNowMs } from '../../time'
import { NotificationRejected, ProviderRefusal, type NotificationRequest, type OpenTrade, type PaymentEvent, type PaymentProvider, type PayMethod, type PreparedPayment, type RefundEvent, type RefundStatus, type TradeRef, type TradeStatus } from '../pay/types'
import { authorization, checkSignature, decryptResource, jsapiPaySign, nonceStr, type EncryptedResource, type Verifiers } from './crypto'
import type { WechatPayConfig } from './config'

/**
 * WeChat Pay API v3 (issue 40; docs/decisions/2026-12-06-wechat-pay-v3.md): JSAPI (the mini-program, the official
 * account), H5 and Native payments, query, close, refund, and the payment and refund notifications — in direct mode or
 * in service-provider mode (`/v3/pay/partner/transactions/*`, sp_mchid / sub_mchid, sp_openid / sub_openid), as the
 * configuration says (./config.ts). Every answer's signature is verified before it is believed. A network failure, a
 * timeout, a 5xx or an answer that does not verify throws a plain Error (the outbox tries again); a definite 4xx refusal
 * throws ProviderRefusal with WeChat Pay's code.
 */

export const NOTIFY_PAY_PATH = '/notify/wechatpay/pay'
export const NOTIFY_REFUND_PATH = '/notify/wechatpay/refund'

const WECHAT_METHODS: readonly PayMethod[] = ['wechat_jsapi', 'wechat_h5', 'wechat_native']
/** A prepay_id and a code_url live 2 hours; an h5_url 5 minutes (WeChat Pay's documentation). */
const PREPAY_VALID_MS = 2 * 60 * 60_000 - 5 * 60_000
const H5_VALID_MS = 5 * 60_000

export interface WechatPay extends PaymentProvider {
  /** A payment notification (`/notify/wechatpay/pay`), verified and compared with this merchant; throws NotificationRejected. */
  parsePaymentNotification(req: NotificationRequest): Promise<PaymentEvent>
  /** A refund notification (`/notify/wechatpay/refund`), likewise. */
  parseRefundNotification(req: NotificationRequest): Promise<RefundEvent>
  readonly mode: 'direct' | 'service_provider'
}

/** RFC 3339 in China's time (WeChat Pay's time_expire): 2026-12-06T10:34:56+08:00. */
export const rfc3339 = (ms: number): string => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

/** At most 127 bytes of UTF-8, cut between characters (WeChat Pay's description). */
export function cutBytes(text: string, max = 127): string {
  let out = ''
  for (const ch of text) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break
    out += ch
  }
  return out
}

interface Answer {
  status: number
  data: Record<string, unknown> | null
}

interface TransactionResource {
  appid?: string
  mchid?: string
  sp_appid?: string
  sp_mchid?: string
  sub_appid?: string
  sub_mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  success_time?: string
  payer?: { openid?: string; sp_openid?: string; sub_openid?: string }
  amount?: { total?: number }
}

interface RefundResource {
  mchid?: string
  sp_mchid?: string
  sub_mchid?: string
  out_trade_no?: string
  out_refund_no?: string
  refund_status?: string
  amount?: { refund?: number; total?: number }
}

const lowerHeaders = (h: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  h.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return out
}

export function createWechatPay(cfg: WechatPayConfig, opts: { fetch?: typeof fetch } = {}): WechatPay {
  const doFetch = opts.fetch ?? fetch
  const verifiers: Verifiers = new Map<string, crypto.KeyObject>([...cfg.platformCerts.map((c) => [c.serial, c.key] as const), ...(cfg.publicKey ? [[cfg.publicKey.id, cfg.publicKey.key] as const] : [])])
  const wechatpaySerial = cfg.publicKey?.id ?? cfg.platformCerts[0]?.serial
  const sp = cfg.sp
  const appIds = new Set([cfg.appIdMp, cfg.appIdOa, sp?.appId].filter((x): x is string => !!x))
  const subMchidOf = (t: { sub_mchid?: string | null }) => t.sub_mchid ?? sp?.subMchid ?? null

  /** One signed request; the answer's signature checked. */
  async function call(method: 'GET' | 'POST', pathAndQuery: string, body?: Record<string, unknown>): Promise<Answer> {
    const text = body ? JSON.stringify(body) : ''
    const headers: Record<string, string> = {
      Authorization: authorization(cfg, method, pathAndQuery, text, Math.floor(realNowMs() / 1000)),
      Accept: 'application/json',
      'User-Agent': 'one-card-pass (node)',
    }
    if (body) headers['Content-Type'] = 'application/json'
    if (wechatpaySerial) headers['Wechatpay-Serial'] = wechatpaySerial
    const what = `${method} ${pathAndQuery.split('?')[0]}`
    let res: Response
    let answer: string
    try {
      res = await doFetch(`${cfg.apiBase}${pathAndQuery}`, { method, headers, body: body ? text : undefined, signal: AbortSignal.timeout(cfg.timeoutMs) })
      answer = await res.text()
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } }
      const why = e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer in ${cfg.timeoutMs} ms` : (e.cause?.code ?? e.message ?? 'network error')
      throw new Error(`WeChat Pay ${what}: ${why}`)
    }
    const parsed = answer ? (safeJson(answer) as Record<string, unknown> | null) : null
    if (res.status >= 500 || res.status === 429) throw new Error(`WeChat Pay ${what}: HTTP ${res.status}${parsed && typeof parsed.code === 'string' ? ` ${parsed.code}` : ''}`)
    // An answer that does not verify is not WeChat Pay's: nothing in it is believed (neither a success nor a refusal).
    const bad = checkSignature(verifiers, lowerHeaders(res.headers), answer, Math.floor(realNowMs() / 1000))
    if (bad) throw new Error(`WeChat Pay ${what}: answer not believed (${bad})`)
    if (res.status >= 400) {
      const code = parsed && typeof parsed.code === 'string' ? parsed.code : `HTTP_${res.status}`
      const message = parsed && typeof parsed.message === 'string' ? parsed.message : ''
      throw new ProviderRefusal(code, `WeChat Pay ${what}: ${code}${message ? ` ${message}` : ''}`)
    }
    return { status: res.status, data: parsed }
  }

  const prefix = sp ? '/v3/pay/partner/transactions' : '/v3/pay/transactions'
  const merchant = (subMchid: string | null): Record<string, string> => (sp ? { sp_mchid: cfg.mchid, sub_mchid: subMchid ?? '' } : { mchid: cfg.mchid })
  const merchantQuery = (subMchid: string | null) => (sp ? `sp_mchid=${cfg.mchid}&sub_mchid=${encodeURIComponent(subMchid ?? '')}` : `mchid=${cfg.mchid}`)

  function appIdFor(trade: OpenTrade): string {
    if (trade.method === 'wechat_jsapi') {
      const id = trade.app_kind === 'miniprogram' ? cfg.appIdMp : cfg.appIdOa
      if (!id) throw new ProviderRefusal('APPID_NOT_CONFIGURED', `WeChat Pay: no app id for ${trade.app_kind ?? 'this payment'} (WXPAY_APPID_MP / WXPAY_APPID_OA)`)
      return id
    }
    return sp?.appId ?? cfg.appIdOa ?? (cfg.appIdMp as string)
  }

  async function prepare(trade: OpenTrade): Promise<PreparedPayment> {
    if (!WECHAT_METHODS.includes(trade.method)) throw new ProviderRefusal('METHOD_NOT_SUPPORTED', `WeChat Pay does not pay by ${trade.method}`)
    const appId = appIdFor(trade)
    const subMchid = subMchidOf(trade)
    const common: Record<string, unknown> = {
      ...(sp ? { sp_appid: appId, ...merchant(subMchid), ...(sp.subAppId && trade.method === 'wechat_jsapi' ? { sub_appid: sp.subAppId } : {}) } : { appid: appId, mchid: cfg.mchid }),
      description: cutBytes(trade.description) || trade.trade_no,
      out_trade_no: trade.trade_no,
      time_expire: rfc3339(trade.expires_at),
      notify_url: `${cfg.notifyUrl}${NOTIFY_PAY_PATH}`,
      amount: { total: trade.amount, currency: 'CNY' },
    }
    const now = realNowMs()
    if (trade.method === 'wechat_jsapi') {
      if (!trade.payer_id) throw new ProviderRefusal('PAYER_REQUIRED', 'WeChat Pay JSAPI: the payer\'s openid is required')
      const payer = sp ? (sp.subAppId ? { sub_openid: trade.payer_id } : { sp_openid: trade.payer_id }) : { openid: trade.payer_id }
      const { data } = await call('POST', `${prefix}/jsapi`, { ...common, payer })
      const prepayId = typeof data?.prepay_id === 'string' ? data.prepay_id : null
      if (!prepayId) throw new Error('WeChat Pay JSAPI: no prepay_id in the answer')
      const payApp = sp?.subAppId ?? appId
      const info = { appId: payApp, timeStamp: String(Math.floor(now / 1000)), nonceStr: nonceStr(), package: `prepay_id=${prepayId}` }
      const payInfo: WxPayInfo = { ...info, signType: 'RSA', paySign: jsapiPaySign(cfg.privateKey, info) }
      return { payInfo, pay_url: null, tradeNO: null, code_url: null, valid_until: Math.min(trade.expires_at, now + PREPAY_VALID_MS) }
    }
    if (trade.method === 'wechat_h5') {
      const scene = { payer_client_ip: trade.client_ip, h5_info: { type: cfg.h5Type } }
      const { data } = await call('POST', `${prefix}/h5`, { ...common, scene_info: scene })
      const h5 = typeof data?.h5_url === 'string' ? data.h5_url : null
      if (!h5) throw new Error('WeChat Pay H5: no h5_url in the answer')
      // WeChat Pay returns the shopper to redirect_url, appended to h5_url (its domain must be the configured H5 domain).
      const payUrl = trade.return_url ? `${h5}${h5.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(trade.return_url)}` : h5
      return { payInfo: null, pay_url: payUrl, tradeNO: null, code_url: null, valid_until: Math.min(trade.expires_at, now + H5_VALID_MS) }
    }
    const { data } = await call('POST', `${prefix}/native`, common)
    const code = typeof data?.code_url === 'string' ? data.code_url : null
    if (!code) throw new Error('WeChat Pay Native: no code_url in the answer')
    return { payInfo: null, pay_url: null, tradeNO: null, code_url: code, valid_until: Math.min(trade.expires_at, now + PREPAY_VALID_MS) }
  }

  async function query(ref: TradeRef): Promise<TradeStatus> {
    let data: Record<string, unknown> | null
    try {
      data = (await call('GET', `${prefix}/out-trade-no/${encodeURIComponent(ref.trade_no)}?${merchantQuery(subMchidOf(ref))}`)).data
    } catch (err) {
      if (err instanceof ProviderRefusal && err.code === 'ORDER_NOT_EXIST') return { state: 'unknown' }
      throw err
    }
    const tx = (data ?? {}) as TransactionResource
    if (tx.out_trade_no !== ref.trade_no) throw new Error('WeChat Pay query: the answer names another trade')
    switch (tx.trade_state) {
      case 'SUCCESS':
        return { state: 'paid', amount: Number(tx.amount?.total ?? -1), transaction_id: String(tx.transaction_id ?? ''), ...(tx.success_time ? { paid_at: Date.parse(tx.success_time) } : {}) }
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'open' }
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { state: 'closed' }
      case 'REFUND':
        return { state: 'refunded' }
      default:
        return { state: 'unknown' }
    }
  }

  async function close(ref: TradeRef): Promise<'closed' | 'paid'> {
    try {
      await call('POST', `${prefix}/out-trade-no/${encodeURIComponent(ref.trade_no)}/close`, merchant(subMchidOf(ref)))
      return 'closed'
    } catch (err) {
      if (!(err instanceof ProviderRefusal)) throw err
      // Refused (paid already, never opened, closed already): the trade's own state decides.
      const state = (await query(ref)).state
      if (state === 'paid' || state === 'refunded') return 'paid'
      if (state === 'closed' || state === 'unknown') return 'closed'
      throw err
    }
  }

  const refundStatusOf = (status: unknown): RefundStatus =>
    status === 'SUCCESS' ? { state: 'succeeded' } : status === 'CLOSED' || status === 'ABNORMAL' ? { state: 'failed', reason: String(status) } : { state: 'pending' }

  async function refund(r: TradeRef & { refund_no: string; amount: number; total: number; reason?: string }): Promise<RefundStatus> {
    const { data } = await call('POST', '/v3/refund/domestic/refunds', {
      ...(sp ? { sub_mchid: subMchidOf(r) } : {}),
      out_trade_no: r.trade_no,
      out_refund_no: r.refund_no,
      ...(r.reason ? { reason: cutBytes(r.reason, 80) } : {}),
      notify_url: `${cfg.notifyUrl}${NOTIFY_REFUND_PATH}`,
      amount: { refund: r.amount, total: r.total, currency: 'CNY' },
    })
    return refundStatusOf(data?.status)
  }

  async function queryRefund(r: TradeRef & { refund_no: string }): Promise<RefundStatus> {
    try {
      const { data } = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(r.refund_no)}${sp ? `?sub_mchid=${encodeURIComponent(subMchidOf(r) ?? '')}` : ''}`)
      return refundStatusOf(data?.status)
    } catch (err) {
      if (err instanceof ProviderRefusal && err.code === 'RESOURCE_NOT_EXISTS') return { state: 'pending' }
      throw err
    }
  }

  /** A notification's resource, after its signature, its timestamp and its decryption (AEAD_AES_256_GCM with the API v3 key). */
  function openNotification(req: NotificationRequest, eventPrefix: string, originalType: string): Record<string, unknown> {
    const body = req.rawBody.toString('utf8')
    const bad = checkSignature(verifiers, req.headers, body, Math.floor(realNowMs() / 1000))
    if (bad) throw new NotificationRejected(bad, 401)
    const n = safeJson(body) as { event_type?: unknown; resource?: Partial<EncryptedResource> & { original_type?: unknown } } | null
    const r = n?.resource
    if (!n || typeof n.event_type !== 'string' || !n.event_type.startsWith(eventPrefix) || !r || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string' || typeof r.algorithm !== 'string') {
      throw new NotificationRejected('not a notification of this kind', 400)
    }
    if (r.original_type !== undefined && r.original_type !== originalType) throw new NotificationRejected('not a notification of this kind', 400)
    let plain: string
    try {
      plain = decryptResource(cfg.apiV3Key, { algorithm: r.algorithm, ciphertext: r.ciphertext, nonce: r.nonce, associated_data: typeof r.associated_data === 'string' ? r.associated_data : '' })
    } catch {
      throw new NotificationRejected('resource does not decrypt', 400)
    }
    const resource = safeJson(plain)
    if (!resource || typeof resource !== 'object') throw new NotificationRejected('resource is not JSON', 400)
    return resource as Record<string, unknown>
  }

  /** The merchant (and in service-provider mode the sub-merchant) a resource names must be this one's. */
  function merchantOf(r: { mchid?: string; sp_mchid?: string; sub_mchid?: string }): string | null {
    if (sp) {
      if (r.sp_mchid !== cfg.mchid || !r.sub_mchid) throw new NotificationRejected('merchant does not match', 400)
      return r.sub_mchid
    }
    if (r.mchid !== cfg.mchid) throw new NotificationRejected('merchant does not match', 400)
    return null
  }

  async function parsePaymentNotification(req: NotificationRequest): Promise<PaymentEvent> {
    const tx = openNotification(req, 'TRANSACTION.', 'transaction') as TransactionResource
    const subMchid = merchantOf(tx)
    const appId = sp ? tx.sp_appid : tx.appid
    if (!appId || !appIds.has(appId) || (sp && tx.sub_appid && tx.sub_appid !== sp.subAppId)) throw new NotificationRejected('app id does not match', 400)
    const amount = tx.amount?.total
    if (typeof tx.out_trade_no !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount)) throw new NotificationRejected('trade or amount missing', 400)
    const payer = tx.payer?.openid ?? tx.payer?.sp_openid ?? tx.payer?.sub_openid
    return {
      provider: 'wechatpay',
      trade_no: tx.out_trade_no,
      result: tx.trade_state === 'SUCCESS' ? 'success' : 'fail',
      amount,
      ...(typeof tx.transaction_id === 'string' ? { transaction_id: tx.transaction_id } : {}),
      ...(payer ? { payer_id: payer } : {}),
      ...(sp ? { sub_mchid: subMchid } : {}),
    }
  }

  async function parseRefundNotification(req: NotificationRequest): Promise<RefundEvent> {
    const rf = openNotification(req, 'REFUND.', 'refund') as RefundResource
    const subMchid = merchantOf(rf)
    const amount = rf.amount?.refund
    if (typeof rf.out_refund_no !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount)) throw new NotificationRejected('refund or amount missing', 400)
    return { provider: 'wechatpay', refund_no: rf.out_refund_no, result: rf.refund_status === 'SUCCESS' ? 'success' : 'fail', amount, ...(sp ? { sub_mchid: subMchid } : {}) }
  }

  return { name: 'wechatpay', methods: WECHAT_METHODS, mode: sp ? 'service_provider' : 'direct', prepare, query, close, refund, queryRefund, parsePaymentNotification, parseRefundNotification }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
