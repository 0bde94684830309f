import { createRequire } from 'node:module'
import path from 'node:path'
import type * as Esbuild from 'esbuild'
import { builtAhead } from '../../built'
import type * as Screens from './screens'

/**
 * The drawings' renderers (./screens.tsx), built from the app's pure views (src/views) with `@tarojs/components`
 * replaced by plain elements (./plainComponents.tsx): one definition of each drawn screen, the app's. Bundled once per
 * process with esbuild (Taro's build tools bring it; ~0.1 s), the first time a page is drawn; React itself is the
 * server's (not bundled). The H5 build's choices hold (`process.env.TARO_ENV` is "h5"); stylesheets are the page's.
 */
type Renderers = typeof Screens

let built: Renderers | undefined

/** How the views are bundled: here at the first drawing (from the sources), and by the production build. */
export function viewsBuildOptions(): Esbuild.BuildOptions & { entryPoints: string[] } {
  const root = path.resolve(__dirname, '..', '..', '..')
  return {
    entryPoints: [path.join(__dirname, 'screens.tsx')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    tsconfig: path.join(root, 'tsconfig.json'),
    alias: { '@tarojs/components': path.join(__dirname, 'plainComponents.tsx') },
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    define: { 'process.env.TARO_ENV': '"h5"' },
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  }
}

export function drawingRenderers(): Renderers {
  if (!built) {
    const load = createRequire(__filename)
    // Built ahead: the bundle beside dist-server/main.js, run with the server's own require (one React).
    if (builtAhead) {
      built = load(path.join(__dirname, builtAhead.views)) as Renderers
      return built
    }
    const esbuild = load('esbuild') as typeof Esbuild
    const out = esbuild.buildSync({ ...viewsBuildOptions(), write: false })
    const module = { exports: {} as Renderers }
    // The bundle is CommonJS: run it with the server's own require (one React for the views and react-dom/server).
    new Function('require', 'module', 'exports', out.outputFiles[0].text)(load, module, module.exports)
    built = module.exports
  }
  return built
}
