/**
 * Fuel's calls (issue 13). Only the fuel screen (payBill sub-package) imports this module, so FUEL_ENDPOINTS stays
 * off Home's first load; the calls go through the app's one client with the method from FUEL_ENDPOINTS.
 */
import type { GeoPoint } from '@/contract/geo'
import { FUEL_ENDPOINTS, type FuelEndpointPath } from '@/contract/fuelEndpoints'
import type { OilOrderPayload, OrderInfo, PriceQuote } from '@/contract/order'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { ApiError, request, type RequestOptions } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery } from '@/hooks/useSignedIn'

export function requestFuel<P extends FuelEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, FUEL_ENDPOINTS[path])
}

/** Where to look: the shopper's point (nearest first, with distances) or a city (no point known). */
export type StationsNear = { point: GeoPoint } | { cityId: number | undefined }

/** The stations near the shopper (a point) or in their city, up to 50 (a city has a handful). */
export function useStations(near: StationsNear | null) {
  // `near` by value (the hook compares its inputs as JSON).
  return useQuery(
    () =>
      requestFuel('hui_shanghu.oil_station/index', {
        page_size: 50,
        ...(near && 'point' in near ? { lat: near.point.lat, lng: near.point.lng } : near?.cityId ? { city_id: near.cityId } : {}),
      }),
    [near],
    near !== null,
  )
}

/** One station (grades with list and member prices, pumps) and my usable coupons: paying needs a shopper. */
export function useStationToPay(id: number, point: GeoPoint | null, returnTo: string | undefined) {
  return useSignedInQuery(
    async () => {
      const [station, coupons] = await Promise.all([
        requestFuel('hui_shanghu.oil_station/read', { id, ...(point ? { lat: point.lat, lng: point.lng } : {}) }).then((r) => r.info),
        request('personal.coupon/index', { tab: 'available', page_size: 50 }).then((r) => r.list),
      ])
      return { station, coupons }
    },
    [id, point],
    { returnTo, enabled: id > 0 },
  )
}

/** The price per litre moved between the quote and create: the fresh quote to show and confirm. */
export class PriceMovedError extends Error {
  readonly quote: PriceQuote
  constructor(message: string, quote: PriceQuote) {
    super(message)
    this.name = 'PriceMovedError'
    this.quote = quote
  }
}

/**
 * create for a fuel payload carrying its `quoted_price`. A refusal because the price moved (docs/api.md "Fuel")
 * becomes a PriceMovedError with the fresh quote; any other refusal is thrown as it came. The client's ApiError
 * carries no `data`, so the fresh quote is asked again (preCreate without the quoted price) — the same figure
 * the refusal's data.price_moved.quote holds.
 */
export async function createFuelOrder(payload: OilOrderPayload & { quoted_price: number }, clientRequestId: string): Promise<OrderInfo> {
  try {
    return (await request('personal.order/create', { ...payload, client_request_id: clientRequestId })).order_info
  } catch (e) {
    if (!(e instanceof ApiError) || e.kind !== 'business') throw e
    const { quoted_price: _quoted, ...again } = payload
    const fresh = await request('personal.order/preCreate', again).catch(() => null)
    if (fresh?.oil && fresh.oil.litre_price !== payload.quoted_price) throw new PriceMovedError(e.message, fresh)
    throw e
  }
}
