// Browser journeys: the H5 build served by the reference server (started as `npm start` does), in Debian's Chromium.
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  // node, plus a screenshot of every open page into reports/e2e/ when a test fails (environment.js).
  testEnvironment: '<rootDir>/environment.js',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  // The flash-sale burst across server processes runs on PostgreSQL with WORKERS only (`npm run test:e2e:postgres`).
  testPathIgnorePatterns: process.env.E2E_POSTGRES_URL ? ['/node_modules/'] : ['/node_modules/', '/flashBurst\\.e2e\\.ts$'],
  transform: {
    // swc (__tests__/setup/swcTransform.js): target ES2022 lowers nothing, so the functions Playwright sends to the page
    // (their source text) carry no helper they cannot see.
    '^.+\\.ts$': '<rootDir>/../__tests__/setup/swcTransform.js',
  },
  globalSetup: '<rootDir>/globalSetup.js',
  globalTeardown: '<rootDir>/globalTeardown.js',
  // One worker unless told (scripts/e2e.mjs gives E2E_WORKERS, each worker its own server: e2e/globalSetup.js).
  maxWorkers: 1,
  // Longest files first, by their measured times.
  testSequencer: '<rootDir>/sequencer.cjs',
  // A bound on a hung journey (not a timing check); generous for a busy two-core CI machine.
  testTimeout: 180000,
  reporters: require('../scripts/junit.cjs')('e2e'),
}
