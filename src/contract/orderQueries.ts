/**
 * Which orders the server's queries pick, by status. Only the server reads these: they live apart from
 * orderRules.ts, whose rules the app also runs (and which ships on Home's first load).
 */
import { ORDER_STATUS, type ORDER_TABS } from './constants'

/**
 * Money or goods on the move: an account cannot be deleted while an order is in one of these — nor while a paid
 * order still waits to be collected, shipped or delivered (server/storage/repo/orders.ts blockingDeletion).
 */
export const IN_PROGRESS: readonly number[] = [ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.REFUNDING]

/** The statuses each My orders tab shows (null: every status). */
export const ORDER_TAB_STATUSES: Record<(typeof ORDER_TABS)[number], readonly number[] | null> = {
  all: null,
  unpaid: [ORDER_STATUS.UNPAID],
  paid: [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING],
  completed: [ORDER_STATUS.COMPLETED],
  refund: [ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED],
}
