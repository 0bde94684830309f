/**
 * The demo's flash-sale sessions change at 00:00, 08:00 and 16:00 on the business clock (server/demo/seed.ts). A test that
 * opens or buys in the session on now holds the server's clock (POST /api/sandbox/clock, docs/sandbox.md) at 12:00 of
 * the server's business day — inside session 2 (08:00–16:00: products 2, 3, 10–12), four hours from either switch —
 * for its file, and resets it after, so no such test depends on the time of day it runs at. The clock runs on from
 * there; the app follows it (X-Server-Time). Used by the Playwright tier (e2e/browser.ts `serverClock`) and the
 * simulator (test-mp/seckill.test.js). Types: flashClock.d.ts.
 */

/** The hour the flash-sale tests hold the server's clock at (business time). */
const FLASH_HOUR = 12

/** The demo product on sale at an hour of the business day (server/demo/seed.ts; each has stock for every test). */
const liveFlashProduct = (hour = FLASH_HOUR) => (hour < 8 ? 1 : hour < 16 ? 2 : 4)

/** The moment held, as a business wall time: the day of the server's `now` ("YYYY-MM-DD HH:mm:ss") at FLASH_HOUR. */
function flashMoment(serverNow) {
  const day = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/.exec(serverNow)
  if (!day) throw new Error(`the server's clock answered "${serverNow}", not "YYYY-MM-DD HH:mm:ss"`)
  return `${day[1]} ${String(FLASH_HOUR).padStart(2, '0')}:00:00`
}

/**
 * Hold the server's clock at FLASH_HOUR of its business day. `clock(body)`: POST /api/sandbox/clock on the tier's
 * server, resolving to its answer's data ({ now, now_ms, moved }). Returns the answer after the move.
 */
async function holdFlashSession(clock) {
  const { now } = await clock({})
  const held = await clock({ at: flashMoment(now) })
  if (!held.moved || !held.now.startsWith(flashMoment(now).slice(0, 14))) throw new Error(`the server's clock did not move to ${flashMoment(now)}: ${JSON.stringify(held)}`)
  return held
}

/** The server's clock back to its start clock (CLOCK_AT's, else real time): after the file, so the next one is unaffected. */
const releaseServerClock = (clock) => clock({ reset: true })

module.exports = { FLASH_HOUR, liveFlashProduct, flashMoment, holdFlashSession, releaseServerClock }
