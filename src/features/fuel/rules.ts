/**
 * The fuel form's rules (pure, tested in __tests__/features/fuel): what can be chosen, what the amount may be,
 * and the payload the server prices. The server checks everything again (server/domain/fuel.ts).
 */
import { amountToCents, pressKey, type KeyResult, type KeypadKey } from '@/components/AmountKeypad/amountInput'
import type { StationDetail } from '@/contract/fuel'
import { FUEL_MAX_CENTS, FUEL_MIN_CENTS } from '@/contract/fuelEndpoints'
import type { OilOrderPayload } from '@/contract/order'

export interface FuelChoice {
  grade: string | null
  pump: number | null
  /** The amount as typed ("200.5"). */
  amount: string
  couponId: number | null
}

/** The keypad's rules of Pay a bill, with fuel's ceiling (¥3,000). */
export const pressFuelKey = (current: string, key: KeypadKey): KeyResult => pressKey(current, key, FUEL_MAX_CENTS)

/** 'min': typed but under ¥1 (said at the field); null: empty or fine. */
export function amountProblem(amount: string): 'min' | null {
  const cents = amountToCents(amount)
  return amount !== '' && cents !== null && cents < FUEL_MIN_CENTS ? 'min' : null
}

/** A grade still on offer at this station, else its first (a station lacking a grade never offers it). */
export function gradeOf(station: Pick<StationDetail, 'grades'>, wanted: string | null): string | null {
  if (wanted && station.grades.some((g) => g.grade === wanted)) return wanted
  return station.grades[0]?.grade ?? null
}

/** A pump of this station, or none (the shopper picks the one they stand at). */
export const pumpOf = (station: Pick<StationDetail, 'pumps'>, wanted: number | null): number | null => (wanted !== null && station.pumps.includes(wanted) ? wanted : null)

/** What the server prices: only when grade, pump and an amount in range are there. */
export function fuelPayload(station: Pick<StationDetail, 'id' | 'grades' | 'pumps'>, choice: FuelChoice): OilOrderPayload | null {
  const grade = gradeOf(station, choice.grade)
  const pump = pumpOf(station, choice.pump)
  const cents = amountToCents(choice.amount)
  if (!grade || pump === null || cents === null || cents < FUEL_MIN_CENTS || cents > FUEL_MAX_CENTS) return null
  return { kind: 'oil', shop_id: station.id, amount: cents, oil_grade: grade, pump_no: pump, ...(choice.couponId ? { coupon_id: choice.couponId } : {}) }
}

/** "00:00-24:00" is round the clock. */
export const isAllDay = (hours: string) => hours === '00:00-24:00'
