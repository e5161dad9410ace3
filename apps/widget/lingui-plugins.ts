import { fileURLToPath } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

// Found from here, so the root's test runner and the widget's builds read the same config.
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const i18nModule = fileURLToPath(new URL('./src/app/i18n.ts', import.meta.url));

/**
 * Lingui's macros (t, msg, plural) become catalog lookups at build time, and a `.po` import
 * becomes the compiled catalog. Both builds and the widget's tests use the same plugins; only a
 * source that imports a macro goes through Babel.
 */
export function linguiPlugins(): PluginOption[] {
  const linguiConfig = getConfig({ configPath });
  const macro = defineRolldownBabelPreset({
    preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
    rolldown: { filter: { code: /@lingui\/core\/macro/ } },
  });
  return [
    babel({ presets: [macro] }),
    lingui({ configPath, failOnCompileError: true }),
    {
      name: 'parley:widget-i18n-runtime',
      config: () => ({ resolve: { alias: { '@parley/widget-i18n': i18nModule } } }),
    },
  ];
}
