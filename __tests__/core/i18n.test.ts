import { en } from '@/core/messages/en'
import { zhCN } from '@/core/messages/zh-CN'
import { followSystemLang, getLang, langChosen, onLangChange, resetLangCache, setLang, t } from '@/core/i18n'
import { getItem } from '@/core/storage'

afterEach(() => {
  resetLangCache()
})

describe('messages', () => {
  it('Simplified Chinese by default, English on request, and the choice persists', () => {
    resetLangCache()
    expect(getLang()).toBe('zh-CN')
    expect(t('nav.pageNotFound')).toBe('页面不存在')
    setLang('en')
    expect(t('nav.pageNotFound')).toBe('Page not found')
    expect(getItem('lang')).toBe('en')
    resetLangCache()
    expect(getLang()).toBe('en')
  })

  it("follows the phone's language until the shopper chooses one, then keeps the choice whatever the phone says (issue 39)", () => {
    resetLangCache()
    // An English phone: English at first open, nothing stored.
    followSystemLang(() => 'en')
    expect(getLang()).toBe('en')
    expect(t('nav.pageNotFound')).toBe('Page not found')
    expect(langChosen()).toBe(false)
    expect(getItem('lang')).toBeUndefined()
    // The phone switched to Chinese (a later start): the app follows it.
    followSystemLang(() => 'zh-CN')
    expect(getLang()).toBe('zh-CN')
    // The shopper chooses English on My account: kept, even once the phone says Chinese at the next start.
    setLang('en')
    expect(langChosen()).toBe(true)
    resetLangCache()
    followSystemLang(() => 'zh-CN')
    expect(getLang()).toBe('en')
  })

  it("re-renders what is drawn when the phone's language, handed in, differs from what was shown", () => {
    resetLangCache()
    expect(getLang()).toBe('zh-CN')
    const heard = jest.fn()
    const stop = onLangChange(heard)
    followSystemLang(() => 'en')
    expect(heard).toHaveBeenCalledTimes(1)
    followSystemLang(() => 'en')
    expect(heard).toHaveBeenCalledTimes(1)
    stop()
  })

  it('fills placeholders', () => {
    setLang('zh-CN')
    expect(t('common.serverError', { status: 502 })).toBe('服务器开小差了（502）')
  })

  it('English has every Chinese key and no empty string', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort())
    expect(Object.values(en).every((v) => v.trim() !== '')).toBe(true)
  })

  it("uses the seed's English for the payment toasts and the numeral alert", () => {
    setLang('en')
    expect(t('pay.success')).toBe('payment success')
    expect(t('pay.failed')).toBe('payment failed')
    expect(t('common.numberWrong')).toBe('Number is wrong!')
  })
})

describe('feature messages (loaded with their screens)', () => {
  const features = ['account', 'auth', 'card', 'code', 'orders', 'payBill', 'payResult', 'webView', 'address', 'shops', 'home', 'search', 'security'] as const
  // Words shared by several features live with the shared component (or the payment pipeline).
  const modules = [...features.map((f) => `features/${f}`), 'components/ShopRow', 'components/OrderStatus', 'components/CouponChoice', 'payment', 'platform/scanCamera']

  it.each(modules)('%s has every word in both languages', async (name) => {
    const { tables } = (await import(`@/${name}/messages`)) as { tables: Record<'zh-CN' | 'en', Record<string, string>> }
    expect(Object.keys(tables['zh-CN']).length).toBeGreaterThan(0)
    expect(Object.keys(tables.en).sort()).toEqual(Object.keys(tables['zh-CN']).sort())
    for (const table of [tables['zh-CN'], tables.en]) expect(Object.values(table).every((v) => v.trim() !== '')).toBe(true)
  })

  it('a feature word follows the language switch', async () => {
    const { t: ordersT } = await import('@/features/orders/messages')
    setLang('zh-CN')
    expect(ordersT('orders.tab.paid')).toBe('已付款')
    setLang('en')
    expect(ordersT('orders.tab.paid')).toBe('Paid')
  })
})
