import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationItem, NotificationKind } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  contacts,
  conversations,
  memberships,
  messages,
  notifications,
  users,
} from '../../db/schema';

type Scope = { accountId: number };
type UserScope = Scope & { userId: number };

export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  conversationId: number | null;
  messageId: number | null;
  actorUserId: number | null;
};

export async function insertNotifications(
  db: Db,
  { accountId, rows }: Scope & { rows: NewNotification[] },
) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, accountId })))
    .returning({ id: notifications.id, userId: notifications.userId });
}

const actors = alias(users, 'actor');

/** The list's fields, tenant- and user-scoped. */
function itemQuery(db: Db) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      conversationId: notifications.conversationId,
      subject: conversations.subject,
      contactName: contacts.name,
      actorId: actors.id,
      actorName: actors.name,
      actorColor: actors.profileColor,
      excerpt: notifications.body,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(
      conversations,
      and(
        eq(conversations.id, notifications.conversationId),
        eq(conversations.accountId, notifications.accountId),
      ),
    )
    .leftJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(actors, eq(actors.id, notifications.actorUserId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

function toItem(r: ItemRow): NotificationItem {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    conversation_id: r.conversationId,
    conversation_subject: r.subject,
    contact_name: r.contactName,
    actor:
      r.actorId !== null
        ? { id: r.actorId, name: r.actorName ?? '', profile_color: r.actorColor ?? '' }
        : null,
    excerpt: r.excerpt,
    created_at: new Date(r.createdAt).toISOString(),
    read: r.readAt !== null,
  };
}

/** Newest first, `limit` at a time, older than the `before` id. */
export async function listPage(
  db: Db,
  { accountId, userId, before, limit }: UserScope & { before?: number; limit: number },
) {
  const rows = await itemQuery(db)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        before !== undefined ? lt(notifications.id, before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.map(toItem);
}

export async function itemsByIds(db: Db, { accountId, ids }: Scope & { ids: number[] }) {
  if (ids.length === 0) return [];
  const rows = await itemQuery(db).where(
    and(eq(notifications.accountId, accountId), inArray(notifications.id, ids)),
  );
  return rows.map(toItem);
}

export async function countUnread(db: Db, { accountId, userId }: UserScope) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the user's own unread notifications (all, or those of `ids`); others' ids match nothing. */
export async function markRead(
  db: Db,
  { accountId, userId, ids }: UserScope & { ids: number[] | 'all' | { conversationId: number } },
) {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all'
          ? undefined
          : Array.isArray(ids)
            ? inArray(notifications.id, ids)
            : eq(notifications.conversationId, ids.conversationId),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Which of `userIds` are members of the account. */
export async function membersAmong(db: Db, { accountId, userIds }: Scope & { userIds: number[] }) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
  return rows.map((r) => r.userId);
}

export type StoredPreferences = { in_app_off?: string[]; desktop_off?: string[] };

export async function preferencesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, StoredPreferences>();
  const rows = await db
    .select({ id: users.id, prefs: users.notificationPreferences })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.prefs ?? {}]));
}

export async function savePreferences(
  db: Db,
  { userId, prefs }: { userId: number; prefs: StoredPreferences },
) {
  await db.update(users).set({ notificationPreferences: prefs }).where(eq(users.id, userId));
}

export async function userNameOf(db: Db, userId: number) {
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u?.name ?? null;
}

/** The customers' messages among `ids` on conversations someone is assigned to. */
export async function customerMessagesOnAssigned(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      accountId: messages.accountId,
      messageId: messages.id,
      conversationId: messages.conversationId,
      assigneeId: conversations.assigneeId,
      body: messages.body,
    })
    .from(messages)
    .innerJoin(
      conversations,
      and(
        eq(conversations.id, messages.conversationId),
        eq(conversations.accountId, messages.accountId),
      ),
    )
    .where(
      and(
        inArray(messages.id, ids),
        eq(messages.direction, 'incoming'),
        ne(messages.kind, 'reaction'),
        isNotNull(conversations.assigneeId),
      ),
    );
}

/**
 * Who hears of a conversation's SLA warning or breach: its assignee; nobody's conversation goes
 * to the account's owners and admins, so a promise no one holds is still seen by someone.
 */
export async function slaRecipients(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
) {
  const [row] = await db
    .select({ assigneeId: conversations.assigneeId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)));
  if (!row) return [];
  if (row.assigneeId !== null) return [row.assigneeId];
  const admins = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        inArray(memberships.permissionLevel, ['owner', 'admin']),
      ),
    );
  return admins.map((a) => a.userId);
}
