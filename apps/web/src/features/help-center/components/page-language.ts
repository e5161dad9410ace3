import { useEffect } from 'react';
import { HELP_CENTER_LANG_PARAM, nearestUiLocale } from '@parley/contracts';
import { activateLocale, currentLocale, startingLocale } from '../../../lib/i18n';

/**
 * The language of a public help-center page (docs/product/help-center.md, "Languages"): the one
 * picked with `?lang=` (the article's language switcher), else the visitor's own, as on every
 * public page (docs/i18n.md). The page's texts, `<html lang dir>` and the layout's direction
 * follow it (Arabic right-to-left); an article in another language carries its own `lang` and
 * `dir`. Switching mounts the page afresh in the new language; that mount finds it active.
 */
export function usePageLanguage(lang: string | undefined) {
  const locale = (lang ? nearestUiLocale([lang]) : null) ?? startingLocale();
  useEffect(() => {
    if (currentLocale() !== locale) void activateLocale(locale);
  }, [locale]);
}

/** A help-center address that keeps the language the visitor picked (`?lang=`), if any. */
export function withLang(path: string, lang: string | null | undefined): string {
  if (!lang) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${HELP_CENTER_LANG_PARAM}=${encodeURIComponent(lang)}`;
}

/** A language named in itself: "Español", "Português (Brasil)", "العربية". */
export function ownLanguageName(locale: string): string {
  let name = locale;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    // A runtime without the language's data names it by its code.
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
