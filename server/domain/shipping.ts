/**
 * Parcels (issue 14; issue 40): the store ships a paid mall order (carrier, waybill number) → delivering; where the parcel
 * is after that is a tracker's to say (server/providers/carrier/: the sandbox's made-up carrier, or none in production,
 * or a tracking service), read on the carrier's clock (the server's clock, server/time.ts, plus an offset only the sandbox
 * moves: POST /api/sandbox/carrierClock, kept in the database so every process reads the same); each event is stored as
 * it comes. The shopper confirms receipt → completed, or the order completes by itself AUTO_COMPLETE_DAYS after delivery —
 * or, with nothing tracking it, UNTRACKED_AUTO_COMPLETE_DAYS after it was shipped.
 */
import type { Q } from '../storage/query'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { ApiLang } from '../../src/contract/common'
import type { LogisticsAnswer, ParcelEvent } from '../../src/contract/mall'
import { AUTO_COMPLETE_DAYS, PARCEL_STATES, UNTRACKED_AUTO_COMPLETE_DAYS, type Carrier, type ParcelState } from '../../src/contract/mallEndpoints'
import type { OrderParcel } from '../../src/contract/order'
import type { ParcelTracker, TrackedEvent } from '../providers/carrier/types'
import { refuse } from './refusal'
import * as orders from '../storage/repo/orders'
import type { OrderRow } from '../storage/repo/orders'
import * as shipping from '../storage/repo/shipping'
import type { ShipmentRow } from '../storage/repo/shipping'
import * as store from '../storage/repo/store'
import * as settings from '../storage/repo/settings'
import { carrierNowMs, fmt, nowText, refreshClock } from '../time'

const DAY = 24 * 3_600_000

// The carrier's clock: the server's clock plus what the sandbox moved it by (settings row; 0 in production).
export const carrierNow = (): number => carrierNowMs()
/** Sandbox: move the carrier's clock forward (or back to the server's clock with reset); its offset in ms. */
export async function moveCarrierClock(db: Q, minutes: number, reset = false): Promise<number> {
  const offset = await db.transaction('serializable', async (db) => {
    const moved = reset ? 0 : (await settings.readClockOffsets(db)).carrier + minutes * 60_000
    await settings.setOffset(db, settings.CARRIER_OFFSET_KEY, reset ? null : moved)
    return moved
  })
  await settings.reloadClockOffsets(db)
  refreshClock()
  return offset
}

const CARRIER_NAMES: Record<Carrier, readonly [string, string]> = {
  SF: ['顺丰速运', 'SF Express'],
  ZTO: ['中通快递', 'ZTO Express'],
  YTO: ['圆通速递', 'YTO Express'],
  JD: ['京东物流', 'JD Logistics'],
  EMS: ['中国邮政 EMS', 'China Post EMS'],
}
export const carrierName = (carrier: string, lang: ApiLang): string => CARRIER_NAMES[carrier as Carrier]?.[lang === 'en' ? 1 : 0] ?? carrier

const EVENT_TEXT: Record<ParcelState, readonly [string, string]> = {
  shipped: ['商家已发货，等待{carrier}揽收', 'Shipped by the store, waiting for {carrier} to collect it'],
  picked_up: ['{carrier}已揽收', 'Collected by {carrier}'],
  in_transit: ['运输中，快件已发往收件城市转运中心', 'In transit to the sorting centre of your city'],
  out_for_delivery: ['派送中，快递员正在为您派件', 'Out for delivery'],
  delivered: ['已签收，感谢使用{carrier}', 'Delivered. Thank you for choosing {carrier}'],
  received: ['已确认收货，订单完成', 'Receipt confirmed. The order is complete'],
}
const eventText = (state: ParcelState, carrier: string, lang: ApiLang) => EVENT_TEXT[state][lang === 'en' ? 1 : 0].replace('{carrier}', carrierName(carrier, lang))

const order = (state: string) => PARCEL_STATES.indexOf(state as ParcelState)

/**
 * When the parcel was received — the order completed: receipt confirmed, or by itself (issue 39) — or Infinity. What a
 * tracker reports for a later moment is neither stored nor shown: the parcel is in the shopper's hands.
 */
const receivedAt = (stored: ReadonlyArray<{ state: string; at: number }>): number => stored.find((e) => e.state === 'received')?.at ?? Infinity

/** Stores the events not stored yet (idempotent: one row per parcel and state), none after the parcel was received. */
async function recordDue(db: Q, s: ShipmentRow, due: readonly TrackedEvent[]): Promise<void> {
  if (due.length === 0) return
  const stored = await shipping.storedEvents(db, s.order_id)
  const have = new Set(stored.map((e) => e.state))
  const until = receivedAt(stored)
  for (const e of due) if (!have.has(e.state) && e.at <= until) await shipping.storeEvent(db, s.order_id, e.state, e.at)
}

/**
 * The parcel's events, oldest first: those stored and those the tracker reports now (`due`), then its receipt (issue
 * 39: `received`, the last state). What the carrier recorded stays recorded when the sandbox moves its clock back
 * (before the ship time, even): a shipment is at least `shipped`.
 */
async function eventsOf(db: Q, s: ShipmentRow, due: readonly TrackedEvent[] = []): Promise<TrackedEvent[]> {
  const stored = await shipping.storedEvents(db, s.order_id)
  const until = receivedAt(stored)
  const byState = new Map<ParcelState, number>([['shipped', s.shipped_at]])
  for (const e of stored) if (order(e.state) >= 0 && !byState.has(e.state as ParcelState)) byState.set(e.state as ParcelState, e.at)
  for (const e of due) if (!byState.has(e.state) && e.at <= until) byState.set(e.state, e.at)
  return [...byState].map(([state, at]) => ({ state, at })).sort((a, b) => order(a.state) - order(b.state))
}

/** The parcel is in the shopper's hands (its order completed): it reads `received` from this moment on the carrier's clock. */
const markReceived = (db: Q, s: ShipmentRow, at: number) => shipping.storeEvent(db, s.order_id, 'received', at)

/** What the tracker reports for a parcel now, when a read may ask it (a local tracker: the sandbox's timeline); else nothing. */
const localReport = async (tracker: ParcelTracker, s: ShipmentRow, now: number): Promise<TrackedEvent[]> => (tracker.local ? tracker.track(s, now) : [])

/** When an unconfirmed parcel completes by itself: after delivery, or — nothing tracking it — after shipping; null: not known yet. */
function autoCompleteAt(s: ShipmentRow, events: readonly TrackedEvent[], tracked: boolean): number | null {
  const delivered = events.find((e) => e.state === 'delivered')?.at
  if (delivered !== undefined) return delivered + AUTO_COMPLETE_DAYS * DAY
  return tracked ? null : s.shipped_at + UNTRACKED_AUTO_COMPLETE_DAYS * DAY
}

/** A shipped order's parcel in short, for order answers (null until shipped). */
export async function parcelOf(db: Q, lang: ApiLang, row: OrderRow): Promise<OrderParcel | null> {
  if (row.delivery !== 'ship') return null
  const s = await shipping.shipmentOf(db, row.id)
  if (!s) return null
  // What was stored: an order's answer never asks a tracker (the sweep and the parcel's own page store what they learn).
  const events = await eventsOf(db, s)
  const latest = events[events.length - 1]
  return { carrier_name: carrierName(s.carrier, lang), tracking_no: s.tracking_no, shipped_at: fmt(s.shipped_at), state: latest.state, latest: eventText(latest.state, s.carrier, lang) }
}

/** The store ships a paid mall order to be delivered: paid → delivering, once (a second ship is refused). */
export async function shipOrder(db: Q, row: OrderRow, carrier: Carrier, trackingNo: string, byUserId: number | null): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const now = (await orders.byId(db, row.id)) as OrderRow
    if (now.delivery !== 'ship') throw refuse('ship_not_needed')
    if (await shipping.shipmentOf(db, now.id)) throw refuse('already_shipped')
    if (now.status !== ORDER_STATUS.PAID) throw refuse('ship_not_allowed')
    const at = carrierNow()
    if (!(await shipping.insertShipment(db, { order_id: now.id, carrier, tracking_no: trackingNo.toUpperCase(), shipped_at: at, shipped_by: byUserId }))) throw refuse('already_shipped')
    if (!(await orders.moveStatus(db, now.id, ORDER_STATUS.PAID, ORDER_STATUS.DELIVERING))) throw refuse('ship_not_allowed')
    await shipping.storeEvent(db, now.id, 'shipped', at)
    await store.insertAction(db, { order_id: now.id, action: 'shipped', by_user_id: byUserId, reason: `${carrier} ${trackingNo.toUpperCase()}`, at: nowText() })
    return (await orders.byId(db, now.id)) as OrderRow
  })
}

/**
 * The shopper's parcel: carrier, waybill number, events newest first, when it completes by itself. A local tracker (the
 * sandbox's) is asked here and what came due is stored; a tracking service is asked by the sweep only (sweepParcels), so
 * this read answers what was stored.
 */
export async function logisticsOf(db: Q, tracker: ParcelTracker, lang: ApiLang, row: OrderRow): Promise<Omit<LogisticsAnswer, 'order'>> {
  const s = await shipping.shipmentOf(db, row.id)
  if (!s) throw refuse(row.delivery === 'ship' ? 'tracking_not_yet' : 'tracking_none')
  const due = await localReport(tracker, s, carrierNow())
  await recordDue(db, s, due)
  const chronological = await eventsOf(db, s, due)
  const events: ParcelEvent[] = chronological.map((e) => ({ state: e.state, text: eventText(e.state, s.carrier, lang), at: fmt(e.at) })).reverse()
  const delivered = chronological.find((e) => e.state === 'delivered')?.at ?? null
  const completesAt = row.status === ORDER_STATUS.DELIVERING ? autoCompleteAt(s, chronological, tracker.tracked) : null
  return {
    carrier: s.carrier as Carrier,
    carrier_name: carrierName(s.carrier, lang),
    tracking_no: s.tracking_no,
    shipped_at: fmt(s.shipped_at),
    state: events[0].state,
    events,
    delivered_at: delivered === null ? null : fmt(delivered),
    auto_complete_at: completesAt === null ? null : fmt(completesAt),
    can_confirm: row.status === ORDER_STATUS.DELIVERING,
    tracked: tracker.tracked,
  }
}

/** The shopper confirms the parcel arrived: delivering → completed, once; the parcel reads `received` (issue 39). */
export async function confirmReceipt(db: Q, row: OrderRow): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const s = await shipping.shipmentOf(db, row.id)
    if (!s) throw refuse('receipt_not_shipped')
    if (!(await orders.moveStatus(db, row.id, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED))) {
      const now = (await orders.byId(db, row.id)) as OrderRow
      throw refuse(now.status === ORDER_STATUS.COMPLETED ? 'receipt_already_confirmed' : 'receipt_not_allowed')
    }
    await markReceived(db, s, carrierNow())
    await store.insertAction(db, { order_id: row.id, action: 'receipt_confirmed', by_user_id: row.user_id, reason: null, at: nowText() })
    return (await orders.byId(db, row.id)) as OrderRow
  })
}

/**
 * The timer (the housekeeping sweep): asks the tracker where each open parcel is — outside any transaction, a tracking
 * service being a call that leaves the machine; one that fails is asked again at the next sweep — stores what it reports,
 * and completes the parcels the shopper did not confirm in time: AUTO_COMPLETE_DAYS after delivery, or with nothing
 * tracking them UNTRACKED_AUTO_COMPLETE_DAYS after shipping (recorded as by the timer). A parcel whose refund is being
 * asked waits for that answer.
 */
export async function sweepParcels(db: Q, tracker: ParcelTracker, now = carrierNow()): Promise<number> {
  const open = await shipping.openParcels(db, 200)
  if (open.length === 0) return 0
  const reports = new Map<number, TrackedEvent[]>()
  for (const s of open) {
    try {
      reports.set(s.order_id, await tracker.track(s, now))
    } catch {
      // Not reachable now: what was stored stands; the next sweep asks again.
    }
  }
  return db.transaction('serializable', async (db) => {
    let completed = 0
    for (const s of open) {
      await recordDue(db, s, reports.get(s.order_id) ?? [])
      const due = autoCompleteAt(s, await eventsOf(db, s), tracker.tracked)
      if (due === null || now < due) continue
      if (await orders.moveStatus(db, s.order_id, ORDER_STATUS.DELIVERING, ORDER_STATUS.COMPLETED)) {
        await markReceived(db, s, due)
        await store.insertAction(db, { order_id: s.order_id, action: 'auto_completed', by_user_id: null, reason: null, at: nowText() })
        completed++
      }
    }
    return completed
  })
}
