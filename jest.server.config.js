// The reference server against a real SQLite file in a temporary folder (node environment).
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
  transform: {
    // swc, not Babel: a fresh clone's cold transform cache (CI) cost ~10 % of the server tests' CPU (__tests__/setup/swcTransform.js).
    '^.+\\.(ts|js)$': '<rootDir>/__tests__/setup/swcTransform.js',
  },
  // light-my-request (fastify.inject) gets cookie@1 (CommonJS, Node >= 18) by an override in package.json: its
  // own cookie@2 is ESM-only and declares Node >= 22 (issue 27).
  transformIgnorePatterns: ['/node_modules/'],
  // A bound for a hang, not a measure of speed (no file or test sets one below it): a test server's start (on
  // PostgreSQL it creates, migrates and fills a database; a multi-process test starts three servers) took over jest's
  // default 5 s for a hook on SQLite too, and over 60 s for three servers, with the machine's two cores busy beside it
  // (issue 38: `npm run test:stress -- --load cpu` failed every seckill.test.ts test in its beforeAll). No test asserts
  // a time.
  testTimeout: 120_000,
}
