import { defineMessages } from '@/core/i18n'

/** This feature's words, loaded with its screens (not in the app's first load). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'success.paid': '支付成功',
    'success.checking': '正在确认支付结果…',
    'success.notYet': '暂未收到支付结果',
    'success.notYetHint': '如已付款，请稍后在订单中查看',
    'success.checkAgain': '再次查询',
    'success.amount': '实付金额',
    'success.saved': '为您节省',
    'success.shop': '商家',
    'success.orderNo': '订单号',
    'success.time': '支付时间',
    'success.viewOrder': '查看订单',
    'success.home': '返回首页',
    'success.goldPlan': '点金计划',
  },
  en: {
    'success.paid': 'payment success',
    'success.checking': 'Checking the payment…',
    'success.notYet': 'No payment result yet',
    'success.notYetHint': 'If you have paid, check your orders shortly',
    'success.checkAgain': 'Check again',
    'success.amount': 'Paid',
    'success.saved': 'You saved',
    'success.shop': 'Shop',
    'success.orderNo': 'Order no.',
    'success.time': 'Paid at',
    'success.viewOrder': 'View order',
    'success.home': 'Back home',
    'success.goldPlan': 'Gold-pointing plan',
  },
})
