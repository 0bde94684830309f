import type { OpenTrade, PaymentProvider, PayMethod, PreparedPayment, ProviderName, RefundStatus, TradeStatus } from '../../server/providers/pay/types'
import { nowMs } from '../../server/time'

/** One call the domain made of a provider, with whether a database transaction was open on the server then. */
export interface ProviderCallSeen {
  op: 'prepare' | 'query' | 'close' | 'refund' | 'queryRefund'
  trade_no: string
  arg: unknown
  inTransaction: boolean
}

/**
 * A payment provider that answers at once and counts what it is asked (issue 40): the domain's side of the seam
 * (server/providers/pay/types.ts) seen from outside — which method, payer and address it was given, whether a
 * transaction was open, how often it was asked. Its answers can be steered (`next`) to stand for a provider that says
 * "paid", settles a refund in its answer, or cannot be reached.
 */
export interface CountingProvider extends PaymentProvider {
  readonly seen: ProviderCallSeen[]
  next: { query?: TradeStatus; close?: 'closed' | 'paid'; refund?: RefundStatus; queryRefund?: RefundStatus; fail?: Error | null }
  /** The trades it was asked to prepare, as given. */
  readonly prepared: OpenTrade[]
}

const WECHAT: readonly PayMethod[] = ['wechat_jsapi', 'wechat_h5', 'wechat_native']
const ALIPAY: readonly PayMethod[] = ['alipay_jsapi', 'alipay_wap']

export function countingProvider(name: Exclude<ProviderName, 'sandbox'>, inTransaction: () => boolean): CountingProvider {
  const seen: ProviderCallSeen[] = []
  const prepared: OpenTrade[] = []
  const p: CountingProvider = {
    name,
    methods: name === 'wechatpay' ? WECHAT : ALIPAY,
    seen,
    prepared,
    next: {},
    async prepare(trade) {
      seen.push({ op: 'prepare', trade_no: trade.trade_no, arg: trade, inTransaction: inTransaction() })
      if (p.next.fail) throw p.next.fail
      prepared.push(trade)
      const at = nowMs()
      const answer: PreparedPayment = { valid_until: Math.min(trade.expires_at, at + 2 * 3_600_000) }
      if (trade.method === 'wechat_jsapi') answer.payInfo = { appId: 'wx-double', timeStamp: String(Math.floor(at / 1000)), nonceStr: `n${prepared.length}`, package: `prepay_id=wx${trade.trade_no}`, signType: 'RSA', paySign: 'signed' }
      else if (trade.method === 'wechat_h5') Object.assign(answer, { pay_url: `https://wx.example/h5?prepay=${trade.trade_no}`, valid_until: at + 5 * 60_000 })
      else if (trade.method === 'wechat_native') answer.code_url = `weixin://wxpay/bizpayurl?pr=${trade.trade_no}`
      else if (trade.method === 'alipay_jsapi') answer.tradeNO = `2026${trade.trade_no}`
      else answer.pay_url = `https://alipay.example/wap?out_trade_no=${trade.trade_no}`
      return answer
    },
    async query(t) {
      seen.push({ op: 'query', trade_no: t.trade_no, arg: t, inTransaction: inTransaction() })
      if (p.next.fail) throw p.next.fail
      return p.next.query ?? { state: 'open' }
    },
    async close(t) {
      seen.push({ op: 'close', trade_no: t.trade_no, arg: t, inTransaction: inTransaction() })
      if (p.next.fail) throw p.next.fail
      return p.next.close ?? 'closed'
    },
    async refund(r) {
      seen.push({ op: 'refund', trade_no: r.trade_no, arg: r, inTransaction: inTransaction() })
      if (p.next.fail) throw p.next.fail
      return p.next.refund ?? { state: 'pending' }
    },
    async queryRefund(r) {
      seen.push({ op: 'queryRefund', trade_no: r.trade_no, arg: r, inTransaction: inTransaction() })
      if (p.next.fail) throw p.next.fail
      return p.next.queryRefund ?? { state: 'pending' }
    },
  }
  return p
}
