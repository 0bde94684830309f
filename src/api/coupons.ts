import type { COUPON_TABS } from '@/contract/member'
import { request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'
import { fetchShop } from './shops'

/** Coupons a shopper can claim at a shop, or anywhere without one (whether they already did, when logged in). */
export function useClaimableCoupons(shopId?: number) {
  return useQuery(() => request('hui_public.coupon/index', shopId ? { shop_id: shopId } : {}), [shopId])
}

/** Claim one coupon (one of each per shopper). */
export function claimCoupon(couponId: number) {
  return request('personal.coupon/claim', { coupon_id: couponId }, { changes: ['personal.coupon/', 'hui_public.coupon/'] })
}

/** My coupons on one tab, paged (Value coupons). */
export function useMyCouponPages(tab: (typeof COUPON_TABS)[number]) {
  return usePagedList((page, page_size) => request('personal.coupon/index', { tab, page, page_size }), [tab], { keyOf: (c) => c.id })
}

/** Pay a bill: the shop and my usable coupons, read together (the form needs both before it can price). */
export function useShopToPay(shopId: number, options: SignedInOptions = {}) {
  return useSignedInQuery(
    async () => {
      const [shop, coupons] = await Promise.all([fetchShop(shopId), request('personal.coupon/index', { tab: 'available', page_size: 50 })])
      return { shop, coupons: coupons.list }
    },
    [shopId],
    { ...options, enabled: shopId > 0 && (options.enabled ?? true) },
  )
}

/** My available coupons (to choose one when buying); only while logged in, checked again on a return (useQuery). */
export function useMyAvailableCoupons() {
  return useSignedInQuery(() => request('personal.coupon/index', { tab: 'available', page_size: 50 }).then((r) => r.list), [])
}
