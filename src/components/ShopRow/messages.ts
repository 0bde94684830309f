import { defineMessages } from '@/core/i18n'

/** A shop row's words (Home, Discount bill, Search) and the discount label that Pay a bill and Shop details show too. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'shops.discount': '{rate} 折',
    'shops.rating': '{rating} 分',
    'shops.details': '详情',
  },
  en: {
    'shops.discount': '{rate:off}% off',
    'shops.rating': '{rating} stars',
    'shops.details': 'Details',
  },
})

/** 88 → "8.8" (zh: 8.8 折) or "88" (en: the message says `{rate:off}% off`, "12% off"). */
export const discountLabel = (rate: number, lang: string) => (lang === 'en' ? String(rate) : (rate / 10).toFixed(1).replace(/\.0$/, ''))
