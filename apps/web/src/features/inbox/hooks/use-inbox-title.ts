import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/product';

/** `(3) Inbox · Parley` with 3 unread conversations of mine; `Inbox · Parley` with none. */
export function inboxTitle(unreadMine: number): string {
  if (unreadMine <= 0) return t`Inbox · ${productName}`;
  const unreadCount = formatNumber(unreadMine);
  return t`(${unreadCount}) Inbox · ${productName}`;
}

/** The page title while the inbox is open; the previous title comes back when it closes. */
export function useInboxTitle(unreadMine: number | undefined): void {
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    document.title = inboxTitle(unreadMine ?? 0);
  }, [unreadMine]);
}
