import { amountProblem, fuelPayload, gradeOf, pressFuelKey, pumpOf } from '@/features/fuel/rules'

const station = { id: 13, grades: [{ grade: '92#', price: 774, member_price: 751 }, { grade: '95#', price: 824, member_price: 799 }], pumps: [1, 2, 3, 4] }

describe('the fuel form\'s rules', () => {
  it('offers only the station\'s grades: a grade it lacks falls back to its first', () => {
    expect(gradeOf(station, '95#')).toBe('95#')
    expect(gradeOf(station, '98#')).toBe('92#')
    expect(gradeOf(station, null)).toBe('92#')
    expect(gradeOf({ grades: [] }, '92#')).toBeNull()
  })

  it('takes only the station\'s own pumps, and none until the shopper picks one', () => {
    expect(pumpOf(station, 3)).toBe(3)
    expect(pumpOf(station, 9)).toBeNull()
    expect(pumpOf(station, null)).toBeNull()
  })

  it('uses Pay a bill\'s keypad rules with fuel\'s ceiling of ¥3,000', () => {
    expect(pressFuelKey('300', '0')).toEqual({ value: '3000', refused: null })
    expect(pressFuelKey('3000', '0')).toEqual({ value: '3000', refused: 'limit' })
    expect(pressFuelKey('3000.', '1')).toEqual({ value: '3000.', refused: 'limit' })
    expect(pressFuelKey('12.34', '5')).toEqual({ value: '12.34', refused: 'decimals' })
    expect(pressFuelKey('0', '7')).toEqual({ value: '7', refused: null })
  })

  it('says when an amount is under ¥1', () => {
    expect(amountProblem('')).toBeNull()
    expect(amountProblem('0.99')).toBe('min')
    expect(amountProblem('1')).toBeNull()
  })

  it('asks a price only with grade, pump and an amount in range', () => {
    const base = { grade: '95#', pump: 2, amount: '200', couponId: null }
    expect(fuelPayload(station, base)).toEqual({ kind: 'oil', shop_id: 13, amount: 20000, oil_grade: '95#', pump_no: 2 })
    expect(fuelPayload(station, { ...base, couponId: 5 })).toMatchObject({ coupon_id: 5 })
    expect(fuelPayload(station, { ...base, pump: null })).toBeNull()
    expect(fuelPayload(station, { ...base, pump: 7 })).toBeNull()
    expect(fuelPayload(station, { ...base, amount: '0.5' })).toBeNull()
    expect(fuelPayload(station, { ...base, amount: '' })).toBeNull()
    expect(fuelPayload({ ...station, grades: [] }, base)).toBeNull()
  })
})
