import type { Q } from '../../storage/query'
import { ORDER_STATUS } from '../../../src/contract/constants'
import type { OrderAction } from '../../../src/contract/store'
import type { ApiLang } from '../../../src/contract/common'
import { storeReasonIn } from '../../../src/contract/storeReasons'
import type { TakeoutAgainLine, TakeoutMoney, TakeoutOrderAnswer, TakeoutView } from '../../../src/contract/takeout'
import { BizError, refuse } from '../refusal'
import { findOwnOrder } from '../orders'
import { recordRefund, runCall } from '../pay/outbox'
import type { PayProviders } from '../pay/providers'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as payments from '../../storage/repo/payments'
import * as store from '../../storage/repo/store'
import * as repo from '../../storage/repo/takeout'
import type { TakeoutOrderRow } from '../../storage/repo/takeout'
import { finishOrderRefund, maskPhone, storeOrder, type Staff } from '../store/store'
import { messageOnMove } from './subscriptions'
import { settingsOf } from './pricing'
import { ratingOf } from './rating'
import { businessMidnight, fmt, nowMs, nowText } from '../../time'
import { refundNumber } from '../numbers'

/**
 * A takeout order's life after it is paid (issue 25; docs/api.md "Takeout" and the lifecycle table):
 *   10 → 20  the store accepts (a pickup number is given)
 *   10 → 60 → 70  the shopper cancels before acceptance, the store refuses with a reason, or the timer refuses after
 *            TAKEOUT_ACCEPT_MINUTES: refunded at once through the refund path every order uses
 *   20 → 30  out for delivery, with the rider's name and phone     · 30 → 40 delivered: the store, the shopper, or the timer
 *   20 → 40  a pickup order collected: the store verifies its pickup code (20 stays 20 when marked ready)
 * Each move is one IMMEDIATE transaction that re-reads the order and names the status it moves from in its UPDATE
 * (orders.moveStatus / setRefunding), so two staff, a staff member and the shopper, or anyone and the timer acting at
 * once move it once; every move is on the order's trail and stamps takeout_orders.updated_at.
 */

/** Delivering orders nobody marks delivered complete by themselves this long after they went out. */
export const TAKEOUT_AUTO_DELIVER_MINUTES = 180

const MINUTE = 60_000

/** A takeout order of this store (another store's, or another kind, is not found), with its takeout row. */
async function storeTakeout(db: Q, staff: Staff, id: number): Promise<{ row: OrderRow; t: TakeoutOrderRow }> {
  const row = await storeOrder(db, staff, id)
  const t = row.kind === 'takeout' ? (await repo.takeoutOrderOf(db, row.id)) : undefined
  if (!t) throw refuse('order_not_found')
  return { row, t }
}

/** The shopper's own takeout order. */
async function ownTakeout(db: Q, userId: number, id: number): Promise<{ row: OrderRow; t: TakeoutOrderRow }> {
  const row = await findOwnOrder(db, userId, id)
  const t = row.kind === 'takeout' ? (await repo.takeoutOrderOf(db, row.id)) : undefined
  if (!t) throw refuse('order_not_found')
  return { row, t }
}

const act = async (db: Q, orderId: number, action: OrderAction['action'], by: number | null, reason: string | null = null) => {
  await store.insertAction(db, { order_id: orderId, action, by_user_id: by, reason, at: nowText() })
  await repo.touch(db, orderId, nowMs())
  // The shopper's one-time subscription for this move, if any: used up, its message in the sandbox outbox (server/domain/takeout/subscriptions.ts).
  await messageOnMove(db, orderId, action, reason)
}

/** The refusal of a move the order's status does not allow, named by the status it is in. */
function notNow(status: number): BizError {
  if (status === ORDER_STATUS.UNPAID) return refuse('takeout_not_paid')
  if (status === ORDER_STATUS.PAID) return refuse('takeout_not_accepted')
  if (status === ORDER_STATUS.REFUNDING || status === ORDER_STATUS.REFUNDED || status === ORDER_STATUS.CANCELLED) return refuse('takeout_order_closed')
  return refuse('takeout_already_moved')
}

// Refused before acceptance: refunded at once -----------------------------------------------------------------

/**
 * 10 → 60 with the refund asked of the provider in the same transaction (its refund row is unique per payment); the
 * provider's signed refund notification then moves it 60 → 70 (finishOrderRefund: coupon back). Nothing paid: 70 at once.
 * Whoever loses a race (the store accepted, the shopper cancelled, the timer refused first) moves nothing.
 */
async function refuseBeforeAcceptance(db: Q, providers: PayProviders, read: (db: Q) => Promise<OrderRow>, action: 'takeout_cancelled' | 'takeout_refused' | 'takeout_auto_refused', by: number | null, reason: string | null): Promise<OrderRow> {
  const { call, id } = await db.transaction('serializable', async (db): Promise<{ call: number | null; id: number }> => {
    const row = await read(db)
    if (row.status !== ORDER_STATUS.PAID || !(await orders.setRefunding(db, row.id, ORDER_STATUS.PAID, reason ?? '', nowMs()))) {
      throw action === 'takeout_cancelled' && row.status === ORDER_STATUS.ACCEPTED ? refuse('takeout_cancel_accepted') : notNow(row.status)
    }
    await act(db, row.id, action, by, reason)
    const payment = await store.attachedPaymentOf(db, row.id)
    if (!payment) {
      await finishOrderRefund(db, row.id)
      return { call: null, id: row.id }
    }
    const at = nowText()
    const refundNo = await refundNumber(db)
    await payments.refundingTrade(db, payment.id, at)
    await payments.insertRefund(db, { refund_no: refundNo, payment_id: payment.id, order_id: row.id, amount: payment.amount, reason: 'order', created_at: at })
    // Recorded in the outbox with the refund row; asked of the provider after the commit (server/domain/pay/outbox.ts).
    return { call: await recordRefund(db, row.id, { refund_no: refundNo, trade_no: payment.trade_no, amount: payment.amount }), id: row.id }
  })
  if (call !== null) await runCall(db, providers, call)
  return (await orders.byId(db, id)) as OrderRow
}

export const cancelTakeout = async (db: Q, providers: PayProviders, userId: number, id: number): Promise<OrderRow> =>
  refuseBeforeAcceptance(db, providers, async (db) => (await ownTakeout(db, userId, id)).row, 'takeout_cancelled', userId, null)

export const refuseTakeout = async (db: Q, providers: PayProviders, staff: Staff, id: number, reason: string): Promise<OrderRow> =>
  refuseBeforeAcceptance(db, providers, async (db) => (await storeTakeout(db, staff, id)).row, 'takeout_refused', staff.userId, reason)

/**
 * The timer (the housekeeping sweep): paid takeout orders no store accepted within `minutes` of their payment (a
 * pre-order: of its slot's opening) are refused and refunded. Each in its own transaction; one accepted or cancelled
 * meanwhile is skipped.
 */
export async function autoRefuseTakeout(db: Q, providers: PayProviders, minutes: number, now = nowMs()): Promise<number> {
  let refused = 0
  for (const id of (await repo.dueForRefusal(db, now - minutes * MINUTE, 100))) {
    try {
      await refuseBeforeAcceptance(db, providers, async (db) => (await orders.byId(db, id)) as OrderRow, 'takeout_auto_refused', null, null)
      refused++
    } catch (err) {
      if (!(err instanceof BizError)) throw err
    }
  }
  return refused
}

/** The timer: delivering takeout orders out for TAKEOUT_AUTO_DELIVER_MINUTES are delivered (30 → 40). */
export async function autoDeliverTakeout(db: Q, now = nowMs()): Promise<number> {
  let done = 0
  for (const id of (await repo.dueForDelivery(db, now - TAKEOUT_AUTO_DELIVER_MINUTES * MINUTE, 100))) {
    const moved = await db.transaction('serializable', async (db) => {
      if (!(await orders.moveStatus(db, id, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED))) return false
      await act(db, id, 'takeout_auto_delivered', null)
      return true
    })
    if (moved) done++
  }
  return done
}

// The store's moves --------------------------------------------------------------------------------------------

/** One move of the store: re-read in the transaction, the status it moves from named in the UPDATE. */
async function storeMove(db: Q, staff: Staff, id: number, from: number, to: number, action: OrderAction['action'], check?: (t: TakeoutOrderRow) => void, after?: (row: OrderRow, db: Q) => Promise<unknown>): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const { row, t } = await storeTakeout(db, staff, id)
    check?.(t)
    if (row.status !== from || !(await orders.moveStatus(db, row.id, from, to))) throw notNow(row.status)
    await act(db, row.id, action, staff.userId)
    await after?.(row, db)
    return (await orders.byId(db, row.id)) as OrderRow
  })
}

export const acceptTakeout = async (db: Q, staff: Staff, id: number): Promise<OrderRow> =>
  storeMove(db, staff, id, ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, 'takeout_accepted', undefined, async (row, db) => {
    await repo.givePickupNo(db, row.id, staff.shopId, fmt(businessMidnight()), nowMs())
  })

export const dispatchTakeout = async (db: Q, staff: Staff, id: number, rider: { name: string; phone: string }): Promise<OrderRow> =>
  storeMove(
    db,
    staff,
    id,
    ORDER_STATUS.ACCEPTED,
    ORDER_STATUS.DELIVERING,
    'takeout_dispatched',
    (t) => {
      if (t.mode !== 'delivery') throw refuse('takeout_pickup_order')
    },
    (row, db) => repo.setRider(db, row.id, rider.name, rider.phone, nowMs()),
  )

export const deliverTakeout = async (db: Q, staff: Staff, id: number): Promise<OrderRow> => storeMove(db, staff, id, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED, 'takeout_delivered')

/** A pickup order is ready to collect: on the trail once (the status stays accepted). */
export async function readyTakeout(db: Q, staff: Staff, id: number): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const { row, t } = await storeTakeout(db, staff, id)
    if (t.mode !== 'pickup') throw refuse('takeout_delivery_order')
    if (row.status !== ORDER_STATUS.ACCEPTED) throw notNow(row.status)
    if (!(await repo.setReady(db, row.id, nowText(), nowMs()))) throw refuse('takeout_already_moved')
    await act(db, row.id, 'takeout_ready', staff.userId)
    return row
  })
}

/** A pickup order collected: its code (the shopper's QR) verified by its own store, 20 → 40 once. */
export async function verifyPickup(db: Q, staff: Staff, code: string): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const found = await repo.byPickupCode(db, staff.shopId, code)
    if (!found) throw refuse('verify_code_invalid')
    const row = (await orders.byId(db, found.id)) as OrderRow
    if (row.status === ORDER_STATUS.COMPLETED) throw refuse('verify_code_used')
    if (row.status !== ORDER_STATUS.ACCEPTED || !(await orders.moveStatus(db, row.id, ORDER_STATUS.ACCEPTED, ORDER_STATUS.COMPLETED))) throw notNow(row.status)
    await act(db, row.id, 'takeout_picked_up', staff.userId)
    return (await orders.byId(db, row.id)) as OrderRow
  })
}

/** The shopper confirms a delivered order: 30 → 40. */
export async function confirmTakeout(db: Q, userId: number, id: number): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const { row } = await ownTakeout(db, userId, id)
    if (row.status !== ORDER_STATUS.DELIVERING || !(await orders.moveStatus(db, row.id, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED))) throw notNow(row.status)
    await act(db, row.id, 'takeout_confirmed', userId)
    return (await orders.byId(db, row.id)) as OrderRow
  })
}

// The takeout view -------------------------------------------------------------------------------------------------

interface TakeoutDetail {
  address?: { name?: string; mobile?: string; province?: string; city?: string; district?: string; detail?: string } | null
  remark?: string
  tableware?: number
  /** Kept apart from issue 39 on (server/domain/takeout/pricing.ts); older orders have only the order's fee_amount. */
  fees?: { delivery?: number; packing?: number }
  items?: Array<{ id?: unknown; option_ids?: unknown; quantity?: unknown }>
}

const detailOf = (row: OrderRow): TakeoutDetail => {
  try {
    const d: unknown = JSON.parse(row.detail)
    return d && typeof d === 'object' ? (d as TakeoutDetail) : {}
  } catch {
    return {}
  }
}

/**
 * A takeout order's own state as the shopper (`as: 'shopper'`: the rider's phone masked, the pickup code of their
 * accepted pickup order) or its store (`as: 'store'`: the rider's phone in full, never the pickup code) reads it; a
 * refusal's reason the store picked from its list in the reader's language (`lang`).
 */
export async function takeoutViewOf(db: Q, row: OrderRow, as: 'shopper' | 'store', acceptMinutes: number, lang: ApiLang): Promise<TakeoutView> {
  const t = (await repo.takeoutOrderOf(db, row.id)) as TakeoutOrderRow
  const trail = await repo.takeoutTrail(db, row.id)
  const at = (action: string) => trail.find((a) => a.action === action)?.at ?? null
  const detail = detailOf(row)
  const refusal = trail.find((a) => a.action === 'takeout_cancelled' || a.action === 'takeout_refused' || a.action === 'takeout_auto_refused')
  const delivered = at('takeout_delivered') ?? at('takeout_confirmed') ?? at('takeout_auto_delivered')
  const s = row.status
  const stage: TakeoutView['stage'] =
    s === ORDER_STATUS.UNPAID
      ? 'unpaid'
      : s === ORDER_STATUS.CANCELLED
        ? 'cancelled'
        : refusal && (s === ORDER_STATUS.REFUNDING || s === ORDER_STATUS.REFUNDED)
          ? 'refused'
          : s === ORDER_STATUS.REFUNDING
            ? 'refunding'
            : s === ORDER_STATUS.REFUNDED
              ? 'refunded'
              : s === ORDER_STATUS.PAID
                ? 'awaiting_accept'
                : s === ORDER_STATUS.ACCEPTED
                  ? t.ready_at
                    ? 'ready'
                    : 'accepted'
                  : s === ORDER_STATUS.DELIVERING
                    ? 'delivering'
                    : t.mode === 'pickup'
                      ? 'picked_up'
                      : 'delivered'
  const keys = t.mode === 'delivery' ? (['paid', 'accepted', 'delivering', 'delivered'] as const) : (['paid', 'accepted', 'ready', 'picked_up'] as const)
  const times: Record<string, string | null> = {
    paid: row.pay_time,
    accepted: at('takeout_accepted'),
    delivering: at('takeout_dispatched'),
    delivered,
    ready: t.ready_at,
    picked_up: at('takeout_picked_up'),
  }
  const reached = keys.reduce((n, k, i) => (times[k] ? i : n), -1)
  const live = stage !== 'unpaid' && stage !== 'cancelled' && stage !== 'refused'
  const finished = stage === 'delivered' || stage === 'picked_up'
  const steps = keys.map((key, i) => ({
    key,
    state: i <= reached ? ('done' as const) : live && !finished && i === reached + 1 ? ('current' as const) : ('todo' as const),
    at: times[key] ?? null,
  }))
  // The store sees the address while it has to deliver (paid, accepted, out for delivery), the shopper always.
  const a = as === 'shopper' || s === ORDER_STATUS.PAID || s === ORDER_STATUS.ACCEPTED || s === ORDER_STATUS.DELIVERING ? detail.address : null
  const shopRow = await repo.shopById(db, t.shop_id)
  const shop = { id: t.shop_id, name: shopRow?.name ?? row.title, phone: shopRow?.phone ?? '' }
  return {
    mode: t.mode,
    status: s,
    stage,
    steps,
    promised_at: t.promised_at,
    scheduled_for: t.scheduled_for,
    accept_by: s === ORDER_STATUS.PAID && t.accept_from !== null ? fmt(t.accept_from + acceptMinutes * MINUTE) : null,
    pickup_no: t.pickup_no,
    pickup_code: as === 'shopper' && t.mode === 'pickup' && s === ORDER_STATUS.ACCEPTED ? row.verify_code : null,
    rider: t.rider_name && t.rider_phone ? { name: t.rider_name, phone: as === 'store' ? t.rider_phone : maskPhone(t.rider_phone) } : null,
    refusal: refusal
      ? { by: refusal.action === 'takeout_cancelled' ? 'shopper' : refusal.action === 'takeout_refused' ? 'store' : 'timer', reason: storeReasonIn(lang, refusal.reason), at: refusal.at }
      : null,
    shop,
    address: a ? { name: a.name ?? '', phone: a.mobile ?? '', text: `${a.province ?? ''}${a.city ?? ''}${a.district ?? ''}${a.detail ?? ''}` } : null,
    tableware: detail.tableware ?? 0,
    remark: detail.remark ?? '',
    can_cancel: s === ORDER_STATUS.PAID,
    can_confirm: s === ORDER_STATUS.DELIVERING,
    updated_at: t.updated_at,
  }
}


// The shopper's order page (issue 39) ------------------------------------------------------------------------------

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

/** The order's money as lines that add up: dishes + packing + delivery − discount − coupon = paid. */
export function takeoutMoneyOf(row: OrderRow, mode: TakeoutView['mode']): TakeoutMoney {
  const d = detailOf(row)
  const split = isInt(d.fees?.packing) && isInt(d.fees?.delivery)
  // A pickup order has no delivery: its fee is the packing fee, kept apart or not.
  const packing = split ? (d.fees?.packing as number) : mode === 'pickup' ? row.fee_amount : null
  const delivery = mode === 'pickup' ? null : split ? (d.fees?.delivery as number) : null
  return {
    dishes: row.original_amount,
    packing_fee: packing,
    delivery_fee: delivery,
    fees: row.fee_amount,
    discount: row.discount_amount + row.member_discount_amount,
    coupon: row.coupon_amount,
    paid: row.pay_amount,
  }
}

/** Order again: each dish with its options, as ordered. */
export function againLinesOf(row: OrderRow): TakeoutAgainLine[] {
  const items = detailOf(row).items
  if (!Array.isArray(items)) return []
  return items.flatMap((i) =>
    isInt(i.id) && isInt(i.quantity) && i.quantity > 0 ? [{ dish_id: i.id, option_ids: Array.isArray(i.option_ids) ? i.option_ids.filter(isInt) : [], quantity: i.quantity }] : [],
  )
}

/**
 * What the shopper's order page reads besides OrderInfo and the takeout view: the shop in full (phone, where, hours),
 * the money lines, order again, the rider's number while out for delivery, the rating.
 */
export async function shopperExtrasOf(db: Q, row: OrderRow, view: TakeoutView): Promise<Omit<TakeoutOrderAnswer, 'info' | 'takeout'>> {
  const t = (await repo.takeoutOrderOf(db, row.id)) as TakeoutOrderRow
  const shopRow = await repo.shopById(db, t.shop_id)
  const { rating, rate_until } = await ratingOf(db, row)
  return {
    shop: {
      id: t.shop_id,
      name: shopRow?.name ?? view.shop.name,
      phone: shopRow?.phone ?? view.shop.phone,
      address: shopRow?.address ?? '',
      lat: shopRow?.lat ?? 0,
      lng: shopRow?.lng ?? 0,
      hours: shopRow ? settingsOf(shopRow).hours : [],
    },
    money: takeoutMoneyOf(row, t.mode),
    again: againLinesOf(row),
    rider_phone: row.status === ORDER_STATUS.DELIVERING && t.rider_phone ? t.rider_phone : null,
    rating,
    rate_until,
  }
}
