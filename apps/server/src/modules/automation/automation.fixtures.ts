/** Test set-up for automation rules: an account writing in, rules created, runs settled. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '../../db/schema';
import { as, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { automationQueued } from './automation-runner';

export const RULES = '/dashboardapi/automation-rules';

/** The helpers of one test file's context. */
export function automationKit(ctx: () => TestContext) {
  return {
    /** Lets the listeners queue their runs, then runs every due job (as a worker would). */
    async settle() {
      for (let i = 0; i < 5; i++) {
        await automationQueued(ctx().deps);
        if ((await ctx().deps.jobs.drain()) === 0) return;
      }
    },
    /** The conversation's activity lines, oldest first. */
    async activityOf(id: number) {
      const rows = await ctx()
        .deps.db.select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
      return rows.map((r) => r.body);
    },
    async createRule(s: Session, body: object) {
      const res = await as(ctx(), s).post(RULES, body);
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; position: number; broken_reason: string | null };
    },
    /** An account with an API channel; `write` files a customer message (new contact: new conversation). */
    async account() {
      const { owner, mate } = await ownerAndTeammate(ctx());
      const channel = await apiChannelFor(ctx(), owner);
      let n = 0;
      const write = async (text: string, identifier = `c-${++n}-${Math.random()}`) =>
        (await channel.inbound({ identifier, text })).conversation_id;
      return { owner, mate, channel, write };
    },
  };
}
