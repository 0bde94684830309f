import type { WxPayInfo } from '../../../src/contract/order'

/**
 * The payment seam (issue 40; server/providers/README.md). The domain (server/domain/pay) imports only this file of the
 * payment providers; server/http/app.ts builds the implementations from the configuration and hands them in.
 */

export type ProviderName = 'sandbox' | 'wechatpay' | 'alipay'
/** How the shopper pays; the server decides it from payparam's payload (platform, pay_channel, pay_method, user agent). */
export type PayMethod =
  | 'wechat_jsapi' // mini-program (payer: its openid) or H5 in WeChat (payer: the official account's openid) — app_kind says which
  | 'wechat_h5' // H5 outside WeChat on a phone: h5_url (5 minutes); scene_info.payer_client_ip, h5_info.type
  | 'wechat_native' // a desktop browser: code_url shown as a QR code
  | 'alipay_jsapi' // inside Alipay's browser: alipay.trade.create for the buyer (open_id) → tradePay with Alipay's trade_no
  | 'alipay_wap' // any other browser: alipay.trade.wap.pay's page URL
  | 'sandbox' // the sandbox provider (every path, as today)
export interface OpenTrade {
  trade_no: string // ours (out_trade_no), unique, ≤ 32 chars [A-Za-z0-9_-]
  amount: number // fen
  description: string // ≤ 127 bytes UTF-8 (WeChat), cut safely
  method: PayMethod
  app_kind?: 'miniprogram' | 'official_account'
  payer_id?: string // WeChat openid (of the app_kind's app) or Alipay buyer open_id
  client_ip: string // the shopper's address as Fastify sees it (TRUST_PROXY decides)
  return_url?: string // absolute https URL the provider sends the shopper back to (H5/WAP)
  expires_at: number // epoch ms: the order's payment deadline
  sub_mchid?: string | null // WeChat Pay service-provider mode: the shop's sub-merchant id
}
/** What the client needs to pay (the seed's pay_param shape, plus a QR code for desktop). */
export interface PreparedPayment {
  payInfo?: WxPayInfo | null
  pay_url?: string | null
  tradeNO?: string | null
  code_url?: string | null
  valid_until: number
}
export type TradeStatus =
  | { state: 'paid'; amount: number; transaction_id: string; paid_at?: number }
  | { state: 'open' }
  | { state: 'closed' }
  | { state: 'refunded' }
  | { state: 'unknown' }
export type RefundStatus = { state: 'pending' } | { state: 'succeeded'; at?: number } | { state: 'failed'; reason: string }
export interface TradeRef {
  trade_no: string
  sub_mchid?: string | null
}
export interface PaymentProvider {
  readonly name: ProviderName
  readonly methods: readonly PayMethod[]
  prepare(trade: OpenTrade): Promise<PreparedPayment>
  query(trade: TradeRef): Promise<TradeStatus>
  /** 'paid': the provider says it was paid already (the order must not be cancelled). */
  close(trade: TradeRef): Promise<'closed' | 'paid'>
  refund(r: TradeRef & { refund_no: string; amount: number; total: number; reason?: string }): Promise<RefundStatus>
  queryRefund(r: TradeRef & { refund_no: string }): Promise<RefundStatus>
}
/** A verified notification, normalized; the domain (server/domain/pay) then compares it with the stored trade. */
export interface PaymentEvent {
  provider: ProviderName
  trade_no: string
  result: 'success' | 'fail'
  amount: number
  transaction_id?: string
  payer_id?: string
  /** WeChat Pay's service-provider mode: the sub-merchant the notification names (compared with the trade's). */
  sub_mchid?: string | null
}
export interface RefundEvent {
  provider: ProviderName
  refund_no: string
  result: 'success' | 'fail'
  amount: number
  /** WeChat Pay's service-provider mode: the sub-merchant the notification names (compared with the trade's). */
  sub_mchid?: string | null
}

/**
 * A definite refusal by the provider (not a network failure or a 5xx, which throw plain errors the outbox retries): `code`
 * is the provider's own (WeChat Pay's `ORDERPAID`, Alipay's `ACQ.TRADE_HAS_SUCCESS` …); the domain maps it to a reason.
 */
export class ProviderRefusal extends Error {
  readonly code: string
  constructor(code: string, message?: string) {
    super(message ?? code)
    this.name = 'ProviderRefusal'
    this.code = code
  }
}

/**
 * A notification that must not be believed: its signature, timestamp window, ids or decryption failed. `message` is a
 * short reason for the provider's answer and the log (never a secret, never the body).
 */
export class NotificationRejected extends Error {
  /** The HTTP status to answer the provider with (4xx: do not believe it; 5xx: try again later). */
  readonly status: number
  constructor(message: string, status = 401) {
    super(message)
    this.name = 'NotificationRejected'
    this.status = status
  }
}

/** A provider's notification as its route hands it over: the headers (lower-case names) and the body's bytes. */
export interface NotificationRequest {
  headers: Record<string, string | undefined>
  rawBody: Buffer
}
