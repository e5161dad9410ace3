import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { I18nProvider } from '@lingui/react';
import type { UiLocale } from '@parley/contracts';
import { i18n, isRightToLeft, loadShellCatalog } from '../lib/i18n';
import { useLocale, useResolvedTheme } from '../lib/preferences';
import { themeFor } from './theme';
// oxlint-disable-next-line import/no-unassigned-import -- the antd controls' 24 px targets, on every page
import '../components/touch-targets.css';

/** antd's own texts (date pickers, empty tables, pagination) in each language but English, its default. */
const ANTD_LOCALES: Record<Exclude<UiLocale, 'en'>, () => Promise<{ default: AntdLocale }>> = {
  es: () => import('antd/es/locale/es_ES'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
  fr: () => import('antd/es/locale/fr_FR'),
  de: () => import('antd/es/locale/de_DE'),
  hi: () => import('antd/es/locale/hi_IN'),
  ar: () => import('antd/es/locale/ar_EG'),
};

function useAntdLocale(locale: UiLocale): AntdLocale | undefined {
  const [loaded, setLoaded] = useState<{ locale: UiLocale; pack: AntdLocale } | null>(null);
  useEffect(() => {
    if (locale === 'en') return;
    let live = true;
    void ANTD_LOCALES[locale]().then(
      (m) => live && setLoaded({ locale, pack: m.default }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.pack : undefined;
}

/**
 * The theme, the language and the direction, for every page. Deliberately thin: the public pages
 * ship with the entry chunk, so heavier providers (toasts, the store) mount with the logged-in
 * shell instead.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const resolved = useResolvedTheme();
  const antdLocale = useAntdLocale(locale);
  // Every page under these providers shows at least the shell's texts, in any language chosen
  // from now on (app-routes.tsx waits for them before the first render; this covers any other
  // way in). Other pages wait for every text as they load (themed-app.tsx).
  useEffect(() => {
    void loadShellCatalog();
  }, []);
  // Plain-CSS surfaces (global.css) read the same choice.
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return (
    <I18nProvider i18n={i18n}>
      <ConfigProvider
        theme={themeFor(resolved)}
        direction={isRightToLeft(locale) ? 'rtl' : 'ltr'}
        locale={antdLocale}
      >
        {/* Texts are read as components render: a new language renders them afresh. */}
        <Fragment key={locale}>{children}</Fragment>
      </ConfigProvider>
    </I18nProvider>
  );
}
