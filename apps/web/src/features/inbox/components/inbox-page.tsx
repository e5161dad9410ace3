import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { inboxPath, parseInboxSplat, restoredInboxPath } from '../inbox-route';
import { InboxWorkspace } from './inbox-workspace';

/**
 * /inboxes/*: /inboxes alone reopens the last visited inbox route (spec §2); any other path is
 * read as /inboxes/{view}/{status}/{sort}/{id?} and, when written another way, rewritten so
 * (keeping `?search=`, e.g. a ticket link's `id:{id}`).
 */
export function InboxPage() {
  const splat = useParams()['*'] ?? '';
  const { search } = useLocation();
  const parsed = useMemo(() => parseInboxSplat(splat), [splat]);
  if (!splat.replaceAll('/', '')) return <Navigate to={restoredInboxPath()} replace />;
  if (!parsed.canonical) return <Navigate to={`${inboxPath(parsed.location)}${search}`} replace />;
  return <InboxWorkspace location={parsed.location} />;
}
