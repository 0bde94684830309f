import type { OrderInfo, OrderPayload, PriceQuote } from '@/contract/order'
import { hasRedemptionCode } from '@/contract/orderRules'
import type { ApiReq } from '@/contract/schemas'
import { request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** One of my orders (personal.order/read). */
export function fetchOrder(id: number): Promise<OrderInfo> {
  return request('personal.order/read', { id }).then((r) => r.info)
}

/** One of my orders, for a screen (Payment success, Gold-pointing plan). Nothing is asked without a valid id. */
export function useOrder(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(() => fetchOrder(id), [id], { ...options, enabled: id > 0 && (options.enabled ?? true) })
}

/** Order detail: the order and, when its status has one, its redemption code — read and reloaded together. */
export function useOrderWithCode(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(
    async () => {
      const info = await fetchOrder(id)
      const code = hasRedemptionCode(info.kind, info.order_status) ? await request('personal.order/orderVerification', { id }) : null
      return { info, code }
    },
    [id],
    { ...options, enabled: id > 0 && (options.enabled ?? true) },
  )
}

export type OrderFilter = Omit<ApiReq<'personal.order/index'>, 'page' | 'page_size'>

/** My orders, paged (My orders by tab; Card purchase records by kind). */
export function useOrderPages(filter: OrderFilter) {
  return usePagedList((page, page_size) => request('personal.order/index', { ...filter, page, page_size }), { keyOf: (o) => o.id, deps: [filter.tab, filter.kind] })
}

/**
 * The server's price for a payload (personal.order/preCreate), asked again when the payload changes; null
 * while there is none. A quote is shown only for the payload it was made for (never the previous one's).
 */
export function useOrderQuote(payload: OrderPayload | null) {
  const key = payload ? JSON.stringify(payload) : ''
  const q = useQuery(() => request('personal.order/preCreate', payload as OrderPayload).then((quote): { key: string; quote: PriceQuote } => ({ key, quote })), [key], payload !== null)
  const current = payload !== null && !q.loading
  return {
    quote: current && !q.error && q.data?.key === key ? q.data.quote : null,
    loading: payload !== null && q.loading,
    error: current ? q.error : null,
    reload: q.reload,
  }
}
