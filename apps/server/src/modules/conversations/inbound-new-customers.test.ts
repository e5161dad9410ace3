import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { contactIdentities, contacts, conversations, messages } from '../../db/schema';
import { createTestContext, signUp, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import { recordInbound, type InboundMessage } from './inbound.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

async function channel() {
  const owner = await signUp(ctx, { name: 'Nina New' });
  const api = await apiChannelFor(ctx, owner);
  const message = (value: string, body: string, extra: Partial<InboundMessage> = {}) =>
    recordInbound(ctx.deps, {
      accountId: owner.accountId,
      supportChannelId: api.channelId,
      brandId: null,
      identity: { kind: 'api', value, name: `Customer ${value}` },
      body,
      ...extra,
    });
  return { owner, channelId: api.channelId, message };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function contactsOf(accountId: number) {
  return ctx.deps.db
    .select({ id: contacts.id, name: contacts.name, phone: contacts.phone })
    .from(contacts)
    .where(eq(contacts.accountId, accountId));
}

describe('first messages of new customers', () => {
  it('a burst of new customers each get their contact, identity, open waiting conversation and message', async () => {
    const { owner, channelId, message } = await channel();
    const at = new Date('2026-03-01T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        message(`new-${i}`, `hello from ${i}`, { receivedAt: at, subject: `Order ${i}` }),
      ),
    );
    expect(new Set(results.map((r) => r.contactId)).size).toBe(12);
    expect(new Set(results.map((r) => r.conversationId)).size).toBe(12);
    expect(results.every((r) => !r.duplicate)).toBe(true);
    const stored = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.accountId, owner.accountId));
    expect(stored).toHaveLength(12);
    for (const c of stored) {
      expect(c).toMatchObject({
        status: 'open',
        supportChannelId: channelId,
        assigneeId: null,
        waitingSince: at,
        lastActivityAt: at,
        lastIncomingAt: at,
        createdAt: at,
      });
      const i = results.findIndex((r) => r.conversationId === c.id);
      expect(c.subject).toBe(`Order ${i}`);
      expect(c.lastMessagePreview).toBe(`hello from ${i}`);
      expect(c.contactId).toBe(results[i]!.contactId);
    }
    const identities = await ctx.deps.db
      .select()
      .from(contactIdentities)
      .where(eq(contactIdentities.accountId, owner.accountId));
    expect(identities.map((x) => x.value).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `new-${i}`).sort(),
    );
    expect((await contactsOf(owner.accountId)).map((k) => k.name).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Customer new-${i}`).sort(),
    );
    // Their next messages take the known customers' path into the same conversations.
    const again = await Promise.all(results.map((_, i) => message(`new-${i}`, 'me again')));
    expect(again.map((r) => r.conversationId)).toEqual(results.map((r) => r.conversationId));
  });

  it('two first messages of the same new customer at once make one contact and one conversation', async () => {
    const { owner, message } = await channel();
    // Together in one batch, and in two batches running at once.
    const same = [message('twice', 'one'), message('twice', 'two')];
    await nextTurn();
    same.push(message('twice', 'three'), message('twice', 'four'));
    const results = await Promise.all(same);
    expect(new Set(results.map((r) => r.contactId)).size).toBe(1);
    expect(new Set(results.map((r) => r.conversationId)).size).toBe(1);
    expect(await contactsOf(owner.accountId)).toHaveLength(1);
    const bodies = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, results[0]!.conversationId));
    expect(bodies.map((b) => b.body).sort()).toEqual(['four', 'one', 'three', 'two']);
  });

  it('a provider message sent again, at once or later, is stored once', async () => {
    const { owner, message } = await channel();
    const first = [
      message('retry', 'hi', { providerMessageId: 'p-1' }),
      message('retry', 'hi', { providerMessageId: 'p-1' }),
    ];
    await nextTurn();
    first.push(message('retry', 'hi', { providerMessageId: 'p-1' }));
    const results = await Promise.all(first);
    const later = await message('retry', 'hi', { providerMessageId: 'p-1' });
    expect(new Set([...results, later].map((r) => r.messageId)).size).toBe(1);
    expect([...results, later].filter((r) => !r.duplicate)).toHaveLength(1);
    const [count] = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(
        sql`select count(*)::int as n from messages where account_id = ${owner.accountId}`,
      ),
    );
    expect(count!.n).toBe(1);
  });

  it('a new identity with the phone number of a known contact joins that contact', async () => {
    const { owner, channelId, message } = await channel();
    const known = await message('first-channel', 'hello', {
      identity: { kind: 'api', value: 'first-channel', phone: '+1 (555) 010-2030' },
    });
    const joined = await message('second-identity', 'hello again', {
      identity: { kind: 'api', value: 'second-identity', phone: '15550102030' },
    });
    expect(joined.contactId).toBe(known.contactId);
    expect(await contactsOf(owner.accountId)).toHaveLength(1);
    const ids = await ctx.deps.db
      .select({ value: contactIdentities.value })
      .from(contactIdentities)
      .where(
        and(
          eq(contactIdentities.accountId, owner.accountId),
          eq(contactIdentities.supportChannelId, channelId),
        ),
      );
    expect(ids.map((x) => x.value).sort()).toEqual(['first-channel', 'second-identity']);
  });
});
