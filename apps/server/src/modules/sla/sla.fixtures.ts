/** Test set-up for SLA policies: policies, customers writing, replies, time moved back. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  conversationSlaPath,
  SLA_POLICIES_PATH,
  type ConversationSla,
  type SlaPolicy,
  type SlaPolicyBody,
} from '@parley/contracts';
import { slaClocks } from '../../db/schema';
import { as, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import { slaSettled } from './sla.service';

const t = (first: number | null, next: number | null, resolution: number | null) => ({
  first_response_minutes: first,
  next_response_minutes: next,
  resolution_minutes: resolution,
});

/** A round-the-clock policy over every channel: 1 h first response for high, etc. */
export const policyBody = (over: Partial<SlaPolicyBody> = {}): SlaPolicyBody => ({
  name: 'Standard',
  enabled: true,
  business_hours_only: false,
  warning_minutes: 30,
  conditions: { channel_types: [], brand_ids: [] },
  targets: {
    urgent: t(15, 15, 120),
    high: t(60, 30, 480),
    medium: t(120, 60, 1440),
    low: t(240, 120, null),
    none: t(240, 120, 2880),
  },
  ...over,
});

export async function createPolicy(
  ctx: TestContext,
  s: Session,
  over: Partial<SlaPolicyBody> = {},
) {
  const res = await as(ctx, s).post(SLA_POLICIES_PATH, policyBody(over));
  expect(res.statusCode).toBe(201);
  return res.json() as SlaPolicy;
}

let customers = 0;

/** The account's API channel: customers write on it, and an agent answers. */
export async function inboxOf(ctx: TestContext, s: Session) {
  const channel = await apiChannelFor(ctx, s);
  const api = as(ctx, s);
  const identifiers = new Map<number, string>();
  return {
    channel,
    /** A new customer's first message: a new conversation, its clocks synced. */
    async newConversation() {
      customers += 1;
      const identifier = `sla-${customers}`;
      const made = await channel.inbound({ identifier, text: 'help' });
      identifiers.set(made.conversation_id, identifier);
      await slaSettled(ctx.deps);
      return made.conversation_id;
    },
    async customerWrites(conversationId: number) {
      await channel.inbound({ identifier: identifiers.get(conversationId)!, text: 'anyone?' });
      await slaSettled(ctx.deps);
    },
    async reply(conversationId: number) {
      const res = await api.post(`/dashboardapi/conversations/${conversationId}/messages`, {
        kind: 'reply',
        body: 'On it.',
      });
      expect(res.statusCode).toBe(201);
      await slaSettled(ctx.deps);
    },
    async patch(conversationId: number, body: object) {
      const res = await api.patch(`/dashboardapi/conversations/${conversationId}`, body);
      expect(res.statusCode).toBe(200);
      await slaSettled(ctx.deps);
    },
    async clocks(conversationId: number) {
      const res = await api.get(conversationSlaPath(conversationId));
      expect(res.statusCode).toBe(200);
      return res.json() as ConversationSla;
    },
  };
}

/**
 * Moves a running clock `ms` into the past, as if it had started that much earlier (the
 * scanner then runs at the real time, leaving other tests' clocks alone).
 */
export async function moveClockBack(
  ctx: TestContext,
  conversationId: number,
  metric: string,
  ms: number,
) {
  const back = (col: unknown) => sql`${col} - make_interval(secs => ${ms / 1000})`;
  await ctx.deps.db
    .update(slaClocks)
    .set({
      startedAt: back(slaClocks.startedAt),
      dueAt: back(slaClocks.dueAt),
      warnAt: back(slaClocks.warnAt),
      pausedAt: back(slaClocks.pausedAt),
      nextCheckAt: back(slaClocks.nextCheckAt),
    } as never)
    .where(
      and(
        eq(slaClocks.conversationId, conversationId),
        eq(slaClocks.metric, metric),
        isNull(slaClocks.stoppedAt),
      ),
    );
}
