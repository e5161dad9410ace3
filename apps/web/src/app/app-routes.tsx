import { Fragment, Suspense, type ComponentType } from 'react';
import { I18nProvider } from '@lingui/react';
import { Route, Routes } from 'react-router';
import { BootSpinner } from '../components/auth-kit';
import { ErrorBoundary } from '../components/error-boundary';
import { LoginPage } from '../features/auth';
import { i18n, loadAppCatalog, loadShellCatalog } from '../lib/i18n';
import { hasSession } from '../lib/session';
import { lazyPage } from '../lib/lazy-page';
import { useLocale } from '../lib/preferences';
import { APP_ROUTES, type EntryPageKey } from './route-table';

/** The inbox, signed in: its first visit needs only the shell's texts (lib/i18n.ts). */
const opensTheInbox = (pathname: string) => hasSession() && /^\/(inboxes(\/|$)|$)/.test(pathname);

// The entry chunk holds only /login; every other page, antd and the store arrive with this.
// Its texts arrive with it: the shell's for the inbox, every text for any other page.
export const ThemedApp = lazyPage(() =>
  Promise.all([
    import('./themed-app'),
    opensTheInbox(window.location.pathname) ? loadShellCatalog() : loadAppCatalog(),
  ]).then(([m]) => m.ThemedApp),
);

/** The entry chunk's pages (app/route-table.ts, area `entry`). */
const ENTRY_PAGES: Record<EntryPageKey, ComponentType> = { login: LoginPage };

export const entryRoutes = () =>
  APP_ROUTES.flatMap((route) => {
    if (route.area !== 'entry') return [];
    const Page = ENTRY_PAGES[route.page];
    return [<Route key={route.path} id={route.path} path={route.path} element={<Page />} />];
  });

/**
 * Every page, in the active language. Choosing another language (Profile) renders the app
 * afresh in it: texts are read as pages render, so nothing is left in the old one.
 */
export function AppRoutes() {
  const locale = useLocale();
  return (
    <I18nProvider i18n={i18n}>
      <Fragment key={locale}>
        <ErrorBoundary>
          <Suspense fallback={<BootSpinner />}>
            <Routes>
              {entryRoutes()}
              <Route path="*" element={<ThemedApp />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </Fragment>
    </I18nProvider>
  );
}
