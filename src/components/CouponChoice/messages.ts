import { defineMessages } from '@/core/i18n'

/** The coupon choice's words (Card tab; Pay a bill's pattern). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'coupon.label': '代金券',
    'coupon.none': '不使用',
    'coupon.count': '{count} 张可用',
  },
  en: {
    'coupon.label': 'Coupon',
    'coupon.none': 'None',
    'coupon.count': '{count} available',
  },
})
