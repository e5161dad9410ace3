import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { UI_LOCALES } from '../../packages/contracts/src/profile-constants.ts';

/**
 * The server's catalogs (docs/i18n.md, "Mails"): the texts of the mails it sends, written in
 * English as `i18n._('…')` (src/lib/i18n.ts), PO files per language in src/locales.
 * `npm run extract -w @parley/server` adds new texts to every catalog.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...UI_LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src/modules', '<rootDir>/src/lib'],
      exclude: ['**/*.test.ts', '**/test/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
