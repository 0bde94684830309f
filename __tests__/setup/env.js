// Runs before the test framework: make Taro 4 render into jsdom (TARO_PLATFORM=web), not its virtual DOM.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
process.env.FRAMEWORK = 'react'
process.env.NODE_ENV = 'test'

// CLOCK_AT (e.g. 2026-11-26T23:59:50+08:00): the phone's clock — the host's Date in these tests — starts at that
// moment and runs on, as CLOCK_AT sets the server's (server/time.ts). The client tier checked where time-of-day
// defects live: `CLOCK_AT=… npx jest --selectProjects client` (scripts/test-clock.mjs runs the moments).
if (process.env.CLOCK_AT) {
  const RealDate = Date
  const offset = RealDate.parse(process.env.CLOCK_AT) - RealDate.now()
  if (Number.isNaN(offset)) throw new Error(`CLOCK_AT=${process.env.CLOCK_AT} is not a date`)
  class ClockAtDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...args)
    }
    static now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ClockAtDate
}
