import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  WIDGET_LOADER_PATH,
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_SETTINGS_PATH,
  WIDGET_THEME_DEFAULTS,
} from '@parley/contracts';
import { AppProviders } from '../../app/providers';
import { fakeApi, json } from '../../test/fake-api';
import { signInCookies } from '../../test/fixtures';
import { WidgetDemoPage } from './widget-demo-page';

const loaderScript = () =>
  document.querySelector<HTMLScriptElement>(`script[src="${WIDGET_LOADER_PATH}"]`);

function renderDemo(at: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/widget-demo" element={<WidgetDemoPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const publicSettings = (enabled: boolean) =>
  json(200, { basic_settings: { is_widget_enabled: enabled }, theme: WIDGET_THEME_DEFAULTS });

afterEach(() => {
  for (const name of ['auth_token', 'account_id', 'csrftoken']) Cookies.remove(name, { path: '/' });
  loaderScript()?.remove();
});

describe('/widget-demo (docs/product/screens.md: the widget on a demonstration store page)', () => {
  it('puts the installation snippet of ?shop= on the page, as a store would, and takes it off on leaving', async () => {
    const api = fakeApi({ [`GET ${WIDGET_PUBLIC_SETTINGS_PATH}`]: publicSettings(true) });
    const view = renderDemo('/widget-demo?shop=acme.myshopify.com');
    await screen.findByText(/your live widget/);
    const script = loaderScript()!;
    expect(script.async).toBe(true);
    expect(script.dataset['myshopifyDomain']).toBe('acme.myshopify.com');
    const call = api.calls[0]!;
    expect(new URL(call.url, 'http://x').searchParams.get('myshopify_domain')).toBe(
      'acme.myshopify.com',
    );
    // A public page: no session headers, and no call of the agent app's (no realtime config).
    expect(call.headers['authorization']).toBeUndefined();
    expect(api.fetch.mock.calls[0]![1]?.credentials).toBe('omit');
    expect(api.calls.map((c) => c.path)).toEqual([WIDGET_PUBLIC_SETTINGS_PATH]);
    view.unmount();
    expect(loaderScript()).toBeNull();
  });

  it('says so, and adds no widget, when the store’s widget is turned off', async () => {
    fakeApi({ [`GET ${WIDGET_PUBLIC_SETTINGS_PATH}`]: publicSettings(false) });
    renderDemo('/widget-demo?shop=acme.myshopify.com');
    await screen.findByText(/widget is turned off/);
    expect(loaderScript()).toBeNull();
  });

  it('signed in, still goes without credentials: no session headers, no cookies, no agent API', async () => {
    signInCookies();
    const api = fakeApi({
      [`GET ${WIDGET_SETTINGS_PATH}`]: json(200, { store: null, stores: [] }),
      [`GET ${WIDGET_PUBLIC_SETTINGS_PATH}`]: publicSettings(true),
    });
    renderDemo('/widget-demo?shop=acme.myshopify.com');
    await waitFor(() =>
      expect(loaderScript()?.dataset['myshopifyDomain']).toBe('acme.myshopify.com'),
    );
    expect(api.calls.map((c) => c.path)).toEqual([WIDGET_PUBLIC_SETTINGS_PATH]);
    const [call] = api.calls;
    for (const header of ['authorization', 'x-dc-account-id', 'x-csrftoken'])
      expect(call!.headers[header]).toBeUndefined();
    expect(api.fetch.mock.calls[0]![1]?.credentials).toBe('omit');
  });

  it('signed in without ?shop=, asks for the store in the address and points to its settings, calling nothing', async () => {
    signInCookies();
    const api = fakeApi({
      [`GET ${WIDGET_SETTINGS_PATH}`]: json(200, { store: null, stores: [] }),
    });
    renderDemo('/widget-demo');
    await screen.findByText(/widget-demo\?shop=your-store\.myshopify\.com/);
    expect(screen.getByRole('link', { name: /Settings → Widgets/ })).toHaveAttribute(
      'href',
      '/settings/widgets',
    );
    expect(api.calls).toHaveLength(0);
    expect(loaderScript()).toBeNull();
  });

  it('signed out without ?shop=, explains how to name a store', async () => {
    const api = fakeApi({});
    renderDemo('/widget-demo');
    await screen.findByText(/widget-demo\?shop=your-store\.myshopify\.com/);
    expect(api.calls).toHaveLength(0);
    expect(loaderScript()).toBeNull();
  });
});
