import type { OrderInfo, OrderKind } from '@/contract/order'
import { payStage } from '@/contract/orderRules'
import { request } from '@/core/request'
import { useSignedInQuery } from '@/hooks/useSignedIn'

/**
 * The newest unpaid order of this kind at this shop or station (the server's list, not a guess): the one the
 * shopper left at the cashier or in the payment sheet, or an earlier one still waiting. Read on open and checked again (useQuery: in the background) on
 * every return. A failure to read it shows nothing (the form works without it).
 */
export function usePendingOrder(kind: Extract<OrderKind, 'bill' | 'oil' | 'takeout'>, shopId: number) {
  return useSignedInQuery(
    async (): Promise<OrderInfo | null> => {
      const { list } = await request('personal.order/index', { tab: 'unpaid', kind, page: 1, page_size: 20 })
      return list.find((o) => o.shop_id === shopId && payStage(o.order_status) === 'unpaid') ?? null
    },
    [kind, shopId],
    { enabled: shopId > 0 },
  )
}
