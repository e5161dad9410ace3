import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { NavigationBridge } from './app/navigation-bridge';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// BrowserRouter rather than the data router, and no antd here: the login route's budget is
// 150 KB gzip JS (design.md §7). The other pages bring antd and its theme with their chunks.
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
