import { defineConfig } from '@lingui/conf';
import babel from '@lingui/cli/api/extractors/babel';
import { formatter } from '@lingui/format-po';
import { UI_LOCALES } from '../../packages/contracts/src/profile-constants.ts';
import { apiTextsExtractor } from './src/lib/api-texts-extractor.ts';

/**
 * The server's catalogs (docs/i18n.md, "Mails" and "API errors"): the texts of the mails it sends,
 * written in English as `i18n._('…')` (src/lib/i18n.ts), and the messages of the API's errors,
 * found by `apiTextsExtractor` in the server and in the request schemas of the contracts. PO files
 * per language in src/locales.
 * `npm run extract -w @parley/server` adds new texts to every catalog.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...UI_LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: [
        '<rootDir>/src/modules',
        '<rootDir>/src/lib',
        '<rootDir>/src/plugins',
        '<rootDir>/../../packages/contracts/src',
      ],
      exclude: ['**/*.test.ts', '**/test/**'],
    },
  ],
  // Lingui runs the first extractor that takes a file: this one runs both on each.
  extractors: [
    {
      match: (filename) => babel.match(filename),
      async extract(filename, code, onMessageExtracted, ctx) {
        await babel.extract(filename, code, onMessageExtracted, ctx);
        if (apiTextsExtractor.match(filename)) {
          await apiTextsExtractor.extract(filename, code, onMessageExtracted, ctx);
        }
      },
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
