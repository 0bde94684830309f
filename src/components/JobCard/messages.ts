import { defineMessages } from '@/core/i18n'

/** A job posting's card words (issue 26): Jobs and Search's Jobs tab. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'jobs.cat.restaurant': '餐饮',
    'jobs.cat.retail': '零售',
    'jobs.cat.beauty': '美容美发',
    'jobs.cat.service': '生活服务',
    'jobs.cat.fuel': '加油站',
    'jobs.pay': '{min}-{max} 元/月',
    'jobs.headcount': '招 {n} 人',
  },
  en: {
    'jobs.cat.restaurant': 'Restaurants',
    'jobs.cat.retail': 'Retail',
    'jobs.cat.beauty': 'Beauty',
    'jobs.cat.service': 'Services',
    'jobs.cat.fuel': 'Fuel stations',
    'jobs.pay': '¥{min}–{max} a month',
    'jobs.headcount': '{n} wanted',
  },
})
