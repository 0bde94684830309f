// A jest transformer through swc (issue 27, issue 41: CI time). On a fresh clone — no transform cache, as in CI — Babel's
// passes were a large share of jest's CPU: ~40 % of the client tests' (the ES modules of node_modules) and ~10 % of the
// server tests'; then the app's own code through Taro's Babel transformer (preset-env, preset-react, preset-typescript
// and babel-preset-taro over every file) was ~30 of the client project's ~85 CPU-s. Used for:
// - the client project's node_modules ES modules (@tarojs, @stencil, lodash-es …; not the test utils' H5 runtime,
//   which Taro's transformer rewrites): syntax only;
// - the client project's own code and tests (`{ app: true }` in jest.config.js): TypeScript and JSX with React's
//   automatic runtime (tsconfig's "react-jsx"), jest.mock hoisted above the imports as babel-jest does, and
//   `process.env.TARO_ENV` read as Taro's transformer rewrites it under src/ (TARO_ENV_JEST first);
// - the server and browser-tier projects' TypeScript (types removed, nothing lowered).
const crypto = require('node:crypto')
const path = require('node:path')
const { transformSync, version } = require('@swc/core')

const SRC = path.join(__dirname, '..', '..', 'src') + path.sep

const options = (file, app) => {
  const typescript = /\.m?tsx?$/.test(file)
  return {
    swcrc: false,
    configFile: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2022',
      parser: typescript ? { syntax: 'typescript', tsx: file.endsWith('.tsx') } : { syntax: 'ecmascript', jsx: true },
      transform: app ? { react: { runtime: 'automatic' }, hidden: { jest: true } } : { react: { runtime: 'classic' } },
    },
  }
}

/** What Taro's jest transformer does to the app's sources before Babel (@tarojs/test-utils-react/dist/jest/babel-transformer.js). */
const rewrite = (sourceText, file, app) =>
  app && file.startsWith(SRC) ? sourceText.replace(/process\.env\.TARO_ENV/g, 'process.env.TARO_ENV_JEST || process.env.TARO_ENV') : sourceText

function createTransformer(config = {}) {
  const app = Boolean(config.app)
  return {
    process(sourceText, sourcePath) {
      const { code } = transformSync(rewrite(sourceText, sourcePath, app), { ...options(sourcePath, app), filename: sourcePath })
      return { code }
    },
    getCacheKey(sourceText, sourcePath) {
      return crypto
        .createHash('sha1')
        .update(`${version}\0${JSON.stringify(options(sourcePath, app))}\0${app}\0${sourcePath}\0`)
        .update(sourceText)
        .digest('hex')
    },
  }
}

// jest calls createTransformer with the options a config gives the file (`{ app: true }`), or none.
module.exports = { createTransformer }
