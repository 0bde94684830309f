/**
 * Home's words and the countdown's form, shared by the app (src/features/home) and the reference server, which
 * draws Home's first screen into the page's HTML with them (server/hosting/drawing, issue 15): one source, so the
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

/**
 * The flash-sale session Home's strip shows — the live one, else the next — and the time its countdown counts to (its
 * end, or its start). None when the strip would show nothing (no session, or no products). The app and the server's
 * drawing both choose with it.
 */
export function flashSession<S extends { state: string; start_time: string; end_time: string }>(data: { sessions: readonly S[]; list: readonly unknown[] }): { session: S; until: string } | undefined {
  const session = data.sessions.find((s) => s.state === 'on') ?? data.sessions.find((s) => s.state === 'upcoming')
  if (!session || data.list.length === 0) return undefined
  return { session, until: session.state === 'on' ? session.end_time : session.start_time }
}
