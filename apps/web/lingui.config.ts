import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
// The catalogs present, as `npm run i18n:extract` last listed them (src/locales/shipped-locales.ts).
import { SHIPPED_LOCALES } from '../../packages/core/src/i18n/shipped-locales.ts';

// The app's message catalogs (README "Languages"): one PO file per shipped locale, kept in step with
// the code by `npm run i18n:extract`; Vite compiles the one a page needs at build time (@lingui/vite-plugin).
export default defineConfig({
  sourceLocale: 'en',
  locales: [...SHIPPED_LOCALES],
  // Lingui's pseudolocalization: every message accented, so an unwrapped string stands out in tests.
  pseudoLocale: 'en-XA',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/test/**', '**/node_modules/**'],
    },
  ],
  // No file:line origins: they would change every catalog on every edit of a wrapped file.
  format: formatter({ origins: false, lineNumbers: false }),
});
