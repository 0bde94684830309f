/**
 * Order and payment shapes (docs/product.md#payment). zod schemas used by the server to
 * validate, and the inferred types used by the client (always `import type` on the client, so zod is
 * never bundled into the app).
 */
import { z } from 'zod'
import { COMMON_REQUEST, lines, oneLine, shopperSays } from './common'
import { ORDER_KINDS, ORDER_TABS } from './constants'
import { REFUND_PHOTOS_MAX, REFUND_TEXT_MAX } from './orderRules'

export { ORDER_KINDS, ORDER_STATUS, ORDER_TABS, PAY_CHANNEL, type OrderStatus } from './constants'

/** Money is integer cents between client and server. */
export const Cents = z.number({ invalid_type_error: 'amount must be a number' }).int('amount must be whole cents').nonnegative('amount must not be negative')

export const OrderKind = z.enum(ORDER_KINDS)
export type OrderKind = z.infer<typeof OrderKind>


export const OrderItemInput = z.object({
  id: z.number().int().positive(),
  quantity: z.number().int().min(1).max(99),
  /** Takeout: the chosen options' ids (size, spice, extras), priced by the server (src/contract/takeout.ts DishOptionGroup). */
  option_ids: z.array(z.number().int().positive()).max(20).optional(),
})

/** One line of a mall order with several lines: a product's spec and how many. */
export const MallItemInput = z.object({
  product_id: z.number({ invalid_type_error: 'product_id must be a number' }).int().positive(),
  spec_id: z.number({ invalid_type_error: 'spec_id must be a number' }).int().positive(),
  quantity: z.number({ invalid_type_error: 'quantity must be a number' }).int().min(1).max(99),
}).strict()
export type MallItemInput = z.infer<typeof MallItemInput>

/** The fields every kind may carry. Payloads are strict: a field the client adds to every payload belongs here. */
const COMMON = {
  /** A coupon the shopper holds. */
  coupon_id: z.number().int().positive().optional(),
  /** Referral (added by the client to every payload when stored) and the shopper's language (to every payload). */
  ...COMMON_REQUEST,
}

const ShopId = z.number({ required_error: shopperSays('shop_required'), invalid_type_error: 'shop_id must be a number' }).int().positive()
/** bill / oil: the amount on the till, in cents. */
const TillAmount = z
  .number({ required_error: shopperSays('amount_required'), invalid_type_error: 'amount must be a number' })
  .int('amount must be whole cents')
  .nonnegative('amount must not be negative')
  .min(1, shopperSays('amount_required'))
  .max(10_000_000, 'amount is over the limit')

/** One kind's payload: exactly its fields and the common ones; a field of another kind is refused. */
const kindPayload = <K extends OrderKind, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z
    .object({ kind: z.literal(kind) })
    .extend(shape)
    .extend(COMMON)
    .strict(`not a field of ${kind} orders`)

const CardPayload = kindPayload('card', {
  /** The card product. */
  card_id: z.number({ required_error: shopperSays('card_required'), invalid_type_error: 'card_id must be a number' }).int().positive(),
})
const BillPayload = kindPayload('bill', {
  shop_id: ShopId,
  amount: TillAmount,
  /** The part of the amount no discount applies to, in cents. */
  undiscounted_amount: Cents.optional(),
})
const OilPayload = kindPayload('oil', {
  /** A station. */
  shop_id: ShopId,
  amount: TillAmount,
  oil_grade: oneLine(z.string({ required_error: shopperSays('oil_grade_required'), invalid_type_error: 'oil_grade must be text' })).min(1, shopperSays('oil_grade_required')).max(8),
  pump_no: z.number({ required_error: shopperSays('pump_required'), invalid_type_error: 'pump_no must be a number' }).int().min(1).max(99),
  /**
   * create: the price per litre (cents) the shopper was quoted. When the station's price differs now, create is
   * refused (code 0, data.price_moved: src/contract/fuel.ts) and the shopper confirms the new figure.
   */
  quoted_price: z.number({ invalid_type_error: 'quoted_price must be a number' }).int().positive().optional(),
})
const ProductPayload = kindPayload('product', {
  /** flash (default): a flash-sale product (seckill), collected at its store · mall: a micro-mall product. */
  source: z.enum(['flash', 'mall']).optional(),
  /** A flash-sale or mall product (source tells which). Required unless `items` is given (then not allowed). */
  product_id: z.number({ invalid_type_error: 'product_id must be a number' }).int().positive().optional(),
  /**
   * Mall, several products of one store in one order (the cart's checkout, issue 24): each spec and its quantity,
   * instead of product_id / spec_id / quantity. One address, one shipping fee; stock taken per spec at create.
   */
  items: z.array(MallItemInput).min(1, shopperSays('cart_empty')).max(50).optional(),
  /** Mall: the chosen spec (required for mall products; refused for flash sales). */
  spec_id: z.number({ invalid_type_error: 'spec_id must be a number' }).int().positive().optional(),
  /** 1 when not given. */
  quantity: z.number({ invalid_type_error: 'quantity must be a number' }).int().min(1).max(99).default(1),
  /** Mall: ship to `address_id`, or pick up at the product's store (only where the product allows it). */
  delivery: z.enum(['ship', 'pickup']).optional(),
  /** Mall, delivery ship: one of the shopper's own addresses. */
  address_id: z.number({ invalid_type_error: 'address_id must be a number' }).int().positive().optional(),
})
const TakeoutPayload = kindPayload('takeout', {
  shop_id: ShopId,
  /** Dishes with their chosen options. */
  items: z.array(OrderItemInput, { required_error: shopperSays('cart_empty') }).min(1, shopperSays('cart_empty')).max(50),
  /** delivery (default) or pickup (where the shop takes pickup orders). */
  mode: z.enum(['delivery', 'pickup']).optional(),
  /** Delivery: one of the shopper's own addresses (the server refuses one without it: delivery_address_required). */
  address_id: z.number({ invalid_type_error: 'address_id must be a number' }).int().positive().optional(),
  /** A time slot the shop offers ("YYYY-MM-DD HH:mm", takeout_shop/read `slots`); absent: as soon as possible. */
  slot: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'slot must be YYYY-MM-DD HH:mm').optional(),
  /** Sets of tableware (0: none, the default). */
  tableware: z.number({ invalid_type_error: 'tableware must be a number' }).int().min(0).max(20).optional(),
  /** The shopper's note to the shop: several lines allowed. */
  remark: lines(z.string()).max(200).optional(),
})

/** Every kind's payload schema, by kind (a kind added to ORDER_KINDS without one does not compile). */
const KIND_PAYLOADS = { card: CardPayload, bill: BillPayload, oil: OilPayload, product: ProductPayload, takeout: TakeoutPayload } satisfies Record<OrderKind, z.AnyZodObject>

/**
 * What the client sends to preCreate: a union on `kind`, each kind with exactly its fields. The server
 * prices it; the client never does.
 */
export const OrderPayload = z.discriminatedUnion('kind', [KIND_PAYLOADS.card, KIND_PAYLOADS.bill, KIND_PAYLOADS.oil, KIND_PAYLOADS.product, KIND_PAYLOADS.takeout])
export type OrderPayload = z.input<typeof OrderPayload>
export type CardOrderPayload = z.input<typeof CardPayload>
export type BillOrderPayload = z.input<typeof BillPayload>
export type OilOrderPayload = z.input<typeof OilPayload>
export type ProductOrderPayload = z.input<typeof ProductPayload>
export type TakeoutOrderPayload = z.input<typeof TakeoutPayload>

export const PriceLine = z.object({ label: z.string(), amount: z.number().int() })

/** A card order's effect, shown before paying (docs/api.md "Membership cards"). */
export const CardPlan = z.object({
  /** new: no card held · renew: same level, starts when the held card ends · upgrade: higher level, starts now. */
  mode: z.enum(['new', 'renew', 'upgrade']),
  start_at: z.string(),
  end_at: z.string(),
  /** Upgrade: the cards that end when it is paid (their end before). */
  replaces: z.array(z.object({ name: z.string(), end_at: z.string() })),
  /** Upgrade: what is left of them, credited (in the quote's discount_amount). */
  credit_amount: z.number().int(),
})
export type CardPlan = z.infer<typeof CardPlan>

/** A fuel order's figures (kind `oil`): in the quote and on the order. Prices are cents per litre. */
export const OilFigures = z.object({
  grade: z.string(),
  pump_no: z.number().int(),
  /** Litres the amount buys at the list price, 2 decimals. */
  litres: z.number(),
  /** List price per litre. */
  litre_price: z.number().int(),
  /** Per litre after the station's discount and the member discount. */
  member_litre_price: z.number().int(),
})
export type OilFigures = z.infer<typeof OilFigures>

/** preCreate answer: the server's price. All amounts in cents. */
export const PriceQuote = z.object({
  kind: OrderKind,
  title: z.string(),
  original_amount: z.number().int(),
  discount_amount: z.number().int(),
  member_discount_amount: z.number().int(),
  coupon_amount: z.number().int(),
  fee_amount: z.number().int(),
  pay_amount: z.number().int(),
  coupon_id: z.number().int().nullable(),
  lines: z.array(PriceLine),
  /** Card orders only. */
  card: CardPlan.optional(),
  /** Fuel orders only. */
  oil: OilFigures.optional(),
  /**
   * Bills on a discount day at a shop taking part, for a card member (issue 26, ./discountDay.ts): its own line — the
   * extra rate (percent paid) and what it took off (cents), after the shop's and the card's discounts. Not in
   * discount_amount nor member_discount_amount; pay_amount counts it.
   */
  discount_day: z.object({ day: z.string(), rate: z.number().int(), amount: z.number().int() }).optional(),
  /** Takeout orders only (issue 25): the fees and times the server priced. */
  takeout: z
    .object({
      mode: z.enum(['delivery', 'pickup']),
      /** Shop → address, metres (delivery). */
      distance: z.number().int().nullable(),
      /**
       * Where the distance was measured from (delivery; null: pickup, or an address with no point): `map` the address's
       * map pick; `district_centre` its district's centre (saved without a pick); `outside_district` the centre too,
       * because the pick lies outside the district (issue 43: coordinates are not taken on trust — Confirm says so).
       * Always sent by this server (optional in the type for answers built without it).
       */
      point: z.enum(['map', 'district_centre', 'outside_district']).nullable().optional(),
      delivery_fee: z.number().int(),
      packing_fee: z.number().int(),
      /** Dishes at list price (with options): what the minimum order is judged on. */
      dishes_amount: z.number().int(),
      /** About when it arrives (delivery) or is ready (pickup), or the slot. */
      promised_at: z.string(),
      /** A closed shop's pre-order: the slot's opening, when the store starts (and the timer counts). */
      preorder_opens_at: z.string().nullable(),
    })
    .optional(),
})
export type PriceQuote = z.infer<typeof PriceQuote>

const RequestId = {
  /** Makes create idempotent: the same id from the same shopper returns the same order. */
  client_request_id: oneLine(z.string()).min(8).max(64),
}
/** What the client sends to create: the preCreate payload of its kind and client_request_id. */
export const CreatePayload = z.discriminatedUnion('kind', [
  KIND_PAYLOADS.card.extend(RequestId),
  KIND_PAYLOADS.bill.extend(RequestId),
  KIND_PAYLOADS.oil.extend(RequestId),
  KIND_PAYLOADS.product.extend(RequestId),
  KIND_PAYLOADS.takeout.extend(RequestId),
])
export type CreatePayload = z.input<typeof CreatePayload>

/**
 * What an order bought, one line per thing (My orders, Order detail): a product with its spec, a card with its
 * level, a bill with its shop, fuel with its grade, dishes. `price` is the unit price before the order's discounts (a flash sale's is its sale price: the sale is the
 * price, not a discount).
 */
export const OrderLine = z.object({
  name: z.string(),
  /** Spec (mall), level (card), grade (fuel); null when none. */
  spec: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  /** The price before a flash sale, when the sale's price (`price`, what the shopper paid) is lower; shown struck through. */
  list_price: z.number().int().optional(),
  image: z.string().nullable(),
})
export type OrderLine = z.infer<typeof OrderLine>

/**
 * One fee of an order, named as it was charged (issue 39): takeout's `delivery` and `packing` apart (a pickup order:
 * packing only), a mall order's `shipping`; `delivery_packing` for a takeout order from before they were kept apart.
 */
export const ORDER_FEE_KINDS = ['delivery', 'packing', 'shipping', 'delivery_packing'] as const
export const OrderFee = z.object({ kind: z.enum(ORDER_FEE_KINDS), amount: z.number().int() })
export type OrderFee = z.infer<typeof OrderFee>

/** Where a picked-up order is collected (flash sales; mall orders picked up): the store, its hours and where it is (a map). */
export const OrderPickup = z.object({
  shop_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  lat: z.number(),
  lng: z.number(),
})
export type OrderPickup = z.infer<typeof OrderPickup>

/** How a product order reaches the shopper: shipped to the address as it was when ordered, or picked up at the store. */
export const OrderDelivery = z.object({
  mode: z.enum(['ship', 'pickup']),
  address: z.object({ name: z.string(), phone: z.string(), text: z.string() }).nullable(),
})
export type OrderDelivery = z.infer<typeof OrderDelivery>

/** A shipped order's parcel, in short (the timeline is personal.order/logistics). */
export const OrderParcel = z.object({
  carrier_name: z.string(),
  tracking_no: z.string(),
  shipped_at: z.string(),
  /** src/contract/mallEndpoints.ts PARCEL_STATES. */
  state: z.enum(['shipped', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'received']),
  /** Its latest event's text. */
  latest: z.string(),
})
export type OrderParcel = z.infer<typeof OrderParcel>

/**
 * Where the shopper's refund request stands (the latest request of the order; docs/api.md "The order lifecycle"):
 * awaiting_store (asked; the store answers, or it is approved by itself at auto_approve_at) · awaiting_provider
 * (approved by the store or the timer; the money is on its way back) · refunded · refused (the store's reason;
 * the shopper may ask again while the order allows a refund) · withdrawn (the shopper took it back; may ask again).
 */
export const REFUND_PROGRESS = ['awaiting_store', 'awaiting_provider', 'refunded', 'refused', 'withdrawn'] as const
export type RefundProgress = (typeof REFUND_PROGRESS)[number]
/**
 * One step of the refund's timeline, in order; its words are the app's (ordersWords `refund.step.*`). A takeout order
 * cancelled before the store accepted it (by the shopper, the store or the timer) is refunded at once: its steps are
 * cancelled → on_its_way → refunded, no request and no store's answer.
 */
export const REFUND_STEPS = ['asked', 'awaiting_store', 'approved', 'on_its_way', 'refunded', 'refused', 'withdrawn', 'cancelled'] as const
export type RefundStepKey = (typeof REFUND_STEPS)[number]
/**
 * Where the money goes back: the payment's way, as it was paid — wechat (WeChat Pay, channel 8), sandbox (the
 * reference server's cashier, channel 6), none (nothing was paid: a card paid entirely by an upgrade's credit).
 */
export const REFUND_DESTINATIONS = ['wechat', 'alipay', 'sandbox', 'none'] as const
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number]

export const RefundStep = z.object({
  key: z.enum(REFUND_STEPS),
  /** done: reached · current: in progress now · todo: still to come. */
  state: z.enum(['done', 'current', 'todo']),
  /** When it was reached (business wall time); null while it is not, or when it has no time of its own. */
  at: z.string().nullable(),
})
export type RefundStep = z.infer<typeof RefundStep>

export const OrderRefund = z.object({
  state: z.enum(REFUND_PROGRESS),
  /** The shopper's reason (null after the account's words were erased). */
  reason: z.string().nullable(),
  /** The shopper's own words beside the reason (issue 39; null when none, or erased with the account). */
  detail: z.string().nullable(),
  /** Photos the shopper added (`/uploads/…`, at most REFUND_PHOTOS_MAX; empty when none, or erased with the account). */
  photos: z.array(z.string()),
  asked_at: z.string().nullable(),
  /** awaiting_store: the time it is approved by itself if the store does not answer (the server's REFUND_AUTO_APPROVE_HOURS). */
  auto_approve_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** Who approved it: the store, or the timer (nobody answered in time). */
  approved_by: z.enum(['store', 'timer']).nullable(),
  /** Cents given back: the whole order. */
  amount: z.number().int(),
  refunded_at: z.string().nullable(),
  to: z.enum(REFUND_DESTINATIONS),
  /** refused: the store's reason and when. */
  refused: z.object({ reason: z.string(), at: z.string() }).nullable(),
  withdrawn_at: z.string().nullable(),
  /** awaiting_provider: the payment provider could not refund yet; it is being settled (the money still comes back). */
  delayed: z.boolean(),
  /** The request can be withdrawn (personal.order/cancelRefund): only while it waits for the store. */
  can_withdraw: z.boolean(),
  /** A new request can be made (refused or withdrawn, and the order still allows a refund). */
  can_ask_again: z.boolean(),
  steps: z.array(RefundStep),
})
export type OrderRefund = z.infer<typeof OrderRefund>

export const OrderInfo = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: OrderKind,
  title: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  order_status: z.number().int(),
  original_amount: z.number().int(),
  discount_amount: z.number().int(),
  coupon_amount: z.number().int(),
  fee_amount: z.number().int(),
  pay_amount: z.number().int(),
  create_time: z.string(),
  pay_time: z.string().nullable(),
  /** Unpaid orders are cancelled automatically at this time. */
  expire_time: z.string().nullable(),
  /**
   * The store's last refusal of a refund request (the order went back to where it was), with its reason; null
   * when none or when a new request was made since. Always sent by the server (optional only for old fixtures).
   */
  refund_rejection: z.object({ reason: z.string(), at: z.string() }).nullable().optional(),
  /**
   * The latest refund request's timeline (null when none was ever made). Sent by personal.order/read, index,
   * refund and cancelRefund; optional only for old fixtures and answers that do not carry it.
   */
  refund: OrderRefund.nullable().optional(),
  /** Fuel orders: grade, pump, litres and the prices per litre they were sold at. */
  oil: OilFigures.optional(),
  /** What was bought (always sent by the server; optional only for old fixtures). */
  lines: z.array(OrderLine).optional(),
  /** Mall product orders: shipped or picked up (null for every other order). */
  delivery: OrderDelivery.nullable().optional(),
  /** Shipped orders: the parcel (null until shipped). */
  parcel: OrderParcel.nullable().optional(),
  /** Orders collected at a store (flash sales, mall orders picked up): the store; null for every other order. */
  pickup: OrderPickup.nullable().optional(),
  /** The fees making up `fee_amount`, each named (none when it is 0; always sent by the server, optional only for old fixtures). */
  fees: z.array(OrderFee).optional(),
})
export type OrderInfo = z.infer<typeof OrderInfo>

export const CreateAnswer = z.object({ order_info: OrderInfo })
export type CreateAnswer = z.infer<typeof CreateAnswer>


export const PayparamPayload = z.object({
  id: z.number().int().positive(),
  /** 'weapp' | 'h5' — which platform asks. */
  platform: z.enum(['weapp', 'h5']),
  pay_channel: z.union([z.literal(6), z.literal(8)]).optional(),
  /** H5 inside WeChat: the stored h5_wx_gzh_openid. */
  wx_gzh_openid: oneLine(z.string()).max(128).optional(),
  /** Alipay client. */
  alipay: z.boolean().optional(),
  /** Alipay's browser: the buyer's open_id (auth_base: alipay/getAuthUrl → alipay/getOpenId; stored as h5_alipay_open_id). */
  alipay_open_id: oneLine(z.string()).max(128).optional(),
  /** H5 in a plain browser: what the shopper picked on the payment sheet (WeChat Pay's H5 or Native payment, Alipay's WAP page). */
  pay_method: z.enum(['wechat', 'alipay']).optional(),
  success_url: oneLine(z.string()).max(500).optional(),
  fail_url: oneLine(z.string()).max(500).optional(),
  share_user_user_id: COMMON_REQUEST.share_user_user_id,
})
export type PayparamPayload = z.input<typeof PayparamPayload>

/** WeChat Pay JSAPI parameters (`pay_param.payInfo`). */
export const WxPayInfo = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
})
export type WxPayInfo = z.infer<typeof WxPayInfo>

export const PayparamAnswer = z.object({
  /** 1: already paid — show "payment success" and go on. */
  pay_state: z.union([z.literal(0), z.literal(1)]),
  pay_param: z.object({
    /** Channel 8 / mini-program: JSAPI parameters. */
    payInfo: WxPayInfo.nullable(),
    /** Channel 6: the cashier page to redirect to. */
    pay_url: z.string().nullable(),
    /** Alipay client: trade number. */
    tradeNO: z.string().nullable(),
    /** A desktop browser paying with WeChat Pay: the Native payment's code_url, shown as a QR code to scan with WeChat. */
    code_url: z.string().nullable().optional(),
  }),
  expend: z.object({ pay_info: z.string() }),
})
export type PayparamAnswer = z.infer<typeof PayparamAnswer>

export const ReadPayload = z.object({ id: z.coerce.number({ invalid_type_error: 'id must be a number' }).int().positive('id must be positive') })
export type ReadPayload = z.input<typeof ReadPayload>
export const ReadAnswer = z.object({ info: OrderInfo })
export type ReadAnswer = z.infer<typeof ReadAnswer>

/** My orders: tab filter by status group, paged. */
export const OrderListQuery = z.object({
  tab: z.enum(ORDER_TABS).default('all'),
  kind: OrderKind.optional(),
  page: z.coerce.number({ invalid_type_error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  page_size: z.coerce.number({ invalid_type_error: 'page_size must be a number' }).int().min(1).max(50).default(10),
})
export type OrderListQuery = z.input<typeof OrderListQuery>
export const OrderListAnswer = z.object({ list: z.array(OrderInfo), total: z.number().int(), page: z.number().int(), page_size: z.number().int() })
export type OrderListAnswer = z.infer<typeof OrderListAnswer>

/**
 * A refund request: one of the sheet's reasons (or, from older apps, the shopper's own words as the reason), the
 * shopper's detail (optional, except for "Other": refund_detail_required) and up to REFUND_PHOTOS_MAX photos they
 * uploaded (index/uploadPic; another's or a made-up address: refund_photo_invalid).
 */
export const RefundPayload = z.object({
  id: z.number({ invalid_type_error: 'id must be a number' }).int().positive(),
  reason: oneLine(z.string({ invalid_type_error: 'reason must be text' }).trim()).min(1, 'please give a reason').max(REFUND_TEXT_MAX, 'reason is too long (max 200)'),
  detail: lines(z.string({ invalid_type_error: 'detail must be text' }).trim()).max(REFUND_TEXT_MAX, 'detail is too long (max 200)').optional(),
  photos: z.array(oneLine(z.string({ invalid_type_error: 'photos must be addresses' })).max(200), { invalid_type_error: 'photos must be a list' }).max(REFUND_PHOTOS_MAX, 'at most 3 photos').optional(),
})
export const RefundAnswer = z.object({ info: OrderInfo })

export const VerificationAnswer = z.object({
  /** Shown as a QR code and as digits at the till. */
  code: z.string(),
  used: z.boolean(),
  info: OrderInfo,
})
export type VerificationAnswer = z.infer<typeof VerificationAnswer>

export const CancelPayload = z.object({ id: z.number({ invalid_type_error: 'id must be a number' }).int().positive() })
/** personal.order/payResult: the order whose payment the server asks its provider about (after a return from paying outside the app). */
export const PayResultPayload = z.object({ id: z.number({ invalid_type_error: 'id must be a number' }).int().positive() })
export type PayResultPayload = z.input<typeof PayResultPayload>
