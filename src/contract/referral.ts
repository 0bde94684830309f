import { z } from 'zod'

/**
 * The referral contest (issue 26; docs/api.md "Referral contest"). Times are business wall times
 * ("YYYY-MM-DD HH:mm:ss") and the same instants in ms (`start_at`, `end_at`) for countdowns on the server's clock.
 * A name on the board is masked ("会**4"), or null when its shopper hid it (`hidden`).
 */
export const ReferralPrize = z.object({ rank_from: z.number().int(), rank_to: z.number().int(), title: z.string() })
export const ReferralContest = z.object({
  id: z.number().int(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  state: z.enum(['upcoming', 'on', 'ended']),
  prizes: z.array(ReferralPrize),
  /** The least a friend's purchase must cost to count (cents, the amount paid; issue 43). */
  min_amount: z.number().int(),
  /** A purchase counts once completed, or this many days after it was paid without a refund. */
  keep_days: z.number().int(),
})
export const ReferralBoardRow = z.object({
  rank: z.number().int(),
  name: z.string().nullable(),
  hidden: z.boolean(),
  count: z.number().int(),
  me: z.boolean(),
})
export const ReferralMine = z.object({
  /** Null: not on the board (no confirmed referral in this contest). */
  rank: z.number().int().nullable(),
  count: z.number().int(),
  pending_count: z.number().int(),
  /**
   * The newest pending referrals: masked names and when they bound; `counts_from` when a purchase of theirs waits to be
   * kept (the moment it counts unless refunded; sooner when completed), `in_review` when the platform reviews it
   * (an identity already counted: one person's several phones).
   */
  pending: z.array(z.object({ name: z.string(), bound_time: z.string(), counts_from: z.string().nullable(), in_review: z.boolean() })),
  hidden: z.boolean(),
  /** The id my shares carry (share_user_user_id). */
  user_id: z.number().int(),
})
export const ReferralContestAnswer = z.object({
  contest: ReferralContest.nullable(),
  board: z.array(ReferralBoardRow),
  /** Shoppers on the board (with at least one confirmed referral). */
  ranked: z.number().int(),
  /** Null when not signed in. */
  mine: ReferralMine.nullable(),
})
export const ReferralHidePayload = z.object({ hidden: z.boolean() })
export const ReferralHideAnswer = z.object({ hidden: z.boolean() })

export type ReferralContest = z.infer<typeof ReferralContest>
export type ReferralBoardRow = z.infer<typeof ReferralBoardRow>
export type ReferralMine = z.infer<typeof ReferralMine>
export type ReferralContestAnswer = z.infer<typeof ReferralContestAnswer>
