/**
 * The operator's console (issue 45; docs/api.md "Console (operators)"): the platform's own people — administrators,
 * content editors, finance, reviewers — sign in with a password and a TOTP code and work on a desktop web page served
 * at `/console/`. Its calls are `/api/console.<area>/<verb>`, answered in the same envelope as the shoppers' calls
 * (./envelope.ts), but behind an operator's session (header `Operator-Token`, never the shoppers' `Access-Token`) and
 * the role table below, which the console reads to hide what a role cannot do and the server enforces
 * (server/http/routes/console.ts defineConsoleRoute).
 *
 * Imported by the console's own build and the server only: the mini-program / shoppers' H5 app never imports it (nor
 * ./console.ts). Runtime values only here (no zod); shapes are in ./console.ts.
 */

/** The operator's session token travels in this header (never in a URL, never logged: server/http/app.ts redacts it). */
export const HEADER_OPERATOR_TOKEN = 'Operator-Token'

/** An operator session ends after this long without a call … */
export const OPERATOR_IDLE_MS = 30 * 60_000
/** … and this long after sign-in, whatever the calls. */
export const OPERATOR_ABSOLUTE_MS = 12 * 60 * 60_000

/**
 * Sign-in attempts (right or wrong) counted per username and per client address in a window: past the limit the
 * attempt is refused (`operator_sign_in_locked`, with the seconds left) until the window ends. A right sign-in clears
 * the username's count, so a few throwaway attempts lock a real administrator out for at most one short window.
 */
export const OPERATOR_SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  perUsername: 5,
  perAddress: 30,
} as const

/** The second factor: RFC 6238 TOTP, SHA-1, 30 s steps, 6 digits, the step before and after accepted; a code is used once. */
export const OPERATOR_TOTP = { issuer: 'One Card Pass', algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const

/** A username: 3–32 of a-z 0-9 . _ - (stored lower case). */
export const OPERATOR_USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/
/** A password: 12–128 characters. */
export const OPERATOR_PASSWORD_LENGTH = { min: 12, max: 128 } as const

/**
 * Roles. `admin`: everything, including operators and the audit trail. `content`: the platform's content (card
 * products, Home's banners and grid, flash sales, the mall, fuel prices, discount days, contests, cities and business
 * classes). `finance`: money views, refunds the stores did not answer, and the audit trail (read). `reviewer`: decisions
 * on what others submit (merchant applications, shop names, reported jobs, a shop's owner).
 */
export const OPERATOR_ROLES = ['admin', 'content', 'finance', 'reviewer'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** The areas of the console: the `<area>` of `console.<area>/<verb>`. */
export const CONSOLE_AREAS = [
  'auth',
  'operator',
  'audit',
  'card',
  'merchant',
  // ——— finance and decisions (c45-finance) ———
  'money',
  'refund',
  'shopper',
  // ——— Content: flash sales and fuel prices (c45-content) ———
  'seckill',
  'fuel',
  // ——— t45-days ———
  'discountDay',
  'referral',
  // ——— d45-decide ———
  'review',
  // ——— h45-home ———
  'home',
  'city',
  'businessClass',
  // ——— m45-mall ———
  'mall',
] as const
export type ConsoleArea = (typeof CONSOLE_AREAS)[number]

/**
 * Who may call each area (one table: the console hides an area a role is not in; the server refuses the call with
 * `operator_role_refused`). `auth` is every signed-in operator's (signIn itself needs no session).
 */
export const CONSOLE_AREA_ROLES: Readonly<Record<ConsoleArea, readonly OperatorRole[]>> = {
  auth: OPERATOR_ROLES,
  operator: ['admin'],
  audit: ['admin', 'finance'],
  card: ['admin', 'content'],
  merchant: ['admin', 'reviewer'],
  // ——— finance and decisions (c45-finance) ———
  /** Money views and the CSV export. */
  money: ['admin', 'finance'],
  /** Refund requests the stores did not answer: approve or refuse in the store's place. */
  refund: ['admin', 'finance'],
  /** A shopper's account: look up by phone, end their sessions. */
  shopper: ['admin'],
  // ——— Content: flash sales and fuel prices (c45-content) ———
  seckill: ['admin', 'content'],
  fuel: ['admin', 'content'],
  // ——— t45-days ———
  /** The discount-day calendar and the shops taking part. */
  discountDay: ['admin', 'content'],
  /** Referral contests: period, prizes, minimum purchase; the standings (read). */
  referral: ['admin', 'content'],
  // ——— d45-decide ———
  /** Decisions on what merchants and shoppers submit: shop name changes, reported job postings, a shop's owner. */
  review: ['admin', 'reviewer'],
  // ——— h45-home ———
  /** Home's banners and service grid. */
  home: ['admin', 'content'],
  /** The cities the platform serves. */
  city: ['admin', 'content'],
  /** The business classes a shop is filed under. */
  businessClass: ['admin', 'content'],
  // ——— m45-mall ———
  /** The micro mall: categories, products, specs and stock. */
  mall: ['admin', 'content'],
}

/** Every console call and its method. Paths are relative to `/api/`. */
export const CONSOLE_ENDPOINTS = {
  /** Sign in: username, password and the current TOTP code → a session token (the only call without one). */
  'console.auth/signIn': 'POST',
  /** End this session. */
  'console.auth/signOut': 'POST',
  /** The signed-in operator and when the session ends (the console's start). */
  'console.auth/me': 'GET',
  /** Operators, newest first, paged (admin). */
  'console.operator/index': 'GET',
  /** A new operator (admin): answers its TOTP secret and otpauth:// URI once — never shown again. */
  'console.operator/create': 'POST',
  /** Disable an operator, with the reason (admin): their sessions end; they can no longer sign in. Not oneself. */
  'console.operator/disable': 'POST',
  /** A new TOTP secret for an operator (a lost phone; admin): answered once; their sessions end. */
  'console.operator/resetTotp': 'POST',
  /** The audit trail, newest first, paged; by operator and by area (admin, finance). */
  'console.audit/index': 'GET',
  /** Every card product, withdrawn ones too (admin, content). */
  'console.card/index': 'GET',
  /** Create a card product (no id) or change one (id): new prices apply to new purchases only (admin, content). */
  'console.card/save': 'POST',
  /** Merchant applications, waiting ones first, paged (admin, reviewer). */
  'console.merchant/index': 'GET',
  /** One application; opening a submitted one marks it in review (admin, reviewer). */
  'console.merchant/read': 'GET',
  /** Reject with a reason per field (admin, reviewer). */
  'console.merchant/reject': 'POST',
  /** Approve: the shop is created and the applicant is its owner (admin, reviewer). */
  'console.merchant/approve': 'POST',
  // ——— finance and decisions (c45-finance) ———
  /** Money received and returned per business day of a range: counts and sums in fen, with the range's totals (admin, finance). */
  'console.money/days': 'GET',
  /** The same range per shop (admin, finance). */
  'console.money/shops': 'GET',
  /** One business day's payments or refunds, one line each, paged (admin, finance). */
  'console.money/day': 'GET',
  /** One business day's payments and refunds as a CSV file (UTF-8 with BOM), answered in the envelope (admin, finance). */
  'console.money/export': 'GET',
  /** Refund requests waiting on a store, the longest waiting first; those past the store's answer window marked (admin, finance). */
  'console.refund/index': 'GET',
  /** Approve a waiting request in the store's place, with the reason (admin, finance). */
  'console.refund/approve': 'POST',
  /** Refuse a waiting request in the store's place, with the reason the shopper reads (admin, finance). */
  'console.refund/reject': 'POST',
  /** A shopper by phone: the account (phone masked) and its live sessions (admin). */
  'console.shopper/find': 'GET',
  /** End every session of a shopper, with the reason (admin). */
  'console.shopper/endSessions': 'POST',
  // ——— Content: flash sales and fuel prices (c45-content) ———
  /** Flash-sale sessions (today's times) with their products, withdrawn ones too, and the shops a product can be collected at (admin, content). */
  'console.seckill/index': 'GET',
  /** Create a session (no id) or change one (id): title, start and end "HH:mm" of every day (admin, content). */
  'console.seckill/saveSession': 'POST',
  /** Create a product (no id) or change one (id): never below what is sold or held; paid orders keep their price (admin, content). */
  'console.seckill/saveProduct': 'POST',
  /** Take a product off sale, or put it back (admin, content): shoppers no longer see or buy it; its orders stay. */
  'console.seckill/setOnSale': 'POST',
  /** Fuel stations with each grade's price in force now and the changes still to come (admin, content). */
  'console.fuel/index': 'GET',
  /** A grade's new price from a stated time (now, or later): quotes before it follow the price-moved rule (admin, content). */
  'console.fuel/schedule': 'POST',
  /** Cancel a change that has not taken effect yet (admin, content). */
  'console.fuel/cancel': 'POST',
  // ——— t45-days ———
  /** Discount days, upcoming (soonest first) or past (latest first), paged; the shops taking part and every shop to choose from (admin, content). */
  'console.discountDay/index': 'GET',
  /** Add a discount day (no `from`) or move one not begun (`from`): its unsent reminders move with it (admin, content). */
  'console.discountDay/save': 'POST',
  /** Withdraw a day not begun: its unsent reminders go (admin, content). */
  'console.discountDay/withdraw': 'POST',
  /** A shop takes part with its extra rate, or its rate changes — never while a discount day is running (admin, content). */
  'console.discountDay/saveShop': 'POST',
  /** A shop no longer takes part — never while a discount day is running (admin, content). */
  'console.discountDay/removeShop': 'POST',
  /** Every referral contest, the latest first, with its state and how many count (admin, content). */
  'console.referral/index': 'GET',
  /** Create a contest (no id) or change one: a running contest's start and minimum purchase are fixed; an ended one is closed (admin, content). */
  'console.referral/save': 'POST',
  /** End a running contest now (admin, content). */
  'console.referral/end': 'POST',
  /** A contest's standings, read-only, paged (admin, content). */
  'console.referral/standings': 'GET',
  // ——— d45-decide ———
  /** Shop name changes merchants asked for: waiting ones first (oldest first), then decided ones (newest first), paged (admin, reviewer). */
  'console.review/names': 'GET',
  /** Approve a waiting name: shoppers read it at once (admin, reviewer). */
  'console.review/nameApprove': 'POST',
  /** Reject a waiting name with the reason the merchant reads; the shop keeps its name (admin, reviewer). */
  'console.review/nameReject': 'POST',
  /** Job postings with reports waiting for review, most reported first, with the reports and the shop's answers, paged (admin, reviewer). */
  'console.review/jobs': 'GET',
  /** Keep a queued posting listed: its reports were unfounded (admin, reviewer). */
  'console.review/jobKeep': 'POST',
  /** Hide a queued posting: shoppers no longer see it (admin, reviewer). */
  'console.review/jobHide': 'POST',
  /** Shops without a live owner, paged (admin, reviewer). */
  'console.review/ownerless': 'GET',
  /** One shop and its owner now (before naming or handing over; admin, reviewer). */
  'console.review/shop': 'GET',
  /** Name a shop's owner by the phone of a live account; the owner before, if any, stays as staff (admin, reviewer). */
  'console.review/nameOwner': 'POST',
  // ——— h45-home ———
  /** Home's banners (withdrawn ones too, in carousel order), its service grid as ordered, and the pages a banner may open (admin, content). */
  'console.home/index': 'GET',
  /** Create a banner (no id; it goes last) or change one (id): picture, titles, page, window (admin, content). */
  'console.home/saveBanner': 'POST',
  /** Withdraw a banner, or show it again (admin, content). */
  'console.home/setBannerShown': 'POST',
  /** The carousel's order: every banner's id, once each, in the new order (admin, content). */
  'console.home/orderBanners': 'POST',
  /** The service grid: every module once, in the new order, each shown or not (admin, content). */
  'console.home/saveModules': 'POST',
  /** Every city, hidden ones too, with how many shops are in each (admin, content). */
  'console.city/index': 'GET',
  /** Add a city (no id) or rename one (id) (admin, content). */
  'console.city/save': 'POST',
  /** Hide a city from new sign-ups and the shoppers' city list, or offer it again; never deleted (admin, content). */
  'console.city/setShown': 'POST',
  /** Every business class, hidden ones too, with how many shops are filed under each (admin, content). */
  'console.businessClass/index': 'GET',
  /** Add a class (no id; it goes last) or rename one (id) (admin, content). */
  'console.businessClass/save': 'POST',
  /** Hide a class from new sign-ups and the filters, or offer it again; never deleted (admin, content). */
  'console.businessClass/setShown': 'POST',
  // ——— m45-mall ———
  /** Every mall category, hidden ones too, in the shoppers' order, with how many products each has (admin, content). */
  'console.mall/categories': 'GET',
  /** Create a category (no id) or rename one / change its icon (id) (admin, content). */
  'console.mall/saveCategory': 'POST',
  /** The categories' order: every category's id, first to last (admin, content). */
  'console.mall/orderCategories': 'POST',
  /** Hide a category from shoppers (its tab and its products leave every list), or show it again (admin, content). */
  'console.mall/setCategoryHidden': 'POST',
  /** Products of a category or by name, off-sale ones too, paged, with their specs; and the stores a product can ship from (admin, content). */
  'console.mall/products': 'GET',
  /** Create a product (no id; off sale until it has a spec) or change one (id) (admin, content). */
  'console.mall/saveProduct': 'POST',
  /** Put a product on sale (it needs a spec) or take it off (admin, content): shoppers no longer see or buy it; its orders stay. */
  'console.mall/setOnSale': 'POST',
  /** Create a spec (no id) or change one (id): price, member price, total stock — never below what is sold or held (admin, content). */
  'console.mall/saveSpec': 'POST',
  /** Specials (with their products in order) and the gallery's slides, withdrawn ones too (admin, content). */
  'console.mall/showcase': 'GET',
  /** Create a special (no id) or change one (id): title, subtitle, banner and its products in order (admin, content). */
  'console.mall/saveSpecial': 'POST',
  /** Withdraw a special (shoppers no longer open it) or bring it back (admin, content). */
  'console.mall/setSpecialWithdrawn': 'POST',
  /** Create a gallery slide (no id) or change one (id): picture, words and the product or special it opens (admin, content). */
  'console.mall/saveSlide': 'POST',
  /** The slides' order: every slide's id, first to last (admin, content). */
  'console.mall/orderSlides': 'POST',
  /** Withdraw a slide from the mall's gallery, or bring it back (admin, content). */
  'console.mall/setSlideWithdrawn': 'POST',
  // ——— f45-fuel ———
  /** One station's brand, pumps and grades (switched-off ones too) with the price in force now (admin, content). */
  'console.fuel/station': 'GET',
  /** Add a grade with its first price, in force now through the price changes' rule; it goes last (admin, content). */
  'console.fuel/addGrade': 'POST',
  /** The station's grades in the shoppers' order: every grade, first to last (admin, content). */
  'console.fuel/orderGrades': 'POST',
  /** Switch a grade off (shoppers no longer see or order it; paid orders keep their price) or on again (admin, content). */
  'console.fuel/setGradeOffered': 'POST',
  /** Add a pump number (admin, content). */
  'console.fuel/addPump': 'POST',
  /** Remove a pump no unpaid order names (admin, content). */
  'console.fuel/removePump': 'POST',
} as const satisfies Record<`console.${ConsoleArea}/${string}`, 'GET' | 'POST'>

export type ConsoleEndpointPath = keyof typeof CONSOLE_ENDPOINTS

/** The area of a console path. */
export const consoleAreaOf = (path: ConsoleEndpointPath): ConsoleArea => path.slice('console.'.length, path.indexOf('/')) as ConsoleArea

/** The roles that may call a path (the area's). */
export const consoleRolesOf = (path: ConsoleEndpointPath): readonly OperatorRole[] => CONSOLE_AREA_ROLES[consoleAreaOf(path)]

/** Whether a role may call a path (what the console shows; the server checks the same). */
export const consoleAllows = (role: OperatorRole, path: ConsoleEndpointPath): boolean => consoleRolesOf(path).includes(role)

/** Whether a role sees an area at all. */
export const roleSeesArea = (role: OperatorRole, area: ConsoleArea): boolean => CONSOLE_AREA_ROLES[area].includes(role)

/**
 * The rules of a card product (the command line's, server/domain/operator.ts, are these): here, without zod, so the
 * console's card form reads them without carrying zod (src/contract/console.ts builds the schema from them).
 */
export const CARD_PRODUCT_LIMITS = {
  name: 20,
  level: [1, 9],
  /** ¥0.01 … ¥100,000.00 */
  price: [1, 10_000_000],
  days: [1, 3660],
  member_rate: [50, 100],
  benefits: 10,
  benefit: 40,
} as const

// ——— finance and decisions (c45-finance) ———

/** The longest range the money views read at once (days, both ends counted). */
export const MONEY_RANGE_MAX_DAYS = 92
/** A business day as the money views name it. */
export const BUSINESS_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
// ——— Content: flash sales and fuel prices (c45-content) ———

/**
 * The rules of a flash-sale session and product (the console's forms read them without zod; src/contract/console.ts
 * builds the schemas from them). A session recurs daily: start "HH:mm" of the business day, end after it — an end at
 * or before the start is the next day's (22:00–02:00). Prices in fen; the flash price below the original.
 */
export const SECKILL_LIMITS = {
  title: 20,
  name: 40,
  rules: 200,
  image: 300,
  /** ¥0.01 … ¥100,000.00 */
  price: [1, 10_000_000],
  total_stock: [0, 1_000_000],
  limit_per_user: [1, 99],
} as const

/** "HH:mm", 00:00–23:59. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * A product's picture: an address on this server — a picture of the app's (/assets/img/…) or an upload
 * (/uploads/<id>.<ext>, which must exist). Another site's address is refused: the shoppers' pages load pictures from
 * their own server only (their Content-Security-Policy's img-src), and the mini-program only from its listed domains.
 */
export const SECKILL_IMAGE_PATTERN = /^(\/assets\/img\/[\w.-]+\.(svg|png|jpg|jpeg|webp)|\/uploads\/[A-Za-z0-9_-]{22}\.(jpg|png|webp))$/

/** A fuel price in fen per litre: ¥1.00 … ¥50.00. */
export const FUEL_PRICE_LIMITS = { price: [100, 5_000] } as const

/** A stated time: "YYYY-MM-DD HH:mm" on the business zone's clock. */
export const STATED_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/
// ——— m45-mall ———

/**
 * The rules of the mall's categories, products and specs (the console's forms read them without zod;
 * src/contract/console.ts builds the schemas from them). Prices in fen; pictures as SECKILL_IMAGE_PATTERN.
 */
export const MALL_LIMITS = {
  category: 10,
  name: 40,
  subtitle: 40,
  spec: 20,
  /** Pictures of a product: the first is its cover. */
  images: [1, 6],
  /** Paragraphs of the description, each at most `paragraph` characters. */
  paragraphs: 10,
  paragraph: 300,
  /** ¥0.01 … ¥100,000.00 */
  price: [1, 10_000_000],
  /** ¥0.00 … ¥1,000.00 */
  shipping_fee: [0, 100_000],
  limit_per_order: [1, 99],
  total_stock: [0, 1_000_000],
  page_size: 50,
  /** A special's title and subtitle, a slide's title and subtitle. */
  title: 20,
  /** Products in a special. */
  special_products: 50,
} as const

// ——— t45-days ———

/** A shop's extra rate on discount days: percent paid of what is left after the shop's and the card's discounts (the table's CHECK). */
export const DISCOUNT_DAY_LIMITS = { extra_rate: [50, 99] } as const

/**
 * The rules of a referral contest (the console's form reads them without zod; src/contract/console.ts builds the schema).
 * Prizes by rank (1 … ranks), at most `prizes` of them, their ranks not overlapping; the minimum purchase in fen.
 */
export const REFERRAL_CONTEST_LIMITS = {
  title: 30,
  prize: 30,
  prizes: 10,
  rank: [1, 100],
  /** ¥0.00 … ¥10,000.00 */
  min_amount: [0, 1_000_000],
} as const
// ——— h45-home ———

/**
 * The pages a Home banner may open: the app's own, by path (never another site's address; the app opens nothing else,
 * src/features/home/HomeTop.tsx). Home's service grid opens the same pages; the console names them by the grid's titles.
 */
export const HOME_LINK_PAGES = [
  '/pages/card/index',
  '/pages/discountBill/index',
  '/pages/payBill/oil',
  '/pages/seckill/index',
  '/pages/takeout/index',
  '/pages/vMall/index',
  '/pages/discountsDay/index',
  '/pages/card/ticketList',
  '/pages/recruit/index',
  '/pages/shopRegister/index',
  '/pages/activity/competition',
] as const
export type HomeLinkPage = (typeof HOME_LINK_PAGES)[number]

/** Home's service grid: every module's key (the grid shows those switched on, in the operator's order). */
export const HOME_MODULE_KEYS = ['card', 'discountBill', 'oil', 'seckill', 'takeout', 'vMall', 'discountsDay', 'coupons', 'recruit', 'shopRegister', 'competition'] as const
export type HomeModuleKey = (typeof HOME_MODULE_KEYS)[number]

/** A banner: its picture follows SECKILL_IMAGE_PATTERN (this server's; an upload must exist); titles in both languages. */
export const HOME_BANNER_LIMITS = { title: 20, title_en: 40, image: 300 } as const

/** A city or business class: names in both languages; a city's pinyin (the list's order) in lower-case letters. */
export const PLACE_LIMITS = { name: 10, name_en: 30, pinyin: 40 } as const
export const PINYIN_PATTERN = /^[a-z]+$/

// ——— f45-fuel ———
/** A station's pump number: what a shopper's fuel order may name (src/contract/order.ts pump_no). */
export const FUEL_PUMP_LIMITS = { pump_no: [1, 99] } as const
