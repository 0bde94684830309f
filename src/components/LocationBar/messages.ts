import { defineMessages } from '@/core/i18n'

/** The location line above a nearby list: ask, locating, and how to allow it after a refusal. */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'loc.use': '📍 按距离排序',
    'loc.locating': '正在定位…',
    'loc.deniedSettings': '未开启定位，已按城市显示。',
    'loc.allow': '去开启',
    'loc.deniedBrowser': '未允许定位，已按城市显示。如需显示距离，请在浏览器的网站设置中允许本站使用位置信息后刷新。',
    'loc.timeout': '定位超时，已按城市显示。',
    'loc.retry': '重试',
    'loc.unavailable': '当前浏览器无法定位（需 https），已按城市显示，可在上方选择城市。',
  },
  en: {
    'loc.use': '📍 Nearest first',
    'loc.locating': 'Finding your location…',
    'loc.deniedSettings': 'Location is off: shops are shown by city.',
    'loc.allow': 'Turn on',
    'loc.deniedBrowser': 'Location not allowed: shops are shown by city. To see distances, allow location for this site in your browser’s site settings, then reload.',
    'loc.timeout': 'Could not find your location in time: shops are shown by city.',
    'loc.retry': 'Try again',
    'loc.unavailable': 'This browser cannot share your location here (it needs https): shops are shown by city; choose yours above.',
  },
})
