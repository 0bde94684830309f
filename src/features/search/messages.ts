import { defineMessages } from '@/core/i18n'

// The English popular words are English words the server searches as the Chinese they stand for (src/contract/searchWords.ts).
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'search.placeholder': '搜索商家、商品',
    'search.cancel': '取消',
    'search.shops': '商家',
    'search.products': '秒杀商品',
    'search.mall': '商城商品',
    'search.mallPlaceholder': '搜索商城商品',
    'search.mallHotWords': '脐橙|坚果|耳机|面霜|抽纸|拼图',
    'search.soldOut': '已售罄',
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
    'search.mall': 'Mall',
    'search.mallPlaceholder': 'Search the mall',
    'search.mallHotWords': 'Navel oranges|Nuts|Earphones|Face cream|Tissues|Puzzles',
    'search.soldOut': 'Sold out',
    'search.history': 'Recent searches',
    'search.clear': 'Clear',
    'search.clearInput': 'Clear search',
    'search.hot': 'Popular',
    'search.hotWords': 'Sichuan food|Ramen|Hair salon|Laundry|Earphones|Rice',
    'search.none': 'Nothing found for "{keyword}"',
    'search.noneHint': 'Try another word',
  },
})
