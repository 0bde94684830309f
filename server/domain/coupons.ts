import type { Q } from '../storage/query'
import type { z } from 'zod'
import type { ApiLang } from '../../src/contract/common'
import type { ClaimableCoupon, UserCoupon } from '../../src/contract/member'
import type { CouponSave, ShopCoupon, ShopCouponList } from '../../src/contract/storeShop'
import { couponProblem, type CouponUse } from '../../src/contract/storeShopEndpoints'
import { refuse } from './refusal'
import { couponIn } from './names'
import * as coupons from '../storage/repo/coupons'
import { lockUser } from '../storage/repo/users'
import type { CouponRow } from '../storage/repo/coupons'
import { recordChange, type Fields, type Member } from './store/changes'
import { fmt, inBusinessZone, nowText, parseText } from '../time'

/**
 * Coupons (issue 4; a shop's own from issue 44 — docs/api.md "Coupons" and "The shop's menu, coupons and change history").
 * A coupon is a value, or a percentage off with a cap (`amount`); it has a threshold (`min_spend`), is for one kind of
 * order (`kind`; a shop's: pay a bill, takeout, or both — NULL, any order at the shop), a quantity (NULL: unlimited) and a
 * per-person limit, and is valid between two business days or for a number of days from its claim. The owner issues and
 * stops the shop's; the shop sees how many were claimed and used. The server decides every amount
 * (server/domain/pricing/coupon.ts): never more than the goods, never less than 1 fen left to pay.
 */

const yuan = (cents: number) => (cents / 100).toFixed(2)
const today = () => nowText().slice(0, 10)
/** The instant after a window's last day: its coupons expire then. */
const dayAfter = (ymd: string) => fmt(parseText(`${ymd} 00:00:00`).add(1, 'day'))

const usedAt = (kind: string | null): CouponUse => (kind === 'bill' ? 'bill' : kind === 'takeout' ? 'takeout' : 'both')
const kindOf = (use: CouponUse): string | null => (use === 'both' ? null : use)

function stateOf(c: CouponRow, day: string): ShopCoupon['state'] {
  if (c.stopped_at !== null) return 'stopped'
  if (c.valid_to !== null && c.valid_to < day) return 'ended'
  if (c.quantity !== null && Number(c.claimed) >= Number(c.quantity)) return 'claimed_out'
  return 'issuing'
}

/** A claimable coupon as shoppers read it: its terms, how many are left, and how many the asker holds. */
export function claimableOf(lang: ApiLang, c: CouponRow, mine: number): z.infer<typeof ClaimableCoupon> {
  return couponIn(lang, {
    id: Number(c.id),
    title: c.title,
    amount: Number(c.amount),
    percent_off: c.percent_off === null ? null : Number(c.percent_off),
    min_spend: Number(c.min_spend),
    shop_id: c.shop_id === null ? null : Number(c.shop_id),
    kind: c.kind,
    per_person: Number(c.per_person),
    mine,
    left: c.quantity === null ? null : Math.max(0, Number(c.quantity) - Number(c.claimed)),
    valid_from: c.valid_from,
    valid_to: c.valid_to,
    valid_days: c.valid_to === null ? Number(c.valid_days) : null,
    claimed: mine >= Number(c.per_person),
  })
}

/** The coupons a shopper may claim now (at a shop: every shop's and its own). */
export async function claimableCoupons(db: Q, lang: ApiLang, userId: number | null, shopId: number | undefined) {
  const rows = await coupons.coupons(db, shopId, today())
  const mine = userId === null ? new Map<number, number>() : await coupons.claimedCounts(db, userId)
  return { list: rows.map((r) => claimableOf(lang, r, mine.get(Number(r.id)) ?? 0)) }
}

/**
 * A shopper claims one per request: refused when it is stopped, all claimed, its window over, or the shopper holds their
 * limit. One shopper's claims run one after another (their row locked first, as an order's create does), so two at
 * once — two devices, a script — each find what the other left: a shopper holding 1 of 2 is never told "limit reached"
 * because a twin claim was in flight (PostgreSQL; SQLite's write lock already orders them). A window's coupon is usable
 * from its first day; a days coupon for that many days from now.
 */
export async function claimCoupon(db: Q, lang: ApiLang, userId: number, couponId: number): Promise<UserCoupon> {
  const id = await db.transaction('read committed', async (db) => {
    await lockUser(db, userId)
    const c = await coupons.couponById(db, couponId)
    if (!c) throw refuse('coupon_not_found')
    const day = today()
    if (c.stopped_at !== null) throw refuse('coupon_stopped')
    if (c.valid_to !== null && c.valid_to < day) throw refuse('coupon_ended')
    if (c.quantity !== null && Number(c.claimed) >= Number(c.quantity)) throw refuse('coupon_claimed_out')
    const limit = Number(c.per_person)
    const held = (await coupons.claimedCounts(db, userId)).get(Number(c.id)) ?? 0
    const full = () => (limit === 1 ? refuse('coupon_already_claimed') : refuse('coupon_claim_limit', { limit }))
    if (held >= limit) throw full()
    const window = c.valid_from !== null && c.valid_to !== null
    const startsAt = window && (c.valid_from as string) > day ? `${c.valid_from as string} 00:00:00` : null
    const expiresAt = window ? dayAfter(c.valid_to as string) : fmt(inBusinessZone().add(Number(c.valid_days), 'day'))
    const made = await coupons.claim(db, userId, Number(c.id), held + 1, startsAt, expiresAt)
    if (made === 'taken') throw full()
    if (made === 'out') throw refuse('coupon_claimed_out')
    return made
  })
  return couponIn(lang, (await coupons.userCoupon(db, id)) as UserCoupon)
}

// A shop's own coupons ----------------------------------------------------------------------------------------------

export async function shopCouponList(db: Q, owner: Member): Promise<z.infer<typeof ShopCouponList>> {
  const rows = await coupons.shopCoupons(db, owner.shopId)
  const used = await coupons.usedCounts(db, rows.map((r) => Number(r.id)))
  const day = today()
  return {
    shop: { id: owner.shopId, name: owner.shopName },
    list: rows.map((c) => ({
      id: Number(c.id),
      title: c.title,
      value_type: c.percent_off === null ? 'amount' : 'percent',
      amount: Number(c.amount),
      percent_off: c.percent_off === null ? null : Number(c.percent_off),
      min_spend: Number(c.min_spend),
      use_at: usedAt(c.kind),
      quantity: c.quantity === null ? null : Number(c.quantity),
      per_person: Number(c.per_person),
      validity: c.valid_to === null ? 'days' : 'window',
      valid_from: c.valid_from,
      valid_to: c.valid_to,
      valid_days: c.valid_to === null ? Number(c.valid_days) : null,
      claimed: Number(c.claimed),
      used: used.get(Number(c.id)) ?? 0,
      state: stateOf(c, day),
      created_at: c.created_at,
      stopped_at: c.stopped_at,
    })),
  }
}

/** A coupon's terms as the history shows them (money in cents; the rest as typed). */
const termsOf = (c: { title: string; amount: number; percent_off: number | null; min_spend: number; kind: string | null; quantity: number | null; per_person: number; valid_from: string | null; valid_to: string | null; valid_days: number | null }): Fields => ({
  title: c.title,
  ...(c.percent_off === null ? { amount: c.amount } : { percent_off: c.percent_off, cap: yuan(c.amount) }),
  min_spend: c.min_spend,
  use_at: usedAt(c.kind),
  quantity: c.quantity,
  per_person: c.per_person,
  valid: c.valid_to === null ? `${c.valid_days ?? 0}d` : `${c.valid_from ?? ''} – ${c.valid_to}`,
})

/** The owner issues a coupon of the shop (checked as the screen checks it, on the server's business day). */
export async function issueCoupon(db: Q, owner: Member, input: z.output<typeof CouponSave>): Promise<number> {
  const draft = { ...input, percent_off: input.value_type === 'percent' ? input.percent_off : null }
  const problem = couponProblem(draft, today())
  if (problem) throw refuse(problem)
  const window = input.validity === 'window'
  const row = {
    title: input.title.trim(),
    amount: input.amount,
    percent_off: draft.percent_off,
    min_spend: input.min_spend,
    shop_id: owner.shopId,
    kind: kindOf(input.use_at),
    quantity: input.quantity,
    per_person: input.per_person,
    valid_from: window ? input.valid_from : null,
    valid_to: window ? input.valid_to : null,
    valid_days: window ? 0 : (input.valid_days ?? 0),
    created_at: nowText(),
  }
  return db.transaction('serializable', async (db) => {
    const id = await coupons.insertShopCoupon(db, row)
    await recordChange(db, { userId: owner.userId, shopId: owner.shopId, role: owner.role }, 'coupon_issued', row.title, null, termsOf({ ...row, valid_days: window ? null : row.valid_days }))
    return id
  })
}

/** The owner stops issuing one (the ones claimed stay usable until they expire); stopping a stopped one changes nothing. */
export async function stopCoupon(db: Q, owner: Member, id: number): Promise<void> {
  await db.transaction('serializable', async (db) => {
    const c = await coupons.couponById(db, id)
    if (!c || c.shop_id === null || Number(c.shop_id) !== owner.shopId) throw refuse('coupon_not_found')
    if (await coupons.stopShopCoupon(db, owner.shopId, id, nowText())) await recordChange(db, { userId: owner.userId, shopId: owner.shopId, role: owner.role }, 'coupon_stopped', c.title, { issuing: true }, { issuing: false })
  })
}
