/**
 * The referral contest cannot be farmed (issue 43, item 2; server/domain/referral.ts, docs/api.md "Referral contest"):
 * four throwaway phones bound through one share — two paying a takeout order and cancelling it at once (refunded), two
 * paying a ¥0.01 bill — ranked their sharer first with 4 confirmed. A referral now counts only for a purchase of at least
 * the contest's stated minimum that is kept: completed, or 7 days after its payment without a refund; a cancel or refund
 * before that puts it back to pending. One person's several phones: a WeChat identity (openid) or a payer already
 * counted holds the referral for the operator (`npm run admin -- referrals`, `referral-count N`, `referral-void N`).
 */
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { REFERRAL_KEEP_DAYS } from '../../src/contract/referralEndpoints'
import { confirmOnPaid, heldReferrals, settleReferrals } from '../../server/domain/referral'
import { staffPhone } from '../../server/demo/seed'
import { businessMidnight, nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { runAdmin } from './admin'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let s: TestServer
/** Noon of the business day the demo contest was seeded on (it runs from three days before to eleven after). */
let noon = 0
beforeEach(async () => {
  noon = businessMidnight(nowMs()).valueOf() + 12 * HOUR
  holdServerClock(noon)
  s = await startServer()
})
afterEach(async () => {
  jest.restoreAllMocks()
  await s.close()
})
/** The server's clock held `days` after noon (and a sweep run there: what the timer does every minute). */
async function at(days: number): Promise<void> {
  jest.restoreAllMocks()
  holdServerClock(noon + days * DAY)
  expect((await s.call('POST', 'sandbox/sweep', {})).body.code).toBe(1)
}

let n = 0
const board = async (token?: string) => (await s.call<ReferralContestAnswer>('GET', 'hui_public.referral_contest/read', {}, token)).body.data
const mine = async (token: string) => {
  const m = (await board(token)).mine
  return { rank: m?.rank ?? null, count: m?.count ?? 0, pending: m?.pending_count ?? 0 }
}
async function pay(token: string, id: number): Promise<void> {
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
}
async function bill(token: string, amount: number): Promise<number> {
  const made = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: `referral-farm-${n++}`, kind: 'bill', shop_id: 1, amount }, token)
  expect(made.body.code).toBe(1)
  await pay(token, made.body.data.order_info.id)
  return made.body.data.order_info.id
}
/** A pickup takeout order of shop 1 (open 10:00–14:00), paid. */
async function takeout(token: string): Promise<number> {
  const made = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: `referral-farm-${n++}`, kind: 'takeout', shop_id: 1, items: [{ id: 4, quantity: 10 }], mode: 'pickup' }, token)
  expect(made.body.code).toBe(1)
  await pay(token, made.body.data.order_info.id)
  return made.body.data.order_info.id
}
let phones = 0
const friendOf = (sharer: number, extra: Record<string, unknown> = {}) => s.login(`1374344${String(++phones).padStart(4, '0')}`, { share_user_user_id: String(sharer), ...extra })

describe('the farm of the issue', () => {
  it('four throwaway phones through one share — two pay a takeout order and cancel it, two pay a ¥0.01 bill — count nothing, now or later', async () => {
    const sharer = await s.login('13743430001')
    const farm = [await friendOf(sharer.userId), await friendOf(sharer.userId), await friendOf(sharer.userId), await friendOf(sharer.userId)]
    for (const f of farm.slice(0, 2)) {
      const id = await takeout(f.token)
      expect((await s.call('POST', 'personal.takeout/cancel', { id }, f.token)).body.code).toBe(1)
    }
    for (const f of farm.slice(2)) await bill(f.token, 1)
    expect(await mine(sharer.token)).toEqual({ rank: null, count: 0, pending: 4 })
    expect((await board()).board).toEqual([])
    // A week on (past any refund window): still nothing.
    await at(REFERRAL_KEEP_DAYS + 1)
    expect(await mine(sharer.token)).toEqual({ rank: null, count: 0, pending: 4 })
  })
})

describe('a kept purchase of at least the stated minimum', () => {
  it('counts when completed, or 7 days after payment; a refund before that puts the referral back to pending', async () => {
    const sharer = await s.login('13743430002')
    const contest = (await board()).contest
    // The contest states its minimum and the keeping time (the page's rules say them in words).
    expect(contest).toMatchObject({ min_amount: 2000, keep_days: REFERRAL_KEEP_DAYS })

    const [billed, collected, refunded] = [await friendOf(sharer.userId), await friendOf(sharer.userId), await friendOf(sharer.userId)]
    await bill(billed.token, 5000)
    const pickup = await takeout(collected.token)
    const back = await bill(refunded.token, 5000)
    // Paid, not kept yet: pending, each with the day it counts from.
    expect(await mine(sharer.token)).toEqual({ rank: null, count: 0, pending: 3 })
    expect((await board(sharer.token)).mine?.pending.map((p) => p.counts_from)).toEqual(expect.arrayContaining([expect.stringMatching(/^\d{4}-\d\d-\d\d/)]))

    // The store accepts the takeout order and the friend collects it: completed, counted at the next sweep.
    const staff = await s.login(staffPhone(1))
    expect((await s.call('POST', 'hui_shanghu.store_takeout/accept', { id: pickup }, staff.token)).body.code).toBe(1)
    const code = (await s.row<{ verify_code: string }>('SELECT verify_code FROM orders WHERE id = ?', pickup)).verify_code
    expect((await s.call('POST', 'hui_shanghu.store_takeout/verifyPickup', { code }, staff.token)).body.code).toBe(1)
    // The bill refunded within the week.
    expect((await s.call('POST', 'personal.order/refund', { id: back, reason: '不想要了' }, refunded.token)).body.code).toBe(1)
    expect((await s.call('POST', 'hui_shanghu.store_order/refundApprove', { id: back }, staff.token)).body.code).toBe(1)
    await at(1)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 1, pending: 2 })

    // A week after the bill: it counts; the refunded one is pending again (not void: a kept purchase may still count).
    await at(REFERRAL_KEEP_DAYS)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 2, pending: 1 })
    await bill(refunded.token, 5000)
    await at(2 * REFERRAL_KEEP_DAYS)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 3, pending: 0 })
    // A refund after a purchase was kept changes nothing: it counted.
    expect(await s.rows("SELECT state FROM referrals WHERE referrer_id = ? AND state <> 'confirmed'", sharer.userId)).toEqual([])
  })

  it('a purchase paying under the minimum does not count, however long it is kept; a later one above it does', async () => {
    const sharer = await s.login('13743430003')
    const friend = await friendOf(sharer.userId)
    // A ¥20 bill at shop 1 pays less than ¥20 (its discount): the minimum is the amount paid.
    const under = await bill(friend.token, 2000)
    expect((await s.row<{ pay_amount: number }>('SELECT pay_amount FROM orders WHERE id = ?', under)).pay_amount).toBeLessThan(2000)
    await at(REFERRAL_KEEP_DAYS + 1)
    expect(await mine(sharer.token)).toEqual({ rank: null, count: 0, pending: 1 })
    await bill(friend.token, 2400)
    await at(2 * REFERRAL_KEEP_DAYS + 2)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 1, pending: 0 })
  })
})

describe("one person's several phones", () => {
  it('one WeChat behind two accounts counts once; the second is held for the operator, who counts or voids it', async () => {
    const sharer = await s.login('13743430004')
    // Two phones bound from the same WeChat (the mini-program's login gives both accounts the same openid), a third apart.
    const [one, two, other] = [await friendOf(sharer.userId, { wx_code: 'same-wechat' }), await friendOf(sharer.userId, { wx_code: 'same-wechat' }), await friendOf(sharer.userId, { wx_code: 'another' })]
    for (const f of [one, two, other]) await bill(f.token, 5000)
    await at(REFERRAL_KEEP_DAYS)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 2, pending: 1 })
    const held = await heldReferrals(s.app.q)
    expect(held).toEqual([expect.objectContaining({ referred_id: two.userId, referrer_id: sharer.userId, held_for: 'wechat' })])

    const listed = await runAdmin(s.databaseEnv, 'referrals')
    expect(listed.code).toBe(0)
    expect(listed.out).toMatch(new RegExp(`^#${two.userId}\\treferred by user ${sharer.userId}\\theld for: wechat`, 'm'))
    expect((await runAdmin(s.databaseEnv, 'referral-void', String(two.userId))).code).toBe(0)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 2, pending: 0 })
    expect(await heldReferrals(s.app.q)).toEqual([])
    // Nothing held under that number any more.
    expect((await runAdmin(s.databaseEnv, 'referral-count', String(two.userId))).code).toBe(1)
  })

  it('one payer (a card, a payer account) behind two referrals: the second is held; the operator may count it', async () => {
    const sharer = await s.login('13743430005')
    const [a, b] = [await friendOf(sharer.userId), await friendOf(sharer.userId)]
    // As the provider's notification will name the payer once payments are real (WeChat Pay's payer, Alipay's buyer).
    for (const f of [a, b]) {
      const id = await bill(f.token, 5000)
      await confirmOnPaid(s.app.q, f.userId, id, { payer: 'card:6222-0000-1111' })
    }
    await at(REFERRAL_KEEP_DAYS)
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 1, pending: 1 })
    expect((await heldReferrals(s.app.q)).map((h) => h.held_for)).toEqual(['payer'])
    const counted = await runAdmin(s.databaseEnv, 'referral-count', String((await heldReferrals(s.app.q))[0].referred_id))
    expect({ code: counted.code, err: counted.err }).toEqual({ code: 0, err: '' })
    expect(await mine(sharer.token)).toEqual({ rank: 1, count: 2, pending: 0 })
    // settleReferrals is what the sweep runs: nothing left to do.
    expect(await settleReferrals(s.app.q)).toEqual({ counted: 0, held: 0, undone: 0 })
  })
})
