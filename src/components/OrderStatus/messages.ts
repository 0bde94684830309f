import { defineMessages } from '@/core/i18n'

/** Order status words (docs/api.md): My orders, Order detail and Card purchase records show them. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'order.status.0': '待付款',
    'order.status.10': '已付款',
    'order.status.20': '商家已接单',
    'order.status.30': '配送中',
    'order.status.40': '已完成',
    'order.status.50': '已取消',
    'order.status.60': '退款中',
    'order.status.70': '已退款',
    'order.status.takeout10': '待商家接单',
  },
  en: {
    'order.status.0': 'Unpaid',
    'order.status.10': 'Paid',
    'order.status.20': 'Accepted',
    'order.status.30': 'Delivering',
    'order.status.40': 'Completed',
    'order.status.50': 'Cancelled',
    'order.status.60': 'Refunding',
    'order.status.70': 'Refunded',
    'order.status.takeout10': 'Awaiting the shop',
  },
})
