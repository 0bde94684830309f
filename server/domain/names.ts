/**
 * English for the names the system defines (seed.ts): card levels and their benefits, business classes, cities,
 * banners, default nicknames. The client sends its language as `lang` in every payload; routes answer with the
 * name in it where there is one. What merchants and shoppers write (shop names, dishes, reviews) is not here and
 * stays as written. Keyed by the Chinese name the seed writes, so the data stays in one language in the database.
 */
import type { ApiLang } from '../../src/contract/common'

export const EN_NAMES: Readonly<Record<string, string>> = {
  // Card levels.
  银卡: 'Silver card',
  金卡: 'Gold card',
  钻石卡: 'Diamond card',
  // Card benefits.
  '合作商户买单额外 98 折': 'An extra 2% off bills at partner shops',
  '合作商户买单额外 95 折': 'An extra 5% off bills at partner shops',
  '合作商户买单额外 92 折': 'An extra 8% off bills at partner shops',
  '每月 1 张 5 元代金券': 'One ¥5 coupon every month',
  '每月 2 张 10 元代金券': 'Two ¥10 coupons every month',
  '每月 4 张 20 元代金券': 'Four ¥20 coupons every month',
  优惠日专享折扣: 'Member prices on Discount day',
  '秒杀提前 5 分钟': 'Flash sales 5 minutes early',
  加油每升立减: 'Money off every litre of fuel',
  专属客服: 'Personal customer service',
  生日礼包: 'Birthday gift',
  // Business classes.
  美食: 'Food',
  丽人: 'Beauty',
  休闲娱乐: 'Leisure',
  生活服务: 'Services',
  加油站: 'Fuel stations',
  超市便利: 'Convenience stores',
  // Cities.
  深圳: 'Shenzhen',
  广州: 'Guangzhou',
  上海: 'Shanghai',
  北京: 'Beijing',
  杭州: 'Hangzhou',
  成都: 'Chengdu',
  东莞: 'Dongguan',
  佛山: 'Foshan',
  // Home banners.
  '开通会员 买单享折扣': 'Join and save on every bill',
  '限时秒杀 每日三场': 'Flash sales, three a day',
  '好店加油 每升立减': 'Fuel for less, every litre',
  // Micro mall: categories and the special (products stay as their merchants write them).
  生鲜水果: 'Fresh fruit',
  休闲零食: 'Snacks',
  家居日用: 'Home',
  数码家电: 'Digital',
  美妆个护: 'Beauty',
  母婴玩具: 'Baby & toys',
  年货节: 'New Year goods',
  '年味好物 会员再省': 'New Year favourites, members save more',
  // The gallery's slides (the platform's promotion words).
  '送给孩子的新年礼物': 'A New Year gift for the little ones',
  '降噪耳机 会员专享': 'Noise-cancelling, for members',
  '会员价 ¥269': 'Members pay ¥269',
  脐橙上新: 'Fresh navel oranges',
  '果园直发 5 斤 ¥35.9 起': 'Straight from the orchard, 2.5 kg from ¥35.90',
  新年礼物: 'New Year gifts',
  // Fuel brands (the stations' names stay as the merchants write them).
  中国石化: 'Sinopec',
  中国石油: 'PetroChina',
  壳牌: 'Shell',
  // Nicknames the system gives.
  已注销用户: 'Deleted user',
}

/** Home's service grid: key, Chinese and English title, page. */
export const GRID_MODULES = [
  ['card', '会员卡', 'Membership card', '/pages/card/index'],
  ['discountBill', '优惠买单', 'Discount bill', '/pages/discountBill/index'],
  ['oil', '好店加油', 'Fuel', '/pages/payBill/oil'],
  ['seckill', '限时秒杀', 'Flash sales', '/pages/seckill/index'],
  ['takeout', '外卖', 'Takeout', '/pages/takeout/index'],
  ['vMall', '微商城', 'Micro mall', '/pages/vMall/index'],
  ['discountsDay', '优惠日', 'Discount day', '/pages/discountsDay/index'],
  ['coupons', '代金券', 'Coupons', '/pages/card/ticketList'],
  ['recruit', '招聘', 'Jobs', '/pages/recruit/index'],
  ['shopRegister', '商家入驻', 'Merchant sign-up', '/pages/shopRegister/index'],
  ['competition', '推广大赛', 'Competition', '/pages/activity/competition'],
] as const

/** The name in the shopper's language, when the system defined it; anything else as written. */
export const named = (lang: ApiLang, zh: string): string => (lang === 'en' ? (EN_NAMES[zh] ?? zh) : zh)

/** A card order's title (一卡通 + the level, server/domain/orders.ts) in the shopper's language: "One Card Pass Gold card". */
export function cardTitleIn(lang: ApiLang, title: string): string {
  const level = /^一卡通(.+)$/.exec(title)?.[1]
  return lang === 'en' && level ? `One Card Pass ${named(lang, level)}` : title
}

/** The nickname given at sign-up (会员 + the phone's last four digits, account.ts) and to deleted accounts. */
const DEFAULT_NICKNAME = /^会员(\d+)$/

/** A nickname in the shopper's language when the system gave it ("Member 1234"); one the shopper chose as written. */
export function nicknameIn(lang: ApiLang, nickname: string): string {
  if (lang !== 'en') return nickname
  const m = DEFAULT_NICKNAME.exec(nickname)
  return m ? `Member ${m[1]}` : named(lang, nickname)
}

/** The language a request asked for: `lang` of its payload, Chinese when absent or unknown. */
export const langOf = (source: unknown): ApiLang =>
  typeof source === 'object' && source !== null && (source as { lang?: unknown }).lang === 'en' ? 'en' : 'zh'

// Coupons ---------------------------------------------------------------------------------------------------
// The platform's own coupons (shop_id null, seed.ts) in English; a coupon a shop writes (shop_id set) stays as
// written, like the rest of a shop's words.

export const EN_COUPON_TITLES: Readonly<Record<string, string>> = {
  '买单立减 5 元': '¥5 off your bill',
  '开卡立减 10 元': '¥10 off a membership card',
  '商城满 50 减 8': '¥8 off ¥50 or more in the mall',
}

/** A coupon with its title in the shopper's language when the platform defined it (shop_id null). */
export function couponIn<C extends { title: string; shop_id: number | null }>(lang: ApiLang, coupon: C): C {
  return lang === 'en' && coupon.shop_id === null ? { ...coupon, title: EN_COUPON_TITLES[coupon.title] ?? named(lang, coupon.title) } : coupon
}

// ---------------------------------------------------------------------------------------------------------------
// Orders and flash-sale sessions: titles the system writes, in the shopper's language.

/**
 * An order's title in the shopper's language. Only a card order's title is the system's (一卡通 + the level);
 * bill, fuel and takeout orders are titled with the shop's name and flash-sale orders with the product's, both
 * written by merchants, so they stay as written.
 */
export const orderTitleIn = (lang: ApiLang, kind: string, title: string): string => (kind === 'card' ? cardTitleIn(lang, title) : title)

/** A flash-sale session's title (its start time + 场, seed.ts) in the shopper's language: "08:00 session". */
export function sessionTitleIn(lang: ApiLang, title: string): string {
  const start = /^(\d{1,2}:\d{2}) ?场$/.exec(title)?.[1]
  return lang === 'en' && start ? `${start} session` : title
}

/** A mall order of several lines (the cart's checkout, issue 24): its first product and how many more, in the shopper's language. */
export const severalItemsTitleIn = (lang: ApiLang, first: string, lines: number, pieces: number): string =>
  lang === 'en' ? `${first} and ${lines - 1} more (${pieces} items)` : `${first} 等 ${pieces} 件`
