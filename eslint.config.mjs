import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import importCircles from './scripts/lint/import-circles.mjs'
import sqlInStorage from './scripts/lint/sql-in-storage.mjs'

const ROOT = path.dirname(fileURLToPath(import.meta.url))
/** The project's own rules (scripts/lint/): one plugin object, so every config block that uses it names the same one. */
const local = { rules: { ...importCircles.rules, ...sqlInStorage.rules } }

/**
 * The layers, top to bottom (README, Architecture). Each may import only what is below it:
 *   pages → features → api, components → hooks → payment, platform, tabBar → core → routes, contract
 * api (one module per server aggregate: the data hooks and fetchers) sits beside components: both may use
 * hooks, neither imports the other. A feature never imports another feature. views (pure: props and words in, markup
 * out) import only contract; anything above may use them. server/ imports only src/contract, routes.ts and views.
 */
const APP_ENTRY = ['src/app.tsx', 'src/app.config.ts']
const ABOVE_CORE = ['src/platform', 'src/payment', 'src/tabBar.ts', 'src/hooks', 'src/api', 'src/components', 'src/features', 'src/pages', ...APP_ENTRY]
const zone = (target, from, message) => ({ target, from, message })
const FEATURES = fs
  .readdirSync(path.join(ROOT, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/**
 * The server's layers (README, Architecture), top to bottom:
 *   main.ts → http (app, envelope, config, security; routes/ the API handlers) → hosting (the H5 pages), demo, sandbox
 *   → domain (the rules) → storage (db, repo/, the seam) ; time.ts (the one clock) is below them all.
 * A named exception is a file that does not obey yet: its comment says what it borrows; move the borrowed thing down
 * rather than adding to the list.
 */
const serverFiles = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath ?? d.path, d.name)).split(path.sep).join('/'))
const SERVER_ABOVE_DOMAIN = ['server/http', 'server/hosting', 'server/demo', 'server/sandbox', 'server/main.ts']
/**
 * The outside providers (server/providers/README.md): one folder each. The domain may import only their interfaces
 * (`<provider>/types.ts`); server/http/app.ts builds the implementations and hands them in.
 */
const PROVIDER_INTERFACES = fs.existsSync(path.join(ROOT, 'server/providers'))
  ? serverFiles('server/providers')
      .filter((f) => f.endsWith('/types.ts'))
      .map((f) => `./${f.slice('server/providers/'.length)}`)
  : []
export const SERVER_ZONES = [
  zone('server/time.ts', ['server/http', 'server/hosting', 'server/demo', 'server/sandbox', 'server/domain', 'server/storage', 'server/providers', 'server/env.ts', 'server/main.ts'], 'server/time.ts (the one clock) imports nothing of the server.'),
  zone('server/env.ts', ['server/http', 'server/hosting', 'server/demo', 'server/sandbox', 'server/domain', 'server/storage', 'server/providers', 'server/time.ts', 'server/main.ts'], 'server/env.ts (reading the environment) imports nothing of the server.'),
  zone('server/storage', SERVER_ABOVE_DOMAIN.concat('server/domain', 'server/providers'), 'server/storage (db, repositories, migrations) imports nothing above it: only server/time.ts and the contract.'),
  zone(
    'server/providers',
    SERVER_ABOVE_DOMAIN.concat('server/domain', 'server/storage'),
    'server/providers (the outside world: payments, SMS, WeChat, parcels) import only server/time.ts, server/env.ts, the contract and libraries: never domain, storage or http (server/providers/README.md).',
  ),
  {
    // Named exception: server/domain/pay/provider.ts re-exports the sandbox provider's names for the tests written against
    // them (it moved to server/providers/pay/sandbox.ts); nothing of the domain imports that file.
    target: serverFiles('server/domain').filter((f) => f !== 'server/domain/pay/provider.ts'),
    from: 'server/providers',
    except: PROVIDER_INTERFACES,
    message: "server/domain imports only a provider's interface (server/providers/<provider>/types.ts); server/http/app.ts builds the implementation and hands it in.",
  },
  zone(
    'server/domain',
    SERVER_ABOVE_DOMAIN,
    'server/domain (the rules) may import only storage, time.ts and the contract: a refusal is refuse() from domain/refusal.ts; HTTP stays in server/http.',
  ),
  zone('server/sandbox', ['server/http', 'server/hosting', 'server/demo', 'server/domain', 'server/main.ts'], 'server/sandbox imports only storage and time.ts (its routes live in server/http/routes/sandbox.ts).'),
  zone('server/demo', ['server/http', 'server/hosting', 'server/sandbox', 'server/main.ts'], 'server/demo (seed data, artwork) may import the domain and storage, not http, hosting or the sandbox.'),
  zone('server/hosting', ['server/storage', 'server/demo', 'server/sandbox', 'server/http/routes', 'server/main.ts'], 'server/hosting (the H5 pages) may import only http helpers (envelope, security), time.ts and the contract.'),
  { target: 'server/hosting', from: 'server/domain', except: ['./refusal.ts'], message: 'server/hosting may take only refuse() (domain/refusal.ts) from the domain.' },
  zone(
    serverFiles('server/http').filter((f) => !f.startsWith('server/http/routes/') && f !== 'server/http/app.ts'),
    ['server/http/routes', 'server/main.ts'],
    'Only server/http/app.ts registers the routes: the http helpers never import server/http/routes.',
  ),
]

/**
 * Files outside server/storage that keep SQL for now (local/no-sql-outside-storage), each with why. A new entry needs a
 * reason that a repository function cannot serve; move the SQL down rather than adding to the list. Tests (__tests__/)
 * and bench/ are not linted for it: a test sets up and reads back the rows it checks, a bench writes its load directly.
 */
export const SQL_OUTSIDE_STORAGE = [
  // A database tool: SQLite's online backup of a file and its integrity check (PRAGMA) — the file, not any aggregate's rows.
  'scripts/backup.ts',
  // The live-status stream's reads are being reworked for PostgreSQL's speed at the same time; they move to
  // server/storage/repo/takeout.ts with that work.
  'server/http/routes/takeoutLive.ts',
]

export const LAYER_ZONES = [
  zone('src/contract', ['src/core', 'src/routes.ts', 'src/views', ...ABOVE_CORE, 'server'], 'The contract imports nothing of the app (the server and the app both build on it).'),
  zone('src/routes.ts', ['src/core', ...ABOVE_CORE], 'routes.ts is plain data: it imports nothing of the app but the contract.'),
  zone('src/core', ABOVE_CORE, 'core is the bottom of the app: it may import only routes and contract (platform services are handed to it at start, see app.tsx).'),
  ...['src/platform', 'src/payment', 'src/tabBar.ts'].map((t) =>
    zone(t, ['src/hooks', 'src/api', 'src/components', 'src/features', 'src/pages', ...APP_ENTRY], 'payment/platform may import only core, routes and contract.'),
  ),
  zone('src/hooks', ['src/api', 'src/components', 'src/features', 'src/pages', ...APP_ENTRY], 'hooks may not import api, components, features or pages.'),
  zone(
    'src/api',
    ['src/components', 'src/payment', 'src/platform', 'src/tabBar.ts', 'src/features', 'src/pages', ...APP_ENTRY],
    'api may import only hooks, core, routes and contract (features and pages use it, not the other way round).',
  ),
  zone('src/components', ['src/api', 'src/features', 'src/pages', ...APP_ENTRY], 'Shared components may not import api, features or pages: the screen hands them data.'),
  ...FEATURES.map((f) =>
    zone(
      `src/features/${f}`,
      ['src/pages', ...APP_ENTRY, ...FEATURES.filter((g) => g !== f).map((g) => `src/features/${g}`)],
      `features/${f} may not import pages or another feature: move what several features share to components/, hooks/ or payment/.`,
    ),
  ),
  zone('src/pages', APP_ENTRY, 'Pages may not import the app entry.'),
  // The pure views (issue 27): props and words in, markup out — the app's screens and the server's drawings (server/hosting/drawing)
  // render the same ones. They import nothing of the app but the contract (no Taro API, no hook that needs its runtime).
  { target: 'src/views', from: 'src', except: ['./contract', './views'], message: 'src/views are pure views: they may import only src/contract (and each other).' },
  // routes.ts is plain data too (it imports only the contract): the server draws a tab's title from it (server/hosting/drawing).
  {
    target: 'server',
    from: 'src',
    except: ['./contract', './routes.ts', './views'],
    message: 'server/ may import only src/contract, src/routes.ts and the pure views of src/views (which it draws first screens with).',
  },
  ...SERVER_ZONES,
  // The operator's console (issue 45) is a build of its own (scripts/build-console.mjs): it imports only the contract, and
  // nothing of the app or the server imports it — so it never adds a byte to the mini-program or the shoppers' H5.
  { target: 'console', from: 'src', except: ['./contract'], message: 'console/ may import only src/contract (its own build; never the app).' },
  zone('console', ['server'], 'console/ may import only src/contract (its own build; never the server).'),
  zone(['src', 'server'], ['console'], 'Nothing of the app or the server imports console/ (the console is a build of its own).'),
]

/** What the app bundle may not import (zod; contract schema files other than as types). */
const BUNDLE_IMPORTS = {
  paths: [
    { name: 'zod', message: 'zod is server-side only; import contract types with `import type`.' },
    {
      // config/index.ts drops the WeUI icon font these draw with on H5 (3.2 KB gzip on Home's first load).
      name: '@tarojs/components',
      importNames: ['Icon', 'Checkbox', 'CheckboxGroup', 'Radio', 'RadioGroup'],
      message: "The H5 build leaves out WeUI's icon font these draw with: use SVG artwork and our own choice rows.",
    },
    {
      // Measured (issue 14): Taro's H5 Swiper put the swiper library into the chunk Home shares (+50 KB gzip on Home's
      // first load) and calls ResizeObserver unguarded (iOS 12 has none).
      name: '@tarojs/components',
      importNames: ['Swiper', 'SwiperItem'],
      message: 'Use components/Pager (a CSS scroll-snap pager) instead of Taro\'s Swiper.',
    },
  ],
  patterns: [
    {
      group: ['@/contract/*', '!@/contract/constants', '!@/contract/endpoints', '!@/contract/envelope', '!@/contract/appInfo', '!@/contract/orderRules', '!@/contract/notFound', '!@/contract/tillCode', '!@/contract/storeEndpoints', '!@/contract/fuelEndpoints', '!@/contract/distance', '!@/contract/mallEndpoints', '!@/contract/takeoutEndpoints', '!@/contract/jobEndpoints', '!@/contract/referralEndpoints', '!@/contract/merchantEndpoints', '!@/contract/firstAnswers', '!@/contract/homeScreen', '!@/contract/accountWords', '!@/contract/ordersWords', '!@/contract/cardWords', '!@/contract/words', '!@/contract/money', '!@/contract/regionNames', '!@/contract/storeReasons', '!@/contract/receiptLink', '!@/contract/takeoutCart', '!@/contract/shopProfileEndpoints', '!@/contract/shopHours', '!@/contract/storeShopEndpoints'],
      allowTypeImports: true,
      message: 'Contract schema files carry zod: import their types only (`import type`); runtime values live in constants/endpoints/envelope/appInfo/orderRules/notFound/tillCode/storeEndpoints/fuelEndpoints/distance/mallEndpoints/takeoutEndpoints/jobEndpoints/referralEndpoints/merchantEndpoints/firstAnswers/homeScreen/accountWords/ordersWords/cardWords/words/money/regionNames/storeReasons/receiptLink/takeoutCart/shopProfileEndpoints/shopHours/storeShopEndpoints.',
    },
  ],
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-h5/', 'dist-console/', 'dist-server/', 'dist-server.*/', 'coverage/', 'test-results/', 'data/', '.swc/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The data hooks take (fetcher, deps) like useEffect: their deps are checked at every call site (issue 27).
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^(useQuery|useSignedInQuery|usePagedList)$' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers the build enforces (see LAYER_ZONES), and no import circles. The TypeScript resolver knows `@/…`
    // and picks x.h5.ts before x.ts as the H5 build and jest do; x.weapp.ts files are linted as files too.
    // Circles: local/no-import-circle (scripts/lint/import-circles.mjs), type-only imports included — import-x's
    // no-cycle skips those and has no option for them; the local rule reads the whole graph once (~1 s, where
    // no-cycle took ~10 s of the lint).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), extensions: ['.h5.ts', '.h5.tsx', '.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }],
      'local/no-import-circle': ['error', { root: ROOT }],
    },
  },
  {
    // SQL is written in server/storage only (README, Architecture): the domain, the sandbox, http and the scripts call a
    // repository function (server/storage/repo/). local/no-sql-outside-storage (scripts/lint/sql-in-storage.mjs) reports
    // statement text and Kysely's builder elsewhere; SQL_OUTSIDE_STORAGE names the files that keep theirs, and why.
    files: ['server/**/*.{ts,tsx,js,mjs,cjs}', 'scripts/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['server/storage/**', ...SQL_OUTSIDE_STORAGE],
    plugins: { local },
    rules: { 'local/no-sql-outside-storage': 'error' },
  },
  {
    // The server reaches its database asynchronously (server/storage/query.ts, issue 28): a query or transaction left
    // unawaited runs after the answer was sent, or outside the transaction it was written in. Type-aware, so the server's
    // files only (the rest lints without type information).
    files: ['server/**/*.ts'],
    ignores: ['server/hosting/pageScripts/**'],
    languageOptions: { parserOptions: { project: path.join(ROOT, 'tsconfig.json'), tsconfigRootDir: ROOT } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/await-thenable': 'error' },
  },
  {
    // The app bundle must never carry zod: the contract's schema files are imported as types only there.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', BUNDLE_IMPORTS] },
  },
  {
    // Pages are thin: their data comes from src/api hooks, never from the request client itself.
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...BUNDLE_IMPORTS,
          patterns: [
            ...BUNDLE_IMPORTS.patterns,
            {
              // '@/core/request' or a relative path to it.
              group: ['**/core/request'],
              importNames: ['request'],
              message: 'Pages never call request(): read through a hook in src/api (one per endpoint); writes belong to a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // One clock (issue 27): the server's "now" is server/time.ts (nowMs, nowText, inBusinessZone()), movable by CLOCK_AT and
    // the sandbox; real time for a duration is realNowMs() there.
    files: ['server/**/*.{ts,tsx}'],
    // server/hosting/pageScripts run in the page, on the phone's clock.
    ignores: ['server/time.ts', 'server/hosting/pageScripts/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: "The server's clock is nowMs() (server/time.ts); realNowMs() for a duration." }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "new Date() is the host's clock: nowMs() / inBusinessZone() (server/time.ts)." },
        { selector: "CallExpression[callee.name='dayjs'][arguments.length=0]", message: "dayjs() is the host's clock: inBusinessZone() (server/time.ts)." },
      ],
    },
  },
  {
    // The API's handlers are registered in server/http/routes only (defineRoute); the pages (server/hosting), demo artwork
    // (server/demo/assets.ts) and app.ts's own hooks register plain Fastify handlers.
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/http/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/envelope'], importNames: ['defineRoute'], message: 'API handlers live in server/http/routes: defineRoute there only.' }] },
      ],
    },
  },
  {
    // The page's inline scripts (server/hosting/pageScripts, built to ES5 one file at a time): types only from elsewhere.
    files: ['server/hosting/pageScripts/**/*.ts'],
    ignores: ['server/hosting/pageScripts/build.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['*'], allowTypeImports: true, message: 'A page script stands alone (built file by file): import types only; values come in its config.' }] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['__tests__/**', 'test-mp/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
  },
)
