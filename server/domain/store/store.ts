import type { Q } from '../../storage/query'
import type { ApiLang } from '../../../src/contract/common'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { hasRedemptionCode } from '../../../src/contract/orderRules'
import type { CardCheckAnswer, OrderAction, StoreOrder, VerifyPreviewAnswer, VerifyRefusal } from '../../../src/contract/store'
import type { OrderDelivery } from '../../../src/contract/order'
import { reasonText, type Reason } from '../../../src/contract/reasons'
import { storedReason, storeReasonIn, type StoreReason } from '../../../src/contract/storeReasons'
import { parseTillCode, tillOtpMatches } from '../../../src/contract/tillCode'
import { cardState } from '../cards'
import * as cards from '../../storage/repo/cards'
import { BizError, refuse } from '../refusal'
import type { AuthUser } from '../account'
import { toOrderInfo } from '../orders'
import { finishOrderRefund } from '../pay/refundSettle'
import { recordRefund, runCall } from '../pay/outbox'
import type { PayProviders } from '../pay/providers'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as payments from '../../storage/repo/payments'
import * as shipping from '../../storage/repo/shipping'
import * as store from '../../storage/repo/store'
import { fmt, nowMs, nowText } from '../../time'
import { refundNumber } from '../numbers'

/**
 * The store's side (issue 12; docs/api.md "The store's side" and the order lifecycle table). Every state
 * change here is one IMMEDIATE transaction that re-reads the order and names the status it moves from in its
 * UPDATE, so two staff (or a staff member and the timer) acting at once change it once.
 */

/** The reason a redemption code cannot be verified (also the words of verifyPreview's `message`). */
const VERIFY_REASONS = {
  unknown: 'verify_code_invalid',
  unpaid: 'verify_unpaid',
  cancelled: 'verify_cancelled',
  used: 'verify_code_used',
  refunding: 'verify_refunding',
  refunded: 'verify_refunded',
} as const satisfies Record<VerifyRefusal, Reason>

/** 138****1234; a deleted account's placeholder (`deleted:<id>`, not a number) is only ****. */
export const maskPhone = (phone: string): string => (/^\d{7,}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****')

export interface Staff {
  userId: number
  shopId: number
  shopName: string
}

/**
 * The one gate of every store call: anonymous → code -1 (log in), a shopper without the staff role →
 * code 0 `no_permission`. What a staff member reads or moves is then looked up with their store
 * in the WHERE clause (storeOrder), so another store's order is `order_not_found`.
 */
export async function requireStaff(db: Q, user: AuthUser | null): Promise<Staff> {
  if (!user) throw refuse('login_required', {}, { code: -1 })
  const shop = await store.staffShopOf(db, user.id)
  if (!shop) throw refuse('no_permission')
  return { userId: user.id, shopId: shop.shop_id, shopName: shop.name }
}

export async function storeOrder(db: Q, staff: Staff, id: number): Promise<OrderRow> {
  const row = await store.storeOrderById(db, staff.shopId, id)
  if (!row) throw refuse('order_not_found')
  return row
}

const HOUR_MS = 3_600_000

export async function refundState(db: Q, row: OrderRow): Promise<StoreOrder['refund_state']> {
  if (row.status === ORDER_STATUS.REFUNDED) return 'refunded'
  if (row.status !== ORDER_STATUS.REFUNDING) return 'none'
  return (await store.orderRefundOf(db, row.id)) ? 'awaiting_provider' : 'awaiting_store'
}

/**
 * A parcel's address as the store sees it (docs/api.md "Staff visibility of addresses"): only while the store
 * must deliver. Paid (to ship) and delivering: the address with the phone in full (the store or its carrier may
 * have to call). Refunding, the request awaiting the store's answer, asked before delivery (from paid or
 * delivering): the address with the phone masked. Otherwise — unpaid, cancelled, completed (delivered),
 * refunded, a refund approved or asked after delivery — no address (the delivery mode stays).
 */
export function deliveryForStaff(row: OrderRow, delivery: OrderDelivery | null, refund: StoreOrder['refund_state']): OrderDelivery | null {
  if (!delivery?.address) return delivery
  if (row.status === ORDER_STATUS.PAID || row.status === ORDER_STATUS.DELIVERING) return delivery
  const askedBeforeDelivery = row.refund_from === ORDER_STATUS.PAID || row.refund_from === ORDER_STATUS.DELIVERING
  if (row.status === ORDER_STATUS.REFUNDING && refund === 'awaiting_store' && askedBeforeDelivery) return { ...delivery, address: { ...delivery.address, phone: maskPhone(delivery.address.phone) } }
  return { ...delivery, address: null }
}

export async function toStoreOrder(db: Q, lang: ApiLang, row: OrderRow, autoApproveHours: number): Promise<StoreOrder> {
  const state = await refundState(db, row)
  const waiting = state === 'awaiting_store'
  const info = await toOrderInfo(db, lang, row)
  // Every line with its amount; the pieces of every line (a takeout order's row counts 1, a cart's row its pieces).
  const lines = (info.lines ?? []).map((l) => ({ ...l, amount: l.price * l.quantity }))
  const refunding = row.status === ORDER_STATUS.REFUNDING || row.status === ORDER_STATUS.REFUNDED
  // Issue 39: the shopper's detail and photos beside the reason (read only while there is a request to read).
  const more = refunding ? await orders.refundDetailOf(db, row.id) : { detail: null, photos: [] }
  return {
    ...info,
    lines,
    delivery: deliveryForStaff(row, info.delivery ?? null, state),
    quantity: lines.length > 0 ? lines.reduce((n, l) => n + l.quantity, 0) : row.quantity,
    shopper_phone: maskPhone(await store.shopperPhone(db, row.user_id)),
    // The shopper's reason, or the store's when it refused a takeout order (a listed one in the reader's language).
    refund_reason: refunding ? storeReasonIn(lang, row.refund_reason) : null,
    refund_detail: more.detail,
    refund_photos: more.photos,
    refund_requested_at: row.refund_requested_at !== null && state !== 'none' ? fmt(row.refund_requested_at) : null,
    refund_state: state,
    refund_auto_approve_at: waiting && row.refund_requested_at !== null ? fmt(row.refund_requested_at + autoApproveHours * HOUR_MS) : null,
    can_verify: hasRedemptionCode(row.kind, row.status, row.delivery) && row.status !== ORDER_STATUS.COMPLETED,
    can_answer_refund: waiting,
    can_ship: row.delivery === 'ship' && row.status === ORDER_STATUS.PAID && !(await shipping.shipmentOf(db, row.id)),
  }
}

/** The reason the store gives: a listed one stored as its code, or its own words as typed (src/contract/storeReasons.ts). */
export const storeGivenReason = (input: { reason_code?: StoreReason; reason?: string }): string => (input.reason_code ? storedReason(input.reason_code) : (input.reason ?? '').trim())

/** An order's trail, oldest first; a reason the store picked from its list in the reader's language. */
export async function actionsOf(db: Q, orderId: number, lang: ApiLang): Promise<OrderAction[]> {
  return (await store.actionsOf(db, orderId)).map((a) => ({
    action: a.action,
    // No user: the timer's approval, the provider's settlement, or the sandbox helper standing in for the store.
    by:
      a.action === 'refund_requested' || a.action === 'receipt_confirmed' || a.action === 'refund_withdrawn' || a.action === 'takeout_cancelled' || a.action === 'takeout_confirmed'
        ? 'shopper'
        : a.by_user_id !== null
          ? 'store'
          : a.action === 'refund_auto_approved' || a.action === 'auto_completed' || a.action === 'takeout_auto_refused' || a.action === 'takeout_auto_delivered'
            ? 'timer'
            : a.action === 'refunded' || a.action === 'refund_failed'
              ? 'provider'
              : 'store',
    by_user_id: a.by_user_id,
    by_phone: a.phone === null ? null : maskPhone(a.phone),
    reason: storeReasonIn(lang, a.reason),
    at: a.at,
  }))
}

// Verification -------------------------------------------------------------------------------------------------

/**
 * Why this code cannot be verified by this store now (null: it can). Another store's code is `unknown`, exactly as
 * one that does not exist: staff learn nothing of other stores' orders, not even that a code is one.
 */
function refusalOf(row: OrderRow | undefined, staff: Staff): VerifyRefusal | null {
  if (!row || row.shop_id !== staff.shopId) return 'unknown'
  switch (row.status) {
    case ORDER_STATUS.PAID:
    case ORDER_STATUS.ACCEPTED:
      return null
    case ORDER_STATUS.COMPLETED:
      return 'used'
    case ORDER_STATUS.REFUNDING:
      return 'refunding'
    case ORDER_STATUS.REFUNDED:
      return 'refunded'
    case ORDER_STATUS.CANCELLED:
      return 'cancelled'
    default:
      return 'unpaid'
  }
}

/**
 * What verifyPreview answers for a code. Run by tillChecks.ts previewAtTill, inside the till's transaction: an
 * `unknown` answer is a failure its limits count (issue 43).
 */
export async function previewCode(db: Q, staff: Staff, code: string, lang: ApiLang, hours: number): Promise<VerifyPreviewAnswer> {
  const row = await store.byVerifyCode(db, code)
  const refusal = refusalOf(row, staff)
  const visible = row && refusal !== 'unknown' ? row : null
  return {
    verifiable: refusal === null,
    refusal,
    message: refusal ? reasonText(VERIFY_REASONS[refusal], lang) : null,
    order: visible ? (await toStoreOrder(db, lang, visible, hours)) : null,
    used_at: visible && visible.status === ORDER_STATUS.COMPLETED ? (await store.verifiedAt(db, visible.id)) : null,
  }
}

/**
 * Redeem a code: paid (or accepted) → completed, once, whoever else tries the same code at the same moment (a conditional
 * move of the status). Run by tillChecks.ts redeemAtTill inside the till's transaction: a code that names no order of
 * the store answers 'unknown' (the failure is recorded, then refused as `verify_code_invalid`); a real code that cannot
 * be redeemed is refused by its reason.
 */
export async function verifyCode(db: Q, staff: Staff, code: string): Promise<OrderRow | 'unknown'> {
  const row = await store.byVerifyCode(db, code)
  const refusal = refusalOf(row, staff)
  if (refusal === 'unknown' || !row) return 'unknown'
  if (refusal) throw refuse(VERIFY_REASONS[refusal])
  if (!(await orders.moveStatus(db, row.id, row.status, ORDER_STATUS.COMPLETED))) throw refuse('verify_code_used')
  await store.insertAction(db, { order_id: row.id, action: 'verified', by_user_id: staff.userId, reason: null, at: nowText() })
  return (await orders.byId(db, row.id)) as OrderRow
}

// Refunds --------------------------------------------------------------------------------------------------------

/**
 * Approve a refund request (the store, or the timer with `by` null): the attached payment is refunded in
 * full through the provider; its signed refund notification settles the order (finishOrderRefund). The
 * refund row is unique per payment and written in the same IMMEDIATE transaction that checks none exists,
 * so an approve racing another approve or the timer refunds once. An order with nothing paid (a card fully
 * paid by an upgrade's credit) is refunded at once.
 */
export async function approveRefund(db: Q, providers: PayProviders, orderId: number, by: RefundApprover, shopId?: number): Promise<OrderRow> {
  const { call } = await db.transaction('serializable', (db) => approveRefundIn(db, orderId, by, shopId))
  if (call !== null) await runCall(db, providers, call)
  return (await orders.byId(db, orderId)) as OrderRow
}

/**
 * Who approves: a store's staff member (their user id), the timer (null), or the platform's operator answering in the
 * store's place (the console, issue 45: recorded on the order's trail as the store's approval, with no user; the
 * operator and the reason are in the console's audit trail, written in the same transaction).
 */
export type RefundApprover = number | null | 'platform'

/**
 * approveRefund's write, inside the caller's transaction (the console writes its audit row in the same one): the
 * outbox call to make after the commit (runCall), or null when nothing was paid.
 */
export async function approveRefundIn(db: Q, orderId: number, by: RefundApprover, shopId?: number): Promise<{ call: number | null }> {
  if (!db.inTransaction) throw new Error('approveRefundIn: inside the caller\'s write transaction only')
  const row = shopId === undefined ? (await orders.byId(db, orderId)) : (await store.storeOrderById(db, shopId, orderId))
  if (!row) throw refuse('order_not_found')
  if (row.status !== ORDER_STATUS.REFUNDING) throw refuse('refund_not_waiting')
  if (await store.orderRefundOf(db, row.id)) throw refuse('refund_already_approved')
  const at = nowText()
  await store.insertAction(db, { order_id: row.id, action: by === null ? 'refund_auto_approved' : 'refund_approved', by_user_id: by === 'platform' ? null : by, reason: null, at })
  const payment = await store.attachedPaymentOf(db, row.id)
  if (!payment) {
    await finishOrderRefund(db, row.id)
    return { call: null }
  }
  const refundNo = await refundNumber(db)
  await payments.refundingTrade(db, payment.id, at)
  await payments.insertRefund(db, { refund_no: refundNo, payment_id: payment.id, order_id: row.id, amount: payment.amount, reason: 'order', created_at: at })
  // Recorded in the outbox with the refund row; asked of the provider after the commit (server/domain/pay/outbox.ts).
  return { call: await recordRefund(db, row.id, { refund_no: refundNo, trade_no: payment.trade_no, amount: payment.amount }) }
}

// finishOrderRefund and recordRefundFailure moved to server/domain/pay/refundSettle.ts (issue 40: the outbox settles a
// refund its provider answered at once); here for those who import them from the store.
export { finishOrderRefund, recordRefundFailure } from '../pay/refundSettle'

/**
 * Refuse a refund request with a reason: the order goes back to the status it was asked from (a card it
 * bought is usable again) and the shopper reads the reason on the order. `by` null: the sandbox helper.
 */
export async function rejectRefund(db: Q, orderId: number, by: number | null, reason: string, shopId?: number): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const row = shopId === undefined ? (await orders.byId(db, orderId)) : (await store.storeOrderById(db, shopId, orderId))
    if (!row) throw refuse('order_not_found')
    const at = nowText()
    if (!(await store.rejectRefunding(db, row.id, reason, at))) throw refuse(row.status === ORDER_STATUS.REFUNDING ? 'refund_already_approved' : 'refund_not_waiting')
    await store.insertAction(db, { order_id: row.id, action: 'refund_rejected', by_user_id: by, reason, at })
    return (await orders.byId(db, row.id)) as OrderRow
  })
}

/**
 * The timer: refund requests no store answered within `hours` are approved (recorded as by the timer).
 * Each in its own transaction; one a store answered meanwhile is skipped.
 */
export async function autoApproveRefunds(db: Q, providers: PayProviders, hours: number, now = nowMs()): Promise<number> {
  const before = now - hours * HOUR_MS
  if (!(await store.anyDueRefundRequest(db, before))) return 0
  let approved = 0
  for (const id of (await store.dueRefundRequests(db, before, 100))) {
    try {
      await approveRefund(db, providers, id, null)
      approved++
    } catch (err) {
      if (!(err instanceof BizError)) throw err
    }
  }
  return approved
}

// Member cards at the till -------------------------------------------------------------------------------------

/**
 * A scanned member card code (src/contract/tillCode.ts): valid only when it is the card's current code
 * (±1 step of 30 s) made with its secret. What the store learns: the level, validity and member discount,
 * and the holder's masked phone — or that the card is suspended (refund asked) or not running.
 */
export async function checkCardCode(db: Q, code: string, at = nowMs()): Promise<CardCheckAnswer> {
  const parsed = parseTillCode(code)
  const row = parsed ? (await cards.cardForTill(db, parsed.cardId)) : undefined
  if (!parsed || !row || !row.secret || !tillOtpMatches(parsed.otp, row.secret, at)) return { result: 'invalid', card: null }
  const state = cardState(row, fmt(at))
  const card = { name: row.name, level: row.level, member_rate: row.member_rate, start_at: row.start_at, end_at: row.end_at, holder_phone: maskPhone(row.phone) }
  return { result: state === 'active' ? 'valid' : state === 'suspended' ? 'suspended' : 'expired', card }
}
