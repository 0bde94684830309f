/**
 * The referral contest (issue 26, `pages/activity/competition`), in the seed's naming style. Shapes are in ./referral.ts.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and only the
 * contest's sub-package makes these calls. Runtime values (no zod): the client imports this file for real.
 */
export const REFERRAL_ENDPOINTS = {
  /** The contest now (on, else the next, else the last ended): dates, prizes, top of the board; signed in, my standing. */
  'hui_public.referral_contest/read': 'GET',
  /** Hide (or show again) my name on the board: my row stays, its name is left out. */
  'personal.referral/hide': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type ReferralEndpointPath = keyof typeof REFERRAL_ENDPOINTS

/** How many rows the board shows (the shopper's own rank is answered apart when lower). */
export const REFERRAL_BOARD_SIZE = 20
/** How many of the shopper's pending referrals are listed (all are counted). */
export const REFERRAL_PENDING_LISTED = 20
/**
 * A referral counts for a purchase that is kept (issue 43): completed (a takeout order delivered or collected, a product
 * collected or received), or still paid this many days after it was paid — the time a shopper may ask for a refund
 * within. A cancel or refund before that puts the referral back to pending.
 */
export const REFERRAL_KEEP_DAYS = 7
