import {
  type ActivityLine,
  type ConversationMergeBody,
  type ConversationMove,
  type ConversationMoveList,
  type ConversationMoveResult,
  type ConversationSplitBody,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { findOwnConversation, getConversation } from './conversations.service';
import {
  activeMergesFrom,
  closeConversation,
  copyTags,
  countEarlierMessages,
  countMessagesIn,
  findMessageRow,
  findMove,
  firstMessageTime,
  insertActivityLines,
  insertMove,
  insertSplitConversation,
  intactMoveIds,
  listMoves,
  lockConversations,
  markMoveUndone,
  moveMessages,
  refreshSummary,
  removeTags,
  reopenConversation,
  userNames,
  type ConversationRow,
  type MoveRow,
} from './merge-split.queries';

/** What a move did, for the events sent after its commit. */
interface Moved {
  move: MoveRow;
  activity: { id: number; conversationId: number }[];
}

async function actorName(db: Db, userId: number) {
  return (await userNames(db, [userId])).get(userId) ?? 'Someone';
}

function toMove(row: MoveRow, names: Map<number, string>, intact: boolean): ConversationMove {
  return {
    id: row.id,
    kind: row.kind,
    from_conversation_id: row.fromConversationId,
    to_conversation_id: row.toConversationId,
    message_ids: row.messageIds,
    added_tag_ids: row.addedTagIds,
    activity_message_ids: row.activityMessageIds,
    created_by:
      row.createdByUserId === null
        ? null
        : { id: row.createdByUserId, name: names.get(row.createdByUserId) ?? '' },
    created_at: row.createdAt.toISOString(),
    undone_at: row.undoneAt?.toISOString() ?? null,
    undoable: row.undoneAt === null && intact,
  };
}

async function moveOut(deps: Deps, accountId: number, row: MoveRow): Promise<ConversationMove> {
  const [names, intact] = await Promise.all([
    userNames(deps.db, row.createdByUserId === null ? [] : [row.createdByUserId]),
    intactMoveIds(deps.db, { accountId, moves: [row] }),
  ]);
  return toMove(row, names, intact.has(row.id));
}

/** After commit: open threads show the activity lines (and read both threads again), lists the rows. */
function emitMoved(deps: Deps, accountId: number, moved: Moved) {
  for (const line of moved.activity)
    deps.events.emit('message_created', {
      accountId,
      conversationId: line.conversationId,
      messageId: line.id,
      isPrivate: true,
      hasAttachments: false,
    });
  for (const conversationId of [moved.move.fromConversationId, moved.move.toConversationId])
    deps.events.emit('conversation_updated', { accountId, conversationId });
}

const line = (conv: ConversationRow, activity: ActivityLine) => ({
  conversationId: conv.id,
  supportChannelId: conv.supportChannelId,
  activity,
});

/**
 * Merges conversation `from_conversation_id` into `intoId`, in one transaction: every message of
 * it moves into the kept conversation (the thread stays in time order), its tags are added to
 * the kept one, and it is closed; both threads get an activity line carrying the Undo. The kept
 * conversation keeps its contact and channel (replies go out there). Conversations of two
 * different contacts merge only when the caller confirms it (409 `other_contact` otherwise).
 */
export async function mergeConversations(
  deps: Deps,
  agent: AgentContext,
  intoId: number,
  body: ConversationMergeBody,
): Promise<ConversationMoveResult> {
  const fromId = body.from_conversation_id;
  const { accountId } = agent;
  if (fromId === intoId)
    throw badRequest('A conversation cannot be merged into itself: pick another conversation.', [
      { path: 'from_conversation_id', message: 'Pick a different conversation.' },
    ]);
  const moved = await deps.db.transaction(async (tx) => {
    const rows = await lockConversations(tx, { accountId, ids: [fromId, intoId] });
    const into = rows.get(intoId);
    const from = rows.get(fromId);
    if (!into) throw notFound('That conversation was not found.');
    if (!from) throw notFound('The conversation to merge was not found.');
    for (const merged of await activeMergesFrom(tx, { accountId, ids: [fromId, intoId] })) {
      const path = merged.fromConversationId === fromId ? 'from_conversation_id' : 'id';
      throw badRequest(
        apiText('#{from} is already merged into #{into}: undo that merge first.', {
          from: merged.fromConversationId,
          into: merged.toConversationId,
        }),
        [{ path, message: 'Already merged into another conversation.' }],
      );
    }
    if (from.contactId !== into.contactId && !body.confirm_other_contact)
      throw new AppError(
        409,
        'other_contact',
        'These conversations are with different contacts. Confirm to merge them: the kept conversation’s contact stays.',
        {
          field: 'confirm_other_contact',
          contact_id: from.contactId,
          kept_contact_id: into.contactId,
        },
      );
    const messageIds = await moveMessages(tx, { accountId, fromId, toId: intoId });
    if (messageIds.length === 0)
      throw badRequest('That conversation has no messages to merge.', [
        { path: 'from_conversation_id', message: 'Nothing to merge.' },
      ]);
    const addedTagIds = await copyTags(tx, { fromId, toId: intoId });
    const actor = await actorName(tx, agent.userId);
    const activity = await insertActivityLines(tx, {
      accountId,
      actorId: agent.userId,
      lines: [
        line(from, { key: 'merged_into', other: intoId, name: actor }),
        line(into, { key: 'merged_in', other: fromId, name: actor }),
      ],
    });
    await closeConversation(tx, { accountId, id: fromId });
    await refreshSummary(tx, { accountId, id: fromId });
    await refreshSummary(tx, { accountId, id: intoId });
    const move = await insertMove(tx, {
      accountId,
      kind: 'merge',
      fromConversationId: fromId,
      toConversationId: intoId,
      messageIds,
      addedTagIds,
      activityMessageIds: activity.map((a) => a.id),
      createdByUserId: agent.userId,
    });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'conversation_merged',
      details: {
        move_id: move.id,
        conversation_id: intoId,
        merged_conversation_id: fromId,
        moved_messages: messageIds.length,
      },
    });
    return { move, activity };
  });
  emitMoved(deps, accountId, moved);
  return {
    move: await moveOut(deps, accountId, moved.move),
    conversation: await getConversation(deps, agent, intoId),
  };
}

/**
 * Splits a conversation at a customer message: that message and every message after it move to
 * a new conversation (same contact, channel, subject, assignee and team; open), in one
 * transaction. At least one message must stay behind. Both threads get an activity line
 * carrying the Undo.
 */
export async function splitConversation(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  body: ConversationSplitBody,
): Promise<ConversationMoveResult> {
  const { accountId } = agent;
  const moved = await deps.db.transaction(async (tx) => {
    const from = (await lockConversations(tx, { accountId, ids: [conversationId] })).get(
      conversationId,
    );
    if (!from) throw notFound('That conversation was not found.');
    const message = await findMessageRow(tx, { accountId, id: body.message_id });
    if (!message) throw notFound('That message was not found.');
    if (message.conversationId !== conversationId)
      throw badRequest('That message is not in this conversation.', [
        { path: 'message_id', message: 'Not a message of this conversation.' },
      ]);
    if (message.direction !== 'incoming' || message.kind === 'reaction')
      throw badRequest('Split at a message from the customer.', [
        { path: 'message_id', message: 'Not a customer message.' },
      ]);
    if ((await countEarlierMessages(tx, { accountId, conversationId, beforeId: message.id })) === 0)
      throw badRequest(
        'Nothing would remain in this conversation: split at a later customer message.',
        [{ path: 'message_id', message: 'The first message cannot be split off.' }],
      );
    const startedAt = await firstMessageTime(tx, { ids: [message.id] });
    const newId = await insertSplitConversation(tx, { from, startedAt });
    const messageIds = await moveMessages(tx, {
      accountId,
      fromId: conversationId,
      toId: newId,
      fromMessageId: message.id,
    });
    const actor = await actorName(tx, agent.userId);
    const into = { ...from, id: newId };
    const activity = await insertActivityLines(tx, {
      accountId,
      actorId: agent.userId,
      lines: [
        line(from, { key: 'split_into', other: newId, name: actor }),
        line(into, { key: 'split_from', other: conversationId, name: actor }),
      ],
    });
    await refreshSummary(tx, { accountId, id: conversationId });
    await refreshSummary(tx, { accountId, id: newId });
    const move = await insertMove(tx, {
      accountId,
      kind: 'split',
      fromConversationId: conversationId,
      toConversationId: newId,
      messageIds,
      addedTagIds: [],
      activityMessageIds: activity.map((a) => a.id),
      createdByUserId: agent.userId,
    });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'conversation_split',
      details: {
        move_id: move.id,
        conversation_id: conversationId,
        new_conversation_id: newId,
        moved_messages: messageIds.length,
      },
    });
    return { move, activity };
  });
  emitMoved(deps, accountId, moved);
  return {
    move: await moveOut(deps, accountId, moved.move),
    conversation: await getConversation(deps, agent, moved.move.toConversationId),
  };
}

/**
 * Undoes a merge or split: exactly the messages it moved go back, in one transaction. An undone
 * merge reopens the merged conversation and takes off the tags it added; an undone split closes
 * the conversation it made (now without messages). Refused (409 `conflict`) once undone, or
 * when some of those messages have moved again since (undo that later move first).
 */
export async function undoMove(
  deps: Deps,
  agent: AgentContext,
  moveId: number,
): Promise<{ move: ConversationMove }> {
  const { accountId } = agent;
  const found = await findMove(deps.db, { accountId, id: moveId });
  if (!found) throw notFound('That merge or split was not found.');
  const moved = await deps.db.transaction(async (tx) => {
    const rows = await lockConversations(tx, {
      accountId,
      ids: [found.fromConversationId, found.toConversationId],
    });
    const move = await findMove(tx, { accountId, id: moveId, lock: true });
    if (!move) throw notFound('That merge or split was not found.');
    const from = rows.get(move.fromConversationId);
    const to = rows.get(move.toConversationId);
    if (!from || !to) throw notFound('That merge or split was not found.');
    if (move.undoneAt) throw conflict('This was already undone.');
    const present = await countMessagesIn(tx, {
      accountId,
      conversationId: to.id,
      ids: move.messageIds,
    });
    if (present !== move.messageIds.length)
      throw conflict(
        'Some of these messages have moved again since: undo that later merge or split first.',
      );
    await moveMessages(tx, { accountId, fromId: to.id, toId: from.id, ids: move.messageIds });
    if (move.kind === 'merge') {
      await removeTags(tx, { conversationId: to.id, tagIds: move.addedTagIds });
      await reopenConversation(tx, { accountId, id: from.id });
    } else {
      await closeConversation(tx, { accountId, id: to.id });
    }
    const actor = await actorName(tx, agent.userId);
    const activity = await insertActivityLines(tx, {
      accountId,
      actorId: agent.userId,
      lines: [
        line(from, { key: 'move_undone', move: move.kind, other: to.id, name: actor }),
        line(to, { key: 'move_undone', move: move.kind, other: from.id, name: actor }),
      ],
    });
    await refreshSummary(tx, { accountId, id: from.id });
    await refreshSummary(tx, { accountId, id: to.id });
    const undone = await markMoveUndone(tx, {
      accountId,
      id: move.id,
      userId: agent.userId,
      activityIds: activity.map((a) => a.id),
    });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'conversation_move_undone',
      details: {
        move_id: move.id,
        kind: move.kind,
        from_conversation_id: from.id,
        to_conversation_id: to.id,
        moved_messages: move.messageIds.length,
      },
    });
    return { move: undone, activity };
  });
  emitMoved(deps, accountId, moved);
  return { move: await moveOut(deps, accountId, moved.move) };
}

/** The merges and splits a conversation took part in, and what it is merged into. */
export async function conversationMoves(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
): Promise<ConversationMoveList> {
  const { accountId } = agent;
  await findOwnConversation(deps.db, accountId, conversationId);
  const rows = await listMoves(deps.db, { accountId, conversationId });
  const [names, intact] = await Promise.all([
    userNames(deps.db, [
      ...new Set(rows.flatMap((r) => (r.createdByUserId === null ? [] : [r.createdByUserId]))),
    ]),
    intactMoveIds(deps.db, { accountId, moves: rows }),
  ]);
  const mergedInto = rows.findLast(
    (r) => r.kind === 'merge' && r.fromConversationId === conversationId && !r.undoneAt,
  );
  return {
    moves: rows.map((r) => toMove(r, names, intact.has(r.id))),
    merged_into: mergedInto?.toConversationId ?? null,
  };
}
