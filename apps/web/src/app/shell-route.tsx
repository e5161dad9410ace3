import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { PageSpin } from '../components/page-spin';
import { configureRequest } from '../lib/request';
import { hasSession } from '../lib/session';
import { resetAppState } from './reset-app-state';
import { AppLayout } from './app-layout';
import { persistor, store } from './app-store';
import { ToastHost } from './toast-host';

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
      <PersistGate persistor={persistor} loading={<PageSpin fullScreen />}>
        <AppLayout />
      </PersistGate>
    </Provider>
  );
}
