/**
 * Home's (and the other tab pages') first calls (issue 15), the same on the client and the server: the page asks for
 * them as it mounts, and the reference server's index.html for it starts them before the app's code has even arrived (server/early.ts),
 * so their answers are on the way while the scripts download. The H5 transport takes such an answer by its URL.
 * Runtime values (no zod): the client imports this file for real.
 */

/** Flash sales on Home's strip: this many of the live session. */
export const HOME_FLASH_PAGE_SIZE = 10

/** Shops near the shopper: the first page of this many. */
export const HOME_SHOP_PAGE_SIZE = 10

/**
 * A first call: [path, payload, when]. `inCity`: asked in the stored city (`city_id` first, as Home's filter puts it;
 * when Home follows the shopper's location instead it asks for another URL and the early answer is simply not
 * used). `signedIn`: only when a session is stored (the screen asks only then).
 */
export type FirstCall = readonly [path: string, payload: Readonly<Record<string, number>>, when?: 'inCity' | 'signedIn']

/** Each GET Home makes at once. */
export const HOME_FIRST_CALLS: readonly FirstCall[] = [
  ['index/moduleList', {}],
  ['website.hui_china_city/cityList', {}],
  ['hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE }],
  ['hui_shanghu.shop/index', { page: 1, page_size: HOME_SHOP_PAGE_SIZE }, 'inCity'],
]

/** The first calls of each page whose HTML starts them: Home, Membership card, Me (tabs) and Discount bill. Me: the customer-service line of its menu too. */
export const PAGE_FIRST_CALLS: Readonly<Record<string, readonly FirstCall[]>> = {
  'pages/index/index': HOME_FIRST_CALLS,
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
 * when the language changes) so the reference server answers and draws the next page for them (server/early.ts,
 * server/shell.ts). Preferences only — a session token is never put in a cookie.
 */
export const LANG_COOKIE = 'ocp_lang'
export const CITY_COOKIE = 'ocp_city'
/** A year, in seconds. */
export const PREF_COOKIE_MAX_AGE_S = 365 * 24 * 3600
