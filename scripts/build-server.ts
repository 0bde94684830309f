/**
 * `npm run build:server` (issue 41): the server compiled once to plain JavaScript for Node 20.19+, into dist-server/,
 * which `node` runs without the TypeScript sources, esbuild, TypeScript or tsx (docs/going-live.md "Building it";
 * docs/decisions/2026-12-06-server-build.md says why esbuild's bundling).
 *
 *   dist-server/main.js        the server (server/main.ts): `node --enable-source-maps dist-server/main.js`
 *   dist-server/admin.js       the operator's commands as production runs them (npm run admin | backup | doctor |
 *   dist-server/backup.js      db:copy — scripts/run-server.mjs picks these in production): an operator on a machine
 *   dist-server/doctor.js      that holds the build alone has them too
 *   dist-server/db-copy.js
 *   dist-server/views.js       the drawn screens' renderers (server/hosting/drawing/views.ts), bundled as at run time
 *   dist-server/migrations/    the schema's numbered migrations, both engines' (server/storage/history.ts reads them beside the bundle)
 *   *.js.map                   source maps: stack traces name the TypeScript file and line
 *
 * Each entry is one CommonJS file (no code shared between files: each runs alone); the packages stay in node_modules
 * (external, better-sqlite3's and sharp's native code included) — a production install is `npm ci --omit=dev`. The
 * page's inline scripts are built to ES5 here and written into the bundle (server/built.ts).
 *
 *   tsx scripts/build-server.ts [--out DIR]     (DIR: default dist-server; a test builds into a folder of its own)
 */
import fs from 'node:fs'
import path from 'node:path'
import esbuild from 'esbuild'
import type { BuiltAhead } from '../server/built'
import { builtScript, SCRIPTS, type ScriptName } from '../server/hosting/pageScripts/build'
import { viewsBuildOptions } from '../server/hosting/drawing/views'

const ROOT = path.resolve(__dirname, '..')

/** The files built, by their name in the output, and their sources. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  admin: 'scripts/admin.ts',
  backup: 'scripts/backup.ts',
  doctor: 'scripts/doctor.ts',
  'db-copy': 'scripts/db-copy.ts',
} as const

/** The schema's numbered migrations, both engines' (server/storage/history.ts reads them from `migrations/` beside itself: beside the bundle here). */
const MIGRATIONS = path.join('server', 'storage', 'migrations')

/** Builds into `out` (emptied first); the time it took, in ms. */
export async function buildServer(out: string): Promise<number> {
  const started = performance.now()
  fs.rmSync(out, { recursive: true, force: true })
  const pageScripts = Object.fromEntries((Object.keys(SCRIPTS) as ScriptName[]).map((name) => [name, builtScript(name)]))
  const ahead: BuiltAhead = { pageScripts, views: 'views.js' }
  const views = viewsBuildOptions()
  await Promise.all([
    esbuild.build({
      entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)])),
      outdir: out,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20.19',
      packages: 'external',
      // A dynamic import() of a package (the SMS SDK, loaded when first used) as tsx runs it: require() in a promise.
      // Left as import(), Node's ESM resolver would refuse the SDK's extensionless deep path.
      supported: { 'dynamic-import': false },
      sourcemap: true,
      // The sources' paths in the maps are relative to the map: ../server/… (stack traces read as the repository's).
      sourcesContent: false,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      define: { OCP_SERVER_BUILD: JSON.stringify(ahead) },
      logLevel: 'warning',
    }),
    esbuild.build({ ...views, outfile: path.join(out, ahead.views), sourcemap: true, sourcesContent: false, logLevel: 'warning' }),
  ])
  const migrations = path.join(out, 'migrations')
  fs.mkdirSync(migrations, { recursive: true })
  for (const file of fs.readdirSync(path.join(ROOT, MIGRATIONS))) if (file.endsWith('.sql')) fs.copyFileSync(path.join(ROOT, MIGRATIONS, file), path.join(migrations, file))
  fs.writeFileSync(path.join(out, '.build-stamp'), new Date().toISOString())
  return performance.now() - started
}

if (require.main === module) {
  const at = process.argv.indexOf('--out')
  const out = path.resolve(ROOT, at > 0 ? process.argv[at + 1] : 'dist-server')
  buildServer(out).then(
    (ms) => console.log(`server build done in ${(ms / 1000).toFixed(1)} s → ${path.relative(ROOT, out) || out}/`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    },
  )
}
