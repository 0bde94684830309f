import { firstAnswer, request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'

/** The first `pageSize` flash-sale products with today's sessions (Home's strip, the Gold-pointing plan's deals). */
export function useFlashSales(pageSize: number, enabled?: boolean) {
  return useQuery(() => request('hui_public.hsh_seckill_prod/index', { page_size: pageSize }), [pageSize], enabled, () => firstAnswer('hui_public.hsh_seckill_prod/index', { page_size: pageSize }))
}

/** Flash-sale products matching a keyword, paged (Search). */
export function useFlashSalePages(keyword: string, enabled?: boolean) {
  return usePagedList((page, page_size) => request('hui_public.hsh_seckill_prod/index', { keyword, page, page_size }), [keyword], { keyOf: (p) => p.id, enabled })
}

