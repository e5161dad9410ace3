import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A feature's public entry, `features/<name>/index.ts`: what the rest of the app imports from the
 * feature (docs/ARCHITECTURE.md, "Boundaries"; `npm run check:bounds`). It only re-exports, by
 * name: `export { a, b as c } from './inner'`, `export type { T } from './inner'`.
 */
export const FEATURE_ENTRY = /[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/;

/** A relative import's file, as the bundler resolves it (the extension or an index omitted). */
export function resolveImport(from: string, specifier: string): string | null {
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

type EntryExports = Map<string, { file: string; named: string }>;
const parsed = new Map<string, { mtime: number; exports: EntryExports }>();

/**
 * `export { a, b as c } from './inner'` in an entry → a: inner (a), c: inner (b). Type-only names
 * are left out (they are erased), and so is anything the entry declares itself.
 */
export function entryExports(entryFile: string): EntryExports {
  const mtime = fs.statSync(entryFile).mtimeMs;
  const cached = parsed.get(entryFile);
  if (cached?.mtime === mtime) return cached.exports;
  const exports: EntryExports = new Map();
  const source = fs.readFileSync(entryFile, 'utf8');
  for (const [, list = '', from = ''] of source.matchAll(
    /^export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm,
  )) {
    const file = resolveImport(entryFile, from);
    if (!file) continue;
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier || specifier.startsWith('type ')) continue;
      const [named = '', alias] = specifier.split(/\s+as\s+/);
      exports.set(alias ?? named, { file, named });
    }
  }
  parsed.set(entryFile, { mtime, exports });
  return exports;
}

/** The names of an import list (`a, b as c, type T`), as [imported, local], type-only ones apart. */
function importedNames(list: string) {
  const values: Array<[imported: string, local: string]> = [];
  const types: string[] = [];
  for (const raw of list.split(',')) {
    const specifier = raw.trim();
    if (!specifier) continue;
    if (specifier.startsWith('type ')) {
      types.push(specifier.slice(5).trim());
      continue;
    }
    const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
    values.push([imported, local]);
  }
  return { values, types };
}

/**
 * The modules that `import { …list } from <entryFile>` really needs: the module of each name, or
 * the entry itself for a name it does not re-export plainly.
 */
export function modulesOfImport(entryFile: string, list: string): string[] {
  const exports = entryExports(entryFile);
  return [
    ...new Set(
      importedNames(list).values.map(([imported]) => exports.get(imported)?.file ?? entryFile),
    ),
  ];
}

/**
 * Rewrites `import { useGetMeQuery, type Me } from '../features/auth'` in our sources into imports
 * of the modules that define the names, as deepLibraryImports does for antd (first-visit-chunks.ts).
 * An entry re-exports modules with top-level work (a slice, an API's endpoints, a lazy component):
 * imported through it, every one of them would be kept, and would count as imported for the
 * first-visit chunks, wherever one name is used. Rewritten, an entry costs no bytes and each page
 * carries what it uses, as it did with deep imports.
 */
export function featureEntryImports(srcDir: string): Plugin {
  const statement = /^import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2;?/gm;
  return {
    name: 'parley:feature-entry-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || FEATURE_ENTRY.test(id)) return null;
      let changed = false;
      const rewritten = code.replace(
        statement,
        (whole: string, list: string, quote: string, specifier: string) => {
          const entry = resolveImport(id, specifier);
          if (!entry || !FEATURE_ENTRY.test(entry)) return whole;
          const exports = entryExports(entry);
          const { values, types } = importedNames(list);
          if (values.length === 0 && types.length === 0) return whole;
          const lines: string[] = [];
          const kept: string[] = [];
          for (const [imported, local] of values) {
            const target = exports.get(imported);
            if (target)
              lines.push(
                `import { ${target.named} as ${local} } from ${JSON.stringify(target.file)};`,
              );
            else kept.push(imported === local ? imported : `${imported} as ${local}`);
          }
          // Anything the entry does not re-export plainly still comes from it.
          if (kept.length > 0)
            lines.push(`import { ${kept.join(', ')} } from ${quote}${specifier}${quote};`);
          if (types.length > 0)
            lines.push(`import type { ${types.join(', ')} } from ${quote}${specifier}${quote};`);
          changed = true;
          return lines.join(' ');
        },
      );
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
