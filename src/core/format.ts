/** Formatting rules shared by every screen (docs/product.md#rules-every-screen-follows). Money travels in integer cents. */
import { PHONE_PATTERN } from '@/contract/constants'

/** 13812345678 → 138****5678. Anything shorter than 7 characters is hidden entirely. */
export function maskPhone(phone: string | number | null | undefined): string {
  const s = phone == null ? '' : String(phone).trim()
  if (!s) return ''
  if (s.length < 7) return '****'
  return `${s.slice(0, 3)}****${s.slice(-4)}`
}

/** Round to 2 decimals, half away from zero, without float drift (1.005 → 1.01). */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return NaN
  const sign = value < 0 ? -1 : 1
  return sign * Number(`${Math.round(Number(`${Math.abs(value)}e2`))}e-2`)
}

// Also drawn by the server (Home's first screen): the one definition is in the contract.
export { centsToYuan } from '@/contract/money'

// Durations, written one way in each language ("10 天", "10 days", "5 min"; issue 39): the one definition is in the
// contract, since the server writes them too. Messages say `{n:day}` … (src/contract/words.ts); a screen that writes
// a duration itself uses these.
export { countdownText, durationText, type DurationUnit } from '@/contract/words'

/** "12.34" or 12.34 → 1234; anything that is not a plain non-negative amount with ≤ 2 decimals → null. */
export function yuanToCents(value: string | number): number | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖']
const IN_GROUP = ['', '拾', '佰', '仟']
const GROUPS = ['', '万', '亿']
/** Below 1e12 (up to 9999亿…): larger amounts are refused. */
const MAX_INTEGER_DIGITS = 12

/**
 * Adds 1 to a string of decimal digits of any length, exactly ("129" → "130", "999" → "1000"). Number
 * would lose digits past 2^53 and print 1e21 and up as "1e+21"; BigInt is not in the targets (iOS 12).
 */
function incrementDigits(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - 1 - i)}`
}

/** A 4-digit group: a run of zeros inside it is one 零, trailing zeros say nothing. */
function groupToChinese(group: string): string {
  let out = ''
  let zero = false
  const digits = group.padStart(4, '0')
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i])
    if (d === 0) {
      if (out) zero = true
      continue
    }
    if (zero) out += '零'
    out += DIGITS[d] + IN_GROUP[3 - i]
    zero = false
  }
  return out
}

export type ChineseMoneyResult = { ok: true; text: string } | { ok: false }

/**
 * Chinese capital money numerals (壹佰元整 style) by the standard rules: a run of zeros is one 零 (also
 * across 万/亿 groups), 零 before 分 when 角 is 0, 整 only after 元. Accepts only digits with an optional
 * decimal part (more than 2 decimals are rounded half up).
 */
export function chineseMoney(input: string | number): ChineseMoneyResult {
  const s = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : String(input).trim()
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) return { ok: false }
  let intPart = m[1].replace(/^0+(?=\d)/, '')
  const frac = (m[2] ?? '').padEnd(3, '0')
  let cents = Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0)
  if (cents === 100) {
    cents = 0
    intPart = incrementDigits(intPart)
  }
  if (intPart.length > MAX_INTEGER_DIGITS) return { ok: false }

  let yuan = ''
  const groups: string[] = []
  for (let end = intPart.length; end > 0; end -= 4) groups.unshift(intPart.slice(Math.max(0, end - 4), end))
  groups.forEach((g, i) => {
    const unit = GROUPS[groups.length - 1 - i]
    if (Number(g) === 0) return
    // A group below 1000 after a higher non-zero part needs a 零 (100000001 → 壹亿零壹).
    if (yuan && Number(g) < 1000) yuan += '零'
    yuan += groupToChinese(g) + unit
  })

  const jiao = Math.floor(cents / 10)
  const fen = cents % 10
  if (!yuan && cents === 0) return { ok: true, text: '零元整' }
  let text = yuan ? `${yuan}元` : ''
  if (cents === 0) return { ok: true, text: `${text}整` }
  if (jiao > 0) text += `${DIGITS[jiao]}角`
  else if (yuan) text += '零'
  if (fen > 0) text += `${DIGITS[fen]}分`
  return { ok: true, text }
}

/**
 * chineseMoney for screens: on input it cannot read it alerts "Number is wrong!" and returns ''.
 * The alert is injected so that this module stays free of UI code.
 */
export function toChineseMoney(input: string | number, alert: () => void): string {
  const r = chineseMoney(input)
  if (r.ok) return r.text
  alert()
  return ''
}

/** The amount written out for the shopper's language: capital numerals in Chinese, words in English (englishMoney). */
export function toMoneyWords(input: string | number, lang: 'zh-CN' | 'en', alert: () => void): string {
  if (lang !== 'en') return toChineseMoney(input, alert)
  const r = englishMoney(input)
  if (r.ok) return r.text
  alert()
  return ''
}

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const THOUSANDS = ['', ' thousand', ' million', ' billion']

/** 0…999 in words: "seventy-four", "one hundred and five". */
function hundredsInWords(n: number): string {
  const below = n % 100
  const rest = below < 20 ? ONES[below] : TENS[Math.floor(below / 10)] + (below % 10 ? `-${ONES[below % 10]}` : '')
  if (n < 100) return rest
  return `${ONES[Math.floor(n / 100)]} hundred${below ? ` and ${rest}` : ''}`
}

/**
 * An amount in English words, what the capital numerals are to a Chinese reader (the amount written out, so a
 * misread digit shows): "74.43" → "seventy-four yuan and forty-three fen"; "100" → "one hundred yuan". The same
 * input as chineseMoney (digits, an optional decimal part rounded half up to fen), below a trillion.
 */
export function englishMoney(input: string | number): ChineseMoneyResult {
  const s = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(2) : '') : String(input).trim()
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) return { ok: false }
  const frac = (m[2] ?? '').padEnd(3, '0')
  const total = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0)
  if (!Number.isSafeInteger(total) || total >= 1e14) return { ok: false }
  let yuan = Math.floor(total / 100)
  const fen = total % 100
  const groups: string[] = []
  for (let i = 0; yuan > 0; i++, yuan = Math.floor(yuan / 1000)) if (yuan % 1000) groups.unshift(hundredsInWords(yuan % 1000) + THOUSANDS[i])
  const yuanWords = groups.length ? `${groups.join(' ')} yuan` : ''
  const fenWords = fen ? `${hundredsInWords(fen)} fen` : ''
  return { ok: true, text: [yuanWords, fenWords].filter(Boolean).join(' and ') || 'zero yuan' }
}

/** Mainland mobile: 11 digits starting with 1. */
export const isMainlandMobile = (s: string) => PHONE_PATTERN.test(s.trim())
