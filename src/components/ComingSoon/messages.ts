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
    'soon.offer.pages/discountsDay/index': '每月优惠日的日历，以及当天参与的商家和额外折扣。',
    'soon.offer.pages/recruit/index': '按城市、类别和薪资筛选的本地招聘职位。',
    'soon.offer.pages/recruit/detail': '职位的薪资、要求、福利和联系方式。',
    'soon.offer.pages/activity/competition': '邀请好友的推广大赛：排行榜、我的名次和活动规则。',
    'soon.offer.pages/shopRegister/index': '商家在线申请入驻，并随时查看审核进度。',
  },
  en: {
    'soon.title': 'Coming soon',
    'soon.back': 'Go back',
    'soon.home': 'Go to Home',
    'soon.offer.pages/discountsDay/index': "This month's discount days and the shops that join each one.",
    'soon.offer.pages/recruit/index': 'Local jobs, filtered by city, category and salary.',
    'soon.offer.pages/recruit/detail': 'A job: salary, requirements, benefits and how to apply.',
    'soon.offer.pages/activity/competition': 'The referral contest: leaderboard, your rank and the rules.',
    'soon.offer.pages/shopRegister/index': 'Merchants apply to join online and follow the review.',
  },
})
