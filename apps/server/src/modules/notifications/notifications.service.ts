import {
  MAX_MENTIONS,
  NOTIFICATION_EXCERPT_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type MarkNotificationsReadBody,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { DomainEvents } from '../../lib/events';
import { apiText, badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import {
  countUnread,
  customerMessagesOnAssigned,
  insertNotifications,
  itemsByIds,
  listPage,
  markRead,
  membersAmong,
  preferencesOf,
  savePreferences,
  slaRecipients,
  userNameOf,
  type StoredPreferences,
} from './notifications.queries';

declare module '../../lib/events' {
  interface DomainEvents {
    /** A notification was stored for `userId`; realtime tells that user's app alone. */
    notification_created: {
      accountId: number;
      userId: number;
      notification: NotificationItem;
      unreadCount: number;
      /** The user's preferences ask for a desktop notification of this kind. */
      desktop: boolean;
    };
  }
}

export const excerptOf = (text: string | null | undefined) =>
  text ? text.replace(/\s+/g, ' ').trim().slice(0, NOTIFICATION_EXCERPT_LENGTH) || null : null;

const isOn = (off: string[] | undefined, kind: NotificationKind) => !(off ?? []).includes(kind);

function preferencesView(stored: StoredPreferences): NotificationPreferences {
  const each = (off: string[] | undefined) =>
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, isOn(off, k)])) as Record<
      NotificationKind,
      boolean
    >;
  return { in_app: each(stored.in_app_off), desktop: each(stored.desktop_off) };
}

/** The stored titles are English, for logs and exports; the app builds its words from the fields. */
function titleOf(kind: NotificationKind, actor: string | null) {
  switch (kind) {
    case 'mention':
      return `${actor ?? 'Someone'} mentioned you`;
    case 'assigned':
      return actor
        ? `${actor} assigned a conversation to you`
        : 'A conversation was assigned to you';
    case 'customer_reply':
      return 'A customer replied';
    case 'sla_warning':
      return 'A conversation is close to its SLA';
    case 'sla_breached':
      return 'A conversation missed its SLA';
  }
}

export type NotifyInput = {
  accountId: number;
  userIds: readonly number[];
  kind: NotificationKind;
  conversationId: number | null;
  messageId?: number | null;
  /** Who did it (never notified of their own action); null for a rule or a customer. */
  actorUserId: number | null;
  excerpt?: string | null;
};

/**
 * The one way notifications are made: members of the account other than the actor, whose
 * preferences keep the kind in the app, get one each; each user's app hears of theirs at once.
 */
export async function notify(deps: Deps, input: NotifyInput): Promise<number> {
  const { accountId, kind, actorUserId } = input;
  const wanted = [...new Set(input.userIds)].filter((id) => id !== actorUserId);
  if (wanted.length === 0) return 0;
  const members = await membersAmong(deps.db, { accountId, userIds: wanted });
  const prefs = await preferencesOf(deps.db, members);
  const recipients = members.filter((id) => isOn(prefs.get(id)?.in_app_off, kind));
  if (recipients.length === 0) return 0;
  const actor = actorUserId !== null ? await userNameOf(deps.db, actorUserId) : null;
  const created = await insertNotifications(deps.db, {
    accountId,
    rows: recipients.map((userId) => ({
      userId,
      kind,
      title: titleOf(kind, actor),
      body: excerptOf(input.excerpt),
      conversationId: input.conversationId,
      messageId: input.messageId ?? null,
      actorUserId,
    })),
  });
  const items = new Map(
    (await itemsByIds(deps.db, { accountId, ids: created.map((c) => c.id) })).map((i) => [i.id, i]),
  );
  for (const { id, userId } of created) {
    const notification = items.get(id);
    if (!notification) continue;
    deps.events.emit('notification_created', {
      accountId,
      userId,
      notification,
      unreadCount: await countUnread(deps.db, { accountId, userId }),
      desktop: isOn(prefs.get(userId)?.desktop_off, kind),
    });
  }
  return created.length;
}

/** 400 naming `field` unless every id is a member of the account (at most MAX_MENTIONS). */
export async function checkMentionable(
  db: Db,
  accountId: number,
  ids: readonly number[],
  field = 'mentioned_user_ids',
) {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_MENTIONS)
    throw badRequest(apiText('Mention at most {max} teammates.', { max: MAX_MENTIONS }), [
      { path: field, message: apiText('At most {max}.', { max: MAX_MENTIONS }) },
    ]);
  const members = new Set(await membersAmong(db, { accountId, userIds: unique }));
  if (unique.some((id) => !members.has(id)))
    throw badRequest('Only members of this account can be mentioned.', [
      { path: field, message: 'Not a member of this account.' },
    ]);
}

export async function listNotifications(deps: Deps, agent: AgentContext, cursor?: number) {
  const scope = { accountId: agent.accountId, userId: agent.userId };
  const rows = await listPage(deps.db, {
    ...scope,
    before: cursor,
    limit: NOTIFICATIONS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  return {
    notifications: page,
    next_cursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? page[page.length - 1]!.id : null,
    unread_count: await countUnread(deps.db, scope),
  };
}

export async function markNotificationsRead(
  deps: Deps,
  agent: AgentContext,
  body: MarkNotificationsReadBody,
) {
  const scope = { accountId: agent.accountId, userId: agent.userId };
  const ids =
    'all' in body
      ? ('all' as const)
      : 'ids' in body
        ? body.ids
        : { conversationId: body.conversation_id };
  const marked = await markRead(deps.db, { ...scope, ids });
  return { marked, unread_count: await countUnread(deps.db, scope) };
}

export async function getNotificationPreferences(deps: Deps, agent: AgentContext) {
  const prefs = await preferencesOf(deps.db, [agent.userId]);
  return preferencesView(prefs.get(agent.userId) ?? {});
}

export async function updateNotificationPreferences(
  deps: Deps,
  agent: AgentContext,
  body: NotificationPreferencesUpdate,
) {
  const stored = (await preferencesOf(deps.db, [agent.userId])).get(agent.userId) ?? {};
  const next = (off: string[] | undefined, change: Partial<Record<NotificationKind, boolean>>) =>
    NOTIFICATION_KINDS.filter((k) => (change[k] ?? isOn(off, k)) === false);
  const prefs: StoredPreferences = {
    in_app_off: next(stored.in_app_off, body.in_app ?? {}),
    desktop_off: next(stored.desktop_off, body.desktop ?? {}),
  };
  await savePreferences(deps.db, { userId: agent.userId, prefs });
  return preferencesView(prefs);
}

/**
 * What other modules' events make: `assigned` when a conversation is handed to someone (by
 * another person, a rule or auto-assignment), `customer_reply` when a customer writes on a
 * conversation assigned to someone, `sla_warning` and `sla_breached` when an SLA clock reaches its
 * warning or due time (once across instances: the SLA scanner claims each). Customers' messages
 * come in bursts, so the burst's messages are looked up together. Answers a stop that waits for
 * the work under way.
 */
export function startNotificationListeners(deps: Deps, onError: (err: unknown) => void) {
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const p = work.catch(onError).finally(() => pending.delete(p));
    pending.add(p);
  };
  let burst: number[] = [];
  const onSla = (kind: 'sla_warning' | 'sla_breached') => (e: DomainEvents['sla_warning']) =>
    track(
      slaRecipients(deps.db, e).then((userIds) =>
        notify(deps, {
          accountId: e.accountId,
          userIds,
          kind,
          conversationId: e.conversationId,
          actorUserId: null,
          excerpt: null,
        }),
      ),
    );
  const offs = [
    deps.events.on('sla_warning', onSla('sla_warning')),
    deps.events.on('sla_breached', onSla('sla_breached')),
    deps.events.on('conversation_assigned', (e) =>
      track(
        notify(deps, {
          accountId: e.accountId,
          userIds: [e.assigneeId],
          kind: 'assigned',
          conversationId: e.conversationId,
          actorUserId: e.actorUserId,
          messageId: e.messageId ?? null,
          excerpt: null,
        }),
      ),
    ),
    deps.events.on('message_created', (e) => {
      if (e.isPrivate) return;
      burst.push(e.messageId);
      if (burst.length > 1) return;
      track(
        new Promise((next) => setImmediate(next)).then(async () => {
          const ids = burst;
          burst = [];
          for (const m of await customerMessagesOnAssigned(deps.db, ids))
            await notify(deps, {
              accountId: m.accountId,
              userIds: [m.assigneeId!],
              kind: 'customer_reply',
              conversationId: m.conversationId,
              messageId: m.messageId,
              actorUserId: null,
              excerpt: m.body,
            });
        }),
      );
    }),
  ];
  return async () => {
    for (const off of offs) off();
    while (pending.size > 0) await Promise.allSettled(pending);
  };
}
