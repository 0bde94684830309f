/**
 * The tests' held clock (issue 38): `holdServerClock(ms)` makes the server's clock read exactly `ms`, however slowly the
 * machine runs. Two readings of the real clock used to straddle a millisecond on a loaded CI machine, and the clock
 * held "1 ms before a session's start" read the start itself (seckill.test.ts failed there, by chance).
 */
import { nowMs } from '../../server/time'
import { holdServerClock } from './helpers'

afterEach(() => jest.restoreAllMocks())

it('reads exactly the moment held, even when every reading of the real clock is a millisecond later', () => {
  // A machine so slow that each call of Date.now() comes a millisecond after the one before.
  let real = Date.now()
  jest.spyOn(Date, 'now').mockImplementation(() => real++)
  const at = Date.UTC(2028, 1, 29, 0, 0, 0) - 1
  holdServerClock(at)
  expect([nowMs(), nowMs()]).toEqual([at, at])
  // Held again while held: the new moment, exactly.
  holdServerClock(at + 1)
  expect(nowMs()).toBe(at + 1)
})
