import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { UserCoupon } from '@/contract/member'
import type { OrderKind } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { useT } from './messages'
import './index.css'

/** The coupons a shopper can use on an order of this kind (at this shop, for this spend), largest first. */
export function usableCoupons(coupons: readonly UserCoupon[], kind: OrderKind, spend: number, shopId: number | null = null): UserCoupon[] {
  return coupons
    .filter((c) => c.status === 'available' && (c.kind === null || c.kind === kind) && (c.shop_id === null || c.shop_id === shopId) && c.min_spend <= spend)
    .sort((a, b) => b.amount - a.amount)
}

interface Props {
  /** Usable coupons (usableCoupons), the best first. */
  usable: UserCoupon[]
  chosenId: number | null
  onChange: (id: number | null) => void
  /** What the chosen coupon takes off, as the server priced it (its face value until then). */
  amountOff?: number
}

/** A coupon row: the chosen coupon's saving, or how many can be used; tap → choose one or none. */
export default function CouponChoice({ usable, chosenId, onChange, amountOff }: Props) {
  const t = useT()
  const chosen = usable.find((c) => c.id === chosenId)
  const choose = async () => {
    if (usable.length === 0) return
    try {
      const { tapIndex } = await Taro.showActionSheet({ itemList: [t('coupon.none'), ...usable.map((c) => `${c.title}（¥${centsToYuan(c.amount)}）`)] })
      onChange(tapIndex === 0 ? null : usable[tapIndex - 1].id)
    } catch {
      // Dismissed: keep the choice.
    }
  }
  return (
    <View className='coupon-choice' role='button' tabIndex={usable.length ? 0 : -1} aria-disabled={usable.length === 0} onClick={() => void choose()}>
      <Text>{t('coupon.label')}</Text>
      <Text className={`coupon-choice__value${chosen ? ' coupon-choice__value--chosen' : usable.length ? '' : ' coupon-choice__value--none'}`}>
        {chosen ? `${chosen.title} -¥${centsToYuan(amountOff ?? chosen.amount)}` : usable.length ? t('coupon.count', { count: usable.length }) : t('coupon.none')}
      </Text>
    </View>
  )
}
