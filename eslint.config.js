import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layer boundaries of apps/web/src (ARCHITECTURE.md habit 4): core → lib, ui → features → app. A
// feature never imports another feature (shared things move down to lib/, ui/ or @onair/core), and
// lib/ and ui/ never import a feature or app/. Imports are relative, so what a specifier reaches
// depends on how deep the importing file sits: one block per depth. Every folder of features/ is
// covered as it appears.
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_MESSAGE =
  'Features never import each other or app/: move the shared piece to lib/, ui/ or @onair/core.';
const LOWER_LAYER_MESSAGE = 'lib/ and ui/ sit below the features: they never import a feature or app/.';
const up = (levels) => `(?:\\.\\./){${levels}}`;

/** Static and dynamic (`import('…')`, e.g. React.lazy) imports whose specifier matches one of `regexes`. */
function restrictImports(regexes, message) {
  return {
    'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }],
    // esquery regex literals cannot hold '/', so it is written \x2F here.
    'no-restricted-syntax': [
      'error',
      ...regexes.map((regex) => ({
        selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  };
}

/** One block per folder depth below src/ (depth 2: features/x/file.tsx). */
function webLayerBlocks(filesAt, regexesAt, message) {
  return [2, 3, 4].map((depth) => ({
    files: [filesAt(depth)],
    rules: restrictImports(regexesAt(depth), message),
  }));
}

const webBoundaries = [
  ...WEB_FEATURES.flatMap((feature) =>
    webLayerBlocks(
      (depth) => `${WEB_SRC}/features/${feature}/${'*/'.repeat(depth - 2)}*.{ts,tsx}`,
      (depth) => [
        // '../other/…' from features/<feature>/file: a sibling feature.
        `^${up(depth - 1)}(?!\\.\\.|${feature}/)`,
        // '../../app/…', '../../features/other/…' through src/.
        `^${up(depth)}(?:app/|features/(?!${feature}/))`,
      ],
      FEATURE_MESSAGE,
    ),
  ),
  ...['lib', 'ui'].flatMap((layer) =>
    webLayerBlocks(
      (depth) => `${WEB_SRC}/${layer}/${'*/'.repeat(depth - 2)}*.{ts,tsx}`,
      (depth) => [`^${up(depth - 1)}(?:app|features)/`],
      LOWER_LAYER_MESSAGE,
    ),
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Promises that nobody awaits or catches lose their errors silently: every floating promise is
    // awaited, returned, or discarded on purpose with `void` (where the owner reports its own errors).
    files: ['**/*.{ts,tsx}'],
    // Test-runner configs belong to no TypeScript project.
    ignores: ['**/vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The core is pure: no Node or browser APIs outside its tests (time and input are passed in).
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // Nor does it import the apps built on it (web, server), by package name or by path.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'react*', '@onair/*', '**/apps/**'] },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'window', 'document', 'localStorage', 'fetch'],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass `now` in.',
        },
        { selector: 'NewExpression[callee.name="Date"][arguments.length=0]', message: 'Pass `now` in.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  {
    // An import cycle makes evaluation order matter (a value read before its module ran) and ties
    // the modules in it into one unit. Type-only imports are erased, so they never count.
    files: ['{packages,apps}/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
