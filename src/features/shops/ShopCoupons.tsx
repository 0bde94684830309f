import { Button, Text, View } from '@tarojs/components'
import { claimCoupon, useClaimableCoupons } from '@/api/coupons'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { requireLogin } from '@/core/session'
import { useAction } from '@/hooks/useAction'
import { useT } from './messages'
import { routeUrl } from '@/routes'
import { couponCapText, couponFace, minSpendText } from '@/components/CouponChoice/messages'

/** Coupons a shopper can claim at this shop: one tap, one claim. */
export default function ShopCoupons({ shopId }: { shopId: number }) {
  const t = useT()
  const coupons = useClaimableCoupons(shopId)
  const claim = useAction(async (couponId: number) => {
    if (!requireLogin(routeUrl('pages/shops/details', { id: shopId }))) return
    try {
      await claimCoupon(couponId)
      // Claimed: the coupons on show are read again by themselves (claimCoupon invalidates them).
      toastSuccess(t('shops.claimedToast'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const list = coupons.data?.list ?? []
  if (list.length === 0) return null
  return (
    <View className='shop-section'>
      <Text className='shop-section__title'>{t('shops.coupons')}</Text>
      {list.map((c) => (
        <View key={c.id} className={`coupon-row coupon-row--${c.id}`}>
          <Text className='coupon-row__amount'>{couponFace(c)}</Text>
          <View className='coupon-row__text'>
            <Text>{c.title}</Text>
            {/* Its threshold, a percentage's cap, and (issue 44) how many each may claim and how many are left. */}
            <Text className='coupon-row__hint'>
              {[minSpendText(c.min_spend), couponCapText(c), (c.per_person ?? 1) > 1 ? t('shops.perPerson', { n: c.per_person ?? 1, mine: c.mine ?? 0 }) : '', typeof c.left === 'number' ? t('shops.left', { n: c.left }) : '']
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </View>
          <Button className={`btn-pill btn-pill--small coupon-row__btn${c.claimed ? ' coupon-row__btn--done' : ''}`} disabled={c.claimed || claim.busy || undefined} onClick={() => void claim.run(c.id)}>
            {c.claimed ? t('shops.claimed') : t('shops.claim')}
          </Button>
        </View>
      ))}
    </View>
  )
}
