import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const ROOT = path.dirname(fileURLToPath(import.meta.url))

/**
 * The layers, top to bottom (README, Architecture). Each may import only what is below it:
 *   pages → features → components, hooks → payment, platform, tabBar → core → routes, contract
 * A feature never imports another feature; server/ imports only src/contract.
 */
const APP_ENTRY = ['src/app.tsx', 'src/app.config.ts']
const ABOVE_CORE = ['src/platform', 'src/payment', 'src/tabBar.ts', 'src/hooks', 'src/components', 'src/features', 'src/pages', ...APP_ENTRY]
const zone = (target, from, message) => ({ target, from, message })
const FEATURES = fs
  .readdirSync(path.join(ROOT, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

export const LAYER_ZONES = [
  zone('src/contract', ['src/core', 'src/routes.ts', ...ABOVE_CORE, 'server'], 'The contract imports nothing of the app (the server and the app both build on it).'),
  zone('src/routes.ts', ['src/core', ...ABOVE_CORE], 'routes.ts is plain data: it imports nothing of the app but the contract.'),
  zone('src/core', ABOVE_CORE, 'core is the bottom of the app: it may import only routes and contract (platform services are handed to it at start, see app.tsx).'),
  ...['src/platform', 'src/payment', 'src/tabBar.ts'].map((t) =>
    zone(t, ['src/hooks', 'src/components', 'src/features', 'src/pages', ...APP_ENTRY], 'payment/platform may import only core, routes and contract.'),
  ),
  zone('src/hooks', ['src/components', 'src/features', 'src/pages', ...APP_ENTRY], 'hooks may not import components, features or pages.'),
  zone('src/components', ['src/features', 'src/pages', ...APP_ENTRY], 'Shared components may not import features or pages.'),
  ...FEATURES.map((f) =>
    zone(
      `src/features/${f}`,
      ['src/pages', ...APP_ENTRY, ...FEATURES.filter((g) => g !== f).map((g) => `src/features/${g}`)],
      `features/${f} may not import pages or another feature: move what several features share to components/, hooks/ or payment/.`,
    ),
  ),
  zone('src/pages', APP_ENTRY, 'Pages may not import the app entry.'),
  { target: 'server', from: 'src', except: ['./contract'], message: 'server/ may import only src/contract.' },
]

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-h5/', 'coverage/', 'test-results/', 'data/', '.swc/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers the build enforces (see LAYER_ZONES), and no import cycles. The TypeScript resolver knows `@/…`
    // and picks x.h5.ts before x.ts as the H5 build and jest do; x.weapp.ts files are linted as files too.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the files it follows: TypeScript ones too (by default it skips all but .js).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), extensions: ['.h5.ts', '.h5.tsx', '.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The app bundle must never carry zod: the contract's schema files are imported as types only there.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod is server-side only; import contract types with `import type`.' }],
          patterns: [
            {
              group: ['@/contract/*', '!@/contract/constants', '!@/contract/endpoints', '!@/contract/envelope', '!@/contract/appInfo', '!@/contract/orderRules'],
              allowTypeImports: true,
              message: 'Contract schema files carry zod: import their types only (`import type`); runtime values live in constants/endpoints/envelope/appInfo/orderRules.',
            },
          ],
        },
      ],
    },
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
