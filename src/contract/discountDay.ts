/**
 * Discount day (issue 26; docs/api.md "Discount day"): the month's discount days, the next one, the shops taking
 * part and their extra discount, and the reminder a shopper can ask for. zod for the server; types only on the
 * client. Pay a bill applies the extra discount by itself (order kind `bill`, the quote's `discount_day`).
 *
 * Who gets it (docs/decisions/0012-discount-day-members.md): card members only — the cards promise 优惠日专享折扣.
 */
import { z } from 'zod'
import { Id } from './common'
import { GeoQuery } from './geo'
import { Shop } from './member'

/** A business day, "YYYY-MM-DD" (Asia/Shanghai unless configured). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD')

export const DiscountDayQuery = GeoQuery.extend({ city_id: Id.optional() })
export type DiscountDayQuery = z.input<typeof DiscountDayQuery>

/** A shop taking part: the shop (with `distance` when a point was given) and its extra discount on discount days. */
export const DiscountDayShop = Shop.extend({
  /** Percent paid of what is left after the shop's and the card's discounts (95 = a further 5 % off). */
  extra_rate: z.number().int(),
})
export type DiscountDayShop = z.infer<typeof DiscountDayShop>

export const DiscountDayAnswer = z.object({
  /** The business day now, on the server's clock. */
  today: Day,
  /** "YYYY-MM": the month the calendar shows (today's). */
  month: z.string(),
  /** This month's discount days, in order. */
  days: z.array(Day),
  /** Whether today is one of them: the shops below give their extra discount today. */
  is_discount_day: z.boolean(),
  /** The next discount day after today, and when it starts (ms since the epoch, its business midnight); null: none planned. */
  next: z.object({ day: Day, starts_at: z.number().int() }).nullable(),
  /** Only card members get the extra discount (the decision above). */
  members_only: z.boolean(),
  /** Whether the asking shopper holds an active card (false when nobody is logged in). */
  member: z.boolean(),
  /** Whether the shopper asked to be reminded of `next` (false when nobody is logged in). */
  reminded: z.boolean(),
  /** Whether reminders can be asked for here (a template is configured, or the sandbox records them). */
  can_remind: z.boolean(),
  /** The subscription-message template the weapp asks WeChat for (null: none configured — the sandbox records without asking). */
  remind_template: z.string().nullable(),
  /** The shops taking part: nearest first with a point, else the city's (best extra discount first). */
  shops: z.array(DiscountDayShop),
})
export type DiscountDayAnswer = z.infer<typeof DiscountDayAnswer>

/**
 * Ask to be reminded of a discount day: on weapp WeChat's answer for `remind_template` (and that template's id); on H5,
 * or with no template configured, `accept` alone (the sandbox records it). One message, that morning.
 */
export const DiscountDayRemind = z.object({
  day: Day,
  result: z.enum(['accept', 'reject', 'ban', 'filter']).default('accept'),
  template_id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'template_id is not a template id').optional(),
})
/** Withdraw the reminder of a coming discount day (nothing will be sent). */
export const DiscountDayCancelReminder = z.object({ day: Day })
export const DiscountDayRemindAnswer = z.object({ reminded: z.boolean() })
