/** Shopper-facing data for the account, card and money screens (issue 4). */
import { z } from 'zod'
import { UserInfo } from './account'
import { Id, oneLine } from './common'
import { GeoQuery } from './geo'
import { PageQuery, pagedOf } from './paging'
import { ShopProfileView } from './shopProfile'

export const CardProduct = z.object({ id: z.number().int(), name: z.string(), level: z.number().int(), price: z.number().int(), days: z.number().int(), member_rate: z.number().int(), benefits: z.array(z.string()) })
export type CardProduct = z.infer<typeof CardProduct>
export const CardProductsAnswer = z.object({ list: z.array(CardProduct) })

export const UserCard = z.object({
  id: z.number().int(),
  card_no: z.string(),
  name: z.string(),
  level: z.number().int(),
  start_at: z.string(),
  end_at: z.string(),
  active: z.boolean(),
  /**
   * active · queued (starts later: a renewal) · expired · upgraded (ended early by a higher card) ·
   * suspended (its refund is requested: no member discount, the till code does not work) · void (refunded).
   */
  state: z.enum(['active', 'queued', 'expired', 'upgraded', 'suspended', 'void']),
  member_rate: z.number().int(),
  benefits: z.array(z.string()),
  /**
   * The card's till-code secret (hex), in its owner's answers only: the phone makes the rotating till code
   * from it with ./tillCode.ts (tillCode(id, till_secret, serverNow())). Always sent by the server.
   */
  till_secret: z.string().optional(),
})
export type UserCard = z.infer<typeof UserCard>
export const MyCardsAnswer = z.object({ list: z.array(UserCard) })

export const OrderCounts = z.object({ unpaid: z.number().int(), paid: z.number().int(), completed: z.number().int(), refund: z.number().int() })
export const ProfileAnswer = z.object({ user: UserInfo, card: UserCard.nullable(), order_counts: OrderCounts })
export type ProfileAnswer = z.infer<typeof ProfileAnswer>

export const Shop = z.object({
  id: z.number().int(),
  name: z.string(),
  class_id: z.number().int(),
  class_name: z.string(),
  city_id: z.number().int(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  rating: z.number(),
  discount_rate: z.number().int(),
  image: z.string(),
  intro: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Metres from the point the request gave (GeoQuery lat/lng); absent without one. */
  distance: z.number().int().optional(),
})
export type Shop = z.infer<typeof Shop>
/** With a point (lat and lng, GCJ-02) each shop has its `distance` and the list is nearest first (ties by id). */
export const ShopListQuery = PageQuery.merge(GeoQuery).extend({ class_id: Id.optional(), city_id: Id.optional(), keyword: oneLine(z.string().trim()).max(30, 'keyword is too long').optional() })
export const ShopReadQuery = GeoQuery.extend({ id: Id })
export const ShopPage = pagedOf(Shop)
/**
 * One shop; `profile` (issue 44): its photos, sanitised introduction, week's hours and open state on the server's clock
 * (./shopProfile.ts; always sent by the server, optional for older fixtures).
 */
export const ShopReadAnswer = z.object({ info: Shop, profile: ShopProfileView.optional() })

export const COUPON_TABS = ['available', 'used', 'expired'] as const
export const UserCoupon = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  title: z.string(),
  amount: z.number().int(),
  min_spend: z.number().int(),
  shop_id: z.number().int().nullable(),
  kind: z.string().nullable(),
  status: z.enum(['available', 'locked', 'used', 'expired']),
  expires_at: z.string(),
  /** A percentage coupon's percent off (`amount` is then the most it takes off); null: a value coupon (issue 44). Always sent; optional for old fixtures. */
  percent_off: z.number().int().nullable().optional(),
  /** A coupon of a window claimed before its first day: usable from then ("YYYY-MM-DD HH:mm:ss"); null: now (issue 44). */
  starts_at: z.string().nullable().optional(),
})
export type UserCoupon = z.infer<typeof UserCoupon>
export const CouponQuery = PageQuery.extend({ tab: z.enum(COUPON_TABS).default('available') })
export const CouponPage = pagedOf(UserCoupon)
export const ClaimableCoupon = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: z.number().int(),
  min_spend: z.number().int(),
  shop_id: z.number().int().nullable(),
  kind: z.string().nullable(),
  /** The asker holds as many as one person may (all the rest: optional for old fixtures, always sent — issue 44). */
  claimed: z.boolean(),
  percent_off: z.number().int().nullable().optional(),
  /** Each person may claim this many; the asker holds `mine`. */
  per_person: z.number().int().optional(),
  mine: z.number().int().optional(),
  /** Left to claim; null: unlimited. */
  left: z.number().int().nullable().optional(),
  /** Valid between two business days, or for `valid_days` from the claim. */
  valid_from: z.string().nullable().optional(),
  valid_to: z.string().nullable().optional(),
  valid_days: z.number().int().nullable().optional(),
})
export type ClaimableCoupon = z.infer<typeof ClaimableCoupon>
export const ClaimableAnswer = z.object({ list: z.array(ClaimableCoupon) })
export const ClaimPayload = z.object({ coupon_id: z.number({ invalid_type_error: 'coupon_id must be a number' }).int().positive() })
export const ClaimAnswer = z.object({ coupon: UserCoupon })
