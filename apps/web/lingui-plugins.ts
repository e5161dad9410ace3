import { fileURLToPath } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

// Found from here, so the root's test runner and the web build read the same config.
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const i18nModule = fileURLToPath(new URL('./src/lib/i18n.ts', import.meta.url));

/**
 * Lingui's macros (t, msg, plural, <Trans>) become catalog lookups at build time, and a `.po`
 * import becomes the compiled catalog. The app build and the web tests use the same plugins.
 * Only a source that imports a macro goes through Babel; the rest skip it.
 */
export function linguiPlugins(): PluginOption[] {
  const linguiConfig = getConfig({ configPath });
  const macro = defineRolldownBabelPreset({
    preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
    rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
  });
  return [
    babel({ presets: [macro] }),
    lingui({ configPath, failOnCompileError: true }),
    {
      name: 'parley:i18n-runtime',
      config: () => ({ resolve: { alias: { '@parley/web-i18n': i18nModule } } }),
    },
  ];
}
