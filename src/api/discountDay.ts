/**
 * Discount day's calls (issue 26; src/contract/discountDay.ts): the month's days, the next one and the shops taking
 * part near the shopper (or in their city), and the reminder. Through the app's one client.
 */
import type { GeoPoint } from '@/contract/geo'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** Where to look: the shopper's point (nearest first, with distances) or a city (no point known). */
export type DiscountDayNear = { point: GeoPoint } | { cityId: number | undefined }

/** The calendar and the shops; nothing asked until `near` is known (still locating). */
export function useDiscountDay(near: DiscountDayNear | null) {
  return useQuery(
    () => request('hui_shanghu.discount_day/index', near && 'point' in near ? { lat: near.point.lat, lng: near.point.lng } : near?.cityId ? { city_id: near.cityId } : {}),
    [near],
    near !== null,
  )
}

/** Ask to be reminded of a coming discount day (the sandbox records it). */
export const remindDiscountDay = (day: string) => request('personal.discount_day/remind', { day, result: 'accept' })
