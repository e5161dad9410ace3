import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_ENTRY, modulesOfImport, resolveImport } from './feature-entries.ts';

/**
 * What a first visit to the inbox can show, as source files: the themed app's own frame, and the
 * signed-in shell, the inbox and the conversation pane with everything they import, however
 * lazily (a modal opened from the inbox reads in the chosen language at once). The `shell`
 * catalog (lingui.config.ts) holds the texts of exactly these files, so a settings page's texts
 * never weigh on the inbox route (docs/i18n.md).
 */
export const SHELL_ROOTS = {
  /** Its pages wait for every text as they load: only the frame itself counts. */
  frame: ['app/themed-app.tsx'],
  shell: [
    'app/shell-route.tsx',
    'features/inbox/components/inbox-page.tsx',
    'features/conversation/components/conversation-pane.tsx',
  ],
} as const;

/** The files `roots` (relative to `srcDir`) import, statically and (with `lazily`) through import(); not types. */
export function reach(srcDir: string, roots: readonly string[], lazily: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map((root) => path.join(srcDir, root));
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    // A named import from a feature's entry reaches the modules of those names, as in the build
    // (feature-entries.ts); anything else reaches the whole file.
    for (const [, clause = '', specifier = ''] of source.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)([^'"]*?)from\s*['"]([^'"]+)['"]/gm,
    )) {
      const resolved = resolveImport(file, specifier);
      const named = /^\{([^}]*)\}$/.exec(clause.trim());
      if (resolved && named && FEATURE_ENTRY.test(resolved) && !FEATURE_ENTRY.test(file))
        stack.push(...modulesOfImport(resolved, named[1]!));
      else if (resolved) stack.push(resolved);
    }
    const specifiers = [
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

/** The source files of a first visit to the inbox (SHELL_ROOTS), sorted. */
export function shellFiles(srcDir: string): string[] {
  return [
    ...new Set([
      ...reach(srcDir, SHELL_ROOTS.frame, false),
      ...reach(srcDir, SHELL_ROOTS.shell, true),
    ]),
  ].sort();
}
