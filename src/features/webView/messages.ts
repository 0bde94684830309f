import { defineMessages } from '@/core/i18n'

export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'web.refused': '无法打开此网页',
    'web.frame': '网页：{host}',
    'web.refused.missing': '没有要打开的地址',
    'web.refused.malformed': '网页地址无效',
    'web.refused.scheme': '只能打开 https 安全网页',
    'web.refused.host': '该网站不在允许范围内',
  },
  en: {
    'web.refused': 'This page cannot be opened',
    'web.frame': 'Web page: {host}',
    'web.refused.missing': 'No address to open',
    'web.refused.malformed': 'The address is not valid',
    'web.refused.scheme': 'Only secure https pages can be opened',
    'web.refused.host': 'This site is not on the allowed list',
  },
})
