import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/product';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';

/** `(3) Inbox · Parley` with 3 unread conversations of mine; `Inbox · Parley` with none. */
export function inboxTitle(unreadMine: number): string {
  if (unreadMine <= 0) return t`Inbox · ${productName}`;
  const unreadCount = formatNumber(unreadMine);
  return t`(${unreadCount}) Inbox · ${productName}`;
}

/**
 * The page title while the inbox is open; the previous title comes back when it closes. It counts
 * the unread conversations of mine plus the unread notifications (Me), what needs the person.
 */
export function useInboxTitle(unreadMine: number | undefined): void {
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const needsMe = (unreadMine ?? 0) + (me?.unread_notification_count ?? 0);
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    document.title = inboxTitle(needsMe);
  }, [needsMe]);
}
