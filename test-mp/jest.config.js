// The mini-program simulator tier: plain JS, the compiled weapp output in dist/, no transform.
module.exports = {
  displayName: 'weapp-simulator',
  rootDir: __dirname,
  // jsdom, plus the rendered tree of a failing test's pages into reports/simulator/ (environment.js).
  testEnvironment: '<rootDir>/environment.js',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
  // A bound on a hung test (not a timing check); generous for a busy two-core CI machine.
  testTimeout: 90000,
  reporters: require('../scripts/junit.cjs')('simulator'),
}
