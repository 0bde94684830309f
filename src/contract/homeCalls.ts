/**
 * Home's first calls (issue 15), the same on the client and the server: Home asks for them as it mounts, and the
 * reference server's index.html for Home starts them before the app's code has even arrived (server/early.ts),
 * so their answers are on the way while the scripts download. The H5 transport takes such an answer by its URL.
 * Runtime values (no zod): the client imports this file for real.
 */

/** Flash sales on Home's strip: this many of the live session. */
export const HOME_FLASH_PAGE_SIZE = 10

/** Shops near the shopper: the first page of this many. */
export const HOME_SHOP_PAGE_SIZE = 10

/**
 * [path, payload, in the stored city] of each GET Home makes at once. The shop list is asked in the stored city
 * (`city_id` first, as Home's filter puts it); when Home then follows the shopper's location instead, it asks for
 * another URL and the early answer is simply not used.
 */
export const HOME_FIRST_CALLS: ReadonlyArray<readonly [path: string, payload: Readonly<Record<string, number>>, inCity?: true]> = [
  ['index/moduleList', {}],
  ['website.hui_china_city/cityList', {}],
  ['hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE }],
  ['hui_shanghu.shop/index', { page: 1, page_size: HOME_SHOP_PAGE_SIZE }, true],
]
