/**
 * A page's **first answers** (issue 15): the answers its first screen needs, which the app does not have to ask for —
 * the reference server answers them inside the page's HTML (or its first script asks for them before the app's code
 * has arrived: server/hosting/firstAnswers.ts), and on weapp the app asks for them before the page has rendered
 * (src/core/firstAnswers.ts). The H5 transport takes such an answer by its URL. The same list on the client and the
 * server. Runtime values (no zod): the client imports this file for real.
 */

/** Flash sales on Home's strip: this many of the live session. */
export const HOME_FLASH_PAGE_SIZE = 10

/** Shops near the shopper: the first page of this many. */
export const HOME_SHOP_PAGE_SIZE = 10

/**
 * A first answer's call: [path, payload, when]. `inCity`: asked in the stored city (`city_id` first, as Home's filter puts it;
 * when Home follows the shopper's location instead it asks for another URL and the first answer is simply not
 * used). `signedIn`: only when a session is stored (the screen asks only then).
 */
export type FirstAnswerCall = readonly [path: string, payload: Readonly<Record<string, number>>, when?: 'inCity' | 'signedIn']

/** Each GET Home makes at once. */
export const HOME_FIRST_ANSWERS: readonly FirstAnswerCall[] = [
  ['index/moduleList', {}],
  ['website.hui_china_city/cityList', {}],
  ['hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE }],
  ['hui_shanghu.shop/index', { page: 1, page_size: HOME_SHOP_PAGE_SIZE }, 'inCity'],
]

/** The first answers of each page that has some: Home, Membership card, Me (tabs) and Discount bill. Me: the customer-service line of its menu too. */
export const FIRST_ANSWERS: Readonly<Record<string, readonly FirstAnswerCall[]>> = {
  'pages/index/index': HOME_FIRST_ANSWERS,
  'pages/card/index': [['hui_public.card/index', {}], ['personal.user/info', {}, 'signedIn']],
  'pages/personal/index': [['personal.user/info', {}, 'signedIn'], ['index/serverInfo', {}]],
  // Not a tab, but Home's most used service: its chips, the city names and the stored city's shops (all classes).
  'pages/discountBill/index': [
    ['hui_shanghu.hs_business_class/index', {}],
    ['website.hui_china_city/cityList', {}],
    ['hui_shanghu.shop/index', { page: 1, page_size: HOME_SHOP_PAGE_SIZE }, 'inCity'],
  ],
}

/**
 * H5: the language the shopper chose on My account (none chosen: no cookie, and the server follows the browser's
 * Accept-Language as the app follows its languages — langOfTags below) and the chosen city, copied into these cookies
 * (by the page's first script and by the app when the language changes) so the reference server answers and draws the
 * next page for them (server/hosting/firstAnswers.ts, server/hosting/drawing). Preferences only — a session token is
 * never put in a cookie.
 */
export const LANG_COOKIE = 'ocp_lang'
export const CITY_COOKIE = 'ocp_city'
/** A year, in seconds. */
export const PREF_COOKIE_MAX_AGE_S = 365 * 24 * 3600

/**
 * Which of the app's languages a phone or browser asks for while the shopper has not chosen one on My account
 * (issue 39): read from the languages it lists, most preferred first — H5: `navigator.languages`; the reference
 * server drawing a page: the request's `Accept-Language`; weapp: WeChat's own language (`wx.getAppBaseInfo().language`,
 * 'zh_CN', 'zh_TW', 'en' …). The first listed language the app has decides (any Chinese — zh-CN, zh-TW, zh-Hant-HK —
 * reads the app's Simplified Chinese); a list that names neither is read in English (a French or Japanese phone is
 * likelier to read English than Chinese); nothing listed at all is the app's first language, Chinese.
 * Runtime values (no zod): the app imports this file for real. The page's first script (server/hosting/pageScripts/
 * firstAnswers.ts), which may import nothing, is handed LANG_RULE and follows the same steps; a test runs both.
 */
export const LANG_RULE = {
  /** Primary language subtags the app has, and the language each reads. */
  known: { zh: 'zh', en: 'en' } as Readonly<Record<string, 'zh' | 'en'>>,
  /** A list that names none of them. */
  other: 'en' as 'zh' | 'en',
  /** No list at all. */
  none: 'zh' as 'zh' | 'en',
}

/** The app's language for a list of language tags, most preferred first ("en-US", "zh_CN", "zh-Hant-TW", "fr"). */
export function langOfTags(tags: readonly string[]): 'zh' | 'en' {
  let named = false
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag.trim() === '' || tag.trim() === '*') continue
    named = true
    const primary = tag.trim().split(/[-_]/)[0].toLowerCase()
    if (Object.prototype.hasOwnProperty.call(LANG_RULE.known, primary)) return LANG_RULE.known[primary]
  }
  return named ? LANG_RULE.other : LANG_RULE.none
}
