import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the agent app is cut into chunks for a first visit (design.md §7: LCP ≤ 1 s, inbox route
 * ≤ 350 KB gzip JS). Left to itself, the bundler splits the code shared between lazy pages into
 * the smallest common pieces: the inbox came in 76 files (antd's parts, single icons, hooks).
 * A browser fetches six at a time, and on a first visit the main thread sat idle for 300 ms
 * while they queued. Here each step of a first visit — the themed app, the shell with the inbox,
 * the conversation pane — gets the modules its first render imports, less those an earlier step
 * brought, as one chunk. The pages loaded later share from these chunks (in by then) and are
 * split as before.
 */

const require = createRequire(import.meta.url);

/** `export { default as Button } from './button';` → Button: ./button (default). */
function barrelExports(barrelFile: string): Map<string, { file: string; named: string }> {
  const exports = new Map<string, { file: string; named: string }>();
  const source = fs.readFileSync(barrelFile, 'utf8');
  for (const [, list = '', from = ''] of source.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const file = path.resolve(path.dirname(barrelFile), from);
    for (const specifier of list.split(',')) {
      const [named = '', alias] = specifier.trim().split(/\s+as\s+/);
      if (named) exports.set(alias ?? named, { file, named });
    }
  }
  return exports;
}

/**
 * Rewrites `import { Button, type MenuProps } from 'antd'` (and the same from
 * `@ant-design/icons`) in our sources into imports of the modules that define them. The bundle
 * is the same: tree-shaking dropped the rest of those barrels anyway. But the module graph now
 * says which parts of antd each of our modules uses, which firstVisitChunks needs: through a
 * barrel, every page seems to import all of antd.
 */
export function deepLibraryImports(srcDir: string): Plugin {
  const barrels = new Map([
    ['antd', barrelExports(require.resolve('antd/es/index.js'))],
    [
      '@ant-design/icons',
      barrelExports(
        path.join(
          path.dirname(require.resolve('@ant-design/icons/package.json')),
          'es/icons/index.js',
        ),
      ),
    ],
  ]);
  const importStatement = /import\s*\{([^}]*)\}\s*from\s*'(antd|@ant-design\/icons)';/g;
  return {
    name: 'parley:deep-library-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id)) return null;
      let changed = false;
      const rewritten = code.replace(importStatement, (statement, list: string, from: string) => {
        const exports = barrels.get(from);
        const types: string[] = [];
        const lines: string[] = [];
        for (const raw of list.split(',')) {
          const specifier = raw.trim();
          if (!specifier) continue;
          if (specifier.startsWith('type ')) {
            types.push(specifier.slice(5));
            continue;
          }
          const [name = '', local = name] = specifier.split(/\s+as\s+/);
          const target = exports?.get(name);
          // Anything the barrel does not name plainly stays as it was.
          if (!target) return statement;
          const file = JSON.stringify(target.file);
          lines.push(
            target.named === 'default'
              ? `import ${local} from ${file};`
              : `import { ${target.named} as ${local} } from ${file};`,
          );
        }
        changed = true;
        if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${from}';`);
        return lines.join(' ');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}

export interface FirstVisitStep {
  /** The chunk's name. */
  name: string;
  /** The modules (relative to the sources) whose first render this step serves. */
  from: string[];
}

/**
 * The plugin that maps each module to its step (after the module graph is known) and the
 * code-splitting groups that put each step's modules in one chunk.
 */
export function firstVisitChunks(
  srcDir: string,
  entry: string,
  steps: FirstVisitStep[],
): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
} {
  const stepOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'parley:first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const seen = new Set<string>();
      const reach = (from: string[]) => {
        const reached: string[] = [];
        const stack = from.map((file) => path.join(srcDir, file));
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          reached.push(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return reached;
      };
      // The entry's own modules stay in the entry chunk (the login route).
      reach([entry]);
      for (const step of steps) for (const id of reach(step.from)) stepOf.set(id, step.name);
    },
  };
  const groups = steps.map((step, index) => ({
    name: step.name,
    test: (id: string) => stepOf.get(id) === step.name,
    priority: steps.length - index,
  }));
  return { plugin, groups };
}
