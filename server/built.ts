/**
 * What `npm run build:server` (scripts/build-server.ts) compiled ahead into dist-server/, handed to the bundle as the
 * constant OCP_SERVER_BUILD (esbuild's `define`). Undefined when the server runs from its TypeScript sources (tsx): the
 * page scripts and the drawn screens are then built the first time they are needed. Built, the server needs neither
 * its sources nor a compiler (esbuild, TypeScript, tsx) to run.
 */
export interface BuiltAhead {
  /** The page's inline scripts, already built to ES5 (server/hosting/pageScripts/build.ts), by name. */
  pageScripts: Record<string, string>
  /** The drawn screens' renderers (server/hosting/drawing/views.ts): a CommonJS file beside the bundle. */
  views: string
}

declare const OCP_SERVER_BUILD: BuiltAhead | undefined

export const builtAhead: BuiltAhead | undefined = typeof OCP_SERVER_BUILD === 'undefined' ? undefined : OCP_SERVER_BUILD
