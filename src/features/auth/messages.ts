import { defineMessages } from '@/core/i18n'

/** This feature's words, loaded with its screens (not in the app's first load). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'auth.title': '绑定手机号',
    'auth.subtitle': '绑定后即可购卡、买单并享受会员折扣',
    'auth.phone': '手机号',
    'auth.phonePlaceholder': '请输入 11 位手机号',
    'auth.code': '验证码',
    'auth.codePlaceholder': '请输入 6 位验证码',
    'auth.sendCode': '获取验证码',
    'auth.resendIn': '{seconds} 秒后重发',
    'auth.codeSent': '验证码已发送',
    'auth.bind': '绑定并登录',
    'auth.phoneInvalid': '请输入正确的 11 位手机号',
    'auth.codeInvalid': '请输入 6 位数字验证码',
    'auth.bound': '登录成功',
    'auth.redirecting': '正在前往微信授权…',
  },
  en: {
    'auth.title': 'Bind your phone',
    'auth.subtitle': 'Bind to buy a card, pay bills and get member discounts',
    'auth.phone': 'Phone',
    'auth.phonePlaceholder': '11-digit mobile number',
    'auth.code': 'Code',
    'auth.codePlaceholder': '6-digit code',
    'auth.sendCode': 'Get code',
    'auth.resendIn': 'Resend in {seconds}s',
    'auth.codeSent': 'Code sent',
    'auth.bind': 'Bind and log in',
    'auth.phoneInvalid': 'Enter a valid 11-digit mobile number',
    'auth.codeInvalid': 'Enter the 6-digit code',
    'auth.bound': 'Logged in',
    'auth.redirecting': 'Opening WeChat authorization…',
  },
})
