// Orders the Playwright tier's files by how long each took in CI (reports/junit-e2e.xml of a fresh-clone run, seconds),
// longest first; a file not listed counts as 10 s. Jest's own order comes from its cache of earlier runs, which a CI
// machine does not have.
const path = require('node:path')
const Sequencer = require('@jest/test-sequencer').default

/**
 * Seconds per file, rounded, from the fresh-clone CI run of 2026-12-07 07:00 (909 s; two workers, no screenshots of
 * passing screens in CI, jest and the simulator beside it). Every file is listed: one left out counted as 10 s and ran
 * last — console.e2e.ts, the longest (225 s), alone on one worker at the end of that run.
 */
const SECONDS = {
  'console.e2e.ts': 225,
  'axe.e2e.ts': 151,
  'coldOpen.e2e.ts': 115,
  'journeys.e2e.ts': 72,
  'paySteps.e2e.ts': 64,
  'shell.e2e.ts': 52,
  'shopOwner.e2e.ts': 45,
  'account.e2e.ts': 39,
  'store.e2e.ts': 36,
  'takeout.e2e.ts': 33,
  'merchantSignUp.e2e.ts': 31,
  'discountDay.e2e.ts': 30,
  'refresh.e2e.ts': 28,
  'cardTab.e2e.ts': 27,
  'production.e2e.ts': 24,
  'firstScreen.e2e.ts': 23,
  'pickup.e2e.ts': 23,
  'refund.e2e.ts': 23,
  'shopProfile.e2e.ts': 23,
  'staffInvite.e2e.ts': 23,
  'storeJobs.e2e.ts': 22,
  'takeoutLive.e2e.ts': 19,
  'fuel.e2e.ts': 17,
  'cart.e2e.ts': 15,
  'parcels.e2e.ts': 15,
  'takeoutSearch.e2e.ts': 15,
  'english.e2e.ts': 14,
  'jobs.e2e.ts': 14,
  'mallAddress.e2e.ts': 14,
  'mallSearch.e2e.ts': 14,
  'referral.e2e.ts': 13,
  'storeTakeout.e2e.ts': 11,
  'receipt.e2e.ts': 10,
  'seckill.e2e.ts': 10,
  'tillcode.e2e.ts': 10,
  'location.e2e.ts': 9,
  'coupons.e2e.ts': 7,
  'regions.e2e.ts': 7,
  'takeoutClock.e2e.ts': 7,
  'csp.e2e.ts': 4,
  'scan.e2e.ts': 4,
  'searchWords.e2e.ts': 4,
  'walk.e2e.ts': 4,
}
const secondsOf = (test) => SECONDS[path.basename(test.path)] ?? 10

/** Longest files first: jest hands each to the next free worker, so the short ones fill the end and the workers end together. */
class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1))
  }
}

module.exports = LongestFirstSequencer
