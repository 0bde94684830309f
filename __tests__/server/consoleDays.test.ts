/**
 * The console's discount days and referral contests (issue 45, t45-days): what a content operator writes reaches the
 * shoppers' discount-day and contest answers at once; a discount day that has begun keeps its rule (the shops and their
 * rates) and its date; a moved day's reminders move with it, a withdrawn day's go; one referral contest at a time; a
 * running contest's start and minimum purchase stay; every write leaves its audit row, a refused one none. The server's
 * clock is held at fixed moments years after the demo seed's days and contest. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import type { DiscountDayIndexAnswer, ReferralStandingsAnswer, ConsoleContest } from '../../src/contract/console'
import type { DiscountDayAnswer } from '../../src/contract/discountDay'
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { startServer, type TestServer } from './helpers'
import { operatorCalls } from './operator'

let s: TestServer
const { consoleCall, signIn } = operatorCalls(() => s)
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

/** Noon in Shanghai (04:00 UTC) of a day: far from either midnight, whatever the machine's zone. */
const noonOf = (day: string) => Date.parse(`${day}T04:00:00Z`)

const auditRows = (kind: string, id: number | string) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null }>('SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = ? AND target_id = ? ORDER BY id', kind, String(id))
const auditCount = async () => Number((await s.row<{ n: number | string }>('SELECT COUNT(*) AS n FROM operator_audit')).n)
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

const shopperDays = async (token?: string) => (await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', { city_id: 1 }, token)).body.data

describe('discount days', () => {
  it('a day added, moved and withdrawn shows in the shopper’s calendar at once; a moved day’s reminders move with it, a withdrawn day’s go; each write is audited', async () => {
    const at = noonOf('2031-03-10')
    const token = await signIn('content', at)
    expect(await shopperDays()).toMatchObject({ today: '2031-03-10', days: [], next: null })

    const added = await consoleCall<{ day: { day: string; state: string } }>('console.discountDay/save', { day: '2031-03-20', reason: '春季活动' }, token)
    expect(added).toMatchObject({ code: 1, data: { day: { day: '2031-03-20', state: 'upcoming', reminders: 0 }, reminders_moved: 0 } })
    expect(await shopperDays()).toMatchObject({ days: ['2031-03-20'], next: { day: '2031-03-20' }, is_discount_day: false })

    // A shopper asks to be reminded of it (the sandbox records the reminder).
    const shopper = await s.login('13700004701')
    expect((await s.call('POST', 'personal.discount_day/remind', { day: '2031-03-20', result: 'accept' }, shopper.token)).body).toMatchObject({ code: 1, data: { reminded: true } })

    // Moved: the shopper's reminder is for the new day.
    const moved = await consoleCall('console.discountDay/save', { from: '2031-03-20', day: '2031-03-22' }, token)
    expect(moved).toMatchObject({ code: 1, data: { day: { day: '2031-03-22', reminders: 1 }, reminders_moved: 1 } })
    expect(await shopperDays(shopper.token)).toMatchObject({ days: ['2031-03-22'], next: { day: '2031-03-22' }, reminded: true })

    // The console's calendar lists it with its reminder.
    const upcoming = await consoleCall<DiscountDayIndexAnswer>('console.discountDay/index', { when: 'upcoming', page: 1, page_size: 10 }, token)
    expect(upcoming).toMatchObject({ code: 1, data: { today: '2031-03-10', running: false, total: 1, list: [{ day: '2031-03-22', state: 'upcoming', reminders: 1, reminders_sent: 0 }] } })

    // Withdrawn: gone from the calendar, and its reminder with it (nothing will be sent).
    expect(await consoleCall('console.discountDay/withdraw', { day: '2031-03-22', reason: '活动取消' }, token)).toMatchObject({ code: 1, data: { day: '2031-03-22', reminders_dropped: 1 } })
    expect(await shopperDays(shopper.token)).toMatchObject({ days: [], next: null, reminded: false })
    expect(await s.rows("SELECT day FROM discount_day_reminders WHERE day IN ('2031-03-20', '2031-03-22')")).toEqual([])

    expect((await auditRows('discount_day', '2031-03-20')).map((r) => [r.action, r.reason])).toEqual([['discountDay.create', '春季活动']])
    const later = await auditRows('discount_day', '2031-03-22')
    expect(later.map((r) => r.action)).toEqual(['discountDay.move', 'discountDay.withdraw'])
    expect(parsed(later[0].before_json)).toMatchObject({ day: '2031-03-20', reminders: 1 })
    expect(parsed(later[1].after_json)).toBeNull()
  })

  it('shops taking part and their rates reach the shopper at once; on a discount day (begun) the rule, the day and today are fixed', async () => {
    const at = noonOf('2031-05-10')
    const token = await signIn('content', at)
    const rateOf = async (shopId: number) => (await shopperDays()).shops.find((x) => x.id === shopId)?.extra_rate

    expect(await rateOf(2)).toBeUndefined()
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 2, extra_rate: 88 }, token)).toMatchObject({ code: 1, data: { shop: { shop_id: 2, extra_rate: 88 } } })
    expect(await rateOf(2)).toBe(88)
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 2, extra_rate: 85 }, token)).toMatchObject({ code: 1, data: { shop: { extra_rate: 85 } } })
    expect(await rateOf(2)).toBe(85)
    expect(await consoleCall('console.discountDay/removeShop', { shop_id: 2 }, token)).toMatchObject({ code: 1, data: { shop_id: 2 } })
    expect(await rateOf(2)).toBeUndefined()
    expect((await auditRows('discount_day_shop', 2)).map((r) => [r.action, parsed(r.before_json), parsed(r.after_json)])).toEqual([
      ['discountDay.saveShop', null, expect.objectContaining({ extra_rate: 88 })],
      ['discountDay.saveShop', expect.objectContaining({ extra_rate: 88 }), expect.objectContaining({ extra_rate: 85 })],
      ['discountDay.removeShop', expect.objectContaining({ extra_rate: 85 }), null],
    ])

    // Today itself cannot become a discount day: bills paid this morning were priced without it.
    expect(await consoleCall('console.discountDay/save', { day: '2031-05-10' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_begun', params: { day: '2031-05-10' } })
    expect(await consoleCall('console.discountDay/save', { day: '2031-05-11' }, token)).toMatchObject({ code: 1 })

    // The next day it has begun: its rule (shops, rates) and its date stay until it ends.
    const during = await signIn('content', noonOf('2031-05-11'))
    const rule = (await shopperDays()).shops.map((x) => [x.id, x.extra_rate])
    expect(await shopperDays()).toMatchObject({ is_discount_day: true })
    const before = await auditCount()
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 1, extra_rate: 60 }, during)).toMatchObject({ code: 0, reason: 'console_discount_day_running' })
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 2, extra_rate: 60 }, during)).toMatchObject({ code: 0, reason: 'console_discount_day_running' })
    expect(await consoleCall('console.discountDay/removeShop', { shop_id: 1 }, during)).toMatchObject({ code: 0, reason: 'console_discount_day_running' })
    expect(await consoleCall('console.discountDay/save', { from: '2031-05-11', day: '2031-05-18' }, during)).toMatchObject({ code: 0, reason: 'console_discount_day_begun', params: { day: '2031-05-11' } })
    expect(await consoleCall('console.discountDay/withdraw', { day: '2031-05-11' }, during)).toMatchObject({ code: 0, reason: 'console_discount_day_begun' })
    expect((await shopperDays()).shops.map((x) => [x.id, x.extra_rate])).toEqual(rule)
    expect(await shopperDays()).toMatchObject({ is_discount_day: true, days: ['2031-05-11'] })
    expect(await auditCount()).toBe(before)
    const index = await consoleCall<DiscountDayIndexAnswer>('console.discountDay/index', { when: 'upcoming' }, during)
    expect(index.data).toMatchObject({ running: true, list: [{ day: '2031-05-11', state: 'today' }] })

    // Past, it still cannot move; the rule is open again.
    const after = await signIn('content', noonOf('2031-05-12'))
    expect(await consoleCall('console.discountDay/withdraw', { day: '2031-05-11' }, after)).toMatchObject({ code: 0, reason: 'console_discount_day_begun' })
    expect((await consoleCall<DiscountDayIndexAnswer>('console.discountDay/index', { when: 'past', page: 1, page_size: 1 }, after)).data).toMatchObject({ running: false, list: [{ day: '2031-05-11', state: 'past' }] })
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 2, extra_rate: 90 }, after)).toMatchObject({ code: 1 })
    expect(await consoleCall('console.discountDay/removeShop', { shop_id: 2 }, after)).toMatchObject({ code: 1 })
  })

  it('refuses what is not valid, and writes nothing then', async () => {
    const token = await signIn('content', noonOf('2031-07-10'))
    const before = await auditCount()
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 1, extra_rate: 100 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 1, extra_rate: 49 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.discountDay/saveShop', { shop_id: 99999, extra_rate: 90 }, token)).toMatchObject({ code: 0, reason: 'shop_not_found' })
    expect(await consoleCall('console.discountDay/removeShop', { shop_id: 2 }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_shop_absent' })
    expect(await consoleCall('console.discountDay/save', { day: '2031-02-30' }, token)).toMatchObject({ code: 0, reason: 'console_day_invalid' })
    expect(await consoleCall('console.discountDay/save', { day: '2031-07-09' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_begun' })
    expect(await consoleCall('console.discountDay/withdraw', { day: '2031-07-20' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_not_found', params: { day: '2031-07-20' } })
    expect(await consoleCall('console.discountDay/save', { from: '2031-07-20', day: '2031-07-21' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_not_found' })
    expect(await auditCount()).toBe(before)
    expect(await consoleCall('console.discountDay/save', { day: '2031-07-20' }, token)).toMatchObject({ code: 1 })
    expect(await consoleCall('console.discountDay/save', { day: '2031-07-20' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_exists', params: { day: '2031-07-20' } })
    expect(await consoleCall('console.discountDay/save', { day: '2031-07-21' }, token)).toMatchObject({ code: 1 })
    expect(await consoleCall('console.discountDay/save', { from: '2031-07-20', day: '2031-07-21' }, token)).toMatchObject({ code: 0, reason: 'console_discount_day_exists' })
    expect(await consoleCall('console.discountDay/save', { from: '2031-07-20', day: '2031-07-20' }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await auditCount()).toBe(before + 2)
    expect((await shopperDays()).days).toEqual(['2031-07-20', '2031-07-21'])
  })
})

describe('referral contests', () => {
  const prizes = [
    { rank_from: 1, rank_to: 1, zh: '一等奖：年卡', en: 'First: a year card' },
    { rank_from: 2, rank_to: 5, zh: '代金券 ¥50', en: '¥50 voucher' },
  ]
  const contest = { title: '春季邀请赛', title_en: 'Spring contest', start: '2032-01-15 00:00', end: '2032-02-15 00:00', prizes, min_amount: 1000 }
  const shopperContest = async (lang = 'zh') => (await s.call<ReferralContestAnswer>('GET', 'hui_public.referral_contest/read', { lang })).body.data

  it('a contest created, changed and ended early shows to shoppers at once; one at a time; a running contest’s start and minimum stay; standings read-only', async () => {
    const token = await signIn('content', noonOf('2032-01-10'))
    const made = await consoleCall<{ contest: ConsoleContest }>('console.referral/save', { ...contest, reason: '新一季' }, token)
    expect(made).toMatchObject({ code: 1, data: { contest: { title: '春季邀请赛', state: 'upcoming', start_time: '2032-01-15 00:00:00', end_time: '2032-02-15 00:00:00', min_amount: 1000, prizes, counted: 0 } } })
    const id = made.data.contest.id
    expect(await shopperContest('en')).toMatchObject({ contest: { id, title: 'Spring contest', state: 'upcoming', min_amount: 1000, prizes: [{ rank_from: 1, rank_to: 1, title: 'First: a year card' }, { rank_from: 2, rank_to: 5, title: '¥50 voucher' }] } })

    // One at a time: a period meeting this one is refused; one starting as it ends is not.
    const before = await auditCount()
    expect(await consoleCall('console.referral/save', { ...contest, start: '2032-02-01 00:00', end: '2032-03-01 00:00' }, token)).toMatchObject({ code: 0, reason: 'console_contest_overlap', params: { from: '2032-01-15 00:00', to: '2032-02-15 00:00' } })
    expect(await consoleCall('console.referral/save', { ...contest, start: '2032-01-01 00:00', end: '2032-01-16 00:00' }, token)).toMatchObject({ code: 0, reason: 'console_contest_time_past' })
    expect(await consoleCall('console.referral/save', { ...contest, start: '2032-01-11 00:00', end: '2032-01-16 00:00' }, token)).toMatchObject({ code: 0, reason: 'console_contest_overlap' })
    expect(await auditCount()).toBe(before)
    const next = await consoleCall<{ contest: ConsoleContest }>('console.referral/save', { ...contest, title: '二月邀请赛', start: '2032-02-15 00:00', end: '2032-03-01 00:00' }, token)
    expect(next).toMatchObject({ code: 1, data: { contest: { state: 'upcoming' } } })

    // Not begun: anything may change, the minimum too.
    expect(await consoleCall('console.referral/save', { ...contest, id, min_amount: 1500 }, token)).toMatchObject({ code: 1, data: { contest: { min_amount: 1500 } } })
    expect((await shopperContest()).contest).toMatchObject({ id, min_amount: 1500 })

    // Running: the start and the minimum have decided who qualified.
    const during = await signIn('content', noonOf('2032-01-20'))
    const running = { ...contest, id, min_amount: 1500 }
    expect((await shopperContest()).contest).toMatchObject({ id, state: 'on' })
    const duringBefore = await auditCount()
    expect(await consoleCall('console.referral/save', { ...running, min_amount: 500 }, during)).toMatchObject({ code: 0, reason: 'console_contest_rule_locked' })
    expect(await consoleCall('console.referral/save', { ...running, start: '2032-01-16 00:00' }, during)).toMatchObject({ code: 0, reason: 'console_contest_rule_locked' })
    expect(await consoleCall('console.referral/save', { ...running, end: '2032-01-19 00:00' }, during)).toMatchObject({ code: 0, reason: 'console_contest_time_past' })
    expect(await consoleCall('console.referral/save', { ...running, end: '2032-02-20 00:00' }, during)).toMatchObject({ code: 0, reason: 'console_contest_overlap' })
    expect(await auditCount()).toBe(duringBefore)
    expect((await shopperContest()).contest).toMatchObject({ id, min_amount: 1500, start_time: '2032-01-15 00:00:00' })
    // Its words and prizes may change.
    expect(await consoleCall('console.referral/save', { ...running, title: '春季邀请赛（加码）', prizes: [prizes[0]] }, during)).toMatchObject({ code: 1 })
    expect((await shopperContest()).contest).toMatchObject({ id, title: '春季邀请赛（加码）', prizes: [{ rank_from: 1, rank_to: 1, title: '一等奖：年卡' }] })

    // A referral counted in its period: the standings show it, read-only.
    const referrer = await s.login('13700004711')
    const friend = await s.login('13700004712')
    await s.run("INSERT INTO referrals (referred_id, referrer_id, phone_hash, bound_at, state, confirmed_at) VALUES (?, ?, 'cd-test-hash', ?, 'confirmed', ?)", friend.userId, referrer.userId, noonOf('2032-01-16'), noonOf('2032-01-17'))
    const board = await consoleCall<ReferralStandingsAnswer>('console.referral/standings', { id, page: 1, page_size: 20 }, during)
    expect(board).toMatchObject({ code: 1, data: { total: 1, list: [{ rank: 1, user_id: referrer.userId, count: 1, hidden: false }], contest: { counted: 1, referrers: 1 } } })

    // Ended early: the shopper's board moves on to the next contest; the ended one is closed.
    expect(await consoleCall('console.referral/end', { id, reason: '奖品已发完' }, during)).toMatchObject({ code: 1, data: { contest: { id, state: 'ended', end_at: noonOf('2032-01-20') } } })
    expect((await shopperContest()).contest).toMatchObject({ id: next.data.contest.id, state: 'upcoming' })
    expect(await consoleCall('console.referral/end', { id }, during)).toMatchObject({ code: 0, reason: 'console_contest_not_running' })
    expect(await consoleCall('console.referral/save', running, during)).toMatchObject({ code: 0, reason: 'console_contest_ended' })
    expect(await consoleCall('console.referral/end', { id: next.data.contest.id }, during)).toMatchObject({ code: 0, reason: 'console_contest_not_running' })

    const rows = await auditRows('referral_contest', id)
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['referral.create', '新一季'],
      ['referral.save', null],
      ['referral.save', null],
      ['referral.end', '奖品已发完'],
    ])
    expect(parsed(rows[3].before_json)).toMatchObject({ end_at: Date.parse('2032-02-14T16:00:00Z') })
    expect(parsed(rows[3].after_json)).toMatchObject({ end_at: noonOf('2032-01-20') })
  })

  it('refuses a contest that is not valid', async () => {
    const token = await signIn('content', noonOf('2033-01-10'))
    const c = { ...contest, start: '2033-02-01 00:00', end: '2033-03-01 00:00' }
    const before = await auditCount()
    expect(await consoleCall('console.referral/save', { ...c, end: '2033-01-31 00:00' }, token)).toMatchObject({ code: 0, reason: 'console_contest_period_invalid' })
    expect(await consoleCall('console.referral/save', { ...c, prizes: [prizes[0], { ...prizes[1], rank_from: 1 }] }, token)).toMatchObject({ code: 0, reason: 'console_contest_prizes_invalid' })
    expect(await consoleCall('console.referral/save', { ...c, prizes: [{ ...prizes[1], rank_from: 5, rank_to: 2 }] }, token)).toMatchObject({ code: 0, reason: 'console_contest_prizes_invalid' })
    expect(await consoleCall('console.referral/save', { ...c, prizes: [] }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.referral/save', { ...c, min_amount: -1 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.referral/save', { ...c, start: '2033-02-01' }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.referral/save', { ...c, title: '' }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.referral/save', { ...c, id: 99999 }, token)).toMatchObject({ code: 0, reason: 'console_contest_not_found' })
    expect(await consoleCall('console.referral/end', { id: 99999 }, token)).toMatchObject({ code: 0, reason: 'console_contest_not_found' })
    expect(await consoleCall('console.referral/standings', { id: 99999 }, token)).toMatchObject({ code: 0, reason: 'console_contest_not_found' })
    expect(await auditCount()).toBe(before)
  })
})
