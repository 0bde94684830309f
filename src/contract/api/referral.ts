import { Empty } from '../common'
import { ReferralContestAnswer, ReferralHideAnswer, ReferralHidePayload } from '../referral'
import { defineApi } from './define'

/**
 * The referral contest (issue 26, `pages/activity/competition`). Shapes in ../referral.ts.
 */
export const REFERRAL_API = defineApi({
  'hui_public.referral_contest/read': {
    method: 'GET',
    auth: 'optional',
    req: Empty,
    res: ReferralContestAnswer,
    doc: 'The contest now (on, else the next, else the last ended): dates, prizes, top of the board; signed in, my standing.',
  },
  'personal.referral/hide': {
    method: 'POST',
    auth: 'required',
    req: ReferralHidePayload,
    res: ReferralHideAnswer,
    doc: 'Hide (or show again) my name on the board: my row stays, its name is left out.',
  },
})
