import { and, eq } from 'drizzle-orm';
import {
  conversationScheduledMessagesPath,
  type ScheduledMessage,
  type ScheduledMessageList,
} from '@parley/contracts';
import { jobs, messages, scheduledMessages } from '../../db/schema';
import { as, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';

// Helpers for the scheduled-send tests (docs/product/scheduled-send.md).

let customers = 0;

/** A new customer conversation on a new API channel of the session's account. */
export async function conversationOf(ctx: TestContext, s: Session) {
  const channel = await apiChannelFor(ctx, s);
  customers += 1;
  const made = await channel.inbound({ identifier: `sched-${customers}`, text: 'Hello?' });
  return { conversationId: made.conversation_id, channelId: channel.channelId };
}

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export async function schedule(
  ctx: TestContext,
  s: Session,
  conversationId: number,
  body: Record<string, unknown>,
): Promise<ScheduledMessage> {
  const res = await as(ctx, s).post(conversationScheduledMessagesPath(conversationId), {
    send_at: inMinutes(60),
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`schedule: ${res.statusCode} ${res.body}`);
  return res.json() as ScheduledMessage;
}

export async function listed(ctx: TestContext, s: Session, conversationId: number) {
  const res = await as(ctx, s).get(conversationScheduledMessagesPath(conversationId));
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return (res.json() as ScheduledMessageList).scheduled_messages;
}

/** Its time has come: the row's send_at and its job's run_at are moved a second into the past. */
export async function makeDue(ctx: TestContext, id: number) {
  const past = new Date(Date.now() - 1_000);
  const [row] = await ctx.deps.db
    .update(scheduledMessages)
    .set({ sendAt: past })
    .where(eq(scheduledMessages.id, id))
    .returning();
  await ctx.deps.db.update(jobs).set({ runAt: past }).where(eq(jobs.id, row!.jobId!));
}

export async function rowOf(ctx: TestContext, id: number) {
  const [row] = await ctx.deps.db
    .select()
    .from(scheduledMessages)
    .where(eq(scheduledMessages.id, id));
  return row ?? null;
}

/** The conversation's replies and notes written by agents, oldest first. */
export async function postedIn(ctx: TestContext, conversationId: number) {
  const rows = await ctx.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId)))
    .orderBy(messages.id);
  return rows
    .filter((m) => m.kind === 'message' || m.kind === 'note')
    .filter((m) => m.senderUserId);
}
