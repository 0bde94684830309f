/** The test tiers hold the server's clock inside a flash-sale session instead of waiting one out (test-mp/flashClock.js). */
import { flashMoment, holdFlashSession, liveFlashProduct, releaseServerClock, type ServerClock } from '../../test-mp/flashClock'

/** A sandbox clock as the server answers it, from a business wall time; records what it was asked. */
function fakeClock(now: string) {
  const asked: Array<Record<string, unknown>> = []
  let reads = now
  const clock = async (body: Record<string, unknown>): Promise<ServerClock> => {
    asked.push(body)
    if (typeof body.at === 'string') reads = body.at
    if (body.reset) reads = now
    return { now: reads, now_ms: 0, moved: reads !== now }
  }
  return { clock, asked }
}

describe('holdFlashSession', () => {
  it.each([
    ['10 s before a Shanghai midnight', '2026-11-25 23:59:50', '2026-11-25 12:00:00'],
    ['5 s after one', '2026-11-26 00:00:05', '2026-11-26 12:00:00'],
    ['on 29 February', '2028-02-29 07:59:59', '2028-02-29 12:00:00'],
  ])('%s: the server is held at 12:00 of its business day, inside the 08:00–16:00 session', async (_when, now, held) => {
    const { clock, asked } = fakeClock(now)
    await expect(holdFlashSession(clock)).resolves.toEqual(expect.objectContaining({ now: held, moved: true }))
    expect(asked).toEqual([{}, { at: held }])
    expect(flashMoment(now)).toBe(held)
    // The product the tests buy is the held session's.
    expect(liveFlashProduct()).toBe(2)
  })

  it('fails when the server does not move (no sandbox key, say) instead of running on the real time', async () => {
    await expect(holdFlashSession(async () => ({ now: '2026-11-25 15:59:50', now_ms: 0, moved: false }))).rejects.toThrow(/did not move/)
  })

  it('releaseServerClock resets the clock', async () => {
    const { clock, asked } = fakeClock('2026-11-25 15:59:50')
    await holdFlashSession(clock)
    await releaseServerClock(clock)
    expect(asked.at(-1)).toEqual({ reset: true })
  })
})

describe('liveFlashProduct', () => {
  it('is the demo product of the session on at an hour (server/demo/seed.ts)', () => {
    expect([0, 7, 8, 12, 15, 16, 23].map((h) => liveFlashProduct(h))).toEqual([1, 1, 2, 2, 2, 4, 4])
  })
})
