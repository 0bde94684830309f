// babel-preset-taro compiles TypeScript and JSX for both targets (and for jest, through the test-utils transformer).
// useBuiltIns stays false: with 'usage' the preset makes transform-runtime import core-js-pure for every
// modern call whatever the targets, which measured +33 KB gzip (+290 KB raw) on the H5 first load.
// The targets (package.json browserslist: WeChat's XWeb/Chromium, iOS 12+) need no polyfills.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', useBuiltIns: false }]],
}
