/**
 * Discount day's "Remind me" as a subscription message (issue 26): on weapp the tap asks WeChat for the template the
 * server names, in the tap's own turn, and sends WeChat's answer; a refusal records nothing and says so; the set state
 * is read from the server and can be cancelled; without a way to remind (no template outside the sandbox) no button.
 * H5 (this runtime) asks nothing and sends `accept`. The platform module is swapped per test for weapp's behaviour.
 */
import Taro from '@tarojs/taro'
import type { DiscountDayAnswer } from '@/contract/discountDay'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import DiscountsDayIndexPage from '@/pages/discountsDay/index'
import { locator } from '@/platform/location'
import { subscribeMessages } from '@/platform/subscribe'
import type { SubscribeAnswers } from '@/platform/subscribe.types'
import { fakeApi, openedWith, resetRouter } from '../support/fakeApi'
import { click, mount, text, unmountAll, until } from '../support/screen'
import { shop } from '../support/fixtures'

jest.mock('@/platform/subscribe', () => ({ subscribeMessages: { supported: false, ask: jest.fn(() => Promise.resolve([])) } }))
const platform = subscribeMessages as { supported: boolean; ask: jest.Mock<Promise<SubscribeAnswers>, [readonly string[]]> }

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  platform.ask.mockReset()
  platform.supported = false
  resetLangCache()
  resetRouter()
  resetClock()
})

const SERVER_NOW = Date.UTC(2026, 10, 9, 4, 0, 0)
const answer = (over: Partial<DiscountDayAnswer> = {}): DiscountDayAnswer => ({
  today: '2026-11-09',
  month: '2026-11',
  days: ['2026-11-08', '2026-11-18'],
  is_discount_day: false,
  next: { day: '2026-11-18', starts_at: Date.UTC(2026, 10, 17, 16, 0, 0) },
  members_only: true,
  member: true,
  reminded: false,
  can_remind: true,
  remind_template: null,
  shops: [{ ...shop, id: 1, name: '川味小馆', distance: 120, extra_rate: 95 }],
  ...over,
})

/** A stand-in server: the reminder kept as the real one keeps it (remind / cancelReminder answer and the index reads). */
function reminderServer(over: Partial<DiscountDayAnswer> = {}) {
  let reminded = false
  return {
    'hui_shanghu.discount_day/index': () => answer({ ...over, reminded }),
    'personal.discount_day/remind': (q: { result?: string }) => {
      reminded = reminded || q.result === 'accept'
      return { reminded }
    },
    'personal.discount_day/cancelReminder': () => {
      reminded = false
      return { reminded }
    },
  }
}

async function open(handlers: Parameters<typeof fakeApi>[0]) {
  setItem('token', 'tok')
  jest.spyOn(locator, 'locate').mockResolvedValue({ point: { lat: 22.54, lng: 113.95 }, precise: true })
  const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
  openedWith('pages/discountsDay/index')
  const api = fakeApi(handlers, { serverTime: () => SERVER_NOW })
  const t = await mount(DiscountsDayIndexPage)
  await t.queries.waitForQuerySelector('.dday-head__title')
  const toasted = () => toast.mock.calls.map((c) => (c[0] as { title: string }).title)
  return { t, api, toasted }
}

describe('Remind me', () => {
  it('H5: nothing asked of WeChat; accept sent; the set state from the server, then cancelled', async () => {
    const { t, api, toasted } = await open(reminderServer())
    await click(t, '.dday-head__remind')
    await until(t, () => expect(text(t, '.dday-head__reminded')).toBe('✓ 已设置提醒'))
    expect(platform.ask).not.toHaveBeenCalled()
    expect(api.called('personal.discount_day/remind')[0].data).toEqual(expect.objectContaining({ day: '2026-11-18', result: 'accept' }))
    expect(api.called('personal.discount_day/remind')[0].data).not.toHaveProperty('template_id')
    expect(toasted()).toContain('优惠日当天会提醒你')

    await click(t, '.dday-head__cancel')
    await until(t, () => expect(text(t, '.dday-head__remind')).toBe('提醒我'))
    expect(api.called('personal.discount_day/cancelReminder')[0].data).toMatchObject({ day: '2026-11-18' })
    expect(toasted()).toContain('已取消提醒')
  })

  it('weapp: the tap asks WeChat for the server’s template at once and sends its accept with the template', async () => {
    platform.supported = true
    let asked = 0
    platform.ask.mockImplementation((ids) => {
      asked++
      return Promise.resolve(ids.map((id) => ({ template_id: id, result: 'accept' as const })))
    })
    const { t, api } = await open(reminderServer({ remind_template: 'DD_tpl_1' }))
    await click(t, '.dday-head__remind')
    expect(asked).toBe(1)
    expect(platform.ask).toHaveBeenCalledWith(['DD_tpl_1'])
    await until(t, () => expect(text(t, '.dday-head__reminded')).toBe('✓ 已设置提醒'))
    expect(api.called('personal.discount_day/remind')[0].data).toMatchObject({ day: '2026-11-18', result: 'accept', template_id: 'DD_tpl_1' })
  })

  it("weapp: the shopper refuses in WeChat's sheet — nothing recorded, the screen says so and still offers it", async () => {
    setLang('en')
    platform.supported = true
    platform.ask.mockResolvedValue([{ template_id: 'DD_tpl_1', result: 'reject' }])
    const { t, api, toasted } = await open(reminderServer({ remind_template: 'DD_tpl_1' }))
    await click(t, '.dday-head__remind')
    await until(t, () => expect(toasted()).toContain('No reminder set. Allow notifications in WeChat and try again'))
    expect(api.called('personal.discount_day/remind')).toHaveLength(0)
    expect(text(t, '.dday-head__remind')).toBe('Remind me')
  })

  it("H5 with a template configured (issue 40): WeChat's consent cannot be asked in a browser, so no button", async () => {
    const { t, api } = await open(reminderServer({ remind_template: 'DD_tpl_1' }))
    await t.queries.waitForQuerySelector('.dday-head__time')
    expect(t.queries.querySelector('.dday-head__remind')).toBeNull()
    expect(api.called('personal.discount_day/remind')).toHaveLength(0)
  })

  it('no way to remind here (no template outside the sandbox): no button', async () => {
    const { t } = await open(reminderServer({ can_remind: false }))
    await t.queries.waitForQuerySelector('.dday-head__time')
    expect(t.queries.querySelector('.dday-head__remind')).toBeNull()
  })
})
