import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { featureEntryImports } from './feature-entries';
import { reach } from './shell-reach';

// A path string: jsdom's URL is not the one node:url expects.
const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/');
const inSrc = (file: string) => path.join(srcDir, file);

function transform(plugin: Plugin, code: string, id = inSrc('features/inbox/components/x.tsx')) {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({} as never, code, id)?.code ?? null;
}

describe('featureEntryImports: an import from a feature’s entry names the modules it uses', () => {
  const plugin = featureEntryImports(srcDir);

  it('imports each name from its own module, keeping aliases and type-only names', () => {
    const code = transform(
      plugin,
      "import {\n  usePreloadTicket,\n  ConversationPane as Pane,\n  type PreloadTicket,\n} from '../../conversation';\nconst x = 1;",
    );
    const file = (name: string) => JSON.stringify(inSrc(`features/conversation/${name}`));
    expect(code).toBe(
      `import { usePreloadTicket as usePreloadTicket } from ${file('hooks/use-preload-ticket.ts')}; ` +
        `import { ConversationPane as Pane } from ${file('lazy-conversation-pane.ts')}; ` +
        "import type { PreloadTicket } from '../../conversation';\nconst x = 1;",
    );
  });

  it('leaves imports of inner files, of other packages, type-only imports, and the entries themselves', () => {
    expect(
      transform(plugin, "import { usePreloadTicket } from './use-preload-ticket';"),
    ).toBeNull();
    expect(transform(plugin, "import { Button } from 'antd';")).toBeNull();
    expect(transform(plugin, "import type { FastReply } from '../../fast-reply';")).toBeNull();
    expect(
      transform(
        plugin,
        "export { authSlice } from './auth-slice';",
        inSrc('features/auth/index.ts'),
      ),
    ).toBeNull();
    expect(transform(plugin, "import { meApi } from '../../auth';", '/elsewhere/x.tsx')).toBeNull();
  });

  it('every feature’s entry only re-exports by name, so that each name has a module to come from', () => {
    const entries = fs
      .readdirSync(inSrc('features'))
      .map((feature) => inSrc(`features/${feature}/index.ts`))
      .filter((file) => fs.existsSync(file));
    expect(entries.length).toBeGreaterThan(10);
    const declaring = entries.filter((file) => {
      const code = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replace(/^export\s+(type\s+)?\{[^}]*\}\s*from\s*['"][^'"]+['"];?/gm, '');
      return code.trim() !== '';
    });
    expect(declaring.map((file) => path.relative(srcDir, file))).toEqual([]);
  });
});

describe('the shell catalog’s reach follows an entry to the modules of the names imported', () => {
  it('a file importing one name of an entry reaches that name’s module, not the entry’s others', () => {
    const reached = reach(srcDir, ['app/store.ts'], false);
    expect(reached).toContain(inSrc('features/fast-reply/fast-reply-slice.ts'));
    expect(reached).not.toContain(inSrc('features/fast-reply/components/fast-reply-picker.tsx'));
    expect(reached).not.toContain(inSrc('features/fast-reply/index.ts'));
  });
});
