/**
 * A merchant runs their own shop (issue 44): shapes of the calls in ./storeShopEndpoints.ts — the menu editor, the
 * delivery settings, the shop's coupons, the change history. zod for the server; the client imports types only. Each
 * field's problem answers as its own reason (./reasons.ts), the same check the screens run as the owner types
 * (./storeShopEndpoints.ts dishProblem, deliveryProblem, couponProblem). Money in cents.
 */
import { z } from 'zod'
import { Id, lines, oneLine, shopperSays } from './common'
import type { Reason } from './reasons'
import { PageQuery, pagedOf } from './paging'
import { StoreShop } from './store'
import { STAFF_ROLES } from './storeStaff'
import {
  COUPON_STATES,
  COUPON_USES,
  COUPON_VALIDITY,
  COUPON_VALUE_TYPES,
  HHMM_PATTERN,
  MOVE_DIRECTIONS,
  SHOP_CHANGE_KINDS,
  couponProblem,
  deliveryProblem,
  dishProblem,
  categoryProblem,
} from './storeShopEndpoints'
import { TakeoutSettings } from './takeout'

const int = (reason: Reason) => z.number({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).int(shopperSays(reason))
/** A one-line text the owner types (names, titles): no control characters, bidi overrides or newlines (issue 43, ./common.ts). */
const text = (reason: Reason) => oneLine(z.string({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).trim())
/** A whole value a pattern spells out (an HH:mm time, a YYYY-MM-DD day): nothing else gets in. */
const format = (pattern: RegExp, reason: Reason) => z.string({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).trim().regex(pattern, shopperSays(reason))
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const flag = (reason: Reason) => z.boolean({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) })
/** The first problem of a draft as the issue's message: answered as that reason. */
const refusedBy =
  <T>(check: (v: T) => Reason | null) =>
  (v: T, ctx: z.RefinementCtx) => {
    const problem = check(v)
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem })
  }

// The menu as the workbench edits it -------------------------------------------------------------------------------

export const EditorOption = z.object({ id: z.number().int(), name: z.string(), price: z.number().int() })
export const EditorOptionGroup = z.object({ id: z.number().int(), name: z.string(), required: z.boolean(), max: z.number().int(), options: z.array(EditorOption) })

export const EditorDish = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The picture's address ('' none). */
  image: z.string(),
  price: z.number().int(),
  /** Per piece, on top of the shop's packing fee per order. */
  packing_fee: z.number().int(),
  /** Pieces a day (the business day); null: unlimited. */
  daily_stock: z.number().int().nullable(),
  /** Left today of the daily stock; null: unlimited. */
  stock_left: z.number().int().nullable(),
  /** Marked sold out by the store (staff may too). */
  sold_out: z.boolean(),
  /** The member price at each card level on sale, as the server prices a card holder's dish (options at the same rate). */
  member_prices: z.array(z.object({ level: z.number().int(), name: z.string(), rate: z.number().int(), price: z.number().int() })),
  monthly_sales: z.number().int(),
  option_groups: z.array(EditorOptionGroup),
})
export type EditorDish = z.infer<typeof EditorDish>

export const MenuEditorAnswer = z.object({
  shop: StoreShop,
  /** The owner changes the menu; staff read it (and mark dishes sold out on the takeout settings screen). */
  can_edit: z.boolean(),
  /** Takeout's settings and the takeout category the shop is listed under; null: takeout not set up yet. */
  takeout: z.object({ category_id: z.number().int(), settings: TakeoutSettings }).nullable(),
  /** The categories a takeout shop can be listed under (in the asker's language). */
  takeout_categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The menu's categories in order, each with its dishes in order. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), dish_ids: z.array(z.number().int()) })),
  dishes: z.array(EditorDish),
})
export type MenuEditorAnswer = z.infer<typeof MenuEditorAnswer>
/** A write's answer: the menu as it now is, and the row the write made or changed (0 when it removed one). */
export const MenuWriteAnswer = MenuEditorAnswer.extend({ saved_id: z.number().int() })
export type MenuWriteAnswer = z.infer<typeof MenuWriteAnswer>

export const CategorySave = z.object({ id: Id.optional(), name: text('menu_category_name_invalid') }).superRefine(refusedBy((c) => categoryProblem(c.name)))
export const MenuId = z.object({ id: Id })
export const MenuMove = z.object({ id: Id, direction: z.enum(MOVE_DIRECTIONS, { errorMap: () => ({ message: 'direction must be up or down' }) }) })

const OptionSave = z.object({ id: Id.optional(), name: text('menu_option_invalid'), price: int('menu_option_invalid') })
const OptionGroupSave = z.object({
  id: Id.optional(),
  name: text('menu_option_group_invalid'),
  required: flag('menu_option_group_invalid'),
  max: int('menu_option_max_invalid'),
  options: z.array(OptionSave, { invalid_type_error: shopperSays('menu_option_group_invalid') }),
})
export const DishSave = z
  .object({
    id: Id.optional(),
    category_id: Id,
    name: text('menu_dish_name_invalid'),
    price: int('menu_dish_price_invalid'),
    packing_fee: int('menu_dish_packing_invalid').default(0),
    daily_stock: int('menu_dish_stock_invalid').nullable().default(null),
    /** Several lines by design: a newline is kept (docs/api.md "Text fields"). */
    description: lines(z.string({ invalid_type_error: shopperSays('menu_dish_description_invalid') })).default(''),
    /** A picture the owner uploaded (index/uploadPic), or the dish's own; '' none. */
    image: oneLine(z.string({ invalid_type_error: shopperSays('menu_dish_image_invalid') }).trim()).max(200, shopperSays('menu_dish_image_invalid')).default(''),
    option_groups: z.array(OptionGroupSave, { invalid_type_error: shopperSays('menu_option_group_invalid') }).default([]),
  })
  .superRefine(refusedBy(dishProblem))
export type DishSave = z.input<typeof DishSave>

export const DeliverySave = z
  .object({
    /** The takeout category the shop is listed under. */
    category_id: z.number({ required_error: shopperSays('takeout_category_invalid'), invalid_type_error: shopperSays('takeout_category_invalid') }).int().positive(shopperSays('takeout_category_invalid')),
    hours: z.array(z.object({ open: format(HHMM_PATTERN, 'takeout_hours_invalid'), close: format(HHMM_PATTERN, 'takeout_hours_invalid') }), { invalid_type_error: shopperSays('takeout_hours_invalid'), required_error: shopperSays('takeout_hours_invalid') }),
    radius_m: int('takeout_radius_invalid'),
    fee_tiers: z.array(z.object({ up_to_m: int('takeout_fee_tiers_invalid'), fee: int('takeout_fee_tiers_invalid') }), { invalid_type_error: shopperSays('takeout_fee_tiers_invalid') }),
    packing_fee: int('takeout_packing_invalid'),
    min_order: int('takeout_min_order_invalid'),
    prep_minutes: int('takeout_prep_invalid'),
    pickup: flag('invalid_request'),
  })
  .superRefine(refusedBy(deliveryProblem))
export type DeliverySave = z.input<typeof DeliverySave>

// Coupons -----------------------------------------------------------------------------------------------------------

export const ShopCoupon = z.object({
  id: z.number().int(),
  title: z.string(),
  value_type: z.enum(COUPON_VALUE_TYPES),
  /** The value off, or a percentage coupon's cap (cents). */
  amount: z.number().int(),
  /** Percent off (a percentage coupon), else null. */
  percent_off: z.number().int().nullable(),
  min_spend: z.number().int(),
  use_at: z.enum(COUPON_USES),
  /** How many may be claimed in all. */
  quantity: z.number().int().nullable(),
  per_person: z.number().int(),
  validity: z.enum(COUPON_VALIDITY),
  /** A window's first and last day ("YYYY-MM-DD"), else null. */
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  /** Days from the claim, else null. */
  valid_days: z.number().int().nullable(),
  claimed: z.number().int(),
  used: z.number().int(),
  /** issuing · stopped (by the owner) · claimed_out (none left) · ended (its window is over). */
  state: z.enum(COUPON_STATES),
  created_at: z.string().nullable(),
  stopped_at: z.string().nullable(),
})
export type ShopCoupon = z.infer<typeof ShopCoupon>
export const ShopCouponList = z.object({ shop: StoreShop, list: z.array(ShopCoupon) })
export type ShopCouponList = z.infer<typeof ShopCouponList>

export const CouponSave = z
  .object({
    title: text('coupon_title_invalid'),
    value_type: z.enum(COUPON_VALUE_TYPES, { errorMap: () => ({ message: shopperSays('coupon_amount_invalid') }) }),
    amount: int('coupon_amount_invalid'),
    percent_off: int('coupon_percent_invalid').nullable().default(null),
    min_spend: int('coupon_min_spend_invalid').default(0),
    use_at: z.enum(COUPON_USES, { errorMap: () => ({ message: shopperSays('coupon_use_invalid') }) }),
    quantity: int('coupon_quantity_invalid'),
    per_person: int('coupon_per_person_invalid').default(1),
    validity: z.enum(COUPON_VALIDITY, { errorMap: () => ({ message: shopperSays('coupon_validity_invalid') }) }),
    valid_from: format(DAY_PATTERN, 'coupon_validity_invalid').nullable().default(null),
    valid_to: format(DAY_PATTERN, 'coupon_validity_invalid').nullable().default(null),
    valid_days: int('coupon_validity_invalid').nullable().default(null),
  })
export type CouponSave = z.input<typeof CouponSave>
/** The business day is the server's: couponProblem(…, today) runs in the route, after the shape is read. */
export const CouponSaveAnswer = ShopCouponList.extend({ saved_id: z.number().int() })
export const CouponId = z.object({ id: Id })
export { couponProblem }

// The change history ------------------------------------------------------------------------------------------------

/** One field's value before and after (null: not set, or the row did not exist / no longer does). */
const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()])
export const ShopChange = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: nickname, masked phone, role at the time. */
  by: z.object({ user_id: z.number().int(), nickname: z.string(), phone: z.string(), role: z.enum(STAFF_ROLES) }),
  kind: z.enum(SHOP_CHANGE_KINDS),
  /** What it was done to: a dish's, category's or coupon's name ('' for the shop's settings). */
  subject: z.string(),
  /** The fields that changed, each before and after. */
  fields: z.array(z.object({ field: z.string(), before: FieldValue, after: FieldValue })),
})
export type ShopChange = z.infer<typeof ShopChange>
export const ShopChangePage = pagedOf(ShopChange)
export const ShopChangeQuery = PageQuery
