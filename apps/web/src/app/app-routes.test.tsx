import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { MemoryRouter, useLocation } from 'react-router';
import { GLOBAL_SETTINGS_DEFAULTS, LOCAL_KEYS } from '@parley/contracts';
import { fakeApi, json } from '../test/fake-api';
import { ME, signInCookies } from '../test/fixtures';
import { AppRoutes } from './app-routes';
import { store } from './app-store';
import { NavigationBridge } from './navigation-bridge';
import { resetAppState } from './reset-app-state';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function renderApp(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <NavigationBridge />
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const signedInApi = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /dashboardapi/me': json(200, ME),
    'GET /dashboardapi/accounts': json(200, {
      accounts: [
        { id: 7, name: 'Acme Support', permission_level: 'owner' },
        { id: 8, name: 'Side Project', permission_level: 'agent' },
      ],
    }),
    'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
    'POST /dashboardapi/auth/logout': json(200, { ok: true }),
    ...extra,
  });

// The shell's store is the app's singleton: unmount first, then forget everything it cached.
afterEach(() => {
  cleanup();
  store.dispatch(resetAppState());
});

describe('app shell and routes', () => {
  it('the page title is the product name (docs/product/README.md)', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toContain('<title>Parley</title>');
  });

  it('without an auth_token cookie, a logged-in route sends the user to /login', async () => {
    fakeApi({});
    renderApp('/settings/global');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('shows the navigation, and /settings opens the global settings', async () => {
    signInCookies();
    signedInApi();
    renderApp('/settings');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Inboxes', '/inboxes'],
      ['Reporting', '/reporting'],
      ['Settings', '/settings'],
      ['Setup', '/setup'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(await screen.findByRole('heading', { name: 'Global settings' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/global');
    await waitFor(() =>
      expect(localStorage.getItem(LOCAL_KEYS.loggedInUserData)).toContain(ME.email),
    );
  });

  it('/reporting opens the reporting page', async () => {
    signInCookies();
    signedInApi();
    renderApp('/reporting');
    expect(await screen.findByRole('heading', { name: 'Reporting' })).toBeVisible();
  });

  it('the user menu shows who is signed in and signs out: logout, cookies cleared, /login', async () => {
    signInCookies();
    const api = signedInApi();
    renderApp('/inboxes');

    await userEvent.click(await screen.findByRole('button', { name: /user menu/i }));
    expect(await screen.findByText(ME.email)).toBeInTheDocument();
    expect(await screen.findByText('Side Project')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Sign out'));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(api.callsTo('POST /dashboardapi/auth/logout')).toHaveLength(1);
    expect(Cookies.get('auth_token')).toBeUndefined();
    expect(Cookies.get('account_id')).toBeUndefined();
    expect(localStorage.getItem(LOCAL_KEYS.loggedInUserData)).toBeNull();
    expect(store.getState().auth.me).toBeNull();
  });

  it('switching workspace sets the account_id cookie and reloads the data', async () => {
    signInCookies();
    const api = signedInApi();
    renderApp('/settings/global');
    await screen.findByRole('heading', { name: 'Global settings' });

    await userEvent.click(await screen.findByRole('button', { name: /user menu/i }));
    await userEvent.click(await screen.findByText('Side Project'));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inboxes'));
    expect(Cookies.get('account_id')).toBe('8');
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me').length).toBeGreaterThan(1));
    expect(api.callsTo('GET /dashboardapi/me').at(-1)?.headers['x-dc-account-id']).toBe('8');
  });

  it('a 401 from the server ends the session: cookies cleared, /login', async () => {
    signInCookies();
    signedInApi({
      'GET /dashboardapi/me': json(401, {
        code: 'unauthenticated',
        message: 'Your session has ended. Please sign in again.',
      }),
    });
    renderApp('/settings/global');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(Cookies.get('auth_token')).toBeUndefined();
  });
});
