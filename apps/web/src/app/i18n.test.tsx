import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { GLOBAL_SETTINGS_DEFAULTS, type Me } from '@parley/contracts';
import { fakeApi, json } from '../test/fake-api';
import { ME, signInCookies } from '../test/fixtures';
import { formatTimestamp } from '../lib/format-timestamp';
import { activateLocale, matchLocale } from '../lib/i18n';
import { setThemePreference } from '../lib/preferences';
import { AppRoutes } from './app-routes';
import { store } from './app-store';
import { NavigationBridge } from './navigation-bridge';
import { resetAppState } from './reset-app-state';

function renderApp(at: string, me: Partial<Me>) {
  signInCookies();
  fakeApi({
    'GET /dashboardapi/me': json(200, { ...ME, ...me }),
    'GET /dashboardapi/accounts': json(200, {
      accounts: [{ id: 7, name: 'Acme Support', permission_level: 'owner' }],
    }),
    'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
  });
  return render(
    <MemoryRouter initialEntries={[at]}>
      <NavigationBridge />
      <AppRoutes />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  cleanup();
  store.dispatch(resetAppState());
  // The language and theme are the page's, not a component's: back to the defaults.
  await activateLocale('en');
  setThemePreference('system');
  delete document.documentElement.dataset.theme;
});

describe('the app speaks the language the person chose in Profile', () => {
  it.each(['/setup', '/settings/profile'])(
    'in Arabic, %s reads right to left: <html dir="rtl" lang="ar">, antd mirrored, the navigation translated',
    async (path) => {
      renderApp(path, { locale: 'ar' });
      const nav = await screen.findByRole('navigation', { name: 'الرئيسية' });
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(document.documentElement).toHaveAttribute('lang', 'ar');
      for (const item of ['صناديق الوارد', 'التقارير', 'الإعدادات', 'الإعداد']) {
        expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
      }
      // antd's components take the direction from the provider.
      expect(document.querySelector('.ant-layout-rtl, .ant-menu-rtl')).not.toBeNull();
      expect(screen.queryByText('Inboxes')).toBeNull();
    },
  );

  it('the profile page offers every language by its own name, and the theme', async () => {
    renderApp('/settings/profile', { locale: 'ar' });
    expect(await screen.findByText('اللغة')).toBeInTheDocument();
    expect(screen.getByText('المظهر')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
  });

  it("with no choice the app follows the browser's language (a regional variant reads as its language)", async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-AT', 'en'], language: 'de-AT' });
    renderApp('/setup', { locale: null });
    expect(await screen.findByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('English stays exactly as written', async () => {
    renderApp('/setup', { locale: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Inboxes' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

/** The device prefers dark: matchMedia answers so for the colour-scheme query. */
function preferDark() {
  const original = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...original(query),
    matches: query === '(prefers-color-scheme: dark)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the theme the person chose', () => {
  it('dark: the page and antd take the dark tokens', async () => {
    renderApp('/setup', { theme: 'dark', locale: 'en' });
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('system follows the device', async () => {
    preferDark();
    renderApp('/setup', { theme: 'system', locale: 'en' });
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('light, even when the device prefers dark', async () => {
    preferDark();
    renderApp('/setup', { theme: 'light', locale: 'en' });
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });
});

describe('language matching and formats', () => {
  it('picks the nearest supported language, else English', () => {
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['fr-CA', 'en'])).toBe('fr');
    expect(matchLocale(['zh-CN', 'hi-IN'])).toBe('hi');
    expect(matchLocale(['zh-CN'])).toBe('en');
    expect(matchLocale(['AR'])).toBe('ar');
  });

  it("timestamps keep the product's English pattern, and follow another language's words and order", async () => {
    const now = new Date(2026, 10, 23, 15, 0);
    const at = new Date(2026, 2, 4, 17, 30);
    expect(formatTimestamp(at, now)).toBe('Mar 04, 05:30 pm');
    await activateLocale('de');
    expect(formatTimestamp(at, now)).toMatch(/^04\. März, 17:30$/);
    await activateLocale('es');
    expect(formatTimestamp(at, now)).toMatch(/mar/);
  });
});
