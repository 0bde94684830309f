// A jest transformer through swc (issue 27: CI time). On a fresh clone — no transform cache, as in CI — Babel's passes
// were a large share of jest's CPU: ~40 % of the client tests' (the ES modules of node_modules) and ~10 % of the
// server tests'. Used for what needs only syntax turned into CommonJS for the Node running jest:
// - the client project's node_modules ES modules (@tarojs, @stencil, lodash-es …; not the test utils' H5 runtime,
//   which Taro's transformer rewrites) — the app's own code and its tests keep Taro's Babel transformer;
// - the server and browser-tier projects' TypeScript (types removed, nothing lowered: no jest.mock there —
//   swc does not hoist it as babel-jest does).
const crypto = require('node:crypto')
const { transformSync, version } = require('@swc/core')

const options = (typescript) => ({
  swcrc: false,
  configFile: false,
  sourceMaps: 'inline',
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    parser: typescript ? { syntax: 'typescript' } : { syntax: 'ecmascript', jsx: true },
    transform: { react: { runtime: 'classic' } },
  },
})

const isTypeScript = (file) => /\.m?ts$/.test(file)

module.exports = {
  process(sourceText, sourcePath) {
    const { code } = transformSync(sourceText, { ...options(isTypeScript(sourcePath)), filename: sourcePath })
    return { code }
  },
  getCacheKey(sourceText, sourcePath) {
    return crypto
      .createHash('sha1')
      .update(`${version}\0${JSON.stringify(options(isTypeScript(sourcePath)))}\0${sourcePath}\0`)
      .update(sourceText)
      .digest('hex')
  },
}
