import path from 'node:path'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import { PageChunksPlugin, ReplaceModulePlugin } from './pageChunksPlugin'
import prodConfig from './prod'

/**
 * Dependencies that ship syntax newer than the targets (package.json browserslist: Chrome 70, iOS 12) and
 * that Taro's script rule would otherwise copy as they are (it compiles src/ and paths with "taro" in them).
 * query-string 9 and its helpers come in through @tarojs/router on H5: `?.`, `??`, `&&=`.
 * `npm run check:es` fails when a shipped script does not parse as ES2019.
 */
const transpiledDependencies = /[\\/]node_modules[\\/](?:query-string|filter-obj|split-on-first|decode-uri-component)[\\/]/
/** Taro's config check accepts strings and functions in compile.include, not RegExps. */
const isTranspiledDependency = (file: string): boolean => transpiledDependencies.test(file)

/**
 * Taro's component stylesheet inlines WeUI's icon font (3.2 KB gzip, loaded with Home) for `<Icon>`, `<Checkbox>`
 * and `<Radio>`, which this app does not use (lint forbids them; our icons are SVG artwork). The data URI module
 * is replaced by an empty one. Measured: Home first load −3.2 KB gzip.
 */
const WEUI_ICON_FONT = /^data:application\/octet-stream;base64,AAEAAAALAIAAAwAwR1NVQrD\+s\+0AAAE4AAAAQk9TLzJAKEx\+/

type SplitChunks = { chunks?: string; cacheGroups?: Record<string, unknown> } & Record<string, unknown>
interface ChunkLike {
  name?: string | null
}
interface SplitContext {
  chunkGraph: { getModuleChunksIterable(m: unknown): Iterable<ChunkLike>; getChunkModulesIterable(c: ChunkLike): Iterable<{ resource?: string; rootModule?: { resource?: string } }> }
}

const HOME_MODULE = /[\\/]src[\\/]pages[\\/]index[\\/]index\.tsx$/
const homeChunks = new WeakMap<ChunkLike, boolean>()
function isHomeChunk(chunk: ChunkLike, graph: SplitContext['chunkGraph']): boolean {
  let home = homeChunks.get(chunk)
  if (home === undefined) {
    home = false
    for (const m of graph.getChunkModulesIterable(chunk)) if (HOME_MODULE.test(m.resource ?? m.rootModule?.resource ?? '')) home = true
    homeChunks.set(chunk, home)
  }
  return home
}

/**
 * H5 page chunks (issue 15): Taro splits only the entry (`chunks: 'initial'`), so every page's async chunk carried
 * its own copy of what pages share (Taro's React components alone are ~40 KB gzip a page). Now:
 * - `home-shared`: what Home shares with any other page, one chunk Home loads anyway (Home's first load keeps
 *   exactly the modules it needs) and other pages find in the cache;
 * - Taro's groups apply to page chunks too, so the rest that pages share is downloaded once.
 */
function sharedPageChunks(split: SplitChunks): SplitChunks {
  return {
    ...split,
    cacheGroups: {
      ...split.cacheGroups,
      homeShared: {
        name: 'home-shared',
        chunks: 'async',
        minChunks: 2,
        priority: 200,
        test: (_module: unknown, { chunkGraph }: SplitContext) => [...chunkGraph.getModuleChunksIterable(_module)].some((c) => isHomeChunk(c, chunkGraph)),
      },
    },
  }
}

export default defineConfig<'webpack5'>(async (merge) => {
  const base: UserConfigExport<'webpack5'> = {
    projectName: 'one-card-pass',
    date: '2026-11-22',
    // The seed's 750 rpx design width (no UI library drawn at another width: docs/decisions/2026-11-26-nutui-removed.md).
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // Separate folders so that both builds can coexist (the simulator tests read dist/, the server dist-h5/).
    outputRoot: process.env.TARO_ENV === 'h5' ? 'dist-h5' : 'dist',
    // No plugins: app code uses Taro's components only (no HTML tags; docs/decisions/2026-11-26-nutui-removed.md).
    plugins: [],
    defineConstants: {},
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      // History routing at base "/". Do NOT set basename: '/' (with it, nothing renders).
      router: { mode: 'browser' },
      compile: { include: [isTranspiledDependency] },
      webpackChain(chain) {
        chain.plugin('page-chunks').use(PageChunksPlugin)
        chain.plugin('no-weui-font').use(ReplaceModulePlugin, [WEUI_ICON_FONT, 'data:application/octet-stream;base64,'])
        const split = chain.optimization.get('splitChunks') as SplitChunks | false | undefined
        if (split) chain.optimization.splitChunks(sharedPageChunks(split))
        // Production: each script and stylesheet also as .br (brotli, best) and .gz (best), which the reference
        // server sends as they are (@fastify/static preCompressed). Measured on the scripts a tab page loads: 148 KB
        // with on-the-fly brotli (quality 4) → 126 KB at quality 11, too slow to run per request (issue 15).
        if (process.env.NODE_ENV !== 'development') {
          const assets = /\.(js|css)$/
          chain.plugin('brotli').use(CompressionPlugin, [
            { filename: '[path][base].br', algorithm: 'brotliCompress', test: assets, threshold: 1024, minRatio: 0.9, compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } },
          ])
          chain.plugin('gzip').use(CompressionPlugin, [{ filename: '[path][base].gz', algorithm: 'gzip', test: assets, threshold: 1024, minRatio: 0.9, compressionOptions: { level: 9 } }])
        }
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  return process.env.NODE_ENV === 'development' ? merge({}, base, devConfig) : merge({}, base, prodConfig)
})
