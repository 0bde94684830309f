/** The test tiers' guard against a flash-sale session ending half-way through a journey (test-mp/flashClock.js). */
import { clearOfFlashBoundary, flashSessionLeftMs } from '../../test-mp/flashClock'

// 16:00 in Shanghai is 08:00 UTC.
const at = (utc: string) => new Date(utc).getTime()

describe('flashSessionLeftMs', () => {
  it('counts to the next 00:00 / 08:00 / 16:00 on the business clock', () => {
    expect(flashSessionLeftMs(at('2026-11-25T07:59:30.000Z'))).toBe(30_000)
    expect(flashSessionLeftMs(at('2026-11-25T07:59:59.500Z'))).toBe(500)
    expect(flashSessionLeftMs(at('2026-11-25T08:00:01.000Z'))).toBe(8 * 3600_000 - 1000)
    // 23:30 in Shanghai: half an hour to midnight.
    expect(flashSessionLeftMs(at('2026-11-25T15:30:00.000Z'))).toBe(30 * 60_000)
  })
})

describe('clearOfFlashBoundary', () => {
  afterEach(() => jest.useRealTimers())

  it('returns at once when the session has more than the margin left', async () => {
    jest.useFakeTimers({ now: at('2026-11-25T07:00:00.000Z') })
    let done = false
    void clearOfFlashBoundary(60_000).then(() => (done = true))
    await jest.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })

  it('within the margin, waits until the next session is on', async () => {
    jest.useFakeTimers({ now: at('2026-11-25T07:59:30.000Z') })
    let done = false
    void clearOfFlashBoundary(60_000).then(() => (done = true))
    await jest.advanceTimersByTimeAsync(29_000)
    expect(done).toBe(false)
    await jest.advanceTimersByTimeAsync(1_500)
    expect(done).toBe(true)
  })
})
