import type { Q } from '../../storage/query'
import { ORDER_STATUS, PAY_CHANNEL } from '../../../src/contract/constants'
import type { OrderRefund, RefundDestination, RefundStep, RefundStepKey } from '../../../src/contract/order'
import { canRefund } from '../../../src/contract/orderRules'
import type { ApiLang } from '../../../src/contract/common'
import { storeReasonIn } from '../../../src/contract/storeReasons'
import { refuse } from '../refusal'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as store from '../../storage/repo/store'
import { takeoutTrail } from '../../storage/repo/takeout'
import { fmt, nowText } from '../../time'

/**
 * A refund as the shopper follows it (issue 24; docs/api.md "The order lifecycle"): the latest request's timeline,
 * read from the order (its reason, the status it was asked from, its refusal), its trail (order_actions) and the
 * provider refund an approval asked for (refunds). Withdrawing a request the store has not answered is here too.
 */

const HOUR_MS = 3_600_000

/**
 * Where a refund goes back: the provider the shopper paid through (WeChat Pay, Alipay); the sandbox's trades by their
 * stand-in (its JSAPI stand-in for WeChat, else its cashier); nothing paid: none.
 */
const destinationOf = (way: { provider: string; channel: number } | null): RefundDestination => {
  if (way === null) return 'none'
  if (way.provider === 'wechatpay') return 'wechat'
  if (way.provider === 'alipay') return 'alipay'
  return way.channel === PAY_CHANNEL.WX_JSAPI ? 'wechat' : 'sandbox'
}

/** The steps of a state, in order: those before `current` done, `current` in progress (or done when it ends the request), the rest to come. */
function stepsOf(keys: RefundStepKey[], reached: number, inProgress: boolean, at: Partial<Record<RefundStepKey, string | null>>): RefundStep[] {
  return keys.map((key, i) => ({ key, state: i < reached || (i === reached && !inProgress) ? 'done' : i === reached ? 'current' : 'todo', at: i <= reached ? (at[key] ?? null) : null }))
}

const ASKED: RefundStepKey[] = ['asked', 'awaiting_store']
const CANCELLED: RefundStepKey[] = ['cancelled', 'on_its_way', 'refunded']
/** The trail's actions that cancel a paid takeout order before acceptance (server/domain/takeout/takeout.ts refuseBeforeAcceptance). */
const TAKEOUT_REFUSALS = new Set(['takeout_cancelled', 'takeout_refused', 'takeout_auto_refused'])
const APPROVED: RefundStepKey[] = [...ASKED, 'approved', 'on_its_way', 'refunded']

/**
 * The order's latest refund request as the shopper reads it; null when none was ever made (no extra query then:
 * order/read of an order never refunded costs nothing more). `autoApproveHours`: the timer's (server/http/app.ts); a
 * reason the store picked from its list in `lang` (src/contract/storeReasons.ts).
 */
export async function refundTimeline(db: Q, row: OrderRow, autoApproveHours: number, lang: ApiLang): Promise<OrderRefund | null> {
  if (row.refund_requested_at === null) return null
  const trail = await store.refundTrailOf(db, row.id)
  const last = (...actions: string[]) => [...trail].reverse().find((a) => actions.includes(a.action))
  const askedAt = fmt(row.refund_requested_at)
  const more = await orders.refundDetailOf(db, row.id)
  const base = {
    // (A takeout order the store refused holds the store's reason: a listed one in the reader's language.)
    reason: storeReasonIn(lang, row.refund_reason),
    detail: more.detail,
    photos: more.photos,
    asked_at: askedAt,
    auto_approve_at: null,
    approved_at: null,
    approved_by: null,
    amount: row.pay_amount,
    refunded_at: null,
    refused: null,
    withdrawn_at: null,
    delayed: false,
    can_withdraw: false,
    can_ask_again: false,
  } satisfies Partial<OrderRefund>

  if (row.status === ORDER_STATUS.REFUNDING || row.status === ORDER_STATUS.REFUNDED) {
    const refund = await store.orderRefundOf(db, row.id)
    const payment = refund ? refund.payment_id : ((await store.attachedPaymentOf(db, row.id))?.id ?? null)
    const to = destinationOf(payment === null ? null : await store.paymentWayOf(db, payment))
    const amount = refund?.amount ?? row.pay_amount
    // A takeout order cancelled before the store accepted it (by the shopper, the store or the timer; issue 39): no request
    // and no answer — cancelled, then the money on its way back at once, then refunded.
    const cancel = row.kind === 'takeout' ? (await takeoutTrail(db, row.id)).find((a) => TAKEOUT_REFUSALS.has(a.action)) : undefined
    if (cancel) {
      // Nothing was paid (no provider refund): refunded as it was cancelled.
      const refundedAt = row.status === ORDER_STATUS.REFUNDED ? (refund ? refund.notified_at : cancel.at) : null
      const cancelled = { ...base, reason: null, detail: null, photos: [], to, amount, delayed: refund?.status === 'failed' }
      return row.status === ORDER_STATUS.REFUNDED
        ? { ...cancelled, state: 'refunded', refunded_at: refundedAt, steps: stepsOf(CANCELLED, 2, false, { cancelled: cancel.at, on_its_way: cancel.at, refunded: refundedAt }) }
        : { ...cancelled, state: 'awaiting_provider', steps: stepsOf(CANCELLED, 1, true, { cancelled: cancel.at, on_its_way: cancel.at }) }
    }
    if (row.status === ORDER_STATUS.REFUNDING && !refund) {
      const autoAt = fmt(row.refund_requested_at + autoApproveHours * HOUR_MS)
      return { ...base, state: 'awaiting_store', to, amount, auto_approve_at: autoAt, can_withdraw: true, steps: stepsOf(APPROVED, 1, true, { asked: askedAt }) }
    }
    const approval = last('refund_approved', 'refund_auto_approved')
    const approvedAt = approval?.at ?? refund?.created_at ?? null
    const approvedBy = approval ? (approval.action === 'refund_auto_approved' ? 'timer' : 'store') : null
    if (row.status === ORDER_STATUS.REFUNDING) {
      const delayed = refund?.status === 'failed'
      return { ...base, state: 'awaiting_provider', to, amount, approved_at: approvedAt, approved_by: approvedBy, delayed, steps: stepsOf(APPROVED, 3, true, { asked: askedAt, awaiting_store: approvedAt, approved: approvedAt, on_its_way: approvedAt }) }
    }
    const refundedAt = last('refunded')?.at ?? refund?.notified_at ?? null
    return {
      ...base,
      state: 'refunded',
      to,
      amount,
      approved_at: approvedAt,
      approved_by: approvedBy,
      refunded_at: refundedAt,
      steps: stepsOf(APPROVED, 4, false, { asked: askedAt, awaiting_store: approvedAt, approved: approvedAt, on_its_way: approvedAt, refunded: refundedAt }),
    }
  }

  // Back where it was asked from: refused by the store, or withdrawn by the shopper (whichever came last).
  const payment = await store.attachedPaymentOf(db, row.id)
  const to = destinationOf(payment ?? null)
  const again = canRefund(row.status)
  const withdrawn = last('refund_withdrawn', 'refund_rejected')
  if (row.refund_rejection !== null && row.refund_rejected_at !== null && withdrawn?.action !== 'refund_withdrawn') {
    const refused = { reason: storeReasonIn(lang, row.refund_rejection), at: row.refund_rejected_at }
    return { ...base, state: 'refused', to, refused, can_ask_again: again, steps: stepsOf([...ASKED, 'refused'], 2, false, { asked: askedAt, awaiting_store: refused.at, refused: refused.at }) }
  }
  if (withdrawn?.action === 'refund_withdrawn') {
    return { ...base, state: 'withdrawn', to, withdrawn_at: withdrawn.at, can_ask_again: again, steps: stepsOf(['asked', 'withdrawn'], 1, false, { asked: askedAt, withdrawn: withdrawn.at }) }
  }
  return null
}

/**
 * The shopper withdraws a request the store has not answered: refunding → the status it was asked from (a card the
 * order bought is usable again), recorded on the trail; then a refund can be asked again. One IMMEDIATE transaction
 * that names the status it moves from, with "no refund asked of the provider" in the same UPDATE: racing the store's
 * approve or refusal, or the timer, exactly one of them moves the order. Ownership is part of the lookup.
 */
export async function withdrawRefund(db: Q, userId: number, orderId: number): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const row = await orders.ownById(db, userId, orderId)
    if (!row) throw refuse('order_not_found')
    if (!(await orders.withdrawRefunding(db, row.id))) {
      throw refuse(row.status === ORDER_STATUS.REFUNDING ? 'refund_withdraw_approved' : row.status === ORDER_STATUS.REFUNDED ? 'order_refunded' : 'refund_withdraw_not_waiting')
    }
    await store.insertAction(db, { order_id: row.id, action: 'refund_withdrawn', by_user_id: userId, reason: null, at: nowText() })
    return (await orders.byId(db, row.id)) as OrderRow
  })
}
