/**
 * Staff and invites (issue 26; docs/api.md "Staff and invites"): the workbench's Staff screen and the invite link's
 * join screen. Only the store sub-package imports this module; calls go through the app's one client with their
 * method from STORE_STAFF_ENDPOINTS.
 */
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { STORE_STAFF_ENDPOINTS, type StoreStaffEndpointPath } from '@/contract/storeEndpoints'
import { assetUrl, isRefusal, request, type RequestOptions } from '@/core/request'
import { getItem, setItem } from '@/core/storage'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'

export function requestStaff<P extends StoreStaffEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, STORE_STAFF_ENDPOINTS[path])
}

/** The store's people (and, for the owner, its open invites). */
export function useStaffList(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStaff('hui_shanghu.store_staff/index', {}), [], options)
}

/** The invite of a link: which store, until when, and the store the reader already works for. */
export function useInvite(code: string, options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStaff('hui_shanghu.store_invite/read', { code }), [code], { ...options, enabled: code !== '' && (options.enabled ?? true) })
}

/** The link can no longer be used (never made, withdrawn, used, expired): the server's words say which. */
export const isDeadInvite = (error: unknown): boolean => isRefusal(error, 'staff_invite_not_found', 'staff_invite_revoked', 'staff_invite_used', 'staff_invite_expired')

/** The invite link as a colleague opens it: the site's address of the join screen (H5), or the server's (weapp). */
export function inviteLink(code: string): string {
  const path = assetUrl(routeUrl('pages/store/join', { code }))
  return path.startsWith('/') && typeof window !== 'undefined' && window.location ? `${window.location.origin}${path}` : path
}

/** Joined: this device knows the account is staff of that store now (Me shows the workbench without a reload). */
export function rememberJoined(shopId: number): void {
  if (!getItem('token')) return
  setItem('userIds', { ...(getItem('userIds') ?? {}), storeId: shopId })
}
