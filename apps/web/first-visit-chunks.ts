import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * How the agent app is cut into chunks for a first visit (docs/benchmarks.md: LCP ≤ 1 s, inbox route
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
  /**
   * Which pages may load this step's chunk for a module they share with it:
   * - 'signed-in' (the default): the pages inside the shell, which always come after this step.
   *   A module the public pages use too goes to the first step's chunk, which they load anyway.
   * - 'none': no other page (this step's chunk may never have been loaded): a module another
   *   page uses too is left to the automatic splitting.
   */
  sharedWith?: 'signed-in' | 'none';
}

export interface FirstVisitOptions {
  /** The app's entry (relative to the sources): its modules stay in the entry chunk. */
  entry: string;
  /** In the order a first visit loads them; the first is loaded by every page. */
  steps: FirstVisitStep[];
  /** The pages rendered outside the shell (relative to the sources): they never load the shell. */
  publicPages: string[];
  /** Where in the output the files of each step are listed (for the server's preload links). */
  manifestFile: string;
  /**
   * Library modules never put in a step's chunk. The steps are found by following imports, not
   * the bindings used: antd's inputs import @rc-component/form's index for one small context, and
   * following it would put the whole form engine in the themed app's chunk although tree-shaking
   * leaves the first visit nothing of it but that context. Left to the automatic splitting, each
   * such module arrives with the first page that really uses it.
   */
  lazyOnly?: RegExp;
}

/**
 * The plugin that maps each module to its step once the module graph is known, the
 * code-splitting groups that put each step's modules in one chunk, and a check of the output:
 * a public page that would load a later step's chunk fails the build.
 */
export function firstVisitChunks(
  srcDir: string,
  { entry, steps, publicPages, lazyOnly, manifestFile }: FirstVisitOptions,
): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
} {
  const stepOf = new Map<string, string>();
  const inSrc = (file: string) => path.join(srcDir, file);
  const plugin: Plugin = {
    name: 'parley:first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      /** The modules `from` imports statically, skipping (and adding to) `seen`. */
      const reach = (from: string[], seen = new Set<string>()) => {
        const reached = new Set<string>();
        const stack = [...from];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          reached.add(id);
          stack.push(...imports(id));
        }
        return reached;
      };
      const taken = new Set<string>();
      reach([inSrc(entry)], taken);
      const usedByPublicPages = reach(publicPages.map(inSrc));
      const [first, ...later] = steps;
      if (!first) return;
      for (const id of reach(first.from.map(inSrc), taken)) stepOf.set(id, first.name);
      for (const step of later) {
        const own = reach(step.from.map(inSrc), taken);
        let usedElsewhere: Set<string>;
        if (step.sharedWith === 'none') {
          // Every other lazily loaded module, but for the step's own lazy parts.
          const others = [...this.getModuleIds()].flatMap((id) =>
            own.has(id) ? [] : (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
          );
          const fromSet = new Set(step.from.map(inSrc));
          usedElsewhere = reach(others.filter((id) => !fromSet.has(id)));
        } else {
          usedElsewhere = usedByPublicPages;
        }
        for (const id of own) {
          if (!usedElsewhere.has(id)) stepOf.set(id, step.name);
          else if (step.sharedWith !== 'none') stepOf.set(id, first.name);
        }
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** `from` and the chunks it imports statically, to the end. */
      const loadedWith = (from: OutputChunk) => {
        const files = new Set<string>();
        const stack = [from];
        for (let next = stack.pop(); next; next = stack.pop()) {
          if (files.has(next.fileName)) continue;
          files.add(next.fileName);
          for (const file of next.imports) {
            const imported = byFile.get(file);
            if (imported) stack.push(imported);
          }
        }
        return files;
      };
      // Per step, the files its chunk loads that the entry (named by index.html) does not.
      const entryChunk = chunks.find((chunk) => chunk.isEntry);
      const withEntry = entryChunk ? loadedWith(entryChunk) : new Set<string>();
      const firstVisitFiles: Record<string, string[]> = {};
      for (const step of steps) {
        const chunk = chunks.find((candidate) => candidate.name === step.name);
        if (!chunk) this.error(`no chunk for the first-visit step ${step.name}`);
        // The chunks' styles too: the import of a chunk waits for them (Vite's preload helper).
        firstVisitFiles[step.name] = [...loadedWith(chunk)]
          .filter((file) => !withEntry.has(file))
          .flatMap((file) => [file, ...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])
          .map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: manifestFile,
        source: JSON.stringify(firstVisitFiles),
      });
      const laterSteps = new Set(steps.slice(1).map((step) => step.name));
      for (const page of publicPages.map(inSrc)) {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === page);
        // A renamed or removed page must not pass unchecked: the list is kept by hand.
        if (!chunk) this.error(`${path.relative(srcDir, page)} is in publicPages but is no page`);
        const stack = [chunk];
        const loaded = new Set<string>();
        for (let next = stack.pop(); next; next = stack.pop()) {
          if (loaded.has(next.fileName)) continue;
          loaded.add(next.fileName);
          const step = next.moduleIds
            .map((id) => stepOf.get(id) ?? '')
            .find((name) => laterSteps.has(name));
          if (step) {
            this.error(
              `${path.relative(srcDir, page)} (a public page) would load the ${step} chunk: ` +
                'see first-visit-chunks.ts',
            );
          }
          for (const file of next.imports) {
            const imported = byFile.get(file);
            if (imported) stack.push(imported);
          }
        }
      }
    },
  };
  const groups = steps.map((step, index) => ({
    name: step.name,
    test: (id: string) => stepOf.get(id) === step.name && !lazyOnly?.test(id),
    priority: steps.length - index,
  }));
  return { plugin, groups };
}
