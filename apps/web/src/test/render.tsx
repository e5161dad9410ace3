import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { ToastHost } from '../app/toast-host';
import { NavigationBridge } from '../app/navigation-bridge';
import type { AppStore } from '../app/store';
import { loadAppCatalog } from '../lib/i18n';

/** Shows where the router ended up, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

interface RenderPageOptions {
  /** The URL to start at. */
  at: string;
  /** The route pattern the page is mounted on (defaults to the path of `at`). */
  path?: string;
  store?: AppStore;
}

/**
 * Renders one page as the app would: theme, toasts, router (and a store when given), and every
 * text of the app in the chosen language, as a page's loader asks for (app/themed-app.tsx).
 */
export function renderPage(page: ReactElement, { at, path, store }: RenderPageOptions) {
  const pattern = path ?? at.split('?')[0] ?? '/';
  void loadAppCatalog();
  const tree: ReactNode = (
    <AppProviders>
      <ToastHost />
      <MemoryRouter initialEntries={[at]}>
        <NavigationBridge />
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  return render(store ? <Provider store={store}>{tree}</Provider> : tree);
}
