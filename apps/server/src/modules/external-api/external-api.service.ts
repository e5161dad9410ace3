import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { listMessages } from '../conversations/conversations.public';
import { getConversation } from '../conversations/conversations.service';
import { findTicketStore } from './external-api.queries';

/**
 * One ticket and its latest 50 messages (notes left out), scoped to the account and, when given,
 * to one store: by id, or by its shop domain (a URL's scheme and path are ignored).
 */
export async function getTicket(
  deps: Deps,
  accountId: number,
  q: { id: number; storeId?: number | undefined; storeUrl?: string | undefined },
) {
  const storeUrl = q.storeUrl?.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const row = await findTicketStore(deps.db, { accountId, conversationId: q.id });
  if (!row) throw notFound('That ticket was not found.');
  if (q.storeId && row.brandId !== q.storeId) throw notFound('That ticket was not found.');
  if (storeUrl && row.shop !== storeUrl) throw notFound('That ticket was not found.');
  // The caller may be an API key: read as a system viewer (no per-agent unread state).
  const viewer = { accountId, userId: 0, tokenId: 0, permissionLevel: 'agent' as const };
  const ticket = await getConversation(deps, viewer, row.id);
  const { items } = await listMessages(deps.db, {
    accountId,
    conversationId: row.id,
    limit: 50,
  });
  return { ticket, messages: items.filter((m) => m.kind !== 'note') };
}
