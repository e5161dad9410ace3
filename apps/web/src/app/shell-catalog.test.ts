import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_SOURCES } from '../../lingui.config';
import { reach, SHELL_ROOTS } from '../../shell-reach';

const SRC = path.resolve(import.meta.dirname, '..');

const inShellCatalog = (file: string) =>
  SHELL_SOURCES.some((source) => {
    const covered = path.join(SRC, source.replace('<rootDir>/src/', ''));
    return file === covered || file.startsWith(`${covered}${path.sep}`);
  });

const hasTexts = (file: string) =>
  /from '@lingui\/(core|react)\/macro'/.test(fs.readFileSync(file, 'utf8'));

describe('the shell catalog (lib/i18n.ts): a first visit to the inbox reads every text it shows, and no more', () => {
  it('holds the texts of every module the shell, the inbox and the conversation pane load, however lazily', () => {
    const shown = [
      // The themed app's own frame; its pages wait for every text as they load.
      ...reach(SRC, SHELL_ROOTS.frame, false),
      ...reach(SRC, SHELL_ROOTS.shell, true),
    ].filter(hasTexts);
    expect(shown.length).toBeGreaterThan(50);
    // A lazily opened part of the inbox is in: it reads in the chosen language at once.
    expect(shown).toContain(path.join(SRC, 'features/conversation/components/merge-modal.tsx'));
    expect(shown.filter((file) => !inShellCatalog(file)).map((f) => path.relative(SRC, f))).toEqual(
      [],
    );
  });

  it('leaves out the texts of pages the inbox never shows (settings, sign-in), which the app catalog carries', () => {
    const pages = [
      'components/business-hours-editor.tsx',
      'app/settings-menu.tsx',
      'features/auth/components/signup-page.tsx',
      'features/fast-reply/components/fast-replies-page.tsx',
    ].map((page) => path.join(SRC, page));
    expect(pages.filter(hasTexts)).toEqual(pages);
    expect(pages.filter(inShellCatalog)).toEqual([]);
  });
});
