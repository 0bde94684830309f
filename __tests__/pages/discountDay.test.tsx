/**
 * Discount day (issue 26): the calendar with the month's days marked, the next day counted down on the server's
 * clock (not the phone's), the shops taking part near the shopper with their extra discount (tap → Pay a bill),
 * members only said to a shopper without a card, the reminder, empty and error states; and Pay a bill's own line.
 */
import Taro from '@tarojs/taro'
import type { DiscountDayAnswer, DiscountDayShop } from '@/contract/discountDay'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import DiscountsDayIndexPage from '@/pages/discountsDay/index'
import PayBillIndexPage from '@/pages/payBill/index'
import { locator } from '@/platform/location'
import { OFFLINE, fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { paged, quote, shop } from '../support/fixtures'

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  resetClock()
})

// The server's clock: 2026-11-08 12:00 in Shanghai; the next day (the 18th) starts 9 d 12 h 00:00 later. The phone's
// clock is a day and an hour off: the countdown must still read the server's.
const SERVER_NOW = Date.UTC(2026, 10, 8, 4, 0, 0)
const NEXT_START = Date.UTC(2026, 10, 17, 16, 0, 0)

const ddShop = (over: Partial<DiscountDayShop> = {}): DiscountDayShop => ({ ...shop, id: 1, name: '川味小馆', distance: 120, extra_rate: 95, ...over })
const answer = (over: Partial<DiscountDayAnswer> = {}): DiscountDayAnswer => ({
  today: '2026-11-08',
  month: '2026-11',
  days: ['2026-11-08', '2026-11-18', '2026-11-28'],
  is_discount_day: true,
  next: { day: '2026-11-18', starts_at: NEXT_START },
  members_only: true,
  member: true,
  reminded: false,
  can_remind: true,
  remind_template: null,
  shops: [ddShop(), ddShop({ id: 3, name: '悦容美发', distance: 900, extra_rate: 90 })],
  ...over,
})

async function open(handlers: Parameters<typeof fakeApi>[0], located = true) {
  jest.spyOn(Date, 'now').mockReturnValue(SERVER_NOW - 25 * 3_600_000)
  jest.spyOn(locator, 'locate').mockResolvedValue(located ? { point: { lat: 22.54, lng: 113.95 }, precise: true } : { failed: 'denied' })
  openedWith('pages/discountsDay/index')
  const api = fakeApi(handlers, { serverTime: () => SERVER_NOW })
  const t = await mount(DiscountsDayIndexPage)
  return { t, api }
}

describe('Discount day', () => {
  it('today: the days marked on the calendar, the next one counted down on the server clock, the shops and their extra discount; tap → Pay a bill', async () => {
    const { t, api } = await open({ 'hui_shanghu.discount_day/index': () => answer() })
    await until(t, () => expect(all(t, '.dday-shop .shop-row__name')).toEqual(['川味小馆', '悦容美发']))
    expect(api.called('hui_shanghu.discount_day/index')[0].data).toMatchObject({ lat: 22.54, lng: 113.95 })
    expect(text(t, '.dday-head__title')).toBe('今天是优惠日')
    expect(text(t, '.dday-cal__month')).toBe('2026年11月')
    const marked = Array.from(t.queries.querySelectorAll('.dday-cal__cell--on')).map((e) => e.getAttribute('data-day'))
    expect(marked).toEqual(['2026-11-08', '2026-11-18', '2026-11-28'])
    // A word for screen readers, not only a colour; today is said too.
    expect(t.queries.querySelector('[data-day="2026-11-18"]')?.textContent).toBe('18 优惠日')
    expect(t.queries.querySelector('[data-day="2026-11-08"]')?.textContent).toBe('8 优惠日 今天')
    // November 2026 starts on a Sunday: six blanks before it, Monday first.
    expect(t.queries.querySelectorAll('.dday-cal__row')[0].querySelectorAll('.dday-cal__cell--blank')).toHaveLength(6)
    await until(t, () => expect(text(t, '.dday-head__time')).toBe('9 天 12:00:00'))
    expect(all(t, '.dday-shop__extra')).toEqual(['优惠日再享 9.5 折', '优惠日再享 9 折'])
    expect(text(t, '.dday-shops__heading')).toBe('今日参与商户')
    expect(t.queries.querySelector('.dday-head__members')).toBeNull()

    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await click(t, '.dday-shop .shop-row')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/payBill/index?shop_id=1' })
  })

  it('in English, on another day, for a shopper without a card: the next day, members only, the reminder asked and recorded', async () => {
    setLang('en')
    setItem('token', 'tok')
    let reminded = false
    const { t, api } = await open({
      'hui_shanghu.discount_day/index': () => answer({ today: '2026-11-09', is_discount_day: false, member: false, reminded }),
      'personal.discount_day/remind': () => {
        reminded = true
        return { reminded: true }
      },
    })
    await until(t, () => expect(text(t, '.dday-head__title')).toBe('Next discount day: November 18'))
    expect(text(t, '.dday-cal__month')).toBe('November 2026')
    expect(text(t, '.dday-head__members-text')).toBe('The discount-day extra discount is for card members')
    expect(text(t, '.dday-shops__heading')).toBe('Shops taking part (on discount days)')
    expect(all(t, '.dday-shop__extra')[0]).toBe('Discount day: a further 5% off')
    expect(text(t, '.dday-head__remind')).toBe('Remind me')
    await click(t, '.dday-head__remind')
    await until(t, () => expect(text(t, '.dday-head__reminded')).toBe('✓ Reminder set'))
    expect(api.called('personal.discount_day/remind')[0].data).toMatchObject({ day: '2026-11-18', result: 'accept' })
  })

  it('no shop nearby: an empty state with the way to Discount bill; the server unreachable: an error with Retry that works', async () => {
    const empty = await open({ 'hui_shanghu.discount_day/index': () => answer({ shops: [] }) }, false)
    await until(empty.t, () => expect(text(empty.t, '.state__title')).toBe('附近暂无参与商户'))
    expect(empty.api.called('hui_shanghu.discount_day/index')[0].data).not.toHaveProperty('lat')
    unmountAll()

    let fail = true
    const broken = await open({ 'hui_shanghu.discount_day/index': () => (fail ? OFFLINE : answer()) })
    await broken.t.queries.waitForQuerySelector('.state__retry')
    fail = false
    await click(broken.t, '.state__retry')
    await until(broken.t, () => expect(all(broken.t, '.dday-shop .shop-row__name')).toHaveLength(2))
  })
})

describe('Pay a bill on a discount day', () => {
  it("shows the quote's discount-day line with its rate and amount (zh and en)", async () => {
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') setLang('en')
      setItem('token', 'tok')
      openedWith('pages/payBill/index', { shop_id: '3' })
      fakeApi({
        'hui_shanghu.shop/read': () => ({ info: shop }),
        'personal.coupon/index': () => paged([]),
        'personal.order/index': () => paged([]),
        'personal.order/preCreate': () => quote({ member_discount_amount: 176, discount_day: { day: '2026-11-08', rate: 95, amount: 431 }, pay_amount: 8193 }),
      })
      const t = await mount(PayBillIndexPage)
      await t.queries.waitForQuerySelector('.bill__shop-name')
      for (const k of ['1', '0', '0']) await click(t, `.keypad__key--${k}`)
      await until(t, () => expect(text(t, '.bill__row--discount-day')).toBe(lang === 'zh' ? '优惠日额外 9.5 折-¥4.31' : 'Discount day: 5% off-¥4.31'))
      unmountAll()
    }
  })
})
