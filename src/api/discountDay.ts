/**
 * Discount day's calls (issue 26; src/contract/discountDay.ts): the month's days, the next one and the shops taking
 * part near the shopper (or in their city), and the reminder. Through the app's one client.
 */
import type { GeoPoint } from '@/contract/geo'
import type { SubscribeResult } from '@/contract/takeoutEndpoints'
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

/**
 * Ask to be reminded of a coming discount day: with WeChat's answer for the template (weapp), or `accept` alone (H5, or
 * no template: the sandbox records it).
 */
export const remindDiscountDay = (day: string, answer: { result: SubscribeResult; template_id: string } | null) =>
  request('personal.discount_day/remind', answer ? { day, ...answer } : { day, result: 'accept' })

/** Withdraw the reminder of a coming discount day (nothing will be sent). */
export const cancelDiscountDayReminder = (day: string) => request('personal.discount_day/cancelReminder', { day })
