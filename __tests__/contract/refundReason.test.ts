import { ORDERS_WORDS, refundReasonIn } from '@/contract/ordersWords'

// A refund reason picked from the sheet is stored as the words of the picker's language; each reader sees it in
// their own (the shop in English reads "Paid twice" for a shopper's 重复支付). The shopper's own words stay as written.
describe('refundReasonIn', () => {
  it('answers a listed reason in the reader’s language, whichever language it was picked in', () => {
    expect(refundReasonIn('en', '重复支付')).toBe('Paid twice')
    expect(refundReasonIn('en', '不想要了')).toBe("Don't want it")
    expect(refundReasonIn('zh-CN', 'Paid twice')).toBe('重复支付')
    expect(refundReasonIn('zh-CN', '重复支付')).toBe('重复支付')
  })

  it('every listed reason has its twin in the other language', () => {
    for (const key of ['detail.refundReasons', 'detail.refundReasonsBill'] as const) {
      const zh = ORDERS_WORDS['zh-CN'][key].split('|')
      const en = ORDERS_WORDS.en[key].split('|')
      expect(zh).toHaveLength(en.length)
      zh.forEach((words, i) => expect(refundReasonIn('en', words)).toBe(en[i]))
    }
  })

  it('keeps the shopper’s own words as written', () => {
    expect(refundReasonIn('en', '菜品洒了，袋子破了')).toBe('菜品洒了，袋子破了')
    expect(refundReasonIn('zh-CN', 'The bag was torn')).toBe('The bag was torn')
  })
})
