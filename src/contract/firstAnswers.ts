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
 * H5: the shopper's language and chosen city, copied into these cookies (by the page's first script and by the app
 * when the language changes) so the reference server answers and draws the next page for them (server/hosting/firstAnswers.ts,
 * server/hosting/drawing). Preferences only — a session token is never put in a cookie.
 */
export const LANG_COOKIE = 'ocp_lang'
export const CITY_COOKIE = 'ocp_city'
/** A year, in seconds. */
export const PREF_COOKIE_MAX_AGE_S = 365 * 24 * 3600
