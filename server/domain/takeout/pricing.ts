import type { Q } from '../../storage/query'
import type { z } from 'zod'
import { distanceMeters, type GeoPoint } from '../../../src/contract/geo'
import type { OrderPayload, PriceQuote } from '../../../src/contract/order'
import type { Dish, ShopOpenState, TakeoutMenuAnswer, TakeoutSettings, TakeoutShop } from '../../../src/contract/takeout'
import { mergeTakeoutLines, TAKEOUT_CAPS, takeoutOverCap } from '../../../src/contract/takeoutCart'
import type { TakeoutMode } from '../../../src/contract/takeoutEndpoints'
import { percentOff } from '../discount'
import { deliveryPoint, type PointSource } from '../address/districtCentres'
import { activeCardRate, type KindPriced } from '../pricing/kind'
import type { TakeoutItem, TakeoutPriced } from './priced'
import { refuse } from '../refusal'
import * as addresses from '../../storage/repo/addresses'
import type { AddressFields } from '../../storage/repo/addresses'
import * as repo from '../../storage/repo/takeout'
import { soldOn, stockLeft } from '../../storage/repo/menu'
import type { TakeoutShopRow } from '../../storage/repo/takeout'
import { businessMidnight, fmt, nowMs, parseText } from '../../time'

/**
 * Takeout's shop side (issue 25): a restaurant's settings, its open state and time slots on the server's business
 * clock (never the phone's), its menu, and the price of a takeout order — dishes with their options, the member
 * rate on dishes (never on fees), packing fee, delivery fee by distance tier, the delivery radius, the minimum order,
 * and a closed shop's pre-order. docs/api.md "Takeout".
 */

type TakeoutPayload = Extract<z.output<typeof OrderPayload>, { kind: 'takeout' }>

const MINUTE = 60_000
const DAY = 86_400_000
const SLOT_STEP = 30 * MINUTE
/** Slots are offered this far ahead. */
const SLOT_HORIZON = 2 * DAY
/** Delivery slots leave the rider this long after the kitchen's preparation. */
const DELIVERY_LEAD_MINUTES = 30

interface Period {
  /** Minutes after midnight. */
  open: number
  /** Minutes after midnight; at or before `open`: the next day (past midnight). */
  close: number
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** "10:00-14:00,17:00-02:00" → periods ("00:00-24:00": the whole day). */
export function parseHours(text: string): Period[] {
  return text
    .split(',')
    .map((p) => p.trim().split('-'))
    .filter((p) => p.length === 2)
    .map(([open, close]) => ({ open: minutesOf(open), close: minutesOf(close) }))
}

export function settingsOf(row: TakeoutShopRow): TakeoutSettings {
  const tiers = JSON.parse(row.fee_tiers) as Array<[number, number]>
  return {
    hours: parseHours(row.hours).map((p) => ({ open: hhmm(p.open), close: p.close === 1440 ? '24:00' : hhmm(p.close) })),
    radius_m: row.radius_m,
    fee_tiers: tiers.map(([up_to_m, fee]) => ({ up_to_m, fee })),
    packing_fee: row.packing_fee,
    min_order: row.min_order,
    pickup: row.pickup === 1,
    prep_minutes: row.prep_minutes,
    paused: row.paused === 1,
  }
}

interface Span {
  start: number
  end: number
}

/** The shop's opening periods as instants, from yesterday's (one may run past midnight into today) to a week ahead. */
function spansAround(row: TakeoutShopRow, ms: number): Span[] {
  const midnight = businessMidnight(ms).valueOf()
  const spans: Span[] = []
  for (let d = -1; d <= 7; d++) {
    for (const p of parseHours(row.hours)) {
      const start = midnight + d * DAY + p.open * MINUTE
      const length = (p.close > p.open ? p.close - p.open : p.close + 1440 - p.open) * MINUTE
      spans.push({ start, end: start + length })
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}

export const openSpanAt = (row: TakeoutShopRow, ms: number): Span | undefined => spansAround(row, ms).find((s) => s.start <= ms && ms < s.end)
export const nextOpening = (row: TakeoutShopRow, ms: number): Span | undefined => spansAround(row, ms).find((s) => s.start > ms)

/** Open, closed (and when it opens) or paused, on the server's clock. */
export function openState(row: TakeoutShopRow, ms: number): ShopOpenState {
  if (row.paused === 1) return { state: 'paused', opens_at: null, closes_at: null }
  const open = openSpanAt(row, ms)
  if (open) return { state: 'open', opens_at: null, closes_at: fmt(open.end) }
  const next = nextOpening(row, ms)
  return { state: 'closed', opens_at: next ? fmt(next.start) : null, closes_at: null }
}

/** Minutes on the road: 10 to set off, then 4 a kilometre (a typical 20 when the distance is not known). */
export const rideMinutes = (distance: number | null) => (distance === null ? 20 : 10 + Math.ceil(distance / 250))

const leadMinutes = (row: TakeoutShopRow, mode: TakeoutMode) => row.prep_minutes + (mode === 'delivery' ? DELIVERY_LEAD_MINUTES : 0)

/**
 * The slots a shopper may pick (delivery: the time at the door; pickup: the time to collect), "YYYY-MM-DD HH:mm":
 * 30-minute steps from the earliest the kitchen (and a rider) can make, within an opening period (from its opening +
 * the lead to its closing), two days ahead.
 */
export function slotsOf(row: TakeoutShopRow, ms: number, mode: TakeoutMode): string[] {
  const lead = leadMinutes(row, mode) * MINUTE
  const spans = spansAround(row, ms)
  const out: string[] = []
  for (let t = Math.ceil((ms + lead) / SLOT_STEP) * SLOT_STEP; t <= ms + SLOT_HORIZON && out.length < 96; t += SLOT_STEP) {
    if (spans.some((s) => s.start + lead <= t && t <= s.end)) out.push(slotText(t))
  }
  return out
}
const slotText = (ms: number) => fmt(ms).slice(0, 16)

/** The opening period a slot falls in (with the lead), for a pre-order's acceptance timer. */
const spanOfSlot = (row: TakeoutShopRow, ms: number, slot: number, mode: TakeoutMode) => {
  const lead = leadMinutes(row, mode) * MINUTE
  return spansAround(row, ms).find((s) => s.start + lead <= slot && slot <= s.end)
}

/** The delivery fee at a distance: its tier's; beyond the tiers the last tier's (a shop without a radius); null without a distance. */
export function feeAt(row: TakeoutShopRow, distance: number | null): number {
  const tiers = JSON.parse(row.fee_tiers) as Array<[number, number]>
  if (tiers.length === 0) return 0
  if (distance === null) return tiers[0][1]
  return (tiers.find(([upTo]) => distance <= upTo) ?? tiers[tiers.length - 1])[1]
}
export const inRange = (row: TakeoutShopRow, distance: number) => row.radius_m === 0 || distance <= row.radius_m

/** A shop in a list: with a point, its distance, fee for it, ride time and whether it delivers there. */
export function summaryOf(row: TakeoutShopRow, ms: number, from: GeoPoint | null): TakeoutShop {
  const distance = from ? distanceMeters(from, row) : null
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    category_id: row.category_id,
    city_id: row.city_id,
    address: row.address,
    rating: row.rating,
    monthly_sales: row.monthly_sales,
    delivery_minutes: row.prep_minutes + rideMinutes(distance),
    delivery_fee: feeAt(row, distance),
    min_order: row.min_order,
    packing_fee: row.packing_fee,
    distance,
    in_range: distance === null ? null : inRange(row, distance),
    pickup: row.pickup === 1,
    open: openState(row, ms),
  }
}

/** The member price of an amount with a card's rate: the rate's percentage off, rounded half up to the cent. */
export const memberPrice = (amount: number, rate: number) => amount - percentOff(amount, rate)

/** A shop's menu: categories in the order of their first dish, dishes with their option groups; member prices with a card. */
export async function menuOf(db: Q, shopId: number, rate: number | null): Promise<TakeoutMenuAnswer> {
  const dishes = await repo.dishesOf(db, shopId)
  const options = await repo.optionsOf(
    db,
    dishes.map((d) => d.id),
  )
  // A dish's daily stock (issue 44): what is left today; none left reads as sold out.
  const sold = await soldOn(db, dishes.filter((d) => d.daily_stock !== null).map((d) => d.id), fmt(nowMs()).slice(0, 10))
  const leftOf = (d: repo.DishRow) => (d.daily_stock === null ? null : Math.max(0, Number(d.daily_stock) - (sold.get(Number(d.id)) ?? 0)))
  const groups = new Map<number, Dish['option_groups']>()
  for (const o of options) {
    const list = groups.get(o.dish_id) ?? []
    let g = list.find((x) => x.id === o.group_id)
    if (!g) {
      g = { id: o.group_id, name: o.group_name, required: o.required === 1, max: o.max_choices, options: [] }
      list.push(g)
    }
    g.options.push({ id: o.option_id, name: o.option_name, price: o.price })
    groups.set(o.dish_id, list)
  }
  const categories: TakeoutMenuAnswer['categories'] = []
  for (const d of dishes) {
    const c = categories.find((x) => x.name === d.category)
    if (c) c.dish_ids.push(d.id)
    else categories.push({ name: d.category, dish_ids: [d.id] })
  }
  return {
    shop_id: shopId,
    categories,
    dishes: dishes.map((d) => ({
      id: d.id,
      category: d.category,
      name: d.name,
      description: d.description,
      image: d.image,
      price: d.price,
      member_price: rate === null ? null : memberPrice(d.price, rate),
      sold_out: d.sold_out === 1 || leftOf(d) === 0,
      stock_left: leftOf(d),
      packing_fee: Number(d.packing_fee),
      monthly_sales: d.monthly_sales,
      option_groups: groups.get(d.id) ?? [],
    })),
    member_rate: rate,
  }
}

export type { TakeoutItem, TakeoutPriced } from './priced'

const km = (m: number) => (m / 1000).toFixed(1)

/** One dish line: the dish of this shop, not sold out, its options valid (each of the dish's, required groups chosen, at most `max` a group). */
async function priceItem(db: Q, shopId: number, item: TakeoutPayload['items'][number], day: string): Promise<TakeoutItem> {
  const dish = await repo.dishOf(db, shopId, item.id)
  if (!dish) throw refuse('dish_unavailable')
  if (dish.sold_out === 1) throw refuse('takeout_dish_sold_out', { name: dish.name })
  // Its daily stock (issue 44): create takes it (server/domain/takeout/stock.ts); the quote says first when too few are left.
  const left = dish.daily_stock === null ? null : await stockLeft(db, dish.id, day)
  if (left !== null && left < item.quantity) throw left === 0 ? refuse('takeout_dish_sold_out', { name: dish.name }) : refuse('takeout_dish_stock_short', { name: dish.name, left })
  const options = await repo.optionsOf(db, [dish.id])
  const chosen = item.option_ids ?? []
  if (new Set(chosen).size !== chosen.length) throw refuse('takeout_option_invalid', { name: dish.name })
  const picked = chosen.map((id) => options.find((o) => o.option_id === id))
  if (picked.some((o) => o === undefined)) throw refuse('takeout_option_invalid', { name: dish.name })
  const rows = picked as repo.OptionRow[]
  const groupIds = [...new Set(options.map((o) => o.group_id))]
  for (const g of groupIds) {
    const inGroup = rows.filter((o) => o.group_id === g).length
    const group = options.find((o) => o.group_id === g) as repo.OptionRow
    if (group.required === 1 && inGroup === 0) throw refuse('takeout_option_required', { name: dish.name, group: group.group_name })
    if (inGroup > group.max_choices) throw refuse('takeout_option_too_many', { group: group.group_name, max: group.max_choices })
  }
  // In the menu's order, whatever order the client sent them in.
  const ordered = options.filter((o) => chosen.includes(o.option_id))
  return {
    id: dish.id,
    name: dish.name,
    price: dish.price + ordered.reduce((s, o) => s + o.price, 0),
    quantity: item.quantity,
    options: ordered.map((o) => o.option_name).join('、'),
    option_ids: ordered.map((o) => o.option_id),
    image: dish.image,
    packing: Number(dish.packing_fee),
  }
}

/**
 * Prices a takeout order (the client never prices): dishes with options (lines of one dish and options made one, at most
 * TAKEOUT_CAPS of a dish and in all: takeout_dish_limit, takeout_order_too_many); the card's member rate on the dishes'
 * total (never on fees); the minimum order on the dishes' list-price total; delivery: one of the shopper's addresses,
 * its point (deliveryPoint: a map pick only within its district, else the district's centre; the quote's `point` says
 * which) within the radius (a shop with a radius refuses an address without a point), the fee of its distance's
 * tier; pickup only where the shop offers it; packing fee per order and each dish's per piece (issue 44). Timing on the server's clock: open → as soon as
 * possible or a slot; closed → a slot of a coming opening (a pre-order; the acceptance timer counts from that
 * opening) or refused saying when it opens; paused → refused.
 */
export async function priceTakeout(db: Q, userId: number, p: TakeoutPayload, rate: number | null, now = nowMs()): Promise<TakeoutPriced> {
  const shop = await repo.shopById(db, p.shop_id)
  if (!shop) throw refuse('shop_not_found')
  if (shop.paused === 1) throw refuse('takeout_shop_paused')
  const mode: TakeoutMode = p.mode ?? 'delivery'
  if (mode === 'pickup' && shop.pickup !== 1) throw refuse('takeout_pickup_not_offered')

  // Lines of one dish and options are one line; then the caps of one order (src/contract/takeoutCart.ts, issue 43).
  const asked = mergeTakeoutLines(p.items.map((i) => ({ ...i, dish_id: i.id, option_ids: i.option_ids ?? [] })))
  const items: TakeoutItem[] = []
  const day = fmt(now).slice(0, 10)
  for (const { dish_id: _dish, ...i } of asked) items.push(await priceItem(db, shop.id, i, day))
  const over = takeoutOverCap(asked)
  if (over?.cap === 'dish') throw refuse('takeout_dish_limit', { name: items.find((i) => i.id === over.dish_id)?.name ?? '', max: TAKEOUT_CAPS.perDish })
  if (over) throw refuse('takeout_order_too_many', { max: over.cap === 'items' ? TAKEOUT_CAPS.items : TAKEOUT_CAPS.lines })
  // Packing: the shop's per order and each dish's per piece (issue 44).
  const packing = shop.packing_fee + items.reduce((s, i) => s + i.packing * i.quantity, 0)
  const dishes = items.reduce((s, i) => s + i.price * i.quantity, 0)
  if (dishes < shop.min_order) throw refuse('takeout_min_order', { short: ((shop.min_order - dishes) / 100).toFixed(2) })

  let address: AddressFields | null = null
  let distance: number | null = null
  let pointSource: PointSource | null = null
  let deliveryFee = 0
  if (mode === 'delivery') {
    if (p.address_id === undefined) throw refuse('delivery_address_required')
    // The shopper's own address, kept on the order as it was (a later edit does not move the order).
    address = (await addresses.addressForOrder(db, userId, p.address_id)) ?? null
    const stored = await addresses.addressPoint(db, userId, p.address_id)
    if (!address || !stored) throw refuse('delivery_address_not_found')
    // The point within its district, else the district's centre (issue 43): a client's coordinates are not taken on trust.
    const judged = deliveryPoint(stored)
    pointSource = judged.source
    if (judged.point) distance = distanceMeters(shop, judged.point)
    if (shop.radius_m > 0) {
      if (distance === null) throw refuse('takeout_address_no_location')
      if (distance > shop.radius_m) throw refuse('takeout_out_of_range', { distance: km(distance), radius: km(shop.radius_m) })
    }
    deliveryFee = feeAt(shop, distance)
  }

  const state = openState(shop, now)
  let scheduledFor: string | null = null
  let promised: number
  let opensAt: number | null = null
  if (p.slot !== undefined) {
    if (!slotsOf(shop, now, mode).includes(p.slot)) throw refuse('takeout_slot_unavailable')
    const at = parseText(`${p.slot}:00`).valueOf()
    const span = spanOfSlot(shop, now, at, mode)
    // A slot of a coming opening while the shop is closed: the store starts (and the timer counts) at that opening.
    if (state.state === 'closed' && span && span.start > now) opensAt = span.start
    scheduledFor = p.slot
    promised = at
  } else {
    if (state.state !== 'open') throw refuse('takeout_shop_closed', { opens: state.opens_at ? state.opens_at.slice(5, 16) : '—' }, { data: { opens_at: state.opens_at } })
    promised = now + (shop.prep_minutes + (mode === 'delivery' ? rideMinutes(distance) : 0)) * MINUTE
  }

  const member = rate === null ? 0 : percentOff(dishes, rate)
  const lines: PriceQuote['lines'] = []
  if (mode === 'delivery') lines.push({ label: '配送费', amount: deliveryFee })
  lines.push({ label: '打包费', amount: packing })
  const promisedText = fmt(promised)
  return {
    title: shop.name,
    shopId: shop.id,
    original: dishes,
    member,
    fee: deliveryFee + packing,
    lines,
    // stock_day: the business day create takes dishes' daily stock on (and a cancel gives it back to: ./stock.ts).
    detail: { items, address, remark: p.remark ?? '', tableware: p.tableware ?? 0, mode, distance, fees: { delivery: deliveryFee, packing }, stock_day: day },
    quote: { mode, distance, point: pointSource, delivery_fee: deliveryFee, packing_fee: packing, dishes_amount: dishes, promised_at: promisedText, preorder_opens_at: opensAt === null ? null : fmt(opensAt) },
    order: { mode, scheduled_for: scheduledFor, promised_at: promisedText, opens_at: opensAt },
  }
}

/** A takeout order as priceOrder (server/domain/orders.ts) takes every kind (server/domain/pricing/kind.ts): the card's rate on the dishes. */
export async function priceTakeoutOrder(db: Q, userId: number, p: TakeoutPayload): Promise<KindPriced> {
  const t = await priceTakeout(db, userId, p, await activeCardRate(db, userId))
  return { title: t.title, original: t.original, discount: 0, member: t.member, fee: t.fee, shopId: t.shopId, refId: null, quantity: 1, detail: { ...t.detail }, lines: t.lines, takeout: t }
}
