/**
 * The shop's profile (issue 44; docs/api.md "The shop's profile"): the workbench's profile, hours and introduction
 * screens. Only the store sub-package imports this module, so SHOP_PROFILE_ENDPOINTS stays off Home's first load; calls
 * go through the app's one client with their method from it. A change drops what was kept of the profile and of the
 * shop's page (its next read shows the change).
 */
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { SHOP_PROFILE_ENDPOINTS, type ShopProfileEndpointPath } from '@/contract/shopProfileEndpoints'
import { request } from '@/core/request'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

export function requestShopProfile<P extends ShopProfileEndpointPath>(path: P, payload: ApiReq<P>): Promise<ApiRes<P>> {
  return request(path, payload, { changes: ['hui_shanghu.store_profile/', 'hui_shanghu.shop/', 'hui_shanghu.store/workbench'] }, SHOP_PROFILE_ENDPOINTS[path])
}

/** The profile as the workbench edits it (any staff member reads it; only the owner changes it). */
export function useStoreProfile(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestShopProfile('hui_shanghu.store_profile/read', {}), [], options)
}
