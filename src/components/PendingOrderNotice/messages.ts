import { defineMessages } from '@/core/i18n'

/** The unpaid order waiting at this shop or station (Pay a bill, fuel): its words travel with those screens. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'pending.title': '你有一笔订单还没有支付',
    'pending.amount': '待付款 ¥{amount}',
    'pending.hint': '已下单未付款，可在“我的订单 · 待付款”中找到',
    'pending.expires': '{minutes:minute}内未支付将自动取消',
    'pending.pay': '去支付',
    'pending.cancel': '取消订单',
    'pending.cancelConfirm': '取消这笔 ¥{amount} 的待付款订单？',
    'pending.cancelYes': '取消订单',
    'pending.cancelNo': '暂不取消',
    'pending.cancelled': '订单已取消',
  },
  en: {
    'pending.title': 'You have an order waiting to be paid',
    'pending.amount': 'To pay ¥{amount}',
    'pending.hint': 'Ordered but not paid: it is under My orders · To pay',
    'pending.expires': 'Cancelled automatically if not paid within {minutes:minute}',
    'pending.pay': 'Pay',
    'pending.cancel': 'Cancel order',
    'pending.cancelConfirm': 'Cancel this unpaid order of ¥{amount}?',
    'pending.cancelYes': 'Cancel',
    'pending.cancelNo': 'Keep it',
    'pending.cancelled': 'Order cancelled',
  },
})
