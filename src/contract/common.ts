/** Small shared schema pieces (server validation; types only on the client). */
import { z } from 'zod'
import { PHONE_PATTERN } from './constants'
import type { Reason } from './reasons'

export const Id = z.coerce.number({ invalid_type_error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large')
export const Phone = z.string({ required_error: 'phone is required', invalid_type_error: 'phone must be text' }).trim().regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
export const ShortText = (name: string, max: number) => z.string({ invalid_type_error: `${name} must be text` }).trim().max(max, `${name} is too long (max ${max})`)
export const Empty = z.object({}).passthrough()

/**
 * A message the shopper reads when a schema refuses: a reason of the contract (src/contract/reasons.ts), not words —
 * the server answers it as that reason, in the asker's language (server/http/envelope.ts zodRefusal). Checked at compile time.
 */
export const shopperSays = <R extends Reason>(reason: R): R => reason

/** The languages the server answers in (the client adds `lang` to every payload; see request.ts). */
export const API_LANGS = ['zh', 'en'] as const
export type ApiLang = (typeof API_LANGS)[number]
/**
 * The part every request may carry: the shopper's language (`lang`, names the system defines come back in it)
 * and the referral (`share_user_user_id`). Schemas strip unknown fields, so most accept these as they are; a
 * strict schema (order payloads) lists them.
 */
export const COMMON_REQUEST = {
  lang: z.enum(API_LANGS, { invalid_type_error: 'lang must be zh or en' }).optional(),
  share_user_user_id: z.union([z.string(), z.number()]).optional(),
}
