import { request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'

/** A shop's reviews, paged (Shop details). */
export function useShopComments(shopId: number) {
  return usePagedList((page, page_size) => request('hui_public.hsh_comment/index', { shop_id: shopId, page, page_size }), [shopId], { keyOf: (c) => c.id })
}

/** A product's reviews, paged (Flash-sale product). */
export function useProductComments(productId: number) {
  return usePagedList((page, page_size) => request('hui_public.hsh_comment/index', { product_id: productId, page, page_size }), [productId], { keyOf: (c) => c.id })
}
