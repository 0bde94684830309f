import { defineMessages } from '@/core/i18n'

/** The pay pipeline's words (refunds, failures, H5's payment sheet and QR code): they travel with the payment screens, not the first load. */
export const { t, keys, tables } = defineMessages({
  'zh-CN': {
    'pay.refunding': '订单退款中',
    'pay.refunded': '订单已退款',
    'pay.failedNothingTaken': '支付未成功，未扣款，请重试',
    'pay.choose.title': '选择支付方式',
    'pay.choose.amount': '需支付 ¥{amount}',
    'pay.method.wechat': '微信支付',
    'pay.method.alipay': '支付宝',
    'pay.method.last': '上次使用',
    'pay.qr.title': '微信扫码支付',
    'pay.qr.hint': '请用手机微信扫一扫，完成支付后点“我已支付”',
    'pay.qr.alt': '微信支付二维码',
    'pay.qr.done': '我已支付',
    'pay.qr.waiting': '等待支付…',
  },
  en: {
    'pay.refunding': 'Refund in progress',
    'pay.refunded': 'Refunded',
    'pay.failedNothingTaken': 'Payment failed, nothing was charged. Please try again',
    'pay.choose.title': 'Choose how to pay',
    'pay.choose.amount': 'To pay: ¥{amount}',
    'pay.method.wechat': 'WeChat Pay',
    'pay.method.alipay': 'Alipay',
    'pay.method.last': 'Used last time',
    'pay.qr.title': 'Scan with WeChat to pay',
    'pay.qr.hint': 'Scan this code with WeChat on your phone, then tap "I have paid"',
    'pay.qr.alt': 'WeChat Pay QR code',
    'pay.qr.done': 'I have paid',
    'pay.qr.waiting': 'Waiting for payment…',
  },
})
