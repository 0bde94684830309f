/**
 * Subscription-message fields fitted to WeChat's rules before they are sent (issue 40; server/providers/wechat/fields.ts):
 * a value WeChat would refuse with 47003 is cut or mapped, counted in characters, never splitting one.
 */
import { fitFields, fitValue } from '../../server/providers/wechat/fields'

describe("a subscription message's fields within WeChat's limits", () => {
  it('thing: at most 20 characters, cut to 19 and an ellipsis; a character outside the BMP is never split', () => {
    expect(fitValue('thing', '一家名字特别特别特别长的深圳南山区科技园分店')).toBe('一家名字特别特别特别长的深圳南山区科技…')
    expect(Array.from(fitValue('thing', '🍜'.repeat(25)))).toHaveLength(20)
    expect(fitValue('thing', '🍜'.repeat(25)).startsWith('🍜'.repeat(19))).toBe(true)
    expect(fitValue('thing', '川味小馆')).toBe('川味小馆')
  })

  it('phrase: Chinese only, at most 5; character_string: visible ASCII, at most 32', () => {
    expect(fitValue('phrase', '商家已接单 OK')).toBe('商家已接单')
    expect(fitValue('phrase', '已送达了哦哦哦')).toBe('已送达了哦')
    expect(fitValue('character_string', 'OCP 2026-12-06 订单 0001')).toBe('OCP2026-12-060001')
    expect(fitValue('character_string', 'A'.repeat(40))).toHaveLength(32)
  })

  it('time and date kept when they read as one; amount, number and phone numbers keep their characters', () => {
    expect(fitValue('time', '2026-12-06 15:01')).toBe('2026-12-06 15:01')
    expect(fitValue('time', '15:01')).toBe('15:01')
    expect(fitValue('date', '2026-12-06')).toBe('2026-12-06')
    expect(fitValue('amount', '¥12.50 元整')).toBe('¥12.50元')
    expect(fitValue('number', '共 12 件')).toBe('12')
    expect(fitValue('phone_number', '电话 138-0013-8000')).toBe('138-0013-8000')
  })

  it('every field of a message by its key (thing2, phrase3 …)', () => {
    expect(fitFields({ character_string1: { value: 'T 1' }, thing2: { value: 'x'.repeat(30) }, phrase3: { value: 'ok配送中' } })).toEqual({
      character_string1: { value: 'T1' },
      thing2: { value: `${'x'.repeat(19)}…` },
      phrase3: { value: '配送中' },
    })
  })
})
