import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { appTheme } from './theme';
// oxlint-disable-next-line import/no-unassigned-import -- the antd controls' 24 px targets, on every page
import '../components/touch-targets.css';

/**
 * The theme, for every page. Deliberately thin: the public pages ship with the entry chunk,
 * so heavier providers (toasts, the store) mount with the logged-in shell instead.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={appTheme}>{children}</ConfigProvider>;
}
