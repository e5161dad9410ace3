import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { deepLibraryImports } from './first-visit-chunks';

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
