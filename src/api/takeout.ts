/**
 * Takeout's calls (issue 25). Only the takeout sub-package imports this module (and My orders' detail does not),
 * so TAKEOUT_ENDPOINTS stays off Home's first load; the calls go through the app's one client with the method from
 * TAKEOUT_ENDPOINTS.
 */
import type { GeoPoint } from '@/contract/geo'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { TAKEOUT_ENDPOINTS, type TakeoutEndpointPath, type TakeoutSort } from '@/contract/takeoutEndpoints'
import { askAgain } from '@/core/cache'
import { request, type RequestOptions } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery } from '@/hooks/useSignedIn'

export function requestTakeout<P extends TakeoutEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, TAKEOUT_ENDPOINTS[path])
}

export function useTakeoutCategories() {
  return useQuery(() => requestTakeout('hui_public.takeout_category/index', {}).then((r) => r.list), [])
}

/**
 * Where the food goes (issue 39): one of the shopper's addresses, else a located point, else a city (no distances).
 * The server judges distance and delivery from the address or the point.
 */
export interface PlaceQuery {
  addressId?: number
  point?: GeoPoint
  cityId?: number
}

const placeFields = ({ addressId, point, cityId }: PlaceQuery) =>
  addressId ? { address_id: addressId } : point ? { lat: point.lat, lng: point.lng } : cityId ? { city_id: cityId } : {}

export interface ShopFilter extends PlaceQuery {
  categoryId?: number
  sort: TakeoutSort
}

/** Shops, paged: with an address or a point only those that deliver there, nearest first with distances; a city's by popularity. */
export function useTakeoutShops(filter: ShopFilter, enabled = true) {
  const { categoryId, cityId, sort, point, addressId } = filter
  const lat = point?.lat
  const lng = point?.lng
  return usePagedList(
    (page, page_size) =>
      requestTakeout('hui_public.takeout_shop/index', {
        sort,
        page,
        page_size,
        ...(categoryId ? { category_id: categoryId } : {}),
        ...placeFields({ addressId, point: lat !== undefined && lng !== undefined ? { lat, lng } : undefined, cityId }),
      }),
    [categoryId, cityId, sort, lat, lng, addressId],
    { keyOf: (s) => s.id, enabled },
  )
}

/**
 * A shop's menu as it is now: asked of the server every time, never a kept answer (issue 44) — the store changes it from
 * another phone, which cannot mark this one's kept answers stale, and a price or a dish gone must show on the next open
 * of the menu or Confirm. (A read already on its way is shared.)
 */
const freshMenu = (shopId: number) => askAgain(() => requestTakeout('hui_public.takeout_shop/menu', { shop_id: shopId }))

/** One shop and its menu, read together (the menu's member prices need the session when there is one). */
export function useTakeoutShop(id: number, point?: GeoPoint) {
  const lat = point?.lat
  const lng = point?.lng
  return useQuery(
    async () => {
      const [shop, menu] = await Promise.all([
        requestTakeout('hui_public.takeout_shop/read', { id, ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}) }).then((r) => r.info),
        freshMenu(id),
      ])
      return { shop, menu }
    },
    [id, lat, lng],
    id > 0,
  )
}

/** Confirm: the shop (slots, settings), its menu, my addresses and coupons — paying needs a shopper. */
export function useTakeoutConfirm(id: number, returnTo: string | undefined) {
  return useSignedInQuery(
    async () => {
      const [shop, menu, addresses, coupons] = await Promise.all([
        requestTakeout('hui_public.takeout_shop/read', { id }).then((r) => r.info),
        freshMenu(id),
        request('personal.address/index', {}).then((r) => r.list),
        request('personal.coupon/index', { tab: 'available', page_size: 50 }).then((r) => r.list),
      ])
      return { shop, menu, addresses, coupons }
    },
    [id],
    { returnTo, enabled: id > 0, reloadOnReturn: true },
  )
}

/** The shopper's takeout order and its takeout view. */
export function useTakeoutOrder(id: number, returnTo: string | undefined) {
  return useSignedInQuery(() => requestTakeout('personal.takeout/read', { id }), [id], { returnTo, enabled: id > 0 })
}

/** Takeout search (`hui_public.takeout/search`): shops matching by name or dish, each with its matching dishes; those that do not deliver to the place last (`in_range: false`). */
export function useTakeoutSearch(keyword: string, place: PlaceQuery, enabled = true) {
  const { addressId, cityId } = place
  const lat = place.point?.lat
  const lng = place.point?.lng
  return usePagedList(
    (page, page_size) => requestTakeout('hui_public.takeout/search', { keyword, page, page_size, ...placeFields({ addressId, point: lat !== undefined && lng !== undefined ? { lat, lng } : undefined, cityId }) }),
    [keyword, lat, lng, addressId, cityId],
    { keyOf: (s) => s.id, enabled: enabled && keyword !== '', pageSize: 20 },
  )
}
