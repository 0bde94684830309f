/**
 * The shop's profile (issue 44): shapes of the calls in ./shopProfileEndpoints.ts, and what a shopper reads of it on the
 * shop's page (ShopProfileView, in hui_shanghu.shop/read). zod for the server; the client imports types only. Every
 * problem a person can fix answers as its own reason (./reasons.ts `shop_*`), in the asker's language.
 */
import { z } from 'zod'
import { COMMON_REQUEST, lines, oneLine, shopperSays } from './common'
import type { Reason } from './reasons'
import { HOUR_MINUTE_PATTERN, NAME_REVIEW_STATUSES, SHOP_PHONE_PATTERN, SHOP_PROFILE_LIMITS, WEEKDAYS } from './shopProfileEndpoints'
import { isCalendarDate } from './shopHours'

// Every text refuses control characters (oneLine / lines: text_control_characters with the field, ./common.ts).
const text = (reason: Reason, min: number, max: number) =>
  oneLine(z.string({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).trim())
    .min(min, shopperSays(reason))
    .max(max, shopperSays(reason))

export const RenamePayload = z.object({ name: text('shop_name_invalid', SHOP_PROFILE_LIMITS.name.min, SHOP_PROFILE_LIMITS.name.max), ...COMMON_REQUEST }).strict()
export type RenamePayload = z.input<typeof RenamePayload>

const coordinate = (min: number, max: number) => z.number({ invalid_type_error: shopperSays('shop_point_invalid') }).min(min, shopperSays('shop_point_invalid')).max(max, shopperSays('shop_point_invalid'))

export const ContactPayload = z
  .object({
    phone: oneLine(z.string({ required_error: shopperSays('shop_phone_invalid'), invalid_type_error: shopperSays('shop_phone_invalid') }).trim()).regex(SHOP_PHONE_PATTERN, shopperSays('shop_phone_invalid')),
    /** One of the districts of the shop's city (the read's `districts`). */
    district: text('shop_district_invalid', 1, 20),
    address: text('shop_address_invalid', SHOP_PROFILE_LIMITS.address.min, SHOP_PROFILE_LIMITS.address.max),
    /** The map pick (GCJ-02), both or neither: without one the shop stands at its district's centre. */
    lat: coordinate(-90, 90).optional(),
    lng: coordinate(-180, 180).optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: shopperSays('shop_point_invalid'), path: ['lat'] })
export type ContactPayload = z.input<typeof ContactPayload>

export const OpeningPeriodSchema = z.object({
  open: oneLine(z.string({ invalid_type_error: shopperSays('shop_hours_invalid') })).regex(HOUR_MINUTE_PATTERN, shopperSays('shop_hours_invalid')),
  close: oneLine(z.string({ invalid_type_error: shopperSays('shop_hours_invalid') })).regex(HOUR_MINUTE_PATTERN, shopperSays('shop_hours_invalid')),
})

export const HoursPayload = z
  .object({
    /** 7 days, Monday first; each its periods in order (./shopHours.ts dayProblem says what may be stored). */
    week: z.array(z.array(OpeningPeriodSchema).max(SHOP_PROFILE_LIMITS.periodsPerDay, shopperSays('shop_hours_invalid')), { invalid_type_error: shopperSays('shop_hours_invalid') }).length(WEEKDAYS, shopperSays('shop_hours_invalid')),
    /** Dates the shop is closed ("YYYY-MM-DD", from today on the server's clock, within a year). */
    closed_dates: z
      .array(oneLine(z.string({ invalid_type_error: shopperSays('shop_closed_date_invalid') })).refine(isCalendarDate, shopperSays('shop_closed_date_invalid')))
      .max(SHOP_PROFILE_LIMITS.closedDates, shopperSays('shop_closed_date_invalid'))
      .default([]),
    ...COMMON_REQUEST,
  })
  .strict()
export type HoursPayload = z.input<typeof HoursPayload>

export const PhotosPayload = z
  .object({
    /** In the order shoppers see them; each a picture of this server (an upload of the owner's, or one the shop has). */
    photos: z
      .array(oneLine(z.string({ invalid_type_error: shopperSays('shop_photos_invalid') })), { required_error: shopperSays('shop_photos_invalid'), invalid_type_error: shopperSays('shop_photos_invalid') })
      .min(1, shopperSays('shop_photos_invalid'))
      .max(SHOP_PROFILE_LIMITS.photos, shopperSays('shop_photos_invalid')),
    /** One of `photos`: the picture of the shop in lists and at the top of its page. */
    cover: oneLine(z.string({ required_error: shopperSays('shop_cover_invalid'), invalid_type_error: shopperSays('shop_cover_invalid') })),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((v) => new Set(v.photos).size === v.photos.length, { message: shopperSays('shop_photos_invalid'), path: ['photos'] })
  .refine((v) => v.photos.includes(v.cover), { message: shopperSays('shop_cover_invalid'), path: ['cover'] })
export type PhotosPayload = z.input<typeof PhotosPayload>

export const IntroPayload = z
  .object({
    /** HTML: what survives the server's allow-list is stored (server/domain/store/introHtml.ts). '' clears it. */
    html: lines(z.string({ required_error: shopperSays('shop_intro_too_long'), invalid_type_error: shopperSays('shop_intro_too_long') })).max(SHOP_PROFILE_LIMITS.introHtml, shopperSays('shop_intro_too_long')),
    ...COMMON_REQUEST,
  })
  .strict()
export type IntroPayload = z.input<typeof IntroPayload>

export const OpeningPeriod = z.object({ open: z.string(), close: z.string() })

/** Open or closed now on the server's clock, and until when / from when (times "YYYY-MM-DD HH:mm:ss", business time). */
export const OpenNow = z.object({
  open: z.boolean(),
  /** Open: when the current period ends. */
  closes_at: z.string().nullable(),
  /** Closed: when the next period starts (null: none within a week). */
  opens_at: z.string().nullable(),
  /** Closed today by a closed date (a holiday), not by the week's hours. */
  closed_today: z.boolean(),
})
export type OpenNow = z.infer<typeof OpenNow>

/** What a shopper reads of the profile on the shop's page (hui_shanghu.shop/read `profile`). */
export const ShopProfileView = z.object({
  /** The photos in order (the cover among them). */
  photos: z.array(z.string()),
  /** The introduction as the allow-list left it ('' none): headings, paragraphs, bold, lists, this server's pictures. */
  intro_html: z.string(),
  /** The week's hours, Monday first; null: the shop has only its older free-text `hours`. */
  week: z.array(z.array(OpeningPeriod)).nullable(),
  /** Coming closed dates, soonest first. */
  closed_dates: z.array(z.string()),
  /** Null when the hours say nothing the server can read (free text it cannot parse). */
  open_now: OpenNow.nullable(),
  /** The business day (YYYY-MM-DD) and its weekday (0 Monday … 6 Sunday) the answer was made on. */
  today: z.object({ date: z.string(), weekday: z.number().int() }),
})
export type ShopProfileView = z.infer<typeof ShopProfileView>

export const NameReview = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(NAME_REVIEW_STATUSES),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  /** The operator's words when rejected. */
  reason: z.string().nullable(),
})
export type NameReview = z.infer<typeof NameReview>

/** The profile as the owner (or a staff member, reading) sees it in the workbench. */
export const StoreProfileAnswer = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), city_id: z.number().int(), city: z.string() }),
  my_role: z.enum(['owner', 'staff']),
  /** The latest name asked for: pending (shoppers still see `shop.name`), or how the operator decided it. */
  name_review: NameReview.nullable(),
  phone: z.string(),
  /** '' until the owner picks one (shops from before issue 44). */
  district: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The districts of the shop's city (the address's choices). */
  districts: z.array(z.string()),
  week: z.array(z.array(OpeningPeriod)).nullable(),
  closed_dates: z.array(z.string()),
  /** The older free text (shops from before the week's hours). */
  hours_text: z.string(),
  photos: z.array(z.string()),
  cover: z.string(),
  intro_html: z.string(),
  open_now: OpenNow.nullable(),
  today: z.object({ date: z.string(), weekday: z.number().int() }),
})
export type StoreProfileAnswer = z.infer<typeof StoreProfileAnswer>

/** What a change answers: the profile as it now is, and what the allow-list took out of an introduction. */
export const StoreProfileSaved = StoreProfileAnswer.extend({
  /** intro: how many tags, attributes or pictures were not kept (0 when the HTML came back whole). */
  removed: z.number().int().optional(),
})
export type StoreProfileSaved = z.infer<typeof StoreProfileSaved>
