/**
 * The micro mall's calls (issue 14). The mall's sub-packages (pages/vMall, pages/special) and Search import this
 * module (never Home), so MALL_ENDPOINTS stays off Home's first load; the calls go through the app's one client.
 */
import type { MallProductQuery } from '@/contract/mall'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery } from '@/hooks/useSignedIn'
import { request } from '@/core/request'
import { requestMall } from './logistics'

export { requestMall }

export function useMallCategories() {
  return useQuery(() => requestMall('hui_public.mall_category/index', {}), [])
}

export type MallFilter = Omit<MallProductQuery, 'page' | 'page_size'>

/** Products, paged: of a category, of a special, or all of them. */
export function useMallProducts(filter: MallFilter) {
  return usePagedList((page, page_size) => requestMall('hui_public.mall_product/index', { ...filter, page, page_size }), [filter], { keyOf: (p) => p.id })
}

/** Mall products whose name holds `keyword`, paged (Search's Mall tab, the mall's own search); nothing asked while off. */
export function useMallSearch(keyword: string, enabled = true) {
  return usePagedList((page, page_size) => requestMall('hui_public.mall_product/index', { keyword, page, page_size }), [keyword], { keyOf: (p) => p.id, enabled })
}

export function useMallProduct(id: number) {
  return useQuery(() => requestMall('hui_public.mall_product/read', { id }).then((r) => r.info), [id], id > 0)
}

export function useMallSpecial(id: number) {
  return useQuery(() => requestMall('hui_public.mall_special/read', { id }).then((r) => r.info), [id], id > 0)
}

export function useMallGallery() {
  return useQuery(() => requestMall('hui_public.mall_gallery/index', {}).then((r) => r.list), [])
}

/**
 * Buying: my addresses (default first) and my available coupons, read together once the shopper is signed in. Back
 * from Addresses after a change there (a write: invalidated), or once no longer fresh, they are asked again.
 */
export function useMallCheckout(enabled: boolean) {
  return useSignedInQuery(
    async () => {
      const [addresses, coupons] = await Promise.all([request('personal.address/index', {}), request('personal.coupon/index', { tab: 'available', page_size: 50 })])
      return { addresses: addresses.list, coupons: coupons.list }
    },
    [],
    { enabled },
  )
}
