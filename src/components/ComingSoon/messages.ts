import { defineMessages } from '@/core/i18n'

/**
 * Words of the "coming soon" screen: what every route not built yet says, and one line per route naming what
 * that screen will offer (PRODUCT.md §3). They load with those screens only, never with Home.
 */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'soon.title': '即将上线',
    'soon.back': '返回上一页',
    'soon.home': '回到首页',
    'soon.offer.pages/shopRegister/index': '商家在线申请入驻，并随时查看审核进度。',
  },
  en: {
    'soon.title': 'Coming soon',
    'soon.back': 'Go back',
    'soon.home': 'Go to Home',
    'soon.offer.pages/shopRegister/index': 'Merchants apply to join online and follow the review.',
  },
})
