import crypto from 'node:crypto'
import { PAY_CHANNEL } from '../src/contract/constants'
import type { PayparamAnswer, PayparamPayload } from '../src/contract/order'
import type { z } from 'zod'
import type { DB } from './db'
import { BizError } from './http'
import { markPaid, type OrderRow } from './orders'
import { nowText } from './time'

type PayInput = z.output<typeof PayparamPayload>

export interface PaymentRow {
  id: number
  order_id: number
  trade_no: string
  channel: number
  amount: number
  status: 'pending' | 'paid' | 'failed'
  success_url: string | null
  fail_url: string | null
}

export interface Notification {
  trade_no: string
  result: 'success' | 'fail'
  amount: number
  sign: string
}

/** Only paths of this site: the cashier must never become an open redirect. */
export function sameSitePath(url: string | undefined): string | null {
  if (!url) return null
  return /^\/(?!\/)[^\s\\]*$/.test(url) ? url : null
}

export function signNotification(n: Omit<Notification, 'sign'>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${n.trade_no}|${n.result}|${n.amount}`).digest('hex')
}

/** payparam: one payment per order and channel; the answer has the seed's shape for every path. */
export function preparePayment(db: DB, order: OrderRow, input: PayInput, secret: string): PayparamAnswer {
  const channel = input.platform === 'weapp' ? PAY_CHANNEL.WX_JSAPI : (input.pay_channel ?? PAY_CHANNEL.REDIRECT)
  if (input.platform === 'h5' && channel === PAY_CHANNEL.WX_JSAPI && !input.wx_gzh_openid) throw new BizError('请在微信中授权后再支付')
  let payment = db.prepare("SELECT * FROM payments WHERE order_id = ? AND channel = ? AND status = 'pending'").get(order.id, channel) as PaymentRow | undefined
  if (!payment) {
    const tradeNo = `T${Date.now()}${crypto.randomInt(100000, 999999)}`
    db.prepare('INSERT INTO payments (order_id, trade_no, channel, amount, status, success_url, fail_url) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      order.id,
      tradeNo,
      channel,
      order.pay_amount,
      'pending',
      sameSitePath(input.success_url),
      sameSitePath(input.fail_url),
    )
    payment = db.prepare('SELECT * FROM payments WHERE trade_no = ?').get(tradeNo) as PaymentRow
  } else if (input.success_url || input.fail_url) {
    db.prepare('UPDATE payments SET success_url = ?, fail_url = ? WHERE id = ?').run(sameSitePath(input.success_url), sameSitePath(input.fail_url), payment.id)
  }

  const nonceStr = crypto.randomBytes(8).toString('hex')
  const timeStamp = String(Math.floor(Date.now() / 1000))
  const pkg = `prepay_id=${payment.trade_no}`
  const payInfo =
    channel === PAY_CHANNEL.WX_JSAPI
      ? { appId: 'wx-sandbox', timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign: crypto.createHmac('sha256', secret).update(`${timeStamp}${nonceStr}${pkg}`).digest('hex') }
      : null
  const payUrl = channel === PAY_CHANNEL.REDIRECT && !input.alipay ? `/sandbox/cashier?trade_no=${payment.trade_no}` : null
  return {
    pay_state: 0,
    pay_param: { payInfo, pay_url: payUrl, tradeNO: input.alipay ? payment.trade_no : null },
    expend: { pay_info: payment.trade_no },
  }
}

/**
 * The provider's notification. Signature and amount are checked; repeats change nothing; a failure
 * leaves the order unpaid (it can be paid again).
 */
export function handleNotification(db: DB, n: Notification, secret: string): { accepted: boolean; payment: PaymentRow | null } {
  if (typeof n.sign !== 'string' || n.sign.length !== 64) return { accepted: false, payment: null }
  const expected = signNotification({ trade_no: n.trade_no, result: n.result, amount: n.amount }, secret)
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(n.sign))) return { accepted: false, payment: null }
  const payment = db.prepare('SELECT * FROM payments WHERE trade_no = ?').get(n.trade_no) as PaymentRow | undefined
  if (!payment || payment.amount !== n.amount) return { accepted: false, payment: null }
  if (payment.status !== 'pending') return { accepted: true, payment }
  db.transaction(() => {
    if (n.result === 'success') {
      db.prepare("UPDATE payments SET status = 'paid', notified_at = ? WHERE id = ?").run(nowText(), payment.id)
      markPaid(db, payment.order_id)
    } else {
      db.prepare("UPDATE payments SET status = 'failed', notified_at = ? WHERE id = ?").run(nowText(), payment.id)
    }
  })()
  return { accepted: true, payment: db.prepare('SELECT * FROM payments WHERE id = ?').get(payment.id) as PaymentRow }
}
