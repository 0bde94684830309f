/**
 * The order rules, written once for the client and the server (runtime-importable: no zod here).
 * Statuses are in ./constants (ORDER_STATUS) and documented in docs/api.md.
 */
import { ORDER_STATUS, type ORDER_KINDS } from './constants'

/** Where an order's money is. A refunding (60) or refunded (70) order was paid once but is not "paid". */
export type PayStage = 'unpaid' | 'paid' | 'cancelled' | 'refunding' | 'refunded'

export function payStage(status: number): PayStage {
  if (status === ORDER_STATUS.REFUNDING) return 'refunding'
  if (status === ORDER_STATUS.REFUNDED) return 'refunded'
  if (status === ORDER_STATUS.CANCELLED) return 'cancelled'
  return status >= ORDER_STATUS.PAID ? 'paid' : 'unpaid'
}

/** Paid and kept: paid, accepted, delivering, completed. Never refunding/refunded or cancelled. */
export const isPaidStatus = (status: number): boolean => payStage(status) === 'paid'

/** Money taken at some point: paid or later in the order's life, refunds included (the money invariant). */
export const PAID_OR_LATER: readonly number[] = [
  ORDER_STATUS.PAID,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.DELIVERING,
  ORDER_STATUS.COMPLETED,
  ORDER_STATUS.REFUNDING,
  ORDER_STATUS.REFUNDED,
]

/** Only an unpaid order can be cancelled (its open trades are closed first). */
export const canCancel = (status: number): boolean => status === ORDER_STATUS.UNPAID

/** The shopper may ask for a refund of a paid, accepted (takeout), shipped or delivering (the store answers) or completed order. */
export const canRefund = (status: number): boolean =>
  status === ORDER_STATUS.PAID || status === ORDER_STATUS.ACCEPTED || status === ORDER_STATUS.DELIVERING || status === ORDER_STATUS.COMPLETED

/** A refund request's photos, at most (issue 39; ./order.ts RefundPayload). */
export const REFUND_PHOTOS_MAX = 3
/** A refund request's words (the reason, the shopper's detail), at most. */
export const REFUND_TEXT_MAX = 200

/**
 * A takeout order the store has not accepted yet (paid, 10) is cancelled, not refunded by request: the money goes back at
 * once with no store's answer to wait for (personal.takeout/cancel; a refund request is refused: takeout_cancel_instead).
 */
export const cancelNotRefund = (kind: (typeof ORDER_KINDS)[number], status: number): boolean => kind === 'takeout' && status === ORDER_STATUS.PAID

/**
 * Orders with a redemption code to show at the till: a kind with something to collect there (a flash-sale
 * or mall product collected at its store; a mall parcel that is shipped has none), paid (completed: shown as used). A card is a card (its own till code on the card page), a bill
 * or fuel was paid at the till itself, takeout is delivered — nothing to redeem.
 */
export const hasRedemptionCode = (kind: (typeof ORDER_KINDS)[number], status: number, delivery?: 'ship' | 'pickup' | null): boolean =>
  kind === 'product' && delivery !== 'ship' && (status === ORDER_STATUS.PAID || status === ORDER_STATUS.ACCEPTED || status === ORDER_STATUS.COMPLETED)
