import type { WidgetAgent, WidgetConversation, WidgetMessage } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import { toAttachment } from '../attachments/attachments.service';
import { initialsOf } from '../me/me.service';
import {
  agentsReadAt,
  conversationsWithAgents,
  lastMessagesAndUnread,
  visibleMessagesByIds,
  type VisibleMessageRow,
} from './widget-chat.queries';

// What a visitor is shown: the widget's own shapes (contracts/widget-chat.ts), never the agents'.

export function toWidgetAgent(a: {
  name: string | null;
  avatar: string | null;
  profileColor: string | null;
}): WidgetAgent | null {
  if (a.name === null) return null;
  return {
    name: a.name,
    avatar_url: a.avatar,
    initials: initialsOf(a.name),
    profile_color: a.profileColor ?? '#8c8c8c',
  };
}

function statusOf(
  row: VisibleMessageRow,
  readByAgentsAt: Date | undefined,
): WidgetMessage['status'] {
  const m = row.m;
  if (m.direction === 'incoming')
    return readByAgentsAt && readByAgentsAt >= m.createdAt ? 'read' : 'delivered';
  if (m.deliveryStatus === 'queued' || m.deliveryStatus === null) return 'sent';
  return m.deliveryStatus;
}

/** Messages as the widget shows them, with signed attachment links, in the given order. */
export async function toWidgetMessages(
  deps: Deps,
  accountId: number,
  rows: VisibleMessageRow[],
): Promise<WidgetMessage[]> {
  if (rows.length === 0) return [];
  const files = await attachmentsOfMessages(deps.db, {
    accountId,
    messageIds: rows.map((r) => r.m.id),
  });
  const readAt = await agentsReadAt(deps.db, [...new Set(rows.map((r) => r.m.conversationId))]);
  return rows.map((row) => {
    const m = row.m;
    const author: WidgetMessage['author'] =
      m.direction === 'incoming' ? 'visitor' : m.senderUserId !== null ? 'agent' : 'system';
    return {
      id: m.id,
      conversation_id: m.conversationId,
      author,
      agent:
        author === 'agent'
          ? toWidgetAgent({
              name: row.agentName,
              avatar: row.agentAvatar,
              profileColor: row.agentColor,
            })
          : null,
      body: m.body,
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map((f) => {
          const { id, file_name, content_type, size, url } = toAttachment(deps, f);
          return { id, file_name, content_type, size, url };
        }),
      status: statusOf(row, readAt.get(m.conversationId)),
      created_at: m.createdAt.toISOString(),
    };
  });
}

export async function widgetMessagesByIds(deps: Deps, accountId: number, ids: number[]) {
  const rows = await visibleMessagesByIds(deps.db, accountId, ids);
  rows.sort((a, b) => a.m.id - b.m.id);
  return toWidgetMessages(deps, accountId, rows);
}

/** Conversations as the widget lists them, in the order of `ids`. */
export async function widgetConversations(
  deps: Deps,
  accountId: number,
  ids: number[],
): Promise<WidgetConversation[]> {
  if (ids.length === 0) return [];
  const rows = await conversationsWithAgents(deps.db, accountId, ids);
  const stats = await lastMessagesAndUnread(deps.db, accountId, ids);
  const lastMessages = await widgetMessagesByIds(
    deps,
    accountId,
    stats.map((s) => s.lastId).filter((id): id is number => id !== null),
  );
  const byId = new Map(rows.map((r) => [r.conversation.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const stat = stats.find((s) => s.conversationId === id);
    return [
      {
        id,
        status: row.conversation.status,
        agent: toWidgetAgent({
          name: row.agentName,
          avatar: row.agentAvatar,
          profileColor: row.agentColor,
        }),
        last_message: lastMessages.find((m) => m.id === stat?.lastId) ?? null,
        unread: stat?.unread ?? 0,
        created_at: row.conversation.createdAt.toISOString(),
        rating: row.rating ?? null,
      },
    ];
  });
}
