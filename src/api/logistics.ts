/**
 * Parcels (issue 14): the shopper's parcel and confirming receipt. Only the logistics screen and the order
 * screens' parcel parts import this module (MALL_ENDPOINTS stays off Home's first load).
 */
import { MALL_ENDPOINTS, type MallEndpointPath } from '@/contract/mallEndpoints'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { request, type RequestOptions } from '@/core/request'
import { useSignedInQuery } from '@/hooks/useSignedIn'
import { fetchOrder } from './orders'

export function requestMall<P extends MallEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, MALL_ENDPOINTS[path])
}

/** An order and its parcel (null until the store ships it: the screen says so instead of an error). */
export function useParcel(id: number, returnTo: string) {
  return useSignedInQuery(
    async () => {
      const order = await fetchOrder(id)
      if (!order.parcel) return { order, parcel: null }
      const parcel = await requestMall('personal.order/logistics', { id })
      return { order: parcel.order, parcel }
    },
    [id],
    { returnTo, enabled: id > 0 },
  )
}

/** The parcel arrived: the order is completed. */
export const confirmReceipt = (id: number) => requestMall('personal.order/confirmReceipt', { id }, { changes: ['personal.order/', 'personal.user/info'] }).then((r) => r.info)
