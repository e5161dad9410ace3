import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationListQuery,
  conversationListResponse,
  type ConversationListResponse,
} from '@parley/contracts';
import { rowsOf } from '../../db/client';
import {
  contactIdentities,
  conversations,
  globalSettings,
  jobs,
  supportChannels,
  teams,
} from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  sessionFrom,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';
import { FairLimiter } from '../../lib/fair-limiter';
import { apiChannelFor, webhookReceiver } from '../../test/inbox-fixtures';
import { recordInbound, recordInboundOnOpenConversation } from './inbound.service';
import {
  listConversations,
  messagesWithWords,
  NARROW_CONTACTS,
  RARE_WORDS,
} from './conversations.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OUTBOUND_ALLOW_PRIVATE: 'on',
  });
});
afterAll(() => ctx.close());

/** An owner plus a second agent in the same account. */
async function team() {
  const owner = await signUp(ctx, { name: 'Olga Owner' });
  const email = uniqueEmail('teammate');
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  const accept = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
    payload: { name: 'Tariq Teammate', password: 'teammate pw 1' },
  });
  return { owner, mate: sessionFrom(accept) };
}

const list = async (s: Parameters<typeof as>[1], query: string) => {
  const res = await as(ctx, s).get(`/dashboardapi/conversations?${query}`);
  expect(res.statusCode).toBe(200);
  // The route writes its page without a runtime check (see its serializerCompiler): every page
  // the tests read must still be exactly the contract.
  expect(conversationListResponse.strict().parse(res.json())).toEqual(res.json());
  return res.json() as {
    items: {
      id: number;
      unread: boolean;
      assignee_id: number | null;
      tag_ids: number[];
      waiting_since: string | null;
    }[];
    next_cursor: string | null;
  };
};

describe('API channel inbound', () => {
  it('files a customer message into a new open conversation; the same provider id is stored once', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({
      identifier: 'cust-1',
      name: 'Carla Customer',
      text: 'Hello, my order is late',
      id: 'm-1',
    });
    expect(first.duplicate).toBe(false);
    const again = await channel.inbound({
      identifier: 'cust-1',
      text: 'Hello, my order is late',
      id: 'm-1',
    });
    expect(again).toEqual({ ...first, duplicate: true });
    const next = await channel.inbound({ identifier: 'cust-1', text: 'Any news?' });
    expect(next.conversation_id).toBe(first.conversation_id);

    const { items } = await list(owner, 'view=all');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first.conversation_id,
      unread: true,
      assignee_id: null,
      waiting_since: expect.any(String),
    });
    const messages = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${first.conversation_id}/messages`)
    ).json();
    expect(messages.items.map((m: { body: string }) => m.body)).toEqual([
      'Hello, my order is late',
      'Any news?',
    ]);
    expect(messages.items[0].sender).toMatchObject({ type: 'contact', name: 'Carla Customer' });
  });

  it('a known customer writing again reopens their pending or snoozed conversation and waits again; after closing, a new one starts', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({ identifier: 'cust-9', text: 'Where is parcel 9?' });
    const patch = (body: object) =>
      as(ctx, owner).patch(`/dashboardapi/conversations/${first.conversation_id}`, body);
    const detail = async () =>
      (await as(ctx, owner).get(`/dashboardapi/conversations/${first.conversation_id}`)).json();

    expect((await patch({ status: 'pending' })).statusCode).toBe(200);
    const again = await channel.inbound({ identifier: 'cust-9', text: 'Still waiting', id: 'p-2' });
    expect(again).toMatchObject({ conversation_id: first.conversation_id, duplicate: false });
    expect(await detail()).toMatchObject({ status: 'open', last_message_preview: 'Still waiting' });
    // The same provider id again: stored once, answered as the duplicate it is.
    expect(
      await channel.inbound({ identifier: 'cust-9', text: 'Still waiting', id: 'p-2' }),
    ).toEqual({ ...again, duplicate: true });

    const snoozedUntil = new Date(Date.now() + 3_600_000).toISOString();
    expect((await patch({ snoozed_until: snoozedUntil })).statusCode).toBe(200);
    await channel.inbound({ identifier: 'cust-9', text: 'Hello?' });
    expect(await detail()).toMatchObject({ status: 'open', snoozed_until: null });

    expect((await patch({ status: 'closed' })).statusCode).toBe(200);
    const fresh = await channel.inbound({ identifier: 'cust-9', text: 'A new question' });
    expect(fresh.conversation_id).not.toBe(first.conversation_id);
    expect(fresh.contact_id).toBe(first.contact_id);
  });

  it('merges the same person into one contact when they write with the same email', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const a = await channel.inbound({
      identifier: 'web-77',
      email: 'same@example.com',
      text: 'From the web shop',
    });
    const b = await channel.inbound({
      identifier: 'app-99',
      email: 'SAME@example.com',
      text: 'From the mobile app',
    });
    expect(b.contact_id).toBe(a.contact_id);
  });

  it('refuses a missing or wrong API key (401), another account’s channel (404), and bad bodies (400)', async () => {
    const { owner } = await team();
    const other = await signUp(ctx);
    const mine = await apiChannelFor(ctx, owner);
    const theirs = await apiChannelFor(ctx, other);
    const post = (channelId: number, key: string | null, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/channels/${channelId}/messages`,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        payload: payload as never,
      });
    const valid = { contact: { identifier: 'x' }, message: { body: 'hi' } };
    expect((await post(mine.channelId, null, valid)).statusCode).toBe(401);
    expect((await post(mine.channelId, 'pk_wrong', valid)).statusCode).toBe(401);
    const cross = await post(theirs.channelId, mine.apiKey, valid);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().code).toBe('not_found');
    const bad = await post(mine.channelId, mine.apiKey, { contact: {}, message: { body: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    expect((await list(other, 'view=all')).items).toHaveLength(0);
  });

  it('stores a known customer’s message whose preview cuts an emoji in half, and text with a broken surrogate, as the full path does', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({ identifier: 'emoji-1', text: 'Hello' });
    // The preview keeps 140 UTF-16 units: the 140th is the first half of the emoji.
    const long = `${'a'.repeat(139)}😀 and more`;
    const again = await channel.inbound({ identifier: 'emoji-1', text: long });
    expect(again.conversation_id).toBe(first.conversation_id);
    const detail = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${first.conversation_id}`)
    ).json();
    expect(detail.last_message_preview).toBe(`${'a'.repeat(139)}\ufffd`);
    await channel.inbound({ identifier: 'emoji-1', text: 'broken \ud83d text' });
    const thread = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${first.conversation_id}/messages`)
    ).json();
    expect(thread.items.map((m: { body: string }) => m.body)).toEqual([
      'Hello',
      long,
      'broken \ufffd text',
    ]);
  });

  it('a known customer with an open conversation is still refused on another account’s channel and on a channel that is not an API channel (404), storing nothing', async () => {
    const { owner } = await team();
    const other = await signUp(ctx);
    const mine = await apiChannelFor(ctx, owner);
    const known = await mine.inbound({ identifier: 'k1', text: 'first' });
    const post = (channelId: number, key: string, identifier: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/channels/${channelId}/messages`,
        headers: { authorization: `Bearer ${key}` },
        payload: { contact: { identifier }, message: { body: 'again' } },
      });
    const theirs = await apiChannelFor(ctx, other);
    expect((await post(mine.channelId, theirs.apiKey, 'k1')).statusCode).toBe(404);
    // An SMS channel of the same account, where the same customer has an open conversation
    // under the identity an API channel of that id would give them.
    const [sms] = await ctx.deps.db
      .insert(supportChannels)
      .values({ accountId: owner.accountId, type: 'sms', name: 'SMS' })
      .returning();
    await ctx.deps.db.insert(contactIdentities).values({
      accountId: owner.accountId,
      contactId: known.contact_id,
      kind: 'api',
      value: `${sms!.id}:k1`,
      supportChannelId: sms!.id,
    });
    await ctx.deps.db.insert(conversations).values({
      accountId: owner.accountId,
      supportChannelId: sms!.id,
      contactId: known.contact_id,
    });
    const refused = await post(sms!.id, mine.apiKey, 'k1');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');
    const stored = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(
        sql`select count(*)::int as n from messages where account_id = ${owner.accountId}`,
      ),
    );
    expect(stored[0]!.n).toBe(1);
  });

  it('messages that arrive together are stored in one statement exactly as one by one: the thread in order, the last stored message on the row, reopened and waiting from the first that is not automatic, a repeated provider id once, another account refused (the inbound rate budget, docs/benchmarks.md)', async () => {
    const { owner } = await team();
    const other = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const a = await channel.inbound({ identifier: 'batch-a', text: 'first a' });
    const b = await channel.inbound({ identifier: 'batch-b', text: 'first b' });
    const c = await channel.inbound({ identifier: 'batch-c', text: 'first c' });
    const snoozedUntil = new Date(Date.now() + 3_600_000);
    await ctx.deps.db
      .update(conversations)
      .set({ status: 'snoozed', snoozedUntil, waitingSince: null })
      .where(sql`${conversations.id} in (${a.conversation_id}, ${c.conversation_id})`);

    const t0 = Date.now() + 60_000;
    const at = (s: number) => new Date(t0 + s * 1000);
    const mine = { accountId: owner.accountId, supportChannelId: channel.channelId };
    const from = (identifier: string) => ({
      kind: 'api' as const,
      value: `${channel.channelId}:${identifier}`,
    });
    const write = (identifier: string, body: string, s: number, more: object = {}) =>
      recordInbound(ctx.deps, {
        ...mine,
        brandId: null,
        identity: from(identifier),
        body,
        receivedAt: at(s),
        ...more,
      });
    // Called in one tick, so they share one batch (lib/batcher.ts).
    const [auto, second, third, firstPb, againPb, newcomer, autoC, theirs] = await Promise.all([
      write('batch-a', 'auto reply', 1, { automatic: true }),
      write('batch-a', 'second a', 2),
      write('batch-a', 'third a', 3),
      write('batch-b', 'second b', 4, { providerMessageId: 'pb' }),
      write('batch-b', 'second b', 5, { providerMessageId: 'pb' }),
      write('batch-new', 'hello', 6),
      write('batch-c', 'out of office', 7, { automatic: true }),
      recordInboundOnOpenConversation(
        ctx.deps,
        { ...mine, accountId: other.accountId, identity: from('batch-a'), body: 'not yours' },
        'api',
      ),
    ]);

    for (const r of [auto, second, third]) {
      expect(r).toMatchObject({ conversationId: a.conversation_id, duplicate: false });
    }
    expect(new Set([auto.messageId, second.messageId, third.messageId]).size).toBe(3);
    expect(firstPb).toMatchObject({ conversationId: b.conversation_id, duplicate: false });
    expect(againPb).toEqual({ ...firstPb, duplicate: true });
    expect([a, b, c].map((x) => x.conversation_id)).not.toContain(newcomer.conversationId);
    expect(autoC).toMatchObject({ conversationId: c.conversation_id, duplicate: false });
    expect(theirs).toBeNull();

    const row = async (id: number) =>
      (await as(ctx, owner).get(`/dashboardapi/conversations/${id}`)).json();
    expect(await row(a.conversation_id)).toMatchObject({
      status: 'open',
      snoozed_until: null,
      waiting_since: at(2).toISOString(),
      last_activity_at: at(3).toISOString(),
      last_message_preview: 'third a',
    });
    expect(await row(b.conversation_id)).toMatchObject({
      last_activity_at: at(4).toISOString(),
      last_message_preview: 'second b',
    });
    // Only an auto-reply came: it shows in the thread, and the conversation sleeps on.
    expect(await row(c.conversation_id)).toMatchObject({
      status: 'snoozed',
      snoozed_until: snoozedUntil.toISOString(),
      waiting_since: null,
      last_message_preview: 'out of office',
    });
    const thread = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${a.conversation_id}/messages`)
    ).json();
    expect(thread.items.map((m: { body: string }) => m.body)).toEqual([
      'first a',
      'auto reply',
      'second a',
      'third a',
    ]);
    const counts = rowsOf<{ account: number; n: number }>(
      await ctx.deps.db.execute(
        sql`select account_id as account, count(*)::int as n from messages
          where account_id in (${owner.accountId}, ${other.accountId}) group by account_id`,
      ),
    );
    expect(counts).toEqual([{ account: owner.accountId, n: 3 + 3 + 1 + 1 + 1 }]);
  });
});

/** The ids of every page of a list query, following next_cursor to the end. */
const allPages = async (s: Parameters<typeof as>[1], query: string) => {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(s, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
  } while (cursor);
  return seen;
};

describe('inbox views, counts, sort and search', () => {
  it('mine / unassigned / all / team / channel / tag views and their counts agree', async () => {
    const { owner, mate } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const c1 = await channel.inbound({ identifier: 'a', name: 'Ann', text: 'first' });
    const c2 = await channel.inbound({ identifier: 'b', name: 'Ben', text: 'second' });
    const c3 = await channel.inbound({ identifier: 'c', name: 'Cid', text: 'third' });
    const [teamRow] = await ctx.deps.db
      .insert(teams)
      .values({ accountId: owner.accountId, name: 'Billing' })
      .returning();
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c1.conversation_id}`, {
      assignee_id: owner.userId,
    });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c2.conversation_id}`, {
      assignee_id: mate.userId,
      team_id: teamRow!.id,
    });
    const tagged = (
      await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
        conversation_id: c3.conversation_id,
        tags: ['refund'],
      })
    ).json();
    const tagId = tagged.created_tags[0].id;

    const ids = async (view: string) =>
      (await list(owner, `view=${view}`)).items.map((i) => i.id).sort();
    expect(await ids('mine')).toEqual([c1.conversation_id]);
    expect(await ids('unassigned')).toEqual([c3.conversation_id]);
    expect(await ids('all')).toEqual([c1, c2, c3].map((c) => c.conversation_id).sort());
    expect(await ids(`team:${teamRow!.id}`)).toEqual([c2.conversation_id]);
    expect(await ids(`channel:${channel.channelId}`)).toHaveLength(3);
    expect(await ids(`tag:${tagId}`)).toEqual([c3.conversation_id]);

    const counts = (await as(ctx, owner).get('/dashboardapi/conversations/counts')).json();
    expect(counts).toMatchObject({
      mine: 1,
      unassigned: 1,
      all: 3,
      teams: { [teamRow!.id]: 1 },
      channels: { [channel.channelId]: 3 },
      tags: { [tagId]: 1 },
    });
    const mateCounts = (await as(ctx, mate).get('/dashboardapi/conversations/counts')).json();
    expect(mateCounts).toMatchObject({ mine: 1, unread_mine: 1 });
  });

  // the list budget, docs/benchmarks.md: planning the page's query was most of PostgreSQL's work per page.
  it.runIf(process.env.DATABASE_URL)(
    'an inbox page is a prepared statement that PostgreSQL plans once and then reuses',
    async () => {
      const owner = await signUp(ctx, { name: 'Pia Planner' });
      const channel = await apiChannelFor(ctx, owner);
      await channel.inbound({ identifier: 'p', name: 'Pat', text: 'plan me' });
      const scope = { accountId: owner.accountId, userId: owner.userId };
      // One transaction is one connection: the statement and its plans are that connection's.
      const genericPlans = await ctx.deps.db.transaction(async (tx) => {
        const count = async () =>
          rowsOf<{ n: number }>(
            await tx.execute(sql`
              select coalesce(sum(generic_plans), 0)::int as n from pg_prepared_statements
              where name like 'parley_%' and statement like '%from conversations c%'`),
          )[0]!.n;
        const before = await count();
        for (let i = 0; i < 8; i++) {
          const page = await listConversations(
            tx,
            scope,
            conversationListQuery.parse({ view: 'all' }),
          );
          expect((JSON.parse(page) as ConversationListResponse).items).toHaveLength(1);
        }
        const statements = rowsOf<{ statement: string }>(
          await tx.execute(
            sql`select statement from pg_prepared_statements where name like 'parley_%'`,
          ),
        );
        // A limit passed as a parameter would keep PostgreSQL on custom plans at scale.
        for (const { statement } of statements) expect(statement).not.toMatch(/limit \$\d/i);
        return (await count()) - before;
      });
      // Five custom plans at most (fewer when an earlier test prepared it here), then the generic one.
      expect(genericPlans).toBeGreaterThanOrEqual(3);
    },
  );

  it('a tag view finds a rare tag beyond the newest 2,000 conversations, page by page (views on their indexes)', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const old = await channel.inbound({ identifier: 'rare-1', text: 'oldest' });
    const older = await channel.inbound({ identifier: 'rare-2', text: 'older still' });
    const tag = async (conversationId: number) =>
      (
        await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
          conversation_id: conversationId,
          tags: ['rare-tag'],
        })
      ).json() as { created_tags: { id: number }[]; tags?: { id: number }[] };
    await tag(old.conversation_id);
    await tag(older.conversation_id);
    // 2,100 newer conversations without the tag push the tagged ones out of the walked window.
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at)
      select account_id, support_channel_id, brand_id, contact_id, subject, status, now() + g * interval '1 second'
      from conversations, generate_series(1, 2100) g where id = ${old.conversation_id}`);
    const [{ tag_id: tagId }] = rowsOf<{ tag_id: number }>(
      await ctx.deps.db.execute(
        sql`select tag_id from conversation_tags where conversation_id = ${old.conversation_id}`,
      ),
    ) as [{ tag_id: number }];
    const seen = await allPages(owner, `view=tag:${tagId}&limit=1`);
    expect(seen.sort()).toEqual([old.conversation_id, older.conversation_id].sort());
    const closed = await list(owner, `view=tag:${tagId}&status=closed`);
    expect(closed.items).toEqual([]);
  });

  it('a tag view follows its conversations at once: the same order and statuses as the whole inbox, in every sort (tag views on their index)', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await channel.inbound({ identifier: `t${i}`, text: `hello ${i}` })).conversation_id,
      );
    const [c0, c1, c2, c3, untagged] = ids as [number, number, number, number, number];
    let tagId = 0;
    for (const id of [c3, c1, c0, c2]) {
      const res = (
        await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
          conversation_id: id,
          tags: ['vip'],
        })
      ).json() as { tags: { id: number }[] };
      tagId = res.tags[0]!.id;
    }
    // Changes after tagging: a new customer message, a close, a snooze, a reopen.
    await channel.inbound({ identifier: 't0', text: 'me again' });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c2}`, { status: 'closed' });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c1}`, {
      status: 'snoozed',
      snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c3}`, { status: 'pending' });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${c3}`, { status: 'open' });

    const pages = (view: string, status: string, sort: string) =>
      allPages(owner, `view=${view}&status=${status}&sort=${sort}&limit=1`);
    for (const status of ['open', 'snoozed', 'closed', 'all'])
      for (const sort of ['newest', 'oldest', 'waiting_longest']) {
        const everything = await pages('all', status, sort);
        expect(everything.length).toBeGreaterThan(0);
        expect({ status, sort, ids: await pages(`tag:${tagId}`, status, sort) }).toEqual({
          status,
          sort,
          ids: everything.filter((id) => id !== untagged),
        });
      }
    expect(await pages(`tag:${tagId}`, 'open', 'newest')).toEqual([c0, c3]);
    // Another account naming this tag sees none of its conversations.
    const stranger = await signUp(ctx, { name: 'Sam Stranger' });
    expect(await allPages(stranger, `view=tag:${tagId}&status=all`)).toEqual([]);
    // Every link carries exactly its conversation's keys.
    const drifted = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(sql`
        select count(*)::int as n from conversation_tags ct join conversations c on c.id = ct.conversation_id
        where (ct.status, ct.last_activity_at, ct.waiting_since)
          is distinct from (c.status, c.last_activity_at, c.waiting_since)`),
    );
    expect(drifted[0]!.n).toBe(0);
  });

  it('mine, unassigned, team and channel over every status page exactly as the all view does (one range per status, merged)', async () => {
    const { owner, mate } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const [teamRow] = await ctx.deps.db
      .insert(teams)
      .values({ accountId: owner.accountId, name: 'Returns' })
      .returning();
    const ids: number[] = [];
    for (let i = 0; i < 9; i++)
      ids.push((await channel.inbound({ identifier: `e${i}`, text: `case ${i}` })).conversation_id);
    const statuses = ['open', 'pending', 'snoozed', 'closed'] as const;
    for (const [i, id] of ids.entries()) {
      await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, {
        // Every status, interleaved in time; two left unassigned, one the teammate's.
        ...(i < 2 ? {} : { assignee_id: i === 2 ? mate.userId : owner.userId }),
        ...(i % 2 === 0 ? { team_id: teamRow!.id } : {}),
        status: statuses[i % 4],
        ...(statuses[i % 4] === 'snoozed'
          ? { snoozed_until: new Date(Date.now() + 3_600_000).toISOString() }
          : {}),
      });
    }
    const pages = (view: string, sort: string) =>
      allPages(owner, `view=${view}&status=all&sort=${sort}&limit=2`);
    const rows = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.accountId, owner.accountId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const sort of ['newest', 'oldest']) {
      const everything = await pages('all', sort);
      expect(everything).toHaveLength(9);
      for (const [view, keep] of [
        ['mine', (id: number) => byId.get(id)!.assigneeId === owner.userId],
        ['unassigned', (id: number) => byId.get(id)!.assigneeId === null],
        [`team:${teamRow!.id}`, (id: number) => byId.get(id)!.teamId === teamRow!.id],
        [`channel:${channel.channelId}`, () => true],
      ] as const)
        expect({ view, sort, ids: await pages(view, sort) }).toEqual({
          view,
          sort,
          ids: everything.filter(keep),
        });
    }
    expect(new Set((await pages('mine', 'newest')).map((id) => byId.get(id)!.status))).toEqual(
      new Set(statuses),
    );
    // Another account asking for this team's or this channel's views sees nothing.
    const stranger = await signUp(ctx, { name: 'Sid Stranger' });
    expect(await allPages(stranger, `view=team:${teamRow!.id}&status=all`)).toEqual([]);
    expect(await allPages(stranger, `view=channel:${channel.channelId}&status=all`)).toEqual([]);
  });

  it('pages with a keyset cursor without repeating or skipping, in each sort', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const created: number[] = [];
    for (let i = 0; i < 7; i++)
      created.push(
        (await channel.inbound({ identifier: `p${i}`, text: `message ${i}` })).conversation_id,
      );
    for (const sort of ['newest', 'oldest', 'waiting_longest']) {
      const seen = await allPages(owner, `view=all&sort=${sort}&limit=3`);
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set(created));
      expect(seen).toEqual(sort === 'newest' ? created.toReversed() : created);
    }
    const bad = await as(ctx, owner).get('/dashboardapi/conversations?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(
      (await as(ctx, owner).get('/dashboardapi/conversations?view=everything')).statusCode,
    ).toBe(400);
    expect((await as(ctx, owner).get('/dashboardapi/conversations?limit=1000')).statusCode).toBe(
      400,
    );
  });

  it('pages without repeating or skipping when conversations share a millisecond: the cursor keeps microseconds', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const created: number[] = [];
    for (let i = 0; i < 4; i++)
      created.push(
        (await channel.inbound({ identifier: `us${i}`, text: `same ms ${i}` })).conversation_id,
      );
    // One millisecond, four microseconds: 00.123100, 00.123200, …
    for (const [i, id] of created.entries()) {
      const at = `2026-03-05T10:00:00.1231${i}0Z`;
      await ctx.deps.db
        .update(conversations)
        .set({ lastActivityAt: sql`${at}::timestamptz`, waitingSince: sql`${at}::timestamptz` })
        .where(eq(conversations.id, id));
    }
    for (const sort of ['newest', 'oldest', 'waiting_longest']) {
      const seen = await allPages(owner, `view=all&sort=${sort}&limit=1`);
      expect({ sort, seen }).toEqual({
        sort,
        seen: sort === 'newest' ? created.toReversed() : created,
      });
    }
  });

  it('searches by id:{id}, by contact name / email / phone, and by words in the messages', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const a = await channel.inbound({
      identifier: 's1',
      name: 'Zelda Quartz',
      email: 'zelda@example.org',
      text: 'My parcel never arrived',
    });
    const b = await channel.inbound({
      identifier: 's2',
      name: 'Otto',
      text: 'The invoice total looks wrong',
    });
    const found = async (q: string) =>
      (await list(owner, `view=all&status=all&search=${encodeURIComponent(q)}`)).items.map(
        (i) => i.id,
      );
    expect(await found(`id:${b.conversation_id}`)).toEqual([b.conversation_id]);
    expect(await found('zelda')).toEqual([a.conversation_id]);
    expect(await found('ZELDA@EXAMPLE')).toEqual([a.conversation_id]);
    expect(await found('invoice')).toEqual([b.conversation_id]);
    expect(await found('parcel arrived')).toEqual([a.conversation_id]);
    expect(await found('100%_off')).toEqual([]);
    // Letter case never matters, on either side (the walk tests substrings before it parses).
    expect(await found('PARCEL Never')).toEqual([a.conversation_id]);
    const shouted = await channel.inbound({ identifier: 's4', text: 'WHERE IS MY STRAßE REFUND' });
    expect(await found('where is my refund')).toEqual([shouted.conversation_id]);
    expect(await found('straße')).toEqual([shouted.conversation_id]);
    // A page of one (the walk answers once it holds a page and one more): its first match is
    // the answer, so it must not skip the shouted one.
    const firstOf = async (q: string) =>
      (await list(owner, `view=all&status=all&limit=1&search=${encodeURIComponent(q)}`)).items[0]
        ?.id;
    await channel.inbound({ identifier: 's5', text: 'my refund is late' });
    await channel.inbound({ identifier: 's5b', text: 'refund: late again' });
    const later = await channel.inbound({ identifier: 's6', text: 'MY REFUND IS LATE' });
    expect(await firstOf('Refund late')).toBe(later.conversation_id);
    // Quotes, backslashes and hyphens are words' edges, never query syntax.
    const c = await channel.inbound({
      identifier: 's3',
      text: "Books from O'Reilly\\Media: e-mail me at ops@example.net",
    });
    expect(await found("o'reilly media")).toEqual([c.conversation_id]);
    expect(await found('e-mail')).toEqual([c.conversation_id]);
    expect(await found('ops@example.net')).toEqual([c.conversation_id]);
    expect(await found("' & | ! \\")).toEqual([]);
  });

  // ADR 0015: searches take turns, at most SEARCH_CONCURRENCY in the database at once.
  it('searches that wait their turn each answer with their own account and none is lost', async () => {
    const [a, b] = [
      await signUp(ctx, { name: 'Ada Turn' }),
      await signUp(ctx, { name: 'Bo Turn' }),
    ];
    const [inA, inB] = [
      await (await apiChannelFor(ctx, a)).inbound({ identifier: 't', text: 'lantern flickers' }),
      await (await apiChannelFor(ctx, b)).inbound({ identifier: 't', text: 'lantern flickers' }),
    ];
    const searches = new FairLimiter(1);
    const query = conversationListQuery.parse({ view: 'all', status: 'all', search: 'lantern' });
    const askers = [a, b, a, a, b, a];
    const pages = await Promise.all(
      askers.map((t) =>
        listConversations(
          ctx.deps.db,
          { accountId: t.accountId, userId: t.userId },
          query,
          searches,
        ),
      ),
    );
    expect(
      pages.map((p) => (JSON.parse(p) as ConversationListResponse).items.map((i) => i.id)),
    ).toEqual(askers.map((t) => [t === a ? inA.conversation_id : inB.conversation_id]));
    expect(searches.queued).toBe(0);
  });

  it("asks the account's words index (migration 0027) for the messages holding the words", async () => {
    const { owner } = await team();
    const plan = await ctx.deps.db.transaction(async (tx) => {
      // Tiny test tables make a sequential scan cheaper: forbid it to see whether the index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(
        rowsOf(await tx.execute(sql`explain ${messagesWithWords(owner.accountId, 'parcel')}`)),
      );
    });
    expect(plan).toContain('messages_words_idx');
  });

  it('pages through common words found among the newest conversations', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await channel.inbound({ identifier: `q${i}`, text: `the widget broke ${i}` }))
          .conversation_id,
      );
    await channel.inbound({ identifier: 'q-other', text: 'something else' });
    const seen = await allPages(owner, `view=all&status=all&limit=1&search=widget`);
    expect(seen).toEqual(ids.toReversed()); // newest first
  });

  it('finds words exactly whether rare (from the full-text index) or common (walking the newest conversations), beyond the walked window', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const common = await channel.inbound({ identifier: 'w1', text: 'sprocket question' });
    const rare = await channel.inbound({ identifier: 'w2', text: 'my gizmo rattles' });
    // More messages with "sprocket" than a rare word has: the words count as common.
    await ctx.deps.db.execute(sql`
      insert into messages (account_id, conversation_id, support_channel_id, direction, kind, body)
      select account_id, id, support_channel_id, 'incoming', 'message', 'another sprocket ' || g
      from conversations, generate_series(1, ${RARE_WORDS + 100}) g
      where id = ${common.conversation_id}`);
    // 2,100 newer conversations without either word push both out of the walked window.
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at)
      select account_id, support_channel_id, brand_id, contact_id, subject, status, now() + g * interval '1 second'
      from conversations, generate_series(1, 2100) g where id = ${rare.conversation_id}`);
    const found = async (q: string) =>
      (await list(owner, `view=all&status=all&search=${encodeURIComponent(q)}`)).items.map(
        (i) => i.id,
      );
    // The planner's estimates choose which way goes first. With stale statistics (a handful of
    // conversations) every word walks first; analysed, "sprocket" still walks first (thousands
    // of messages over two thousand conversations) while "gizmo" asks the index first. The
    // answers are exact either way.
    for (const statistics of ['stale', 'analyzed']) {
      if (statistics === 'analyzed')
        await ctx.deps.db.execute(sql`analyze messages, conversations`);
      expect({ statistics, ids: await found('sprocket') }).toEqual({
        statistics,
        ids: [common.conversation_id],
      });
      expect(await found('gizmo')).toEqual([rare.conversation_id]);
      expect(await found('gizmo rattles')).toEqual([rare.conversation_id]);
      expect(await found('gizmo sprocket')).toEqual([]);
    }
  });

  it('finds a common word the newest conversations lack, exactly, in every sort and page by page', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const seed = await channel.inbound({ identifier: 'burst', text: 'hello' });
    // 6,000 older conversations, every other one with "sprocket" in three of its messages (more
    // matching messages than a rare word has), then 2,100 newer ones without it: a burst of new
    // customers writing about something else fills more than the first walk. Times are to the
    // millisecond, as the server writes them (the page cursor keeps milliseconds).
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at, waiting_since)
      select account_id, support_channel_id, brand_id, contact_id, 'old ' || g, status,
        t.at - g * interval '1 minute', t.at - (g % 700) * interval '1 hour'
      from conversations, generate_series(1, 6000) g, (select date_trunc('milliseconds', now()) as at) t where id = ${seed.conversation_id}`);
    await ctx.deps.db.execute(sql`
      insert into messages (account_id, conversation_id, support_channel_id, direction, kind, body)
      select c.account_id, c.id, c.support_channel_id, 'incoming', 'message', 'a sprocket ' || k
      from conversations c, generate_series(1, 3) k
      where c.account_id = ${owner.accountId} and c.subject like 'old %'
        and substr(c.subject, 5)::int % 2 = 0`);
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at)
      select account_id, support_channel_id, brand_id, contact_id, 'new ' || g, status, t.at + g * interval '1 second'
      from conversations, generate_series(1, 2100) g, (select date_trunc('milliseconds', now()) as at) t where id = ${seed.conversation_id}`);
    await ctx.deps.db.execute(sql`
      insert into messages (account_id, conversation_id, support_channel_id, direction, kind, body)
      select c.account_id, c.id, c.support_channel_id, 'incoming', 'message', 'live ' || c.subject
      from conversations c where c.account_id = ${owner.accountId} and c.subject like 'new %'`);
    const sorts = {
      newest: 'last_activity_at desc, id desc',
      oldest: 'last_activity_at asc, id asc',
      waiting_longest: "coalesce(waiting_since, 'infinity'::timestamptz) asc, id asc",
    };
    for (const statistics of ['stale', 'analyzed']) {
      if (statistics === 'analyzed')
        await ctx.deps.db.execute(sql`analyze messages, conversations`);
      for (const [sort, order] of Object.entries(sorts)) {
        const expected = rowsOf<{ id: number }>(
          await ctx.deps.db.execute(sql`
            select c.id from conversations c
            where c.account_id = ${owner.accountId} and exists (
              select 1 from messages m where m.conversation_id = c.id and m.body like '%sprocket%')
            order by ${sql.raw(order)} limit 6`),
        ).map((r) => r.id);
        const query = `view=all&status=all&sort=${sort}&limit=3&search=sprocket`;
        const first = await list(owner, query);
        const second = await list(owner, `${query}&cursor=${first.next_cursor}`);
        expect({
          statistics,
          sort,
          ids: [...first.items, ...second.items].map((i) => i.id),
        }).toEqual({ statistics, sort, ids: expected });
      }
      expect(await list(owner, 'view=all&status=all&search=sprocket%20live')).toMatchObject({
        items: [],
      });
    }
  });

  it('finds the conversations of contacts matching by name, however many contacts match', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({ identifier: 'n1', name: 'Ada Wideman', text: 'hi' });
    const other = await channel.inbound({ identifier: 'n2', name: 'Bob Narrow', text: 'hello' });
    const last = await channel.inbound({ identifier: 'n3', name: 'Cy Wideman', text: 'hey' });
    const found = async (q: string) =>
      (await list(owner, `view=all&status=all&search=${encodeURIComponent(q)}`)).items.map(
        (i) => i.id,
      );
    expect(await found('Wideman')).toEqual([last.conversation_id, first.conversation_id]);
    // More contacts named alike than a narrow match holds (their conversations are elsewhere).
    await ctx.deps.db.execute(sql`
      insert into contacts (account_id, name)
      select ${owner.accountId}, 'Wideman ' || g from generate_series(1, ${NARROW_CONTACTS}) g`);
    expect(await found('Wideman')).toEqual([last.conversation_id, first.conversation_id]);
    expect(await found('narrow')).toEqual([other.conversation_id]);
  });
});

describe('conversation actions', () => {
  it('a reply is delivered to the API channel webhook, signed; the conversation is answered', async () => {
    const hook = await webhookReceiver();
    try {
      const { owner } = await team();
      const channel = await apiChannelFor(ctx, owner, hook.url);
      const { conversation_id } = await channel.inbound({
        identifier: 'cust-9',
        name: 'Dora',
        text: 'Where is it?',
      });
      const res = await as(ctx, owner).post(
        `/dashboardapi/conversations/${conversation_id}/messages`,
        { body: 'On its way!' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        direction: 'outgoing',
        delivery_status: 'queued',
        body: 'On its way!',
      });
      await ctx.deps.jobs.drain();

      expect(hook.received).toHaveLength(1);
      const { headers, body } = hook.received[0]!;
      const expected = crypto
        .createHmac('sha256', channel.webhookSecret)
        .update(`${headers['x-parley-timestamp']}.${body}`)
        .digest('hex');
      expect(headers['x-parley-signature']).toBe(`sha256=${expected}`);
      expect(JSON.parse(body)).toMatchObject({
        event: 'message.created',
        conversation_id,
        contact: { identifier: 'cust-9' },
        message: { body: 'On its way!' },
      });

      const thread = (
        await as(ctx, owner).get(`/dashboardapi/conversations/${conversation_id}/messages`)
      ).json();
      expect(thread.items.at(-1)).toMatchObject({ delivery_status: 'sent', failure_reason: null });
      const item = (await list(owner, 'view=all')).items[0]!;
      expect(item).toMatchObject({ waiting_since: null, unread: false });
    } finally {
      await hook.close();
    }
  });

  it('retries a failing webhook with back-off, and marks the reply failed with the reason when it refuses', async () => {
    const hook = await webhookReceiver([503, 400]);
    try {
      const { owner } = await team();
      const channel = await apiChannelFor(ctx, owner, hook.url);
      const { conversation_id } = await channel.inbound({ identifier: 'r1', text: 'hi' });
      const sent = (
        await as(ctx, owner).post(`/dashboardapi/conversations/${conversation_id}/messages`, {
          body: 'reply',
        })
      ).json();
      await ctx.deps.jobs.drain();
      const [job] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.accountId, owner.accountId));
      expect(job).toMatchObject({
        status: 'queued',
        attempts: 1,
        lastError: 'The webhook answered 503.',
      });
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
      await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
      await ctx.deps.jobs.drain();
      const thread = (
        await as(ctx, owner).get(`/dashboardapi/conversations/${conversation_id}/messages`)
      ).json();
      expect(thread.items.find((m: { id: number }) => m.id === sent.id)).toMatchObject({
        delivery_status: 'failed',
        failure_reason: 'The webhook refused the reply (HTTP 400).',
      });
    } finally {
      await hook.close();
    }
  });

  it('refuses to deliver to a private address unless allowed, and says so on the message', async () => {
    const strict = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const owner = await signUp(strict);
      const channel = await apiChannelFor(strict, owner, 'http://127.0.0.1:9/hook');
      const { conversation_id } = await channel.inbound({ identifier: 'ssrf', text: 'hi' });
      await as(strict, owner).post(`/dashboardapi/conversations/${conversation_id}/messages`, {
        body: 'reply',
      });
      await strict.deps.jobs.drain();
      const thread = (
        await as(strict, owner).get(`/dashboardapi/conversations/${conversation_id}/messages`)
      ).json();
      expect(thread.items.at(-1)).toMatchObject({
        delivery_status: 'failed',
        failure_reason: expect.stringMatching(/private address/),
      });
    } finally {
      await strict.close();
    }
  });

  it('a channel without an adapter marks the reply failed with a clear reason — never a fake "sent"', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'n1', text: 'hi' });
    // Turn it into a type Parley cannot send on yet.
    await ctx.deps.db
      .update(supportChannels)
      .set({ type: 'call' })
      .where(eq(supportChannels.id, channel.channelId));
    await as(ctx, owner).post(`/dashboardapi/conversations/${conversation_id}/messages`, {
      body: 'reply',
    });
    await ctx.deps.jobs.drain();
    const thread = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${conversation_id}/messages`)
    ).json();
    expect(thread.items.at(-1)).toMatchObject({
      delivery_status: 'failed',
      failure_reason: expect.stringMatching(/cannot send replies on call/),
    });
  });

  it('auto_assign_user_on_reply assigns an unassigned conversation to the agent who replies', async () => {
    const { owner, mate } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({ identifier: 'aa1', text: 'one' });
    await as(ctx, mate).post(`/dashboardapi/conversations/${first.conversation_id}/messages`, {
      body: 'setting off',
    });
    expect(
      (await as(ctx, owner).get(`/dashboardapi/conversations/${first.conversation_id}`)).json()
        .assignee_id,
    ).toBeNull();
    await ctx.deps.db
      .update(globalSettings)
      .set({ autoAssignUserOnReply: true })
      .where(eq(globalSettings.accountId, owner.accountId));
    const second = await channel.inbound({ identifier: 'aa2', text: 'two' });
    await as(ctx, mate).post(`/dashboardapi/conversations/${second.conversation_id}/messages`, {
      body: 'setting on',
    });
    expect(
      (await as(ctx, owner).get(`/dashboardapi/conversations/${second.conversation_id}`)).json()
        .assignee_id,
    ).toBe(mate.userId);
  });

  it('notes stay internal, notify mentioned teammates, and never reach the webhook', async () => {
    const hook = await webhookReceiver();
    try {
      const { owner, mate } = await team();
      const channel = await apiChannelFor(ctx, owner, hook.url);
      const { conversation_id } = await channel.inbound({ identifier: 'note', text: 'hi' });
      const note = await as(ctx, owner).post(
        `/dashboardapi/conversations/${conversation_id}/messages`,
        {
          kind: 'note',
          body: '@Tariq can you check the refund?',
          mentions: [mate.userId],
        },
      );
      expect(note.json()).toMatchObject({
        direction: 'internal',
        kind: 'note',
        delivery_status: null,
      });
      await ctx.deps.jobs.drain();
      expect(hook.received).toHaveLength(0);
      expect((await as(ctx, mate).get('/dashboardapi/me')).json().unread_notification_count).toBe(
        1,
      );
      const stranger = await signUp(ctx);
      const bad = await as(ctx, owner).post(
        `/dashboardapi/conversations/${conversation_id}/messages`,
        {
          kind: 'note',
          body: 'hi',
          mentions: [stranger.userId],
        },
      );
      expect(bad.statusCode).toBe(400);
    } finally {
      await hook.close();
    }
  });

  it('status, snooze, priority, team and assignee changes are validated and leave an activity trail', async () => {
    const { owner, mate } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id: id } = await channel.inbound({ identifier: 'st', text: 'hi' });
    const patch = (body: unknown) =>
      as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, body);
    expect((await patch({ status: 'closed' })).json()).toMatchObject({
      status: 'closed',
      resolved_at: expect.any(String),
    });
    const until = new Date(Date.now() + 3600_000).toISOString();
    expect((await patch({ status: 'snoozed', snoozed_until: until })).json()).toMatchObject({
      status: 'snoozed',
      snoozed_until: until,
    });
    expect((await patch({ priority: 'urgent', assignee_id: mate.userId })).json()).toMatchObject({
      priority: 'urgent',
      assignee_id: mate.userId,
    });
    expect((await patch({ status: 'snoozed' })).statusCode).toBe(400);
    expect(
      (await patch({ snoozed_until: new Date(Date.now() - 1000).toISOString() })).statusCode,
    ).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ priority: 'extreme' })).statusCode).toBe(400);
    const stranger = await signUp(ctx);
    expect((await patch({ assignee_id: stranger.userId })).statusCode).toBe(400);
    const thread = (await as(ctx, owner).get(`/dashboardapi/conversations/${id}/messages`)).json();
    const activity = thread.items
      .filter((m: { kind: string }) => m.kind === 'activity')
      .map((m: { body: string }) => m.body);
    expect(activity).toEqual([
      'Olga Owner changed the status to closed',
      'Olga Owner changed the status to snoozed',
      'Olga Owner assigned the conversation to Tariq Teammate',
      'Olga Owner set the priority to urgent',
    ]);
    // A new customer message wakes it up.
    await channel.inbound({ identifier: 'st', text: 'still there?' });
    expect((await as(ctx, owner).get(`/dashboardapi/conversations/${id}`)).json().status).toBe(
      'open',
    );
  });

  it('mark unread and read are per agent', async () => {
    const { owner, mate } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id: id } = await channel.inbound({ identifier: 'rd', text: 'hi' });
    expect(
      (await as(ctx, owner).post(`/dashboardapi/conversations/${id}/read`)).json().unread,
    ).toBe(false);
    expect((await list(mate, 'view=all')).items[0]!.unread).toBe(true);
    expect(
      (await as(ctx, owner).post(`/dashboardapi/conversations/${id}/unread`)).json().unread,
    ).toBe(true);
  });

  it('a list item is written by the database exactly as the contract says: text intact, missing details null, tags in order, timestamps in UTC to the millisecond (the list budget, docs/benchmarks.md)', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const subject = 'She said "hi" \\ then\nleft\t😀 — ünïcode </script>';
    const { conversation_id: id } = await channel.inbound({
      identifier: 'json-1',
      text: 'Line one\n"two" 😀',
      subject,
    });
    const tags = (
      await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
        conversation_id: id,
        tags: ['zeta', 'alpha'],
      })
    ).json().tags as { id: number }[];
    await ctx.deps.db.execute(sql`update conversations set
      last_activity_at = '2026-11-25 10:07:03.999999+00',
      snoozed_until = '2024-02-29 23:59:59.1239+05:30',
      created_at = '1999-12-31 23:00:00.5-01'
      where id = ${id}`);
    const [contact] = rowsOf<Record<string, string | number | null>>(
      await ctx.deps.db.execute(sql`select k.id, k.name, k.email, k.phone, k.avatar
        from contacts k join conversations c on c.contact_id = k.id where c.id = ${id}`),
    );
    const expected = {
      id,
      subject,
      status: 'open',
      priority: 'none',
      snoozed_until: '2024-02-29T18:29:59.123Z',
      assignee_id: null,
      team_id: null,
      support_channel_id: channel.channelId,
      channel_type: 'api',
      brand_id: null,
      contact: { ...contact, email: null, phone: null, avatar: null },
      last_message_preview: 'Line one "two" 😀',
      last_activity_at: '2026-11-25T10:07:03.999Z',
      waiting_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      unread: true,
      tag_ids: tags.map((t) => t.id).sort((a, b) => a - b),
      created_at: '2000-01-01T00:00:00.500Z',
      // No SLA policy covers it (docs/product/sla.md).
      sla: null,
    };
    expect((await list(owner, 'view=all&status=all')).items).toEqual([expected]);
    // The same item, patched into lists over realtime and read after an action.
    const read = await as(ctx, owner).post(`/dashboardapi/conversations/${id}/read`);
    expect(read.json()).toEqual({ ...expected, unread: false });
  });

  it('tag add v2 creates missing tags once (case-insensitive) and answers created_tags', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'tg', text: 'hi' });
    const first = (
      await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
        conversation_id,
        tags: ['VIP', 'returns'],
      })
    ).json();
    expect(first.created_tags.map((t: { name: string }) => t.name)).toEqual(['VIP', 'returns']);
    const second = (
      await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
        conversation_id,
        tags: ['vip', 'Warranty'],
      })
    ).json();
    expect(second.created_tags.map((t: { name: string }) => t.name)).toEqual(['Warranty']);
    expect(second.tags).toHaveLength(2);
    const mapping = (await as(ctx, owner).get('/dashboardapi/conversation/mapping')).json();
    expect(Object.keys(mapping).sort()).toEqual([
      'dc_users',
      'integrations',
      'support_channels',
      'tags',
      'teams',
    ]);
    expect(mapping.tags.map((t: { name: string }) => t.name).sort()).toEqual(
      ['returns', 'VIP', 'Warranty'].sort(),
    );
    expect(mapping.dc_users.map((u: { name: string }) => u.name)).toEqual([
      'Olga Owner',
      'Tariq Teammate',
    ]);
    expect(
      (await as(ctx, owner).post('/dashboardapi/tag/add/v2', { conversation_id, tags: [] }))
        .statusCode,
    ).toBe(400);
  });

  it('starts a new outbound conversation with a new contact', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const res = await as(ctx, owner).post('/dashboardapi/conversations', {
      support_channel_id: channel.channelId,
      contact: { name: 'New Lead', email: 'lead@example.com' },
      subject: 'Your quote',
      body: 'Here is the quote you asked for.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subject: 'Your quote',
      assignee_id: owner.userId,
      contact: { name: 'New Lead' },
    });
  });
});

describe('external-api/tickets/{id}', () => {
  it('answers a ticket for an API key or an agent token, scoped to the account and store, without notes', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'ext', text: 'hello' });
    await as(ctx, owner).post(`/dashboardapi/conversations/${conversation_id}/messages`, {
      kind: 'note',
      body: 'secret note',
    });
    const byKey = await ctx.app.inject({
      method: 'GET',
      url: `/external-api/tickets/${conversation_id}`,
      headers: { authorization: `Bearer ${channel.apiKey}` },
    });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().ticket.id).toBe(conversation_id);
    expect(byKey.body).not.toContain('secret note');
    const byToken = await ctx.app.inject({
      method: 'GET',
      url: `/external-api/tickets/${conversation_id}`,
      headers: {
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
      },
    });
    expect(byToken.statusCode).toBe(200);
    const wrongStore = await ctx.app.inject({
      method: 'GET',
      url: `/external-api/tickets/${conversation_id}?store_id=999999`,
      headers: { authorization: `Bearer ${channel.apiKey}` },
    });
    expect(wrongStore.statusCode).toBe(404);
    const other = await signUp(ctx);
    const otherChannel = await apiChannelFor(ctx, other);
    const cross = await ctx.app.inject({
      method: 'GET',
      url: `/external-api/tickets/${conversation_id}`,
      headers: { authorization: `Bearer ${otherChannel.apiKey}` },
    });
    expect(cross.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/external-api/tickets/${conversation_id}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('cross-account isolation of the inbox', () => {
  it('account B gets 404 on every conversation endpoint that names account A’s conversation, and changes nothing', async () => {
    const { owner } = await team();
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id: id } = await channel.inbound({
      identifier: 'iso',
      text: 'private data',
    });
    const b = await signUp(ctx);
    const api = as(ctx, b);
    const attempts = await Promise.all([
      api.get(`/dashboardapi/conversations/${id}`),
      api.get(`/dashboardapi/conversations/${id}/messages`),
      api.post(`/dashboardapi/conversations/${id}/messages`, { body: 'hijack' }),
      api.patch(`/dashboardapi/conversations/${id}`, { status: 'closed' }),
      api.post(`/dashboardapi/conversations/${id}/read`),
      api.post(`/dashboardapi/conversations/${id}/unread`),
      api.post('/dashboardapi/tag/add/v2', { conversation_id: id, tags: ['pwned'] }),
      api.delete(`/dashboardapi/conversations/${id}/tags/1`),
      api.patch(`/dashboardapi/supportchannel?id=${channel.channelId}`, { name: 'pwned' }),
      api.delete(`/dashboardapi/supportchannel?id=${channel.channelId}`),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('private data');
    }
    expect(
      (await api.get(`/dashboardapi/conversations?search=id:${id}&status=all`)).json().items,
    ).toEqual([]);
    const outbound = await api.post('/dashboardapi/conversations', {
      support_channel_id: channel.channelId,
      contact: { email: 'x@example.com' },
      body: 'hi',
    });
    expect(outbound.statusCode).toBe(400);
    const intact = (await as(ctx, owner).get(`/dashboardapi/conversations/${id}`)).json();
    expect(intact).toMatchObject({ status: 'open', tag_ids: [] });
    expect((await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json()[0].name).toBe(
      'Shop backend',
    );
  });
});
