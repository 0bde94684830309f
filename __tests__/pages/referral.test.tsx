/**
 * Issue 26, the referral contest (`pages/activity/competition`) in the H5 runtime with the one fake API: the countdown
 * on the server's clock (the phone's set wrong), prizes, my standing with pending friends, the board with a hidden
 * name and my own rank below the top, hiding my name, the share link carrying my id, and the loading / error / no
 * contest / not started / ended states in zh and en.
 */
import Taro from '@tarojs/taro'
import type { ReferralContestAnswer } from '@/contract/referral'
import { forgetAnswers } from '@/core/cache'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import ActivityCompetitionPage from '@/pages/activity/competition'
import { fakeApi, OFFLINE, openedWith, PENDING, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'

const MIN = 60_000
const DAY = 24 * 60 * MIN
const realNow = Date.now.bind(Date)
const wall = (ms: number) => new Date(ms + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ')

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  resetClock()
  forgetAnswers()
})

function contestAround(now: number, startIn: number, endIn: number, state: 'upcoming' | 'on' | 'ended'): NonNullable<ReferralContestAnswer['contest']> {
  const start = now + startIn
  const end = now + endIn
  return {
    id: 1,
    title: '邀请好友排位赛',
    start_time: wall(start),
    end_time: wall(end),
    start_at: start,
    end_at: end,
    state,
    prizes: [
      { rank_from: 1, rank_to: 1, title: '金卡会员一年' },
      { rank_from: 2, rank_to: 3, title: '银卡会员三个月' },
    ],
    min_amount: 2000,
    keep_days: 7,
  }
}

const signedInAnswer = (now: number, hidden = false): ReferralContestAnswer => ({
  contest: contestAround(now, -DAY, 2 * DAY + 3 * 60 * MIN + 5 * 60_000, 'on'),
  board: [
    { rank: 1, name: '会**1', hidden: false, count: 3, me: false },
    { rank: 2, name: null, hidden: true, count: 2, me: false },
  ],
  ranked: 25,
  mine: {
    rank: 21,
    count: 1,
    pending_count: 4,
    pending: [
      { name: '会**8', bound_time: wall(now - 60 * MIN), counts_from: null, in_review: false },
      { name: '会**7', bound_time: wall(now - 2 * DAY), counts_from: wall(now + 5 * DAY), in_review: false },
      { name: '会**6', bound_time: wall(now - 3 * DAY), counts_from: null, in_review: true },
    ],
    hidden,
    user_id: 42,
  },
})

describe('Referral contest', () => {
  it('counts down on the server clock, shows prizes, my rank, count and pending friends, the board with a hidden name and my rank below the top', async () => {
    openedWith('pages/activity/competition')
    setItem('token', 'tok')
    setItem('myUserId', 42)
    // The phone's clock is three hours fast; the server's (X-Server-Time) is right.
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 3 * 60 * MIN)
    const serverNow = realNow()
    fakeApi({ 'hui_public.referral_contest/read': () => signedInAnswer(serverNow) }, { serverTime: realNow })
    const t = await mount(ActivityCompetitionPage)
    await until(t, () => expect(text(t, '.referral__title')).toBe('邀请好友排位赛'))
    // 2 days 3 h 5 min left on the server's clock (the phone's would say 2 days 0 h 5 min).
    await until(t, () => expect(text(t, '.referral__clock-value')).toMatch(/^2 天 03:0[45]:\d\d$/))
    expect(text(t, '.referral__state')).toBe('进行中')
    expect(all(t, '.referral__prize-rank')).toEqual(['第 1 名', '第 2–3 名'])
    expect(text(t, '.referral__my-rank')).toBe('21')
    expect(text(t, '.referral__my-count')).toBe('1')
    expect(text(t, '.referral__my-pending')).toBe('4')
    // Each pending friend: bound (no purchase yet), a purchase that counts from a day, or under the platform's review.
    const pending = all(t, '.referral__pending-row')
    expect(pending[0]).toMatch(/^会\*\*8.*绑定$/)
    expect(pending[1]).toMatch(new RegExp(`^会\\*\\*7${wall(realNow() + 5 * DAY).slice(0, 16)} 起计入$`))
    expect(pending[2]).toBe('会**6平台审核中')
    expect(text(t, '.referral__pending-title')).toBe('待确认的好友（一笔满 ¥20.00 的订单完成或保留 7 天后计入）')
    expect(text(t, '.referral__pending')).toContain('另有 1 位待确认')
    expect(all(t, '.referral__row:not(.referral__row--head) .referral__cell--name')).toEqual(['会**1', '匿名用户', '我（我）'])
    expect(text(t, '.referral__board-head')).toContain('前 20 名')
    // The rules, in the contest's own terms (issue 43): the minimum and the keeping time, cancels and one person's phones.
    const rules = all(t, '.referral__rule')
    expect(rules).toHaveLength(9)
    expect(rules[0]).toContain('实付满 ¥20.00 的订单')
    expect(rules[0]).toContain('支付 7 天后仍未退款')
    expect(rules[1]).toMatch(/取消或退款.*重新变为“待确认”/)
    expect(rules[3]).toMatch(/同一微信.*平台人工审核/)
    expect(rules[8]).toContain('排名在比赛结束 7 天后确定')
  })

  it('hides my name with one request and shows the answer; the share link carries my id', async () => {
    openedWith('pages/activity/competition')
    setItem('token', 'tok')
    setItem('myUserId', 42)
    let hidden = false
    const api = fakeApi(
      {
        'hui_public.referral_contest/read': () => signedInAnswer(realNow(), hidden),
        'personal.referral/hide': (req) => {
          hidden = req.hidden
          return { hidden }
        },
      },
      { serverTime: realNow },
    )
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'setClipboardData:ok', data: '' })
    const t = await mount(ActivityCompetitionPage)
    await until(t, () => expect(t.queries.querySelector('.referral__hide')?.getAttribute('aria-checked')).toBe('false'))
    await click(t, '.referral__hide')
    await until(t, () => expect(t.queries.querySelector('.referral__hide')?.getAttribute('aria-checked')).toBe('true'))
    expect(api.called('personal.referral/hide').map((c) => (c.data as { hidden: boolean }).hidden)).toEqual([true])
    await click(t, '.referral__share-btn')
    await until(t, () => expect(copy).toHaveBeenCalled())
    expect(String(copy.mock.calls[0][0].data)).toMatch(/\/pages\/activity\/competition\?share_user_user_id=42$/)
  })

  it('signed out: the board and a login button, no standing; not started: counts down to the start', async () => {
    openedWith('pages/activity/competition')
    const now = realNow()
    fakeApi({ 'hui_public.referral_contest/read': () => ({ contest: contestAround(now, 5 * MIN, 10 * DAY, 'upcoming'), board: [], ranked: 0, mine: null }) }, { serverTime: realNow })
    const t = await mount(ActivityCompetitionPage)
    await until(t, () => expect(text(t, '.referral__state')).toBe('即将开始'))
    expect(text(t, '.referral__clock')).toMatch(/^距开始00:0[45]:\d\d$/)
    expect(text(t, '.referral__login')).toBe('登录查看我的排名')
    expect(t.queries.querySelector('.referral__my-rank')).toBeNull()
    expect(text(t, '.referral__board-empty-title')).toBe('比赛开始后这里显示排名')
  })

  it('ended, in English: the final board and no share button', async () => {
    openedWith('pages/activity/competition')
    setItem('token', 'tok')
    const now = realNow()
    fakeApi(
      {
        'hui_public.referral_contest/read': () => ({
          contest: { ...contestAround(now, -10 * DAY, -DAY, 'ended'), title: 'Invite-a-friend contest' },
          board: [{ rank: 1, name: 'M**1', hidden: false, count: 4, me: true }],
          ranked: 1,
          mine: { rank: 1, count: 4, pending_count: 0, pending: [], hidden: false, user_id: 7 },
        }),
      },
      { serverTime: realNow },
    )
    setLang('en')
    const t = await mount(ActivityCompetitionPage)
    await until(t, () => expect(text(t, '.referral__state')).toBe('Ended'))
    expect(text(t, '.referral__clock')).toMatch(/^Ended at .*; the ranking is final 7 days after the end$/)
    expect(all(t, '.referral__rule')[0]).toContain('an order of at least ¥20.00 (the amount paid)')
    expect(all(t, '.referral__row:not(.referral__row--head) .referral__cell--name')).toEqual(['M**1 (me)'])
    expect(t.queries.querySelector('.referral__share-btn')).toBeNull()
  })

  it('loading, a failure with a retry, then no contest at all', async () => {
    openedWith('pages/activity/competition')
    let reply: 'pending' | 'offline' | 'none' = 'pending'
    fakeApi({ 'hui_public.referral_contest/read': () => (reply === 'pending' ? PENDING : reply === 'offline' ? OFFLINE : { contest: null, board: [], ranked: 0, mine: null }) }, { serverTime: realNow })
    const t = await mount(ActivityCompetitionPage)
    await t.queries.waitForQuerySelector('.skeleton')
    unmountAll()
    forgetAnswers()
    reply = 'offline'
    const t2 = await mount(ActivityCompetitionPage)
    await t2.queries.waitForQuerySelector('.state--error')
    reply = 'none'
    await click(t2, '.state__retry')
    await until(t2, () => expect(text(t2, '.state__title')).toBe('现在没有进行中的比赛'))
  })
})
