/**
 * The amount a shopper types on the money keypad (Pay a bill, fuel), kept as the string they see ("12.5").
 * Rules: digits and one decimal point, at most 2 decimals, no leading zeros, never above the limit.
 * A key that would break a rule is refused (the string stays as it was) and the reason is returned.
 */
export const MAX_BILL_CENTS = 10_000_000 // ¥100,000.00 — the server refuses more (src/contract/order.ts)

export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back'

export type AmountRefusal = 'decimals' | 'limit' | null

export interface KeyResult {
  value: string
  refused: AmountRefusal
}

export function pressKey(current: string, key: KeypadKey, maxCents = MAX_BILL_CENTS): KeyResult {
  if (key === 'back') return { value: current.slice(0, -1), refused: null }
  if (key === '.') {
    if (current.includes('.')) return { value: current, refused: null }
    return { value: current === '' ? '0.' : `${current}.`, refused: null }
  }
  const [, decimals] = current.split('.')
  if (decimals !== undefined && decimals.length >= 2) return { value: current, refused: 'decimals' }
  const next = current === '0' ? key : current + key
  const cents = amountToCents(next)
  if (cents !== null && cents > maxCents) return { value: current, refused: 'limit' }
  return { value: next, refused: null }
}

/** "12.5" → 1250; "" or "0." → 0; anything that is not a plain amount → null. */
export function amountToCents(value: string): number | null {
  if (value === '') return 0
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value)
  if (!m) return null
  const yuan = Number(m[1])
  const frac = (m[2] ?? '').padEnd(2, '0')
  return yuan * 100 + Number(frac)
}

/** Ready to pay: a positive amount within the limit. */
export function isPayableAmount(value: string, maxCents = MAX_BILL_CENTS): boolean {
  const cents = amountToCents(value)
  return cents !== null && cents > 0 && cents <= maxCents
}
