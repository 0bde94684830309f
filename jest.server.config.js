// The reference server against a real SQLite file in a temporary folder (node environment).
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
  transform: {
    '^.+\\.(ts|js)$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
  },
  // light-my-request (fastify.inject) requires cookie@2, which ships ESM only: Node 20 loads it natively,
  // jest's module system needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
}
