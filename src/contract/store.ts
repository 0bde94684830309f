/**
 * The store's side (issue 12): shapes of the calls in ./storeEndpoints.ts. zod for the server; the client
 * imports types only. Refusals are code 0 with a msg in the asker's language (`lang`); a shopper without the
 * staff role gets code 0 "无权限" / "No permission", an anonymous caller code -1.
 */
import { z } from 'zod'
import { Id, ShortText } from './common'
import { ORDER_STATUS } from './constants'
import { OrderInfo, OrderLine } from './order'
import { PageQuery, pagedOf } from './paging'
import { REFUND_REJECTION_REASONS, trimReason } from './storeReasons'

/** The store a staff member works for. */
export const StoreShop = z.object({ id: z.number().int(), name: z.string() })

/** Workbench home: the business day's figures and what needs doing. */
export const WorkbenchAnswer = z.object({
  shop: StoreShop,
  /** The business day (YYYY-MM-DD, business time zone) the figures are for. */
  business_day: z.string(),
  /** Orders of this store paid during the business day whose money is kept (refunded ones are not counted). */
  paid_count: z.number().int(),
  /** Their pay_amount summed, in cents (what the provider's ledger holds for them). */
  takings: z.number().int(),
  /** Redemption codes still to verify (paid flash-sale orders collected here, any day). */
  to_verify: z.number().int(),
  /** Refund requests waiting for the store's answer. */
  refunds_to_answer: z.number().int(),
  /** Paid mall orders to ship (always sent by the server; optional for old fixtures). */
  to_ship: z.number().int().optional(),
  /** Paid takeout orders waiting for the store's acceptance; null: the store takes no takeout (optional for old fixtures). */
  takeout_to_accept: z.number().int().nullable().optional(),
  /**
   * The shop's job postings (not closed) whose reports wait for its answer, and of those the ones hidden by reports
   * until it answers (issue 26; optional for old fixtures).
   */
  jobs: z.object({ to_answer: z.number().int(), hidden: z.number().int() }).optional(),
  /** Hours after which an unanswered refund request is approved automatically. */
  refund_auto_approve_hours: z.number().int(),
  /** The asker's role (./storeStaff.ts STAFF_ROLES): only the owner invites and removes staff (always sent; optional for old fixtures). */
  role: z.enum(['owner', 'staff']).optional(),
})
export type WorkbenchAnswer = z.infer<typeof WorkbenchAnswer>

/**
 * Where a refund stands: none · awaiting_store (asked; the store answers, or it is approved automatically at
 * refund_auto_approve_at) · awaiting_provider (approved; the provider's refund is on its way) · refunded.
 */
export const REFUND_STATES = ['none', 'awaiting_store', 'awaiting_provider', 'refunded'] as const

/**
 * One line the store packs or decides on (issue 39): the product or dish, its spec (mall), level (card), grade (fuel) or
 * chosen options (takeout, one text), how many, the unit price (a takeout dish's with its options) and `amount`, the
 * line's total at that price (cents, the server's sum: quantity × price).
 */
export const StoreOrderLine = OrderLine.extend({ amount: z.number().int() })
export type StoreOrderLine = z.infer<typeof StoreOrderLine>

/** An order as the store sees it: the shopper's order plus who (masked phone) and what the store may do. */
export const StoreOrder = OrderInfo.extend({
  /** Every line of the order, in the order it was bought (a cart's several products, a takeout order's dishes). */
  lines: z.array(StoreOrderLine),
  /** Pieces in all: every line's quantity summed (a cart of 1 + 2 + 1 is 4; a takeout order counts its dishes). */
  quantity: z.number().int(),
  /** The shopper's phone, masked: 138****1234. */
  shopper_phone: z.string(),
  refund_reason: z.string().nullable(),
  /** The shopper's detail and photos beside the reason (issue 39; while refunding or refunded). Always sent by the server; optional for the workbench's fixtures. */
  refund_detail: z.string().nullable().optional(),
  refund_photos: z.array(z.string()).optional(),
  refund_requested_at: z.string().nullable(),
  refund_state: z.enum(REFUND_STATES),
  refund_auto_approve_at: z.string().nullable(),
  /** Its redemption code can be verified now (the code itself is never in a store answer). */
  can_verify: z.boolean(),
  /** A refund request waits for the store's answer. */
  can_answer_refund: z.boolean(),
  /** A paid mall order to be delivered, not shipped yet (always sent by the server; optional for old fixtures). */
  can_ship: z.boolean().optional(),
})
export type StoreOrder = z.infer<typeof StoreOrder>

/** Who moved an order: the shopper, the store (staff), the timer (automatic approval) or the payment provider. */
export const ORDER_ACTIONS = ['refund_requested', 'verified', 'refund_approved', 'refund_auto_approved', 'refund_rejected', 'refunded', 'refund_failed', 'shipped', 'receipt_confirmed', 'auto_completed', 'refund_withdrawn',
  // Takeout (issue 25): the store accepts or refuses, the timer refuses, the shopper cancels before acceptance; ready
  // for pickup, out for delivery, delivered (the store, the shopper's confirmation or the timer), collected.
  'takeout_accepted', 'takeout_refused', 'takeout_auto_refused', 'takeout_cancelled', 'takeout_ready', 'takeout_dispatched', 'takeout_delivered', 'takeout_confirmed', 'takeout_auto_delivered', 'takeout_picked_up'] as const
export const OrderAction = z.object({
  action: z.enum(ORDER_ACTIONS),
  by: z.enum(['shopper', 'store', 'timer', 'provider']),
  /** The user who did it (null: the timer or the provider). */
  by_user_id: z.number().int().nullable(),
  /** Their phone, masked (null: the timer or the provider). */
  by_phone: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
})
export type OrderAction = z.infer<typeof OrderAction>

/** The statuses the store's order list can be filtered by. */
const FILTER_STATUSES: readonly number[] = Object.values(ORDER_STATUS)

export const StoreOrderQuery = PageQuery.extend({
  /** One order status (docs/api.md lifecycle table); every status when absent. */
  status: z.coerce
    .number({ invalid_type_error: 'status must be a number' })
    .int()
    .refine((s) => FILTER_STATUSES.includes(s), 'status is not an order status')
    .optional(),
  /** What needs doing: codes to verify, or refund requests to answer (with `status`, both apply). */
  todo: z.enum(['verify', 'refund', 'ship']).optional(),
})
export type StoreOrderQuery = z.input<typeof StoreOrderQuery>
export const StoreOrderPage = pagedOf(StoreOrder)

export const StoreOrderId = z.object({ id: Id })
export const StoreOrderAnswer = z.object({ info: StoreOrder, actions: z.array(OrderAction) })
export type StoreOrderAnswer = z.infer<typeof StoreOrderAnswer>

/** A redemption code as typed or scanned at the till (digits; spaces are dropped). */
export const VerifyCodePayload = z.object({
  code: z
    .string({ required_error: 'code is required', invalid_type_error: 'code must be text' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6,32}$/, 'code must be 6 to 32 digits')),
})

/**
 * Why a code cannot be verified (the msg says it in words, in the asker's language). Another store's code is
 * `unknown`, answered exactly as a code that does not exist (issue 23).
 */
export const VERIFY_REFUSALS = ['unknown', 'unpaid', 'used', 'refunding', 'refunded', 'cancelled'] as const
export type VerifyRefusal = (typeof VERIFY_REFUSALS)[number]

/**
 * Verify preview: what the code is for (what, how much, who — masked phone) and whether it can be verified
 * now. Code 1 even when refused (refusal + message say why); `order` is null for an unknown code, another
 * store's code being one (nothing about another store's order is shown, not even that the code exists).
 */
export const VerifyPreviewAnswer = z.object({
  verifiable: z.boolean(),
  refusal: z.enum(VERIFY_REFUSALS).nullable(),
  message: z.string().nullable(),
  order: StoreOrder.nullable(),
  /** Completed orders: when the code was used. */
  used_at: z.string().nullable(),
})
export type VerifyPreviewAnswer = z.infer<typeof VerifyPreviewAnswer>

/**
 * A reason the store gives the shopper (issue 39): one of `codes` (`reason_code`, stored as the code and answered in
 * the reader's language: ./storeReasons.ts) or its own words (`reason`, 1–200 characters after trimming, as written) —
 * exactly one of the two.
 */
export const storeReasonFields = <C extends readonly [string, ...string[]]>(codes: C) => ({
  reason_code: z.enum(codes, { invalid_type_error: 'reason_code must be text' }).optional(),
  // Blank: only spaces or characters that show nothing (a zero-width space) — refused below as no reason.
  reason: ShortText('reason', 200).transform(trimReason).optional(),
})
export const oneStoreReason = (p: { reason_code?: string; reason?: string }): boolean => (p.reason_code === undefined) !== (p.reason === undefined || p.reason === '')
export const ONE_STORE_REASON = { message: 'please give a reason: reason_code or reason, not both', path: ['reason'] }

export const RefundRejectPayload = z
  .object({
    id: z.number({ required_error: 'id is required', invalid_type_error: 'id must be a number' }).int().positive(),
    ...storeReasonFields(REFUND_REJECTION_REASONS),
  })
  .refine(oneStoreReason, ONE_STORE_REASON)
export type RefundRejectPayload = z.input<typeof RefundRejectPayload>

/** A member card's till code as scanned (see ./tillCode.ts for its form). */
export const CardCheckPayload = z.object({ code: ShortText('code', 64).min(1, 'code is required') })
export const CARD_CHECK_RESULTS = ['valid', 'suspended', 'expired', 'invalid'] as const
export const CardCheckAnswer = z.object({
  /**
   * valid: an active card, the code is current · suspended: its refund is asked (no member discount) ·
   * expired: the card has ended (or not started, or was replaced or refunded) · invalid: not a current code of any card.
   */
  result: z.enum(CARD_CHECK_RESULTS),
  card: z
    .object({
      name: z.string(),
      level: z.number().int(),
      /** Extra member discount, percent paid (95 = 5 % off). */
      member_rate: z.number().int(),
      start_at: z.string(),
      end_at: z.string(),
      holder_phone: z.string(),
    })
    .nullable(),
})
export type CardCheckAnswer = z.infer<typeof CardCheckAnswer>
