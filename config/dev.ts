import type { UserConfigExport } from '@tarojs/cli'

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      port: 10086,
      host: '127.0.0.1',
      // `npm run dev` serves the API on 3000; the H5 dev server forwards /api to it.
      proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
    },
  },
} satisfies UserConfigExport<'webpack5'>
