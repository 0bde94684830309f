/**
 * The referral contest's calls (issue 26). Only the contest's sub-package imports this module, so REFERRAL_ENDPOINTS
 * stays off Home's first load; the calls go through the app's one client with the method from REFERRAL_ENDPOINTS.
 */
import { REFERRAL_ENDPOINTS, type ReferralEndpointPath } from '@/contract/referralEndpoints'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { request, type RequestOptions } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

export function requestReferral<P extends ReferralEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, REFERRAL_ENDPOINTS[path])
}

/** The contest now, its board, and (signed in: `signedIn` re-asks when it changes) the shopper's own standing. */
export function useReferralContest(signedIn: boolean) {
  // Asked again when the shopper logs in or out: the answer's own part (`mine`) depends on the session.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useQuery(() => requestReferral('hui_public.referral_contest/read', {}), [signedIn])
}

/** Hide (true) or show again my name on the board. */
export const setNameHidden = (hidden: boolean) => requestReferral('personal.referral/hide', { hidden })
