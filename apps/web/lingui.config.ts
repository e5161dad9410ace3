import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UI_LOCALES } from '../../packages/contracts/src/profile-constants.ts';
import { shellFiles } from './shell-reach.ts';

const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test/**',
  '**/testing/**',
  '**/*-testing.ts',
  '**/*-testing.tsx',
];

/**
 * The sources whose texts show before the rest of the app arrives: the sign-in page, the boot
 * spinner, the error page and the request helpers. Their messages form the small `entry`
 * catalog, which the sign-in route loads; everything else is in the `app` catalog, which comes
 * with the rest of the app. A text added to the sign-in route belongs in a file listed here.
 */
export const ENTRY_SOURCES = [
  '<rootDir>/src/features/auth/components/login-page.tsx',
  '<rootDir>/src/components/auth-kit.tsx',
  '<rootDir>/src/components/error-boundary.tsx',
  '<rootDir>/src/components/message-page.tsx',
  '<rootDir>/src/lib',
];

/**
 * What the signed-in shell shows on a first visit to the inbox: the shell, the inbox, the
 * conversation pane and what they import (statically or lazily), found by following the imports
 * (shell-reach.ts). Their messages form the `shell` catalog, which is all the inbox route loads;
 * every other page waits for the `app` catalog as its chunk loads (app/themed-app.tsx).
 */
// Vitest's module runner gives import.meta.dirname; the Lingui CLI a file: URL.
const SRC = import.meta.dirname
  ? join(import.meta.dirname, 'src')
  : fileURLToPath(new URL('./src', import.meta.url));
export const SHELL_SOURCES = shellFiles(SRC).map((file) => `<rootDir>/src/${relative(SRC, file)}`);

/**
 * The web app's catalogs, PO files per language in src/locales, English the source. The `app`
 * catalog takes every file under src, so a converted string is found wherever it lives; which
 * folders must have no inline text is I18N_CONVERTED_FOLDERS (scripts/i18n-check.mjs).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...UI_LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/entry/{locale}', include: ENTRY_SOURCES, exclude: TESTS },
    { path: '<rootDir>/src/locales/shell/{locale}', include: SHELL_SOURCES, exclude: TESTS },
    { path: '<rootDir>/src/locales/app/{locale}', include: ['<rootDir>/src'], exclude: TESTS },
  ],
  // Files, not line numbers: a moved line does not touch every catalog.
  format: formatter({ lineNumbers: false }),
  // The macros use the app's i18n (src/lib/i18n.ts), which is active from its first import:
  // a text read by any module finds its language set. lingui-plugins.ts resolves the name.
  runtimeConfigModule: { i18n: ['@parley/web-i18n', 'i18n'] },
  orderBy: 'messageId',
});
