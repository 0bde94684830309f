/**
 * The referral contest (issue 26): a referred phone is pending until its first PAID order, then counts once (a second
 * order, a deletion and a re-bind never count it again: the keyed hash); no self-referral and no referral by a
 * deleted account; ranking by confirmed count, ties to the earlier confirmation; a hidden name is left out.
 */
import crypto from 'node:crypto'
import type { ReferralContestAnswer } from '../../src/contract/referral'
import { KEEP_MS, recordReferral, settleReferrals } from '../../server/domain/referral'
import { businessMidnight, nowMs } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'

let s: TestServer
/** The moment the server was started (and its demo contest seeded) at: held there while it starts. */
let seededAt = 0
beforeEach(async () => {
  // The demo contest runs around the business day it is seeded on (server/demo/seedReferral.ts): the clock held while
  // the server starts, so a test knows that day (a midnight between the seeding and the test's own read of a running
  // clock moved the contest a day from where the test looked for it).
  seededAt = nowMs()
  const held = holdServerClock(seededAt)
  try {
    s = await startServer()
  } finally {
    held.mockRestore()
  }
})
afterEach(async () => {
  jest.restoreAllMocks()
  await s.close()
})

let n = 0
const board = async (token?: string, lang = 'zh') => {
  const res = await s.call<ReferralContestAnswer>('GET', 'hui_public.referral_contest/read', { lang }, token)
  expect(res.body.code).toBe(1)
  return res.body.data
}
/**
 * What the sweep does a week after a payment (issue 43: a purchase counts once kept — a bill is kept when it is still
 * paid REFERRAL_KEEP_DAYS later; __tests__/server/referralFarming.test.ts has the rule itself).
 */
const keep = () => settleReferrals(s.app.q, nowMs() + KEEP_MS)
/** A bill paid through the sandbox provider (above the contest's minimum), and kept. */
async function payBill(token: string): Promise<void> {
  const created = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: `referral-${n++}`, kind: 'bill', shop_id: 1, amount: 5000 }, token)
  expect(created.body.code).toBe(1)
  const id = created.body.data.order_info.id
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  await keep()
}
const referred = (phone: string, sharer: number) => s.login(phone, { share_user_user_id: String(sharer) })
const deleteAccount = (token: string) => s.call('POST', 'personal.user/delete', { confirm: true }, token)

describe('a referred phone counts once, after its first paid order', () => {
  it('is pending after binding through the share, confirmed by its first paid order, not again by a second', async () => {
    const a = await s.login('13700000001')
    expect((await board(a.token)).mine).toMatchObject({ rank: null, count: 0, pending_count: 0, user_id: a.userId })

    const b = await referred('13700000002', a.userId)
    const mine = (await board(a.token)).mine
    expect(mine).toMatchObject({ rank: null, count: 0, pending_count: 1 })
    expect(mine?.pending).toEqual([{ name: '会**2', bound_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), counts_from: null, in_review: false }])
    // An unpaid order does not confirm it.
    await s.call('POST', 'personal.order/create', { client_request_id: `referral-${n++}`, kind: 'bill', shop_id: 1, amount: 3000 }, b.token)
    expect((await board(a.token)).mine).toMatchObject({ count: 0, pending_count: 1 })

    await payBill(b.token)
    const after = await board(a.token)
    expect(after.mine).toMatchObject({ rank: 1, count: 1, pending_count: 0, pending: [] })
    expect(after.board).toEqual([{ rank: 1, name: '会**1', hidden: false, count: 1, me: true }])

    await payBill(b.token)
    expect((await board(a.token)).mine).toMatchObject({ rank: 1, count: 1, pending_count: 0 })
    // Seen by anyone, without the shopper's own part; names in the shopper's language.
    const anon = await board(undefined, 'en')
    expect(anon.mine).toBeNull()
    expect(anon.board).toEqual([{ rank: 1, name: 'M**1', hidden: false, count: 1, me: false }])
  })

  it('an account that existed already, or a share naming the shopper themselves or a deleted account, refers no one', async () => {
    const a = await s.login('13700000011')
    const b = await s.login('13700000012')
    // b binds again through a's share, and a through their own: neither is a new account.
    // (a minute on each time: a new login code may be asked for after 60 s)
    const t0 = nowMs()
    holdServerClock(t0 + 61_000)
    await referred('13700000012', a.userId)
    jest.restoreAllMocks()
    holdServerClock(t0 + 122_000)
    await referred('13700000011', a.userId)
    jest.restoreAllMocks()
    await payBill(b.token)
    await payBill(a.token)
    expect((await board(a.token)).mine).toMatchObject({ count: 0, pending_count: 0, rank: null })

    // A deleted account's old share link: the new phone is referred by no one (the id exists, its shopper does not).
    const gone = await s.login('13700000013')
    expect((await deleteAccount(gone.token)).body.code).toBe(1)
    const c = await referred('13700000014', gone.userId)
    await payBill(c.token)
    expect((await board()).board).toEqual([])
    expect(await s.rows('SELECT referred_id FROM referrals')).toEqual([])
  })

  it('no one refers themself: a referral naming the account itself is not recorded (recordReferral; the bind never asks it: a new account’s own id does not exist when its share is checked)', async () => {
    const a = await s.login('13700000015')
    await recordReferral(s.app.q, a.userId, a.userId, '13700000015')
    expect(await s.rows('SELECT referred_id FROM referrals')).toEqual([])
    await payBill(a.token)
    expect((await board(a.token)).mine).toMatchObject({ rank: null, count: 0, pending_count: 0 })
  })

  it('a deleted account whose phone binds again through another share does not count twice (a keyed hash of the phone is kept)', async () => {
    const a = await s.login('13700000021')
    const c = await s.login('13700000022')
    const b = await referred('13700000023', a.userId)
    await payBill(b.token)
    expect((await deleteAccount(b.token)).body.code).toBe(1)
    // The referral happened: a keeps their count after b is deleted.
    expect((await board(a.token)).mine).toMatchObject({ rank: 1, count: 1 })

    const again = await referred('13700000023', c.userId)
    expect(again.userId).not.toBe(b.userId)
    expect((await board(c.token)).mine).toMatchObject({ count: 0, pending_count: 1 })
    await payBill(again.token)
    expect((await board(c.token)).mine).toMatchObject({ rank: null, count: 0, pending_count: 0 })
    expect((await board(a.token)).mine).toMatchObject({ rank: 1, count: 1 })

    // What is kept is an HMAC: neither the phone nor its plain hash.
    const kept = await s.rows<{ phone_hash: string }>('SELECT phone_hash FROM referral_phones')
    expect(kept).toHaveLength(1)
    expect(kept[0].phone_hash).not.toContain('13700000023')
    expect(kept[0].phone_hash).not.toBe(crypto.createHash('sha256').update('13700000023').digest('hex'))
  })

  it('a pending referral whose account is deleted leaves the pending list; the phone may still count once later', async () => {
    const a = await s.login('13700000031')
    const b = await referred('13700000032', a.userId)
    expect((await board(a.token)).mine?.pending_count).toBe(1)
    await deleteAccount(b.token)
    expect((await board(a.token)).mine).toMatchObject({ pending_count: 0, pending: [] })
    const again = await referred('13700000032', a.userId)
    await payBill(again.token)
    expect((await board(a.token)).mine).toMatchObject({ count: 1, rank: 1 })
  })
})

describe('at the same time', () => {
  it('orders of a referred account paid at once confirm its referral once (never void it)', async () => {
    const a = await s.login('13700000081')
    const b = await referred('13700000082', a.userId)
    const ids: number[] = []
    for (let i = 0; i < 6; i++) {
      const created = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: `referral-${n++}`, kind: 'bill', shop_id: 1, amount: 5000 }, b.token)
      ids.push(created.body.data.order_info.id)
      await s.call('POST', 'personal.order/payparam', { id: created.body.data.order_info.id, pay_channel: 6, platform: 'h5' }, b.token)
    }
    const paid = await Promise.all(ids.map((id) => s.call<{ status: string }>('POST', 'sandbox/confirmPay', { id, result: 'success' })))
    expect(paid.map((r) => r.body.data.status)).toEqual(ids.map(() => 'paid'))
    // One of them is the referral's purchase; kept, it counts once.
    await Promise.all([keep(), keep()])
    expect((await board(a.token)).mine).toMatchObject({ rank: 1, count: 1, pending_count: 0 })
    expect(await s.rows('SELECT state FROM referrals')).toEqual([{ state: 'confirmed' }])
  })
})

describe('the board', () => {
  it('ranks by confirmed count, a tie to whoever reached it first; a deleted referrer leaves and those below move up', async () => {
    const start = businessMidnight(nowMs()).valueOf()
    const [a, c, d] = [await s.login('13700000041'), await s.login('13700000042'), await s.login('13700000043')]
    const at = async (minute: number, sharer: number, phone: string) => {
      const clock = holdServerClock(start + minute * 60_000)
      const b = await referred(phone, sharer)
      await payBill(b.token)
      clock.mockRestore()
    }
    await at(10, c.userId, '13700000051') // c: 1, at 00:10
    await at(20, d.userId, '13700000052') // d: 1, at 00:20
    await at(30, a.userId, '13700000053')
    await at(40, a.userId, '13700000054') // a: 2
    const view = await board(d.token)
    expect(view.board.map((r) => [r.rank, r.name, r.count, r.me])).toEqual([
      [1, '会**1', 2, false],
      [2, '会**2', 1, false],
      [3, '会**3', 1, true],
    ])
    expect(view.ranked).toBe(3)
    expect(view.mine).toMatchObject({ rank: 3, count: 1 })

    expect((await deleteAccount(a.token)).body.code).toBe(1)
    const after = await board(d.token)
    expect(after.board.map((r) => [r.rank, r.name])).toEqual([
      [1, '会**2'],
      [2, '会**3'],
    ])
    expect(after.mine).toMatchObject({ rank: 2 })
  })

  it('a shopper who hides their name keeps their place, without their name; showing it again brings it back', async () => {
    const a = await s.login('13700000061')
    const b = await referred('13700000062', a.userId)
    await payBill(b.token)
    expect((await s.call('POST', 'personal.referral/hide', { hidden: true }, a.token)).body).toMatchObject({ code: 1, data: { hidden: true } })
    const view = await board()
    expect(view.board).toEqual([{ rank: 1, name: null, hidden: true, count: 1, me: false }])
    expect(JSON.stringify(view)).not.toContain('会**1')
    expect((await board(a.token)).mine).toMatchObject({ hidden: true, rank: 1 })
    await s.call('POST', 'personal.referral/hide', { hidden: false }, a.token)
    expect((await board()).board[0]).toMatchObject({ name: '会**1', hidden: false })
    // Signed out, or bad input: refused in the envelope.
    expect((await s.call('POST', 'personal.referral/hide', { hidden: true })).body.code).toBe(-1)
    const bad = await s.call('POST', 'personal.referral/hide', { hidden: 'yes' }, a.token)
    expect(bad.status).toBe(200)
    expect(bad.body.code).toBe(0)
  })
})

describe('the contest', () => {
  it('runs from three days before the business day to eleven after; before and after it, nothing counts', async () => {
    const midnight = businessMidnight(seededAt).valueOf()
    const day = 86_400_000
    const contest = (await board()).contest
    expect(contest).toMatchObject({ start_at: midnight - 3 * day, end_at: midnight + 11 * day, state: 'on', title: '邀请好友排位赛' })
    expect(contest?.prizes[0]).toEqual({ rank_from: 1, rank_to: 1, title: '金卡会员一年' })
    expect((await board(undefined, 'en')).contest?.prizes[0].title).toBe('Gold card, one year')

    const a = await s.login('13700000071')
    const b = await referred('13700000072', a.userId)
    // Paid after the contest ended: confirmed (the phone counted), but not in this contest's board.
    holdServerClock(midnight + 12 * day)
    await payBill(b.token)
    const ended = await board(a.token)
    expect(ended.contest?.state).toBe('ended')
    expect(ended.board).toEqual([])
    expect(ended.mine).toMatchObject({ rank: null, count: 0, pending_count: 0 })
    jest.restoreAllMocks()
    holdServerClock(midnight - 4 * day)
    expect((await board()).contest?.state).toBe('upcoming')
  })
})
