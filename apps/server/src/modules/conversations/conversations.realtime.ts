import { sql } from 'drizzle-orm';
import { dcuserPanelChannel, REALTIME_EVENTS, type ConversationListItem } from '@parley/contracts';
import { rowsOf, type Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { Publication } from '../../realtime/event-mappings';
import type { Realtime } from '../../realtime/realtime';
import { findListItem } from './conversations.queries';
import { findMessage } from './messages.queries';
import { attachFilesTo } from '../attachments/attachments.service';

/**
 * The inbox over realtime (design.md §5): every member of the account hears on their own
 * `private-dcuser-{id}-panel0` what changed, with their own unread state; who is viewing or typing
 * in a conversation travels on `presence-conversation-{id}` (client events, allow-listed).
 */
export function registerConversationRealtime(realtime: Realtime): void {
  realtime.channelRules.add({
    name: 'conversation-presence',
    pattern: /^presence-conversation-([1-9]\d{0,9})$/,
    authorize: ({ deps, agent }, m) =>
      conversationInAccount(deps.db, agent.accountId, Number(m[1])),
  });

  realtime.eventMappings
    .map('conversation_updated', async (e, deps) => {
      const item = await findListItem(
        deps.db,
        { accountId: e.accountId, userId: 0 },
        e.conversationId,
      );
      if (!item) return [];
      const recipients = await unreadByMember(deps.db, e.accountId, e.conversationId);
      return recipients.map(({ userId, unread }) => {
        const conversation: ConversationListItem = { ...item, unread };
        return {
          channel: dcuserPanelChannel(userId),
          event: REALTIME_EVENTS.conversationUpdated,
          data: { account_id: e.accountId, conversation },
        } satisfies Publication;
      });
    })
    .map('message_created', (e, deps) => messagePublications(deps, e, 'message_created'))
    .map('message_updated', (e, deps) => messagePublications(deps, e, 'message_updated'));
}

async function messagePublications(
  deps: Deps,
  e: { accountId: number; conversationId: number; messageId: number },
  event: 'message_created' | 'message_updated',
): Promise<Publication[]> {
  const found = await findMessage(deps.db, { accountId: e.accountId, id: e.messageId });
  if (!found) return [];
  const message = await attachFilesTo(deps, e.accountId, found);
  const members = await unreadByMember(deps.db, e.accountId, e.conversationId);
  // Panel channels belong to the account's agents only: internal notes may travel there.
  return members.map(({ userId }) => ({
    channel: dcuserPanelChannel(userId),
    event,
    data: { account_id: e.accountId, conversation_id: e.conversationId, message },
  }));
}

/** Every member of the account with their own unread state of the conversation, in one query. */
async function unreadByMember(db: Db, accountId: number, conversationId: number) {
  const result = await db.execute(sql`
    select m.user_id as "userId",
      (c.last_incoming_at is not null
        and c.last_incoming_at > coalesce(r.last_read_at, '-infinity'::timestamptz)) as unread
    from memberships m
    join conversations c on c.id = ${conversationId} and c.account_id = m.account_id
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = m.user_id
    where m.account_id = ${accountId}`);
  return rowsOf<{ userId: number; unread: boolean }>(result);
}

async function conversationInAccount(db: Db, accountId: number, id: number): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from conversations where id = ${id} and account_id = ${accountId}`,
  );
  return rowsOf(result).length > 0;
}
