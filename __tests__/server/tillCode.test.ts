/**
 * The member card's till code (issue 12): one pure-JS algorithm (src/contract/tillCode.ts) for the phone and
 * the till; the secret is issued to the card's owner only; the store's check accepts the current code ±30 s
 * and nothing else.
 */
import crypto from 'node:crypto'
import type { UserCard } from '../../src/contract/member'
import type { CardCheckAnswer } from '../../src/contract/store'
import { hmacSha1, hotp, parseTillCode, sha1, tillCode, TILL_STEP_SECONDS, tillOtpMatches } from '../../src/contract/tillCode'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'
import { nowMs } from '../../server/time'

describe('the algorithm', () => {
  it('SHA-1 and HMAC-SHA1 agree with node:crypto across block boundaries', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 119, 120, 300]) {
      const msg = crypto.randomBytes(len)
      expect(Buffer.from(sha1(msg)).toString('hex')).toBe(crypto.createHash('sha1').update(msg).digest('hex'))
      const key = crypto.randomBytes((len * 7) % 100)
      expect(Buffer.from(hmacSha1(key, msg)).toString('hex')).toBe(crypto.createHmac('sha1', key).update(msg).digest('hex'))
    }
  })

  it('gives the TOTP test values of RFC 6238 (SHA-1)', () => {
    const key = new TextEncoder().encode('12345678901234567890')
    const at = (seconds: number) => hotp(key, Math.floor(seconds / 30), 8)
    expect([at(59), at(1111111109), at(1111111111), at(1234567890), at(2000000000), at(20000000000)]).toEqual(['94287082', '07081804', '14050471', '89005924', '69279037', '65353130'])
  })

  it('a code is "9" + the card id + 6 digits, accepted one step either side and not two', () => {
    const secret = crypto.randomBytes(20).toString('hex')
    const now = 1_800_000_000_000
    const code = tillCode(42, secret, now)
    expect(code).toMatch(/^900000042\d{6}$/)
    const { cardId, otp } = parseTillCode(code) ?? { cardId: 0, otp: '' }
    expect(cardId).toBe(42)
    const step = TILL_STEP_SECONDS * 1000
    expect([-2, -1, 0, 1, 2].map((d) => tillOtpMatches(otp, secret, now + d * step))).toEqual([false, true, true, true, false])
    expect(tillOtpMatches(otp, crypto.randomBytes(20).toString('hex'), now)).toBe(false)
    expect(tillCode(42, 'not hex', now)).toBe('')
    expect(parseTillCode('8000001000001')).toBeNull()
  })
})

describe('hui_shanghu.store_card/check', () => {
  let s: TestServer
  let owner: { token: string; userId: number }
  let staff: { token: string; userId: number }
  let card: UserCard
  beforeEach(async () => {
    s = await startServer()
    owner = await s.login('13700000001')
    staff = await s.login(staffPhone(3))
    const created = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { client_request_id: 'card-req-1', kind: 'card', card_id: 2 }, owner.token)
    const id = created.body.data.order_info.id
    await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, owner.token)
    await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })
    card = (await s.call<{ list: UserCard[] }>('GET', 'personal.card/index', {}, owner.token)).body.data.list[0]
  })
  afterEach(() => s.close())
  const check = (code: string, lang = 'zh') => s.call<CardCheckAnswer>('GET', 'hui_shanghu.store_card/check', { code, lang }, staff.token)

  it("the owner's card answer carries the secret; the till accepts the owner's current code and shows level, validity and discount", async () => {
    expect(card.till_secret).toMatch(/^[0-9a-f]{40}$/)
    const profile = await s.call<{ card: UserCard }>('GET', 'personal.user/info', {}, owner.token)
    expect(profile.body.data.card.till_secret).toBe(card.till_secret)
    const answer = await check(tillCode(card.id, card.till_secret ?? '', nowMs()), 'en')
    expect(answer.body.data).toEqual({ result: 'valid', card: { name: 'Gold card', level: 2, member_rate: 95, start_at: card.start_at, end_at: card.end_at, holder_phone: '137****0001' } })
  })

  it('forgeries are invalid: the old card-number code, a guessed secret, a stale code', async () => {
    const slot = String(Math.floor(nowMs() / 30_000) % 10000).padStart(4, '0')
    expect((await check(`${card.card_no}${slot}`)).body.data).toEqual({ result: 'invalid', card: null })
    expect((await check(tillCode(card.id, crypto.randomBytes(20).toString('hex'), nowMs()))).body.data.result).toBe('invalid')
    expect((await check(tillCode(card.id, card.till_secret ?? '', nowMs() - 5 * 60_000))).body.data.result).toBe('invalid')
    expect((await check('abc')).body.code).toBe(1)
    expect((await check('')).body.code).toBe(0)
  })

  it('a card whose refund is asked reads suspended; refunded, expired', async () => {
    const orderId = (await s.row<{ order_id: number }>('SELECT order_id FROM user_cards WHERE id = ?', card.id)).order_id
    await s.call('POST', 'personal.order/refund', { id: orderId, reason: 'x' }, owner.token)
    expect((await check(tillCode(card.id, card.till_secret ?? '', nowMs()))).body.data.result).toBe('suspended')
    await s.run('UPDATE orders SET status = 70 WHERE id = ?', orderId)
    expect((await check(tillCode(card.id, card.till_secret ?? '', nowMs()))).body.data.result).toBe('expired')
  })

  it('a shopper cannot check codes, and never sees another card’s secret', async () => {
    const other = await s.login('13700000002')
    expect((await s.call('GET', 'hui_shanghu.store_card/check', { code: tillCode(card.id, card.till_secret ?? '', nowMs()) }, other.token)).body).toEqual({ code: 0, msg: '无权限', reason: 'no_permission', data: null })
    expect((await s.call<{ list: UserCard[] }>('GET', 'personal.card/index', {}, other.token)).body.data.list).toEqual([])
  })
})
