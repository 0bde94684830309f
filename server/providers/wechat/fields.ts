/**
 * A subscription message's fields fitted to WeChat's rules for each kind (subscribeMessage.send; a field's kind is its key
 * without the trailing number: thing1, time4 …). A value WeChat would refuse (errcode 47003) is cut or mapped so the
 * message still goes out:
 *
 * | kind | WeChat's rule | here |
 * | --- | --- | --- |
 * | thing | ≤ 20 characters | cut to 19 and "…" |
 * | phrase | ≤ 5 characters, Chinese only | non-Chinese characters dropped, cut to 5 |
 * | character_string | ≤ 32 letters, digits and symbols | other characters dropped, cut to 32 |
 * | number | ≤ 32 digits (with a sign or a point) | other characters dropped, cut to 32 |
 * | letter | ≤ 32 letters | other characters dropped, cut to 32 |
 * | symbol | ≤ 5 symbols | cut to 5 |
 * | amount | ≤ 10 digits with a currency sign and decimals (¥12.50) | other characters dropped, cut to 10 |
 * | time | a time, e.g. 2026-12-06 15:01 or 15:01 | kept when it reads as one, else the minutes of its digits |
 * | date | a date, e.g. 2026-12-06 | kept when it reads as one, else its first 10 characters |
 * | name | ≤ 10 characters (≤ 20 letters) | cut to 10 |
 * | phone_number | ≤ 17 digits, + - and spaces | other characters dropped, cut to 17 |
 * | car_number | ≤ 8 characters | cut to 8 |
 * Values are counted in characters (Array.from), never bytes, and a cut never splits a character.
 */

const chars = (s: string) => Array.from(s)
const cut = (s: string, n: number) => chars(s).slice(0, n).join('')

export function fitValue(kind: string, raw: string): string {
  const value = raw.trim()
  switch (kind) {
    case 'thing':
      return chars(value).length > 20 ? `${cut(value, 19)}…` : value
    case 'phrase':
      return cut(value.replace(/[^\u3400-\u9fff]/g, ''), 5)
    case 'character_string':
      return cut(value.replace(/[^\x21-\x7e]/g, ''), 32)
    case 'number':
      return cut(value.replace(/[^0-9.+-]/g, ''), 32)
    case 'letter':
      return cut(value.replace(/[^A-Za-z]/g, ''), 32)
    case 'symbol':
      return cut(value, 5)
    case 'amount':
      return cut(value.replace(/[^0-9.¥￥$元-]/g, ''), 10)
    case 'time':
      return /^(\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?\s+)?\d{1,2}:\d{2}(:\d{2})?$/.test(value) ? value : cut(value, 16)
    case 'date':
      return /^\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?$/.test(value) ? value : cut(value, 10)
    case 'name':
      return cut(value, 10)
    case 'phone_number':
      return cut(value.replace(/[^0-9+\- ]/g, '').trim(), 17)
    case 'car_number':
      return cut(value, 8)
    default:
      return cut(value, 20)
  }
}

/** Every field of a message fitted to its kind. */
export function fitFields(data: Record<string, { value: string }>): Record<string, { value: string }> {
  return Object.fromEntries(Object.entries(data).map(([key, field]) => [key, { value: fitValue(key.replace(/\d+$/, ''), String(field.value)) }]))
}
