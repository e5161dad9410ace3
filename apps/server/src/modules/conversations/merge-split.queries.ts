import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { activityLineText, type ActivityLine } from '@parley/contracts';
import { intArray, rowsOf, type Db } from '../../db/client';
import { conversationMoves, conversations, messages, users } from '../../db/schema';

type Scope = { accountId: number };

/** Message ids as one bigint[] parameter (messages.id is a bigint). */
function bigintArray(values: readonly number[]): SQL {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

export type ConversationRow = typeof conversations.$inferSelect;
export type MoveRow = typeof conversationMoves.$inferSelect;

/**
 * Locks the account's conversations of `ids` for the rest of the transaction, in id order (two
 * moves over the same pair wait for each other instead of deadlocking; a message arriving in one
 * of them waits too, so none is left behind). Answers the rows found, by id.
 */
export async function lockConversations(db: Db, { accountId, ids }: Scope & { ids: number[] }) {
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.accountId, accountId), sql`${conversations.id} = any(${intArray(ids)})`),
    )
    .orderBy(asc(conversations.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** One message of the account: where it is and what kind it is. */
export async function findMessageRow(db: Db, { accountId, id }: Scope & { id: number }) {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      direction: messages.direction,
      kind: messages.kind,
    })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.id, id)))
    .limit(1);
  return row ?? null;
}

/** How many messages of the conversation that are not activity lines come before `beforeId`. */
export async function countEarlierMessages(
  db: Db,
  { accountId, conversationId, beforeId }: Scope & { conversationId: number; beforeId: number },
) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from messages
      where account_id = ${accountId} and conversation_id = ${conversationId}
        and id < ${beforeId} and kind <> 'activity'`),
  );
  return row?.n ?? 0;
}

/**
 * Moves messages of `fromId` into `toId`: all of them, those from `fromMessageId` on, or exactly
 * `ids`. Answers the ids moved, oldest first.
 */
export async function moveMessages(
  db: Db,
  {
    accountId,
    fromId,
    toId,
    fromMessageId,
    ids,
  }: Scope & { fromId: number; toId: number; fromMessageId?: number; ids?: number[] },
) {
  const rows = await db
    .update(messages)
    .set({ conversationId: toId })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, fromId),
        fromMessageId !== undefined ? sql`${messages.id} >= ${fromMessageId}` : undefined,
        ids !== undefined ? sql`${messages.id} = any(${bigintArray(ids)})` : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** How many of `ids` are in the conversation now. */
export async function countMessagesIn(
  db: Db,
  { accountId, conversationId, ids }: Scope & { conversationId: number; ids: number[] },
) {
  if (ids.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from messages
      where account_id = ${accountId} and conversation_id = ${conversationId}
        and id = any(${bigintArray(ids)})`),
  );
  return row?.n ?? 0;
}

/** Gives `toId` the tags of `fromId` it lacks; answers the tag ids added. */
export async function copyTags(db: Db, { fromId, toId }: { fromId: number; toId: number }) {
  const rows = rowsOf<{ tag_id: number }>(
    await db.execute(sql`
      insert into conversation_tags (conversation_id, tag_id)
      select ${toId}::int, f.tag_id from conversation_tags f
      where f.conversation_id = ${fromId}
      order by f.tag_id
      on conflict do nothing
      returning tag_id`),
  );
  return rows.map((r) => r.tag_id).sort((a, b) => a - b);
}

export async function removeTags(
  db: Db,
  { conversationId, tagIds }: { conversationId: number; tagIds: number[] },
) {
  if (tagIds.length === 0) return;
  await db.execute(sql`
    delete from conversation_tags
    where conversation_id = ${conversationId} and tag_id = any(${intArray(tagIds)})`);
}

/**
 * Reads a conversation's list fields again from the messages it holds now: last activity (its
 * newest message that is not an activity line), last customer message, the preview (the newest
 * message to or from the customer), since when the customer waits (their messages after our
 * last reply) and the first response. Run after messages moved in or out.
 */
export async function refreshSummary(db: Db, { accountId, id }: Scope & { id: number }) {
  await db.execute(sql`
    update conversations c set
      last_activity_at = coalesce((
        select max(m.created_at) from messages m
        where m.conversation_id = c.id and m.kind <> 'activity'), c.created_at),
      last_incoming_at = (
        select max(m.created_at) from messages m
        where m.conversation_id = c.id and m.direction = 'incoming'),
      last_message_preview = (
        select case
          when btrim(m.body) <> '' then left(btrim(regexp_replace(m.body, '\\s+', ' ', 'g')), 140)
          else '📎 ' || n.files || case when n.files = 1 then ' attachment' else ' attachments' end
          end
        from messages m
        cross join lateral (select count(*)::int as files from attachments a where a.message_id = m.id) n
        where m.conversation_id = c.id and m.direction <> 'internal' and m.kind in ('message', 'call')
        order by m.id desc limit 1),
      waiting_since = (
        select min(m.created_at) from messages m
        where m.conversation_id = c.id and m.direction = 'incoming' and not m.auto_submitted
          and m.kind in ('message', 'call')
          and m.id > coalesce((
            select max(o.id) from messages o
            where o.conversation_id = c.id and o.direction = 'outgoing'), 0)),
      first_response_at = (
        select min(m.created_at) from messages m
        where m.conversation_id = c.id and m.direction = 'outgoing')
    where c.id = ${id} and c.account_id = ${accountId}`);
}

/** Closes a conversation (merged away, or emptied by an undone split); no survey is asked. */
export async function closeConversation(db: Db, { accountId, id }: Scope & { id: number }) {
  await db
    .update(conversations)
    .set({ status: 'closed', snoozedUntil: null, resolvedAt: new Date() })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)));
}

export async function reopenConversation(db: Db, { accountId, id }: Scope & { id: number }) {
  await db
    .update(conversations)
    .set({ status: 'open', snoozedUntil: null, resolvedAt: null })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)));
}

/**
 * The conversation a split makes: the same contact, channel, brand, subject, assignee, team and
 * priority as the one it comes from, open, started when its first message was. The widget's
 * visitor who owns the first one owns it too.
 */
export async function insertSplitConversation(
  db: Db,
  { from, startedAt }: { from: ConversationRow; startedAt: Date },
) {
  const [row] = await db
    .insert(conversations)
    .values({
      accountId: from.accountId,
      supportChannelId: from.supportChannelId,
      brandId: from.brandId,
      contactId: from.contactId,
      subject: from.subject,
      status: 'open',
      priority: from.priority,
      assigneeId: from.assigneeId,
      teamId: from.teamId,
      emailRecipients: from.emailRecipients,
      createdAt: startedAt,
      lastActivityAt: startedAt,
    })
    .returning({ id: conversations.id });
  await db.execute(sql`
    insert into widget_conversations (conversation_id, account_id, brand_id, visitor_id, owner_key)
    select ${row!.id}::int, w.account_id, w.brand_id, w.visitor_id, w.owner_key
    from widget_conversations w where w.conversation_id = ${from.id}`);
  return row!.id;
}

export async function firstMessageTime(db: Db, { ids }: { ids: number[] }) {
  const [row] = await db
    .select({ at: sql<Date>`min(${messages.createdAt})`.mapWith(messages.createdAt) })
    .from(messages)
    .where(sql`${messages.id} = any(${bigintArray(ids)})`);
  return row?.at ?? new Date();
}

/** Activity lines (kind `activity`, inside the team), answered in the order given. */
export async function insertActivityLines(
  db: Db,
  {
    accountId,
    actorId,
    lines,
  }: Scope & {
    actorId: number;
    lines: { conversationId: number; supportChannelId: number; activity: ActivityLine }[];
  },
) {
  const rows = await db
    .insert(messages)
    .values(
      lines.map((l) => ({
        accountId,
        conversationId: l.conversationId,
        supportChannelId: l.supportChannelId,
        direction: 'internal' as const,
        kind: 'activity' as const,
        body: activityLineText(l.activity),
        activity: l.activity,
        senderUserId: actorId,
      })),
    )
    .returning({ id: messages.id, conversationId: messages.conversationId });
  return rows.sort((a, b) => a.id - b.id);
}

export async function insertMove(db: Db, values: typeof conversationMoves.$inferInsert) {
  const [row] = await db.insert(conversationMoves).values(values).returning();
  return row!;
}

export async function findMove(
  db: Db,
  { accountId, id, lock = false }: Scope & { id: number; lock?: boolean },
) {
  const query = db
    .select()
    .from(conversationMoves)
    .where(and(eq(conversationMoves.accountId, accountId), eq(conversationMoves.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markMoveUndone(
  db: Db,
  {
    accountId,
    id,
    userId,
    activityIds,
  }: Scope & { id: number; userId: number; activityIds: number[] },
) {
  const [row] = await db
    .update(conversationMoves)
    .set({
      undoneAt: new Date(),
      undoneByUserId: userId,
      activityMessageIds: sql`${conversationMoves.activityMessageIds} || ${JSON.stringify(activityIds)}::jsonb`,
    })
    .where(and(eq(conversationMoves.accountId, accountId), eq(conversationMoves.id, id)))
    .returning();
  return row!;
}

/** Merges not undone that merged any of these conversations away. */
export async function activeMergesFrom(db: Db, { accountId, ids }: Scope & { ids: number[] }) {
  return db
    .select()
    .from(conversationMoves)
    .where(
      and(
        eq(conversationMoves.accountId, accountId),
        eq(conversationMoves.kind, 'merge'),
        isNull(conversationMoves.undoneAt),
        sql`${conversationMoves.fromConversationId} = any(${intArray(ids)})`,
      ),
    )
    .orderBy(asc(conversationMoves.id));
}

/**
 * Where a conversation's messages live now: the conversation it was merged into (following a
 * merge of that one too), else itself. A customer writing again to a merged conversation — an
 * email reply to its thread, the chat it started — lands in the one the team works in.
 */
export async function mergedTarget(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
): Promise<number> {
  let id = conversationId;
  // Merging an already merged conversation is refused, so a chain is short; the cap is a guard.
  for (let hop = 0; hop < 5; hop += 1) {
    const [merge] = await db
      .select({ to: conversationMoves.toConversationId })
      .from(conversationMoves)
      .where(
        and(
          eq(conversationMoves.accountId, accountId),
          eq(conversationMoves.fromConversationId, id),
          eq(conversationMoves.kind, 'merge'),
          isNull(conversationMoves.undoneAt),
        ),
      )
      .orderBy(desc(conversationMoves.id))
      .limit(1);
    if (!merge) return id;
    id = merge.to;
  }
  return id;
}

/**
 * Where a customer's message that threads into nothing (an SMS, a WhatsApp message) goes when
 * the contact has no open conversation on its channel: the conversation their latest one on that
 * channel was merged into (following mergedTarget), when that one is still open (not closed) and
 * with the same contact; else null, and the message opens a new conversation
 * (docs/product/merge-and-split.md, "The customer writes again").
 */
export async function openMergeTargetOnChannel(
  db: Db,
  {
    accountId,
    supportChannelId,
    contactId,
  }: Scope & { supportChannelId: number; contactId: number },
): Promise<number | null> {
  const [latest] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.supportChannelId, supportChannelId),
        eq(conversations.contactId, contactId),
      ),
    )
    .orderBy(desc(conversations.id))
    .limit(1);
  if (!latest) return null;
  const target = await mergedTarget(db, { accountId, conversationId: latest.id });
  if (target === latest.id) return null;
  const [kept] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, target),
        eq(conversations.accountId, accountId),
        eq(conversations.contactId, contactId),
        sql`${conversations.status} <> 'closed'`,
      ),
    )
    .limit(1);
  return kept?.id ?? null;
}

/** The merges and splits a conversation took part in (either side), oldest first. */
export async function listMoves(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
) {
  return db
    .select()
    .from(conversationMoves)
    .where(
      and(
        eq(conversationMoves.accountId, accountId),
        or(
          eq(conversationMoves.fromConversationId, conversationId),
          eq(conversationMoves.toConversationId, conversationId),
        ),
      ),
    )
    .orderBy(asc(conversationMoves.id))
    .limit(200);
}

/** Of these moves (not undone), the ids of those whose messages are all still where they went. */
export async function intactMoveIds(db: Db, { accountId, moves }: Scope & { moves: MoveRow[] }) {
  const open = moves.filter((m) => !m.undoneAt);
  const intact = new Set<number>();
  for (const m of open)
    if (
      (await countMessagesIn(db, {
        accountId,
        conversationId: m.toConversationId,
        ids: m.messageIds,
      })) === m.messageIds.length
    )
      intact.add(m.id);
  return intact;
}

/** Names of teammates by id (activity lines, who made a move). */
export async function userNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`${users.id} = any(${intArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
