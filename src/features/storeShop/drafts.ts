/**
 * What the owner types (text, as the inputs hold it) ↔ what the server takes (cents, whole numbers). The checks are the
 * contract's (src/contract/storeShopEndpoints.ts), the same the server runs: a draft the screen lets through is one the
 * server takes, and both refuse with the same reason. Plain functions (tested in __tests__/features/storeShopDrafts.test.ts).
 */
import type { Reason } from '@/contract/reasons'
import type { CouponSave, DeliverySave, DishSave, EditorDish, MenuEditorAnswer } from '@/contract/storeShop'
import { couponProblem, deliveryProblem, dishProblems, type CouponUse, type CouponValidity, type CouponValueType } from '@/contract/storeShopEndpoints'
import { centsToYuan, yuanToCents } from '@/core/format'

/** An amount typed in yuan: its cents, or NaN when it is not an amount (the check then refuses it). */
export const cents = (yuan: string): number => yuanToCents(yuan) ?? Number.NaN
/** A whole number typed: itself, or NaN. */
export const whole = (s: string): number => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN)
const yuan = (c: number) => centsToYuan(c)

// Dishes ------------------------------------------------------------------------------------------------------------------

export interface OptionDraft {
  id?: number
  name: string
  price: string
}
export interface GroupDraft {
  id?: number
  name: string
  required: boolean
  max: string
  options: OptionDraft[]
}
export interface DishDraft {
  category_id: number
  name: string
  price: string
  packing_fee: string
  /** '' : unlimited. */
  daily_stock: string
  description: string
  image: string
  option_groups: GroupDraft[]
}

export function dishDraftOf(dish: EditorDish | undefined, categoryId: number): DishDraft {
  if (!dish) return { category_id: categoryId, name: '', price: '', packing_fee: '0', daily_stock: '', description: '', image: '', option_groups: [] }
  return {
    category_id: dish.category_id,
    name: dish.name,
    price: yuan(dish.price),
    packing_fee: yuan(dish.packing_fee),
    daily_stock: dish.daily_stock === null ? '' : String(dish.daily_stock),
    description: dish.description,
    image: dish.image,
    option_groups: dish.option_groups.map((g) => ({ id: g.id, name: g.name, required: g.required, max: String(g.max), options: g.options.map((o) => ({ id: o.id, name: o.name, price: yuan(o.price) })) })),
  }
}

export const newGroup = (): GroupDraft => ({ name: '', required: true, max: '1', options: [{ name: '', price: '0' }] })

export function dishPayload(d: DishDraft, id?: number): DishSave & { option_groups: NonNullable<DishSave['option_groups']> } {
  return {
    ...(id ? { id } : {}),
    category_id: d.category_id,
    name: d.name.trim(),
    price: cents(d.price),
    packing_fee: d.packing_fee.trim() === '' ? 0 : cents(d.packing_fee),
    daily_stock: d.daily_stock.trim() === '' ? null : whole(d.daily_stock),
    description: d.description.trim(),
    image: d.image,
    option_groups: d.option_groups.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      name: g.name.trim(),
      required: g.required,
      max: whole(g.max),
      options: g.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim(), price: o.price.trim() === '' ? 0 : cents(o.price) })),
    })),
  }
}

/** Why the dish cannot be saved as typed: each field's reason (the server's), in the form's order; [] when it can. */
export function dishDraftProblems(d: DishDraft): Reason[] {
  const p = dishPayload(d)
  return dishProblems({ name: p.name, price: p.price, packing_fee: p.packing_fee ?? 0, daily_stock: p.daily_stock ?? null, description: p.description ?? '', option_groups: p.option_groups.map((g) => ({ name: g.name, required: g.required, max: g.max, options: g.options })) })
}

// Delivery settings ---------------------------------------------------------------------------------------------------------

export interface DeliveryDraft {
  category_id: number
  hours: Array<{ open: string; close: string }>
  /** km, as typed ('0': no limit). */
  radius_km: string
  tiers: Array<{ km: string; fee: string }>
  packing_fee: string
  min_order: string
  prep_minutes: string
  pickup: boolean
}

const km = (m: number) => String(Math.round(m / 100) / 10)
const metres = (s: string): number => {
  const t = s.trim()
  return /^\d+(\.\d)?$/.test(t) ? Math.round(Number(t) * 1000) : Number.NaN
}

export function deliveryDraftOf(menu: MenuEditorAnswer): DeliveryDraft {
  const st = menu.takeout?.settings
  if (!menu.takeout || !st)
    return { category_id: menu.takeout_categories[0]?.id ?? 0, hours: [{ open: '10:00', close: '21:00' }], radius_km: '3', tiers: [{ km: '3', fee: '3.00' }], packing_fee: '0.00', min_order: '15.00', prep_minutes: '15', pickup: true }
  return {
    category_id: menu.takeout.category_id,
    hours: st.hours.map((h) => ({ ...h })),
    radius_km: km(st.radius_m),
    tiers: st.fee_tiers.map((t) => ({ km: km(t.up_to_m), fee: yuan(t.fee) })),
    packing_fee: yuan(st.packing_fee),
    min_order: yuan(st.min_order),
    prep_minutes: String(st.prep_minutes),
    pickup: st.pickup,
  }
}

export function deliveryPayload(d: DeliveryDraft): DeliverySave {
  return {
    category_id: d.category_id,
    hours: d.hours.map((h) => ({ open: h.open.trim(), close: h.close.trim() })),
    radius_m: metres(d.radius_km),
    fee_tiers: d.tiers.map((t) => ({ up_to_m: metres(t.km), fee: cents(t.fee) })),
    packing_fee: cents(d.packing_fee),
    min_order: cents(d.min_order),
    prep_minutes: whole(d.prep_minutes),
    pickup: d.pickup,
  }
}

export function deliveryDraftProblem(d: DeliveryDraft): Reason | null {
  if (!(d.category_id > 0)) return 'takeout_category_invalid'
  const p = deliveryPayload(d)
  return deliveryProblem({ hours: p.hours, radius_m: p.radius_m, fee_tiers: p.fee_tiers, packing_fee: p.packing_fee, min_order: p.min_order, prep_minutes: p.prep_minutes })
}

// Coupons ---------------------------------------------------------------------------------------------------------------------

export interface CouponDraft {
  title: string
  value_type: CouponValueType
  /** The value, or a percentage coupon's cap (yuan). */
  amount: string
  percent_off: string
  min_spend: string
  use_at: CouponUse
  quantity: string
  per_person: string
  validity: CouponValidity
  valid_days: string
  valid_from: string
  valid_to: string
}

export const newCoupon = (today: string): CouponDraft => ({
  title: '',
  value_type: 'amount',
  amount: '',
  percent_off: '10',
  min_spend: '0',
  use_at: 'both',
  quantity: '100',
  per_person: '1',
  validity: 'days',
  valid_days: '30',
  valid_from: today,
  valid_to: today,
})

export function couponPayload(d: CouponDraft): Required<Pick<CouponSave, 'title' | 'value_type' | 'amount' | 'min_spend' | 'use_at' | 'quantity' | 'per_person' | 'validity'>> & {
  percent_off: number | null
  valid_from: string | null
  valid_to: string | null
  valid_days: number | null
} {
  const window = d.validity === 'window'
  return {
    title: d.title.trim(),
    value_type: d.value_type,
    amount: cents(d.amount),
    percent_off: d.value_type === 'percent' ? whole(d.percent_off) : null,
    min_spend: d.min_spend.trim() === '' ? 0 : cents(d.min_spend),
    use_at: d.use_at,
    quantity: whole(d.quantity),
    per_person: whole(d.per_person),
    validity: d.validity,
    valid_from: window ? d.valid_from.trim() : null,
    valid_to: window ? d.valid_to.trim() : null,
    valid_days: window ? null : whole(d.valid_days),
  }
}

export const couponDraftProblem = (d: CouponDraft, today: string): Reason | null => couponProblem(couponPayload(d), today)
