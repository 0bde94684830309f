import { lockRow, type Q } from '../storage/query'
import crypto from 'node:crypto'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { OrderInfo, OrderPayload, PriceQuote } from '../../src/contract/order'
import { canRefund, cancelNotRefund } from '../../src/contract/orderRules'
import { isOtherRefundReason } from '../../src/contract/ordersWords'
import type { z } from 'zod'
import { BizError, refuse } from './refusal'
import { closeOpenTrades } from './pay/outbox'
import type { PayProviders } from './pay/providers'
import { planCard } from './cards'
import * as cards from '../storage/repo/cards'
import * as coupons from '../storage/repo/coupons'
import * as mall from '../storage/repo/mall'
import * as cart from '../storage/repo/cart'
import * as orders from '../storage/repo/orders'
import * as payments from '../storage/repo/payments'
import type { OrderRow } from '../storage/repo/orders'
import * as seckill from '../storage/repo/seckill'
import * as shops from '../storage/repo/shops'
import { isUploadOf } from '../storage/repo/site'
import * as storeRepo from '../storage/repo/store'
import * as users from '../storage/repo/users'
import { fmt, nowMs, nowText } from '../time'
import { cardNumber, orderNumber, redemptionCode } from './numbers'
import { named, orderTitleIn, severalItemsTitleIn } from './names'
import { parcelOf } from './shipping'
import * as takeoutRepo from '../storage/repo/takeout'
import { priceTakeoutOrder, type TakeoutPriced } from './takeout/pricing'
import { twinRefusal, unpaidTwin } from './takeout/unpaid'
import { flashHasOptions } from './pricing/flash'
import { takeTakeoutStock } from './takeout/stock'
import { priceMall, type MallDetail } from './pricing/mall'
import { detailOf, mallItemsOf, returnOrderStock } from './orderStock'

export { returnOrderStock }
import type { FlashState, KindPriced } from './pricing/kind'
import { priceCard } from './pricing/card'
import { priceBill, priceFuel } from './pricing/bill'
import { priceFlash } from './pricing/flash'
import { couponOff } from './pricing/coupon'
import type { OilFigures, OrderDelivery, OrderFee, OrderLine } from '../../src/contract/order'
import type { ApiLang } from '../../src/contract/common'
import { storeReasonIn } from '../../src/contract/storeReasons'

export type { OrderRow } from '../storage/repo/orders'

type Payload = z.output<typeof OrderPayload>

/** Unpaid orders are cancelled after this long; their stock and coupon come back. */
export const UNPAID_TTL_MS = 15 * 60_000
export const MAX_ITEM_QUANTITY = 99

/** An order as the shopper reads it; a title the system wrote (a card order's) in the shopper's language. */
/**
 * The status a reader is shown (issue 40): an unpaid order past its time reads as cancelled, from what is stored — no
 * read cancels anything or calls the payment provider; the sweep (cancelExpired) cancels it for real, after closing its
 * trades. (A payment that lands before the sweep still pays it: the provider took the money.)
 */
export const shownStatus = (row: Pick<OrderRow, 'status' | 'expire_at'>, now = nowMs()): number =>
  row.status === ORDER_STATUS.UNPAID && row.expire_at <= now ? ORDER_STATUS.CANCELLED : row.status

/** The row as a reader sees it (shownStatus). */
export const shownRow = (row: OrderRow, now = nowMs()): OrderRow => {
  const status = shownStatus(row, now)
  return status === row.status ? row : { ...row, status }
}

export async function toOrderInfo(db: Q, lang: ApiLang, stored: OrderRow, shopRead?: orders.OrderShop | null): Promise<OrderInfo> {
  const row = shownRow(stored)
  // `shopRead`: the shop read with the row (order/read's one statement, repo/orders.ts ownForReading).
  const shop = shopRead !== undefined ? (shopRead ?? undefined) : row.shop_id ? (await shops.shopPlace(db, row.shop_id)) : undefined
  const shopName = shop?.name
  // A flash sale's price is the price (issue 24): the order reads the sale's amount, not the list price less a discount.
  const saleCut = isFlashOrder(row) ? row.discount_amount : 0
  return {
    id: row.id,
    order_no: row.order_no,
    kind: row.kind,
    title: mallTitleIn(lang, row) ?? orderTitleIn(lang, row.kind, row.title),
    shop_id: row.shop_id,
    shop_name: shopName ?? null,
    order_status: row.status,
    original_amount: row.original_amount - saleCut,
    discount_amount: row.discount_amount - saleCut + row.member_discount_amount,
    coupon_amount: row.coupon_amount,
    fee_amount: row.fee_amount,
    pay_amount: row.pay_amount,
    create_time: row.create_time,
    pay_time: row.pay_time,
    expire_time: row.status === ORDER_STATUS.UNPAID ? fmt(row.expire_at) : null,
    refund_rejection: row.refund_rejection !== null && row.refund_rejected_at !== null ? { reason: storeReasonIn(lang, row.refund_rejection), at: row.refund_rejected_at } : null,
    ...(row.kind === 'oil' ? { oil: oilFiguresOf(row.detail) } : {}),
    lines: await linesOf(db, lang, row, shopName ?? null),
    delivery: deliveryOf(row),
    // (Asked only of a parcel: each call of an async function costs the hot path a promise, docs/performance.md.)
    parcel: row.delivery === 'ship' ? await parcelOf(db, lang, row) : null,
    pickup: shop && (isFlashOrder(row) || row.delivery === 'pickup') ? { shop_id: shop.id, name: shop.name, address: shop.address, hours: shop.hours, lat: shop.lat, lng: shop.lng } : null,
    fees: feesOf(row),
  }
}

/** The fees of `fee_amount`, each named as charged (issue 39): never "delivery/packing" on a pickup order. */
function feesOf(row: OrderRow): OrderFee[] {
  if (row.fee_amount <= 0) return []
  if (row.kind === 'product') return [{ kind: 'shipping', amount: row.fee_amount }]
  if (row.kind !== 'takeout') return [{ kind: 'delivery_packing', amount: row.fee_amount }]
  const d = detailOf(row) as { mode?: unknown; fees?: { delivery?: unknown; packing?: unknown } }
  const delivery = d.fees?.delivery
  const packing = d.fees?.packing
  if (typeof delivery === 'number' && typeof packing === 'number')
    return [
      ...(delivery > 0 ? [{ kind: 'delivery' as const, amount: delivery }] : []),
      ...(packing > 0 ? [{ kind: 'packing' as const, amount: packing }] : []),
    ]
  // Orders from before the fees were kept apart: a pickup order's fee is its packing.
  return [{ kind: d.mode === 'pickup' ? 'packing' : 'delivery_packing', amount: row.fee_amount }]
}

/** A mall order of several lines: its first product's name and how many more, in the asker's language. */
function mallTitleIn(lang: ApiLang, row: OrderRow): string | null {
  const items = mallItemsOf(row)
  if (!items || items.length < 2) return null
  const pieces = items.reduce((n, i) => n + i.quantity, 0)
  return severalItemsTitleIn(lang, row.title, items.length, pieces)
}

/** A flash-sale order: a product order without a mall spec. */
const isFlashOrder = (row: OrderRow): boolean => row.kind === 'product' && row.spec_id === null


/** An order of one thing: its one line. (Not a closure in linesOf: tsx names each closure as it is made, ~3 µs per order/read.) */
const oneLine = (row: OrderRow, name: string, spec: string | null): OrderLine[] => [{ name, spec, quantity: 1, price: row.original_amount, image: null }]

/** What an order bought, one line per thing, in the asker's language where the system names it. */
async function linesOf(db: Q, lang: ApiLang, row: OrderRow, shopName: string | null): Promise<OrderLine[]> {
  const detail = detailOf(row)
  switch (row.kind) {
    case 'card': {
      const card = row.ref_id ? (await cards.cardProduct(db, row.ref_id)) : undefined
      return oneLine(row, orderTitleIn(lang, row.kind, row.title), card ? named(lang, card.name) : null)
    }
    case 'bill':
      return oneLine(row, shopName ?? row.title, null)
    case 'oil':
      return oneLine(row, shopName ?? row.title, typeof detail.oil_grade === 'string' ? detail.oil_grade : null)
    case 'product': {
      const items = mallItemsOf(row)
      if (items) return items.map((i) => ({ name: i.name, spec: i.spec_name, quantity: i.quantity, price: i.unit_price, image: i.image }))
      if (row.spec_id !== null) {
        const d = detail as Partial<MallDetail>
        return [{ name: row.title, spec: d.spec_name ?? null, quantity: row.quantity, price: d.unit_price ?? Math.round(row.original_amount / row.quantity), image: d.image ?? null }]
      }
      const flash = row.ref_id ? (await seckill.flashProduct(db, row.ref_id)) : undefined
      const qty = Math.max(1, row.quantity)
      const price = Math.round((row.original_amount - row.discount_amount) / qty)
      const listPrice = Math.round(row.original_amount / qty)
      return [{ name: row.title, spec: null, quantity: row.quantity, price, ...(listPrice > price ? { list_price: listPrice } : {}), image: flash?.image ?? null }]
    }
    case 'takeout': {
      const items = Array.isArray(detail.items) ? (detail.items as Array<{ name?: unknown; price?: unknown; quantity?: unknown; options?: unknown; image?: unknown }>) : []
      return items.map((i) => ({
        name: typeof i.name === 'string' ? i.name : '',
        spec: typeof i.options === 'string' && i.options ? i.options : null,
        quantity: typeof i.quantity === 'number' ? i.quantity : 1,
        price: typeof i.price === 'number' ? i.price : 0,
        // The dish's picture (orders from issue 25 on keep it).
        image: typeof i.image === 'string' ? i.image : null,
      }))
    }
  }
}

/** A mall order's delivery as it was ordered; null for every other order. */
function deliveryOf(row: OrderRow): OrderDelivery | null {
  if (row.delivery === null) return null
  const d = detailOf(row) as Partial<MallDetail>
  return { mode: row.delivery, address: row.delivery === 'ship' ? (d.delivery?.address ?? null) : null }
}

/** A fuel order's figures as it was sold (orders from before issue 13 lack litres: worked out from the amount). */
function oilFiguresOf(detailText: string): OilFigures {
  const d = JSON.parse(detailText) as { oil_grade?: string; pump_no?: number; litres?: number; litre_price?: number; member_litre_price?: number }
  const price = d.litre_price ?? 0
  return { grade: d.oil_grade ?? '', pump_no: d.pump_no ?? 0, litres: d.litres ?? 0, litre_price: price, member_litre_price: d.member_litre_price ?? price }
}

interface Priced {
  quote: PriceQuote
  shopId: number | null
  refId: number | null
  quantity: number
  /** Mall orders: the spec (its stock is taken at create) and how it is delivered. */
  specId: number | null
  delivery: 'ship' | 'pickup' | null
  /** Mall orders: each spec's quantity, taken at create (one for Buy now; one per line for the cart's checkout). */
  specTakes: Array<{ specId: number; quantity: number }>
  userCouponId: number | null
  detail: Record<string, unknown>
  /** Takeout: what create keeps in takeout_orders (mode, slot, promised time, a pre-order's opening). */
  takeout?: TakeoutPriced['order']
  /** A flash sale: its times, stock and limit as pricing read them (takeFlashStock). */
  flash?: FlashState
}

/** Each kind's own pricing (server/domain/pricing/, takeout's in server/domain/takeout/pricing.ts). */
async function priceKind(db: Q, userId: number, p: Payload): Promise<KindPriced> {
  switch (p.kind) {
    case 'card':
      return priceCard(db, userId, p)
    case 'bill':
      return priceBill(db, userId, p)
    case 'oil':
      return priceFuel(db, userId, p)
    case 'product':
      return p.source === 'mall' ? (await priceMall(db, userId, p)) : (await priceFlash(db, p))
    case 'takeout':
      // Dishes with options, fees by distance, radius, minimum order, opening hours.
      return priceTakeoutOrder(db, userId, p)
  }
}

/**
 * Prices an order. Only the server computes prices. The payload has exactly its kind's
 * fields, each required one present (the contract's union): what is left to check here is the data.
 * Its kind prices it (priceKind); then the coupon and the total.
 */
export async function priceOrder(db: Q, userId: number, p: Payload): Promise<Priced> {
  const k = await priceKind(db, userId, p)
  const dayCut = k.discountDay

  let coupon = 0
  let userCouponId: number | null = null
  if (p.coupon_id) {
    const now = nowText()
    const uc = await coupons.usableCoupon(db, p.coupon_id, userId, now)
    if (!uc) throw refuse('coupon_unavailable')
    // A coupon of a window is claimed before its first day and used from it (issue 44).
    if (uc.starts_at !== null && uc.starts_at > now) throw refuse('coupon_not_started', { from: uc.starts_at.slice(0, 10) })
    if (p.kind === 'product' && p.source !== 'mall') throw refuse('coupon_not_for_flash_sale')
    if (uc.kind && uc.kind !== p.kind) throw refuse('coupon_not_for_order')
    if (uc.shop_id && uc.shop_id !== k.shopId) throw refuse('coupon_not_for_shop')
    const subtotal = k.original - k.discount - k.member - (dayCut?.amount ?? 0)
    if (subtotal < uc.min_spend) throw refuse('coupon_min_spend', { min: (uc.min_spend / 100).toFixed(2) })
    // Its value or percentage, never more than the goods, never leaving less than 1 fen to pay (./pricing/coupon.ts).
    coupon = couponOff(uc, subtotal, k.fee)
    userCouponId = uc.id
  }

  const pay = k.original - k.discount - k.member - (dayCut?.amount ?? 0) - coupon + k.fee
  if (pay <= 0 && p.kind !== 'card') throw refuse('pay_amount_zero')
  return {
    quote: {
      kind: p.kind,
      title: k.title,
      original_amount: k.original,
      discount_amount: k.discount,
      member_discount_amount: k.member,
      coupon_amount: coupon,
      fee_amount: k.fee,
      pay_amount: Math.max(0, pay),
      coupon_id: userCouponId,
      lines: k.lines,
      ...(k.card ? { card: k.card } : {}),
      ...(k.oil ? { oil: k.oil } : {}),
      ...(dayCut ? { discount_day: dayCut } : {}),
      ...(k.takeout ? { takeout: k.takeout.quote } : {}),
    },
    takeout: k.takeout?.order,
    shopId: k.shopId,
    refId: k.refId,
    quantity: k.quantity,
    specId: k.mall?.specId ?? null,
    delivery: k.mall?.delivery ?? null,
    specTakes: k.mall?.specTakes ?? [],
    userCouponId,
    detail: k.detail,
    ...(k.flash ? { flash: k.flash } : {}),
  }
}

/** 200 concurrent buyers of 20 items get exactly 20 orders: the check and the decrement are one statement. */
async function takeFlashStock(db: Q, userId: number, productId: number, quantity: number, prod: FlashState): Promise<void> {
  const now = nowText()
  if (now < prod.start_time) throw refuse('flash_sale_not_started')
  if (now >= prod.end_time) throw refuse('flash_sale_ended')
  // Sold out as this transaction read it (READ COMMITTED, after the shopper's lock): refused without the per-person sum
  // and the conditional update, which could not take it either — most of a burst's buyers (issue 42). Stock only ever
  // goes to an order through the update below, so a stale read here never sells what is not there.
  if (prod.stock < quantity) throw refuse('sold_out')
  const bought = await orders.flashBought(db, userId, productId)
  if (bought + quantity > prod.limit_per_user) throw refuse('limit_per_person', { limit: prod.limit_per_user })
  if (!(await seckill.takeStock(db, productId, quantity))) throw refuse('sold_out')
}

/** What a create request asked for, whatever the order of its keys; the answer's language is not part of it. */
export function payloadHash(p: Payload): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v
  const { lang: _lang, ...asked } = p as Payload & { lang?: unknown }
  return crypto.createHash('sha256').update(JSON.stringify(canonical(asked))).digest('hex')
}

/** The mall specs a payload asks for; empty for every other order. */
function mallSpecsAsked(p: Payload): number[] {
  if (p.kind !== 'product' || p.source !== 'mall') return []
  if (p.items !== undefined) return p.items.map((i) => i.spec_id)
  return p.spec_id !== undefined ? [p.spec_id] : []
}

/** The specs an unpaid mall order holds. */
const mallSpecsHeld = (row: OrderRow): number[] => mallItemsOf(row)?.map((i) => i.spec_id) ?? (row.spec_id !== null ? [row.spec_id] : [])

/**
 * One unpaid order of the same goods (issue 39; docs/api.md "One unpaid order of the same goods"): while an unpaid mall
 * order of the shopper's, not past its time, holds any spec this mall payload asks for — the order left at the cashier —
 * no second order of them is made. The very same request (goods, quantities, delivery, address, coupon: its
 * request_hash) is answered with that order, so paying it pays the one; any other is refused `order_unpaid_same_goods`
 * with the order in `data.order`, for the shopper to pay or cancel first. preCreate refuses the same way. null: none.
 */
export async function unpaidOrderOfSameGoods(db: Q, userId: number, p: Payload, lang: ApiLang, requestHash?: string): Promise<OrderRow | null> {
  const asked = mallSpecsAsked(p)
  if (asked.length === 0) return null
  const held = (await orders.unpaidMallOf(db, userId, nowMs())).find((row) => mallSpecsHeld(row).some((spec) => asked.includes(spec)))
  if (!held) return null
  if (requestHash !== undefined && held.request_hash === requestHash) return held
  const order = await toOrderInfo(db, lang, held)
  throw refuse('order_unpaid_same_goods', { amount: (held.pay_amount / 100).toFixed(2) }, { data: { order } })
}

/** The shopper's unpaid orders made from the cart (its checkout's `items`), not past their time, newest first (issue 39). */
export async function unpaidCartOrders(db: Q, lang: ApiLang, userId: number): Promise<OrderInfo[]> {
  const rows = (await orders.unpaidMallOf(db, userId, nowMs())).filter((row) => mallItemsOf(row) !== null)
  return Promise.all(rows.map((row) => toOrderInfo(db, lang, row)))
}

/**
 * A flash-sale buyer who would be refused `sold_out` is told so without the transaction (issue 42): most of a burst's
 * buyers find the stock gone, and each cost the shopper's lock, the request-id read, the price read and a rollback.
 * Only where the full path answers the same: a plain flash-sale payload (no options, no coupon — those are refused
 * otherwise first), the product on sale, the session on now, a price above 0, fewer left than asked, and no order of
 * this request id (the gate reads it in the same statement as the stock: repo/seckill.ts flashGate). A retry whose
 * first attempt is still running reads the stock before that attempt's take (not yet committed), so it goes on to the
 * transaction and waits for its twin there, never hearing "sold out" for an order it got.
 */
async function soldOutAtOnce(db: Q, userId: number, p: Payload, clientRequestId: string): Promise<boolean> {
  if (p.kind !== 'product' || p.source === 'mall' || p.product_id === undefined || p.coupon_id) return false
  if (flashHasOptions(p)) return false
  const gate = await seckill.flashGate(db, p.product_id, userId, clientRequestId)
  if (!gate || gate.order_id !== null || gate.price <= 0) return false
  const now = nowText()
  return now >= gate.start_time && now < gate.end_time && gate.stock < p.quantity
}

export async function createOrder(db: Q, userId: number, p: Payload, clientRequestId: string, lang: ApiLang = 'zh'): Promise<OrderRow> {
  if (await soldOutAtOnce(db, userId, p, clientRequestId)) throw refuse('sold_out')
  // PostgreSQL: READ COMMITTED after locking the shopper's row, not SERIALIZABLE — a flash sale's buyers all take one
  // product's stock, and SERIALIZABLE answered most of a 200-buyer burst with serialization failures (each update of the
  // stock row after another's commit is one). Every rule here holds at READ COMMITTED: one shopper's creates run one
  // after another (the row lock: the request-id retry, per-shopper limits, their cards and coupons), and the shared
  // rows are taken by conditional updates (`stock >= ?`, a coupon `status = 'available'`) that re-read the row they wait for.
  return db.transaction('read committed', async (db) => {
    // The shopper's row locked first, then this request's order read in a statement of its own: at READ COMMITTED one
    // statement reads with the snapshot it started with, so a join of the two would miss the order a twin request
    // committed while this one waited for the lock (order.test's ten calls with one id, on PostgreSQL).
    await users.lockUser(db, userId)
    const requestHash = payloadHash(p)
    const existing = await orders.byRequest(db, userId, clientRequestId)
    if (existing) {
      // A retry of the same request gets its order; the same id with another payload is a client bug, not a retry.
      if (existing.request_hash !== null && existing.request_hash !== requestHash) throw refuse('request_id_reused')
      return existing
    }
    // Takeout: the same cart while its order is unpaid is that order, never a second (issue 39: server/domain/takeout/unpaid.ts).
    const twin = p.kind === 'takeout' ? await unpaidTwin(db, userId, p, requestHash) : null
    if (twin?.same) return twin.order
    // The mall: an unpaid order holding these goods is that order for the very same request, else refused (issue 39).
    const unpaid = await unpaidOrderOfSameGoods(db, userId, p, lang, requestHash)
    if (unpaid) return unpaid
    const priced = await priceOrder(db, userId, p).catch((e: unknown) => {
      // Its coupon taken by the waiting order: that order is the news, not the coupon.
      throw twin && e instanceof BizError && e.reason === 'coupon_unavailable' ? twinRefusal(twin) : e
    })
    if (twin) throw twinRefusal(twin)
    // Fuel: the price per litre may have moved since the shopper's quote; they see the new figure and confirm.
    if (p.kind === 'oil' && p.quoted_price !== undefined && priced.quote.oil && priced.quote.oil.litre_price !== p.quoted_price) {
      const { quoted_price: _asked, ...again } = p
      const fresh = (await priceOrder(db, userId, again)).quote
      throw refuse(
        'fuel_price_moved',
        { grade: p.oil_grade, price: (priced.quote.oil.litre_price / 100).toFixed(2) },
        { data: { price_moved: { grade: p.oil_grade, quoted_price: p.quoted_price, price: priced.quote.oil.litre_price, quote: fresh } } },
      )
    }
    if (priced.specId !== null) {
      // Mall: each spec's stock, checked and taken in one statement (concurrent buyers never oversell a spec); a
      // line short of stock refuses the whole order (the transaction gives back what was taken before it).
      for (const take of priced.specTakes) if (!(await mall.takeSpecStock(db, take.specId, take.quantity))) throw refuse('stock_short')
    } else if (p.kind === 'product' && priced.refId) {
      if (!priced.flash) throw new Error('a flash-sale order priced without its sale state')
      await takeFlashStock(db, userId, priced.refId, priced.quantity, priced.flash)
    }
    // Takeout: each dish's daily stock, taken in one statement per dish (issue 44: ./takeout/stock.ts).
    else if (p.kind === 'takeout') await takeTakeoutStock(db, priced.detail)
    if (priced.userCouponId && !(await coupons.lockCoupon(db, priced.userCouponId))) throw refuse('coupon_unavailable')
    const now = nowMs()
    const q = priced.quote
    const id = await orders.insert(db, {
      order_no: await orderNumber(db, now),
      user_id: userId,
      kind: p.kind,
      title: q.title,
      shop_id: priced.shopId,
      ref_id: priced.refId,
      quantity: priced.quantity,
      status: ORDER_STATUS.UNPAID,
      original_amount: q.original_amount,
      // The discount day's line is kept with the shop's discount (the shop gives it); detail.discount_day has it apart.
      discount_amount: q.discount_amount + (q.discount_day?.amount ?? 0),
      member_discount_amount: q.member_discount_amount,
      coupon_amount: q.coupon_amount,
      fee_amount: q.fee_amount,
      pay_amount: q.pay_amount,
      user_coupon_id: priced.userCouponId,
      client_request_id: clientRequestId,
      request_hash: requestHash,
      detail: JSON.stringify(priced.detail),
      verify_code: await redemptionCode(db),
      create_time: nowText(),
      expire_at: now + UNPAID_TTL_MS,
      spec_id: priced.specId,
      delivery: priced.delivery,
    })
    if (priced.userCouponId) await coupons.attachCoupon(db, priced.userCouponId, id)
    // Takeout: its own state (mode, slot, promised time, a pre-order's opening; server/domain/takeout/takeout.ts moves it).
    if (priced.takeout && priced.shopId !== null) await takeoutRepo.insertTakeoutOrder(db, { order_id: Number(id), shop_id: priced.shopId, ...priced.takeout, updated_at: now })
    // The cart's checkout: the lines ordered leave the shopper's cart now that the order exists (not before).
    if (p.kind === 'product' && p.items !== undefined) await cart.removeSpecs(db, userId, priced.specTakes.map((t) => t.specId))
    return (await orders.byId(db, id)) as OrderRow
  })
}

/** Ownership is part of every lookup: another shopper's order is simply "not found". */
export async function findOwnOrder(db: Q, userId: number, id: number): Promise<OrderRow> {
  const row = await orders.ownById(db, userId, id)
  if (!row) throw refuse('order_not_found')
  return row
}

/**
 * Why an unpaid order was not cancelled: a trade the provider reports paid (its notification will mark the order paid),
 * a trade whose closing is not settled (the provider failed or another process is closing it: the sweep goes on), or
 * it is no longer unpaid.
 */
export type CancelOutcome = 'cancelled' | 'paying' | 'unsettled' | 'not_unpaid'

/**
 * A cancel that finds a trade opened meanwhile (a payparam between its closing and its transaction) closes again, this
 * many rounds at most (each payparam in flight can open one: 3 was too few for 4 at once over PostgreSQL's processes).
 */
const CANCEL_ROUNDS = 6

/**
 * The one way an unpaid order is cancelled — the shopper's cancel, the 15-minute expiry and account deletion all come
 * here. The money rule: an order never reads "cancelled" while a trade the provider reports paid exists. So, in this
 * order (issue 28's outbox, docs/api.md "The order lifecycle"):
 * 1. outside any transaction, every open trade is closed at the provider (closeOpenTrades: the calls recorded in the
 *    outbox, then made) — a trade it reports paid stops the cancel ('paying': the payment's notification will mark the
 *    order paid), a call not settled stops it too ('unsettled');
 * 2. then one write transaction (cancelIfTradesClosed) cancels only if no trade is open, read again inside it — a trade
 *    opened in between sends it back to 1.
 * Chosen over cancelling in the transaction and closing after it (the order would read "cancelled" while the provider
 * could still take money for it) and over a "cancelling" status (a new status every client would have to know): a
 * transaction run again calls nothing, and closing a trade of an order that then stays unpaid only means the next
 * payparam opens a new trade. Outside any transaction (refused inside one).
 */
export async function cancelUnpaid(db: Q, providers: PayProviders, orderId: number, now = nowMs()): Promise<CancelOutcome> {
  if (db.inTransaction) throw new Error('cancelUnpaid calls the payment provider: outside any transaction')
  for (let round = 0; round < CANCEL_ROUNDS; round++) {
    if ((await orders.statusOf(db, orderId)) !== ORDER_STATUS.UNPAID) return 'not_unpaid'
    const closing = await closeOpenTrades(db, providers, orderId, now)
    if (closing !== 'closed') return closing === 'paid' ? 'paying' : 'unsettled'
    // READ COMMITTED: cancelIfTradesClosed locks the order's row first, as payparam's openTrade does.
    const outcome = await db.transaction('read committed', (db) => cancelIfTradesClosed(db, orderId))
    if (outcome !== 'open_trade') return outcome
  }
  return 'unsettled'
}

/**
 * Inside the caller's write transaction: unpaid → cancelled (named in the UPDATE) when no trade of the order is open
 * ('open_trade' otherwise: close it first, cancelUnpaid), and what it held goes back where it came from: a mall order's
 * quantity to its spec, a flash-sale order's to the flash-sale product (returnOrderStock tells them apart by the
 * order's spec), and its coupon to the shopper. Calls nothing outside the database: it may be run again. On SQLite
 * BEGIN IMMEDIATE keeps a payparam from opening a trade between the check and the move; on PostgreSQL the order's row
 * is locked first, here and in payparam's openTrade (server/domain/pay/pay.ts), for the same.
 */
export async function cancelIfTradesClosed(db: Q, orderId: number): Promise<'cancelled' | 'open_trade' | 'not_unpaid'> {
  if (!db.inTransaction) throw new Error('cancelIfTradesClosed must run inside a write transaction')
  await lockRow(db, 'orders', orderId)
  const row = (await orders.byId(db, orderId)) as OrderRow | undefined
  if (!row || row.status !== ORDER_STATUS.UNPAID) return 'not_unpaid'
  if ((await payments.openTradesOf(db, orderId)).length > 0) return 'open_trade'
  if (!(await orders.moveStatus(db, row.id, ORDER_STATUS.UNPAID, ORDER_STATUS.CANCELLED))) return 'not_unpaid'
  await returnOrderStock(db, row)
  if (row.user_coupon_id) await coupons.releaseCoupon(db, row.user_coupon_id)
  return 'cancelled'
}

/**
 * Cancel unpaid orders past their time (cancelUnpaid each, each in its own transaction); an order whose trade the
 * provider reports as paid already is left for that payment's notification, one whose closing is unsettled for a later
 * sweep. Several processes may sweep at once: each provider call is made by one (the outbox), each order moved once.
 */
export async function cancelExpired(db: Q, providers: PayProviders, now = nowMs()): Promise<number> {
  // Cheap check first: the common case (nothing expired) needs no write transaction.
  if (!(await orders.anyExpiredUnpaid(db, now))) return 0
  let cancelled = 0
  for (const row of await orders.expiredUnpaid(db, now)) if ((await cancelUnpaid(db, providers, row.id, now)) === 'cancelled') cancelled++
  return cancelled
}

/** The shopper cancels an unpaid order (cancelUnpaid). */
export async function cancelOrder(db: Q, providers: PayProviders, row: OrderRow): Promise<void> {
  const outcome = await cancelUnpaid(db, providers, row.id)
  if (outcome === 'paying' || outcome === 'unsettled') throw refuse('payment_processing')
  if (outcome === 'not_unpaid') throw refuse('cancel_not_allowed')
}

/**
 * The provider's confirmed notification: unpaid → paid once, whatever the number of repeats (false when
 * the order is not unpaid: cancelled, or paid through another trade). Call it inside the caller's
 * IMMEDIATE transaction (handleNotification's), which also attaches the payment: it opens none itself.
 */
export async function markPaid(db: Q, orderId: number): Promise<boolean> {
  if (!db.inTransaction) throw new Error('markPaid must run inside a write transaction')
  const row = (await orders.byId(db, orderId)) as OrderRow
  if (!(await orders.setPaid(db, orderId, nowText()))) return false
  if (row.user_coupon_id) await coupons.useCoupon(db, row.user_coupon_id)
  // The referral contest's confirmation runs after this transaction commits (server/domain/pay/pay.ts notify: the storage seam).
  // Takeout: the store has TAKEOUT_ACCEPT_MINUTES from now (a pre-order: from its slot's opening) to accept.
  if (row.kind === 'takeout') await takeoutRepo.startAcceptTimer(db, row.id, nowMs())
  if (row.kind === 'card' && row.ref_id) {
    const product = await cards.cardProduct(db, row.ref_id)
    const days = (JSON.parse(row.detail) as { days?: number }).days ?? product?.days ?? 365
    // The rule the quote showed, applied at payment time (docs/api.md "Membership cards"): a renewal starts
    // when the held card ends, an upgrade starts now and ends the held cards. A lower level bought meanwhile
    // is not refused here (the money is taken): it waits behind the higher card.
    const now = nowMs()
    const plan = await planCard(db, row.user_id, { name: product?.name ?? '', level: product?.level ?? 0, price: row.original_amount, days }, now, false)
    const cardId = await cards.insertUserCard(db, {
      user_id: row.user_id,
      card_product_id: row.ref_id,
      card_no: cardNumber(row.user_id, row.id),
      start_at: fmt(plan.start),
      end_at: fmt(plan.start.add(days, 'day')),
      order_id: row.id,
    })
    for (const old of plan.replaced) await cards.endByUpgrade(db, old.id, fmt(now), cardId)
  }
  return true
}

/**
 * A refund request (of the whole order). A card bought by the order is suspended from now (no member
 * discount, till code refused). The store answers it (server/domain/store/store.ts), or the timer approves it after
 * REFUND_AUTO_APPROVE_HOURS; the request is on the order's trail.
 */
export async function requestRefund(db: Q, row: OrderRow, reason: string, more: { detail?: string; photos?: readonly string[] } = {}): Promise<void> {
  // Issue 39: the shopper's words beside any reason (needed with "Other"), and photos they uploaded themselves.
  const detail = more.detail ? more.detail : null
  const photos = [...new Set(more.photos ?? [])]
  if (!detail && isOtherRefundReason(reason)) throw refuse('refund_detail_required')
  for (const url of photos) if (!(await isUploadOf(db, row.user_id, url))) throw refuse('refund_photo_invalid')
  await db.transaction('serializable', async (db) => {
    const now = (await orders.byId(db, row.id)) as OrderRow
    if (cancelNotRefund(now.kind, now.status)) throw refuse('takeout_cancel_instead')
    if (!canRefund(now.status) || !(await orders.setRefunding(db, now.id, now.status, reason, nowMs()))) throw refuse('refund_not_allowed')
    await orders.setRefundDetail(db, now.id, detail, photos, nowMs())
    await storeRepo.insertAction(db, { order_id: now.id, action: 'refund_requested', by_user_id: now.user_id, reason, at: nowText() })
  })
}
