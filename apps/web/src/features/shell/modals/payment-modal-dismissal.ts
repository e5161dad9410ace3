import { useCallback, useState } from 'react';

/**
 * docs/product/states.md: the payment modal "can be dismissed". A dismissal holds for the browser session
 * (sessionStorage, so a reload does not bring it back, a new session does), for the failure it
 * was shown for (`stamp`, shell-rules paymentModalStamp). Kept apart from the modal itself,
 * which loads only when it opens.
 */
export const PAYMENT_MODAL_DISMISSED_KEY = 'payment-modal-dismissed';

function read(): string | null {
  try {
    return sessionStorage.getItem(PAYMENT_MODAL_DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** Whether the modal was dismissed for `stamp` in this session, and a function to dismiss it. */
export function usePaymentModalDismissal(stamp: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(read);
  const dismiss = useCallback(() => {
    try {
      sessionStorage.setItem(PAYMENT_MODAL_DISMISSED_KEY, stamp);
    } catch {
      // Storage unavailable: the dismissal lasts for this page view.
    }
    setDismissed(stamp);
  }, [stamp]);
  return [dismissed === stamp, dismiss];
}
