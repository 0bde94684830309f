// babel-preset-taro compiles TypeScript and JSX for both targets (and for jest, through the test-utils transformer).
module.exports = {
  presets: [
    ['taro', { framework: 'react', ts: true, compiler: 'webpack5', useBuiltIns: process.env.TARO_ENV === 'h5' ? 'usage' : false }],
  ],
}
