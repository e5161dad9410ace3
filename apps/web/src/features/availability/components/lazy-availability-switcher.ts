import { lazy } from 'react';

/**
 * Shown only in the open user menu: its radio buttons (and antd's form engine behind them) load
 * then, not with the shell.
 */
export const AvailabilitySwitcher = lazy(() =>
  import('./availability-switcher').then((m) => ({ default: m.AvailabilitySwitcher })),
);
