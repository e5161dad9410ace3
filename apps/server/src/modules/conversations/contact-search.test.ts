import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationDetail,
  conversationListResponse,
  messageListResponse,
} from '@parley/contracts';
import { rowsOf } from '../../db/client';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type Agent = Parameters<typeof as>[1];

async function page(agent: Agent, query: string) {
  const res = await as(ctx, agent).get(`/dashboardapi/conversations?${query}`);
  expect(res.statusCode).toBe(200);
  return conversationListResponse.strict().parse(res.json());
}

async function allPages(agent: Agent, query: string) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(agent, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...p.items.map((i) => i.id));
    cursor = p.next_cursor;
  } while (cursor);
  return seen;
}

describe('contact search', () => {
  it('a few letters shared by most contacts find every conversation of theirs, newest first, page by page, letter case and place in the word aside', async () => {
    const owner = await signUp(ctx, { name: 'Pia Prefix' });
    const channel = await apiChannelFor(ctx, owner);
    const people = [
      { name: 'Mara Lind' },
      { name: 'Bob Stone' },
      { name: 'Omar Haddad' }, // inside a word
      { name: 'Lea Roux', email: 'MARTIN.lea@example.org' }, // by email only
      { name: 'Mark Ode' },
      { name: 'Ivy Chen' },
      { name: 'Tomas Marquez' },
      { name: 'Mary Ann' },
    ];
    const ids: { id: number; matches: boolean }[] = [];
    for (const [i, person] of people.entries()) {
      const { conversation_id } = await channel.inbound({
        identifier: `p${i}`,
        ...person,
        text: 'hello there',
      });
      ids.push({
        id: conversation_id,
        matches: /mar/i.test(`${person.name} ${'email' in person ? person.email : ''}`),
      });
    }
    const expected = ids
      .filter((c) => c.matches)
      .map((c) => c.id)
      .toReversed();
    // Unanalysed, the estimates say little and the matching contacts are read first. Then
    // hundreds of look-alike contacts (without conversations) and fresh statistics make the
    // letters common: the newest conversations are walked, until a page runs short and the
    // contacts are read first again. The answer is the same.
    for (const statistics of ['stale', 'common']) {
      if (statistics === 'common') {
        await ctx.deps.db.execute(sql`
          insert into contacts (account_id, name)
          select ${owner.accountId}, 'Marbles ' || g from generate_series(1, 600) g`);
        await ctx.deps.db.execute(sql`analyze contacts, conversations`);
      }
      expect({
        statistics,
        ids: await allPages(owner, 'view=all&status=all&limit=2&search=MAR'),
      }).toEqual({ statistics, ids: expected });
      expect(await allPages(owner, 'view=all&status=all&limit=25&search=mar')).toEqual(expected);
    }
  });

  it('a name shared by many contacts finds their conversations beyond a burst of newer conversations of other customers, exactly, page by page', async () => {
    const owner = await signUp(ctx, { name: 'Bea Burst' });
    const channel = await apiChannelFor(ctx, owner);
    const seed = await channel.inbound({ identifier: 'b0', name: 'Quiet Person', text: 'hi' });
    // 3,000 contacts named alike, every other one with an older conversation; then 5,200 newer
    // conversations of someone else, more than the walk's first stretch (times to the
    // millisecond, as the server writes them).
    await ctx.deps.db.execute(sql`
      insert into contacts (account_id, name)
      select ${owner.accountId}, 'Zebulon ' || g from generate_series(1, 3000) g`);
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at)
      select s.account_id, s.support_channel_id, s.brand_id, k.id, k.name, s.status,
        t.at - substr(k.name, 9)::int * interval '1 minute'
      from conversations s, contacts k, (select date_trunc('milliseconds', now()) as at) t
      where s.id = ${seed.conversation_id} and k.account_id = ${owner.accountId}
        and k.name like 'Zebulon %' and substr(k.name, 9)::int % 2 = 0`);
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, brand_id, contact_id, subject, status, last_activity_at)
      select account_id, support_channel_id, brand_id, contact_id, 'burst', status, t.at + g * interval '1 second'
      from conversations, generate_series(1, 5200) g, (select date_trunc('milliseconds', now()) as at) t where id = ${seed.conversation_id}`);
    const expected = rowsOf<{ id: number }>(
      await ctx.deps.db.execute(sql`
        select c.id from conversations c join contacts k on k.id = c.contact_id
        where c.account_id = ${owner.accountId} and k.name ilike '%zebulon%'
        order by c.last_activity_at desc, c.id desc limit 6`),
    ).map((r) => r.id);
    // Unanalysed, the matching contacts are read first; analysed, the name is common enough for
    // the walk, which goes on past the burst. The answer is the same.
    for (const statistics of ['stale', 'analyzed']) {
      if (statistics === 'analyzed')
        await ctx.deps.db.execute(sql`analyze contacts, conversations`);
      const first = await page(owner, 'view=all&status=all&limit=3&search=zebulon');
      const second = await page(
        owner,
        `view=all&status=all&limit=3&search=zebulon&cursor=${first.next_cursor}`,
      );
      expect({ statistics, ids: [...first.items, ...second.items].map((i) => i.id) }).toEqual({
        statistics,
        ids: expected,
      });
    }
  });

  it('the same search asked by several agents at once answers each with the same conversations, as each agent sees them', async () => {
    const owner = await signUp(ctx, { name: 'Sam Same' });
    const channel = await apiChannelFor(ctx, owner);
    const found = await channel.inbound({ identifier: 's', name: 'Quill Zephyr', text: 'hi' });
    await channel.inbound({ identifier: 't', name: 'Other One', text: 'hi' });
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => page(owner, 'view=all&status=all&search=zephyr')),
    );
    for (const p of pages) expect(p.items.map((i) => i.id)).toEqual([found.conversation_id]);
  });
});

describe('conversation detail and thread', () => {
  it("the detail is the list item plus its answer and resolution times and the contact's other conversations, newest first", async () => {
    const owner = await signUp(ctx, { name: 'Dee Detail' });
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({
      identifier: 'd',
      name: 'Dan "The" Customer',
      text: 'first',
      subject: 'Quotes "and" \\ slashes',
    });
    const api = as(ctx, owner);
    // Close it, so the next message opens another conversation of the same contact.
    expect(
      (
        await api.patch(`/dashboardapi/conversations/${first.conversation_id}`, {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(200);
    const second = await channel.inbound({ identifier: 'd', text: 'second' });
    expect(second.conversation_id).not.toBe(first.conversation_id);
    const reply = await api.post(`/dashboardapi/conversations/${second.conversation_id}/messages`, {
      body: 'On it',
    });
    expect(reply.statusCode).toBe(201);

    const detailRes = await api.get(`/dashboardapi/conversations/${second.conversation_id}`);
    expect(detailRes.statusCode).toBe(200);
    const detail = conversationDetail.strict().parse(detailRes.json());
    const item = (await page(owner, 'view=all&status=all')).items.find(
      (i) => i.id === second.conversation_id,
    );
    const {
      first_response_at,
      resolved_at,
      contact_other_conversations,
      rating,
      reply_channels,
      latest_customer_channel_id,
      ...rest
    } = detail;
    expect(rest).toEqual(item);
    expect(reply_channels).toEqual([
      { id: item!.support_channel_id, type: 'api', name: 'Shop backend' },
    ]);
    expect(latest_customer_channel_id).toBe(item!.support_channel_id);
    expect(first_response_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(resolved_at).toBeNull();
    expect(rating).toBeNull();
    expect(contact_other_conversations).toEqual([
      {
        id: first.conversation_id,
        subject: 'Quotes "and" \\ slashes',
        status: 'closed',
        last_activity_at: expect.stringMatching(/Z$/),
      },
    ]);
    const closed = conversationDetail
      .strict()
      .parse((await api.get(`/dashboardapi/conversations/${first.conversation_id}`)).json());
    expect(closed.resolved_at).toMatch(/Z$/);
    expect(closed.contact_other_conversations.map((o) => o.id)).toEqual([second.conversation_id]);
    // Another account's conversation is not found.
    const stranger = await signUp(ctx, { name: 'Stu Stranger' });
    expect(
      (await as(ctx, stranger).get(`/dashboardapi/conversations/${first.conversation_id}`))
        .statusCode,
    ).toBe(404);
  });

  it('the thread pages back from the newest message, oldest first on each page, with each sender', async () => {
    const owner = await signUp(ctx, { name: 'Tia Thread' });
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({
      identifier: 't',
      name: 'Cass Customer',
      text: 'one',
    });
    const api = as(ctx, owner);
    await api.post(`/dashboardapi/conversations/${conversation_id}/messages`, { body: 'two' });
    await channel.inbound({ identifier: 't', text: 'three 🎉 "quoted"\nline' });
    const thread = async (query: string) => {
      const res = await api.get(`/dashboardapi/conversations/${conversation_id}/messages?${query}`);
      expect(res.statusCode).toBe(200);
      return messageListResponse.strict().parse(res.json());
    };
    const newest = await thread('limit=2');
    expect(newest.items.map((m) => m.body)).toEqual(['two', 'three 🎉 "quoted"\nline']);
    expect(newest.has_more).toBe(true);
    expect(newest.items.map((m) => m.sender)).toEqual([
      { type: 'agent', id: owner.userId, name: 'Tia Thread' },
      { type: 'contact', id: expect.any(Number), name: 'Cass Customer' },
    ]);
    const older = await thread(`limit=2&before=${newest.items[0]!.id}`);
    expect(older.items.map((m) => m.body)).toEqual(['one']);
    expect(older.has_more).toBe(false);
    expect(older.items[0]).toMatchObject({
      conversation_id,
      direction: 'incoming',
      kind: 'message',
      body_html: null,
      delivery_status: null,
      failure_reason: null,
      email_auth: null,
      attachments: [],
    });
    expect(older.items[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
