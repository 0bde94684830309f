import { defineMessages } from '@/core/i18n'

/** What a screen says when a tapped address cannot be shown on a map (Shop details, fuel). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'place.noMap': '无法在地图上打开{name}。地址：{address}',
  },
  en: {
    'place.noMap': 'Couldn’t open a map for {name}. The address: {address}',
  },
})
