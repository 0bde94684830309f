/**
 * Merchant sign-up (issue 26): a shopper applies for a shop; an operator reviews it (`npm run admin`, scripts/admin.ts);
 * approval creates the shop and makes the applicant its owner. Rules in docs/api.md "Merchant sign-up". Shapes are in
 * ./merchant.ts.
 *
 * Their own table, not ENDPOINTS: only the sign-up screen (pages/shopRegister) makes these calls. Runtime values (no zod):
 * the limits below are read by the zod schema (./merchant.ts) AND by the screen's checks as the shopper types
 * (src/features/merchant/draft.ts), so both sides apply one set of rules.
 */
// The table is generated from the definitions in ./api/merchant.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { MERCHANT_ENDPOINTS, type MerchantEndpointPath } from './generated/merchantEndpoints'

/** submitted → in_review (an operator opened it) → approved | rejected; a rejected one is resubmitted → submitted. */
export const MERCHANT_APPLICATION_STATUSES = ['submitted', 'in_review', 'approved', 'rejected'] as const
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number]

/** The fields of an application an operator can reject (each with its own reason). */
export const MERCHANT_APPLICATION_FIELDS = ['shop_name', 'class_id', 'contact_name', 'mobile', 'city_id', 'district', 'address', 'location', 'hours', 'discount_rate', 'licence_image', 'storefront_image'] as const
export type MerchantApplicationField = (typeof MERCHANT_APPLICATION_FIELDS)[number]

/** The offered discount: percent of the bill the shopper pays (85: 15 % off), as shops.discount_rate. */
export const MERCHANT_DISCOUNT_MIN = 50
export const MERCHANT_DISCOUNT_MAX = 99

/** Length limits of the text fields (after trimming), as the server checks them. */
export const MERCHANT_TEXT_LIMITS = {
  shop_name: { min: 2, max: 30 },
  contact_name: { min: 1, max: 20 },
  district: { min: 0, max: 20 },
  address: { min: 4, max: 100 },
  hours: { min: 1, max: 40 },
} as const
export type MerchantTextField = keyof typeof MERCHANT_TEXT_LIMITS

/** A picture this server stored (server/http/routes/upload.ts answers `/uploads/<22 characters>.<ext>`). */
export const MERCHANT_PICTURE_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/

/** The SMS code sent to the mobile (scene `shopRegister`): six digits. */
export const MERCHANT_SMS_CODE_PATTERN = /^\d{6}$/
