import { defineMessages } from '@/core/i18n'

export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'quote.retry': '重新计算',
  },
  en: {
    'quote.retry': 'Try again',
  },
})
