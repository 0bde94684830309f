// Splits the Playwright tier's files between shards (`jest --shard=i/n`, scripts/e2e.mjs) by how long each took in CI
// (reports/junit-e2e.xml of a fresh-clone run, seconds), longest first onto the shard with the least so far; a file
// not listed counts as 10 s. Within a shard, the longest files start first.
const path = require('node:path')
const Sequencer = require('@jest/test-sequencer').default

/**
 * Seconds per file, rounded, from the fresh-clone CI run of 5437dd2 (2026-11-26), with axe, english and shell as they run
 * since English is checked in axe's visits, the deep links share one page and cold-open compares one language (measured
 * alone the same day).
 */
const SECONDS = {
  'axe.e2e.ts': 140,
  'coldOpen.e2e.ts': 80,
  'journeys.e2e.ts': 67,
  'shell.e2e.ts': 42,
  'paySteps.e2e.ts': 42,
  'storeJobs.e2e.ts': 29,
  'account.e2e.ts': 28,
  'takeout.e2e.ts': 25,
  'store.e2e.ts': 25,
  'merchantSignUp.e2e.ts': 25,
  'cardTab.e2e.ts': 24,
  'discountDay.e2e.ts': 23,
  'refresh.e2e.ts': 19,
  'fuel.e2e.ts': 16,
  'firstScreen.e2e.ts': 16,
  'staffInvite.e2e.ts': 15,
  'mallSearch.e2e.ts': 15,
  'mallAddress.e2e.ts': 15,
  'takeoutSearch.e2e.ts': 14,
  'jobs.e2e.ts': 12,
  'takeoutLive.e2e.ts': 11,
  'parcels.e2e.ts': 11,
  'english.e2e.ts': 11,
}
const secondsOf = (test) => SECONDS[path.basename(test.path)] ?? 10

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const load = new Array(shardCount).fill(0)
    const mine = []
    const ordered = [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1))
    for (const test of ordered) {
      const target = load.indexOf(Math.min(...load))
      load[target] += secondsOf(test)
      if (target === shardIndex - 1) mine.push(test)
    }
    return mine
  }

  sort(tests) {
    return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1))
  }
}

module.exports = BalancedSequencer
