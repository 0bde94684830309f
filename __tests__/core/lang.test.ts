/** The shopper's language: sent with every request, on <html lang> (H5), and in how discounts are worded. */
import { discountLabel, t as rowT } from '@/components/ShopRow/messages'
import { t as cardT } from '@/features/card/messages'
import { getLang, onLangChange, resetLangCache, setLang } from '@/core/i18n'
import { request } from '@/core/request'
import { documentLang } from '@/platform/documentLang.h5'
import { fakeApi } from '../support/fakeApi'

afterEach(() => {
  jest.restoreAllMocks()
  resetLangCache()
})

describe('discount wording', () => {
  it('English says what is taken off; Chinese keeps 折', () => {
    setLang('en')
    expect(rowT('shops.discount', { rate: discountLabel(88, 'en') })).toBe('12% off')
    expect(rowT('shops.discount', { rate: discountLabel(95, 'en') })).toBe('5% off')
    expect(cardT('card.memberRate', { rate: 95 })).toBe('An extra 5% off bills')
    setLang('zh-CN')
    expect(rowT('shops.discount', { rate: discountLabel(88, 'zh-CN') })).toBe('8.8 折')
    expect(cardT('card.memberRate', { rate: 95 })).toBe('买单额外 95 折')
  })
})

describe('lang in every payload', () => {
  it('zh by default, en once English is chosen; a payload never loses its own fields', async () => {
    const api = fakeApi({ 'hui_public.card/index': () => ({ list: [] }), 'personal.coupon/claim': () => ({ coupon: undefined as never }) })
    setLang('zh-CN')
    await request('hui_public.card/index', {})
    setLang('en')
    await request('personal.coupon/claim', { coupon_id: 3 })
    expect(api.calls.map((c) => c.data)).toEqual([{ lang: 'zh' }, { coupon_id: 3, lang: 'en' }])
  })
})

describe('<html lang> (H5)', () => {
  it('follows the language switch', () => {
    const stop = onLangChange(() => documentLang.apply(getLang(), true))
    setLang('en')
    expect(document.documentElement.lang).toBe('en')
    setLang('zh-CN')
    expect(document.documentElement.lang).toBe('zh-CN')
    stop()
  })
})
