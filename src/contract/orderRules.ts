/**
 * The order rules, written once for the client and the server (runtime-importable: no zod here).
 * Statuses are in ./constants (ORDER_STATUS) and documented in docs/api.md.
 */
import { ORDER_STATUS, type ORDER_KINDS, type ORDER_TABS } from './constants'

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

/** The shopper may ask for a refund of a paid or completed order. */
export const canRefund = (status: number): boolean => status === ORDER_STATUS.PAID || status === ORDER_STATUS.COMPLETED

/**
 * Kinds with something to collect at the till: a flash-sale product. A card is a card (its own till code on
 * the card page), a bill or fuel was paid at the till itself, takeout is delivered — nothing to redeem.
 */
export const REDEEMABLE_KINDS: readonly (typeof ORDER_KINDS)[number][] = ['product']

/** Orders with a redemption code to show at the till: a redeemable kind, paid (completed: shown as used). */
export const hasRedemptionCode = (kind: (typeof ORDER_KINDS)[number], status: number): boolean =>
  REDEEMABLE_KINDS.includes(kind) && (status === ORDER_STATUS.PAID || status === ORDER_STATUS.ACCEPTED || status === ORDER_STATUS.COMPLETED)

/** Money or goods on the move: an account cannot be deleted while an order is in one of these. */
export const IN_PROGRESS: readonly number[] = [ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.REFUNDING]

/** The statuses each My orders tab shows (null: every status). */
export const ORDER_TAB_STATUSES: Record<(typeof ORDER_TABS)[number], readonly number[] | null> = {
  all: null,
  unpaid: [ORDER_STATUS.UNPAID],
  paid: [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING],
  completed: [ORDER_STATUS.COMPLETED],
  refund: [ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED],
}
