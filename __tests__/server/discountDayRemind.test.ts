import type { DiscountDayAnswer } from '../../src/contract/discountDay'
import type { SandboxMessage } from '../../src/contract/takeoutSubscribe'
import { REMINDER_TEMPLATE } from '../../server/domain/discountDay/discountDay'
import { inBusinessZone, parseText } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

/**
 * The discount day's "Remind me" as a subscription message (issue 26): the template the weapp asks WeChat for, the
 * shopper's answer recorded once, withdrawn before the day, and on the day's morning the one message WeChat would have
 * been asked to send recorded in the sandbox outbox by the sweep (as takeout's are) — once. Without a template the
 * sandbox records without asking; a server outside the sandbox without one takes no reminder.
 */
let held: jest.SpyInstance<number, []> | undefined
afterEach(() => {
  held?.mockRestore()
  held = undefined
})

// Read before any clock is held: demo days are 3 days after the seeding day, then weekly.
const TODAY = inBusinessZone().startOf('day')
const after = (days: number) => TODAY.add(days, 'day').format('YYYY-MM-DD')
const D1 = after(3)
const D2 = after(10)
const holdAt = (day: string, time: string) => {
  held?.mockRestore()
  held = holdServerClock(parseText(`${day} ${time}`).valueOf())
}

type Remind = { reminded: boolean }
const index = (s: TestServer, token: string) => s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', {}, token)
const outbox = async (s: TestServer) => (await s.call<{ list: SandboxMessage[] }>('GET', 'sandbox/messages')).body.data.list.filter((m) => m.event === 'discount_day')
// A shopper's reminders as stored, on the seam's engine (SQLite, or PostgreSQL with TEST_DATABASE_URL).
const remindersOf = (s: TestServer, userId: number) =>
  s.app.q.all<{ day: string; template_id: string }>('SELECT day, template_id FROM discount_day_reminders WHERE user_id = ?', userId)
const sweep = async (s: TestServer) => expect((await s.call('POST', 'sandbox/sweep')).body.code).toBe(1)

describe('in the sandbox without a template', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => s.close())

  it('set, withdrawn and set again before the day; sent once that morning from 09:00, into the sandbox outbox', async () => {
    holdAt(after(4), '12:00:00')
    const me = await s.login('13700002701')
    expect((await index(s, me.token)).body.data).toMatchObject({ next: { day: D2 }, reminded: false, can_remind: true, remind_template: null })

    expect((await s.call<Remind>('POST', 'personal.discount_day/remind', { day: D2 }, me.token)).body.data).toEqual({ reminded: true })
    expect((await index(s, me.token)).body.data.reminded).toBe(true)
    // Withdrawn: the screen reads it from the server.
    expect((await s.call('POST', 'personal.discount_day/cancelReminder', { day: D2 })).body.code).toBe(-1)
    expect((await s.call<Remind>('POST', 'personal.discount_day/cancelReminder', { day: D2 }, me.token)).body.data).toEqual({ reminded: false })
    expect((await index(s, me.token)).body.data.reminded).toBe(false)
    expect((await s.call('POST', 'personal.discount_day/cancelReminder', { day: after(5) }, me.token)).body).toMatchObject({ code: 0, reason: 'discount_day_unknown' })
    // Another shopper who keeps theirs, and this one asks again.
    const other = await s.login('13700002702')
    expect((await s.call<Remind>('POST', 'personal.discount_day/remind', { day: D2 }, other.token)).body.data.reminded).toBe(true)
    expect((await s.call<Remind>('POST', 'personal.discount_day/remind', { day: D2, result: 'accept' }, me.token)).body.data.reminded).toBe(true)
    expect(await remindersOf(s, me.userId)).toEqual([{ day: D2, template_id: REMINDER_TEMPLATE }])

    // The day before and that day before 09:00: nothing sent.
    holdAt(after(9), '23:00:00')
    await sweep(s)
    holdAt(D2, '08:59:00')
    await sweep(s)
    expect(await outbox(s)).toEqual([])

    holdAt(D2, '09:00:30')
    await sweep(s)
    const sent = await outbox(s)
    expect(sent.map((m) => m.user_id).sort()).toEqual([me.userId, other.userId].sort())
    expect(sent[0]).toMatchObject({ order_id: null, template_id: REMINDER_TEMPLATE, page: 'pages/discountsDay/index', data: { date2: { value: D2 } } })
    expect(sent[0].data.thing3.value).toMatch(/^今天 \d+ 家门店会员再享折扣$/)
    // One consent, one message: the next sweeps send nothing more.
    await sweep(s)
    holdAt(D2, '18:00:00')
    await sweep(s)
    expect(await outbox(s)).toHaveLength(2)
  })

  it("a reminder of a day the sweep missed is dropped unsent (no message about a day that is over)", async () => {
    holdAt(after(1), '12:00:00')
    const me = await s.login('13700002703')
    expect((await s.call<Remind>('POST', 'personal.discount_day/remind', { day: D1 }, me.token)).body.data.reminded).toBe(true)
    holdAt(after(4), '10:00:00')
    await sweep(s)
    expect((await outbox(s)).filter((m) => m.user_id === me.userId)).toEqual([])
    expect(await remindersOf(s, me.userId)).toEqual([])
  })
})

describe('at once (several processes or requests)', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => s.close())

  it('asks at once keep one reminder; sweeps at once send one message per consent', async () => {
    const D3 = after(17)
    holdAt(after(4), '12:00:00')
    const shoppers = [await s.login('13700002731'), await s.login('13700002732'), await s.login('13700002733')]
    const asks = await Promise.all(shoppers.flatMap((me) => Array.from({ length: 4 }, () => s.call<Remind>('POST', 'personal.discount_day/remind', { day: D3 }, me.token))))
    expect(asks.map((r) => r.body.data)).toEqual(asks.map(() => ({ reminded: true })))
    for (const me of shoppers) expect(await remindersOf(s, me.userId)).toEqual([{ day: D3, template_id: REMINDER_TEMPLATE }])

    holdAt(D3, '09:30:00')
    await Promise.all(Array.from({ length: 6 }, () => sweep(s)))
    const sent = (await outbox(s)).filter((m) => m.data.date2.value === D3)
    expect(sent.map((m) => m.user_id).sort()).toEqual(shoppers.map((me) => me.userId).sort())
  })
})

describe('with a template configured', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer({ discountDayTemplate: 'DD_tpl_1' })
  })
  afterAll(() => s.close())

  it("names the template to ask WeChat for; only an accept of that template records; the message carries it and the shopper's openid", async () => {
    holdAt(after(4), '12:00:00')
    const me = await s.login('13700002711', { wx_code: 'dd-remind-code' })
    expect((await index(s, me.token)).body.data).toMatchObject({ can_remind: true, remind_template: 'DD_tpl_1' })
    const remind = (body: Record<string, unknown>) => s.call<Remind>('POST', 'personal.discount_day/remind', { day: D2, ...body }, me.token)
    expect((await remind({ result: 'reject', template_id: 'DD_tpl_1' })).body.data).toEqual({ reminded: false })
    expect((await remind({ result: 'ban', template_id: 'DD_tpl_1' })).body.data).toEqual({ reminded: false })
    expect((await remind({ result: 'accept', template_id: 'another_tpl' })).body.data).toEqual({ reminded: false })
    expect((await remind({ result: 'accept', template_id: 'bad id!' })).body).toMatchObject({ code: 0 })
    expect((await index(s, me.token)).body.data.reminded).toBe(false)
    expect((await remind({ result: 'accept', template_id: 'DD_tpl_1' })).body.data).toEqual({ reminded: true })

    holdAt(D2, '09:30:00')
    await sweep(s)
    const [message, ...more] = await outbox(s)
    expect(more).toEqual([])
    expect(message).toMatchObject({ user_id: me.userId, template_id: 'DD_tpl_1', touser: expect.stringMatching(/^wx-/), order_id: null })
  })
})

describe('outside the sandbox without a template', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer({ sandbox: false })
  })
  afterAll(() => s.close())

  it('says no reminder can be asked for, and refuses one', async () => {
    holdAt(after(4), '12:00:00')
    const me = (await s.quickUser('13700002721'))
    expect((await index(s, me.token)).body.data).toMatchObject({ can_remind: false, remind_template: null })
    expect((await s.call('POST', 'personal.discount_day/remind', { day: D2 }, me.token)).body).toMatchObject({ code: 0, reason: 'discount_day_remind_unavailable' })
  })
})

describe('outside the sandbox with a template and the mini-program configured (issue 40)', () => {
  let s: TestServer
  beforeAll(async () => {
    // The mini-program's API is what delivers the message (nothing is sent in this test: no address answers there).
    const wechat = { mp: { appId: 'wx0123456789abcdef', secret: '0123456789abcdef0123456789abcdef' }, gzh: null, apiBase: 'http://127.0.0.1:9', openBase: 'http://127.0.0.1:9', mpState: 'formal' as const, invitePage: 'pages/store/join', checkPath: true }
    s = await startServer({ sandbox: false, discountDayTemplate: 'DD_tpl_1', wechat })
  })
  afterAll(() => s.close())

  it("a browser's accept (no WeChat consent to the template) is refused; the mini-program's answer for the template is kept", async () => {
    holdAt(after(4), '12:00:00')
    const me = await s.quickUser('13700002722')
    expect((await index(s, me.token)).body.data).toMatchObject({ can_remind: true, remind_template: 'DD_tpl_1' })
    expect((await s.call('POST', 'personal.discount_day/remind', { day: D2, result: 'accept' }, me.token)).body).toMatchObject({ code: 0, reason: 'discount_day_remind_unavailable' })
    expect(await remindersOf(s, me.userId)).toEqual([])
    expect((await s.call<Remind>('POST', 'personal.discount_day/remind', { day: D2, result: 'accept', template_id: 'DD_tpl_1' }, me.token)).body).toMatchObject({ code: 1, data: { reminded: true } })
    expect(await remindersOf(s, me.userId)).toEqual([{ day: D2, template_id: 'DD_tpl_1' }])
  })
})
