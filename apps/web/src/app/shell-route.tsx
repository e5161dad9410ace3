import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Provider } from 'react-redux';
import { meApi } from '../features/auth';
import { configureRequest } from '../lib/request';
import { hasSession } from '../lib/session';
import { resetAppState } from './reset-app-state';
import { AppLayout } from './app-layout';
import { store } from './app-store';
import { ToastHost } from './toast-host';

/**
 * Asks for Me into the store before the shell's first render (app/route-preload.ts): the shell
 * shows nothing without it, and asked for by its first render it came one more render later.
 * Resolves when it is in or failed (the shell then shows the failure as usual).
 */
export function preloadMe(): Promise<void> {
  if (!hasSession()) return Promise.resolve();
  const query = store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
  return query.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The logged-in shell, loaded lazily so the public pages stay small. The store exists from here
 * on; without an auth_token cookie there is no session and the user goes to /login.
 */
export function ShellRoute() {
  // From now on a session end (401/403) resets this store too.
  useEffect(() => {
    configureRequest({ resetAppState: () => store.dispatch(resetAppState()) });
  }, []);
  if (!hasSession()) return <Navigate to="/login" replace />;
  return (
    <Provider store={store}>
      <ToastHost />
      <AppLayout />
    </Provider>
  );
}
