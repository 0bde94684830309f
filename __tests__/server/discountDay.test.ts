import type { DiscountDayAnswer } from '../../src/contract/discountDay'
import type { OrderInfo, PriceQuote } from '../../src/contract/order'
import { inBusinessZone, nowMs, parseText } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

/**
 * Discount day (issue 26): the calendar and the next day on the server's clock, the shops taking part, and Pay a bill
 * taking the extra discount off by itself — a card member's bill, at a shop taking part, on a discount day only.
 * Demo days are 3 days after the seeding day, then every week (never the seeding day: other tests price bills today).
 * The clock is held on the first (D1), the second (D1 + 7) and the day after the first (never one).
 */
let s: TestServer
let held: jest.SpyInstance<number, []> | undefined
// The seeding moment: the clock held there while the server starts (and seeds its demo days from that day), so TODAY
// below is the seeding day even when a midnight falls while the server starts (npm run test:clock at 23:59:50).
const SEEDED_AT = nowMs()
beforeAll(async () => {
  held = holdServerClock(SEEDED_AT)
  try {
    s = await startServer()
  } finally {
    release()
  }
})
const release = () => {
  held?.mockRestore()
  held = undefined
}
afterEach(release)
afterAll(() => s.close())

// The seeding day (today) and the demo days after it.
const TODAY = inBusinessZone(SEEDED_AT).startOf('day')
const after = (days: number) => TODAY.add(days, 'day').format('YYYY-MM-DD')
const D1 = after(3)
const D2 = after(10)
const OFF = after(4)
const holdOn = (day: string) => {
  held = holdServerClock(parseText(`${day} 12:00:00`).valueOf())
}
// The reminders as stored, on the seam's engine (SQLite, or PostgreSQL with TEST_DATABASE_URL).
const remindersWhere = (col: 'day' | 'user_id', value: string | number) =>
  s.app.q.all<{ user_id: number; day: string }>(`SELECT user_id, day FROM discount_day_reminders WHERE ${col} = ?`, value)
const rid = () => `dd-${Math.random().toString(36).slice(2, 12)}`
// Shop 1 川味小馆: 88 % paid (12 % off) and, on discount days, a further 5 % (extra_rate 95). The silver card: 98.
const bill = (extra: Record<string, unknown> = {}) => ({ kind: 'bill', shop_id: 1, amount: 10000, ...extra })

async function member(phone: string): Promise<string> {
  const me = await s.login(phone)
  const card = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { kind: 'card', card_id: 1, client_request_id: rid() }, me.token)
  await s.call('POST', 'personal.order/payparam', { id: card.body.data.order_info.id, platform: 'h5' }, me.token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id: card.body.data.order_info.id, result: 'success' })).body.code).toBe(1)
  return me.token
}

describe('the calendar', () => {
  it("this month's days, today's flag, the next day's start on the server's clock, the shops nearest first", async () => {
    const day = D1
    holdOn(day)
    const res = await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', { lat: 22.54, lng: 113.94 })
    expect(res.body.code).toBe(1)
    const a = res.body.data
    expect(a.today).toBe(day)
    expect(a.month).toBe(day.slice(0, 7))
    // The demo days of D1's month: D1 and the ones a week apart after it (none before: D1 is the first).
    expect(a.days).toEqual([0, 7, 14, 21, 28].map((d) => after(3 + d)).filter((d) => d.slice(0, 7) === D1.slice(0, 7)))
    expect(a.is_discount_day).toBe(true)
    expect(a.next).toEqual({ day: D2, starts_at: parseText(`${D2} 00:00:00`).valueOf() })
    // Today (the seeding day) is not one: the rest of the suite prices today's bills as before.
    release()
    const seeding = (await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', {})).body.data
    expect(seeding.is_discount_day).toBe(false)
    expect(seeding.next?.day).toBe(D1)
    holdOn(D1)
    expect(a).toMatchObject({ members_only: true, member: false, reminded: false })
    expect(a.shops.map((x) => [x.id, x.extra_rate])).toEqual([
      [1, 95],
      [3, 90],
      [8, 97],
      [10, 95],
    ])
    expect(a.shops[0].distance).toBeLessThan(50)

    // The day after D1: not a discount day; the next is D2.
    release()
    holdOn(OFF)
    const off = (await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', { city_id: 1 })).body.data
    expect(off.is_discount_day).toBe(false)
    expect(off.next?.day).toBe(D2)
    // A city without a point: best extra discount first, no distances.
    expect(off.shops.map((x) => x.id)).toEqual([3, 1, 10, 8])
    expect(off.shops.every((x) => x.distance === undefined)).toBe(true)
  })
})

describe('Pay a bill on a discount day', () => {
  let token: string
  beforeAll(async () => {
    token = await member('13700002601')
  })

  it('a member at a shop taking part: its own line, off what the shop and the card left; create charges the same', async () => {
    holdOn(D1)
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', bill(), token)
    expect(q.body.code).toBe(1)
    // 10000 − 12 % (1200) − the card's 2 % of 8800 (176) = 8624; 5 % of it = 431.2 → 431.
    expect(q.body.data).toMatchObject({ discount_amount: 1200, member_discount_amount: 176, pay_amount: 8193, discount_day: { day: D1, rate: 95, amount: 431 } })

    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { ...bill(), client_request_id: rid() }, token)
    expect(created.body.code).toBe(1)
    const order = created.body.data.order_info
    expect(order.pay_amount).toBe(8193)
    expect(order.discount_amount).toBe(1200 + 176 + 431)
    const row = await s.row<{ pay_amount: number; detail: string }>('SELECT pay_amount, detail FROM orders WHERE id = ?', order.id)
    expect(row.pay_amount).toBe(8193)
    expect(JSON.parse(row.detail)).toMatchObject({ discount_day: { rate: 95, amount: 431 } })
  })

  it('the part no discount applies to is left out of it too', async () => {
    holdOn(D2)
    const q = await s.call<PriceQuote>('POST', 'personal.order/preCreate', bill({ undiscounted_amount: 2000 }), token)
    // 8000 − 960 − 141 (2 % of 7040, rounded) = 6899; 5 % = 344.95 → 345.
    expect(q.body.data).toMatchObject({ discount_amount: 960, member_discount_amount: 141, discount_day: { rate: 95, amount: 345 }, pay_amount: 10000 - 960 - 141 - 345 })
  })

  it('not on another day, not at a shop not taking part, not for a shopper without a card', async () => {
    holdOn(OFF)
    const other = (await s.call<PriceQuote>('POST', 'personal.order/preCreate', bill(), token)).body.data
    expect(other.discount_day).toBeUndefined()
    expect(other.pay_amount).toBe(8624)
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { ...bill(), client_request_id: rid() }, token)
    expect(created.body.data.order_info.pay_amount).toBe(8624)

    release()
    holdOn(D1)
    const shop2 = (await s.call<PriceQuote>('POST', 'personal.order/preCreate', bill({ shop_id: 2 }), token)).body.data
    expect(shop2.discount_day).toBeUndefined()
    const guest = await s.login('13700002602')
    const noCard = (await s.call<PriceQuote>('POST', 'personal.order/preCreate', bill(), guest.token)).body.data
    expect(noCard.discount_day).toBeUndefined()
    expect(noCard.pay_amount).toBe(8800)
    // The screen says why: members only, and this shopper holds no card.
    expect((await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', {}, guest.token)).body.data.member).toBe(false)
    expect((await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', {}, token)).body.data.member).toBe(true)
  })
})

describe('the reminder', () => {
  it('recorded once for the next day (the sandbox stand-in); a day that is not a coming discount day is refused', async () => {
    holdOn(OFF)
    const me = await s.login('13700002603')
    expect((await s.call('POST', 'personal.discount_day/remind', { day: D2 })).body.code).toBe(-1)
    const ok = await s.call<{ reminded: boolean }>('POST', 'personal.discount_day/remind', { day: D2 }, me.token)
    expect(ok.body.data.reminded).toBe(true)
    expect((await s.call('POST', 'personal.discount_day/remind', { day: D2 }, me.token)).body.code).toBe(1)
    expect((await s.call<DiscountDayAnswer>('GET', 'hui_shanghu.discount_day/index', {}, me.token)).body.data.reminded).toBe(true)
    expect(await remindersWhere('day', D2)).toEqual([{ user_id: me.userId, day: D2 }])

    const bad = await s.call<unknown>('POST', 'personal.discount_day/remind', { day: OFF }, me.token)
    expect(bad.status).toBe(200)
    expect(bad.body).toMatchObject({ code: 0, reason: 'discount_day_unknown' })
    const past = await s.call<unknown>('POST', 'personal.discount_day/remind', { day: D1 }, me.token)
    expect(past.body).toMatchObject({ code: 0, reason: 'discount_day_unknown' })
    expect((await s.call<unknown>('POST', 'personal.discount_day/remind', { day: 'soon' }, me.token)).body.code).toBe(0)

    // Deleting the account forgets its reminders: nothing is to be sent to it.
    expect((await s.call('POST', 'personal.user/delete', { confirm: true }, me.token)).body.code).toBe(1)
    expect(await remindersWhere('user_id', me.userId)).toEqual([])
  })
})
