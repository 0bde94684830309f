/** Small shared schema pieces (server validation; types only on the client). */
import { z } from 'zod'
import { PHONE_PATTERN } from './constants'
import { API_LANGS } from './words'
import type { Reason } from './reasons'

/**
 * Characters no text a person types may hold (issue 43): NUL and every other C0 control, DEL, the C1 controls, and the
 * bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). They show nothing a reader can
 * see, yet an escape sequence rewrites an operator's terminal (a shop name that makes `npm run admin` print a submitted
 * application as approved), a newline or tab splits a row, an override makes text read backwards, and PostgreSQL refuses
 * NUL in text outright. `LINES_TEXT` lets a newline (LF only) through, for the fields that are several lines by design.
 */
// eslint-disable-next-line no-control-regex -- these are the characters refused
export const ONE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/
// eslint-disable-next-line no-control-regex -- these are the characters refused
export const LINES_TEXT = /^[^\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/
/** The refusal of such a character (src/contract/reasons.ts); its `field` param names the field. */
export const TEXT_REFUSAL = 'text_control_characters' satisfies Reason

/**
 * Every text field of every request goes through one of these two (after its trim, before its lengths, so a stray
 * trailing newline is trimmed rather than refused): `oneLine` — names, addresses, titles, reasons, codes, every
 * field the product shows on one line — refuses the characters above and newlines; `lines` — a job's requirements and
 * benefits, an order's remark, a refund's detail, a rating's words, a report's note, the shop's answer to reports —
 * lets newlines through. __tests__/server/cleanText.test.ts walks every request schema and fails on a text field
 * without one.
 */
export const oneLine = (s: z.ZodString): z.ZodString => s.regex(ONE_LINE_TEXT, TEXT_REFUSAL)
export const lines = (s: z.ZodString): z.ZodString => s.regex(LINES_TEXT, TEXT_REFUSAL)

export const Id = z.coerce.number({ invalid_type_error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large')
export const Phone = z.string({ required_error: 'phone is required', invalid_type_error: 'phone must be text' }).trim().regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
export const ShortText = (name: string, max: number) => oneLine(z.string({ invalid_type_error: `${name} must be text` }).trim()).max(max, `${name} is too long (max ${max})`)
/** ShortText for a field of several lines by design (`lines`). */
export const LongText = (name: string, max: number) => lines(z.string({ invalid_type_error: `${name} must be text` }).trim()).max(max, `${name} is too long (max ${max})`)
export const Empty = z.object({}).passthrough()

/**
 * A message the shopper reads when a schema refuses: a reason of the contract (src/contract/reasons.ts), not words —
 * the server answers it as that reason, in the asker's language (server/http/envelope.ts zodRefusal). Checked at compile time.
 */
export const shopperSays = <R extends Reason>(reason: R): R => reason

// The languages the server answers in live with the words (./words.ts), below the reasons that name them.
export { API_LANGS, type ApiLang } from './words'
/**
 * The part every request may carry: the shopper's language (`lang`, names the system defines come back in it)
 * and the referral (`share_user_user_id`). Schemas strip unknown fields, so most accept these as they are; a
 * strict schema (order payloads) lists them.
 */
export const COMMON_REQUEST = {
  lang: z.enum(API_LANGS, { invalid_type_error: 'lang must be zh or en' }).optional(),
  share_user_user_id: z.union([oneLine(z.string()), z.number()]).optional(),
}
