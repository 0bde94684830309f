/**
 * The operator's console (issue 45; docs/api.md "Console (operators)"): the platform's own people — administrators,
 * content editors, finance, reviewers — sign in with a password and a TOTP code and work on a desktop web page served
 * at `/console/`. Its calls are `/api/console.<area>/<verb>`, answered in the same envelope as the shoppers' calls
 * (./envelope.ts), but behind an operator's session (header `Operator-Token`, never the shoppers' `Access-Token`) and
 * the role table below, which the console reads to hide what a role cannot do and the server enforces
 * (server/http/routes/console.ts defineConsoleRoute).
 *
 * Imported by the console's own build and the server only: the mini-program / shoppers' H5 app never imports it (nor
 * ./console.ts). Runtime values only here (no zod): the path → method table (generated from ./console.ts CONSOLE_API,
 * where each call is defined with its shapes and docs), the roles, the limits the console's forms read.
 */
import type { ConsoleEndpointPath } from './generated/consoleEndpoints'

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

// Every console call's method: the table is generated from the definitions in ./console.ts CONSOLE_API (`npm run gen:api`):
// method, session, shapes and docs are there.
export { CONSOLE_ENDPOINTS, type ConsoleEndpointPath } from './generated/consoleEndpoints'

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
