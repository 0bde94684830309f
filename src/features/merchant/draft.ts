import type { MerchantApplication, MerchantApplicationPayload } from '@/contract/merchant'
import { PHONE_PATTERN } from '@/contract/constants'
import {
  MERCHANT_DISCOUNT_MAX,
  MERCHANT_DISCOUNT_MIN,
  MERCHANT_PICTURE_PATTERN,
  MERCHANT_SMS_CODE_PATTERN,
  MERCHANT_TEXT_LIMITS,
  type MerchantApplicationField,
  type MerchantTextField,
} from '@/contract/merchantEndpoints'
import type { Reason } from '@/contract/reasons'
import { getItem, removeItem, setItem } from '@/core/storage'

/**
 * Merchant sign-up's form as typed (numbers as text, so nothing typed is rewritten while it is invalid), its checks —
 * the server's own limits (src/contract/merchantEndpoints.ts, read by the zod schema too) — and the draft kept on the
 * phone until the application is submitted (src/core/storage.ts `merchantDraft`): closing the app loses nothing, the
 * photos' uploaded addresses included. The SMS code is not kept (it lives 5 minutes).
 */
export interface MerchantDraft {
  shop_name: string
  class_id: string
  contact_name: string
  mobile: string
  sms_code: string
  city_id: string
  district: string
  address: string
  /** A point picked on the map (weapp), both or neither. */
  lat: string
  lng: string
  hours: string
  discount_rate: string
  licence_image: string
  storefront_image: string
  agreed: boolean
}

/** Where an error shows: the application's fields, the code and the agreement. */
export type MerchantFormField = MerchantApplicationField | 'sms_code' | 'agreed'
export type MerchantErrors = Partial<Record<MerchantFormField, string>>

export const emptyDraft = (mobile = ''): MerchantDraft => ({
  shop_name: '',
  class_id: '',
  contact_name: '',
  mobile,
  sms_code: '',
  city_id: '',
  district: '',
  address: '',
  lat: '',
  lng: '',
  hours: '',
  discount_rate: '',
  licence_image: '',
  storefront_image: '',
  agreed: false,
})

/** A rejected application, to fix and resubmit: its fields as typed; the agreement asked again. */
export const draftOf = (a: MerchantApplication): MerchantDraft => ({
  shop_name: a.shop_name,
  class_id: String(a.class_id),
  contact_name: a.contact_name,
  mobile: a.mobile,
  sms_code: '',
  city_id: String(a.city_id),
  district: a.district,
  address: a.address,
  lat: a.lat === null ? '' : String(a.lat),
  lng: a.lng === null ? '' : String(a.lng),
  hours: a.hours,
  discount_rate: String(a.discount_rate),
  licence_image: a.licence_image,
  storefront_image: a.storefront_image,
  agreed: false,
})

/** The message keys of src/features/merchant/messages.ts each check answers with (`merchant.err.<key>`). */
export type ErrorKey = 'shopName' | 'class' | 'contact' | 'mobile' | 'code' | 'city' | 'district' | 'address' | 'hours' | 'discount' | 'licence' | 'storefront' | 'agreed'

const TEXT_KEY: Record<MerchantTextField, ErrorKey> = { shop_name: 'shopName', contact_name: 'contact', district: 'district', address: 'address', hours: 'hours' }
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN)

/**
 * The server's checks, field by field (src/contract/merchant.ts applies the same limits): each field's message key.
 * `codeNeeded`: the mobile is neither the account's own phone nor the one this application was verified with.
 */
export function validateDraft(d: MerchantDraft, codeNeeded: boolean): Partial<Record<MerchantFormField, ErrorKey>> {
  const out: Partial<Record<MerchantFormField, ErrorKey>> = {}
  for (const f of Object.keys(MERCHANT_TEXT_LIMITS) as MerchantTextField[]) {
    const n = d[f].trim().length
    if (n < MERCHANT_TEXT_LIMITS[f].min || n > MERCHANT_TEXT_LIMITS[f].max) out[f] = TEXT_KEY[f]
  }
  if (!(whole(d.class_id) > 0)) out.class_id = 'class'
  if (!PHONE_PATTERN.test(d.mobile.trim())) out.mobile = 'mobile'
  else if (codeNeeded && !MERCHANT_SMS_CODE_PATTERN.test(d.sms_code.trim())) out.sms_code = 'code'
  if (!(whole(d.city_id) > 0)) out.city_id = 'city'
  const rate = whole(d.discount_rate)
  if (!(rate >= MERCHANT_DISCOUNT_MIN && rate <= MERCHANT_DISCOUNT_MAX)) out.discount_rate = 'discount'
  if (!MERCHANT_PICTURE_PATTERN.test(d.licence_image)) out.licence_image = 'licence'
  if (!MERCHANT_PICTURE_PATTERN.test(d.storefront_image)) out.storefront_image = 'storefront'
  if (!d.agreed) out.agreed = 'agreed'
  return out
}

/** The submit call's payload from a valid draft. */
export function payloadOf(d: MerchantDraft, codeNeeded: boolean): MerchantApplicationPayload {
  const point = d.lat && d.lng ? { lat: Number(d.lat), lng: Number(d.lng) } : {}
  return {
    shop_name: d.shop_name.trim(),
    class_id: Number(d.class_id),
    contact_name: d.contact_name.trim(),
    mobile: d.mobile.trim(),
    ...(codeNeeded ? { sms_code: d.sms_code.trim() } : {}),
    city_id: Number(d.city_id),
    district: d.district.trim(),
    address: d.address.trim(),
    ...point,
    hours: d.hours.trim(),
    discount_rate: Number(d.discount_rate),
    licence_image: d.licence_image,
    storefront_image: d.storefront_image,
  }
}

/**
 * A refusal's reason → the field it is about (by its stable key, never its words): the form marks that field with
 * the server's message. Reasons not listed (a pending application, already staff) are about the whole form.
 */
export const REASON_FIELD: Partial<Record<Reason, MerchantFormField>> = {
  merchant_shop_name_invalid: 'shop_name',
  merchant_shop_name_taken: 'shop_name',
  merchant_class_invalid: 'class_id',
  merchant_contact_invalid: 'contact_name',
  merchant_mobile_invalid: 'mobile',
  merchant_mobile_busy: 'mobile',
  merchant_sms_code_required: 'sms_code',
  sms_code_wrong: 'sms_code',
  sms_code_expired: 'sms_code',
  sms_code_attempts: 'sms_code',
  merchant_city_invalid: 'city_id',
  merchant_district_invalid: 'district',
  merchant_address_invalid: 'address',
  merchant_location_invalid: 'location',
  merchant_hours_invalid: 'hours',
  merchant_discount_invalid: 'discount_rate',
  merchant_licence_invalid: 'licence_image',
  merchant_storefront_invalid: 'storefront_image',
}

const DRAFT_KEYS = Object.keys(emptyDraft()) as Array<keyof MerchantDraft>

/** The draft kept for this account (another account's draft on the same phone is not theirs to see), or null. */
export function readDraft(userId: number): MerchantDraft | null {
  const stored = getItem('merchantDraft')
  if (!stored || stored.owner !== userId || typeof stored.fields !== 'object' || stored.fields === null) return null
  const fields = stored.fields as Record<string, unknown>
  const out = emptyDraft()
  for (const k of DRAFT_KEYS) {
    const v = fields[k]
    if (k === 'agreed') out.agreed = v === true
    else if (k !== 'sms_code' && typeof v === 'string') out[k] = v.slice(0, 200)
  }
  return out
}

/** Keep the draft (every change); the code is left out. */
export function keepDraft(userId: number, d: MerchantDraft): void {
  const { sms_code: _code, ...fields } = d
  setItem('merchantDraft', { owner: userId, fields })
}

/** Submitted: the draft is done with. */
export const dropDraft = (): void => removeItem('merchantDraft')
