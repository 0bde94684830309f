import { defineMessages } from '@/core/i18n'

export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'search.placeholder': '搜索商家、商品',
    'search.cancel': '取消',
    'search.shops': '商家',
    'search.products': '秒杀商品',
    'search.history': '搜索历史',
    'search.clear': '清空',
    'search.clearInput': '清除搜索词',
    'search.hot': '热门搜索',
    'search.hotWords': '川味|拉面|美发|洗衣|耳机|大米',
    'search.none': '没有找到“{keyword}”',
    'search.noneHint': '换个关键词试试',
  },
  en: {
    'search.placeholder': 'Search shops and products',
    'search.cancel': 'Cancel',
    'search.shops': 'Shops',
    'search.products': 'Flash deals',
    'search.history': 'Recent searches',
    'search.clear': 'Clear',
    'search.clearInput': 'Clear search',
    'search.hot': 'Popular',
    'search.hotWords': '川味|拉面|美发|洗衣|耳机|大米',
    'search.none': 'Nothing found for "{keyword}"',
    'search.noneHint': 'Try another word',
  },
})
