import { UI_LOCALES, type UiLocale } from '@parley/contracts';

/**
 * Which language the widget speaks, shared by the loader and the chat app: the agent app's
 * languages (UI_LOCALES), the store's choice first, else the visitor's browser.
 */

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set<UiLocale>(['ar']);

export const isRightToLeft = (locale: string): boolean => RIGHT_TO_LEFT.has(locale);

/** A supported language exactly as given (any case), else null: what a stored setting may hold. */
export const supportedLocale = (value: unknown): UiLocale | null =>
  typeof value === 'string'
    ? (UI_LOCALES.find((locale) => locale.toLowerCase() === value.toLowerCase()) ?? null)
    : null;

/**
 * The supported language nearest to the visitor's (best first): an exact match, else the same
 * language in another region (pt-PT reads pt-BR, es-MX reads es), else English.
 */
export function matchLocale(wanted: readonly string[]): UiLocale {
  for (const tag of wanted) {
    const exact = supportedLocale(tag);
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const near = UI_LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (near) return near;
  }
  return 'en';
}

/** The browser's languages, best first (navigator.languages, else navigator.language). */
export function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  if (nav?.languages?.length) return nav.languages;
  return nav?.language ? [nav.language] : [];
}

/** The store's language when it set one (null: follow the visitor), else the browser's. */
export const widgetLocale = (storeLocale: unknown, browser = browserLanguages()): UiLocale =>
  supportedLocale(storeLocale) ?? matchLocale(browser);
