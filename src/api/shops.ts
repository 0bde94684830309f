import type { ApiReq } from '@/contract/schemas'
import { firstAnswer, request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'

/** One shop (hui_shanghu.shop/read). */
export function fetchShop(id: number) {
  return request('hui_shanghu.shop/read', { id }).then((r) => r.info)
}

/** One shop with its profile (photos, introduction, the week's hours, open now: issue 44), for Shop details. Nothing is asked without a valid id. */
export function useShop(id: number) {
  // A shop seen a moment ago (back from its bill or a coupon) shows at once, checked in the background.
  return useQuery(() => request('hui_shanghu.shop/read', { id }), [id], id > 0, () => firstAnswer('hui_shanghu.shop/read', { id }))
}

export type ShopFilter = Omit<ApiReq<'hui_shanghu.shop/index'>, 'page' | 'page_size'>

/** Shops, paged: by city on Home, by class and city on Discount bill, by keyword in Search; nearest first with lat/lng. */
export function useShopPages(filter: ShopFilter, enabled?: boolean) {
  return usePagedList((page, page_size) => request('hui_shanghu.shop/index', Object.assign({}, filter, { page, page_size })), [filter], {
    keyOf: (s) => s.id,
    enabled,
    // Home's first page of shops may have arrived already (its first answers): in its first render.
    ready: (page_size) => firstAnswer('hui_shanghu.shop/index', Object.assign({}, filter, { page: 1, page_size })),
  })
}
