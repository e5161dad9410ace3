import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_SOURCES } from '../../lingui.config';

const SRC = path.resolve(import.meta.dirname, '..');

/** A relative import's file, as the bundler resolves it (the extension or an index omitted). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The files `roots` import, statically and (with `lazily`) through import(): not types. */
function reach(roots: string[], lazily: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map((root) => path.join(SRC, root));
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/gm),
      ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
      ...(lazily ? source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g) : []),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const resolved = resolveImport(file, specifier);
      if (resolved) stack.push(resolved);
    }
  }
  return seen;
}

const inShellCatalog = (file: string) =>
  SHELL_SOURCES.some((source) => {
    const covered = path.join(SRC, source.replace('<rootDir>/src/', ''));
    return file === covered || file.startsWith(`${covered}${path.sep}`);
  });

describe('the shell catalog (lib/i18n.ts): everything a first visit to the inbox shows is in it', () => {
  it('holds the texts of every module the shell, the inbox and the conversation pane load, however lazily', () => {
    const shown = new Set([
      // The themed app's own frame; its pages wait for every text as they load.
      ...reach(['app/themed-app.tsx'], false),
      ...reach(
        [
          'app/shell-route.tsx',
          'features/inbox/components/inbox-page.tsx',
          'features/conversation/components/conversation-pane.tsx',
        ],
        true,
      ),
    ]);
    const withTexts = [...shown].filter((file) =>
      /from '@lingui\/(core|react)\/macro'/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(withTexts.length).toBeGreaterThan(50);
    const missing = withTexts.filter((file) => !inShellCatalog(file));
    expect(missing.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
