import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
