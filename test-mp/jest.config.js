// The mini-program simulator tier: plain JS, the compiled weapp output in dist/, no transform.
module.exports = {
  displayName: 'weapp-simulator',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
  testTimeout: 30000,
}
