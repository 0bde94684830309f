/**
 * Checks of member till codes (issue 23; docs/api.md "Limits at the till"): every `hui_shanghu.store_card/check`
 * is recorded — which staff member of which store, which card, when, and what it answered — and read back by
 * the store (its own checks) and by the card's owner (the checks of their own cards). zod for the server; the
 * client imports types only.
 */
import { z } from 'zod'
import { Id } from './common'
import { CARD_CHECK_RESULTS } from './store'
import { PageQuery, pagedOf } from './paging'

/**
 * Failed checks (answered `invalid`) the server allows before it answers `till_check_too_many` (windows on the
 * server's clock; the counts are rows of the database, so every server process sees the same):
 * - one staff account: `staff.failures` failed checks within `staff.windowMinutes` → every check it makes is
 *   refused until the oldest of them leaves the window;
 * - one card: once it has `card.failures` failed checks within `card.windowMinutes` from all stores together,
 *   a store that itself made `card.storeFailures` of them is refused on that card (whatever the code) until
 *   its own or the card's count drops; a store with fewer failures on it is checked as usual, so the member's
 *   own store still passes the real code while strangers guess.
 */
export const TILL_LIMITS = {
  staff: { failures: 10, windowMinutes: 10 },
  card: { failures: 10, storeFailures: 3, windowMinutes: 24 * 60 },
} as const

/**
 * Redemption codes tried at the till (issue 43; `hui_shanghu.store_order/verifyPreview` and `verify`): a code that names
 * no pickup order of the staff member's store — none at all, or another store's, answered alike — is a failure, counted
 * like the member codes' (rows of `till_checks`, kind 'redemption'; windows on the server's clock), and over a limit
 * every code is refused with `verify_too_many` (the minutes to wait) whatever it is, so a hit is not told from a miss:
 * - one staff account: `staff.failures` within `staff.windowMinutes`;
 * - one store, over all its accounts (more accounts buy no more guesses): `store.failures` within `store.windowMinutes`.
 * A real code of the store (to redeem, used, refunding …) never counts.
 */
export const REDEEM_LIMITS = {
  staff: { failures: 10, windowMinutes: 10 },
  store: { failures: 20, windowMinutes: 60 },
} as const

/**
 * Days the till's record is kept (issue 43): the sweep drops older rows. The limits need 24 hours (the longest window,
 * a card's); the record is also what the store and the card's owner read back (`store_card/checks`,
 * `personal.card/checks`), so a month of it is kept — and no longer.
 */
export const TILL_CHECKS_KEEP_DAYS = 30

/** What a check answered: the card's state for a correct code, `invalid`, or `refused` (too many failures; not checked). */
export const TILL_CHECK_RESULTS = [...CARD_CHECK_RESULTS, 'refused'] as const
export type TillCheckResult = (typeof TILL_CHECK_RESULTS)[number]

/** One check as the store reads it: when, which card (null: the code named no card), by whom (masked phone), what it answered. */
export const StoreTillCheck = z.object({
  id: z.number().int(),
  at: z.string(),
  card_id: z.number().int().nullable(),
  result: z.enum(TILL_CHECK_RESULTS),
  staff_phone: z.string(),
})
export type StoreTillCheck = z.infer<typeof StoreTillCheck>
export const StoreTillCheckPage = pagedOf(StoreTillCheck)

/** One check of the owner's card: when, which card, at which store, what it answered (staff are not named). */
export const MyTillCheck = z.object({
  id: z.number().int(),
  at: z.string(),
  card_id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  result: z.enum(TILL_CHECK_RESULTS),
})
export type MyTillCheck = z.infer<typeof MyTillCheck>
/** `card_id`: one of the owner's cards (another's is refused as not found); all of their cards when absent. */
export const MyTillCheckQuery = PageQuery.extend({ card_id: Id.optional() })
export type MyTillCheckQuery = z.input<typeof MyTillCheckQuery>
export const MyTillCheckPage = pagedOf(MyTillCheck)
