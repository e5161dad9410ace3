import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { BootSpinner } from '../components/auth-kit';
import { ErrorBoundary } from '../components/error-boundary';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyPage } from '../lib/lazy-page';
import { APP_ROUTES, type EntryPageKey } from './route-table';

// The entry chunk holds only /login; every other page, antd and the store arrive with this.
export const ThemedApp = lazyPage(() => import('./themed-app').then((m) => m.ThemedApp));

/** The entry chunk's pages (app/route-table.ts, area `entry`). */
const ENTRY_PAGES: Record<EntryPageKey, ComponentType> = { login: LoginPage };

export const entryRoutes = () =>
  APP_ROUTES.flatMap((route) => {
    if (route.area !== 'entry') return [];
    const Page = ENTRY_PAGES[route.page];
    return [<Route key={route.path} id={route.path} path={route.path} element={<Page />} />];
  });

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<BootSpinner />}>
        <Routes>
          {entryRoutes()}
          <Route path="*" element={<ThemedApp />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
