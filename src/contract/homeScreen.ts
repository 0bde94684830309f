/**
 * Home's words and the countdown's form, shared by the app (src/features/home) and the reference server, which
 * draws Home's first screen into the page's HTML with them (server/shell.ts, issue 15): one source, so the
 * drawn screen says what the app will say. Plain data: the server imports it.
 */
export const HOME_WORDS = {
  'zh-CN': {
    'home.city': '城市',
    'home.chooseCity': '选择城市',
    'home.search': '搜索商家、商品',
    'home.flash': '限时秒杀',
    'home.flashEnds': '距结束 {time}',
    'home.flashStarts': '距开始 {time}',
    'home.more': '更多 ›',
    'home.bannerGo': '去看看 ›',
    'home.bannerN': '第 {n} 张，共 {total} 张',
    'home.nearby': '附近优惠',
    'home.nearbyEmpty': '这个城市还没有优惠商家',
    'home.modulesFailed': '服务加载失败',
  },
  en: {
    'home.city': 'City',
    'home.chooseCity': 'Choose a city',
    'home.search': 'Search shops and products',
    'home.flash': 'Flash sales',
    'home.flashEnds': 'Ends in {time}',
    'home.flashStarts': 'Starts in {time}',
    'home.more': 'More ›',
    'home.bannerGo': 'Take a look ›',
    'home.bannerN': 'Banner {n} of {total}',
    'home.nearby': 'Discounts nearby',
    'home.nearbyEmpty': 'No discount shops in this city yet',
    'home.modulesFailed': 'Could not load services',
  },
} as const

/** 3725 s → "01:02:05": the flash-sale countdown. */
export const hms = (s: number): string =>
  [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':')
