import { useEffect, useState } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import type { UiLocale } from '@parley/contracts';
import { isRightToLeft, widgetLocale } from '../languages';
import { messages as english } from '../locales/en.po';

/**
 * The chat app's one i18n instance (the macros' runtime, lingui.config.ts). English ships in the
 * bundle, so the app can always speak; every other catalog is a chunk of its own, fetched the
 * first time its language is wanted.
 */
export const i18n = setupI18n({ locale: 'en', messages: { en: english } });

const CATALOGS: Record<Exclude<UiLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../locales/es.po'),
  'pt-BR': () => import('../locales/pt-BR.po'),
  fr: () => import('../locales/fr.po'),
  de: () => import('../locales/de.po'),
  hi: () => import('../locales/hi.po'),
  ar: () => import('../locales/ar.po'),
};
const loaded = new Set<string>(['en']);

let wanted: UiLocale = 'en';

/**
 * Loads the language's catalog (once) and makes it the active one; the frame's `<html lang dir>`
 * follow (Arabic reads right to left). A catalog that cannot be fetched leaves English; a
 * language wanted while another loads wins.
 */
export async function activateLocale(locale: UiLocale): Promise<void> {
  wanted = locale;
  let next: UiLocale = locale;
  if (!loaded.has(locale)) {
    try {
      i18n.load(locale, (await CATALOGS[locale as Exclude<UiLocale, 'en'>]()).messages);
      loaded.add(locale);
    } catch {
      next = 'en';
    }
  }
  if (wanted !== locale) return;
  if (i18n.locale !== next) i18n.activate(next);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
    document.documentElement.dir = isRightToLeft(next) ? 'rtl' : 'ltr';
  }
}

/**
 * The language the chat speaks: the store's setting once the session brings it (null follows
 * the visitor), else the browser's. True once its catalog is active; until then the chat shows
 * no text rather than a flash of another language.
 */
export function useWidgetLocale(storeLocale: unknown): boolean {
  const locale = widgetLocale(storeLocale);
  const [active, setActive] = useState<string | null>(() =>
    i18n.locale === locale && loaded.has(locale) ? locale : null,
  );
  useEffect(() => {
    let current = true;
    void activateLocale(locale).then(() => {
      if (current) setActive(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return active === locale;
}
