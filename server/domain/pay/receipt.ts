import type { Q } from '../../storage/query'
import crypto from 'node:crypto'
import type { ReceiptAnswer } from '../../../src/contract/receipt'
import type { ApiLang } from '../../../src/contract/common'
import { refuse } from '../refusal'
import { orderTitleIn } from '../names'
import * as orders from '../../storage/repo/orders'
import { paidTradeByNo, paidTradeOfOrder, type PaidTradeRow as PaidTrade } from '../../storage/repo/payments'
import { shopName } from '../../storage/repo/shops'

/**
 * The receipt page in WeChat Pay's frame (点金计划 商家小票, issue 26; docs/api.md "The receipt in WeChat Pay's frame").
 * WeChat Pay (partner mode: we are the service provider, the shop's payments go to a sub-merchant) opens the receipt
 * link configured at WeChat with `?sub_mch_id=…&out_trade_no=…&check_code=…`; check_code is the MD5 (hex, lower case)
 * of `<link>?sub_mch_id=…&out_trade_no=…&transaction_id=…` — the link with WeChat Pay's number of the payment in place
 * of check_code. The server checks it against the payment's transaction_id (stored from the provider's notification;
 * the sandbox provider issues one) and answers only what a receipt shows.
 */

/** WeChat Pay's page that frames the receipt: the only origin allowed to frame it, and where its messages go. */
export const WECHAT_PAY_FRAME_ORIGIN = 'https://payapp.weixin.qq.com'
/** The receipt page's path: the app's post-payment page (pages/orders/orderInfo), opened with WeChat's parameters. */
export const RECEIPT_PATH = '/pages/orders/orderInfo'
/** The sub-merchant number the sandbox stands in with (WeChat Pay's documentation's example number). */
export const SANDBOX_SUB_MCH_ID = '1900000109'

export interface GoldPlanConfig {
  /** The origin allowed to frame the receipt page (GOLDPLAN_FRAME_ORIGIN; default WeChat Pay's). */
  frameOrigin: string
  /** The receipt link as configured at WeChat Pay (GOLDPLAN_RECEIPT_URL); null: the sandbox's, this server's own. */
  receiptUrl: string | null
  /** The platform's own sub-merchant at WeChat Pay (WXPAY_SUB_MCH_ID): a trade no shop has one for; null: the sandbox's stand-in. */
  subMchId: string | null
}

export const DEFAULT_GOLDPLAN: GoldPlanConfig = { frameOrigin: WECHAT_PAY_FRAME_ORIGIN, receiptUrl: null, subMchId: null }

/** check_code as WeChat Pay computes it. */
export function checkCodeOf(receiptUrl: string, subMchId: string, outTradeNo: string, transactionId: string): string {
  return crypto.createHash('md5').update(`${receiptUrl}?sub_mch_id=${subMchId}&out_trade_no=${outTradeNo}&transaction_id=${transactionId}`).digest('hex')
}

/**
 * The link and sub-merchant this server answers for: configured ones, or in the sandbox this server's own page (the
 * origin the request came to) and the stand-in number. Outside the sandbox without both configured: none.
 */
export function receiptSetting(cfg: GoldPlanConfig, sandbox: boolean, requestOrigin: string): { receiptUrl: string; subMchId: string } | null {
  if (cfg.receiptUrl && cfg.subMchId) return { receiptUrl: cfg.receiptUrl, subMchId: cfg.subMchId }
  if (!sandbox) return null
  return { receiptUrl: cfg.receiptUrl ?? `${requestOrigin}${RECEIPT_PATH}`, subMchId: cfg.subMchId ?? SANDBOX_SUB_MCH_ID }
}

/**
 * The sub-merchant WeChat Pay names in the receipt's link for a trade (service-provider mode): the shop's, found by the
 * trade (issue 40) — the one configured number (WXPAY_SUB_MCH_ID, or the sandbox's stand-in) only for a trade no shop
 * has one for (the platform's own sales, trades from before shops had theirs).
 */
const subMerchantOf = (trade: PaidTrade, setting: { subMchId: string }) => trade.sub_mchid ?? setting.subMchId

const sameHex = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()))

/**
 * The receipt, when check_code is right: another sub-merchant, an unknown or unpaid trade and a wrong code are one
 * refusal (`receipt_check_failed`: nothing said about which), as WeChat asks ("otherwise show an error page").
 */
export async function receiptOf(db: Q, setting: { receiptUrl: string; subMchId: string }, frameOrigin: string, q: { sub_mch_id: string; out_trade_no: string; check_code: string }, lang: ApiLang): Promise<ReceiptAnswer> {
  // The refusal names the frame's origin too: the error page is drawn in the frame and tells it so (onIframeReady).
  const failed = () => refuse('receipt_check_failed', {}, { data: { frame_origin: frameOrigin } })
  const found = await paidTradeByNo(db, q.out_trade_no)
  const trade = found && q.sub_mch_id === subMerchantOf(found, setting) ? found : undefined
  const expected = trade ? checkCodeOf(setting.receiptUrl, q.sub_mch_id, trade.trade_no, trade.transaction_id) : null
  if (!trade || !expected || !sameHex(expected, q.check_code)) throw failed()
  const order = await orders.byId(db, trade.order_id)
  if (!order || !order.pay_time) throw failed()
  const shop = order.shop_id !== null ? await shopName(db, order.shop_id) : undefined
  return {
    receipt: { order_id: order.id, order_no: order.order_no, shop_name: shop ?? orderTitleIn(lang, order.kind, order.title), amount: order.pay_amount, paid_at: order.pay_time },
    frame_origin: frameOrigin,
  }
}

/** The sandbox's stand-in for WeChat Pay: the link it would open in its frame for an order's paid trade, or null. */
export async function receiptLinkOf(db: Q, setting: { receiptUrl: string; subMchId: string }, orderId: number): Promise<string | null> {
  const trade = await paidTradeOfOrder(db, orderId)
  if (!trade) return null
  const sub = subMerchantOf(trade, setting)
  const code = checkCodeOf(setting.receiptUrl, sub, trade.trade_no, trade.transaction_id)
  return `${setting.receiptUrl}?sub_mch_id=${sub}&out_trade_no=${trade.trade_no}&check_code=${code}`
}
