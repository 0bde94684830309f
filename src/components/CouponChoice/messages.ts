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
  },
  en: {
    'coupon.label': 'Coupon',
    'coupon.none': "Don't use a coupon",
    'coupon.noneUsable': 'None available',
    'coupon.count': '{count} available',
    'coupon.choose': 'Choose a coupon',
    'coupon.minSpend': 'Min. spend ¥{amount}',
    'coupon.noThreshold': 'No minimum',
  },
})

/**
 * A coupon's threshold in the shopper's language, always with ¥: 满 ¥50.00 可用 / Min. spend ¥50.00, or
 * 无门槛 / No minimum. The one wording for every screen that shows a coupon (call it where useT re-renders).
 */
export function minSpendText(minSpend: number): string {
  return minSpend > 0 ? t('coupon.minSpend', { amount: centsToYuan(minSpend) }) : t('coupon.noThreshold')
}
