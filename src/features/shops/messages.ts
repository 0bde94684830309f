import { defineMessages } from '@/core/i18n'

export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'shops.all': '全部',
    'shops.discount': '{rate} 折',
    'shops.rating': '{rating} 分',
    'shops.empty': '附近还没有优惠商家',
    'shops.emptyHint': '换个分类看看',
    'shops.payBill': '优惠买单',
    'shops.details': '详情',
    'shops.hours': '营业时间',
    'shops.address': '地址',
    'shops.call': '电话',
    'shops.coupons': '可领优惠券',
    'shops.claim': '领取',
    'shops.claimed': '已领取',
    'shops.claimedToast': '领取成功',
    'shops.minSpend': '满 ¥{amount} 可用',
    'shops.noThreshold': '无门槛',
    'shops.comments': '用户评价',
    'shops.noComments': '还没有评价',
  },
  en: {
    'shops.all': 'All',
    'shops.discount': '{rate}% of price',
    'shops.rating': '{rating} stars',
    'shops.empty': 'No discount shops here yet',
    'shops.emptyHint': 'Try another category',
    'shops.payBill': 'Pay bill',
    'shops.details': 'Details',
    'shops.hours': 'Hours',
    'shops.address': 'Address',
    'shops.call': 'Phone',
    'shops.coupons': 'Coupons to claim',
    'shops.claim': 'Claim',
    'shops.claimed': 'Claimed',
    'shops.claimedToast': 'Claimed',
    'shops.minSpend': 'From ¥{amount}',
    'shops.noThreshold': 'No minimum',
    'shops.comments': 'Reviews',
    'shops.noComments': 'No reviews yet',
  },
})

/** 88 → "8.8" (zh 折) or "88" (en, percent of the price). */
export const discountLabel = (rate: number, lang: string) => (lang === 'en' ? String(rate) : (rate / 10).toFixed(1).replace(/\.0$/, ''))
