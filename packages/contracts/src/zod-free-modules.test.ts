import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app and the widget ship no zod unless a page needs a schema: they import values from
 * contract modules that build none, and the package's `"sideEffects": false` lets the bundler
 * leave every other module out (index.ts). No source is rewritten to get there.
 */

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const appsDir = path.resolve(srcDir, '../../../apps');

/** Schemas the apps use at run time, each on a page loaded on demand (never login or inbox). */
const SCHEMAS_IN_APPS = new Map([
  // Settings → Email setup checks the SMTP host the way the server will.
  ['emailSmtpSettingsBody', 'web/src/features/email-setup/components/sending-server-fields.tsx'],
]);

const valueImports = (source: string, from: RegExp) =>
  [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)]
    .filter(([, typeOnly, , module = '']) => !typeOnly && from.test(module))
    .flatMap(([, , list = '', module = '']) =>
      list
        .split(',')
        .map((specifier) => specifier.trim())
        .filter((specifier) => specifier && !specifier.startsWith('type '))
        .map((specifier) => ({ name: specifier.split(/\s+as\s+/)[0]!, module })),
    );

const contractModules = new Map(
  fs
    .readdirSync(srcDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
    .map((file) => [file.replace(/\.ts$/, ''), fs.readFileSync(path.join(srcDir, file), 'utf8')]),
);

function zodFree(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module)) return true;
  seen.add(module);
  return valueImports(contractModules.get(module)!, /./).every(
    ({ module: from }) => from.startsWith('./') && zodFree(from.slice(2), seen),
  );
}

const definedIn = new Map<string, string>();
for (const [module, source] of contractModules) {
  for (const [, name = ''] of source.matchAll(/^export (?:const|function|class|let) ([\w$]+)/gm))
    definedIn.set(name, module);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['test', 'testing'].includes(entry.name) ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('contract modules and zod', () => {
  it('a module that builds no schema imports no zod, directly or through another module', () => {
    const zodFreeModules = [
      'constants',
      'validators',
      'errors',
      'help-widget-frame',
      ...[...contractModules.keys()].filter((module) => module.endsWith('-constants')),
    ];
    expect(zodFreeModules.filter((module) => !zodFree(module))).toEqual([]);
  });

  it('the web app and the widget import values from zod-free modules only, but for the listed schemas', () => {
    const offenders: string[] = [];
    for (const app of ['web', 'widget']) {
      for (const file of sourceFiles(path.join(appsDir, app, 'src'))) {
        const where = path.relative(appsDir, file);
        for (const { name } of valueImports(
          fs.readFileSync(file, 'utf8'),
          /^@parley\/contracts$/,
        )) {
          const module = definedIn.get(name);
          if (!module) offenders.push(`${where}: ${name} is exported by no contract module`);
          else if (!zodFree(module) && SCHEMAS_IN_APPS.get(name) !== where)
            offenders.push(`${where}: ${name} from ${module}.ts`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
