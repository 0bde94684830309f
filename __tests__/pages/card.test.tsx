/**
 * The Card tab's checkout and the till code of a suspended card, in the H5 runtime: what the shopper reads
 * before paying (start and end dates, what happens to the current card, the coupon) and at the till.
 */
import type { UserCoupon } from '@/contract/member'
import type { CardOrderPayload } from '@/contract/order'
import { resetLangCache, setLang } from '@/core/i18n'
import { forgetAnswers, invalidate } from '@/core/cache'
import { setItem } from '@/core/storage'
import CardIndexPage from '@/pages/card/index'
import CardVipCordPage from '@/pages/card/vipCord'
import PaySuccessPage from '@/pages/payBill/success'
import Taro from '@tarojs/taro'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { card, coupon, order, paged, quote } from '../support/fixtures'
import { all, click, hide, mount, show, text, unmountAll, until } from '../support/screen'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

const products = [
  { id: 1, name: '银卡', level: 1, price: 9900, days: 365, member_rate: 98, benefits: ['买单 98 折'] },
  { id: 2, name: '金卡', level: 2, price: 19900, days: 365, member_rate: 95, benefits: ['买单 95 折'] },
]
const silver = { ...card, id: 3, name: '银卡', level: 1, member_rate: 98 }
const profile = { user: { id: 7, phone: '13800138000', nickname: '小一', avatar: '', referrer_id: null, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card: silver, order_counts: { unpaid: 0, paid: 1, completed: 0, refund: 0 } }
const cardCoupon: UserCoupon = { ...coupon, id: 21, coupon_id: 3, title: '开卡立减 10 元', amount: 1000, min_spend: 9900, kind: 'card' }
const smallCardCoupon: UserCoupon = { ...coupon, id: 22, coupon_id: 9, title: '开卡立减 5 元', amount: 500, min_spend: 0, kind: 'card' }
const billCoupon: UserCoupon = { ...coupon, id: 23, title: '买单立减 20 元', amount: 2000, min_spend: 0, kind: 'bill' }

function upgradeQuote(req: CardOrderPayload) {
  const couponAmount = req.coupon_id === 21 ? 1000 : req.coupon_id === 22 ? 500 : 0
  return quote({
    kind: 'card',
    title: '一卡通金卡',
    original_amount: 19900,
    discount_amount: 4000,
    coupon_amount: couponAmount,
    pay_amount: 15900 - couponAmount,
    coupon_id: req.coupon_id ?? null,
    card: { mode: 'upgrade', start_at: '2026-11-23 10:00:00', end_at: '2027-11-23 10:00:00', replaces: [{ name: '银卡', end_at: '2027-03-01 00:00:00' }], credit_amount: 4000 },
  })
}

async function openCardTab(handlers: Parameters<typeof fakeApi>[0]) {
  setItem('token', 'tok')
  openedWith('pages/card/index')
  const api = fakeApi({ 'hui_public.card/index': () => ({ list: products }), 'personal.user/info': () => profile, 'personal.coupon/index': () => paged([billCoupon, smallCardCoupon, cardCoupon]), ...handlers })
  const t = await mount(CardIndexPage)
  await show(t)
  return { t, api }
}

describe('Card tab checkout', () => {
  it('before paying: the server quote with the best card coupon chosen, the start and end dates and what happens to the current card', async () => {
    const { t, api } = await openCardTab({ 'personal.order/preCreate': (req) => upgradeQuote(req as CardOrderPayload) })
    // The card held (Silver) is chosen first; the shopper taps Gold.
    await until(t, () => expect(t.queries.querySelector('.card-product--chosen .card-product__name')?.textContent).toBe('银卡'))
    await t.act(async () => t.fireEvent.click(t.queries.querySelectorAll('.card-product')[1] as HTMLElement))
    await until(t, () => expect(text(t, '.card-plan__dates')).toBe('生效 2026-11-23 至 2027-11-23'))
    // The largest card coupon is chosen; the bill coupon is not offered on a card.
    expect(api.called('personal.order/preCreate').at(-1)?.data).toEqual({ kind: 'card', card_id: 2, coupon_id: 21, lang: 'zh' })
    expect(text(t, '.card-plan__what')).toBe('升级：付款后立即生效，当前银卡今天结束')
    expect(text(t, '.card-products__when')).toBe('生效 2026-11-23 至 2027-11-23')
    expect(text(t, '.card-plan__credit')).toContain('-¥40.00')
    expect(text(t, '.coupon-choice__value')).toBe('开卡立减 10 元 -¥10.00')
    expect(text(t, '.card-products__total')).toBe('¥149.00')
    expect(text(t, '.card-products__buy')).toBe('立即升级')

    // Choosing "none" in the in-app sheet: quoted again without a coupon.
    await click(t, '.coupon-choice')
    await t.queries.waitForQuerySelector('#coupon-sheet')
    expect(all(t, '#coupon-sheet .sheet__item')).toEqual(['不使用', '开卡立减 10 元 · ¥10.00 · 满 ¥99.00 可用', '开卡立减 5 元 · ¥5.00'])
    expect(text(t, '#coupon-sheet .sheet__item--selected')).toBe('开卡立减 10 元 · ¥10.00 · 满 ¥99.00 可用')
    await click(t, '#coupon-sheet .sheet__item')
    expect(t.queries.querySelector('#coupon-sheet')).toBeNull()
    await until(t, () => expect(text(t, '.card-products__total')).toBe('¥159.00'))
    expect(api.called('personal.order/preCreate').at(-1)?.data).toEqual({ kind: 'card', card_id: 2, lang: 'zh' })
    expect(text(t, '.coupon-choice__value')).toBe('2 张可用')
  })

  it('a renewal says when it starts, in English too', async () => {
    setLang('en')
    const { t } = await openCardTab({
      'personal.order/preCreate': () =>
        quote({ kind: 'card', original_amount: 19900, discount_amount: 0, pay_amount: 19900, card: { mode: 'renew', start_at: '2027-11-01 00:00:00', end_at: '2028-10-31 00:00:00', replaces: [], credit_amount: 0 } }),
      'personal.coupon/index': () => paged([]),
    })
    await until(t, () => expect(text(t, '.card-plan__dates')).toBe('Valid 2027-11-01 to 2028-10-31'))
    expect(text(t, '.card-plan__what')).toBe('Renewal: starts on 2027-11-01, when your current card ends — no days lost')
    expect(text(t, '.card-products__buy')).toBe('Renew')
  })

  it('a refused purchase (a lower level) says why and cannot be paid', async () => {
    const msg = '你的金卡还在有效期内，不能购买较低等级的银卡；可续费金卡或升级'
    const { t } = await openCardTab({ 'personal.order/preCreate': () => ({ business: msg }), 'personal.coupon/index': () => paged([]) })
    await until(t, () => expect(text(t, '.card-checkout__error')).toBe(msg))
    expect(t.queries.querySelector('.card-products__buy')?.getAttribute('disabled')).not.toBeNull()
  })
})

describe('Card tab: what the shopper holds', () => {
  const renewQuote = (req: CardOrderPayload) =>
    quote({ kind: 'card', original_amount: 9900, discount_amount: 0, pay_amount: 9900, coupon_id: req.coupon_id ?? null, card: { mode: 'renew', start_at: '2027-11-01 00:00:00', end_at: '2028-10-31 00:00:00', replaces: [], credit_amount: 0 } })

  it('holding Silver: Silver is chosen with Renew, not Gold with Upgrade', async () => {
    const { t, api } = await openCardTab({ 'personal.order/preCreate': (req) => renewQuote(req as CardOrderPayload), 'personal.coupon/index': () => paged([]) })
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toEqual({ kind: 'card', card_id: 1, lang: 'zh' }))
    await until(t, () => expect(text(t, '.card-products__when')).toBe('生效 2027-11-01 至 2028-10-31'))
    expect(text(t, '.card-product--chosen .card-product__name')).toBe('银卡')
    expect(text(t, '.card-products__buy')).toBe('续费')
  })

  it('right after buying Silver (back on the tab, the profile now has it): Silver is chosen', async () => {
    let held: typeof silver | null = null
    const { t, api } = await openCardTab({
      'personal.user/info': () => ({ ...profile, card: held }),
      'personal.order/preCreate': (req) => ((req as CardOrderPayload).card_id === 1 && held ? renewQuote(req as CardOrderPayload) : upgradeQuote(req as CardOrderPayload)),
      'personal.coupon/index': () => paged([]),
    })
    // No card yet: Gold offered first, as to anyone.
    await until(t, () => expect(text(t, '.card-product--chosen .card-product__name')).toBe('金卡'))
    // Paid for Silver (away from the tab; the payment invalidates what was kept: src/payment/pay.ts); the tab is shown again.
    await hide(t)
    held = silver
    invalidate()
    await show(t)
    await until(t, () => expect(text(t, '.member-card__name')).toContain('银卡'))
    await until(t, () => expect(text(t, '.card-product--chosen .card-product__name')).toBe('银卡'))
    await until(t, () => expect(api.called('personal.order/preCreate').at(-1)?.data).toEqual({ kind: 'card', card_id: 1, lang: 'zh' }))
    await until(t, () => expect(text(t, '.card-products__when')).toBe('生效 2027-11-01 至 2028-10-31'))
    expect(text(t, '.card-products__buy')).toBe('续费')
  })

  it('signed in, nothing of the products is drawn before the profile says which card is held (then the card above them)', async () => {
    let answer: (value: typeof profile) => void = () => undefined
    const { t } = await openCardTab({
      'personal.user/info': () => new Promise<typeof profile>((resolve) => (answer = resolve)),
      'personal.order/preCreate': (req) => renewQuote(req as CardOrderPayload),
      'personal.coupon/index': () => paged([]),
    })
    await until(t, () => expect(t.queries.querySelector('.skeleton')).not.toBeNull())
    expect(t.queries.querySelector('.card-product')).toBeNull()
    expect(t.queries.querySelector('.card-products__buy')).toBeNull()
    await t.act(async () => answer(profile))
    await until(t, () => expect(t.queries.querySelector('.card-product')).not.toBeNull())
    expect(t.queries.querySelector('.skeleton')).toBeNull()
    // The card comes first in the page, the products after it.
    const card = t.queries.querySelector('.member-card') as Element
    expect(card.compareDocumentPosition(t.queries.querySelector('.card-products') as Element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('signed out, the products are drawn at once (no profile to wait for)', async () => {
    openedWith('pages/card/index')
    fakeApi({ 'hui_public.card/index': () => ({ list: products }) })
    const t = await mount(CardIndexPage)
    await until(t, () => expect(all(t, '.card-product__name')).toEqual(['银卡', '金卡']))
    expect(text(t, '.card-product--chosen .card-product__name')).toBe('金卡')
  })
})

describe('Payment success after buying a card', () => {
  for (const [lang, words] of [
    ['zh-CN', '出示会员码'],
    ['en', 'Show my member code'],
  ] as const) {
    it(`offers the member code, which opens the card's code page (${lang})`, async () => {
      setLang(lang)
      setItem('token', 'tok')
      openedWith('pages/payBill/success', { id: '41' })
      fakeApi({ 'personal.order/read': () => ({ info: order({ kind: 'card', title: '一卡通银卡', shop_id: null, shop_name: null, discount_amount: 0, coupon_amount: 0 }) }) })
      const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
      const t = await mount(PaySuccessPage)
      await until(t, () => expect(text(t, '.pay-result__code')).toBe(words))
      await click(t, '.pay-result__code')
      expect(navigate).toHaveBeenCalledWith({ url: '/pages/card/vipCord' })
    })
  }

  it('not for a bill, nor for a card order not paid', async () => {
    setItem('token', 'tok')
    openedWith('pages/payBill/success', { id: '41' })
    fakeApi({ 'personal.order/read': () => ({ info: order({}) }) })
    const t = await mount(PaySuccessPage)
    await until(t, () => expect(text(t, '.pay-result__status')).toBe('支付成功'))
    expect(t.queries.querySelector('.pay-result__code')).toBeNull()
    unmountAll()
    // Another case, not a return: nothing kept from the first (issue 27).
    forgetAnswers()
    fakeApi({ 'personal.order/read': () => ({ info: order({ kind: 'card', order_status: 0, pay_time: null, shop_id: null, shop_name: null }) }) })
    const t2 = await mount(PaySuccessPage)
    await until(t2, () => expect(text(t2, '.pay-result__status')).toBe('订单待支付'))
    expect(t2.queries.querySelector('.pay-result__code')).toBeNull()
  })
})

describe('Till code of a suspended card', () => {
  for (const [lang, title] of [
    ['zh-CN', '会员卡已暂停'],
    ['en', 'Card suspended'],
  ] as const) {
    it(`says the card is suspended and shows no code (${lang})`, async () => {
      setLang(lang)
      setItem('token', 'tok')
      openedWith('pages/card/vipCord')
      fakeApi({ 'personal.card/index': () => ({ list: [{ ...card, active: false, state: 'suspended' }] }) })
      const t = await mount(CardVipCordPage)
      await t.queries.waitForQuerySelector('.till--suspended')
      expect(text(t, '.till__suspended')).toBe(title)
      expect(t.queries.querySelector('.till__digits')).toBeNull()
      expect(t.queries.querySelector('.member-code, canvas, .till__qr')).toBeNull()
    })
  }
})
