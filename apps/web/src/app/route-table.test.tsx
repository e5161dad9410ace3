import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesFromElements, matchRoutes, MemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { GLOBAL_SETTINGS_DEFAULTS } from '@parley/contracts';
import { fakeApi, json } from '../test/fake-api';
import { ME, signInCookies } from '../test/fixtures';
import { AppRoutes, entryRoutes } from './app-routes';
import { store } from './app-store';
import { resetAppState } from './reset-app-state';
import { routeChunks } from './route-preload';
import { ADMIN_ROLES, APP_ROUTES, isRedirect, UNKNOWN_PATHS } from './route-table';
import { settingsMenu } from './settings-menu';
import { themedRoutes } from './themed-app';

/** Every route object of the app, flattened, with the full path it matches. */
function routeObjects(): RouteObject[] {
  const all: RouteObject[] = [];
  const walk = (routes: RouteObject[]) => {
    for (const route of routes) {
      all.push(route);
      if (route.children) walk(route.children);
    }
  };
  const tree = createRoutesFromElements(
    <>
      {entryRoutes()}
      {themedRoutes()}
    </>,
  );
  walk(tree);
  return all;
}

const tree = () =>
  createRoutesFromElements(
    <>
      {entryRoutes()}
      {themedRoutes()}
    </>,
  );

/** The route table's entry (by path) a URL opens: the id of the deepest matching route. */
const openedBy = (url: string) =>
  matchRoutes(tree(), new URL(url, 'http://localhost').pathname)?.at(-1)?.route.id;

describe('the route table and the router', () => {
  it('the router serves exactly the paths of the route table (no page outside the table)', () => {
    const routed = routeObjects()
      .filter((route) => !route.children && !route.id?.startsWith('not-found'))
      .map((route) => route.id);
    expect(routed.toSorted()).toEqual(APP_ROUTES.map((route) => route.path).toSorted());
    expect(new Set(routed).size).toBe(routed.length);
  });

  it("every URL the crawl opens reaches its own table entry's route", () => {
    const visits = APP_ROUTES.flatMap((route) =>
      route.crawl.flatMap((visit) => ('url' in visit ? [[visit.url, route.path]] : [])),
    );
    expect(visits.map(([url]) => [url, openedBy(url!)])).toEqual(visits);
  });

  it('an unknown path reaches the 404, in settings and outside the shell', () => {
    expect(openedBy(UNKNOWN_PATHS.outside)).toBe('not-found');
    expect(openedBy(UNKNOWN_PATHS.settings)).toBe('not-found:settings');
    expect(openedBy('/help-center/1/articles/a/b')).toBe('not-found');
  });

  it('public pages and the survey load without the shell (route preloading agrees with the table)', () => {
    const outside = APP_ROUTES.filter((r) => r.area === 'public' || r.area === 'signed-in');
    const urls = outside.flatMap((route) =>
      route.crawl.flatMap((visit) => ('url' in visit ? [visit.url] : [])),
    );
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.map((url) => [url, routeChunks(url, true)])).toEqual(
      urls.map((url) => [url, ['themed-app']]),
    );
  });

  it('the settings menu lists a page only to the roles that may open it; API keys is for owners and admins', () => {
    const labels = (role: 'owner' | 'admin' | 'agent') =>
      settingsMenu(role).keys.toSorted((a, b) => a.localeCompare(b));
    expect(labels('owner')).toContain('/settings/apikeys');
    expect(labels('admin')).toContain('/settings/apikeys');
    expect(labels('agent')).not.toContain('/settings/apikeys');
    expect(labels('agent')).toContain('/settings/teammembers');
    expect(APP_ROUTES.find((route) => route.path === '/settings/apikeys')?.roles).toEqual(
      ADMIN_ROLES,
    );
    // Every redirect leads to a page of the table.
    const targets = APP_ROUTES.flatMap((route) => (isRedirect(route) ? [route.redirect] : []));
    const routed = (url: string) => APP_ROUTES.some((route) => route.path === openedBy(url));
    expect(targets.filter((url) => !routed(url))).toEqual([]);
    expect(targets).toHaveLength(2);
  });
});

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderApp(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const signedInApi = (permission_level: 'owner' | 'admin' | 'agent') =>
  fakeApi({
    'GET /dashboardapi/me': json(200, { ...ME, permission_level }),
    'GET /dashboardapi/accounts': json(200, {
      accounts: [{ id: 7, name: 'Acme Support', permission_level }],
    }),
    'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
    'GET /dashboardapi/apikeys': json(200, { keys: [] }),
    'POST /dashboardapi/auth/logout': json(200, { ok: true }),
  });

afterEach(() => {
  cleanup();
  store.dispatch(resetAppState());
});

describe('pages a role may not use', () => {
  it('an agent opening /settings/apikeys sees "not allowed" with a way back, asks the server nothing for it and stays signed in', async () => {
    signInCookies();
    const api = signedInApi('agent');
    renderApp('/settings/apikeys');

    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
    expect(
      screen.getByText(/Only owners and admins of this workspace can open API keys/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
    const menu = screen.getByRole('complementary', { name: 'Settings' });
    expect(within(menu).queryByRole('link', { name: 'API keys' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Team members' })).toBeVisible();

    expect(api.callsTo('GET /dashboardapi/apikeys')).toHaveLength(0);
    expect(api.callsTo('POST /dashboardapi/auth/logout')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/apikeys$/);
  });

  it('an owner sees API keys in the settings menu and opens the page', async () => {
    signInCookies();
    const api = signedInApi('owner');
    renderApp('/settings/apikeys');

    const menu = await screen.findByRole('complementary', { name: 'Settings' });
    expect(await within(menu).findByRole('link', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/settings/apikeys',
    );
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/apikeys')).toHaveLength(1));
    expect(screen.queryByText("You don't have access to this page")).toBeNull();
  });
});

describe('the 404 page', () => {
  it('an unknown path, signed out, is a page-not-found page of its own (not the sign-in page)', async () => {
    fakeApi({});
    renderApp(UNKNOWN_PATHS.outside);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back home' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(UNKNOWN_PATHS.outside);
  });

  it('a shell page, signed out, still goes to /login', async () => {
    fakeApi({});
    renderApp('/reporting');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });

  it('an unknown path, signed in, is the 404 inside the shell; in settings, beside the settings menu', async () => {
    signInCookies();
    signedInApi('owner');
    const { unmount } = renderApp(UNKNOWN_PATHS.outside);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    unmount();

    renderApp(UNKNOWN_PATHS.settings);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Settings' })).toBeInTheDocument();
  });

  it('a redirect keeps the query', async () => {
    signInCookies();
    signedInApi('owner');
    render(
      <MemoryRouter initialEntries={['/settings?popup']}>
        <AppRoutes />
        <SearchProbe />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent('/settings/global?popup'),
    );
  });
});

function SearchProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="search">{pathname + search}</div>;
}
