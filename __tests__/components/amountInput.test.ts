import { amountToCents, isPayableAmount, pressKey, type KeypadKey } from '@/components/AmountKeypad/amountInput'

function type(keys: string, max?: number) {
  let value = ''
  const refusals: string[] = []
  for (const ch of keys) {
    const key = (ch === '<' ? 'back' : ch) as KeypadKey
    const r = pressKey(value, key, max)
    value = r.value
    if (r.refused) refusals.push(r.refused)
  }
  return { value, refusals }
}

describe('Pay-a-bill keypad', () => {
  it.each([
    ['123', '123', []],
    ['12.5', '12.5', []],
    ['12.56', '12.56', []],
    ['12.567', '12.56', ['decimals']],
    ['.5', '0.5', []],
    ['007', '7', []],
    ['1..2', '1.2', []],
    ['12<3', '13', []],
    ['100001', '10000', ['limit']],
    ['100000.01', '100000.0', ['limit']],
  ])('typing %s shows %s', (keys, shown, refusals) => {
    expect(type(keys)).toEqual({ value: shown, refusals })
  })

  it('converts what is shown to cents exactly (no float drift)', () => {
    expect(amountToCents('19.99')).toBe(1999)
    expect(amountToCents('0.1')).toBe(10)
    expect(amountToCents('1.005')).toBeNull()
    expect(amountToCents('abc')).toBeNull()
  })

  it('zero, empty and over-limit amounts cannot be paid', () => {
    expect(isPayableAmount('')).toBe(false)
    expect(isPayableAmount('0')).toBe(false)
    expect(isPayableAmount('0.00')).toBe(false)
    expect(isPayableAmount('0.01')).toBe(true)
    expect(isPayableAmount('100000')).toBe(true)
    expect(isPayableAmount('100000.01')).toBe(false)
  })
})
