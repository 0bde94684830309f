/**
 * Codes at the till (issue 23): guesses of a member's till code are limited by FAILED checks, per staff account
 * and per card, counted in the database (two server instances on one file, and three processes hit in parallel,
 * share the count); a correct code never counts and strangers' failures do not lock the member out at their own
 * store; every check is recorded for the store and for the card's owner, nobody else. And redemption codes: another
 * store's code is answered exactly as one that does not exist.
 */
import crypto from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { UserCard } from '../../src/contract/member'
import type { OrderInfo } from '../../src/contract/order'
import type { Paged } from '../../src/contract/paging'
import type { CardCheckAnswer, VerifyPreviewAnswer } from '../../src/contract/store'
import { REDEEM_LIMITS, TILL_CHECKS_KEEP_DAYS, TILL_LIMITS, type MyTillCheck, type StoreTillCheck } from '../../src/contract/tillChecks'
import { tillCode, tillOtpMatches, TILL_STEP_SECONDS } from '../../src/contract/tillCode'
import { buildApp } from '../../server/http/app'
import { staffPhone } from '../../server/demo/seed'
import { SANDBOX_KEY, SECRET, startServer, type TestServer } from './helpers'
import { httpClient, startProcesses, tally, type TestServerHandle } from './processes'
import { nowMs } from '../../server/time'

interface Body<T = unknown> {
  code: number
  msg: string
  data: T
  reason?: string
  params?: Record<string, string | number>
}
type User = { token: string; userId: number }

const STAFF_MAX = TILL_LIMITS.staff.failures
const CARD_MAX = TILL_LIMITS.card.failures
const STORE_MAX = TILL_LIMITS.card.storeFailures

let s: TestServer
let owner: User
let card: UserCard
beforeEach(async () => {
  s = await startServer()
  owner = await s.login('13700000001')
  const created = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: `card-${crypto.randomBytes(4).toString('hex')}`, kind: 'card', card_id: 2 }, owner.token)
  const id = created.body.data.order_info.id
  await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, owner.token)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  card = (await s.call<{ list: UserCard[] }>('GET', 'personal.card/index', {}, owner.token)).body.data.list[0]
})
afterEach(() => s.close())

/** The member's current code, as their phone shows it. */
const realCode = () => tillCode(card.id, card.till_secret ?? '', nowMs())
/** A code naming the member's card that is none of its codes around now. */
function wrongCode(n = 0): string {
  const secret = card.till_secret ?? ''
  const step = TILL_STEP_SECONDS * 1000
  let candidate = n
  for (;;) {
    const otp = String(candidate % 1_000_000).padStart(6, '0')
    if (![-2, 0, 2].some((d) => tillOtpMatches(otp, secret, nowMs() + d * step))) return `9${String(card.id).padStart(8, '0')}${otp}`
    candidate += 1
  }
}
/** A code naming no card at all. */
const strayCode = (n: number) => `9${String(90_000_000 + n).padStart(8, '0')}${String(n).padStart(6, '0')}`

const check = async (who: User, code: string, lang = 'zh', server: { call: TestServer['call'] } = s) =>
  (await server.call<CardCheckAnswer>('GET', 'hui_shanghu.store_card/check', { code, lang }, who.token)).body as Body<CardCheckAnswer | null>

/** A further staff account of `shopId` (staff are provisioned by the platform; a store may have several). */
async function extraStaff(shopId: number, n: number): Promise<User> {
  const u = (await s.quickUser(`1980000${String(shopId).padStart(2, '0')}${String(n).padStart(2, '0')}`))
  await s.run("INSERT INTO store_staff (user_id, shop_id, created_at) VALUES (?, ?, '2026-01-01 00:00:00')", u.userId, shopId)
  return u
}

const tooMany = (minutes: number) => ({ code: 0, reason: 'till_check_too_many', params: { minutes }, msg: `会员码核验失败次数过多，请 ${minutes} 分钟后再试`, data: null })

describe('failed checks are limited per staff account', () => {
  it(`after ${STAFF_MAX} failures in ${TILL_LIMITS.staff.windowMinutes} minutes the account waits (even with a real code), told how long; then it may check again`, async () => {
    const staff = await s.login(staffPhone(1))
    for (let i = 0; i < STAFF_MAX; i++) expect((await check(staff, i % 2 ? wrongCode(i) : strayCode(i))).data).toEqual({ result: 'invalid', card: null })
    expect(await check(staff, strayCode(99))).toEqual(tooMany(TILL_LIMITS.staff.windowMinutes))
    // Refused whatever the code: a right guess is not told apart from a wrong one.
    expect(await check(staff, realCode())).toEqual(tooMany(TILL_LIMITS.staff.windowMinutes))
    expect(await check(staff, realCode(), 'en')).toMatchObject({ code: 0, reason: 'till_check_too_many', msg: `Too many failed member code checks. Please try again in ${TILL_LIMITS.staff.windowMinutes} min` })
    // Another staff account (another store) is not held up by this one.
    expect((await check(await s.login(staffPhone(2)), realCode())).data?.result).toBe('valid')
    // The window passes (the failures age on the server's clock): the account checks again.
    await s.run('UPDATE till_checks SET at = at - ? WHERE staff_user_id = ?', (TILL_LIMITS.staff.windowMinutes - 3) * 60_000, staff.userId)
    expect(await check(staff, realCode())).toEqual(tooMany(3))
    await s.run('UPDATE till_checks SET at = at - ? WHERE staff_user_id = ?', 3 * 60_000, staff.userId)
    expect((await check(staff, realCode())).data?.result).toBe('valid')
  })

  it('a correct code does not count: many real checks, then the limit is still the failures', async () => {
    const staff = await s.login(staffPhone(1))
    for (let i = 0; i < STAFF_MAX + 5; i++) expect((await check(staff, realCode())).data?.result).toBe('valid')
    for (let i = 0; i < STAFF_MAX; i++) expect((await check(staff, strayCode(i))).data?.result).toBe('invalid')
    expect((await check(staff, strayCode(50))).reason).toBe('till_check_too_many')
  })

  it('the count is in the database: two server instances on one database share it', async () => {
    const staff = await s.login(staffPhone(1))
    // On PostgreSQL (TEST_DATABASE_URL) the second runs on the first's database as it is (no demo copy).
    const second: FastifyInstance = await buildApp({ dbPath: path.join(s.dir, 'test.sqlite'), databaseUrl: s.databaseUrl ?? undefined, sandbox: true, sandboxKey: SANDBOX_KEY, paySecret: SECRET })
    try {
      const other = {
        call: (async (method, url, payload = {}, token) => {
          const res = await second.inject({ method, url: `/api/${url}`, headers: { 'access-token': token ?? '' }, query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) })
          return { status: res.statusCode, body: res.json() }
        }) as TestServer['call'],
      }
      for (let i = 0; i < STAFF_MAX; i++) expect((await check(staff, strayCode(i), 'zh', i % 2 ? other : s)).data?.result).toBe('invalid')
      expect((await check(staff, strayCode(60), 'zh', other)).reason).toBe('till_check_too_many')
      expect((await check(staff, strayCode(61), 'zh', s)).reason).toBe('till_check_too_many')
    } finally {
      await second.close()
    }
  })
})

describe('failed checks are limited per card, without locking the member out', () => {
  it("strangers' failures on a card stop their guesses, not the member's own store with the real code", async () => {
    // A store guessing with several staff accounts, each well under its own limit, up to the card's limit.
    const guessers = await Promise.all(Array.from({ length: Math.ceil(CARD_MAX / STORE_MAX) }, (_, i) => extraStaff(3, i)))
    let n = 0
    for (; n < CARD_MAX; n++) expect((await check(guessers[Math.floor(n / STORE_MAX)], wrongCode(n))).data?.result).toBe('invalid')
    // That store is refused on the card from any account, even one with no failure of its own, whatever the code —
    // a right guess looks like a wrong one.
    const fresh = await extraStaff(3, 99)
    expect((await check(fresh, wrongCode(n++))).reason).toBe('till_check_too_many')
    expect((await check(fresh, realCode())).reason).toBe('till_check_too_many')
    expect((await check(fresh, realCode())).params?.minutes).toBeGreaterThan(TILL_LIMITS.card.windowMinutes - 5)
    // Still free to check other members' cards (the limit is this card's).
    expect((await check(fresh, strayCode(1))).data?.result).toBe('invalid')

    // The member at their own store: the real code passes; a mistyped scan or two there is tolerated.
    const own = await s.login(staffPhone(1))
    expect((await check(own, realCode())).data?.result).toBe('valid')
    for (let i = 0; i < STORE_MAX - 1; i++) expect((await check(own, wrongCode(n++))).data?.result).toBe('invalid')
    expect((await check(own, realCode())).data).toMatchObject({ result: 'valid', card: { holder_phone: '137****0001' } })
    // Another stranger store gets its few failures on the card, then it too is refused.
    const stranger = await s.login(staffPhone(4))
    for (let i = 0; i < STORE_MAX; i++) expect((await check(stranger, wrongCode(n++))).data?.result).toBe('invalid')
    expect((await check(stranger, realCode())).reason).toBe('till_check_too_many')
    expect((await check(own, realCode())).data?.result).toBe('valid')
  })
})

describe('every check is recorded, for the store and for the card owner only', () => {
  it('the store lists its checks, the owner the checks of their card; nobody else reads them', async () => {
    const staff = await s.login(staffPhone(1))
    const other = await s.login(staffPhone(2))
    expect((await check(staff, realCode())).data?.result).toBe('valid')
    expect((await check(staff, wrongCode())).data?.result).toBe('invalid')
    expect((await check(staff, strayCode(7))).data?.result).toBe('invalid')
    expect((await check(other, realCode())).data?.result).toBe('valid')
    for (let i = 0; i < STAFF_MAX - 2; i++) await check(staff, strayCode(100 + i))
    expect((await check(staff, realCode())).reason).toBe('till_check_too_many')

    type StorePage = Paged<StoreTillCheck>
    const page1 = await s.call<StorePage>('GET', 'hui_shanghu.store_card/checks', { page_size: 3 }, staff.token)
    expect(page1.body.code).toBe(1)
    expect(page1.body.data.total).toBe(3 + STAFF_MAX - 2 + 1)
    expect(page1.body.data.list.map((c) => [c.card_id, c.result, c.staff_phone])).toEqual([
      [card.id, 'refused', '199****0001'],
      [null, 'invalid', '199****0001'],
      [null, 'invalid', '199****0001'],
    ])
    expect(page1.body.data.list[0].at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const all = await s.call<StorePage>('GET', 'hui_shanghu.store_card/checks', { page_size: 50 }, staff.token)
    expect(all.body.data.list.slice(-3).map((c) => [c.card_id, c.result])).toEqual([
      [null, 'invalid'],
      [card.id, 'invalid'],
      [card.id, 'valid'],
    ])
    // Store 2 reads its one check only.
    const theirs = await s.call<StorePage>('GET', 'hui_shanghu.store_card/checks', {}, other.token)
    expect(theirs.body.data).toMatchObject({ total: 1, list: [{ card_id: card.id, result: 'valid', staff_phone: '199****0002' }] })

    // The owner: every check of their card (not the stray one), with the store's name; one card or all of them.
    type MyPage = Paged<MyTillCheck>
    const mine = await s.call<MyPage>('GET', 'personal.card/checks', { card_id: card.id, page_size: 50 }, owner.token)
    expect(mine.body.code).toBe(1)
    expect(mine.body.data.list.map((c) => [c.shop_id, c.result])).toEqual([
      [1, 'refused'],
      [2, 'valid'],
      [1, 'invalid'],
      [1, 'valid'],
    ])
    expect(mine.body.data.list.every((c) => c.card_id === card.id && c.shop_name.length > 0)).toBe(true)
    expect(JSON.stringify(mine.body.data)).not.toContain('199')
    expect((await s.call<MyPage>('GET', 'personal.card/checks', { page: 2, page_size: 3 }, owner.token)).body.data).toMatchObject({ total: 4, page: 2, list: [{ shop_id: 1, result: 'valid' }] })

    // Another shopper: the owner's card is not found; their own list is empty. Shoppers cannot read a store's record.
    const stranger = await s.login('13700000002')
    expect((await s.call('GET', 'personal.card/checks', { card_id: card.id }, stranger.token)).body).toMatchObject({ code: 0, reason: 'card_not_found', data: null })
    expect((await s.call<MyPage>('GET', 'personal.card/checks', {}, stranger.token)).body.data).toEqual({ list: [], total: 0, page: 1, page_size: 10 })
    expect((await s.call('GET', 'hui_shanghu.store_card/checks', {}, stranger.token)).body).toMatchObject({ code: 0, reason: 'no_permission' })
    expect((await s.call('GET', 'hui_shanghu.store_card/checks', {}, owner.token)).body).toMatchObject({ code: 0, reason: 'no_permission' })
    // Staff reading the owner's side read their own cards (none), not the card they checked.
    expect((await s.call('GET', 'personal.card/checks', { card_id: card.id }, staff.token)).body).toMatchObject({ code: 0, reason: 'card_not_found' })
    expect((await s.call('GET', 'personal.card/checks', {})).body.code).toBe(-1)
    expect((await s.call('GET', 'hui_shanghu.store_card/checks', {})).body.code).toBe(-1)
  })
})

describe("redemption codes: another store's code is answered as an unknown one", () => {
  it('verifyPreview and verify answer exactly the same, in both languages, and nothing moves', async () => {
    await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: 'flash-order-1', kind: 'product', product_id: 2, quantity: 1 }, owner.token)
    expect(created.body.code).toBe(1)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, owner.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    const code = (await s.call<{ code: string }>('GET', 'personal.order/orderVerification', { id }, owner.token)).body.data.code
    const stranger = await s.login(staffPhone(3)) // the order is collected at shop 8
    let unknown = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10))
    while ((await s.rows('SELECT 1 FROM orders WHERE verify_code = ?', unknown)).length > 0) unknown = String(Number(unknown) + 7).padStart(code.length, '0')
    for (const lang of ['zh', 'en']) {
      const asked = (c: string) => s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code: c, lang }, stranger.token)
      const [theirs, none] = [await asked(code), await asked(unknown)]
      expect(theirs.body).toEqual(none.body)
      expect(theirs.body.data).toMatchObject({ verifiable: false, refusal: 'unknown', order: null, used_at: null })
      const verify = (c: string) => s.call('POST', 'hui_shanghu.store_order/verify', { code: c, lang }, stranger.token)
      const [v1, v2] = [await verify(code), await verify(unknown)]
      expect(v1.body).toEqual(v2.body)
      expect(v1.body).toMatchObject({ code: 0, reason: 'verify_code_invalid', msg: lang === 'en' ? 'This code is not valid' : '核销码无效' })
    }
    expect((await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, owner.token)).body.data.info.order_status).toBe(10)
    // Its own store still sees and redeems it.
    const own = await s.login(staffPhone(8))
    expect((await s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code }, own.token)).body.data).toMatchObject({ verifiable: true, order: { id } })
  })
})

describe('redemption codes are guessed no more freely than member codes (issue 43): failures per staff account and per store', () => {
  /** A paid flash-sale order collected at shop 8, and its redemption code. */
  async function paidPickup(requestId: string): Promise<{ id: number; code: string }> {
    await s.run('UPDATE seckill_sessions SET start_minute = -100000000, end_minute = 100000000')
    const created = await s.call<{ order_info: OrderInfo }>('POST', 'personal.order/create', { client_request_id: requestId, kind: 'product', product_id: 2, quantity: 1 }, owner.token)
    expect(created.body.code).toBe(1)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, owner.token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    return { id, code: (await s.call<{ code: string }>('GET', 'personal.order/orderVerification', { id }, owner.token)).body.data.code }
  }
  /** A 12-digit code of no order. */
  const noCode = (n: number) => String(100_000_000_000 + n * 7919)
  const preview = async (who: User, code: string, lang = 'zh') => (await s.call<VerifyPreviewAnswer>('GET', 'hui_shanghu.store_order/verifyPreview', { code, lang }, who.token)).body as Body<VerifyPreviewAnswer | null>
  const verify = async (who: User, code: string) => (await s.call('POST', 'hui_shanghu.store_order/verify', { code }, who.token)).body as Body
  const tooManyCodes = (minutes: number) => ({ code: 0, reason: 'verify_too_many', params: { minutes }, msg: `核销码错误次数过多，请 ${minutes} 分钟后再试`, data: null })

  it(`one staff account: ${REDEEM_LIMITS.staff.failures} unknown codes in ${REDEEM_LIMITS.staff.windowMinutes} minutes (looked up or redeemed), then every code waits — the real one too; the window passes`, async () => {
    const { id, code } = await paidPickup('redeem-staff-1')
    const staff = await s.login(staffPhone(8))
    // A real code looked at again and again never counts.
    for (let i = 0; i < REDEEM_LIMITS.staff.failures + 2; i++) expect((await preview(staff, code)).data).toMatchObject({ verifiable: true, order: { id } })
    for (let i = 0; i < REDEEM_LIMITS.staff.failures; i++) {
      if (i % 2) expect(await verify(staff, noCode(i))).toMatchObject({ code: 0, reason: 'verify_code_invalid' })
      else expect((await preview(staff, noCode(i))).data).toMatchObject({ verifiable: false, refusal: 'unknown' })
    }
    expect(await preview(staff, noCode(99))).toEqual(tooManyCodes(REDEEM_LIMITS.staff.windowMinutes))
    // Refused whatever the code: a right guess is not told apart from a wrong one, and nothing is redeemed.
    expect(await preview(staff, code)).toEqual(tooManyCodes(REDEEM_LIMITS.staff.windowMinutes))
    expect(await verify(staff, code)).toEqual(tooManyCodes(REDEEM_LIMITS.staff.windowMinutes))
    expect(await preview(staff, code, 'en')).toMatchObject({ reason: 'verify_too_many', msg: `Too many wrong redemption codes. Please try again in ${REDEEM_LIMITS.staff.windowMinutes} min` })
    expect((await s.call<{ info: OrderInfo }>('GET', 'personal.order/read', { id }, owner.token)).body.data.info.order_status).toBe(10)
    // Member codes are another count: the same account still checks cards.
    expect((await check(staff, realCode())).data?.result).toBe('valid')
    // The window passes on the server's clock: the account redeems again.
    await s.run("UPDATE till_checks SET at = at - ? WHERE staff_user_id = ? AND kind = 'redemption'", REDEEM_LIMITS.staff.windowMinutes * 60_000, staff.userId)
    expect((await verify(staff, code)).code).toBe(1)
  })

  it(`one store: ${REDEEM_LIMITS.store.failures} unknown codes in ${REDEEM_LIMITS.store.windowMinutes} minutes over its accounts, then every account of it waits; other stores do not`, async () => {
    const accounts = await Promise.all(Array.from({ length: Math.ceil(REDEEM_LIMITS.store.failures / (REDEEM_LIMITS.staff.failures - 1)) }, (_, i) => extraStaff(8, i)))
    for (let n = 0; n < REDEEM_LIMITS.store.failures; n++) {
      expect((await preview(accounts[Math.floor(n / (REDEEM_LIMITS.staff.failures - 1))], noCode(n))).data).toMatchObject({ refusal: 'unknown' })
    }
    const fresh = await extraStaff(8, 99)
    const refused = await preview(fresh, noCode(500))
    expect(refused).toMatchObject({ code: 0, reason: 'verify_too_many' })
    expect(refused.params?.minutes).toBeGreaterThan(REDEEM_LIMITS.store.windowMinutes - 5)
    // Another store is not held up by this one's failures.
    expect((await preview(await s.login(staffPhone(3)), noCode(501))).data).toMatchObject({ refusal: 'unknown' })
    // The store's record of member-code checks does not list redemption codes.
    expect((await s.call<Paged<StoreTillCheck>>('GET', 'hui_shanghu.store_card/checks', {}, fresh.token)).body.data.total).toBe(0)
    expect((await s.row<{ n: number }>("SELECT COUNT(*) AS n FROM till_checks WHERE kind = 'redemption' AND shop_id = 8 AND card_id IS NULL AND result = 'invalid'")).n).toBe(REDEEM_LIMITS.store.failures)
  })
})

describe(`the record is kept ${TILL_CHECKS_KEEP_DAYS} days, then the sweep drops it (issue 43)`, () => {
  it('rows older than that go with the housekeeping; newer ones stay, and the limits still count what their windows hold', async () => {
    const staff = await s.login(staffPhone(1))
    const day = 86_400_000
    const now = nowMs()
    for (const [ageDays, kind] of [[TILL_CHECKS_KEEP_DAYS + 1, 'card'], [TILL_CHECKS_KEEP_DAYS + 1, 'redemption'], [TILL_CHECKS_KEEP_DAYS - 1, 'card'], [1, 'redemption']] as const) {
      await s.run("INSERT INTO till_checks (staff_user_id, shop_id, card_id, result, at, kind) VALUES (?, 1, NULL, 'invalid', ?, ?)", staff.userId, now - ageDays * day, kind)
    }
    expect((await s.call('POST', 'sandbox/sweep', {})).body.code).toBe(1)
    const left = await s.rows<{ at: number; kind: string }>('SELECT at, kind FROM till_checks WHERE staff_user_id = ? ORDER BY at', staff.userId)
    expect(left.map((r) => [Math.round((now - Number(r.at)) / day), r.kind])).toEqual([
      [TILL_CHECKS_KEEP_DAYS - 1, 'card'],
      [1, 'redemption'],
    ])
    // Longer than every limit's window: a limit never loses a row it still counts.
    expect(TILL_CHECKS_KEEP_DAYS * 24 * 60).toBeGreaterThanOrEqual(Math.max(TILL_LIMITS.staff.windowMinutes, TILL_LIMITS.card.windowMinutes, REDEEM_LIMITS.staff.windowMinutes, REDEEM_LIMITS.store.windowMinutes))
  })
})

describe('guesses in flight at once over three processes on one database', () => {
  let servers: TestServerHandle[] = []
  let stopAll = async () => {}
  const { api, stats, destroy } = httpClient(16)
  afterAll(async () => {
    destroy()
    await stopAll()
  })

  it(`${STAFF_MAX * 4} wrong guesses of one account at once, four times: exactly ${STAFF_MAX} of each are checked, the rest refused`, async () => {
    ;({ servers, stop: stopAll } = await startProcesses(3, { label: 'till' }))
    // Staff accounts of four stores, logged in through the first process.
    const tokens: string[] = []
    for (const shop of [5, 6, 7, 9]) {
      const phone = staffPhone(shop)
      await api(servers[0], 'POST', 'Captcha/sendSmsCaptcha', { phone })
      const outbox = await api<{ list: Array<{ code: string }> }>(servers[0], 'GET', 'sandbox/smsOutbox', { phone }, { 'x-sandbox-key': servers[0].sandboxKey })
      const bind = await api<{ token: string }>(servers[0], 'POST', 'wechat/bind', { phone, code: outbox.body.data.list[0].code })
      expect(bind.body.code).toBe(1)
      tokens.push(bind.body.data.token)
    }
    // One burst per account: its guesses all in flight together, spread over the three processes.
    const refusal = `200 0 会员码核验失败次数过多，请 ${TILL_LIMITS.staff.windowMinutes} 分钟后再试`
    for (const [who, token] of tokens.entries()) {
      const answers = await Promise.all(
        Array.from({ length: STAFF_MAX * 4 }, (_, i) => api<CardCheckAnswer>(servers[i % 3], 'GET', 'hui_shanghu.store_card/check', { code: strayCode(who * 100 + i) }, { 'access-token': token })),
      )
      expect(stats.maxInFlight).toBeGreaterThan(4)
      expect([who, tally(answers)]).toEqual([who, { '200 1 ok': STAFF_MAX, [refusal]: STAFF_MAX * 3 }])
      expect(answers.filter((a) => a.body.code === 1).every((a) => a.body.data.result === 'invalid')).toBe(true)
    }
    expect({ serverErrors: stats.serverErrors, nonEnvelope: stats.nonEnvelope }).toEqual({ serverErrors: 0, nonEnvelope: 0 })
  })
})
