import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import i18n from './scripts/eslint-i18n.mjs'

/** Every folder of src/features is a feature: a new one gets its import boundary by existing. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/** The import rules of ARCHITECTURE.md, each with the reason it exists. */
const restrict = (patterns) => ['error', { patterns }]
const noApp = {
  group: ['@/app', '@/app/*', '**/app/*'],
  message: 'Only src/app composes the app; nothing imports from it (it is the root).',
}
const noFeatures = {
  group: ['@/features', '@/features/*'],
  message:
    'Features are folders you can delete: shared code (lib, components, config) must not depend on them.',
}
const noComponents = {
  group: ['@/components', '@/components/*'],
  message: 'src/lib and src/config are adapters and data: they must not depend on UI components.',
}
const noBilling = {
  group: ['@/billing', '@/billing/*', '**/billing/*'],
  message:
    'src/billing is a domain: lib, config and components hold no domain and must not depend on it (features and app use billing, not the other way round).',
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'server',
      'test-results',
      'playwright-report',
      'bench/out',
      '.build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['react', 'react-dom', '@xstate/react', 'wouter', 'wouter/*'],
          message:
            'machines/ is pure logic: no React or router. Screens read the chart through selectors.',
        },
        {
          group: ['pocketbase', 'pocketbase/*'],
          message:
            'machines/ never talks to the SDK: effects go through the AuthPorts interface (src/lib/pocketbase implements it).',
        },
        {
          group: ['@/*', '../src/*', '../../src/*'],
          message:
            'machines/ must not import src/: the app depends on the chart, not the other way round.',
        },
      ]),
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'fetch',
          'navigator',
          'location',
        ].map((name) => ({
          name,
          message:
            'machines/ has no browser globals: ask for it through a port so the chart runs (and is tested) in node.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // A cycle makes load order matter and the layers meaningless; lazy import() is exempt.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // Every word people read comes from the message catalogue (issue: languages).
    files: ['src/**/*.tsx'],
    plugins: { i18n },
    rules: { 'i18n/no-jsx-literals': 'error' },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/config/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([noApp, noFeatures, noComponents, noBilling]) },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([noApp, noFeatures, noBilling]) },
  },
  {
    files: ['src/billing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        noApp,
        {
          group: ['@/features', '@/features/*'],
          message:
            'src/billing serves the billing features and knows none of them: move what a feature alone uses into that feature.',
        },
      ]),
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        noApp,
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message:
            'A feature never imports another feature: features meet only in src/app. Move shared code to src/billing (domain), src/components or src/lib.',
        },
      ]),
    },
  })),
  {
    files: [
      'tests/**/*.{ts,tsx,mjs}',
      'scripts/**/*.mjs',
      'bench/**/*.mjs',
      'vite.config.ts',
      'eslint.config.js',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
