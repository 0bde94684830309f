import { defineMessages } from '@/core/i18n'

/** The location line above a nearby list: ask, locating, and how to allow it after a refusal (kept short: Home's first load). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'loc.use': '📍 离我最近',
    'loc.locating': '定位中…',
    'loc.denied': '未开启定位，按城市显示',
    'loc.allow': '去开启',
    'loc.deniedWeb': '未允许定位，按城市显示。可在浏览器设置中允许本站定位后刷新',
    'loc.timeout': '定位超时，按城市显示',
    'loc.retry': '重试',
    'loc.unavailable': '此浏览器无法定位（需 https），请选择城市',
  },
  en: {
    'loc.use': '📍 Nearest first',
    'loc.locating': 'Locating…',
    'loc.denied': 'Location is off: shown by city',
    'loc.allow': 'Turn on',
    'loc.deniedWeb': 'Location blocked: shown by city. Allow it for this site in browser settings, then reload',
    'loc.timeout': 'Location timed out: shown by city',
    'loc.retry': 'Retry',
    'loc.unavailable': 'No location in this browser (needs https): choose a city',
  },
})
