/**
 * The shop's profile (issue 44; docs/api.md "The shop's profile"): the store workbench's calls that change what shoppers
 * read on the shop's page — its name (reviewed by the operator before shoppers see it), phone, address and map point,
 * opening hours by weekday with breaks and closed dates, photos (order and cover) and an introduction in rich text.
 * Any staff member reads; only the owner changes (`staff_owner_only`).
 *
 * Their own table, not ENDPOINTS or STORE_ENDPOINTS: only the workbench's profile screens make these calls, so Home's
 * first load and the workbench's other screens do not carry them. Runtime values (no zod): the limits below are read by
 * the zod schemas (./shopProfile.ts) AND by the screens' checks as the owner types, so both sides apply one set of rules.
 */
// The table is generated from the definitions in ./api/shopProfile.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { SHOP_PROFILE_ENDPOINTS, type ShopProfileEndpointPath } from './generated/shopProfileEndpoints'

/** Limits both sides check. */
export const SHOP_PROFILE_LIMITS = {
  /** Name: as a merchant application's (MERCHANT_TEXT_LIMITS.shop_name). */
  name: { min: 2, max: 30 },
  address: { min: 4, max: 100 },
  /** Opening periods a day (two breaks). */
  periodsPerDay: 3,
  /** Closed dates kept ahead. */
  closedDates: 30,
  /** How far ahead a closed date may be (days). */
  closedDaysAhead: 366,
  photos: 9,
  /** The introduction as sent (characters of HTML). */
  introHtml: 20_000,
  /** Its text without tags. */
  introText: 5_000,
  /** Pictures in the introduction. */
  introPictures: 9,
} as const

/** A picture this server stored (index/uploadPic answers `/uploads/<22 characters>.<ext>`). */
export const UPLOAD_PICTURE_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/

/** "HH:MM" of an opening period; "24:00" only as a closing time (the end of the day). */
export const HOUR_MINUTE_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/

/** Weekdays as the week is written: Monday first (index 0) to Sunday (index 6). */
export const WEEKDAYS = 7

/** What the operator decided of a name: waiting, approved, rejected; withdrawn when the owner asked for another first. */
export const NAME_REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type NameReviewStatus = (typeof NAME_REVIEW_STATUSES)[number]

/** A shop's phone: a mobile, a landline with its area code (0755-88881001) or a 400 number. */
export const SHOP_PHONE_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/
