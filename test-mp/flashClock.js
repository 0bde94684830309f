/**
 * The demo's flash-sale sessions change at 00:00, 08:00 and 16:00 on the business clock (server/seed.ts): a test
 * that buys in the session on now must not start just before it ends. Used by the simulator and Playwright tiers
 * (e2e/*.e2e.ts import it too). Types: flashClock.d.ts.
 */
const SESSION_MS = 8 * 3600_000

/** Milliseconds left in the flash-sale session on now, on the business clock (BUSINESS_TZ, as the server reads it). */
function flashSessionLeftMs(now = Date.now()) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: process.env.BUSINESS_TZ || 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now)
  const part = (type) => Number(parts.find((p) => p.type === type).value)
  const into = ((part('hour') % 8) * 3600 + part('minute') * 60 + part('second')) * 1000 + (now % 1000)
  return SESSION_MS - into
}

/**
 * Within `margin` ms of the session's end, wait until the next session is on (the condition: the business clock past
 * the boundary, polled every 250 ms; at most `margin` + 5 s), so a run crossing a boundary buys in the next session
 * instead of failing half-way.
 */
async function clearOfFlashBoundary(margin = 60_000) {
  const deadline = Date.now() + margin + 5_000
  while (flashSessionLeftMs() < margin && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250))
}

module.exports = { flashSessionLeftMs, clearOfFlashBoundary }
