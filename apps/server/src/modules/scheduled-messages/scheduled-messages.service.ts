import {
  SCHEDULED_SEND_LIMITS,
  type ScheduledMessage,
  type ScheduledMessageBody,
  type ScheduledMessagePatch,
  type UndoSendSetting,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { enqueueJob } from '../../lib/jobs';
import { checkAttachmentsForMessage } from '../attachments/attachments.service';
import { assertMember, replyChannelOf } from '../conversations/conversations.service';
import { checkMentionable } from '../notifications/notifications.service';
import {
  conversationWithChannel,
  countPendingOfAuthor,
  deleteScheduled,
  deleteSentBatch,
  dropQueuedJob,
  failStaleSending,
  findScheduled,
  insertScheduled,
  listOfAuthor,
  listOfConversation,
  lockScheduled,
  saveUndoSendSeconds,
  undoSendSecondsOf,
  updateScheduled,
  type ScheduledRow,
  type ScheduledView,
} from './scheduled-messages.queries';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A conversation's scheduled messages changed (created, edited, cancelled, sent, failed);
     * realtime tells the account's agents (docs/product/scheduled-send.md).
     */
    scheduled_messages_changed: { accountId: number; conversationId: number };
  }
}

/** The durable job that posts a scheduled message at its time. */
export const SCHEDULED_SEND_JOB = 'scheduled_message.send';
export interface ScheduledSendPayload {
  scheduledMessageId: number;
  /** Set on the follow-up that reports an interrupted send as failed once it is stale. */
  check?: true;
}

/** What a person reads when a send was interrupted (its worker stopped). */
export const INTERRUPTED_REASON =
  'Sending was interrupted (the server stopped) and the message was not sent. Send it again.';

export function announce(deps: Deps, accountId: number, conversationId: number) {
  deps.events.emit('scheduled_messages_changed', { accountId, conversationId });
}

export function toScheduledMessage(viewer: AgentContext, row: ScheduledView): ScheduledMessage {
  const mine = row.authorUserId === viewer.userId;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    author: { id: row.authorUserId, name: row.authorName },
    kind: row.kind,
    body: row.body,
    attachment_ids: row.reply.attachment_ids,
    send_at: row.sendAt.toISOString(),
    status: row.status,
    failure_reason: row.failureReason,
    undo: row.undo,
    message_id: row.messageId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    editable: mine && row.status === 'scheduled',
  };
}

/** The job that posts it at `sendAt`, queued in the caller's transaction. */
function enqueueSend(tx: Db, row: { id: number; accountId: number }, sendAt: Date) {
  return enqueueJob(tx, {
    kind: SCHEDULED_SEND_JOB,
    accountId: row.accountId,
    payload: { scheduledMessageId: row.id } satisfies ScheduledSendPayload,
    runAt: sendAt,
  });
}

/**
 * What `postMessage` would refuse for reasons known now is refused now (400), so the agent
 * fixes it while writing rather than reading a failure later.
 */
async function checkReply(
  deps: Deps,
  agent: AgentContext,
  conv: { id: number; supportChannelId: number },
  body: ScheduledMessageBody,
) {
  for (const m of body.mentions) await assertMember(deps.db, agent.accountId, m, 'mentions');
  await checkMentionable(deps.db, agent.accountId, body.mentioned_user_ids ?? []);
  const channelType =
    body.kind === 'note'
      ? null
      : (
          await replyChannelOf(
            deps.db,
            { ...conv, accountId: agent.accountId },
            body.support_channel_id,
          )
        ).type;
  if (body.cc !== undefined || body.bcc !== undefined) {
    const field = body.cc === undefined ? 'bcc' : 'cc';
    if (body.kind === 'note')
      throw badRequest('A note stays inside the team: it has no Cc or Bcc.', [
        { path: field, message: 'Only for email replies.' },
      ]);
    if (channelType !== 'email')
      throw badRequest('Cc and Bcc are only for replies in email conversations.', [
        { path: field, message: 'Only for email conversations.' },
      ]);
  }
  await checkAttachmentsForMessage(deps.db, agent.accountId, body.attachment_ids);
}

export async function scheduleMessage(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  body: ScheduledMessageBody,
): Promise<ScheduledMessage> {
  const conv = await conversationWithChannel(deps.db, {
    accountId: agent.accountId,
    id: conversationId,
  });
  if (!conv) throw notFound('That conversation was not found.');
  await checkReply(deps, agent, conv, body);
  const max = SCHEDULED_SEND_LIMITS.maxPendingPerAuthor;
  if ((await countPendingOfAuthor(deps.db, agent)) >= max)
    throw badRequest(
      apiText(
        'You have {max} messages waiting to be sent. Cancel some (or let them go out) first.',
        { max },
      ),
    );
  const sendAt = new Date(body.send_at);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertScheduled(tx, {
      accountId: agent.accountId,
      conversationId,
      authorUserId: agent.userId,
      kind: body.kind,
      body: body.body,
      reply: {
        mentions: body.mentions,
        attachment_ids: [...new Set(body.attachment_ids)],
        ...(body.mentioned_user_ids ? { mentioned_user_ids: body.mentioned_user_ids } : {}),
        ...(body.comment_reply ? { comment_reply: body.comment_reply } : {}),
        ...(body.cc ? { cc: body.cc } : {}),
        ...(body.bcc ? { bcc: body.bcc } : {}),
        ...(body.kind === 'reply' && body.support_channel_id
          ? { support_channel_id: body.support_channel_id }
          : {}),
      },
      sendAt,
      undo: body.undo,
    });
    const jobId = await enqueueSend(tx, row, sendAt);
    await updateScheduled(tx, { accountId: agent.accountId, id: row.id }, { jobId });
    return row.id;
  });
  deps.jobs.wake();
  announce(deps, agent.accountId, conversationId);
  return toScheduledMessage(agent, (await findScheduled(deps.db, { ...agent, id }))!);
}

/** Reports interrupted sends as failed before a list is read (docs/product/scheduled-send.md). */
async function settleInterrupted(
  deps: Deps,
  where: Parameters<typeof failStaleSending>[1],
): Promise<void> {
  const failed = await failStaleSending(deps.db, where, INTERRUPTED_REASON);
  for (const c of new Set(failed.map((f) => f.conversationId))) announce(deps, where.accountId, c);
}

export async function listConversationScheduled(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
) {
  if (!(await conversationWithChannel(deps.db, { accountId: agent.accountId, id: conversationId })))
    throw notFound('That conversation was not found.');
  await settleInterrupted(deps, { accountId: agent.accountId, conversationId });
  const rows = await listOfConversation(deps.db, { accountId: agent.accountId, conversationId });
  return { scheduled_messages: rows.map((r) => toScheduledMessage(agent, r)) };
}

export async function listMyScheduled(deps: Deps, agent: AgentContext) {
  await settleInterrupted(deps, { accountId: agent.accountId, userId: agent.userId });
  const rows = await listOfAuthor(deps.db, agent);
  return { scheduled_messages: rows.map((r) => toScheduledMessage(agent, r)) };
}

/**
 * The row, locked, if the caller may change it: another account's id is not found (404);
 * teammates see it but only its author changes it (403); once it is being sent or was sent it
 * can no longer change (409 `already_sent`).
 */
async function changeable(
  tx: Db,
  agent: AgentContext,
  id: number,
  allowed: readonly ScheduledRow['status'][],
) {
  const row = await lockScheduled(tx, { accountId: agent.accountId, id });
  if (!row) throw notFound('That scheduled message was not found.');
  if (row.authorUserId !== agent.userId)
    throw forbidden('Only its author can change or cancel a scheduled message.');
  if (row.status === 'sent' || row.status === 'sending')
    throw new AppError(
      409,
      'already_sent',
      row.status === 'sent'
        ? 'This message was already sent: it is in the conversation now.'
        : 'This message is being sent right now: it can no longer be changed.',
    );
  if (!allowed.includes(row.status))
    throw conflict('This message could not be sent; cancel it and schedule it again.');
  return row;
}

export async function editScheduledMessage(
  deps: Deps,
  agent: AgentContext,
  id: number,
  patch: ScheduledMessagePatch,
): Promise<ScheduledMessage> {
  const row = await deps.db.transaction(async (tx) => {
    const found = await changeable(tx, agent, id, ['scheduled']);
    const body = patch.body ?? found.body;
    if (body.length === 0 && found.reply.attachment_ids.length === 0)
      throw badRequest('Write a message first.', [{ path: 'body', message: 'Write a message.' }]);
    const sendAt = patch.send_at === undefined ? null : new Date(patch.send_at);
    const moved = sendAt !== null && sendAt.getTime() !== found.sendAt.getTime();
    // A new time is a new job; the old one is dropped, or does nothing if it already started.
    const jobId = moved ? await enqueueSend(tx, found, sendAt) : found.jobId;
    if (moved) await dropQueuedJob(tx, found.jobId);
    await updateScheduled(
      tx,
      { accountId: agent.accountId, id },
      { body, ...(moved ? { sendAt, jobId } : {}) },
    );
    return found;
  });
  deps.jobs.wake();
  announce(deps, agent.accountId, row.conversationId);
  return toScheduledMessage(agent, (await findScheduled(deps.db, { ...agent, id }))!);
}

/** Cancels a waiting message (undo, too) or dismisses a failed one. */
export async function cancelScheduledMessage(deps: Deps, agent: AgentContext, id: number) {
  const row = await deps.db.transaction(async (tx) => {
    const found = await changeable(tx, agent, id, ['scheduled', 'failed']);
    await deleteScheduled(tx, { accountId: agent.accountId, id });
    await dropQueuedJob(tx, found.jobId);
    return found;
  });
  announce(deps, agent.accountId, row.conversationId);
}

// ---- Retention (docs/product/scheduled-send.md, "After it is sent") ----

/**
 * Sent scheduled messages are kept this many days after they went out, then deleted: the reply
 * itself stays in the thread (it is a message of its own); the row only recorded when it was due.
 * Cancelled and dismissed ones are deleted at once; waiting, sending and failed ones are kept.
 */
export const SENT_SCHEDULED_RETENTION_DAYS = 30;
/** Rows deleted per statement: a big backlog goes in short transactions, never one long lock. */
export const PRUNE_BATCH_SIZE = 1_000;
/** How often each instance prunes (main.ts). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the sent scheduled messages older than the retention, in every account, batch by
 * batch; answers how many went. Safe to run on several instances at once (each batch skips the
 * rows another pass holds), and a pass stopped halfway leaves nothing half done.
 */
export async function pruneSentScheduledMessages(
  deps: Pick<Deps, 'db'>,
  {
    days = SENT_SCHEDULED_RETENTION_DAYS,
    batchSize = PRUNE_BATCH_SIZE,
  }: { days?: number; batchSize?: number } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteSentBatch(deps.db, { days, limit: batchSize });
    total += deleted;
    if (deleted < batchSize) return total;
    // Other work gets the database between batches.
    await new Promise<void>((next) => setImmediate(next));
  }
}

export async function getUndoSend(deps: Deps, agent: AgentContext): Promise<UndoSendSetting> {
  return { undo_send_seconds: await undoSendSecondsOf(deps.db, agent.userId) };
}

export async function setUndoSend(
  deps: Deps,
  agent: AgentContext,
  body: UndoSendSetting,
): Promise<UndoSendSetting> {
  await saveUndoSendSeconds(deps.db, agent.userId, body.undo_send_seconds);
  return body;
}
