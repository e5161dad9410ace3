import { createContext, useContext } from 'react';

/** The modals a person opens from a menu (user menu or help widget). */
export type MenuModal = 'mobile-apps' | 'release-notes' | 'support-email' | 'schedule-demo';

export interface ShellModalsValue {
  open: (modal: MenuModal) => void;
}

export const ShellModalsContext = createContext<ShellModalsValue>({ open: () => {} });

/** Opens one of the shell's menu modals; a no-op outside the logged-in shell. */
export function useShellModals(): ShellModalsValue {
  return useContext(ShellModalsContext);
}
