/**
 * Takeout (issue 25): shapes of the calls in ./takeoutEndpoints.ts. zod for the server; the client imports types
 * only. Money is integer cents; distances metres; times business wall time "YYYY-MM-DD HH:mm:ss" (a slot:
 * "YYYY-MM-DD HH:mm"); coordinates GCJ-02. Open / closed is judged on the server's clock, never the phone's.
 */
import { z } from 'zod'
import { Id, LongText, oneLine, ShortText } from './common'
import { ORDER_STATUS } from './constants'
import { GeoQuery } from './geo'
import { OrderInfo } from './order'
import { PageQuery, pagedOf } from './paging'
import { StoreOrder, OrderAction, ONE_STORE_REASON, oneStoreReason, storeReasonFields } from './store'
import { TAKEOUT_REFUSAL_REASONS } from './storeReasons'
import { TAKEOUT_MODES, TAKEOUT_RATING_WORDS_MAX, TAKEOUT_SORTS } from './takeoutEndpoints'

export { TAKEOUT_RATE_DAYS, TAKEOUT_RATING_WORDS_MAX } from './takeoutEndpoints'

export const TakeoutCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() })
export const TakeoutCategoryAnswer = z.object({ list: z.array(TakeoutCategory) })

/** One opening period of a day, "HH:mm"; `close` at or before `open` runs past midnight ("17:00"–"02:00"). */
export const OpeningPeriod = z.object({ open: z.string(), close: z.string() })
/** Delivery fee by distance: up to `up_to_m` metres from the shop, `fee` cents (tiers in increasing order). */
export const FeeTier = z.object({ up_to_m: z.number().int(), fee: z.number().int() })

/** What the store sets (and the demo data sets): read by the shopper's screens and the store's. */
export const TakeoutSettings = z.object({
  hours: z.array(OpeningPeriod),
  /** Delivers within this many metres (0: no limit; the last fee tier then applies beyond the tiers). */
  radius_m: z.number().int(),
  fee_tiers: z.array(FeeTier),
  /** Per order, cents. */
  packing_fee: z.number().int(),
  /** The dishes' list-price total must reach this (cents), delivery or pickup. */
  min_order: z.number().int(),
  /** Takes pickup orders. */
  pickup: z.boolean(),
  /** Minutes from acceptance to the food being ready. */
  prep_minutes: z.number().int(),
  /** The store paused taking orders. */
  paused: z.boolean(),
})
export type TakeoutSettings = z.infer<typeof TakeoutSettings>

/**
 * Open state on the server's clock: `open`, `closed` (opens at `opens_at`; pre-orders for a slot of that opening
 * are taken), `paused` (the store stopped taking orders). `closes_at`: when an open shop's period ends.
 */
export const ShopOpenState = z.object({
  state: z.enum(['open', 'closed', 'paused']),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
})
export type ShopOpenState = z.infer<typeof ShopOpenState>

export const TakeoutShop = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  category_id: z.number().int(),
  city_id: z.number().int(),
  address: z.string(),
  rating: z.number(),
  monthly_sales: z.number().int(),
  /** Estimated minutes to the door (preparation + riding the distance; a typical ride when no point is given). */
  delivery_minutes: z.number().int(),
  /** For the distance when known, else the first tier's fee ("from"). */
  delivery_fee: z.number().int(),
  min_order: z.number().int(),
  packing_fee: z.number().int(),
  /** Metres from the point (or the address) asked about; null without one. */
  distance: z.number().int().nullable(),
  /** Within the delivery radius of that point; null without one. */
  in_range: z.boolean().nullable(),
  pickup: z.boolean(),
  open: ShopOpenState,
})
export type TakeoutShop = z.infer<typeof TakeoutShop>

export const TakeoutShopQuery = PageQuery.merge(GeoQuery).extend({
  category_id: Id.optional(),
  city_id: Id.optional(),
  keyword: oneLine(z.string().trim()).max(30, 'keyword is too long').optional(),
  /** distance (needs a point or an address; without one: by monthly sales), sales (monthly), rating. Default: distance. */
  sort: z.enum(TAKEOUT_SORTS).default('distance'),
  /**
   * Where the food goes (issue 39): one of the shopper's addresses (needs a session), else `lat`/`lng`. With either, only
   * the shops that deliver there (their radius covers it), distances from it; `city_id` is then not used. Without: the city's shops, no distances.
   */
  address_id: Id.optional(),
})
export const TakeoutShopPage = pagedOf(TakeoutShop)

/** A time slot the shop takes orders for ("YYYY-MM-DD HH:mm"), delivery or pickup. */
export const TakeoutShopDetail = TakeoutShop.extend({
  phone: z.string(),
  intro: z.string(),
  lat: z.number(),
  lng: z.number(),
  settings: TakeoutSettings,
  /** "As soon as possible" reaches the door about then (open shops only; business wall time). */
  asap_at: z.string().nullable(),
  /** Delivery slots: 30-minute steps within the opening hours, from the earliest the kitchen can make, two days ahead. */
  slots: z.array(z.string()),
})
export const TakeoutShopReadQuery = GeoQuery.extend({ id: Id })
export const TakeoutShopReadAnswer = z.object({ info: TakeoutShopDetail })

export const DishOption = z.object({ id: z.number().int(), name: z.string(), price: z.number().int() })
/** A group of options (size, spice, extras): `required` needs one choice; at most `max` choices. */
export const DishOptionGroup = z.object({ id: z.number().int(), name: z.string(), required: z.boolean(), max: z.number().int(), options: z.array(DishOption) })
export const Dish = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number().int(),
  /** The price with the shopper's card (its member rate on the dish); null without a card or a session. */
  member_price: z.number().int().nullable(),
  /** Marked sold out by the store, or none of its daily stock left today. */
  sold_out: z.boolean(),
  /** Left today of the dish's daily stock (issue 44); null: unlimited. Always sent by the server; optional for old fixtures. */
  stock_left: z.number().int().nullable().optional(),
  /** Its packing fee per piece, on top of the shop's per order (issue 44). Always sent by the server; optional for old fixtures. */
  packing_fee: z.number().int().optional(),
  monthly_sales: z.number().int(),
  option_groups: z.array(DishOptionGroup),
})
export type Dish = z.infer<typeof Dish>
export const TakeoutMenuQuery = z.object({ shop_id: Id })
export const TakeoutMenuAnswer = z.object({
  shop_id: z.number().int(),
  /** The menu's categories in order, each with its dishes' ids in order (the side menu). */
  categories: z.array(z.object({ name: z.string(), dish_ids: z.array(z.number().int()) })),
  dishes: z.array(Dish),
  /** The shopper's card's member rate on dishes (95 = 5 % off), never on fees; null without one. */
  member_rate: z.number().int().nullable(),
})
export type TakeoutMenuAnswer = z.infer<typeof TakeoutMenuAnswer>

export const TakeoutSearchQuery = PageQuery.merge(GeoQuery).extend({
  keyword: oneLine(z.string({ required_error: 'keyword is required' }).trim()).min(1, 'keyword is required').max(30, 'keyword is too long'),
  city_id: Id.optional(),
  /** Where the food goes, as the list takes it (needs a session): shops that deliver there first, the others after, `in_range: false`. */
  address_id: Id.optional(),
})
export const TakeoutSearchAnswer = pagedOf(
  TakeoutShop.extend({ dishes: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), image: z.string() })) }),
)

// The order's takeout view -------------------------------------------------------------------------------------

export const TAKEOUT_STEP_KEYS = ['paid', 'accepted', 'delivering', 'delivered', 'ready', 'picked_up'] as const
export const TakeoutStep = z.object({ key: z.enum(TAKEOUT_STEP_KEYS), state: z.enum(['done', 'current', 'todo']), at: z.string().nullable() })

/**
 * A takeout order's own state, beside its OrderInfo. `stage`: unpaid · awaiting_accept (paid; the store accepts, or
 * the timer refuses at `accept_by`) · accepted · ready (pickup) · delivering · delivered · picked_up · cancelled
 * (unpaid, cancelled) · refused (by the shopper's cancel, the store or the timer: `refusal`; refunding then
 * refunded) · refunding / refunded (a refund asked later).
 */
export const TakeoutView = z.object({
  mode: z.enum(TAKEOUT_MODES),
  status: z.number().int(),
  stage: z.enum(['unpaid', 'awaiting_accept', 'accepted', 'ready', 'delivering', 'delivered', 'picked_up', 'cancelled', 'refused', 'refunding', 'refunded']),
  steps: z.array(TakeoutStep),
  /** When the food reaches the door (delivery) or is ready (pickup): a slot, or the estimate made at ordering. */
  promised_at: z.string(),
  /** The slot asked for; null: as soon as possible. */
  scheduled_for: z.string().nullable(),
  /** Paid, not accepted: the timer refuses it then (a pre-order: counted from its slot's opening). */
  accept_by: z.string().nullable(),
  /** The store's number for it, given at acceptance ("A012"; the pickup number on a pickup order). */
  pickup_no: z.string().nullable(),
  /** The code the store verifies on collection (the QR code): the shopper's own pickup order, accepted, only. */
  pickup_code: z.string().nullable(),
  rider: z.object({ name: z.string(), phone: z.string() }).nullable(),
  refusal: z.object({ by: z.enum(['shopper', 'store', 'timer']), reason: z.string().nullable(), at: z.string() }).nullable(),
  shop: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  address: z.object({ name: z.string(), phone: z.string(), text: z.string() }).nullable(),
  tableware: z.number().int(),
  remark: z.string(),
  can_cancel: z.boolean(),
  can_confirm: z.boolean(),
  /** Epoch ms of the last move (a change feed can compare it); also every move is a row of the order's trail. */
  updated_at: z.number().int(),
})
export type TakeoutView = z.infer<typeof TakeoutView>

export const TakeoutOrderId = z.object({ id: Id })

// The shopper's order page (issue 39): where to collect it and whom to call, the money as lines, order again, rating.

/** The shop as the shopper of one of its orders reaches it: its phone in full, where it is (a pickup order is collected there; GCJ-02), its hours. */
export const TakeoutOrderShop = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  hours: z.array(OpeningPeriod),
})
export type TakeoutOrderShop = z.infer<typeof TakeoutOrderShop>

/**
 * The order's money as lines that add up: dishes + packing + delivery − discount − coupon = paid (cents).
 * `packing_fee` / `delivery_fee` are null on an order made before the two were kept apart: `fees` is their sum then.
 */
export const TakeoutMoney = z.object({
  /** The dishes at list price, options included (what the minimum order is judged on). */
  dishes: z.number().int(),
  packing_fee: z.number().int().nullable(),
  /** null also on a pickup order (no delivery). */
  delivery_fee: z.number().int().nullable(),
  fees: z.number().int(),
  /** What the membership card (and any discount) took off the dishes. */
  discount: z.number().int(),
  coupon: z.number().int(),
  paid: z.number().int(),
})
export type TakeoutMoney = z.infer<typeof TakeoutMoney>

/** One line to order again: the dish and its chosen options as ordered (the menu prices them now; a dish gone is left out). */
export const TakeoutAgainLine = z.object({ dish_id: z.number().int(), option_ids: z.array(z.number().int()), quantity: z.number().int() })
export type TakeoutAgainLine = z.infer<typeof TakeoutAgainLine>

/** The shopper's rating of the order: 1–5 stars and their own words (optional). Seen by the shopper and the store. */
export const TakeoutRating = z.object({ stars: z.number().int(), words: z.string().nullable(), at: z.string() })
export type TakeoutRating = z.infer<typeof TakeoutRating>

export const TakeoutOrderAnswer = z.object({
  /** With `refund` (the refund's timeline, null when none) as personal.order/read sends it. */
  info: OrderInfo,
  takeout: TakeoutView,
  shop: TakeoutOrderShop,
  money: TakeoutMoney,
  again: z.array(TakeoutAgainLine),
  /** The rider's number in full, for a call: the order's shopper, while it is out for delivery only (masked in `takeout.rider` always). */
  rider_phone: z.string().nullable(),
  rating: TakeoutRating.nullable(),
  /** Until when the shopper may rate it (finished, not rated, within TAKEOUT_RATE_DAYS); null: not now. */
  rate_until: z.string().nullable(),
})
export type TakeoutOrderAnswer = z.infer<typeof TakeoutOrderAnswer>

export const TakeoutRatePayload = z.object({
  id: Id,
  stars: z
    .number({ required_error: 'stars is required', invalid_type_error: 'stars must be a number' })
    .int('stars must be a whole number')
    .min(1, 'stars must be 1 to 5')
    .max(5, 'stars must be 1 to 5'),
  words: LongText('words', TAKEOUT_RATING_WORDS_MAX).optional(),
})

// The store's side ---------------------------------------------------------------------------------------------

export const StoreTakeoutQuery = PageQuery.extend({
  status: z.coerce
    .number({ invalid_type_error: 'status must be a number' })
    .int()
    .refine((s) => (Object.values(ORDER_STATUS) as number[]).includes(s), 'status is not an order status')
    .optional(),
  /** accept: paid and waiting for the store's acceptance · progress: accepted or out for delivery · done: completed, refused or refunded. */
  todo: z.enum(['accept', 'progress', 'done']).optional(),
})
export const StoreTakeoutAnswer = z.object({
  info: StoreOrder,
  takeout: TakeoutView,
  actions: z.array(OrderAction),
  /** The shopper's rating of the order (issue 39), null while none; always sent by the server (optional for the workbench's fixtures). */
  rating: TakeoutRating.nullable().optional(),
})
export const StoreTakeoutPage = pagedOf(z.object({ info: StoreOrder, takeout: TakeoutView }))
/** A reason from the store's list (`reason_code`, ./storeReasons.ts) or its own words (`reason`): exactly one (issue 39). */
export const StoreTakeoutRefuse = z.object({ id: Id, ...storeReasonFields(TAKEOUT_REFUSAL_REASONS) }).refine(oneStoreReason, ONE_STORE_REASON)
export const StoreTakeoutDispatch = z.object({
  id: Id,
  rider_name: ShortText('rider_name', 20).min(1, 'rider_name is required'),
  rider_phone: z.string().trim().regex(/^1\d{10}$/, 'rider_phone must be an 11-digit mainland mobile number'),
})
export const StoreTakeoutVerify = z.object({ code: z.string().trim().regex(/^\d{6,32}$/, 'code must be 6 to 32 digits') })
export const StoreTakeoutSettingsAnswer = z.object({
  shop: z.object({ id: z.number().int(), name: z.string() }),
  settings: TakeoutSettings,
  open: ShopOpenState,
  /** Minutes a paid order waits for acceptance before the timer refuses it. */
  accept_minutes: z.number().int(),
  dishes: z.array(z.object({ id: z.number().int(), category: z.string(), name: z.string(), price: z.number().int(), sold_out: z.boolean() })),
})
export const StoreTakeoutSoldOut = z.object({ dish_id: Id, sold_out: z.boolean({ required_error: 'sold_out is required' }) })
export const StoreTakeoutPause = z.object({ paused: z.boolean({ required_error: 'paused is required' }) })

/**
 * One line of a live-status stream (TAKEOUT_WATCH), as `data` of an envelope {code: 1, msg: 'ok', data} — one JSON
 * object and a newline per line. The lines signal, they do not carry the order: the client reads it again with
 * personal.takeout/read (or the store's list) when `changed_at` says something moved.
 * - hello: at once, when the stream opens. `changed_at`: the order's version now (the shopper's stream; null for the
 *   store's). A client that has shown an older version reads again.
 * - change: something moved. `changed_at` the order's new version (the shopper's); `ids` the store's orders that
 *   moved (the store's).
 * - ping: a heartbeat, nothing moved.
 * - end: the server is ending the stream (its lifetime is up, or it is shutting down); open the next one.
 */
export type TakeoutLiveEvent =
  | { type: 'hello'; changed_at: string | null }
  | { type: 'change'; changed_at: string | null; ids: number[] }
  | { type: 'ping' }
  | { type: 'end' }
