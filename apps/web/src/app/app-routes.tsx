import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { BootSpinner } from '../components/auth-kit';
import { ErrorBoundary } from '../components/error-boundary';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyPage } from '../lib/lazy-page';

// The entry chunk holds only /login; every other page, antd and the store arrive with this.
export const ThemedApp = lazyPage(() => import('./themed-app').then((m) => m.ThemedApp));

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<BootSpinner />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<ThemedApp />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
