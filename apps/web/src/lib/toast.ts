import type { ReactNode } from 'react';
import type { NotificationArgsProps } from 'antd';
import { TOAST_DURATION_S } from '@parley/contracts';

/**
 * The one way to show a toast (docs/product/screens.md: top right, 3 seconds). The app's antd <App> registers
 * its notification API here (see app/providers), so toasts follow the theme and work from
 * thunks and other non-React code.
 */

export const TOAST_CONFIG = { placement: 'topRight', duration: TOAST_DURATION_S } as const;

type Notify = (args: NotificationArgsProps) => void;
export interface ToastApi {
  success: Notify;
  error: Notify;
  info: Notify;
  warning: Notify;
}

let api: ToastApi | null = null;
const queued: Array<(target: ToastApi) => void> = [];

export function registerToastApi(next: ToastApi | null): void {
  api = next;
  if (!next) return;
  // Toasts asked for before the providers mounted are shown now rather than lost.
  for (const replay of queued.splice(0)) replay(next);
}

function show(kind: keyof ToastApi, title: ReactNode, description?: ReactNode): void {
  const args: NotificationArgsProps = { title, ...TOAST_CONFIG };
  if (description !== undefined) args.description = description;
  if (api) api[kind](args);
  else queued.push((target) => target[kind](args));
}

export const toast = {
  success: (title: ReactNode, description?: ReactNode) => show('success', title, description),
  error: (title: ReactNode, description?: ReactNode) => show('error', title, description),
  info: (title: ReactNode, description?: ReactNode) => show('info', title, description),
  warning: (title: ReactNode, description?: ReactNode) => show('warning', title, description),
};
