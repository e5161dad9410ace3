import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { INBOX_BASE, inboxPath, parseInboxSplat, restoredInboxPath } from '../inbox-route';
import { InboxWorkspace } from './inbox-workspace';

/**
 * /inboxes/*: /inboxes alone reopens the last visited inbox route (docs/product/screens.md); any other path is
 * read as /inboxes/{view}/{status}/{sort}/{id?} and, when written another way, rewritten so
 * (keeping `?search=`, e.g. a ticket link's `id:{id}`). The workspace renders at once at the
 * place the address is rewritten to, not one render later: a first visit paints sooner.
 */
export function InboxPage() {
  const splat = useParams()['*'] ?? '';
  const { search } = useLocation();
  const { location, rewrite } = useMemo(() => {
    if (!splat.replaceAll('/', '')) {
      const restored = restoredInboxPath();
      const at = parseInboxSplat(restored.slice(INBOX_BASE.length + 1)).location;
      // The query goes along.
      return { location: at, rewrite: `${restored}${search}` };
    }
    const parsed = parseInboxSplat(splat);
    return {
      location: parsed.location,
      rewrite: parsed.canonical ? null : `${inboxPath(parsed.location)}${search}`,
    };
  }, [splat, search]);
  return (
    <>
      <InboxWorkspace location={location} />
      {rewrite && <Navigate to={rewrite} replace />}
    </>
  );
}
