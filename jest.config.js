// Jest: the client in Taro's H5 runtime (jsdom), plus the server project (node, real SQLite) when present.
const fs = require('node:fs')
const path = require('node:path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

// ESM packages that must go through Babel (written to catch nested node_modules too).
const esm = ['@tarojs', '@stencil', 'lodash-es', 'query-string', 'decode-uri-component', 'split-on-first', 'filter-obj', 'swiper', 'ssr-window', 'dom7', 'style-inject']
const styleMock = path.join(__dirname, '__tests__/setup/styleMock.js')

const client = defineJestConfig({
  displayName: 'client',
  rootDir: __dirname,
  testMatch: ['<rootDir>/__tests__/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/server/'],
  // Per-platform files: the H5 runtime picks x.h5.ts before x.ts, as the H5 build does.
  moduleFileExtensions: ['h5.tsx', 'h5.ts', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  transform: {
    // First match wins: node_modules' ES modules (except the test utils' H5 runtime, which Taro's transformer rewrites)
    // through swc; the test utils' runtime through Taro's Babel transformer; the app's code and tests through swc with
    // what Taro's transformer does for them (__tests__/setup/swcTransform.js: JSX, jest.mock hoisted, TARO_ENV).
    '^(?!.*/test-utils-react/).*/node_modules/.+\\.m?js$': '<rootDir>/__tests__/setup/swcTransform.js',
    '^.*/node_modules/.+\\.(mjs|js|jsx|ts|tsx)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js'),
    '^.+\\.(mjs|js|jsx|ts|tsx)$': ['<rootDir>/__tests__/setup/swcTransform.js', { app: true }],
  },
  // Ignore node_modules unless the path goes through one of the ESM packages anywhere (they ship their own
  // nested node_modules, e.g. @tarojs/components/lib/react/node_modules/.pnpm/tslib).
  transformIgnorePatterns: [`^(?!.*/node_modules/(?:${esm.join('|')})/).*/node_modules/`],
  setupFiles: [
    require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'),
    '<rootDir>/__tests__/setup/env.js',
  ],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/afterEnv.ts'],
  // Order matters (first match wins): styles before the @/ alias, so `@/x/y.css` is mocked too.
  moduleNameMapper: {
    '\\.(css|scss|less)$': styleMock,
    '^@/(.*)$': '<rootDir>/src/$1',
  },
})

// Root-only options that jest rejects inside a project.
delete client.verbose
delete client.bail
const projects = [client]
if (fs.existsSync(path.join(__dirname, 'jest.server.config.js'))) projects.push(require('./jest.server.config.js'))

// A test's time limit, not a timed assertion: page tests mount the whole H5 runtime, and on a busy two-core CI
// machine one of them took more than jest's default 5 s (coupons.test.tsx, stop 20). Waits inside tests are for
// conditions; this only bounds a test that hangs. One value for both projects (jest reads testTimeout for the whole run,
// not per project): the server project's (jest.server.config.js), whose multi-process tests start three servers.
module.exports = { projects, testTimeout: require('./jest.server.config.js').testTimeout, reporters: require('./scripts/junit.cjs')('jest') }
