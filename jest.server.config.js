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
  // On PostgreSQL (TEST_DATABASE_URL) a test server's start creates, migrates and fills a database: seconds, not the
  // SQLite file's fraction of one, on a busy machine more than jest's default 5 s for a hook.
  ...(process.env.TEST_DATABASE_URL ? { testTimeout: 20_000 } : {}),
}
