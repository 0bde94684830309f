// The mini-program simulator tier: plain JS, the compiled weapp output in dist/, no transform.
module.exports = {
  displayName: 'weapp-simulator',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
  // A bound on a hung test (not a timing check); generous for a busy two-core CI machine.
  testTimeout: 90000,
}
