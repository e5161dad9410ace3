import { sql } from 'drizzle-orm';
import {
  dcuserPanelChannel,
  REALTIME_EVENTS,
  type ConversationListItem,
  type Message,
} from '@parley/contracts';
import { executePrepared, intArray, rowsOf, type Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { Publication } from '../../realtime/event-mappings';
import type { Realtime } from '../../realtime/realtime';
import { membersOfAccounts } from '../../realtime/realtime.queries';
import { findListItems } from './conversations.queries';
import { findMessages } from './messages.queries';
import { attachFiles } from '../attachments/attachments.service';

/**
 * The inbox over realtime (docs/ARCHITECTURE.md): every member of the account hears on their own
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

  // A burst's publications go out in this order: the message, then its conversation's row.
  realtime.eventMappings
    .mapBatch('message_created', (events, deps) =>
      messagePublications(deps, events, REALTIME_EVENTS.messageCreated),
    )
    .mapBatch('message_updated', (events, deps) =>
      messagePublications(deps, events, REALTIME_EVENTS.messageUpdated),
    )
    .mapBatch('conversation_updated', conversationPublications);
}

type ConversationRef = { accountId: number; conversationId: number };

/** Each member hears of each changed conversation, with their own unread state. */
async function conversationPublications(
  events: ConversationRef[],
  deps: Deps,
): Promise<Publication[]> {
  // A conversation changed twice in one burst is published once, as it is now.
  const refs = [...new Map(events.map((e) => [e.conversationId, e])).values()];
  const [items, recipients] = await Promise.all([
    findListItems(
      deps.db,
      0,
      refs.map((e) => ({ accountId: e.accountId, id: e.conversationId })),
    ),
    unreadByMember(deps.db, refs),
  ]);
  return recipients.flatMap(({ accountId, conversationId, userId, unread }) => {
    const item = items.get(conversationId);
    if (!item) return [];
    const conversation: ConversationListItem = { ...item, unread };
    return [
      {
        channel: dcuserPanelChannel(userId),
        event: REALTIME_EVENTS.conversationUpdated,
        data: { account_id: accountId, conversation },
      } satisfies Publication,
    ];
  });
}

async function messagePublications(
  deps: Deps,
  events: (ConversationRef & { messageId: number; hasAttachments?: boolean })[],
  event: 'message_created' | 'message_updated',
): Promise<Publication[]> {
  const [found, members] = await Promise.all([
    findMessages(
      deps.db,
      events.map((e) => ({ accountId: e.accountId, id: e.messageId })),
    ),
    membersOfAccounts(
      deps.db,
      events.map((e) => e.accountId),
    ),
  ]);
  // Files are looked up (and their links signed) per account, for the messages that may have some.
  const withFiles = new Map<number, Message>();
  for (const accountId of new Set(events.map((e) => e.accountId))) {
    const list = events
      .filter((e) => e.accountId === accountId && e.hasAttachments !== false)
      .flatMap((e) => found.get(e.messageId) ?? []);
    for (const m of await attachFiles(deps, accountId, list)) withFiles.set(m.id, m);
  }
  return events.flatMap((e) => {
    const message = withFiles.get(e.messageId) ?? found.get(e.messageId);
    if (!message || message.conversation_id !== e.conversationId) return [];
    // Panel channels belong to the account's agents only: internal notes may travel there.
    return (members.get(e.accountId) ?? []).map((userId) => ({
      channel: dcuserPanelChannel(userId),
      event,
      data: { account_id: e.accountId, conversation_id: e.conversationId, message },
    }));
  });
}

/** Every member of each conversation's account with their own unread state, in one query. */
async function unreadByMember(db: Db, refs: ConversationRef[]) {
  return executePrepared<{
    accountId: number;
    conversationId: number;
    userId: number;
    unread: boolean;
  }>(
    db,
    sql`
    select c.account_id as "accountId", c.id as "conversationId", m.user_id as "userId",
      (c.last_incoming_at is not null
        and c.last_incoming_at > coalesce(r.last_read_at, '-infinity'::timestamptz)) as unread
    from conversations c
    join memberships m on m.account_id = c.account_id
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = m.user_id
    where c.id = any(${intArray(refs.map((e) => e.conversationId))})
      and (c.account_id, c.id) in (
        select * from unnest(${intArray(refs.map((e) => e.accountId))}, ${intArray(refs.map((e) => e.conversationId))}))`,
  );
}

async function conversationInAccount(db: Db, accountId: number, id: number): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from conversations where id = ${id} and account_id = ${accountId}`,
  );
  return rowsOf(result).length > 0;
}
