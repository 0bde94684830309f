/**
 * The micro mall and parcels (issue 14): shapes of the calls in ./mallEndpoints.ts. zod for the server; the
 * client imports types only. Money is integer cents; times are business wall time "YYYY-MM-DD HH:mm:ss".
 */
import { z } from 'zod'
import { Id, oneLine, ShortText, shopperSays } from './common'
import { CARRIERS, PARCEL_STATES } from './mallEndpoints'
import { OrderInfo } from './order'
import { PageQuery, pagedOf } from './paging'

export const MallCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() })
export type MallCategory = z.infer<typeof MallCategory>
export const MallCategoryAnswer = z.object({ list: z.array(MallCategory) })

/** One choice of a product (size, colour…), with its own price, member price (card holders) and stock. */
export const MallSpec = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  member_price: z.number().int(),
  stock: z.number().int(),
})
export type MallSpec = z.infer<typeof MallSpec>

/** The store a product is sold (and shipped) by; `pickup`: it can also be collected there. */
export const MallStore = z.object({ id: z.number().int(), name: z.string(), address: z.string() })

/** A product in a grid: the lowest spec's prices, stock summed over specs. */
export const MallProduct = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  /**
   * The English name its merchant gave it, or null (issue 39): what English searches find, shown beside the name to a
   * shopper reading English (search results, the product's page). `name` stays as the merchant wrote it.
   */
  name_en: z.string().nullable(),
  /** One-line selling point. */
  subtitle: z.string(),
  image: z.string(),
  /** The struck-through market price. */
  list_price: z.number().int(),
  /** From: the lowest spec price. */
  price: z.number().int(),
  /** From: the lowest spec member price. */
  member_price: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  /** At most this many per order (quantity is also bounded by the spec's stock). */
  limit_per_order: z.number().int(),
})
export type MallProduct = z.infer<typeof MallProduct>

export const MallProductDetail = MallProduct.extend({
  images: z.array(z.string()),
  /** Paragraphs. */
  description: z.array(z.string()),
  specs: z.array(MallSpec),
  store: MallStore,
  /** It can be collected at `store` instead of shipped. */
  pickup: z.boolean(),
  /** Shipping fee in cents (0: free). */
  shipping_fee: z.number().int(),
})
export type MallProductDetail = z.infer<typeof MallProductDetail>

export const MallProductQuery = PageQuery.extend({
  category_id: Id.optional(),
  special_id: Id.optional(),
  keyword: oneLine(z.string().trim()).max(30, 'keyword is too long').optional(),
})
export type MallProductQuery = z.input<typeof MallProductQuery>
export const MallProductPage = pagedOf(MallProduct)
export const MallProductAnswer = z.object({ info: MallProductDetail })
export type MallProductAnswer = z.infer<typeof MallProductAnswer>

export const MallSpecial = z.object({ id: z.number().int(), title: z.string(), subtitle: z.string(), banner: z.string() })
export type MallSpecial = z.infer<typeof MallSpecial>
export const MallSpecialAnswer = z.object({ info: MallSpecial })

/** A gallery slide links to a product (vMall/detail) or a special (special/index). */
export const GallerySlide = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.object({ type: z.enum(['product', 'special']), id: z.number().int() }),
})
export type GallerySlide = z.infer<typeof GallerySlide>
export const GalleryAnswer = z.object({ list: z.array(GallerySlide) })

/** One tracking event. */
export const ParcelEvent = z.object({ state: z.enum(PARCEL_STATES), text: z.string(), at: z.string() })
export type ParcelEvent = z.infer<typeof ParcelEvent>

/** personal.order/logistics: the parcel of one of the shopper's orders (code 0 "no parcel yet" when not shipped). */
export const LogisticsAnswer = z.object({
  order: OrderInfo,
  carrier: z.enum(CARRIERS),
  /** The carrier's name in the shopper's language. */
  carrier_name: z.string(),
  tracking_no: z.string(),
  shipped_at: z.string(),
  state: z.enum(PARCEL_STATES),
  /** Newest first. */
  events: z.array(ParcelEvent),
  delivered_at: z.string().nullable(),
  /**
   * Not confirmed: it completes by itself at this time — AUTO_COMPLETE_DAYS after delivery, or, not tracked,
   * UNTRACKED_AUTO_COMPLETE_DAYS after it was shipped. Null when neither is known (a tracked parcel not delivered yet).
   */
  auto_complete_at: z.string().nullable(),
  /**
   * false: no tracking service reports where this parcel is (a production server without one): `events` holds only the
   * store's shipping, and the shopper looks the waybill number up with the carrier (issue 40).
   */
  tracked: z.boolean(),
  /** The shopper may confirm receipt now (shipped and not completed). */
  can_confirm: z.boolean(),
})
export type LogisticsAnswer = z.infer<typeof LogisticsAnswer>

export const OrderIdPayload = z.object({ id: Id })
export const ConfirmReceiptAnswer = z.object({ info: OrderInfo })

/** hui_shanghu.store_order/ship: a paid product order to be delivered goes out with a carrier's tracking number. */
export const ShipPayload = z.object({
  id: z.number({ required_error: 'id is required', invalid_type_error: 'id must be a number' }).int().positive(),
  carrier: z.enum(CARRIERS, { errorMap: () => ({ message: shopperSays('carrier_required') }) }),
  tracking_no: ShortText('tracking_no', 32).regex(/^[A-Za-z0-9]{6,32}$/, shopperSays('tracking_no_invalid')),
})
export type ShipPayload = z.input<typeof ShipPayload>
