import type { UserConfigExport } from '@tarojs/cli'

export default {
  mini: {},
  h5: {
    // Compression is done by the server (brotli/gzip on the fly); the build keeps assets plain.
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>
