// Orders the Playwright tier's files by how long each took in CI (reports/junit-e2e.xml of a fresh-clone run, seconds),
// longest first; a file not listed counts as 10 s. Jest's own order comes from its cache of earlier runs, which a CI
// machine does not have.
const path = require('node:path')
const Sequencer = require('@jest/test-sequencer').default

/**
 * Seconds per file, rounded, from the fresh-clone CI run of 2026-11-27 01:11 (two workers, no screenshots of passing screens in
 * CI, jest and the simulator beside it). Not listed, so counted as 10 s: flashBurst.e2e.ts, shopProfile.e2e.ts.
 */
const SECONDS = {
  // 225 s in the fresh-clone run of 2026-12-07 07:00; on a server of its own (e2e/environment.js, @e2eOwnServer).
  'console.e2e.ts': 225,
  'axe.e2e.ts': 173,
  'coldOpen.e2e.ts': 104,
  'journeys.e2e.ts': 74,
  'shell.e2e.ts': 52,
  'paySteps.e2e.ts': 51,
  // Not from that run: measured on this machine, 2026-12-06 (issue 44), with screenshots.
  'shopOwner.e2e.ts': 46,
  'merchantSignUp.e2e.ts': 37,
  'store.e2e.ts': 33,
  'production.e2e.ts': 45,
  'account.e2e.ts': 32,
  'cardTab.e2e.ts': 27,
  'storeJobs.e2e.ts': 25,
  'discountDay.e2e.ts': 25,
  'takeout.e2e.ts': 23,
  'refresh.e2e.ts': 22,
  'firstScreen.e2e.ts': 19,
  'staffInvite.e2e.ts': 18,
  'mallSearch.e2e.ts': 14,
  'fuel.e2e.ts': 14,
  'mallAddress.e2e.ts': 13,
  'takeoutSearch.e2e.ts': 12,
  'takeoutLive.e2e.ts': 11,
  'refund.e2e.ts': 11,
  'referral.e2e.ts': 10,
  'jobs.e2e.ts': 10,
  'english.e2e.ts': 10,
  'storeTakeout.e2e.ts': 9,
  'pickup.e2e.ts': 9,
  'parcels.e2e.ts': 9,
  'tillcode.e2e.ts': 8,
  'receipt.e2e.ts': 7,
  'coupons.e2e.ts': 7,
  'cart.e2e.ts': 7,
  'seckill.e2e.ts': 6,
  'regions.e2e.ts': 6,
  'location.e2e.ts': 5,
  'walk.e2e.ts': 4,
  'takeoutClock.e2e.ts': 3,
  'csp.e2e.ts': 3,
  'searchWords.e2e.ts': 2,
  'scan.e2e.ts': 2,
}
const secondsOf = (test) => SECONDS[path.basename(test.path)] ?? 10

/** Longest files first: jest hands each to the next free worker, so the short ones fill the end and the workers end together. */
class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1))
  }
}

module.exports = LongestFirstSequencer
