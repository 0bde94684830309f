/**
 * The store workbench's calls (issue 12). Only the store sub-package imports this module, so STORE_ENDPOINTS
 * stays off Home's first load; the calls go through the app's one client (request() with the method from STORE_ENDPOINTS).
 */
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { STORE_ENDPOINTS, type StoreEndpointPath } from '@/contract/storeEndpoints'
import type { StoreOrderQuery } from '@/contract/store'
import { TAKEOUT_ENDPOINTS, type TakeoutEndpointPath } from '@/contract/takeoutEndpoints'
import { isRefusal, request, type RequestOptions } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** One store call: its method from STORE_ENDPOINTS, everything else as request(). */
export function requestStore<P extends StoreEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, STORE_ENDPOINTS[path])
}

/**
 * The server refused a logged-in caller who is not staff (code 0, reason no_permission): the screen says so with a
 * way back, rather than offering a retry that cannot help.
 */
export function isNoPermission(error: unknown): boolean {
  return isRefusal(error, 'no_permission')
}

/** The store's order is not there, or not this store's (reason order_not_found, in either language). */
export function isStoreOrderMissing(error: unknown): boolean {
  return isRefusal(error, 'order_not_found')
}

/** Workbench home: the business day's figures and what needs doing. */
export function useWorkbench(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStore('hui_shanghu.store/workbench', {}), [], options)
}

export type StoreOrderFilter = Omit<StoreOrderQuery, 'page' | 'page_size'>

/** The store's orders, paged, by status and/or what needs doing. */
export function useStoreOrderPages(filter: StoreOrderFilter, enabled = true) {
  return usePagedList((page, page_size) => requestStore('hui_shanghu.store_order/index', { ...filter, page, page_size }), [filter], { keyOf: (o) => o.id, enabled })
}

/** One of the store's orders with its trail (who did what, when). */
export function useStoreOrder(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStore('hui_shanghu.store_order/read', { id }), [id], { ...options, enabled: id > 0 && (options.enabled ?? true) })
}

/** The store's takeout calls (issue 25): their methods from TAKEOUT_ENDPOINTS, through the same client. */
export function requestStoreTakeout<P extends StoreTakeoutPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, TAKEOUT_ENDPOINTS[path])
}
export type StoreTakeoutPath = Extract<TakeoutEndpointPath, `hui_shanghu.${string}`>

/** The workbench's takeout tabs: new (paid, waiting for acceptance), in progress (accepted, out for delivery), done. */
export const STORE_TAKEOUT_TABS = ['accept', 'progress', 'done'] as const
export type StoreTakeoutTab = (typeof STORE_TAKEOUT_TABS)[number]

/** The store's takeout orders of one tab, paged, newest first. */
export function useStoreTakeoutPages(tab: StoreTakeoutTab, enabled = true) {
  return usePagedList((page, page_size) => requestStoreTakeout('hui_shanghu.store_takeout/index', { todo: tab, page, page_size }), [tab], { keyOf: (o) => o.info.id, enabled })
}

/** One of the store's takeout orders: its takeout view and its trail. */
export function useStoreTakeout(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStoreTakeout('hui_shanghu.store_takeout/read', { id }), [id], { ...options, enabled: id > 0 && (options.enabled ?? true) })
}

/** The shop's takeout settings, open state and dishes (sold out or not). */
export function useStoreTakeoutSettings(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestStoreTakeout('hui_shanghu.store_takeout/settings', {}), [], options)
}
