import { centsToYuan } from '@/core/format'
import { defineMessages } from '@/core/i18n'

/** The coupon choice's words (Card tab, Pay a bill) and a coupon's threshold, for every screen that shows one. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'coupon.label': '代金券',
    'coupon.none': '不使用',
    'coupon.noneUsable': '暂无可用',
    'coupon.count': '{count} 张可用',
    'coupon.choose': '选择优惠券',
    'coupon.minSpend': '满 ¥{amount} 可用',
    'coupon.noThreshold': '无门槛',
    'coupon.percent': '减{percent}%',
    'coupon.cap': '最多减 ¥{amount}',
    'coupon.from': '{date} 起可用',
  },
  en: {
    'coupon.label': 'Coupon',
    'coupon.none': "Don't use a coupon",
    'coupon.noneUsable': 'None available',
    'coupon.count': '{count} available',
    'coupon.choose': 'Choose a coupon',
    'coupon.minSpend': 'Min. spend ¥{amount}',
    'coupon.noThreshold': 'No minimum',
    'coupon.percent': '{percent}% off',
    'coupon.cap': 'Up to ¥{amount} off',
    'coupon.from': 'From {date}',
  },
})

/**
 * A coupon's threshold in the shopper's language, always with ¥: 满 ¥50.00 可用 / Min. spend ¥50.00, or
 * 无门槛 / No minimum. The one wording for every screen that shows a coupon (call it where useT re-renders).
 */
export function minSpendText(minSpend: number): string {
  return minSpend > 0 ? t('coupon.minSpend', { amount: centsToYuan(minSpend) }) : t('coupon.noThreshold')
}

/** A coupon's value as its face shows it: ¥8, or 减20% / 20% off for a percentage coupon (issue 44). */
export function couponFace(c: { amount: number; percent_off?: number | null }): string {
  return typeof c.percent_off === 'number' ? t('coupon.percent', { percent: c.percent_off }) : `¥${centsToYuan(c.amount).replace(/\.00$/, '')}`
}

/** A percentage coupon's cap (最多减 ¥5.00 / Up to ¥5.00 off); '' for a value coupon. */
export function couponCapText(c: { amount: number; percent_off?: number | null }): string {
  return typeof c.percent_off === 'number' ? t('coupon.cap', { amount: centsToYuan(c.amount) }) : ''
}
