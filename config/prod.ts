import type { UserConfigExport } from '@tarojs/cli'

export default {
  mini: {},
  h5: {
    // Scripts and stylesheets are also written precompressed (.br, .gz: config/index.ts); the reference server sends
    // those, and compresses anything else on the fly.
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>
