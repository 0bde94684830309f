import type { Q } from '../../storage/query'
import { ORDER_STATUS } from '../../../src/contract/constants'
import type { RefundEvent } from '../../providers/pay/types'
import { returnOrderStock } from '../orderStock'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as payments from '../../storage/repo/payments'
import * as store from '../../storage/repo/store'
import { nowText } from '../../time'

/**
 * A refund's outcome, settled once (issue 40): the provider's refund notification (WeChat Pay, the sandbox), or its answer
 * to the refund call itself (Alipay answers at once; the outbox, server/domain/pay/outbox.ts, settles it here).
 */

/**
 * The money is back (the provider's refund notification, or nothing was paid): refunding → refunded, once;
 * the coupon is the shopper's again, flash-sale stock returns, a card the order bought is void (its state
 * follows the order's status). Inside the caller's transaction.
 */
export async function finishOrderRefund(db: Q, orderId: number): Promise<boolean> {
  if (!db.inTransaction) throw new Error('finishOrderRefund must run inside a write transaction')
  const row = (await orders.byId(db, orderId)) as OrderRow
  if (!(await orders.moveStatus(db, row.id, ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED))) return false
  if (row.user_coupon_id) await store.returnUsedCoupon(db, row.user_coupon_id)
  await returnOrderStock(db, row)
  await store.insertAction(db, { order_id: row.id, action: 'refunded', by_user_id: null, reason: null, at: nowText() })
  return true
}

/** The provider could not refund: recorded on the order (an operator settles it; the order stays refunding). */
export async function recordRefundFailure(db: Q, orderId: number): Promise<void> {
  await store.insertAction(db, { order_id: orderId, action: 'refund_failed', by_user_id: null, reason: null, at: nowText() })
}

/**
 * A refund's outcome from its provider, compared with what is stored first: the refund must exist, be the provider's
 * (its trade's), for the same amount and — in WeChat Pay's service-provider mode — the same sub-merchant. false: not
 * believed (nothing changed). A repeat changes nothing and answers true (the provider must stop sending it).
 */
export async function settleRefund(db: Q, e: RefundEvent): Promise<boolean> {
  const refund = await payments.refundWithTrade(db, e.refund_no)
  if (!refund || refund.amount !== e.amount || refund.provider !== e.provider) return false
  if (refund.sub_mchid && e.sub_mchid && refund.sub_mchid !== e.sub_mchid) return false
  await db.transaction('serializable', async (db) => {
    const settled = await payments.settleRefund(db, refund.id, e.result === 'success' ? 'succeeded' : 'failed', nowText())
    if (settled && e.result === 'success') await payments.refundedTrade(db, refund.payment_id)
    // An approved refund request: the order is refunded now (coupon, stock and card given back), once.
    if (settled && refund.reason === 'order') {
      if (e.result === 'success') await finishOrderRefund(db, refund.order_id)
      else await recordRefundFailure(db, refund.order_id)
    }
  })
  return true
}
