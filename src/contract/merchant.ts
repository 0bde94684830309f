/**
 * Merchant sign-up (issue 26; docs/api.md "Merchant sign-up"). zod for the server; types only on the client. Each
 * field's problem answers as its own reason (src/contract/reasons.ts, `merchant_*_invalid`), in the shopper's language.
 */
import { z } from 'zod'
import { PHONE_PATTERN } from './constants'
import type { Reason } from './reasons'
import {
  MERCHANT_APPLICATION_FIELDS,
  MERCHANT_APPLICATION_STATUSES,
  MERCHANT_DISCOUNT_MAX,
  MERCHANT_DISCOUNT_MIN,
  MERCHANT_PICTURE_PATTERN,
  MERCHANT_SMS_CODE_PATTERN,
  MERCHANT_TEXT_LIMITS,
  type MerchantTextField,
} from './merchantEndpoints'
import { COMMON_REQUEST, oneLine, shopperSays } from './common'

const text = (field: MerchantTextField, reason: Reason) =>
  oneLine(z.string({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).trim())
    .min(MERCHANT_TEXT_LIMITS[field].min, shopperSays(reason))
    .max(MERCHANT_TEXT_LIMITS[field].max, shopperSays(reason))

/** A picture this server stored (server/http/routes/upload.ts answers `/uploads/<22 characters>.<ext>`). */
const picture = (reason: Reason) =>
  z.string({ required_error: shopperSays(reason), invalid_type_error: shopperSays(reason) }).regex(MERCHANT_PICTURE_PATTERN, shopperSays(reason))

const coordinate = (min: number, max: number) => z.coerce.number({ invalid_type_error: shopperSays('merchant_location_invalid') }).min(min, shopperSays('merchant_location_invalid')).max(max, shopperSays('merchant_location_invalid'))

export const MerchantApplicationPayload = z
  .object({
    shop_name: text('shop_name', 'merchant_shop_name_invalid'),
    class_id: z.coerce.number({ invalid_type_error: shopperSays('merchant_class_invalid') }).int(shopperSays('merchant_class_invalid')).positive(shopperSays('merchant_class_invalid')),
    contact_name: text('contact_name', 'merchant_contact_invalid'),
    mobile: z.string({ required_error: shopperSays('merchant_mobile_invalid'), invalid_type_error: shopperSays('merchant_mobile_invalid') }).trim().regex(PHONE_PATTERN, shopperSays('merchant_mobile_invalid')),
    city_id: z.coerce.number({ invalid_type_error: shopperSays('merchant_city_invalid') }).int(shopperSays('merchant_city_invalid')).positive(shopperSays('merchant_city_invalid')),
    /** The district's name (as in website.hui_china_city/regionTree), placing the shop at its centre when no point is given. */
    district: oneLine(z.string({ invalid_type_error: shopperSays('merchant_district_invalid') }).trim()).max(MERCHANT_TEXT_LIMITS.district.max, shopperSays('merchant_district_invalid')).default(''),
    address: text('address', 'merchant_address_invalid'),
    /** A point picked on the map (weapp), both or neither. */
    lat: coordinate(-90, 90).optional(),
    lng: coordinate(-180, 180).optional(),
    hours: text('hours', 'merchant_hours_invalid'),
    discount_rate: z.coerce
      .number({ invalid_type_error: shopperSays('merchant_discount_invalid') })
      .int(shopperSays('merchant_discount_invalid'))
      .min(MERCHANT_DISCOUNT_MIN, shopperSays('merchant_discount_invalid'))
      .max(MERCHANT_DISCOUNT_MAX, shopperSays('merchant_discount_invalid')),
    licence_image: picture('merchant_licence_invalid'),
    storefront_image: picture('merchant_storefront_invalid'),
    /**
     * The code texted to `mobile` (Captcha/sendSmsCaptcha, scene `shopRegister`). Not needed when `mobile` is the
     * account's own phone (verified when it logged in) or the mobile this application was already verified with.
     */
    sms_code: z.string({ invalid_type_error: shopperSays('sms_code_wrong') }).trim().regex(MERCHANT_SMS_CODE_PATTERN, shopperSays('sms_code_wrong')).optional(),
    ...COMMON_REQUEST,
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: shopperSays('merchant_location_invalid'), path: ['lat'] })
export type MerchantApplicationPayload = z.input<typeof MerchantApplicationPayload>

export const MerchantApplication = z.object({
  id: z.number().int(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  shop_name: z.string(),
  class_id: z.number().int(),
  contact_name: z.string(),
  mobile: z.string(),
  city_id: z.number().int(),
  district: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  hours: z.string(),
  discount_rate: z.number().int(),
  licence_image: z.string(),
  storefront_image: z.string(),
  /** Set when rejected: field → the operator's words (cleared on resubmit). */
  rejections: z.record(z.enum(MERCHANT_APPLICATION_FIELDS), z.string()),
  /** The shop, once approved. */
  shop_id: z.number().int().nullable(),
  /** ms on the server's clock. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
})
export type MerchantApplication = z.output<typeof MerchantApplication>

export const MerchantApplicationAnswer = z.object({ application: MerchantApplication.nullable() })
export type MerchantApplicationAnswer = z.output<typeof MerchantApplicationAnswer>
