import { businessToday, clockOffset, learnClock, parseTime, resetClock, serverNow } from '@/core/clock'
import type { TransportResponse } from '@/core/transport.types'

const MIN = 60_000
/** The true time in these tests (what the server's clock reads). */
const TRUE_NOW = Date.UTC(2026, 10, 23, 6, 0, 0) // 2026-11-23 14:00:00 in Shanghai

const answer = (headers?: Record<string, string>): TransportResponse => ({ status: 200, body: { code: 1 }, headers })

/** The phone's clock is `skew` ms off; one exchange took `rtt` ms and the server stamped it half-way. */
function exchange(skew: number, rtt: number, headers: (serverStamp: number) => Record<string, string> = (s) => ({ 'x-server-time': String(s) })) {
  const sentAt = Date.now()
  const stamp = sentAt - skew + rtt / 2
  jest.setSystemTime(sentAt + rtt)
  learnClock(answer(headers(stamp)), sentAt, Date.now())
}

beforeEach(() => {
  resetClock()
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

describe('the server clock', () => {
  it.each([
    ['10 minutes fast', 10 * MIN],
    ['10 minutes slow', -10 * MIN],
    ['right', 0],
  ])('a phone %s: serverNow() is the true time within a second after one answer', (_label, skew) => {
    jest.setSystemTime(TRUE_NOW + skew)
    exchange(skew, 300)
    expect(Math.abs(serverNow() - (TRUE_NOW + 300))).toBeLessThan(1000)
    expect(Math.abs(clockOffset() + skew)).toBeLessThan(1000)
    // It keeps counting with the phone's clock.
    jest.advanceTimersByTime(5 * MIN)
    expect(Math.abs(serverNow() - (TRUE_NOW + 300 + 5 * MIN))).toBeLessThan(1000)
  })

  it('the offset is the middle of the round trip (the stamp is read as taken half-way)', () => {
    jest.setSystemTime(TRUE_NOW)
    const sentAt = Date.now()
    jest.setSystemTime(sentAt + 4000)
    learnClock(answer({ 'x-server-time': String(TRUE_NOW + 2000 - 10 * MIN) }), sentAt, Date.now())
    expect(clockOffset()).toBe(-10 * MIN)
  })

  it('answers that agree narrow the estimate: a slow answer after a quick one does not blur it', () => {
    jest.setSystemTime(TRUE_NOW + 10 * MIN)
    exchange(10 * MIN, 100)
    // Eight seconds there and back, with the stamp taken right after sending: the midpoint would be 4 s off.
    const sentAt = Date.now()
    const stamp = sentAt - 10 * MIN
    jest.setSystemTime(sentAt + 8000)
    learnClock(answer({ 'x-server-time': String(stamp) }), sentAt, Date.now())
    expect(Math.abs(clockOffset() + 10 * MIN)).toBeLessThanOrEqual(51)
  })

  it('an answer that contradicts the estimate (the phone clock was set meanwhile) replaces it', () => {
    jest.setSystemTime(TRUE_NOW + 10 * MIN)
    exchange(10 * MIN, 200)
    jest.setSystemTime(Date.now() - 10 * MIN) // the shopper corrects the phone
    exchange(0, 200)
    expect(Math.abs(clockOffset())).toBeLessThan(200)
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(200)
  })

  it('ignores answers without the header, or with one that is not a clock; the phone clock until then', () => {
    jest.setSystemTime(TRUE_NOW + 10 * MIN)
    learnClock(answer(), Date.now(), Date.now())
    learnClock(answer({}), Date.now(), Date.now())
    learnClock(answer({ 'x-server-time': 'soon' }), Date.now(), Date.now())
    learnClock(answer({ 'x-server-time': '1700000000' }), Date.now(), Date.now()) // seconds, not ms
    expect(clockOffset()).toBe(0)
    expect(serverNow()).toBe(Date.now())
    exchange(10 * MIN, 100)
    learnClock(answer({ 'x-server-time': '' }), Date.now(), Date.now())
    expect(Math.abs(clockOffset() + 10 * MIN)).toBeLessThan(1000)
  })

  it('resetClock forgets it', () => {
    jest.setSystemTime(TRUE_NOW + 10 * MIN)
    exchange(10 * MIN, 100)
    resetClock()
    expect(clockOffset()).toBe(0)
  })
})

describe('times in answers', () => {
  it('wall times without an offset are the business zone\'s (+08:00 until told), whatever the phone\'s zone', () => {
    expect(parseTime('2026-11-23 14:00:00')).toBe(TRUE_NOW)
    expect(parseTime('2026-11-23T14:00:00')).toBe(TRUE_NOW)
    expect(parseTime('2026-11-23 14:00')).toBe(TRUE_NOW)
    expect(parseTime('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 16))
  })

  it('follows X-Business-Offset', () => {
    learnClock(answer({ 'x-business-offset': '-05:00' }), Date.now(), Date.now())
    expect(parseTime('2026-11-23 01:00:00')).toBe(TRUE_NOW)
  })

  it('times with an offset are read with it', () => {
    expect(parseTime('2026-11-23 14:00:00+08:00')).toBe(TRUE_NOW)
    expect(parseTime('2026-11-23T06:00:00Z')).toBe(TRUE_NOW)
    expect(parseTime('2026-11-23T06:00:00.250Z')).toBe(TRUE_NOW + 250)
    expect(parseTime('2026-11-23 01:00:00-0500')).toBe(TRUE_NOW)
  })

  it('anything else is not a time', () => {
    for (const text of [null, undefined, '', 'tomorrow', '2026/11/23 14:00:00', '2026-11-23 14:00:00+8']) expect(parseTime(text)).toBeNull()
  })

  it('today is the business day on the server clock, not the phone\'s', () => {
    // 23:30 UTC on the 22nd is 07:30 on the 23rd in Shanghai; the phone is 10 minutes slow.
    jest.setSystemTime(Date.UTC(2026, 10, 22, 23, 20))
    exchange(-10 * MIN, 100)
    expect(businessToday()).toBe('2026-11-23')
    // 16:05 UTC is 00:05 the next day there, though the slow phone still reads 23:55.
    jest.setSystemTime(Date.UTC(2026, 10, 23, 15, 55))
    expect(businessToday()).toBe('2026-11-24')
  })
})
