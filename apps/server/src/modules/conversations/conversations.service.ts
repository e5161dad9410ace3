import { and, eq, sql } from 'drizzle-orm';
import {
  activityLineText,
  type ActivityLine,
  type ConversationDetail,
  type ConversationListItem,
  type ConversationPatch,
  type EmailRecipients,
  type ReplyBody,
} from '@parley/contracts';
import { preparedOnce, type Db } from '../../db/client';
import {
  contacts,
  conversationReads,
  conversations,
  memberships,
  messages,
  supportChannels,
  teams,
  users,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { enqueueJob } from '../../lib/jobs';
import { selectGlobalSettings } from '../global-settings/global-settings.service';
import {
  findConversationDetail,
  findListItem,
  foldPendingCountChanges,
} from './conversations.queries';
import { findMessage, findReplyChannel, findReplyChannels } from './messages.queries';
import { findRating } from '../conversation-feedback/conversation-feedback.service';
import { checkMentionable, notify } from '../notifications/notifications.service';
import { enqueueFeedbackEmail } from '../conversation-feedback/conversation-feedback.service';
import {
  attachFilesTo,
  checkAttachmentsForMessage,
  claimForMessage,
} from '../attachments/attachments.service';

export const DELIVER_MESSAGE_JOB = 'deliver_message';
const PREVIEW_LENGTH = 140;

/** What the list shows for a message that is only files. */
export const attachmentsPreview = (count: number) =>
  `📎 ${count} attachment${count === 1 ? '' : 's'}`;
export const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);

/** The conversation row by id and account (built once: every read of a conversation asks it). */
const ownConversation = preparedOnce((db) =>
  db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, sql.placeholder('id')),
        eq(conversations.accountId, sql.placeholder('accountId')),
      ),
    )
    .prepare('parley_own_conversation'),
);

/** The conversation row, only if it belongs to the account (404 otherwise: never reveal another tenant's ids). */
export async function findOwnConversation(db: Db, accountId: number, id: number) {
  const [row] = await ownConversation(db).execute({ id, accountId });
  if (!row) throw notFound('That conversation was not found.');
  return row;
}

export async function assertMember(
  db: Db,
  accountId: number,
  userId: number,
  field = 'assignee_id',
) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row)
    throw badRequest('That person is not a member of this account.', [
      { path: field, message: 'Not a member of this account.' },
    ]);
}

async function assertTeam(db: Db, accountId: number, teamId: number) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, teamId)))
    .limit(1);
  if (!row)
    throw badRequest('That team does not exist in this account.', [
      { path: 'team_id', message: 'Unknown team.' },
    ]);
}

export async function getConversation(
  deps: Deps,
  agent: AgentContext,
  id: number,
): Promise<ConversationDetail> {
  // One prepared statement reads the item and the rest of the detail as JSON text.
  const found = await findConversationDetail(deps.db, agent, id);
  if (!found) throw notFound('That conversation was not found.');
  const scope = { accountId: agent.accountId, conversationId: id };
  const [rating, channels] = await Promise.all([
    findRating(deps.db, scope),
    findReplyChannels(deps.db, scope),
  ]);
  const item = JSON.parse(found.item) as ConversationListItem;
  // The composer starts on the channel the customer wrote on last.
  const latest = channels
    .filter((c) => c.last_incoming_at !== null)
    .reduce<(typeof channels)[number] | null>(
      (a, c) => (a && a.last_incoming_at! >= c.last_incoming_at! ? a : c),
      null,
    );
  return {
    ...item,
    first_response_at: found.first_response_at,
    resolved_at: found.resolved_at,
    contact_other_conversations: JSON.parse(
      found.others,
    ) as ConversationDetail['contact_other_conversations'],
    rating,
    ...(channels.some((c) => c.type === 'email')
      ? { email_recipients: await rememberedRecipients(deps.db, agent.accountId, id) }
      : {}),
    reply_channels: channels.map(({ id: channelId, type, name }) => ({
      id: channelId,
      type,
      name,
    })),
    latest_customer_channel_id: latest?.id ?? null,
  };
}

async function rememberedRecipients(
  db: Db,
  accountId: number,
  conversationId: number,
): Promise<EmailRecipients> {
  const [row] = await db
    .select({ recipients: conversations.emailRecipients })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1);
  return row?.recipients ?? { cc: [], bcc: [] };
}

/**
 * The channel a reply goes out on: the conversation's own, or one its customer wrote from in this
 * thread (a merge brings in messages that keep their channel), as the agent chose. 400 otherwise,
 * also for another account's channel.
 */
export async function replyChannelOf(
  db: Db,
  conv: { id: number; accountId: number; supportChannelId: number },
  chosenId: number | undefined,
): Promise<{ id: number; type: string }> {
  const channel = await findReplyChannel(db, {
    accountId: conv.accountId,
    conversationId: conv.id,
    channelId: chosenId ?? conv.supportChannelId,
  });
  if (!channel)
    throw badRequest('Choose a channel this conversation’s customer wrote from.', [
      {
        path: 'support_channel_id',
        message:
          'Reply on this conversation’s channel or on a channel the customer wrote from in it.',
      },
    ]);
  return channel;
}

/**
 * The Cc and Bcc an email reply chose, to remember for the conversation (the mail goes out with
 * what the conversation remembers); null when the reply names none, which keeps the last ones.
 * Each address is copied once, Cc before Bcc. Replies on other channels and notes have no
 * copies: 400.
 */
function chosenRecipients(
  conv: { emailRecipients: EmailRecipients | null },
  channelType: string | null,
  body: ReplyBody,
): EmailRecipients | null {
  if (body.cc === undefined && body.bcc === undefined) return null;
  const field = body.cc === undefined ? 'bcc' : 'cc';
  if (body.kind === 'note')
    throw badRequest('A note stays inside the team: it has no Cc or Bcc.', [
      { path: field, message: 'Only for email replies.' },
    ]);
  if (channelType !== 'email')
    throw badRequest('Cc and Bcc are only for replies in email conversations.', [
      { path: field, message: 'Only for email conversations.' },
    ]);
  const cc = [...new Set(body.cc ?? conv.emailRecipients?.cc ?? [])];
  const bcc = [...new Set(body.bcc ?? conv.emailRecipients?.bcc ?? [])].filter(
    (a) => !cc.includes(a),
  );
  return { cc, bcc };
}

async function addActivity(
  db: Db,
  conv: { id: number; accountId: number; supportChannelId: number },
  actorId: number,
  line: ActivityLine,
) {
  await db.insert(messages).values({
    accountId: conv.accountId,
    conversationId: conv.id,
    supportChannelId: conv.supportChannelId,
    direction: 'internal',
    kind: 'activity',
    body: activityLineText(line),
    activity: line,
    senderUserId: actorId,
  });
}

async function nameOf(db: Db, userId: number) {
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u?.name ?? 'Someone';
}

/**
 * A reply goes out by a durable job through the conversation's channel, or the one the agent
 * chose among those its customer wrote from (replyChannelOf); a note stays inside.
 * Replying answers the customer (clears waiting), may auto-assign (global setting), and marks
 * the conversation read for the agent.
 */
export async function postMessage(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  body: ReplyBody,
  /** Stored with the reply before its delivery is queued (a WhatsApp template's id). */
  inTransaction?: (tx: Db, messageId: number) => Promise<void>,
  /**
   * `notifyAsRule`: an automation rule wrote the note in its author's name; its mentions notify
   * as a rule's (no actor), so the author mentioned by their own rule hears of it too.
   */
  opts: { notifyAsRule?: boolean } = {},
) {
  const conv = await findOwnConversation(deps.db, agent.accountId, conversationId);
  const isNote = body.kind === 'note';
  const mentions = [...new Set([...body.mentions, ...(body.mentioned_user_ids ?? [])])];
  for (const m of body.mentions) await assertMember(deps.db, agent.accountId, m, 'mentions');
  await checkMentionable(deps.db, agent.accountId, body.mentioned_user_ids ?? []);
  const settings = await selectGlobalSettings(deps.db, { accountId: agent.accountId });
  // A note is stored on the conversation's channel whatever the body names.
  const channel = isNote ? null : await replyChannelOf(deps.db, conv, body.support_channel_id);
  const recipients = chosenRecipients(conv, channel?.type ?? null, body);
  // The Cc / Bcc this reply goes out with: chosen now, else the conversation's remembered ones.
  const copies = channel?.type === 'email' ? (recipients ?? conv.emailRecipients) : null;
  const attachmentIds = await checkAttachmentsForMessage(
    deps.db,
    agent.accountId,
    body.attachment_ids,
  );
  const now = new Date();

  const messageId = await deps.db.transaction(async (tx) => {
    const [msg] = await tx
      .insert(messages)
      .values({
        accountId: agent.accountId,
        conversationId,
        // Delivery sends through the message's channel, to the contact's identity there.
        supportChannelId: channel?.id ?? conv.supportChannelId,
        direction: isNote ? 'internal' : 'outgoing',
        kind: isNote ? 'note' : 'message',
        body: body.body,
        senderUserId: agent.userId,
        deliveryStatus: isNote ? null : 'queued',
        createdAt: now,
      })
      .returning({ id: messages.id });
    await claimForMessage(tx, {
      accountId: agent.accountId,
      ids: attachmentIds,
      messageId: msg!.id,
    });
    await inTransaction?.(tx, msg!.id);
    if (isNote) {
      await tx
        .update(conversations)
        .set({ lastActivityAt: now })
        .where(eq(conversations.id, conversationId));
    } else {
      const autoAssign = settings?.auto_assign_user_on_reply === true && conv.assigneeId === null;
      await tx
        .update(conversations)
        .set({
          lastActivityAt: now,
          lastMessagePreview: preview(body.body || attachmentsPreview(attachmentIds.length)),
          waitingSince: null,
          firstResponseAt: conv.firstResponseAt ?? now,
          ...(autoAssign ? { assigneeId: agent.userId } : {}),
          ...(recipients ? { emailRecipients: recipients } : {}),
        })
        .where(eq(conversations.id, conversationId));
      await enqueueJob(tx, {
        kind: DELIVER_MESSAGE_JOB,
        accountId: agent.accountId,
        // The agent's choices travel with the delivery: a comment conversation's public or
        // private answer, and the Cc / Bcc of this reply (a later reply may change them).
        payload: {
          messageId: msg!.id,
          commentReply: body.comment_reply ?? null,
          ...(copies ? { cc: copies.cc, bcc: copies.bcc } : {}),
        },
      });
    }
    await markReadIn(tx, conversationId, agent.userId, now);
    return msg!.id;
  });

  if (!isNote) deps.jobs.wake();
  deps.events.emit('message_created', {
    accountId: agent.accountId,
    conversationId,
    messageId,
    isPrivate: isNote,
  });
  deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
  if (isNote && mentions.length > 0)
    await notify(deps, {
      accountId: agent.accountId,
      userIds: mentions,
      kind: 'mention',
      conversationId,
      messageId,
      actorUserId: opts.notifyAsRule ? null : agent.userId,
      excerpt: body.body,
    });
  const message = await findMessage(deps.db, { accountId: agent.accountId, id: messageId });
  return attachFilesTo(deps, agent.accountId, message!);
}

async function markReadIn(db: Db, conversationId: number, userId: number, at: Date) {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadAt: sql`greatest(${conversationReads.lastReadAt}, excluded.last_read_at)` },
    });
}

/**
 * The conversation's row, read FOR SHARE before its read mark is written: the trigger that keeps
 * the assignee's unread count reads it FOR SHARE too, and a reply (which changes the conversation
 * and then marks it read, in one transaction) takes the locks in the same order, so the two never
 * deadlock.
 */
const lockedConversation = (accountId: number, conversationId: number) =>
  sql`(select id from ${conversations} where id = ${conversationId} and account_id = ${accountId} for share)`;

export async function markRead(deps: Deps, agent: AgentContext, conversationId: number) {
  await findOwnConversation(deps.db, agent.accountId, conversationId);
  await deps.db.execute(sql`
    with c as ${lockedConversation(agent.accountId, conversationId)}
    insert into conversation_reads (conversation_id, user_id, last_read_at)
    select c.id, ${agent.userId}::int, ${new Date().toISOString()}::timestamptz from c
    on conflict (conversation_id, user_id)
      do update set last_read_at = greatest(conversation_reads.last_read_at, excluded.last_read_at)`);
  return findListItem(deps.db, agent, conversationId);
}

/** Mark unread: forget how far this agent read, so the last customer message counts as new. */
export async function markUnread(deps: Deps, agent: AgentContext, conversationId: number) {
  await findOwnConversation(deps.db, agent.accountId, conversationId);
  await deps.db.execute(sql`
    with c as ${lockedConversation(agent.accountId, conversationId)}
    delete from conversation_reads r using c
    where r.conversation_id = c.id and r.user_id = ${agent.userId}`);
  return findListItem(deps.db, agent, conversationId);
}

/** Changes a conversation and answers it as the API shows it (its detail). */
export async function patchConversation(
  deps: Deps,
  agent: AgentContext,
  id: number,
  patch: ConversationPatch,
) {
  await changeConversation(deps, agent, id, patch);
  return getConversation(deps, agent, id);
}

/**
 * Changes a conversation's status, priority, assignee or team, writes the thread's lines and
 * tells who listens; answers nothing (bulk actions, rules and macros need no detail back).
 */
export async function changeConversation(
  deps: Deps,
  agent: AgentContext,
  id: number,
  patch: ConversationPatch,
  /**
   * An automation rule acting: its run writes one line saying all it did ("Rule “Refunds” set
   * the priority to high, added tag refund"), so the change writes no line of its own, and an
   * assignment it makes is no person's.
   */
  opts: { byRule?: boolean } = {},
) {
  const conv = await findOwnConversation(deps.db, agent.accountId, id);
  if (patch.assignee_id) await assertMember(deps.db, agent.accountId, patch.assignee_id);
  if (patch.team_id) await assertTeam(deps.db, agent.accountId, patch.team_id);
  if (patch.snoozed_until && new Date(patch.snoozed_until).getTime() <= Date.now()) {
    throw badRequest('Snooze until a time in the future.', [
      { path: 'snoozed_until', message: 'Must be in the future.' },
    ]);
  }
  const status = patch.status ?? (patch.snoozed_until ? 'snoozed' : undefined);
  const now = new Date();
  const say = !opts.byRule;
  const actor = say ? await nameOf(deps.db, agent.userId) : '';

  await deps.db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({
        ...(status ? { status } : {}),
        ...(status === 'snoozed'
          ? { snoozedUntil: new Date(patch.snoozed_until!) }
          : status
            ? { snoozedUntil: null }
            : {}),
        ...(status === 'closed' ? { resolvedAt: now } : status ? { resolvedAt: null } : {}),
        ...(patch.priority ? { priority: patch.priority } : {}),
        ...(patch.assignee_id !== undefined ? { assigneeId: patch.assignee_id } : {}),
        ...(patch.team_id !== undefined ? { teamId: patch.team_id } : {}),
      })
      .where(eq(conversations.id, id));
    // The thread tells the story of who changed what.
    if (say && status && status !== conv.status)
      await addActivity(tx, conv, agent.userId, { key: 'status_changed', actor, status });
    // Closing asks the customer how we did (spec: CSAT), queued with the closing itself.
    if (status === 'closed' && conv.status !== 'closed')
      await enqueueFeedbackEmail(tx, {
        accountId: agent.accountId,
        conversationId: id,
        resolvedAt: now,
      });
    if (say && patch.assignee_id !== undefined && patch.assignee_id !== conv.assigneeId) {
      const line: ActivityLine =
        patch.assignee_id === null
          ? { key: 'unassigned', actor }
          : patch.assignee_id === agent.userId
            ? { key: 'self_assigned', actor }
            : { key: 'assigned', actor, assignee: await nameOf(tx, patch.assignee_id) };
      await addActivity(tx, conv, agent.userId, line);
    }
    if (say && patch.priority && patch.priority !== conv.priority)
      await addActivity(tx, conv, agent.userId, {
        key: 'priority_changed',
        actor,
        priority: patch.priority,
      });
    if (say && patch.team_id !== undefined && patch.team_id !== conv.teamId) {
      await addActivity(tx, conv, agent.userId, {
        key: patch.team_id === null ? 'team_removed' : 'team_changed',
        actor,
      });
    }
  });
  const changes = [
    ...(status && status !== conv.status ? (['status'] as const) : []),
    ...(patch.priority && patch.priority !== conv.priority ? (['priority'] as const) : []),
    ...(patch.assignee_id !== undefined && patch.assignee_id !== conv.assigneeId
      ? (['assignee'] as const)
      : []),
  ];
  deps.events.emit('conversation_updated', {
    accountId: agent.accountId,
    conversationId: id,
    changes,
  });
  if (patch.assignee_id && patch.assignee_id !== conv.assigneeId)
    deps.events.emit('conversation_assigned', {
      accountId: agent.accountId,
      conversationId: id,
      assigneeId: patch.assignee_id,
      // A rule acting through a person's context is not that person's own action.
      actorUserId: opts.byRule ? null : agent.userId,
    });
  if (status === 'closed' && conv.status !== 'closed') deps.jobs.wake();
}

/** Snoozed conversations wake up (become open) when their time has come. */
/** The inbox's view counts keep their pending changes short for every account (main's timer). */
export async function foldViewCounts(deps: Deps) {
  await foldPendingCountChanges(deps.db);
}

export async function wakeSnoozed(deps: Deps) {
  const woken = await deps.db
    .update(conversations)
    .set({ status: 'open', snoozedUntil: null })
    .where(and(eq(conversations.status, 'snoozed'), sql`${conversations.snoozedUntil} <= now()`))
    .returning({ id: conversations.id, accountId: conversations.accountId });
  // A status change: "status changed" rules hear it (docs/product/automation.md).
  for (const c of woken)
    deps.events.emit('conversation_updated', {
      accountId: c.accountId,
      conversationId: c.id,
      changes: ['status'],
    });
  return woken.length;
}

/** An agent starts a conversation: with a known contact or a new one, on one of the account's channels. */
export async function createOutbound(
  deps: Deps,
  agent: AgentContext,
  body: {
    support_channel_id: number;
    contact_id?: number | undefined;
    contact?:
      | { name?: string | undefined; email?: string | undefined; phone?: string | undefined }
      | undefined;
    subject?: string | undefined;
    body: string;
  },
) {
  const [channel] = await deps.db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.id, body.support_channel_id),
        eq(supportChannels.accountId, agent.accountId),
      ),
    )
    .limit(1);
  if (!channel)
    throw badRequest('That channel does not exist in this account.', [
      { path: 'support_channel_id', message: 'Unknown channel.' },
    ]);
  if (!body.contact_id && !body.contact?.email && !body.contact?.phone) {
    throw badRequest('Choose a contact, or give an email address or phone number.', [
      { path: 'contact', message: 'Required.' },
    ]);
  }
  const conversationId = await deps.db.transaction(async (tx) => {
    let contactId = body.contact_id;
    if (contactId) {
      const [own] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.accountId, agent.accountId)))
        .limit(1);
      if (!own)
        throw badRequest('That contact does not exist in this account.', [
          { path: 'contact_id', message: 'Unknown contact.' },
        ]);
    } else {
      const [created] = await tx
        .insert(contacts)
        .values({
          accountId: agent.accountId,
          name: body.contact?.name ?? null,
          email: body.contact?.email ?? null,
          phone: body.contact?.phone ?? null,
        })
        .returning({ id: contacts.id });
      contactId = created!.id;
    }
    const [conv] = await tx
      .insert(conversations)
      .values({
        accountId: agent.accountId,
        supportChannelId: channel.id,
        brandId: channel.brandId,
        contactId,
        subject: body.subject ?? null,
        assigneeId: agent.userId,
        lastMessagePreview: preview(body.body),
      })
      .returning({ id: conversations.id });
    return conv!.id;
  });
  await postMessage(deps, agent, conversationId, {
    kind: 'reply',
    body: body.body,
    mentions: [],
    attachment_ids: [],
  });
  return getConversation(deps, agent, conversationId);
}
