/**
 * A merchant runs their own shop (issue 44): the takeout menu, the delivery settings, the shop's coupons and the change
 * history, from the store workbench. Rules in docs/api.md "The shop's menu, coupons and change history". Shapes are in
 * ./storeShop.ts.
 *
 * Their own table, not ENDPOINTS or STORE_ENDPOINTS: only the workbench's menu, coupon and history screens make these
 * calls (the store sub-package), so neither Home's first load nor the workbench's other screens carry them. Runtime
 * values (no zod): the limits and checks below are read by the zod schemas (./storeShop.ts) AND by the screens as the
 * owner types (src/features/storeShop/), so both sides apply one set of rules, refusing with the same reasons.
 */
import type { Reason } from './reasons'

// The table is generated from the definitions in ./api/storeShop.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { STORE_SHOP_ENDPOINTS, type StoreShopEndpointPath } from './generated/storeShopEndpoints'

/** Up or down one place (the editor's arrows; drag is not offered: arrows work with a keyboard and a screen reader). */
export const MOVE_DIRECTIONS = ['up', 'down'] as const
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number]

/** The menu's bounds (cents for money; lengths after trimming). */
export const MENU_LIMITS = {
  categories: 30,
  dishes: 300,
  categoryName: { min: 1, max: 12 },
  dishName: { min: 1, max: 30 },
  description: 200,
  /** ¥0.01–¥10,000. */
  price: { min: 1, max: 1_000_000 },
  /** Per piece, ¥0–¥20. */
  packingFee: { min: 0, max: 2_000 },
  /** Pieces a day; null: unlimited. */
  dailyStock: { min: 1, max: 9_999 },
  groups: 5,
  groupName: { min: 1, max: 10 },
  options: { min: 1, max: 12 },
  optionName: { min: 1, max: 12 },
  /** ¥0–¥1,000 on top of the dish. */
  optionPrice: { min: 0, max: 100_000 },
} as const

/** Takeout's delivery settings' bounds. */
export const DELIVERY_LIMITS = {
  /** 0: no limit (the last fee tier applies beyond the tiers). */
  radius_m: { min: 0, max: 20_000 },
  tiers: { min: 1, max: 5 },
  tierDistance: { min: 100, max: 20_000 },
  tierFee: { min: 0, max: 5_000 },
  packingFee: { min: 0, max: 2_000 },
  minOrder: { min: 0, max: 100_000 },
  prepMinutes: { min: 5, max: 120 },
  periods: { min: 1, max: 3 },
} as const

/** "HH:mm" from 00:00 to 24:00 (24:00 only as a closing time). */
export const HHMM_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/

/** A shop's coupon: a value (cents off) or a percentage off with a cap; where it is used; how it is valid. */
export const COUPON_VALUE_TYPES = ['amount', 'percent'] as const
export type CouponValueType = (typeof COUPON_VALUE_TYPES)[number]
/** Pay a bill, takeout, or both (decided 2026-12-06: docs/features.md). */
export const COUPON_USES = ['bill', 'takeout', 'both'] as const
export type CouponUse = (typeof COUPON_USES)[number]
/** From a date to a date, or a number of days from the claim. */
export const COUPON_VALIDITY = ['window', 'days'] as const
export type CouponValidity = (typeof COUPON_VALIDITY)[number]
export const COUPON_STATES = ['issuing', 'stopped', 'claimed_out', 'ended'] as const
export type CouponState = (typeof COUPON_STATES)[number]

export const COUPON_LIMITS = {
  title: { min: 2, max: 20 },
  /** A value coupon's value, or a percentage coupon's cap: ¥0.01–¥1,000. */
  amount: { min: 1, max: 100_000 },
  /** Percent off: 1–90. */
  percent: { min: 1, max: 90 },
  minSpend: { min: 0, max: 1_000_000 },
  quantity: { min: 1, max: 100_000 },
  perPerson: { min: 1, max: 10 },
  days: { min: 1, max: 365 },
  /** A window of at most this many days. */
  windowDays: 366,
} as const

/** The smallest payment a provider takes (1 fen): a coupon never leaves less to pay (docs/api.md "Coupons"). */
export const PAY_MIN_CENTS = 1

/** What a change of the shop recorded (the history's list; who, when, before and after). */
export const SHOP_CHANGE_KINDS = [
  'category_added',
  'category_renamed',
  'category_deleted',
  'category_moved',
  'dish_added',
  'dish_changed',
  'dish_deleted',
  'dish_moved',
  'dish_sold_out',
  'dish_back',
  'delivery_changed',
  'takeout_paused',
  'takeout_resumed',
  'coupon_issued',
  'coupon_stopped',
  // The shop's profile (server/domain/store/profile.ts).
  'profile_rename_requested',
  'profile_contact_changed',
  'profile_hours_changed',
  'profile_photos_changed',
  'profile_intro_changed',
] as const
export type ShopChangeKind = (typeof SHOP_CHANGE_KINDS)[number]

/** The fields a change shows before and after (money fields in cents). */
export const SHOP_CHANGE_MONEY_FIELDS = ['price', 'packing_fee', 'min_order', 'amount', 'min_spend'] as const

// The checks both sides run -------------------------------------------------------------------------------------

const chars = (s: string) => [...s.trim()].length
const within = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max

export interface OptionGroupDraft {
  name: string
  required: boolean
  max: number
  options: Array<{ name: string; price: number }>
}

export interface DishDraft {
  name: string
  price: number
  packing_fee: number
  daily_stock: number | null
  description: string
  option_groups: OptionGroupDraft[]
}

/** A category's name: why it cannot be saved, or null. */
export const categoryProblem = (name: string): Reason | null => (within(chars(name), MENU_LIMITS.categoryName) ? null : 'menu_category_name_invalid')

/** One option group: why it cannot be saved, or null. */
export function optionGroupProblem(g: OptionGroupDraft): Reason | null {
  if (!within(chars(g.name), MENU_LIMITS.groupName) || !within(g.options.length, MENU_LIMITS.options)) return 'menu_option_group_invalid'
  if (g.options.some((o) => !within(chars(o.name), MENU_LIMITS.optionName) || !within(o.price, MENU_LIMITS.optionPrice))) return 'menu_option_invalid'
  if (new Set(g.options.map((o) => o.name.trim())).size !== g.options.length) return 'menu_option_invalid'
  if (!Number.isInteger(g.max) || g.max < 1 || g.max > g.options.length) return 'menu_option_max_invalid'
  return null
}

/** A dish: every field that cannot be saved, each by its reason, in the form's order (the screen shows each under its field). */
export function dishProblems(d: DishDraft): Reason[] {
  const out: Reason[] = []
  if (!within(chars(d.name), MENU_LIMITS.dishName)) out.push('menu_dish_name_invalid')
  if (!within(d.price, MENU_LIMITS.price)) out.push('menu_dish_price_invalid')
  if (!within(d.packing_fee, MENU_LIMITS.packingFee)) out.push('menu_dish_packing_invalid')
  if (d.daily_stock !== null && !within(d.daily_stock, MENU_LIMITS.dailyStock)) out.push('menu_dish_stock_invalid')
  if (chars(d.description) > MENU_LIMITS.description) out.push('menu_dish_description_invalid')
  const options =
    d.option_groups.length > MENU_LIMITS.groups
      ? 'menu_option_groups_limit'
      : (d.option_groups.map(optionGroupProblem).find((p) => p !== null) ??
        (new Set(d.option_groups.map((g) => g.name.trim())).size !== d.option_groups.length ? 'menu_option_group_invalid' : null))
  if (options) out.push(options)
  return out
}

/** A dish: the first field that cannot be saved (its reason), or null — what the server answers. */
export const dishProblem = (d: DishDraft): Reason | null => dishProblems(d)[0] ?? null

export interface DeliveryDraft {
  hours: Array<{ open: string; close: string }>
  radius_m: number
  fee_tiers: Array<{ up_to_m: number; fee: number }>
  packing_fee: number
  min_order: number
  prep_minutes: number
}

/** Takeout's delivery settings: the first field that cannot be saved (its reason), or null. */
export function deliveryProblem(d: DeliveryDraft): Reason | null {
  const L = DELIVERY_LIMITS
  if (!within(d.hours.length, L.periods) || d.hours.some((h) => !HHMM_PATTERN.test(h.open) || !HHMM_PATTERN.test(h.close) || h.open === '24:00' || h.open === h.close)) return 'takeout_hours_invalid'
  if (!within(d.radius_m, L.radius_m)) return 'takeout_radius_invalid'
  if (!within(d.fee_tiers.length, L.tiers) || d.fee_tiers.some((t, i) => !within(t.up_to_m, L.tierDistance) || !within(t.fee, L.tierFee) || (i > 0 && t.up_to_m <= d.fee_tiers[i - 1].up_to_m))) return 'takeout_fee_tiers_invalid'
  if (!within(d.packing_fee, L.packingFee)) return 'takeout_packing_invalid'
  if (!within(d.min_order, L.minOrder)) return 'takeout_min_order_invalid'
  if (!within(d.prep_minutes, L.prepMinutes)) return 'takeout_prep_invalid'
  return null
}

export interface CouponDraft {
  title: string
  value_type: CouponValueType
  /** Value, or the percentage coupon's cap (cents). */
  amount: number
  percent_off: number | null
  min_spend: number
  quantity: number
  per_person: number
  validity: CouponValidity
  valid_from: string | null
  valid_to: string | null
  valid_days: number | null
}

const DAY_MS = 86_400_000
const dayNumber = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY_MS
/** "YYYY-MM-DD" that names a real day. */
export const isDay = (s: string | null): s is string => {
  if (s === null || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.valueOf()) && d.toISOString().slice(0, 10) === s
}

/** A coupon about to be issued: the first field that cannot be saved (its reason), or null. `today`: the business day ("YYYY-MM-DD"). */
export function couponProblem(c: CouponDraft, today: string): Reason | null {
  const L = COUPON_LIMITS
  if (!within(chars(c.title), L.title)) return 'coupon_title_invalid'
  if (c.value_type === 'percent') {
    if (c.percent_off === null || !within(c.percent_off, L.percent)) return 'coupon_percent_invalid'
    if (!within(c.amount, L.amount)) return 'coupon_cap_invalid'
  } else if (!within(c.amount, L.amount)) return 'coupon_amount_invalid'
  if (!within(c.min_spend, L.minSpend)) return 'coupon_min_spend_invalid'
  // "¥10 off from ¥8" gives the order away: a value coupon's threshold, when it has one, is above its value.
  if (c.value_type === 'amount' && c.min_spend > 0 && c.amount >= c.min_spend) return 'coupon_amount_over_min'
  if (!within(c.quantity, L.quantity)) return 'coupon_quantity_invalid'
  if (!within(c.per_person, L.perPerson) || c.per_person > c.quantity) return 'coupon_per_person_invalid'
  if (c.validity === 'days') {
    if (c.valid_days === null || !within(c.valid_days, L.days)) return 'coupon_validity_invalid'
  } else {
    if (!isDay(c.valid_from) || !isDay(c.valid_to)) return 'coupon_validity_invalid'
    const from = dayNumber(c.valid_from)
    const to = dayNumber(c.valid_to)
    if (to < from || to < dayNumber(today) || to - from + 1 > L.windowDays) return 'coupon_validity_invalid'
  }
  return null
}
