// Splits the Playwright tier's files between shards (`jest --shard=i/n`, scripts/e2e.mjs) by how long each took in CI
// (reports/junit-e2e.xml of a fresh-clone run, seconds), longest first onto the shard with the least so far; a file
// not listed counts as 10 s. Within a shard, the longest files start first.
const path = require('node:path')
const Sequencer = require('@jest/test-sequencer').default

/** Seconds per file, rounded, from the fresh-clone CI run of 2026-11-26 (coldOpen as it runs since its passes run at once). */
const SECONDS = {
  'coldOpen.e2e.ts': 90,
  'axe.e2e.ts': 91,
  'journeys.e2e.ts': 56,
  'shell.e2e.ts': 54,
  'paySteps.e2e.ts': 34,
  'english.e2e.ts': 33,
  'account.e2e.ts': 26,
  'store.e2e.ts': 22,
  'takeout.e2e.ts': 20,
  'cardTab.e2e.ts': 18,
  'refresh.e2e.ts': 17,
  'mallAddress.e2e.ts': 13,
  'fuel.e2e.ts': 12,
  'takeoutSearch.e2e.ts': 11,
  'mallSearch.e2e.ts': 11,
  'firstScreen.e2e.ts': 11,
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
