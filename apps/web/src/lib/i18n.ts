import { i18n, type Messages } from '@lingui/core';
import { LOCAL_KEYS, nearestUiLocale, UI_LOCALES, type UiLocale } from '@parley/contracts';
import { messages as englishEntry } from '../locales/entry/en.po';
import { hasSession } from './session';

export { i18n };

/** Each language by its own name, as the language picker lists it. */
export const LOCALE_NAMES: Record<UiLocale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  hi: 'हिन्दी',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<UiLocale> = new Set(['ar']);

export const isRightToLeft = (locale: string): boolean => RIGHT_TO_LEFT.has(locale as UiLocale);

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Three catalogs per language (lingui.config.ts): `entry`, the few texts of the sign-in route;
 * `shell`, the texts of the signed-in shell, the inbox and the conversation pane; and `app`,
 * every text, which the other pages wait for as their chunks load. English's entry catalog
 * ships with the entry chunk, so the first page renders at once; every other catalog is its own
 * chunk, fetched when its language is chosen and its part of the app is wanted.
 */
const ENTRY_CATALOGS: Record<Exclude<UiLocale, 'en'>, Catalog> = {
  es: () => import('../locales/entry/es.po'),
  'pt-BR': () => import('../locales/entry/pt-BR.po'),
  fr: () => import('../locales/entry/fr.po'),
  de: () => import('../locales/entry/de.po'),
  hi: () => import('../locales/entry/hi.po'),
  ar: () => import('../locales/entry/ar.po'),
};
const SHELL_CATALOGS: Record<UiLocale, Catalog> = {
  en: () => import('../locales/shell/en.po'),
  es: () => import('../locales/shell/es.po'),
  'pt-BR': () => import('../locales/shell/pt-BR.po'),
  fr: () => import('../locales/shell/fr.po'),
  de: () => import('../locales/shell/de.po'),
  hi: () => import('../locales/shell/hi.po'),
  ar: () => import('../locales/shell/ar.po'),
};
const APP_CATALOGS: Record<UiLocale, Catalog> = {
  en: () => import('../locales/app/en.po'),
  es: () => import('../locales/app/es.po'),
  'pt-BR': () => import('../locales/app/pt-BR.po'),
  fr: () => import('../locales/app/fr.po'),
  de: () => import('../locales/app/de.po'),
  hi: () => import('../locales/app/hi.po'),
  ar: () => import('../locales/app/ar.po'),
};

// A copy: Lingui merges later catalogs into the object it was given.
i18n.load('en', { ...englishEntry });
i18n.activate('en');
const loaded = new Set<string>(['entry:en']);
let shellWanted = false;
let appWanted = false;

function loadCatalog(
  kind: 'entry' | 'shell' | 'app',
  locale: UiLocale,
  catalog: Catalog | undefined,
) {
  const key = `${kind}:${locale}`;
  if (!catalog || loaded.has(key)) return null;
  return catalog().then(({ messages }) => {
    i18n.load(locale, messages);
    loaded.add(key);
  });
}

/**
 * The catalogs the language needs now: its entry texts; the shell's once the shell is wanted;
 * every text once a page beyond the shell is (which holds the shell's too).
 */
function loadCatalogs(locale: UiLocale): Promise<unknown> {
  const shellOnly = shellWanted && !appWanted && !loaded.has(`app:${locale}`);
  return Promise.all([
    locale === 'en' ? null : loadCatalog('entry', locale, ENTRY_CATALOGS[locale]),
    shellOnly ? loadCatalog('shell', locale, SHELL_CATALOGS[locale]) : null,
    appWanted ? loadCatalog('app', locale, APP_CATALOGS[locale]) : null,
  ]);
}

/**
 * Loads the texts of the signed-in shell, the inbox and the conversation pane in the active
 * language (and in any language chosen later): what a first visit to the inbox shows.
 */
export function loadShellCatalog(): Promise<void> {
  shellWanted = true;
  return loadCatalogs(i18n.locale as UiLocale).then(() => undefined);
}

/**
 * Loads every text of the active language (and of any language chosen later): every page but
 * the inbox waits for it as its chunk loads (app/themed-app.tsx).
 */
export function loadAppCatalog(): Promise<void> {
  appWanted = true;
  return loadCatalogs(i18n.locale as UiLocale).then(() => undefined);
}

/**
 * The supported language nearest to a list of wanted ones (the browser's, best first): an exact
 * match, else the same language in another region (pt-PT reads pt-BR), else English.
 */
export function matchLocale(wanted: readonly string[]): UiLocale {
  return nearestUiLocale(wanted) ?? 'en';
}

export function browserLocale(): UiLocale {
  const nav = globalThis.navigator;
  return matchLocale(nav?.languages?.length ? nav.languages : [nav?.language ?? 'en']);
}

/**
 * The language to start in: the signed-in person's choice, kept with their Me, else the
 * browser's. Public pages before sign-in follow the browser.
 */
export function startingLocale(): UiLocale {
  if (hasSession()) {
    try {
      const me = JSON.parse(localStorage.getItem(LOCAL_KEYS.loggedInUserData) ?? 'null') as {
        locale?: string | null;
      } | null;
      const chosen = UI_LOCALES.find((locale) => locale === me?.locale);
      if (chosen) return chosen;
    } catch {
      // A damaged record is as good as none.
    }
  }
  return browserLocale();
}

let pending: UiLocale | null = null;

/**
 * Loads the language's catalogs (once each) and switches the app to it: `<html lang dir>`
 * follow, and every subscriber (useLocale) re-renders. A language chosen while another loads
 * wins.
 */
export async function activateLocale(locale: UiLocale): Promise<void> {
  pending = locale;
  try {
    await loadCatalogs(locale);
    // More of the app may have been asked for meanwhile: its texts come before the switch.
    if (shellWanted || appWanted) await loadCatalogs(locale);
  } catch {
    // A catalog that cannot be fetched (offline, a new deploy) leaves the app as it was.
    return;
  }
  if (pending !== locale) return;
  if (i18n.locale !== locale) i18n.activate(locale);
  applyDocumentLocale(locale);
}

function applyDocumentLocale(locale: UiLocale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

/** Follows a person's choice from Me: their language, or the browser's when they chose none. */
export function followChosenLocale(chosen: UiLocale | null | undefined): Promise<void> {
  return activateLocale(chosen ?? browserLocale());
}

/** Calls `listener` whenever the active language changes; answers the unsubscribe. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}

export const currentLocale = (): UiLocale => i18n.locale as UiLocale;

/** The side a page starts on in the active language: a drawer of navigation opens from it. */
export const startSide = (): 'left' | 'right' => (isRightToLeft(i18n.locale) ? 'right' : 'left');
