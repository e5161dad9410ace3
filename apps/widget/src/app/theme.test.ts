import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_THEME_DEFAULTS } from '@parley/contracts';
import { followTheme } from './theme';

/** The device's colour scheme, as a browser's MediaQueryList reports it and its changes. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    change(toDark: boolean) {
      query.matches = toDark;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const theme = (messageTheme: 'light' | 'dark') => ({ ...WIDGET_THEME_DEFAULTS, messageTheme });

afterEach(() => vi.unstubAllGlobals());

describe('the chat’s theme: the store’s, or the visitor’s device’s (docs/i18n.md, dark mode)', () => {
  it('is the store’s theme when the store chose one, whatever the device says', () => {
    deviceScheme(true);
    const root = document.createElement('div');
    followTheme(root, theme('light'), false);
    expect(root.dataset['theme']).toBe('light');
  });

  it('follows the device when the store leaves it to the visitor, also when the device changes, until cleaned up', () => {
    const device = deviceScheme(true);
    const root = document.createElement('div');
    const stop = followTheme(root, theme('light'), true);
    expect(root.dataset['theme']).toBe('dark');
    device.change(false);
    expect(root.dataset['theme']).toBe('light');
    stop();
    expect(device.listeners.size).toBe(0);
    device.change(true);
    expect(root.dataset['theme']).toBe('light');
  });

  it('is light before the settings are in', () => {
    const root = document.createElement('div');
    followTheme(root, undefined, false);
    expect(root.dataset['theme']).toBe('light');
  });
});
