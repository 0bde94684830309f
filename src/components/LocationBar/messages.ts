import { defineMessages } from '@/core/i18n'

/** The location line above a nearby list: ask, locating, and how to allow it after a refusal (kept short: Home's first load). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'loc.use': '📍 离我最近',
    'loc.denied': '未开启定位',
    'loc.allow': '去开启',
    'loc.deniedWeb': '未允许定位：可在浏览器设置中允许本站定位后刷新',
    'loc.timeout': '定位超时',
    'loc.retry': '重试',
    'loc.unavailable': '无法定位（需 https），请选择城市',
  },
  en: {
    'loc.use': '📍 Nearest first',
    'loc.denied': 'Location is off',
    'loc.allow': 'Turn on',
    'loc.deniedWeb': 'Location blocked: allow it for this site in browser settings, then reload',
    'loc.timeout': 'Location timed out',
    'loc.retry': 'Retry',
    'loc.unavailable': 'No location here (needs https): choose a city',
  },
})
