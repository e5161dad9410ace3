import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { deepLibraryImports, firstVisitChunks } from './first-visit-chunks';

// A path string: jsdom's URL is not the one node:url expects.
const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/');
const require = createRequire(import.meta.url);
const antd = (part: string) =>
  JSON.stringify(path.join(path.dirname(require.resolve('antd/package.json')), 'es', part));

function transform(plugin: Plugin, code: string, id = path.join(srcDir, 'x/page.tsx')) {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({} as never, code, id)?.code ?? null;
}

describe('deepLibraryImports: our imports from the antd and icon barrels name their modules', () => {
  const plugin = deepLibraryImports(srcDir);

  it('imports each component from its own module, keeping aliases and type-only names', () => {
    const code = transform(
      plugin,
      "import { Button, Layout as Frame, type MenuProps } from 'antd';\nconst x = 1;",
    );
    expect(code).toBe(
      `import Button from ${antd('button')}; import Frame from ${antd('layout')}; ` +
        "import type { MenuProps } from 'antd';\nconst x = 1;",
    );
  });

  it('does the same for icons', () => {
    const code = transform(plugin, "import { PlusOutlined } from '@ant-design/icons';");
    expect(code).toMatch(
      /^import PlusOutlined from ".*@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]PlusOutlined";$/,
    );
  });

  it('leaves a statement naming something the barrel does not export plainly, and files outside the app', () => {
    expect(transform(plugin, "import { NotAComponent } from 'antd';")).toBeNull();
    expect(transform(plugin, "import { Button } from 'antd';", '/elsewhere/page.tsx')).toBeNull();
    expect(transform(plugin, "import type { MenuProps } from 'antd';")).toBeNull();
  });
});

describe('firstVisitChunks: which step’s chunk each module goes to', () => {
  // entry → (lazy) themed → (lazy) shell, public page, settings page; shell → (lazy) pane.
  const graph: Record<string, { imports?: string[]; lazy?: string[] }> = {
    'main.tsx': { imports: ['react'], lazy: ['themed.tsx'] },
    react: {},
    'themed.tsx': { imports: ['antd-core'], lazy: ['shell.tsx', 'signup.tsx', 'settings.tsx'] },
    'antd-core': { imports: ['form-engine'] },
    'form-engine': {},
    'shell.tsx': { imports: ['button', 'menu', 'store'], lazy: ['pane.tsx'] },
    button: { imports: ['antd-core'] },
    menu: {},
    store: {},
    'signup.tsx': { imports: ['button'] },
    'settings.tsx': { imports: ['menu', 'select'] },
    'pane.tsx': { imports: ['composer', 'select', 'button'] },
    composer: {},
    select: {},
  };
  const id = (name: string) => path.join(srcDir, name);
  const { plugin, groups } = firstVisitChunks(srcDir, {
    entry: 'main.tsx',
    steps: [
      { name: 'themed-app', from: ['themed.tsx'] },
      { name: 'shell', from: ['shell.tsx'] },
      { name: 'conversation', from: ['pane.tsx'], sharedWith: 'none' },
    ],
    publicPages: ['signup.tsx'],
    manifestFile: 'first-visit.json',
    lazyOnly: /form-engine/,
  });
  const context = {
    getModuleIds: () => Object.keys(graph).map(id)[Symbol.iterator](),
    getModuleInfo: (moduleId: string) => {
      const node = graph[path.relative(srcDir, moduleId)];
      return node
        ? {
            importedIds: (node.imports ?? []).map(id),
            dynamicallyImportedIds: (node.lazy ?? []).map(id),
          }
        : null;
    },
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  const chunkOf = (name: string) =>
    groups.find((group) => group.test(id(name)))?.name ?? 'automatic';

  it('keeps the entry’s modules in the entry chunk', () => {
    expect(chunkOf('main.tsx')).toBe('automatic');
    expect(chunkOf('react')).toBe('automatic');
  });

  it('gives each step what its first render imports, less the earlier steps’', () => {
    expect(chunkOf('themed.tsx')).toBe('themed-app');
    expect(chunkOf('antd-core')).toBe('themed-app');
    expect(chunkOf('shell.tsx')).toBe('shell');
    expect(chunkOf('store')).toBe('shell');
    expect(chunkOf('composer')).toBe('conversation');
  });

  it('moves what the shell shares with a public page up to the themed app; signed-in pages share the shell', () => {
    expect(chunkOf('button')).toBe('themed-app');
    expect(chunkOf('menu')).toBe('shell');
  });

  it('leaves what the pane shares with any other page to the automatic splitting', () => {
    expect(chunkOf('select')).toBe('automatic');
  });

  it('never puts a lazy-only library module in a step, however it is reached', () => {
    expect(chunkOf('form-engine')).toBe('automatic');
  });

  it('lists, per step, the files its chunk loads beyond the entry’s, with their styles, for the server to preload', () => {
    const chunk = (fileName: string, more: Record<string, unknown>) => ({
      type: 'chunk',
      fileName,
      imports: [],
      moduleIds: [],
      name: fileName.replace(/\.js$/, ''),
      ...more,
    });
    const bundle = {
      'main.js': chunk('main.js', { isEntry: true, imports: ['runtime.js'] }),
      'runtime.js': chunk('runtime.js', {}),
      'themed-app.js': chunk('themed-app.js', {
        imports: ['runtime.js', 'context.js'],
        viteMetadata: { importedCss: new Set(['themed-app.css']) },
      }),
      'context.js': chunk('context.js', {}),
      'shell.js': chunk('shell.js', { imports: ['themed-app.js'] }),
      'conversation.js': chunk('conversation.js', { imports: ['shell.js'] }),
      'signup.js': chunk('signup.js', {
        facadeModuleId: id('signup.tsx'),
        imports: ['themed-app.js'],
      }),
    };
    const emitted: { fileName: string; source: string }[] = [];
    const build = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    (plugin.generateBundle as unknown as (this: typeof build, o: unknown, b: unknown) => void).call(
      build,
      {},
      bundle,
    );
    expect(emitted.map((file) => file.fileName)).toEqual(['first-visit.json']);
    const files = JSON.parse(emitted[0]!.source) as Record<string, string[]>;
    expect(files['themed-app']).toEqual(['/themed-app.js', '/themed-app.css', '/context.js']);
    expect(files['shell']?.sort()).toEqual(
      ['/shell.js', '/themed-app.js', '/themed-app.css', '/context.js'].sort(),
    );
    expect(files['conversation']).toContain('/conversation.js');
    expect(Object.values(files).flat()).not.toContain('/runtime.js');
  });
});
