import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { UI_LOCALES } from '../../packages/contracts/src/profile-constants.ts';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * The widget's catalogs, PO files per language in src/locales, English the source; the widget
 * speaks the agent app's languages (UI_LOCALES). Two catalogs, so each bundle carries only its
 * own texts: the chat app's (src/app: `{locale}.po`, English bundled, the others fetched on
 * demand) and the loader's few (src/loader: `loader/{locale}.po`, all bundled, they are tiny).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...UI_LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src/app'], exclude: TESTS },
    {
      path: '<rootDir>/src/locales/loader/{locale}',
      include: ['<rootDir>/src/loader'],
      exclude: TESTS,
    },
  ],
  // Files, not line numbers: a moved line does not touch every catalog.
  format: formatter({ lineNumbers: false }),
  // The macros use the chat app's i18n (src/app/i18n.ts); lingui-plugins.ts resolves the name.
  runtimeConfigModule: { i18n: ['@parley/widget-i18n', 'i18n'] },
  orderBy: 'messageId',
});
