import { defineMessages } from '@/core/i18n'

/** The pay pipeline's refund and failure words: they travel with the payment screens, not the first load. */
export const { t, keys, tables } = defineMessages({
  'zh-CN': {
    'pay.refunding': '订单退款中',
    'pay.refunded': '订单已退款',
    'pay.failedNothingTaken': '支付未成功，未扣款，请重试',
  },
  en: {
    'pay.refunding': 'Refund in progress',
    'pay.refunded': 'Refunded',
    'pay.failedNothingTaken': 'Payment failed, nothing was charged. Please try again',
  },
})
