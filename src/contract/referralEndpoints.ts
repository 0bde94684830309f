/**
 * The referral contest (issue 26, `pages/activity/competition`), in the seed's naming style. Shapes are in ./referral.ts.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and only the
 * contest's sub-package makes these calls. Runtime values (no zod): the client imports this file for real.
 */
// The table is generated from the definitions in ./api/referral.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { REFERRAL_ENDPOINTS, type ReferralEndpointPath } from './generated/referralEndpoints'

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
