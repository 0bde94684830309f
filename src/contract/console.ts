/**
 * The operator's console calls, defined once (issue 45; issue 41: CONSOLE_API at the end — method, schemas, docs), and
 * their shapes; roles and limits in ./consoleEndpoints.ts; docs/api.md "Console (operators)". zod for the server; the
 * console's build takes types only from here, and the mini-program / shoppers' H5 app never imports this file. Times
 * are ms on the server's clock, with the business zone's wall-clock text beside them where a person reads them
 * ("YYYY-MM-DD HH:mm:ss", Asia/Shanghai by default).
 */
import { z } from 'zod'
import { COMMON_REQUEST, Id, oneLine, shopperSays } from './common'
import { PageQuery, pagedOf } from './paging'
import { MerchantApplication } from './merchant'
import { MERCHANT_APPLICATION_FIELDS, MERCHANT_APPLICATION_STATUSES } from './merchantEndpoints'
import {
  BUSINESS_DAY_PATTERN,
  CARD_PRODUCT_LIMITS,
  CLOCK_TIME_PATTERN,
  CONSOLE_AREAS,
  FUEL_PRICE_LIMITS,
  OPERATOR_PASSWORD_LENGTH,
  OPERATOR_ROLES,
  OPERATOR_USERNAME_PATTERN,
  SECKILL_IMAGE_PATTERN,
  SECKILL_LIMITS,
  STATED_TIME_PATTERN,
  MALL_LIMITS,
  // ——— t45-days ———
  DISCOUNT_DAY_LIMITS,
  REFERRAL_CONTEST_LIMITS,
  // ——— h45-home ———
  HOME_BANNER_LIMITS,
  HOME_LINK_PAGES,
  HOME_MODULE_KEYS,
  PINYIN_PATTERN,
  PLACE_LIMITS,
} from './consoleEndpoints'
import { OIL_GRADES } from './fuelEndpoints'
// ——— d45-decide ———
import { NAME_REVIEW_STATUSES } from './shopProfileEndpoints'
import { JOB_REPORT_REASONS } from './jobEndpoints'
// ——— f45-fuel ———
import { FUEL_PUMP_LIMITS } from './consoleEndpoints'
import { defineConsoleApi } from './api/define'

// ——— Operators and sessions ———

export const Username = z
  .string({ required_error: shopperSays('operator_username_invalid'), invalid_type_error: shopperSays('operator_username_invalid') })
  .trim()
  .toLowerCase()
  .regex(OPERATOR_USERNAME_PATTERN, shopperSays('operator_username_invalid'))

/** Not trimmed: a password is what was typed. Newlines and control characters refused like any typed text. */
export const Password = oneLine(
  z
    .string({ required_error: shopperSays('operator_password_invalid'), invalid_type_error: shopperSays('operator_password_invalid') })
    .min(OPERATOR_PASSWORD_LENGTH.min, shopperSays('operator_password_invalid'))
    .max(OPERATOR_PASSWORD_LENGTH.max, shopperSays('operator_password_invalid')),
)

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { errorMap: () => ({ message: shopperSays('operator_role_invalid') }) })

/** The words an operator gives for a decision (recorded in the audit trail). */
export const DecisionReason = oneLine(z.string({ required_error: shopperSays('operator_reason_required'), invalid_type_error: shopperSays('operator_reason_required') }).trim())
  .min(1, shopperSays('operator_reason_required'))
  .max(200, 'reason is too long (max 200)')

export const Operator = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
})
export type Operator = z.output<typeof Operator>

export const SignInPayload = z
  .object({
    username: Username,
    // At sign-in any length is a wrong password, not a malformed request (the refusal must not tell which part was wrong).
    password: z.string({ required_error: shopperSays('operator_sign_in_refused'), invalid_type_error: shopperSays('operator_sign_in_refused') }).max(OPERATOR_PASSWORD_LENGTH.max, shopperSays('operator_sign_in_refused')),
    totp: z.string({ required_error: shopperSays('operator_sign_in_refused'), invalid_type_error: shopperSays('operator_sign_in_refused') }).trim().max(10, shopperSays('operator_sign_in_refused')),
    ...COMMON_REQUEST,
  })
  .strict()
export type SignInPayload = z.input<typeof SignInPayload>

export const SignInAnswer = z.object({
  /** Sent back in the `Operator-Token` header of every later call. Kept in memory (or sessionStorage), never in a URL. */
  token: z.string(),
  operator: Operator,
  /** The session's absolute end (ms); it also ends after OPERATOR_IDLE_MS without a call. */
  expires_at: z.number().int(),
})
export type SignInAnswer = z.output<typeof SignInAnswer>

export const MeAnswer = z.object({
  operator: Operator,
  /** The absolute end (ms). */
  expires_at: z.number().int(),
  /** When it ends if no call comes before (ms). */
  idle_expires_at: z.number().int(),
})
export type MeAnswer = z.output<typeof MeAnswer>

export const SignOutAnswer = z.object({ signed_out: z.literal(true) })
export type SignOutAnswer = z.output<typeof SignOutAnswer>

export const OperatorRow = Operator.extend({
  /** ms; null while the operator can sign in. */
  disabled_at: z.number().int().nullable(),
  created_at: z.number().int(),
  created_at_text: z.string(),
  /** The operator who created it; null: made on the command line (npm run admin -- operator-add) or by the demo seed. */
  created_by: z.number().int().nullable(),
})
export type OperatorRow = z.output<typeof OperatorRow>

export const OperatorPage = pagedOf(OperatorRow)
export type OperatorPage = z.output<typeof OperatorPage>

export const OperatorCreatePayload = z
  .object({
    username: Username,
    name: oneLine(z.string({ required_error: shopperSays('operator_name_invalid'), invalid_type_error: shopperSays('operator_name_invalid') }).trim())
      .min(1, shopperSays('operator_name_invalid'))
      .max(30, shopperSays('operator_name_invalid')),
    role: OperatorRoleSchema,
    password: Password,
    ...COMMON_REQUEST,
  })
  .strict()
export type OperatorCreatePayload = z.input<typeof OperatorCreatePayload>

/** A second factor to set up: shown once (a QR code of the URI, and the secret to type), never answered again. */
export const TotpSetup = z.object({
  /** Base32. */
  totp_secret: z.string(),
  /** otpauth://totp/… for an authenticator app's QR code. */
  otpauth_uri: z.string(),
})

export const OperatorCreateAnswer = TotpSetup.extend({ operator: OperatorRow })
export type OperatorCreateAnswer = z.output<typeof OperatorCreateAnswer>

export const OperatorDisablePayload = z.object({ id: Id, reason: DecisionReason, ...COMMON_REQUEST }).strict()
export type OperatorDisablePayload = z.input<typeof OperatorDisablePayload>
export const OperatorAnswer = z.object({ operator: OperatorRow })
export type OperatorAnswer = z.output<typeof OperatorAnswer>

export const OperatorResetTotpPayload = z.object({ id: Id, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type OperatorResetTotpPayload = z.input<typeof OperatorResetTotpPayload>
export const OperatorResetTotpAnswer = OperatorCreateAnswer
export type OperatorResetTotpAnswer = z.output<typeof OperatorResetTotpAnswer>

// ——— The audit trail ———

/**
 * What an audit row records (`<area>.<verb>`): sign-ins and sign-outs, and every console write, in the transaction of
 * the write (`merchant.open`: a submitted application opened, which marks it in review).
 */
export const CONSOLE_AUDIT_ACTIONS = [
  'auth.signIn',
  'auth.signOut',
  'operator.create',
  'operator.disable',
  'operator.resetTotp',
  'card.create',
  'card.save',
  'merchant.open',
  'merchant.approve',
  'merchant.reject',
  // ——— finance and decisions (c45-finance) ———
  'refund.approve',
  'refund.reject',
  'shopper.endSessions',
  // ——— Content: flash sales and fuel prices (c45-content) ———
  'seckill.createSession',
  'seckill.saveSession',
  'seckill.createProduct',
  'seckill.saveProduct',
  'seckill.withdraw',
  'seckill.restore',
  'fuel.schedule',
  'fuel.cancel',
  // ——— t45-days ———
  'discountDay.create',
  'discountDay.move',
  'discountDay.withdraw',
  'discountDay.saveShop',
  'discountDay.removeShop',
  'referral.create',
  'referral.save',
  'referral.end',
  // ——— d45-decide ———
  'review.nameApprove',
  'review.nameReject',
  'review.jobKeep',
  'review.jobHide',
  'review.nameOwner',
  // ——— h45-home ———
  'home.createBanner',
  'home.saveBanner',
  'home.withdrawBanner',
  'home.showBanner',
  'home.orderBanners',
  'home.saveModules',
  'city.create',
  'city.save',
  'city.hide',
  'city.show',
  'businessClass.create',
  'businessClass.save',
  'businessClass.hide',
  'businessClass.show',
  // ——— m45-mall ———
  'mall.createCategory',
  'mall.saveCategory',
  'mall.orderCategories',
  'mall.hideCategory',
  'mall.showCategory',
  'mall.createProduct',
  'mall.saveProduct',
  'mall.withdraw',
  'mall.restore',
  'mall.createSpec',
  'mall.saveSpec',
  'mall.createSpecial',
  'mall.saveSpecial',
  'mall.withdrawSpecial',
  'mall.restoreSpecial',
  'mall.createSlide',
  'mall.saveSlide',
  'mall.orderSlides',
  'mall.withdrawSlide',
  'mall.restoreSlide',
  // ——— f45-fuel ———
  'fuel.addGrade',
  'fuel.orderGrades',
  'fuel.gradeOff',
  'fuel.gradeOn',
  'fuel.addPump',
  'fuel.removePump',
] as const
export type ConsoleAuditAction = (typeof CONSOLE_AUDIT_ACTIONS)[number]

export const AuditQuery = PageQuery.extend({
  operator_id: Id.optional(),
  area: z.enum(CONSOLE_AREAS).optional(),
  ...COMMON_REQUEST,
})
export type AuditQuery = z.input<typeof AuditQuery>

/** Any JSON value (an audit row's before / after). */
const JsonValue: z.ZodType<unknown> = z.unknown()

export const AuditRow = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  operator_username: z.string(),
  operator_name: z.string(),
  /** ms */
  at: z.number().int(),
  /** The business zone's wall clock. */
  at_text: z.string(),
  action: z.enum(CONSOLE_AUDIT_ACTIONS),
  /** What was acted on: 'operator', 'card_product', 'merchant_application', 'operator_session'. */
  target_kind: z.string(),
  target_id: z.string().nullable(),
  /** The row before the write (null: it did not exist) and after (null: it no longer exists), as JSON. */
  before: JsonValue.nullable(),
  after: JsonValue.nullable(),
  reason: z.string().nullable(),
})
export type AuditRow = z.output<typeof AuditRow>

export const AuditPage = pagedOf(AuditRow)
export type AuditPage = z.output<typeof AuditPage>

// ——— Card products ———

export { CARD_PRODUCT_LIMITS }
const L = CARD_PRODUCT_LIMITS
const int = (name: string, [min, max]: readonly [number, number]) =>
  z.coerce.number({ invalid_type_error: `${name} must be a number` }).int(`${name} must be a whole number`).min(min, `${name} is at least ${min}`).max(max, `${name} is at most ${max}`)

export const ConsoleCardProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  /** fen */
  price: z.number().int(),
  days: z.number().int(),
  /** Percent a member pays at partner shops (95: 5 % off). */
  member_rate: z.number().int(),
  benefits: z.array(z.string()),
  on_sale: z.boolean(),
})
export type ConsoleCardProduct = z.output<typeof ConsoleCardProduct>

export const ConsoleCardList = z.object({ list: z.array(ConsoleCardProduct) })
export type ConsoleCardList = z.output<typeof ConsoleCardList>

/**
 * Create (no id) or change (id) a card product. A new price, days or name apply to purchases from now on (an order keeps
 * what it was paid at; a card bought keeps its dates); member_rate and benefits are read from the product, so they apply
 * to cards already held too. A product's level is fixed once created (`console_card_level_fixed`): the upgrade rules
 * compare levels of cards already held.
 */
export const CardSavePayload = z
  .object({
    id: Id.optional(),
    name: oneLine(z.string({ required_error: 'name is required', invalid_type_error: 'name must be text' }).trim()).min(1, 'name is required').max(L.name, `name is too long (max ${L.name})`),
    level: int('level', L.level),
    price: int('price', L.price),
    days: int('days', L.days),
    member_rate: int('member_rate', L.member_rate),
    benefits: z.array(oneLine(z.string({ invalid_type_error: 'a benefit must be text' }).trim()).min(1, 'a benefit is empty').max(L.benefit, `a benefit is too long (max ${L.benefit})`)).max(L.benefits, `at most ${L.benefits} benefits`),
    on_sale: z.boolean({ invalid_type_error: 'on_sale must be true or false' }),
    /** Why (optional; recorded in the audit trail). */
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type CardSavePayload = z.input<typeof CardSavePayload>

export const CardSaveAnswer = z.object({ card: ConsoleCardProduct })
export type CardSaveAnswer = z.output<typeof CardSaveAnswer>

// ——— Merchant applications ———

export const MerchantQuery = PageQuery.extend({ status: z.enum(MERCHANT_APPLICATION_STATUSES).optional(), ...COMMON_REQUEST })
export type MerchantQuery = z.input<typeof MerchantQuery>

export const MerchantSummary = z.object({
  id: z.number().int(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  shop_name: z.string(),
  city_id: z.number().int(),
  mobile: z.string(),
  updated_at: z.number().int(),
  updated_at_text: z.string(),
})
export type MerchantSummary = z.output<typeof MerchantSummary>

export const MerchantPage = pagedOf(MerchantSummary)
export type MerchantPage = z.output<typeof MerchantPage>

export const MerchantIdPayload = z.object({ id: Id, ...COMMON_REQUEST }).strict()
export type MerchantIdPayload = z.input<typeof MerchantIdPayload>

export const ConsoleMerchantApplication = MerchantApplication.extend({ user_id: z.number().int() })
export const MerchantReadAnswer = z.object({ application: ConsoleMerchantApplication })
export type MerchantReadAnswer = z.output<typeof MerchantReadAnswer>

export const MerchantRejectPayload = z
  .object({
    id: Id,
    /** field → the words the applicant reads on it (at least one field). */
    reasons: z
      .record(z.enum(MERCHANT_APPLICATION_FIELDS), oneLine(z.string().trim()).min(1, shopperSays('operator_reason_required')).max(200, 'a reason is too long (max 200)'))
      .refine((r) => Object.keys(r).length > 0, { message: shopperSays('operator_reason_required') }),
    ...COMMON_REQUEST,
  })
  .strict()
export type MerchantRejectPayload = z.input<typeof MerchantRejectPayload>

export const MerchantApproveAnswer = z.object({ application: ConsoleMerchantApplication, shop_id: z.number().int() })
export type MerchantApproveAnswer = z.output<typeof MerchantApproveAnswer>

// ——— finance and decisions (c45-finance; docs/api.md "Console: money and decisions") ———

/** A business day (Asia/Shanghai by default: server/time.ts BUSINESS_TZ), "YYYY-MM-DD". */
export const BusinessDay = z
  .string({ required_error: shopperSays('console_day_invalid'), invalid_type_error: shopperSays('console_day_invalid') })
  .trim()
  .regex(BUSINESS_DAY_PATTERN, shopperSays('console_day_invalid'))
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), shopperSays('console_day_invalid'))

/** Both ends counted; at most MONEY_RANGE_MAX_DAYS (refused `console_range_invalid` with `days`). */
export const MoneyRangeQuery = z.object({ from: BusinessDay, to: BusinessDay, ...COMMON_REQUEST })
export type MoneyRangeQuery = z.input<typeof MoneyRangeQuery>

/** Money received (payments) and returned (refunds) in a stretch of time: counts and fen. */
export const MoneySums = z.object({
  payments_count: z.number().int(),
  /** fen received */
  payments_fen: z.number().int(),
  refunds_count: z.number().int(),
  /** fen returned */
  refunds_fen: z.number().int(),
  /** payments_fen − refunds_fen */
  net_fen: z.number().int(),
})
export type MoneySums = z.output<typeof MoneySums>

export const MoneyDayRow = MoneySums.extend({ day: z.string() })
export type MoneyDayRow = z.output<typeof MoneyDayRow>
/** Every day of the range, empty days too (zeros), oldest first; totals: the whole range. */
export const MoneyDays = z.object({ from: z.string(), to: z.string(), list: z.array(MoneyDayRow), totals: MoneySums })
export type MoneyDays = z.output<typeof MoneyDays>

export const MoneyShopRow = MoneySums.extend({
  /** null: orders of no shop (card products, the micro mall). */
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
})
export type MoneyShopRow = z.output<typeof MoneyShopRow>
/** Shops with money in the range, most received first; totals equal the days' totals. */
export const MoneyShops = z.object({ from: z.string(), to: z.string(), list: z.array(MoneyShopRow), totals: MoneySums })
export type MoneyShops = z.output<typeof MoneyShops>

export const MoneyDayQuery = PageQuery.extend({ day: BusinessDay, kind: z.enum(['payments', 'refunds']).default('payments'), ...COMMON_REQUEST })
export type MoneyDayQuery = z.input<typeof MoneyDayQuery>

/** One payment (money received) or refund (money returned) of the day. */
export const MoneyLine = z.object({
  id: z.number().int(),
  /** The payment's trade number, or the refund's number. */
  number: z.string(),
  /** A refund's payment's trade number (null on a payment). */
  trade_no: z.string().nullable(),
  order_id: z.number().int(),
  order_no: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  /** fen */
  amount: z.number().int(),
  /** sandbox · wechatpay · alipay */
  provider: z.string(),
  method: z.string(),
  /** The row's status in the ledger (a payment: paid, refunding, refunded; a refund: succeeded). */
  status: z.string(),
  /** A refund's reason: order (a request approved), late, duplicate; null on a payment. */
  reason: z.string().nullable(),
  /** When the money arrived (payment) or came back (refund), the business zone's wall clock. */
  at: z.string(),
})
export type MoneyLine = z.output<typeof MoneyLine>
export const MoneyDayPage = pagedOf(MoneyLine).extend({ day: z.string(), kind: z.enum(['payments', 'refunds']), totals: MoneySums })
export type MoneyDayPage = z.output<typeof MoneyDayPage>

export const MoneyExportQuery = z.object({ day: BusinessDay, ...COMMON_REQUEST })
export type MoneyExportQuery = z.input<typeof MoneyExportQuery>
/** The CSV in the envelope (the console saves it as a Blob: the session stays in the header, never in a URL). */
export const MoneyExport = z.object({
  filename: z.string(),
  /** UTF-8 text starting with a BOM (U+FEFF) so Excel reads the Chinese; CRLF line ends. */
  csv: z.string(),
  totals: MoneySums,
})
export type MoneyExport = z.output<typeof MoneyExport>

export const WaitingRefundQuery = PageQuery.extend({ overdue_only: z.enum(['true', 'false']).transform((v) => v === 'true').optional(), ...COMMON_REQUEST })
export type WaitingRefundQuery = z.input<typeof WaitingRefundQuery>

export const WaitingRefund = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  /** fen: what the refund gives back (the order's paid amount). */
  amount: z.number().int(),
  /** The shopper's words. */
  reason: z.string().nullable(),
  asked_at: z.string(),
  /** Hours the store has had it. */
  waiting_hours: z.number().int(),
  /** When the timer approves it (REFUND_AUTO_APPROVE_HOURS after it was asked). */
  auto_approve_at: z.string(),
  /** Past the store's answer window (the timer's hours): the store did not answer. */
  overdue: z.boolean(),
  shopper_phone: z.string(),
})
export type WaitingRefund = z.output<typeof WaitingRefund>
export const WaitingRefundPage = pagedOf(WaitingRefund).extend({ answer_window_hours: z.number().int(), overdue_total: z.number().int() })
export type WaitingRefundPage = z.output<typeof WaitingRefundPage>

export const RefundDecisionPayload = z.object({ order_id: Id, reason: DecisionReason, ...COMMON_REQUEST }).strict()
export type RefundDecisionPayload = z.input<typeof RefundDecisionPayload>
export const RefundDecisionAnswer = z.object({
  order_id: z.number().int(),
  /** The order's status after (refunding with the refund asked of the provider, refunded, or back where it was asked from). */
  status: z.number().int(),
  /** The provider refund asked for (approve): its number and fen; null on a refusal or when nothing was paid. */
  refund_no: z.string().nullable(),
  refund_fen: z.number().int(),
})
export type RefundDecisionAnswer = z.output<typeof RefundDecisionAnswer>

export const ShopperFindQuery = z.object({
  phone: z.string({ required_error: shopperSays('console_phone_invalid'), invalid_type_error: shopperSays('console_phone_invalid') }).trim().regex(/^1\d{10}$/, shopperSays('console_phone_invalid')),
  ...COMMON_REQUEST,
})
export type ShopperFindQuery = z.input<typeof ShopperFindQuery>
export const ShopperSession = z.object({ id: z.number().int(), device: z.string(), created_at_text: z.string(), last_seen_at_text: z.string() })
export type ShopperSession = z.output<typeof ShopperSession>
export const ShopperAnswer = z.object({
  shopper: z.object({
    id: z.number().int(),
    /** 138****1234 */
    phone_masked: z.string(),
    nickname: z.string(),
  }),
  sessions: z.array(ShopperSession),
})
export type ShopperAnswer = z.output<typeof ShopperAnswer>
export const ShopperEndSessionsPayload = z.object({ user_id: Id, reason: DecisionReason, ...COMMON_REQUEST }).strict()
export type ShopperEndSessionsPayload = z.input<typeof ShopperEndSessionsPayload>
export const ShopperEndSessionsAnswer = z.object({ ended: z.number().int() })
export type ShopperEndSessionsAnswer = z.output<typeof ShopperEndSessionsAnswer>
// ——— Content: flash sales and fuel prices (c45-content) ———

const S = SECKILL_LIMITS
const clockTime = (name: string) => z.string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` }).trim().regex(CLOCK_TIME_PATTERN, `${name} is HH:mm (00:00–23:59)`)

/**
 * A flash-sale session: it recurs every business day from `start` to `end` ("HH:mm"; an end at or before the start is
 * the next day's, `next_day`). `start_time` / `end_time`: today's, as the shoppers' flash-sale screen shows them.
 */
export const ConsoleSeckillSession = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  next_day: z.boolean(),
  start_time: z.string(),
  end_time: z.string(),
})
export type ConsoleSeckillSession = z.output<typeof ConsoleSeckillSession>

export const ConsoleSeckillProduct = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** fen */
  original_price: z.number().int(),
  /** fen: the flash price */
  price: z.number().int(),
  total_stock: z.number().int(),
  /** Left to sell. */
  stock: z.number().int(),
  /** Sold or held by an unpaid order (total_stock − stock): the least the total can become. */
  sold: z.number().int(),
  limit_per_user: z.number().int(),
  rules: z.string(),
  pickup_shop_id: z.number().int().nullable(),
  on_sale: z.boolean(),
})
export type ConsoleSeckillProduct = z.output<typeof ConsoleSeckillProduct>

export const SeckillIndexAnswer = z.object({
  sessions: z.array(ConsoleSeckillSession.extend({ products: z.array(ConsoleSeckillProduct) })),
  /** Where a product can be collected: every shop but the fuel stations. */
  shops: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type SeckillIndexAnswer = z.output<typeof SeckillIndexAnswer>

export const SeckillSessionPayload = z
  .object({
    id: Id.optional(),
    title: oneLine(z.string({ required_error: 'title is required', invalid_type_error: 'title must be text' }).trim()).min(1, 'title is required').max(S.title, `title is too long (max ${S.title})`),
    start: clockTime('start'),
    end: clockTime('end'),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((p) => p.start !== p.end, { message: 'end must differ from start', path: ['end'] })
export type SeckillSessionPayload = z.input<typeof SeckillSessionPayload>
export const SeckillSessionAnswer = z.object({ session: ConsoleSeckillSession })
export type SeckillSessionAnswer = z.output<typeof SeckillSessionAnswer>

/**
 * Create (no id) or change (id) a product. `total_stock`: how many the sale has in all — never below what is sold or
 * held (`console_stock_below_sold`); what is left follows. A new price applies to orders from now on: an order keeps
 * the amounts it was created with. `image`: SECKILL_IMAGE_PATTERN (an upload must exist).
 */
export const SeckillProductPayload = z
  .object({
    id: Id.optional(),
    session_id: Id,
    name: oneLine(z.string({ required_error: 'name is required', invalid_type_error: 'name must be text' }).trim()).min(1, 'name is required').max(S.name, `name is too long (max ${S.name})`),
    image: z.string({ required_error: shopperSays('console_picture_invalid'), invalid_type_error: shopperSays('console_picture_invalid') }).trim().max(S.image, shopperSays('console_picture_invalid')).regex(SECKILL_IMAGE_PATTERN, shopperSays('console_picture_invalid')),
    original_price: int('original_price', S.price),
    price: int('price', S.price),
    total_stock: int('total_stock', S.total_stock),
    limit_per_user: int('limit_per_user', S.limit_per_user),
    pickup_shop_id: Id,
    rules: z.string({ invalid_type_error: 'rules must be text' }).trim().max(S.rules, `rules are too long (max ${S.rules})`).default(''),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type SeckillProductPayload = z.input<typeof SeckillProductPayload>
export const SeckillProductAnswer = z.object({ product: ConsoleSeckillProduct })
export type SeckillProductAnswer = z.output<typeof SeckillProductAnswer>

export const SeckillOnSalePayload = z.object({ id: Id, on_sale: z.boolean({ required_error: 'on_sale is required', invalid_type_error: 'on_sale must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type SeckillOnSalePayload = z.input<typeof SeckillOnSalePayload>

/** A price change still to come: an operator's (`id`) or a business day's row (`id` null: from that day's midnight; the demo's). */
export const FuelPendingChange = z.object({
  id: z.number().int().nullable(),
  /** fen per litre */
  price: z.number().int(),
  effective_at: z.number().int(),
  effective_at_text: z.string(),
})
export type FuelPendingChange = z.output<typeof FuelPendingChange>

export const ConsoleFuelStation = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  grades: z.array(
    z.object({
      grade: z.string(),
      /** In force now, fen per litre (null: none yet). */
      price: z.number().int().nullable(),
      pending: z.array(FuelPendingChange),
    }),
  ),
})
export type ConsoleFuelStation = z.output<typeof ConsoleFuelStation>

export const FuelIndexAnswer = z.object({ stations: z.array(ConsoleFuelStation), now: z.number().int(), now_text: z.string() })
export type FuelIndexAnswer = z.output<typeof FuelIndexAnswer>

/**
 * A grade's new price from `effective_at` ("YYYY-MM-DD HH:mm", business zone; absent: now). From that instant the
 * stations list, the station page, quotes and orders read it; a quote given before and created after is refused with
 * `fuel_price_moved` and the new quote (docs/api.md "Fuel"), as for any price move.
 */
export const FuelSchedulePayload = z
  .object({
    shop_id: Id,
    grade: z.enum(OIL_GRADES, { errorMap: () => ({ message: `grade is one of ${OIL_GRADES.join(', ')}` }) }),
    price: int('price', FUEL_PRICE_LIMITS.price),
    effective_at: z.string({ invalid_type_error: 'effective_at must be text' }).trim().regex(STATED_TIME_PATTERN, 'effective_at is YYYY-MM-DD HH:mm').optional(),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type FuelSchedulePayload = z.input<typeof FuelSchedulePayload>

export const FuelChange = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  grade: z.string(),
  price: z.number().int(),
  effective_at: z.number().int(),
  effective_at_text: z.string(),
  cancelled_at: z.number().int().nullable(),
})
export type FuelChange = z.output<typeof FuelChange>
export const FuelChangeAnswer = z.object({ change: FuelChange })
export type FuelChangeAnswer = z.output<typeof FuelChangeAnswer>

export const FuelCancelPayload = z.object({ id: Id, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type FuelCancelPayload = z.input<typeof FuelCancelPayload>

// ——— t45-days ———

/**
 * A discount day as the console lists it: `state` on the server's business day — `upcoming` (may be moved or
 * withdrawn), `today` (running: its rule holds until midnight), `past`; `reminders` the shoppers' reminders still to
 * be sent (those sent: `reminders_sent`).
 */
export const ConsoleDiscountDay = z.object({
  day: z.string(),
  state: z.enum(['upcoming', 'today', 'past']),
  reminders: z.number().int(),
  reminders_sent: z.number().int(),
})
export type ConsoleDiscountDay = z.output<typeof ConsoleDiscountDay>

/** A shop taking part on every discount day, with its extra rate. */
export const ConsoleDiscountDayShop = z.object({ shop_id: z.number().int(), name: z.string(), extra_rate: z.number().int() })
export type ConsoleDiscountDayShop = z.output<typeof ConsoleDiscountDayShop>

export const DiscountDayIndexQuery = PageQuery.extend({ when: z.enum(['upcoming', 'past']).default('upcoming'), ...COMMON_REQUEST })
export type DiscountDayIndexQuery = z.input<typeof DiscountDayIndexQuery>

export const DiscountDayIndexAnswer = pagedOf(ConsoleDiscountDay).extend({
  /** The server's business day. */
  today: z.string(),
  /** Whether today is a discount day: the shops and their rates are then fixed until it ends. */
  running: z.boolean(),
  /** The shops taking part (every discount day's rule), by shop id. */
  shops: z.array(ConsoleDiscountDayShop),
  /** Every shop, to choose from. */
  choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type DiscountDayIndexAnswer = z.output<typeof DiscountDayIndexAnswer>

/** Add `day` (no `from`), or move the day `from` to `day`. Both after today (`console_discount_day_begun`). */
export const DiscountDaySavePayload = z
  .object({ day: BusinessDay, from: BusinessDay.optional(), reason: DecisionReason.optional(), ...COMMON_REQUEST })
  .strict()
  .refine((p) => p.from === undefined || p.from !== p.day, { message: 'the new day must differ from the old', path: ['day'] })
export type DiscountDaySavePayload = z.input<typeof DiscountDaySavePayload>
export const DiscountDaySaveAnswer = z.object({ day: ConsoleDiscountDay, reminders_moved: z.number().int() })
export type DiscountDaySaveAnswer = z.output<typeof DiscountDaySaveAnswer>

export const DiscountDayWithdrawPayload = z.object({ day: BusinessDay, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type DiscountDayWithdrawPayload = z.input<typeof DiscountDayWithdrawPayload>
export const DiscountDayWithdrawAnswer = z.object({ day: z.string(), reminders_dropped: z.number().int() })
export type DiscountDayWithdrawAnswer = z.output<typeof DiscountDayWithdrawAnswer>

export const DiscountDayShopPayload = z
  .object({ shop_id: Id, extra_rate: int('extra_rate', DISCOUNT_DAY_LIMITS.extra_rate), reason: DecisionReason.optional(), ...COMMON_REQUEST })
  .strict()
export type DiscountDayShopPayload = z.input<typeof DiscountDayShopPayload>
export const DiscountDayShopAnswer = z.object({ shop: ConsoleDiscountDayShop })
export type DiscountDayShopAnswer = z.output<typeof DiscountDayShopAnswer>

export const DiscountDayRemoveShopPayload = z.object({ shop_id: Id, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type DiscountDayRemoveShopPayload = z.input<typeof DiscountDayRemoveShopPayload>
export const DiscountDayRemoveShopAnswer = z.object({ shop_id: z.number().int() })
export type DiscountDayRemoveShopAnswer = z.output<typeof DiscountDayRemoveShopAnswer>

const RC = REFERRAL_CONTEST_LIMITS
const words = (name: string, max: number) =>
  oneLine(z.string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` }).trim()).min(1, `${name} is required`).max(max, `${name} is too long (max ${max})`)
const statedTime = (name: string) => z.string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` }).trim().regex(STATED_TIME_PATTERN, `${name} is YYYY-MM-DD HH:mm`)

/** A prize: the ranks it goes to (both counted) and its words in both languages. */
export const ContestPrize = z.object({
  rank_from: int('rank_from', RC.rank),
  rank_to: int('rank_to', RC.rank),
  zh: words('a prize', RC.prize),
  en: words('a prize', RC.prize),
})
export type ContestPrize = z.output<typeof ContestPrize>

/**
 * A contest as the console lists it. `state` on the server's clock: `upcoming`, `on`, `ended`. `counted`: referrals it
 * counts now (kept purchases paid in its period); `referrers`: how many people are on its board.
 */
export const ConsoleContest = z.object({
  id: z.number().int(),
  title: z.string(),
  title_en: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  state: z.enum(['upcoming', 'on', 'ended']),
  prizes: z.array(z.object({ rank_from: z.number().int(), rank_to: z.number().int(), zh: z.string(), en: z.string() })),
  /** fen */
  min_amount: z.number().int(),
  counted: z.number().int(),
  referrers: z.number().int(),
})
export type ConsoleContest = z.output<typeof ConsoleContest>

export const ReferralIndexAnswer = z.object({ list: z.array(ConsoleContest), now: z.number().int(), now_text: z.string() })
export type ReferralIndexAnswer = z.output<typeof ReferralIndexAnswer>

/**
 * Create (no id) or change (id) a contest: `start` / `end` "YYYY-MM-DD HH:mm" on the business zone's clock. One contest
 * at a time (`console_contest_overlap`). A running contest's start and minimum purchase decide who has qualified: fixed
 * (`console_contest_rule_locked`); an ended one cannot change (`console_contest_ended`).
 */
export const ReferralSavePayload = z
  .object({
    id: Id.optional(),
    title: words('title', RC.title),
    title_en: words('title_en', RC.title),
    start: statedTime('start'),
    end: statedTime('end'),
    prizes: z
      .array(ContestPrize)
      .min(1, 'at least one prize')
      .max(RC.prizes, `at most ${RC.prizes} prizes`)
      .refine((ps) => ps.every((p) => p.rank_from <= p.rank_to), { message: shopperSays('console_contest_prizes_invalid') })
      .refine((ps) => ps.every((p, i) => ps.every((q, j) => i === j || p.rank_to < q.rank_from || q.rank_to < p.rank_from)), { message: shopperSays('console_contest_prizes_invalid') }),
    min_amount: int('min_amount', RC.min_amount),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((p) => p.start < p.end, { message: shopperSays('console_contest_period_invalid'), path: ['end'] })
export type ReferralSavePayload = z.input<typeof ReferralSavePayload>
export const ReferralContestAnswer = z.object({ contest: ConsoleContest })
export type ReferralContestAnswerConsole = z.output<typeof ReferralContestAnswer>

export const ReferralEndPayload = z.object({ id: Id, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type ReferralEndPayload = z.input<typeof ReferralEndPayload>

export const ReferralStandingsQuery = PageQuery.extend({ id: Id, ...COMMON_REQUEST })
export type ReferralStandingsQuery = z.input<typeof ReferralStandingsQuery>
/** One referrer on the board: the nickname as written (operators see it whole), whether they hid it from shoppers. */
export const ContestStanding = z.object({ rank: z.number().int(), user_id: z.number().int(), nickname: z.string(), hidden: z.boolean(), count: z.number().int() })
export type ContestStanding = z.output<typeof ContestStanding>
export const ReferralStandingsAnswer = pagedOf(ContestStanding).extend({ contest: ConsoleContest })
export type ReferralStandingsAnswer = z.output<typeof ReferralStandingsAnswer>
// ——— d45-decide (docs/api.md "Console: reviews") ———

/** A merchant's account as a reviewer reads it: the phone masked (138****1234). */
export const ConsolePerson = z.object({ user_id: z.number().int(), nickname: z.string(), phone_masked: z.string() })
export type ConsolePerson = z.output<typeof ConsolePerson>

export const ConsoleNameReview = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  /** The shop's name now (shoppers read it). */
  shop_name: z.string(),
  city: z.string(),
  /** The name asked for. */
  name: z.string(),
  status: z.enum(NAME_REVIEW_STATUSES),
  requested_by: ConsolePerson,
  requested_at_text: z.string(),
  decided_at_text: z.string().nullable(),
  /** A rejection's words (the merchant reads them). */
  reason: z.string().nullable(),
})
export type ConsoleNameReview = z.output<typeof ConsoleNameReview>
export const NameReviewPage = pagedOf(ConsoleNameReview).extend({ waiting_total: z.number().int() })
export type NameReviewPage = z.output<typeof NameReviewPage>

export const NameApprovePayload = z.object({ id: Id, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type NameApprovePayload = z.input<typeof NameApprovePayload>
export const NameRejectPayload = z.object({ id: Id, reason: DecisionReason, ...COMMON_REQUEST }).strict()
export type NameRejectPayload = z.input<typeof NameRejectPayload>
export const NameDecisionAnswer = z.object({ review: ConsoleNameReview })
export type NameDecisionAnswer = z.output<typeof NameDecisionAnswer>

export const ConsoleJobReport = z.object({
  id: z.number().int(),
  reason: z.enum(JOB_REPORT_REASONS),
  note: z.string(),
  /** The shopper who reported it, masked. */
  reporter_phone: z.string(),
  created_at_text: z.string(),
  /** The shop's answer (null: not answered). */
  answer: z.string().nullable(),
  answered_at_text: z.string().nullable(),
})
export type ConsoleJobReport = z.output<typeof ConsoleJobReport>

export const ConsoleQueuedJob = z.object({
  job_id: z.number().int(),
  title: z.string(),
  category: z.string(),
  /** yuan a month, as the shop wrote it */
  salary_min: z.number().int(),
  salary_max: z.number().int(),
  requirements: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  /** open · closed (by the shop) · expired (30 days without a refresh) */
  state: z.enum(['open', 'closed', 'expired', 'hidden']),
  first_at_text: z.string(),
  reports: z.array(ConsoleJobReport),
})
export type ConsoleQueuedJob = z.output<typeof ConsoleQueuedJob>
export const JobQueuePage = pagedOf(ConsoleQueuedJob)
export type JobQueuePage = z.output<typeof JobQueuePage>

export const JobDecisionPayload = z.object({ id: Id, reason: DecisionReason, ...COMMON_REQUEST }).strict()
export type JobDecisionPayload = z.input<typeof JobDecisionPayload>
export const JobDecisionAnswer = z.object({
  job_id: z.number().int(),
  /** Reports decided by this decision. */
  decided: z.number().int(),
  /** Whether shoppers see the posting now. */
  hidden: z.boolean(),
})
export type JobDecisionAnswer = z.output<typeof JobDecisionAnswer>

export const OwnerlessShop = z.object({ id: z.number().int(), name: z.string(), city: z.string(), staff: z.number().int() })
export type OwnerlessShop = z.output<typeof OwnerlessShop>
export const OwnerlessPage = pagedOf(OwnerlessShop)
export type OwnerlessPage = z.output<typeof OwnerlessPage>

export const ShopOwnerAnswer = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), city: z.string() }),
  /** The live owner now (null: none). */
  owner: ConsolePerson.nullable(),
  staff: z.number().int(),
})
export type ShopOwnerAnswer = z.output<typeof ShopOwnerAnswer>

/**
 * The live account of `phone` becomes the shop's owner (promoted if its staff, added otherwise). `owner_before`: the
 * owner's user id the reviewer saw (null: none) — when the shop's owner is someone else by then (another reviewer
 * decided first), refused `console_owner_changed`. The owner before stays as staff; their open invites are withdrawn.
 */
export const NameOwnerPayload = z
  .object({
    shop_id: Id,
    phone: z.string({ required_error: shopperSays('console_phone_invalid'), invalid_type_error: shopperSays('console_phone_invalid') }).trim().regex(/^1\d{10}$/, shopperSays('console_phone_invalid')),
    owner_before: Id.nullable(),
    reason: DecisionReason,
    ...COMMON_REQUEST,
  })
  .strict()
export type NameOwnerPayload = z.input<typeof NameOwnerPayload>
export const NameOwnerAnswer = ShopOwnerAnswer.extend({ previous: z.array(z.number().int()) })
export type NameOwnerAnswer = z.output<typeof NameOwnerAnswer>

// ——— h45-home: Home's banners and grid, cities and business classes ———

/**
 * A banner as the console shows it. `showing`: a shopper sees it now (not withdrawn, inside its window). The window is
 * a stated time on the business zone's clock ("YYYY-MM-DD HH:mm"), null for open-ended.
 */
export const ConsoleBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  title_en: z.string(),
  path: z.string(),
  position: z.number().int(),
  shows_from: z.string().nullable(),
  shows_until: z.string().nullable(),
  withdrawn: z.boolean(),
  showing: z.boolean(),
})
export type ConsoleBanner = z.output<typeof ConsoleBanner>

export const ConsoleHomeModule = z.object({ key: z.enum(HOME_MODULE_KEYS), title: z.string(), title_en: z.string(), path: z.string(), shown: z.boolean() })
export type ConsoleHomeModule = z.output<typeof ConsoleHomeModule>

export const HomeIndexAnswer = z.object({
  banners: z.array(ConsoleBanner),
  /** The grid in the operator's order, hidden modules too. */
  modules: z.array(ConsoleHomeModule),
  /** The pages a banner may open, with the grid's titles. */
  links: z.array(z.object({ path: z.enum(HOME_LINK_PAGES), title: z.string(), title_en: z.string() })),
  now_text: z.string(),
})
export type HomeIndexAnswer = z.output<typeof HomeIndexAnswer>

/** A stated time or none (null, absent or empty). */
const statedOrNull = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ invalid_type_error: shopperSays('console_banner_window_invalid') }).trim().regex(STATED_TIME_PATTERN, shopperSays('console_banner_window_invalid')).nullable().optional(),
)

/**
 * Create (no id) or change (id) a banner. `shows_from` / `shows_until`: "YYYY-MM-DD HH:mm" on the business zone's
 * clock, null or absent for open-ended; the end after the start (`console_banner_window_invalid`).
 */
export const BannerSavePayload = z
  .object({
    id: Id.optional(),
    image: z.string({ required_error: shopperSays('console_picture_invalid'), invalid_type_error: shopperSays('console_picture_invalid') }).trim().max(HOME_BANNER_LIMITS.image, shopperSays('console_picture_invalid')).regex(SECKILL_IMAGE_PATTERN, shopperSays('console_picture_invalid')),
    title: oneLine(z.string({ required_error: 'title is required', invalid_type_error: 'title must be text' }).trim()).min(1, 'title is required').max(HOME_BANNER_LIMITS.title, `title is too long (max ${HOME_BANNER_LIMITS.title})`),
    title_en: oneLine(z.string({ required_error: 'title_en is required', invalid_type_error: 'title_en must be text' }).trim()).min(1, 'title_en is required').max(HOME_BANNER_LIMITS.title_en, `title_en is too long (max ${HOME_BANNER_LIMITS.title_en})`),
    path: z.enum(HOME_LINK_PAGES, { errorMap: () => ({ message: shopperSays('console_banner_link_invalid') }) }),
    shows_from: statedOrNull,
    shows_until: statedOrNull,
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type BannerSavePayload = z.input<typeof BannerSavePayload>
export const BannerAnswer = z.object({ banner: ConsoleBanner })
export type BannerAnswer = z.output<typeof BannerAnswer>

export const BannerShownPayload = z.object({ id: Id, shown: z.boolean({ required_error: 'shown is required', invalid_type_error: 'shown must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type BannerShownPayload = z.input<typeof BannerShownPayload>

export const BannerOrderPayload = z.object({ ids: z.array(Id).max(100, shopperSays('console_banner_order_stale')), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type BannerOrderPayload = z.input<typeof BannerOrderPayload>
export const BannerOrderAnswer = z.object({ banners: z.array(ConsoleBanner) })
export type BannerOrderAnswer = z.output<typeof BannerOrderAnswer>

/** Every module once, in the grid's new order, each shown or not (`console_modules_invalid` otherwise). */
export const ModulesSavePayload = z
  .object({
    modules: z.array(z.object({ key: z.enum(HOME_MODULE_KEYS, { errorMap: () => ({ message: shopperSays('console_modules_invalid') }) }), shown: z.boolean({ invalid_type_error: 'shown must be true or false' }) }).strict()).max(HOME_MODULE_KEYS.length, shopperSays('console_modules_invalid')),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((p) => p.modules.length === HOME_MODULE_KEYS.length && new Set(p.modules.map((m) => m.key)).size === HOME_MODULE_KEYS.length, { message: shopperSays('console_modules_invalid'), path: ['modules'] })
export type ModulesSavePayload = z.input<typeof ModulesSavePayload>
export const ModulesAnswer = z.object({ modules: z.array(ConsoleHomeModule) })
export type ModulesAnswer = z.output<typeof ModulesAnswer>

const placeName = (field: string, max: number) => oneLine(z.string({ required_error: `${field} is required`, invalid_type_error: `${field} must be text` }).trim()).min(1, `${field} is required`).max(max, `${field} is too long (max ${max})`)

/** A city as the console shows it: `shops` filed in it; `shown` false: hidden from new sign-ups and the shoppers' list. */
export const ConsoleCity = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  pinyin: z.string(),
  hot: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  shown: z.boolean(),
  shops: z.number().int(),
})
export type ConsoleCity = z.output<typeof ConsoleCity>
export const CityIndexAnswer = z.object({ cities: z.array(ConsoleCity) })
export type CityIndexAnswer = z.output<typeof CityIndexAnswer>

/** Add (no id) or rename (id) a city. Its centre (GCJ-02) lets Home find it as the nearest city; both or neither. */
export const CitySavePayload = z
  .object({
    id: Id.optional(),
    name: placeName('name', PLACE_LIMITS.name),
    name_en: placeName('name_en', PLACE_LIMITS.name_en),
    pinyin: z.string({ required_error: 'pinyin is required', invalid_type_error: 'pinyin must be text' }).trim().toLowerCase().max(PLACE_LIMITS.pinyin, `pinyin is too long (max ${PLACE_LIMITS.pinyin})`).regex(PINYIN_PATTERN, 'pinyin is lower-case letters a-z'),
    hot: z.boolean({ invalid_type_error: 'hot must be true or false' }).default(false),
    lat: z.coerce.number({ invalid_type_error: 'lat must be a number' }).min(-90, 'lat is out of range').max(90, 'lat is out of range').nullable().default(null),
    lng: z.coerce.number({ invalid_type_error: 'lng must be a number' }).min(-180, 'lng is out of range').max(180, 'lng is out of range').nullable().default(null),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((p) => (p.lat === null) === (p.lng === null), { message: 'lat and lng go together', path: ['lng'] })
export type CitySavePayload = z.input<typeof CitySavePayload>
export const CityAnswer = z.object({ city: ConsoleCity })
export type CityAnswer = z.output<typeof CityAnswer>

export const PlaceShownPayload = z.object({ id: Id, shown: z.boolean({ required_error: 'shown is required', invalid_type_error: 'shown must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type PlaceShownPayload = z.input<typeof PlaceShownPayload>

export const ConsoleBusinessClass = z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), icon: z.string(), sort: z.number().int(), shown: z.boolean(), shops: z.number().int() })
export type ConsoleBusinessClass = z.output<typeof ConsoleBusinessClass>
export const BusinessClassIndexAnswer = z.object({ classes: z.array(ConsoleBusinessClass) })
export type BusinessClassIndexAnswer = z.output<typeof BusinessClassIndexAnswer>

/** Add (no id; it goes last) or rename (id) a class; its icon follows SECKILL_IMAGE_PATTERN. */
export const BusinessClassSavePayload = z
  .object({
    id: Id.optional(),
    name: placeName('name', PLACE_LIMITS.name),
    name_en: placeName('name_en', PLACE_LIMITS.name_en),
    icon: z.string({ required_error: shopperSays('console_picture_invalid'), invalid_type_error: shopperSays('console_picture_invalid') }).trim().max(HOME_BANNER_LIMITS.image, shopperSays('console_picture_invalid')).regex(SECKILL_IMAGE_PATTERN, shopperSays('console_picture_invalid')),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type BusinessClassSavePayload = z.input<typeof BusinessClassSavePayload>
export const BusinessClassAnswer = z.object({ business_class: ConsoleBusinessClass })
export type BusinessClassAnswer = z.output<typeof BusinessClassAnswer>

// ——— m45-mall ———

const M = MALL_LIMITS
const text = (name: string, max: number) => oneLine(z.string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` }).trim()).min(1, `${name} is required`).max(max, `${name} is too long (max ${max})`)
const picture = z.string({ required_error: shopperSays('console_picture_invalid'), invalid_type_error: shopperSays('console_picture_invalid') }).trim().max(S.image, shopperSays('console_picture_invalid')).regex(SECKILL_IMAGE_PATTERN, shopperSays('console_picture_invalid'))

export const ConsoleMallCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  /** Position in the shoppers' tabs (0 first). */
  sort: z.number().int(),
  hidden: z.boolean(),
  /** Products in it, off-sale ones too. */
  products: z.number().int(),
})
export type ConsoleMallCategory = z.output<typeof ConsoleMallCategory>
export const MallCategoriesAnswer = z.object({ list: z.array(ConsoleMallCategory) })
export type MallCategoriesAnswer = z.output<typeof MallCategoriesAnswer>
export const MallCategoryAnswer = z.object({ category: ConsoleMallCategory })
export type MallCategoryAnswer = z.output<typeof MallCategoryAnswer>

export const MallCategoryPayload = z.object({ id: Id.optional(), name: text('name', M.category), icon: picture, reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallCategoryPayload = z.input<typeof MallCategoryPayload>
/** Every category's id once, in the new order (a list that leaves one out or names one twice is refused). */
export const MallCategoryOrderPayload = z.object({ ids: z.array(Id).min(1, 'ids is required').max(200), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallCategoryOrderPayload = z.input<typeof MallCategoryOrderPayload>
export const MallCategoryHiddenPayload = z.object({ id: Id, hidden: z.boolean({ required_error: 'hidden is required', invalid_type_error: 'hidden must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallCategoryHiddenPayload = z.input<typeof MallCategoryHiddenPayload>

/** A spec as the console shows it: `sold` is sold or held by an unpaid order (total_stock − stock), the least the total can become. */
export const ConsoleMallSpec = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  /** fen */
  price: z.number().int(),
  /** fen: a card holder's price */
  member_price: z.number().int(),
  total_stock: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
})
export type ConsoleMallSpec = z.output<typeof ConsoleMallSpec>

export const ConsoleMallProduct = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  shop_id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  /** The cover and every picture (the first is the cover). */
  images: z.array(z.string()),
  description: z.array(z.string()),
  /** fen: the struck-through market price */
  list_price: z.number().int(),
  limit_per_order: z.number().int(),
  pickup: z.boolean(),
  /** fen */
  shipping_fee: z.number().int(),
  on_sale: z.boolean(),
  specs: z.array(ConsoleMallSpec),
})
export type ConsoleMallProduct = z.output<typeof ConsoleMallProduct>

export const MallProductsQuery = PageQuery.extend({
  category_id: Id.optional(),
  keyword: z.string({ invalid_type_error: 'keyword must be text' }).trim().max(M.name).optional(),
  ...COMMON_REQUEST,
})
export type MallProductsQuery = z.input<typeof MallProductsQuery>
export const MallProductsAnswer = pagedOf(ConsoleMallProduct).extend({
  /** The stores a product can ship from (every shop but the fuel stations). */
  shops: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type MallProductsAnswer = z.output<typeof MallProductsAnswer>

/**
 * Create (no id) or change (id) a product. A new product is off sale until it has a spec and is put on sale. A change
 * reaches shoppers at once; orders keep the amounts they were created with.
 */
export const MallProductPayload = z
  .object({
    id: Id.optional(),
    category_id: Id,
    shop_id: Id,
    name: text('name', M.name),
    subtitle: oneLine(z.string({ invalid_type_error: 'subtitle must be text' }).trim()).max(M.subtitle, `subtitle is too long (max ${M.subtitle})`).default(''),
    images: z.array(picture, { required_error: shopperSays('console_picture_invalid'), invalid_type_error: shopperSays('console_picture_invalid') }).min(M.images[0], shopperSays('console_picture_invalid')).max(M.images[1], `images: at most ${M.images[1]}`),
    description: z.array(oneLine(z.string({ invalid_type_error: 'description must be text' }).trim()).min(1).max(M.paragraph, `a paragraph is at most ${M.paragraph} characters`)).max(M.paragraphs, `description: at most ${M.paragraphs} paragraphs`).default([]),
    list_price: int('list_price', M.price),
    limit_per_order: int('limit_per_order', M.limit_per_order),
    pickup: z.boolean({ invalid_type_error: 'pickup must be true or false' }).default(false),
    shipping_fee: int('shipping_fee', M.shipping_fee).default(0),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type MallProductPayload = z.input<typeof MallProductPayload>
export const MallProductAnswer = z.object({ product: ConsoleMallProduct })
export type MallProductAnswer = z.output<typeof MallProductAnswer>

export const MallOnSalePayload = z.object({ id: Id, on_sale: z.boolean({ required_error: 'on_sale is required', invalid_type_error: 'on_sale must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallOnSalePayload = z.input<typeof MallOnSalePayload>

/**
 * Create (no id) or change (id) a spec. `total_stock`: how many in all — never below what is sold or held
 * (`console_stock_below_sold`); what is left follows, in the statement a purchase's stock update waits on. The member
 * price at most the price (`console_member_price_over_price`).
 */
export const MallSpecPayload = z
  .object({
    id: Id.optional(),
    product_id: Id,
    name: text('name', M.spec),
    price: int('price', M.price),
    member_price: int('member_price', M.price),
    total_stock: int('total_stock', M.total_stock),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type MallSpecPayload = z.input<typeof MallSpecPayload>
export const MallSpecAnswer = z.object({ spec: ConsoleMallSpec, product: ConsoleMallProduct })
export type MallSpecAnswer = z.output<typeof MallSpecAnswer>

export const ConsoleMallSpecial = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  banner: z.string(),
  /** Its products' ids in the order shoppers see them. */
  product_ids: z.array(z.number().int()),
  withdrawn: z.boolean(),
})
export type ConsoleMallSpecial = z.output<typeof ConsoleMallSpecial>
export const ConsoleMallSlide = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link_type: z.enum(['product', 'special']),
  link_id: z.number().int(),
  sort: z.number().int(),
  withdrawn: z.boolean(),
})
export type ConsoleMallSlide = z.output<typeof ConsoleMallSlide>
export const MallShowcaseAnswer = z.object({ specials: z.array(ConsoleMallSpecial), slides: z.array(ConsoleMallSlide) })
export type MallShowcaseAnswer = z.output<typeof MallShowcaseAnswer>

/** Create (no id) or change (id) a special; `product_ids` its products in order (each once, each existing). */
export const MallSpecialPayload = z
  .object({
    id: Id.optional(),
    title: text('title', M.title),
    subtitle: oneLine(z.string({ invalid_type_error: 'subtitle must be text' }).trim()).max(M.title, `subtitle is too long (max ${M.title})`).default(''),
    banner: picture,
    product_ids: z.array(Id).max(M.special_products, `product_ids: at most ${M.special_products}`).default([]),
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type MallSpecialPayload = z.input<typeof MallSpecialPayload>
export const MallSpecialAnswer = z.object({ special: ConsoleMallSpecial })
export type MallSpecialAnswer = z.output<typeof MallSpecialAnswer>
export const MallWithdrawnPayload = z.object({ id: Id, withdrawn: z.boolean({ required_error: 'withdrawn is required', invalid_type_error: 'withdrawn must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallWithdrawnPayload = z.input<typeof MallWithdrawnPayload>


// ——— f45-fuel (docs/api.md "Console: fuel stations") ———

const OilGradeField = z.enum(OIL_GRADES, { errorMap: () => ({ message: `grade is one of ${OIL_GRADES.join(', ')}` }) })

/** A station as the console edits it: its pumps and every grade it has, switched-off ones too, in the shoppers' order. */
export const ConsoleFuelStationDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  pumps: z.array(z.number().int()),
  grades: z.array(
    z.object({
      grade: z.string(),
      /** In force now, fen per litre (null: none yet). */
      price: z.number().int().nullable(),
      /** false: switched off — shoppers neither see nor order it. */
      offered: z.boolean(),
    }),
  ),
})
export type ConsoleFuelStationDetail = z.output<typeof ConsoleFuelStationDetail>
export const FuelStationAnswer = z.object({ station: ConsoleFuelStationDetail })
export type FuelStationAnswer = z.output<typeof FuelStationAnswer>

/** A grade the station lacks, with its first price (fen per litre), in force now as a price change from now. */
export const FuelAddGradePayload = z.object({ shop_id: Id, grade: OilGradeField, price: int('price', FUEL_PRICE_LIMITS.price), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type FuelAddGradePayload = z.input<typeof FuelAddGradePayload>

export const FuelOrderGradesPayload = z
  .object({ shop_id: Id, grades: z.array(OilGradeField, { invalid_type_error: 'grades must be a list' }).min(1, 'grades names every grade of the station'), reason: DecisionReason.optional(), ...COMMON_REQUEST })
  .strict()
export type FuelOrderGradesPayload = z.input<typeof FuelOrderGradesPayload>

export const FuelGradeOfferedPayload = z
  .object({ shop_id: Id, grade: OilGradeField, offered: z.boolean({ required_error: 'offered is required', invalid_type_error: 'offered must be true or false' }), reason: DecisionReason.optional(), ...COMMON_REQUEST })
  .strict()
export type FuelGradeOfferedPayload = z.input<typeof FuelGradeOfferedPayload>

export const FuelPumpPayload = z.object({ shop_id: Id, pump_no: int('pump_no', FUEL_PUMP_LIMITS.pump_no), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type FuelPumpPayload = z.input<typeof FuelPumpPayload>

/** Create (no id) or change (id) a gallery slide: it opens a product or a special that exists. A new slide goes last. */
export const MallSlidePayload = z
  .object({
    id: Id.optional(),
    image: picture,
    title: text('title', M.title),
    subtitle: oneLine(z.string({ invalid_type_error: 'subtitle must be text' }).trim()).max(M.title, `subtitle is too long (max ${M.title})`).default(''),
    link_type: z.enum(['product', 'special'], { errorMap: () => ({ message: 'link_type is product or special' }) }),
    link_id: Id,
    reason: DecisionReason.optional(),
    ...COMMON_REQUEST,
  })
  .strict()
export type MallSlidePayload = z.input<typeof MallSlidePayload>
export const MallSlideAnswer = z.object({ slide: ConsoleMallSlide })
export type MallSlideAnswer = z.output<typeof MallSlideAnswer>
export const MallSlideOrderPayload = z.object({ ids: z.array(Id).min(1, 'ids is required').max(200), reason: DecisionReason.optional(), ...COMMON_REQUEST }).strict()
export type MallSlideOrderPayload = z.input<typeof MallSlideOrderPayload>

// ——— Every call, defined once (issue 41) ———

/**
 * Every console call: its method, payload and answer schemas and its docs (./api/define.ts ConsoleEndpoint). The server
 * registers each route from its entry (server/http/routes/console.ts defineConsoleRoute: an operator's session and a role
 * of its area, unless `session: false`); `npm run gen:api` writes from these the console's path → method table
 * (./generated/consoleEndpoints.ts, re-exported by ./consoleEndpoints.ts) and docs/api.md's console index.
 */
export const CONSOLE_API = defineConsoleApi({
  'console.auth/signIn': {
    method: 'POST',
    session: false,
    req: SignInPayload,
    res: SignInAnswer,
    doc: 'Sign in: username, password and the current TOTP code → a session token (the only call without one).',
  },
  'console.auth/signOut': {
    method: 'POST',
    req: z.object({ ...COMMON_REQUEST }).strict(),
    res: SignOutAnswer,
    doc: 'End this session.',
  },
  'console.auth/me': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: MeAnswer,
    doc: "The signed-in operator and when the session ends (the console's start).",
  },
  'console.operator/index': {
    method: 'GET',
    req: PageQuery.extend({ ...COMMON_REQUEST }),
    res: OperatorPage,
    doc: 'Operators, newest first, paged (admin).',
  },
  'console.operator/create': {
    method: 'POST',
    req: OperatorCreatePayload,
    res: OperatorCreateAnswer,
    doc: 'A new operator (admin): answers its TOTP secret and otpauth:// URI once — never shown again.',
  },
  'console.operator/disable': {
    method: 'POST',
    req: OperatorDisablePayload,
    res: OperatorAnswer,
    doc: 'Disable an operator, with the reason (admin): their sessions end; they can no longer sign in. Not oneself.',
  },
  'console.operator/resetTotp': {
    method: 'POST',
    req: OperatorResetTotpPayload,
    res: OperatorResetTotpAnswer,
    doc: 'A new TOTP secret for an operator (a lost phone; admin): answered once; their sessions end.',
  },
  'console.audit/index': {
    method: 'GET',
    req: AuditQuery,
    res: AuditPage,
    doc: 'The audit trail, newest first, paged; by operator and by area (admin, finance).',
  },
  'console.card/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: ConsoleCardList,
    doc: 'Every card product, withdrawn ones too (admin, content).',
  },
  'console.card/save': {
    method: 'POST',
    req: CardSavePayload,
    res: CardSaveAnswer,
    doc: 'Create a card product (no id) or change one (id): new prices apply to new purchases only (admin, content).',
  },
  'console.merchant/index': {
    method: 'GET',
    req: MerchantQuery,
    res: MerchantPage,
    doc: 'Merchant applications, waiting ones first, paged (admin, reviewer).',
  },
  'console.merchant/read': {
    method: 'GET',
    req: z.object({ id: Id, ...COMMON_REQUEST }),
    res: MerchantReadAnswer,
    doc: 'One application; opening a submitted one marks it in review (admin, reviewer).',
  },
  'console.merchant/reject': {
    method: 'POST',
    req: MerchantRejectPayload,
    res: MerchantReadAnswer,
    doc: 'Reject with a reason per field (admin, reviewer).',
  },
  'console.merchant/approve': {
    method: 'POST',
    req: MerchantIdPayload,
    res: MerchantApproveAnswer,
    doc: 'Approve: the shop is created and the applicant is its owner (admin, reviewer).',
  },
  // ——— finance and decisions (c45-finance) ———
  'console.money/days': {
    method: 'GET',
    req: MoneyRangeQuery,
    res: MoneyDays,
    doc: "Money received and returned per business day of a range: counts and sums in fen, with the range's totals (admin, finance).",
  },
  'console.money/shops': {
    method: 'GET',
    req: MoneyRangeQuery,
    res: MoneyShops,
    doc: 'The same range per shop (admin, finance).',
  },
  'console.money/day': {
    method: 'GET',
    req: MoneyDayQuery,
    res: MoneyDayPage,
    doc: "One business day's payments or refunds, one line each, paged (admin, finance).",
  },
  'console.money/export': {
    method: 'GET',
    req: MoneyExportQuery,
    res: MoneyExport,
    doc: "One business day's payments and refunds as a CSV file (UTF-8 with BOM), answered in the envelope (admin, finance).",
  },
  'console.refund/index': {
    method: 'GET',
    req: WaitingRefundQuery,
    res: WaitingRefundPage,
    doc: "Refund requests waiting on a store, the longest waiting first; those past the store's answer window marked (admin, finance).",
  },
  'console.refund/approve': {
    method: 'POST',
    req: RefundDecisionPayload,
    res: RefundDecisionAnswer,
    doc: "Approve a waiting request in the store's place, with the reason (admin, finance).",
  },
  'console.refund/reject': {
    method: 'POST',
    req: RefundDecisionPayload,
    res: RefundDecisionAnswer,
    doc: "Refuse a waiting request in the store's place, with the reason the shopper reads (admin, finance).",
  },
  'console.shopper/find': {
    method: 'GET',
    req: ShopperFindQuery,
    res: ShopperAnswer,
    doc: 'A shopper by phone: the account (phone masked) and its live sessions (admin).',
  },
  'console.shopper/endSessions': {
    method: 'POST',
    req: ShopperEndSessionsPayload,
    res: ShopperEndSessionsAnswer,
    doc: 'End every session of a shopper, with the reason (admin).',
  },
  // ——— Content: flash sales and fuel prices (c45-content) ———
  'console.seckill/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: SeckillIndexAnswer,
    doc: "Flash-sale sessions (today's times) with their products, withdrawn ones too, and the shops a product can be collected at (admin, content).",
  },
  'console.seckill/saveSession': {
    method: 'POST',
    req: SeckillSessionPayload,
    res: SeckillSessionAnswer,
    doc: 'Create a session (no id) or change one (id): title, start and end "HH:mm" of every day (admin, content).',
  },
  'console.seckill/saveProduct': {
    method: 'POST',
    req: SeckillProductPayload,
    res: SeckillProductAnswer,
    doc: 'Create a product (no id) or change one (id): never below what is sold or held; paid orders keep their price (admin, content).',
  },
  'console.seckill/setOnSale': {
    method: 'POST',
    req: SeckillOnSalePayload,
    res: SeckillProductAnswer,
    doc: 'Take a product off sale, or put it back (admin, content): shoppers no longer see or buy it; its orders stay.',
  },
  'console.fuel/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: FuelIndexAnswer,
    doc: "Fuel stations with each grade's price in force now and the changes still to come (admin, content).",
  },
  'console.fuel/schedule': {
    method: 'POST',
    req: FuelSchedulePayload,
    res: FuelChangeAnswer,
    doc: "A grade's new price from a stated time (now, or later): quotes before it follow the price-moved rule (admin, content).",
  },
  'console.fuel/cancel': {
    method: 'POST',
    req: FuelCancelPayload,
    res: FuelChangeAnswer,
    doc: 'Cancel a change that has not taken effect yet (admin, content).',
  },
  // ——— t45-days ———
  'console.discountDay/index': {
    method: 'GET',
    req: DiscountDayIndexQuery,
    res: DiscountDayIndexAnswer,
    doc: 'Discount days, upcoming (soonest first) or past (latest first), paged; the shops taking part and every shop to choose from (admin, content).',
  },
  'console.discountDay/save': {
    method: 'POST',
    req: DiscountDaySavePayload,
    res: DiscountDaySaveAnswer,
    doc: 'Add a discount day (no `from`) or move one not begun (`from`): its unsent reminders move with it (admin, content).',
  },
  'console.discountDay/withdraw': {
    method: 'POST',
    req: DiscountDayWithdrawPayload,
    res: DiscountDayWithdrawAnswer,
    doc: 'Withdraw a day not begun: its unsent reminders go (admin, content).',
  },
  'console.discountDay/saveShop': {
    method: 'POST',
    req: DiscountDayShopPayload,
    res: DiscountDayShopAnswer,
    doc: 'A shop takes part with its extra rate, or its rate changes — never while a discount day is running (admin, content).',
  },
  'console.discountDay/removeShop': {
    method: 'POST',
    req: DiscountDayRemoveShopPayload,
    res: DiscountDayRemoveShopAnswer,
    doc: 'A shop no longer takes part — never while a discount day is running (admin, content).',
  },
  'console.referral/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: ReferralIndexAnswer,
    doc: 'Every referral contest, the latest first, with its state and how many count (admin, content).',
  },
  'console.referral/save': {
    method: 'POST',
    req: ReferralSavePayload,
    res: ReferralContestAnswer,
    doc: "Create a contest (no id) or change one: a running contest's start and minimum purchase are fixed; an ended one is closed (admin, content).",
  },
  'console.referral/end': {
    method: 'POST',
    req: ReferralEndPayload,
    res: ReferralContestAnswer,
    doc: 'End a running contest now (admin, content).',
  },
  'console.referral/standings': {
    method: 'GET',
    req: ReferralStandingsQuery,
    res: ReferralStandingsAnswer,
    doc: "A contest's standings, read-only, paged (admin, content).",
  },
  // ——— d45-decide ———
  'console.review/names': {
    method: 'GET',
    req: PageQuery.extend({ ...COMMON_REQUEST }),
    res: NameReviewPage,
    doc: 'Shop name changes merchants asked for: waiting ones first (oldest first), then decided ones (newest first), paged (admin, reviewer).',
  },
  'console.review/nameApprove': {
    method: 'POST',
    req: NameApprovePayload,
    res: NameDecisionAnswer,
    doc: 'Approve a waiting name: shoppers read it at once (admin, reviewer).',
  },
  'console.review/nameReject': {
    method: 'POST',
    req: NameRejectPayload,
    res: NameDecisionAnswer,
    doc: 'Reject a waiting name with the reason the merchant reads; the shop keeps its name (admin, reviewer).',
  },
  'console.review/jobs': {
    method: 'GET',
    req: PageQuery.extend({ ...COMMON_REQUEST }),
    res: JobQueuePage,
    doc: "Job postings with reports waiting for review, most reported first, with the reports and the shop's answers, paged (admin, reviewer).",
  },
  'console.review/jobKeep': {
    method: 'POST',
    req: JobDecisionPayload,
    res: JobDecisionAnswer,
    doc: 'Keep a queued posting listed: its reports were unfounded (admin, reviewer).',
  },
  'console.review/jobHide': {
    method: 'POST',
    req: JobDecisionPayload,
    res: JobDecisionAnswer,
    doc: 'Hide a queued posting: shoppers no longer see it (admin, reviewer).',
  },
  'console.review/ownerless': {
    method: 'GET',
    req: PageQuery.extend({ ...COMMON_REQUEST }),
    res: OwnerlessPage,
    doc: 'Shops without a live owner, paged (admin, reviewer).',
  },
  'console.review/shop': {
    method: 'GET',
    req: z.object({ id: Id, ...COMMON_REQUEST }),
    res: ShopOwnerAnswer,
    doc: 'One shop and its owner now (before naming or handing over; admin, reviewer).',
  },
  'console.review/nameOwner': {
    method: 'POST',
    req: NameOwnerPayload,
    res: NameOwnerAnswer,
    doc: "Name a shop's owner by the phone of a live account; the owner before, if any, stays as staff (admin, reviewer).",
  },
  // ——— h45-home ———
  'console.home/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: HomeIndexAnswer,
    doc: "Home's banners (withdrawn ones too, in carousel order), its service grid as ordered, and the pages a banner may open (admin, content).",
  },
  'console.home/saveBanner': {
    method: 'POST',
    req: BannerSavePayload,
    res: BannerAnswer,
    doc: 'Create a banner (no id; it goes last) or change one (id): picture, titles, page, window (admin, content).',
  },
  'console.home/setBannerShown': {
    method: 'POST',
    req: BannerShownPayload,
    res: BannerAnswer,
    doc: 'Withdraw a banner, or show it again (admin, content).',
  },
  'console.home/orderBanners': {
    method: 'POST',
    req: BannerOrderPayload,
    res: BannerOrderAnswer,
    doc: "The carousel's order: every banner's id, once each, in the new order (admin, content).",
  },
  'console.home/saveModules': {
    method: 'POST',
    req: ModulesSavePayload,
    res: ModulesAnswer,
    doc: 'The service grid: every module once, in the new order, each shown or not (admin, content).',
  },
  'console.city/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: CityIndexAnswer,
    doc: 'Every city, hidden ones too, with how many shops are in each (admin, content).',
  },
  'console.city/save': {
    method: 'POST',
    req: CitySavePayload,
    res: CityAnswer,
    doc: 'Add a city (no id) or rename one (id) (admin, content).',
  },
  'console.city/setShown': {
    method: 'POST',
    req: PlaceShownPayload,
    res: CityAnswer,
    doc: "Hide a city from new sign-ups and the shoppers' city list, or offer it again; never deleted (admin, content).",
  },
  'console.businessClass/index': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: BusinessClassIndexAnswer,
    doc: 'Every business class, hidden ones too, with how many shops are filed under each (admin, content).',
  },
  'console.businessClass/save': {
    method: 'POST',
    req: BusinessClassSavePayload,
    res: BusinessClassAnswer,
    doc: 'Add a class (no id; it goes last) or rename one (id) (admin, content).',
  },
  'console.businessClass/setShown': {
    method: 'POST',
    req: PlaceShownPayload,
    res: BusinessClassAnswer,
    doc: 'Hide a class from new sign-ups and the filters, or offer it again; never deleted (admin, content).',
  },
  // ——— m45-mall ———
  'console.mall/categories': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: MallCategoriesAnswer,
    doc: "Every mall category, hidden ones too, in the shoppers' order, with how many products each has (admin, content).",
  },
  'console.mall/saveCategory': {
    method: 'POST',
    req: MallCategoryPayload,
    res: MallCategoryAnswer,
    doc: 'Create a category (no id) or rename one / change its icon (id) (admin, content).',
  },
  'console.mall/orderCategories': {
    method: 'POST',
    req: MallCategoryOrderPayload,
    res: MallCategoriesAnswer,
    doc: "The categories' order: every category's id, first to last (admin, content).",
  },
  'console.mall/setCategoryHidden': {
    method: 'POST',
    req: MallCategoryHiddenPayload,
    res: MallCategoryAnswer,
    doc: 'Hide a category from shoppers (its tab and its products leave every list), or show it again (admin, content).',
  },
  'console.mall/products': {
    method: 'GET',
    req: MallProductsQuery,
    res: MallProductsAnswer,
    doc: 'Products of a category or by name, off-sale ones too, paged, with their specs; and the stores a product can ship from (admin, content).',
  },
  'console.mall/saveProduct': {
    method: 'POST',
    req: MallProductPayload,
    res: MallProductAnswer,
    doc: 'Create a product (no id; off sale until it has a spec) or change one (id) (admin, content).',
  },
  'console.mall/setOnSale': {
    method: 'POST',
    req: MallOnSalePayload,
    res: MallProductAnswer,
    doc: 'Put a product on sale (it needs a spec) or take it off (admin, content): shoppers no longer see or buy it; its orders stay.',
  },
  'console.mall/saveSpec': {
    method: 'POST',
    req: MallSpecPayload,
    res: MallSpecAnswer,
    doc: 'Create a spec (no id) or change one (id): price, member price, total stock — never below what is sold or held (admin, content).',
  },
  'console.mall/showcase': {
    method: 'GET',
    req: z.object({ ...COMMON_REQUEST }),
    res: MallShowcaseAnswer,
    doc: "Specials (with their products in order) and the gallery's slides, withdrawn ones too (admin, content).",
  },
  'console.mall/saveSpecial': {
    method: 'POST',
    req: MallSpecialPayload,
    res: MallSpecialAnswer,
    doc: 'Create a special (no id) or change one (id): title, subtitle, banner and its products in order (admin, content).',
  },
  'console.mall/setSpecialWithdrawn': {
    method: 'POST',
    req: MallWithdrawnPayload,
    res: MallSpecialAnswer,
    doc: 'Withdraw a special (shoppers no longer open it) or bring it back (admin, content).',
  },
  'console.mall/saveSlide': {
    method: 'POST',
    req: MallSlidePayload,
    res: MallSlideAnswer,
    doc: 'Create a gallery slide (no id) or change one (id): picture, words and the product or special it opens (admin, content).',
  },
  'console.mall/orderSlides': {
    method: 'POST',
    req: MallSlideOrderPayload,
    res: MallShowcaseAnswer,
    doc: "The slides' order: every slide's id, first to last (admin, content).",
  },
  'console.mall/setSlideWithdrawn': {
    method: 'POST',
    req: MallWithdrawnPayload,
    res: MallSlideAnswer,
    doc: "Withdraw a slide from the mall's gallery, or bring it back (admin, content).",
  },
  // ——— f45-fuel ———
  'console.fuel/station': {
    method: 'GET',
    req: z.object({ shop_id: Id, ...COMMON_REQUEST }),
    res: FuelStationAnswer,
    doc: "One station's brand, pumps and grades (switched-off ones too) with the price in force now (admin, content).",
  },
  'console.fuel/addGrade': {
    method: 'POST',
    req: FuelAddGradePayload,
    res: FuelStationAnswer,
    doc: "Add a grade with its first price, in force now through the price changes' rule; it goes last (admin, content).",
  },
  'console.fuel/orderGrades': {
    method: 'POST',
    req: FuelOrderGradesPayload,
    res: FuelStationAnswer,
    doc: "The station's grades in the shoppers' order: every grade, first to last (admin, content).",
  },
  'console.fuel/setGradeOffered': {
    method: 'POST',
    req: FuelGradeOfferedPayload,
    res: FuelStationAnswer,
    doc: 'Switch a grade off (shoppers no longer see or order it; paid orders keep their price) or on again (admin, content).',
  },
  'console.fuel/addPump': {
    method: 'POST',
    req: FuelPumpPayload,
    res: FuelStationAnswer,
    doc: 'Add a pump number (admin, content).',
  },
  'console.fuel/removePump': {
    method: 'POST',
    req: FuelPumpPayload,
    res: FuelStationAnswer,
    doc: 'Remove a pump no unpaid order names (admin, content).',
  },
})

/** Every console path as defined (the generated ConsoleEndpointPath is the same keys: apiGenerated.test.ts). */
export type ConsoleApiPath = keyof typeof CONSOLE_API
/** What the console sends to a path (before defaults). */
export type ConsoleReq<P extends ConsoleApiPath> = z.input<(typeof CONSOLE_API)[P]['req']>
/** What the server answers in `data`. */
export type ConsoleRes<P extends ConsoleApiPath> = z.output<(typeof CONSOLE_API)[P]['res']>
