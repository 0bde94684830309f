import { centsToYuan, chineseMoney, englishMoney, maskPhone, roundMoney, toChineseMoney, toMoneyWords, yuanToCents } from '@/core/format'

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138****5678'],
    [13812345678, '138****5678'],
    [' 13812345678 ', '138****5678'],
    ['12345', '****'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (input, out) => expect(maskPhone(input)).toBe(out))
})

describe('money', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [19.999, 20],
    [0.1 + 0.2, 0.3],
    [-1.005, -1.01],
    [100, 100],
  ])('roundMoney(%s) = %s', (v, out) => expect(roundMoney(v)).toBe(out))

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [1999, '19.99'],
    [100000, '1000.00'],
    [-5, '-0.05'],
  ])('centsToYuan(%s) = %s', (c, out) => expect(centsToYuan(c)).toBe(out))

  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['7', 700],
    [12.5, 1250],
    ['1.005', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('yuanToCents(%s) = %s', (v, out) => expect(yuanToCents(v)).toBe(out))
})

describe('chineseMoney (capital numerals)', () => {
  it.each([
    ['0', '零元整'],
    ['10', '壹拾元整'],
    ['1.01', '壹元零壹分'],
    ['19.99', '壹拾玖元玖角玖分'],
    ['100.5', '壹佰元伍角'],
    ['6007.14', '陆仟零柒元壹角肆分'],
    ['16409.02', '壹万陆仟肆佰零玖元零贰分'],
    ['1000000', '壹佰万元整'],
    ['100000001', '壹亿零壹元整'],
    ['100010000', '壹亿零壹万元整'],
    ['10010', '壹万零壹拾元整'],
    ['1000.01', '壹仟元零壹分'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['0.56', '伍角陆分'],
    ['105', '壹佰零伍元整'],
    ['1.999', '贰元整'],
    ['007', '柒元整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (input, text) => {
    expect(chineseMoney(input)).toEqual({ ok: true, text })
  })

  it('takes numbers too', () => {
    expect(chineseMoney(100.5)).toEqual({ ok: true, text: '壹佰元伍角' })
  })

  // Rounding the fen up to a whole yuan carries into the integer digits, exactly and at any length
  // (this was BigInt arithmetic; the targets' iOS 12 has no BigInt).
  it.each([
    ['0.995', '壹元整'],
    ['0.994', '玖角玖分'],
    ['9.995', '壹拾元整'],
    ['129.999', '壹佰叁拾元整'],
    ['1999.995', '贰仟元整'],
    ['99999.999', '壹拾万元整'],
    ['00099.995', '壹佰元整'],
    ['99999999999.995', '壹仟亿元整'],
    ['899999999999.996', '玖仟亿元整'],
  ])('carries a rounded-up %s → %s', (input, text) => {
    expect(chineseMoney(input)).toEqual({ ok: true, text })
  })

  it('carries a number input too', () => {
    expect(chineseMoney(0.999)).toEqual({ ok: true, text: '壹元整' })
  })

  it.each([
    '999999999999.995', // the carry makes 13 integer digits
    '9007199254740993.995', // past 2^53
    '999999999999999999999.995', // 1e21 would print as "1e+21" through Number
    '0000999999999999.999',
  ])('refuses %s once the carry is counted', (input) => {
    expect(chineseMoney(input)).toEqual({ ok: false })
  })

  it.each(['-1', '1000000000000', 'abc', '1.2.3', '', ' ', '1e5', '¥100', '1,000'])('refuses %s', (input) => {
    expect(chineseMoney(input)).toEqual({ ok: false })
  })

  it.each([-1, NaN, Infinity, 1e21])('refuses the number %s', (input) => {
    expect(chineseMoney(input)).toEqual({ ok: false })
  })
})

describe('toChineseMoney', () => {
  it('alerts on input it cannot read and shows nothing', () => {
    const alert = jest.fn()
    expect(toChineseMoney('12a', alert)).toBe('')
    expect(alert).toHaveBeenCalledTimes(1)
    expect(toChineseMoney('12', alert)).toBe('壹拾贰元整')
    expect(alert).toHaveBeenCalledTimes(1)
  })
})

describe('englishMoney: the amount written out for an English shopper (issue 24: the capitals line stayed Chinese)', () => {
  it.each([
    ['74.43', 'seventy-four yuan and forty-three fen'],
    ['100', 'one hundred yuan'],
    ['101.10', 'one hundred and one yuan and ten fen'],
    ['0.05', 'five fen'],
    ['0', 'zero yuan'],
    ['1234.565', 'one thousand two hundred and thirty-four yuan and fifty-seven fen'],
    ['2000019', 'two million nineteen yuan'],
    ['99.999', 'one hundred yuan'],
  ])('%s → %s', (input, out) => expect(englishMoney(input)).toEqual({ ok: true, text: out }))

  it.each(['', '1e5', '-1', '1,000', '100000000000000'])('refuses %p', (input) => expect(englishMoney(input)).toEqual({ ok: false }))

  it('toMoneyWords: capitals in Chinese, words in English; the alert on what it cannot read', () => {
    const alert = jest.fn()
    expect(toMoneyWords('87.65', 'zh-CN', alert)).toBe('捌拾柒元陆角伍分')
    expect(toMoneyWords('87.65', 'en', alert)).toBe('eighty-seven yuan and sixty-five fen')
    expect(alert).not.toHaveBeenCalled()
    expect(toMoneyWords('x', 'en', alert)).toBe('')
    expect(alert).toHaveBeenCalledTimes(1)
  })
})
