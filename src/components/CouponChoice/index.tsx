import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import ChoiceSheet from '@/components/ChoiceSheet'
import type { UserCoupon } from '@/contract/member'
import type { OrderKind } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { businessToday } from '@/core/clock'
import { couponCapText, couponFace, minSpendText, useT } from './messages'
import './index.css'

/** About what a coupon takes off this spend (the server decides the amount): a percentage coupon's share, at most its cap. */
const savingOn = (c: UserCoupon, spend: number) => (typeof c.percent_off === 'number' ? Math.min(c.amount, Math.round((spend * c.percent_off) / 100)) : c.amount)

/**
 * The coupons a shopper can use on an order of this kind (at this shop, for this spend), the largest saving first; a
 * coupon of a window not begun yet is not (issue 44: the server refuses it, coupon_not_started).
 */
export function usableCoupons(coupons: readonly UserCoupon[], kind: OrderKind, spend: number, shopId: number | null = null): UserCoupon[] {
  const today = businessToday()
  return coupons
    .filter((c) => c.status === 'available' && (c.kind === null || c.kind === kind) && (c.shop_id === null || c.shop_id === shopId) && c.min_spend <= spend && !(c.starts_at && c.starts_at.slice(0, 10) > today))
    .sort((a, b) => savingOn(b, spend) - savingOn(a, spend))
}

/** A coupon as the sheet lists it: title, value (a percentage's cap) and threshold (when it has one). */
const couponLabel = (c: UserCoupon) =>
  [c.title, typeof c.percent_off === 'number' ? couponFace(c) : `¥${centsToYuan(c.amount)}`, ...(couponCapText(c) ? [couponCapText(c)] : []), ...(c.min_spend > 0 ? [minSpendText(c.min_spend)] : [])].join(' · ')

interface Props {
  /** Usable coupons (usableCoupons), the best first. */
  usable: UserCoupon[]
  chosenId: number | null
  onChange: (id: number | null) => void
  /** What the chosen coupon takes off, as the server priced it (its face value until then). */
  amountOff?: number
  /** The row shows only the saving (Pay a bill), not the coupon's title with it (Card tab). */
  savingOnly?: boolean
  /** More classes for the row (the screen's own row layout). */
  className?: string
}

/**
 * A coupon row: the chosen coupon's saving, or how many can be used; a tap opens an in-app sheet (any number of
 * coupons, in the shopper's language, a dialog to screen readers) to choose one or none. One per page (#coupon-sheet).
 */
export default function CouponChoice({ usable, chosenId, onChange, amountOff, savingOnly = false, className = '' }: Props) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const chosen = usable.find((c) => c.id === chosenId)
  const saving = chosen ? `-¥${centsToYuan(amountOff ?? chosen.amount)}` : ''
  return (
    <>
      <View
        className={`coupon-choice${className ? ` ${className}` : ''}`}
        role='button'
        tabIndex={usable.length ? 0 : -1}
        aria-disabled={usable.length === 0}
        aria-haspopup='dialog'
        onClick={() => usable.length > 0 && setOpen(true)}
      >
        <Text>{t('coupon.label')}</Text>
        <Text className={`coupon-choice__value${chosen ? ' coupon-choice__value--chosen' : usable.length ? '' : ' coupon-choice__value--none'}`}>
          {chosen ? (savingOnly ? saving : `${chosen.title} ${saving}`) : usable.length ? t('coupon.count', { count: usable.length }) : t('coupon.noneUsable')}
        </Text>
      </View>
      <ChoiceSheet
        id='coupon-sheet'
        open={open}
        title={t('coupon.choose')}
        choices={[{ key: 'none', label: t('coupon.none'), selected: !chosen }, ...usable.map((c) => ({ key: c.id, label: couponLabel(c), selected: c.id === chosenId }))]}
        cancelText={t('common.cancel')}
        onPick={(i) => onChange(i === 0 ? null : usable[i - 1].id)}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
