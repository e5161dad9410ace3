import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { NavigationBridge } from './app/navigation-bridge';
import { preloadRouteChunks } from './app/route-preload';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The first page's chunks load before the first render, so no lazy level suspends on the way
// (lib/lazy-page.ts); past PRELOAD_WAIT_MS the app renders anyway, with its loading states.
// On /login there is nothing to load: it renders at once.
const PRELOAD_WAIT_MS = 1500;
void Promise.race([
  preloadRouteChunks(window.location.pathname, window.location.search),
  new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
]).then(() =>
  // BrowserRouter rather than the data router, and no antd here: the login route's budget is
  // 150 KB gzip JS (docs/benchmarks.md). The other pages bring antd and its theme with their chunks.
  root.render(
    <StrictMode>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);
