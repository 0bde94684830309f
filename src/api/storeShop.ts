/**
 * A merchant runs their own shop (issue 44; docs/api.md "The shop's menu, coupons and change history"): the workbench's
 * menu, dish, delivery, coupon and history screens. Only the store sub-package imports this module, so
 * STORE_SHOP_ENDPOINTS stays off Home's first load and off the workbench's other screens; calls go through the app's
 * one client with their method from that table. A write answers what the screen shows next, and (as every write)
 * marks every kept answer stale: the shoppers' menu on this device is read again (src/core/cache.ts).
 */
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { STORE_SHOP_ENDPOINTS, type StoreShopEndpointPath } from '@/contract/storeShopEndpoints'
import { isRefusal, request, type RequestOptions } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

export function requestStoreShop<P extends StoreShopEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, STORE_SHOP_ENDPOINTS[path])
}

/** The menu as the workbench edits it, with the delivery settings (any staff member; `can_edit`: the owner). */
export function useStoreMenu(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStoreShop('hui_shanghu.store_menu/read', {}), [], options)
}

/** The shop's coupons with their claimed and used counts (the owner's). */
export function useShopCoupons(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStoreShop('hui_shanghu.store_coupon/index', {}), [], options)
}

/** Who changed the shop, and how: newest first, paged (the owner's). */
export function useShopChanges(enabled = true) {
  return usePagedList((page, page_size) => requestStoreShop('hui_shanghu.store_changes/index', { page, page_size }), [], { keyOf: (c) => c.id, enabled, pageSize: 20 })
}

/** Staff opened a screen of the owner's (menu changes, coupons, history): said so, not retried. */
export const isOwnerOnly = (error: unknown): boolean => isRefusal(error, 'owner_only')
