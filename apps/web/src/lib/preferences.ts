import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, THEME_PREFERENCES, type Me, type ThemePreference } from '@parley/contracts';
import { currentLocale, followChosenLocale, onLocaleChange } from './i18n';
import { hasSession } from './session';

/**
 * The person's look and language, as their Me says (Profile). Before Me arrives the last one
 * seen on this device is used, so a signed-in page does not flash from one to the other.
 */
let theme: ThemePreference = startingTheme();
const listeners = new Set<() => void>();

function startingTheme(): ThemePreference {
  if (!hasSession()) return 'system';
  try {
    const me = JSON.parse(localStorage.getItem(LOCAL_KEYS.loggedInUserData) ?? 'null') as {
      theme?: string;
    } | null;
    return THEME_PREFERENCES.find((choice) => choice === me?.theme) ?? 'system';
  } catch {
    return 'system';
  }
}

export function setThemePreference(next: ThemePreference): void {
  if (next === theme) return;
  theme = next;
  for (const listener of listeners) listener();
}

/** Applies the language and theme a Me carries. */
export function followMePreferences(me: Pick<Me, 'locale' | 'theme'>): void {
  setThemePreference(me.theme ?? 'system');
  void followChosenLocale(me.locale);
}

function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useThemePreference = (): ThemePreference =>
  useSyncExternalStore(subscribeTheme, () => theme);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystemDark(listener: () => void) {
  const query = globalThis.matchMedia?.(DARK_QUERY);
  query?.addEventListener?.('change', listener);
  return () => query?.removeEventListener?.('change', listener);
}
const systemPrefersDark = () => globalThis.matchMedia?.(DARK_QUERY).matches ?? false;

/** Light or dark, as chosen; "system" follows the device and changes with it. */
export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useThemePreference();
  const systemDark = useSyncExternalStore(subscribeSystemDark, systemPrefersDark, () => false);
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The active language; re-renders when it changes. */
export const useLocale = () => useSyncExternalStore(onLocaleChange, currentLocale);
