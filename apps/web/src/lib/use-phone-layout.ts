import { useSyncExternalStore } from 'react';

/** Below this width the shell, the inbox and settings show one screen at a time. */
export const PHONE_BREAKPOINT_PX = 768;

// Fractional widths (zoom) between 767 and 768 still count as a phone.
const PHONE_QUERY = `(max-width: ${PHONE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * True on a viewport narrower than PHONE_BREAKPOINT_PX: the shell and the inbox show one screen
 * at a time. Read at the first render (no desktop frame first) and followed as the window
 * resizes or the phone turns.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
