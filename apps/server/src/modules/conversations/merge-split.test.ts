import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationMoveList,
  conversationMoveResult,
  conversationMoveUndoResult,
  messageListResponse,
  type Message,
} from '@parley/contracts';
import { rowsOf } from '../../db/client';
import { supportChannels } from '../../db/schema';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import { recordInbound } from './inbound.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type Agent = Parameters<typeof as>[1];

async function thread(agent: Agent, id: number): Promise<Message[]> {
  const res = await as(ctx, agent).get(`/dashboardapi/conversations/${id}/messages?limit=100`);
  expect(res.statusCode).toBe(200);
  return messageListResponse.parse(res.json()).items;
}

/** The thread without activity lines: what the customer and the team wrote. */
const written = (items: Message[]) => items.filter((m) => m.kind !== 'activity');
const ids = (items: Message[]) => items.map((m) => m.id);

async function detail(agent: Agent, id: number) {
  const res = await as(ctx, agent).get(`/dashboardapi/conversations/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; status: string; tag_ids: number[]; contact: { id: number } };
}

async function countMessages(accountId: number) {
  const [row] = rowsOf<{ n: number; activity: number }>(
    await ctx.deps.db.execute(sql`
      select count(*)::int as n, count(*) filter (where kind = 'activity')::int as activity
      from messages where account_id = ${accountId}`),
  );
  return row!;
}

async function moves(agent: Agent, id: number) {
  const res = await as(ctx, agent).get(`/dashboardapi/conversations/${id}/moves`);
  expect(res.statusCode).toBe(200);
  return conversationMoveList.parse(res.json());
}

/**
 * A customer with two conversations on the API channel: A (two messages and our reply, then
 * closed) and B (two messages, tagged "vip").
 */
async function twoConversations(identifier = `c-${Math.random()}`) {
  const owner = await signUp(ctx, { name: 'Ana Agent' });
  const api = as(ctx, owner);
  const channel = await apiChannelFor(ctx, owner);
  const a = (await channel.inbound({ identifier, name: 'Pat', text: 'A one' })).conversation_id;
  expect(
    (await api.post(`/dashboardapi/conversations/${a}/messages`, { body: 'A reply' })).statusCode,
  ).toBe(201);
  await channel.inbound({ identifier, text: 'A two' });
  expect(
    (await api.patch(`/dashboardapi/conversations/${a}`, { status: 'closed' })).statusCode,
  ).toBe(200);
  const b = (await channel.inbound({ identifier, text: 'B one' })).conversation_id;
  await channel.inbound({ identifier, text: 'B two' });
  expect(b).not.toBe(a);
  const tagged = await api.post('/dashboardapi/tag/add/v2', { conversation_id: b, tags: ['vip'] });
  expect(tagged.statusCode).toBe(200);
  const vip = (tagged.json() as { tags: { id: number }[] }).tags[0]!.id;
  return { owner, api, channel, a, b, vip };
}

describe('merge', () => {
  it('moves every message of B into A in time order, adds its tags, closes B and marks it merged into A; undo puts back exactly those messages and reopens B', async () => {
    const { owner, api, a, b, vip } = await twoConversations();
    const beforeA = written(await thread(owner, a));
    const beforeB = await thread(owner, b);
    const total = await countMessages(owner.accountId);

    const res = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: b,
    });
    expect(res.statusCode).toBe(200);
    const merged = conversationMoveResult.parse(res.json());
    expect(merged.move).toMatchObject({
      kind: 'merge',
      from_conversation_id: b,
      to_conversation_id: a,
      message_ids: ids(beforeB),
      added_tag_ids: [vip],
      undoable: true,
      undone_at: null,
      created_by: { id: owner.userId, name: 'Ana Agent' },
    });
    expect(merged.conversation.id).toBe(a);

    // Every message of both is in A, in time order; nothing deleted or duplicated.
    const afterA = await thread(owner, a);
    expect(ids(written(afterA))).toEqual(
      [...ids(beforeA), ...ids(written(beforeB))].sort((x, y) => x - y),
    );
    expect(written(afterA).map((m) => m.body)).toEqual([
      'A one',
      'A reply',
      'A two',
      'B one',
      'B two',
    ]);
    expect(afterA.at(-1)).toMatchObject({
      kind: 'activity',
      body: `Merged #${b} into this conversation by Ana Agent`,
    });
    const after = await countMessages(owner.accountId);
    expect(after.n).toBe(total.n + 2); // the two activity lines
    // B stays, closed, with only its activity line, and says where it went.
    expect(await thread(owner, b)).toMatchObject([
      { kind: 'activity', body: `Merged into #${a} by Ana Agent` },
    ]);
    expect((await detail(owner, b)).status).toBe('closed');
    expect((await detail(owner, a)).tag_ids).toContain(vip);
    expect((await moves(owner, b)).merged_into).toBe(a);
    expect(merged.move.activity_message_ids).toHaveLength(2);

    // Undo: exactly B's messages go back, B reopens, A loses the tag the merge gave it.
    const undo = await api.post(`/dashboardapi/conversation-moves/${merged.move.id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(conversationMoveUndoResult.parse(undo.json()).move).toMatchObject({
      undoable: false,
    });
    expect(ids(written(await thread(owner, a)))).toEqual(ids(beforeA));
    expect(ids(written(await thread(owner, b)))).toEqual(ids(written(beforeB)));
    expect((await detail(owner, b)).status).toBe('open');
    expect((await detail(owner, a)).tag_ids).not.toContain(vip);
    expect((await moves(owner, b)).merged_into).toBeNull();
    expect((await countMessages(owner.accountId)).n).toBe(total.n + 4);
    const lastOfB = (await thread(owner, b)).at(-1)!;
    expect(lastOfB.body).toBe(`Merge with #${a} undone by Ana Agent`);

    // Once undone, it cannot be undone again.
    const again = await api.post(`/dashboardapi/conversation-moves/${merged.move.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });

    // The audit log tells both.
    const log = await api.get('/dashboardapi/audit-log');
    const actions = (log.json() as { entries: { action: string }[] }).entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['conversation_merged', 'conversation_move_undone']),
    );
  });

  it('refuses to merge a conversation into itself, naming the field (400)', async () => {
    const { api, a } = await twoConversations();
    const res = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: a,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'from_conversation_id' }],
    });
  });

  it('merges conversations of two contacts only when confirmed, keeping the kept conversation’s contact', async () => {
    const { owner, api, channel, a } = await twoConversations();
    const other = (
      await channel.inbound({ identifier: `other-${Math.random()}`, text: 'Hi from D' })
    ).conversation_id;
    const total = await countMessages(owner.accountId);
    const refused = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: other,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'other_contact' });
    // Nothing changed.
    expect(await countMessages(owner.accountId)).toEqual(total);
    expect(written(await thread(owner, other)).map((m) => m.body)).toEqual(['Hi from D']);

    const keptContact = (await detail(owner, a)).contact.id;
    const res = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: other,
      confirm_other_contact: true,
    });
    expect(res.statusCode).toBe(200);
    expect(written(await thread(owner, a)).map((m) => m.body)).toContain('Hi from D');
    expect((await detail(owner, a)).contact.id).toBe(keptContact);
  });

  it('refuses to merge a conversation already merged away (400) until that merge is undone', async () => {
    const { api, channel, a, b } = await twoConversations();
    const c = (await channel.inbound({ identifier: `c3-${Math.random()}`, text: 'C' }))
      .conversation_id;
    const first = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: b,
    });
    expect(first.statusCode).toBe(200);
    const again = await api.post(`/dashboardapi/conversations/${c}/merge`, {
      from_conversation_id: b,
      confirm_other_contact: true,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ details: [{ path: 'from_conversation_id' }] });
  });

  it('a customer writing again to a merged conversation (a reply to its email thread, its chat) lands in the one it was merged into, until the merge is undone', async () => {
    const identifier = `c-${Math.random()}`;
    const { owner, api, channel, a, b } = await twoConversations(identifier);
    const merged = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: b,
    });
    expect(merged.statusCode).toBe(200);
    const writeTo = (conversationId: number, body: string) =>
      recordInbound(ctx.deps, {
        accountId: owner.accountId,
        supportChannelId: channel.channelId,
        brandId: null,
        identity: { kind: 'api', value: `${channel.channelId}:${identifier}` },
        body,
        conversationId,
      });

    expect((await writeTo(b, 'B three')).conversationId).toBe(a);
    expect(written(await thread(owner, a)).map((m) => m.body)).toContain('B three');
    expect(written(await thread(owner, b))).toEqual([]);

    const undo = await api.post(`/dashboardapi/conversation-moves/${merged.json().move.id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect((await writeTo(b, 'B four')).conversationId).toBe(b);
  });

  it('a customer’s SMS after their SMS conversation was merged into their open WhatsApp one lands in the kept conversation, and opens a new one once the kept conversation is closed', async () => {
    const owner = await signUp(ctx, { name: 'Ana Agent' });
    const api = as(ctx, owner);
    const [sms, whatsapp] = await ctx.deps.db
      .insert(supportChannels)
      .values([
        { accountId: owner.accountId, type: 'sms', name: 'Texts' },
        { accountId: owner.accountId, type: 'whatsapp_gupshup_isv', name: 'WhatsApp' },
      ])
      .returning();
    const phone = `+1555${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, '0')}`;
    const write = (channelId: number, kind: 'phone' | 'whatsapp', body: string) =>
      recordInbound(ctx.deps, {
        accountId: owner.accountId,
        supportChannelId: channelId,
        brandId: null,
        identity: { kind, value: phone, phone, name: 'Pat' },
        body,
      });
    const textIn = (body: string) => write(sms!.id, 'phone', body);
    const whatsappIn = (body: string) => write(whatsapp!.id, 'whatsapp', body);

    // One person (the same phone number) on two channels: B by SMS, A on WhatsApp.
    const b = (await textIn('SMS one')).conversationId;
    const a = (await whatsappIn('WhatsApp one')).conversationId;
    expect(a).not.toBe(b);
    expect((await detail(owner, a)).contact.id).toBe((await detail(owner, b)).contact.id);
    const merged = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: b,
    });
    expect(merged.statusCode).toBe(200);

    // B is closed: the next SMS goes to A, where the team works, not to a new conversation.
    const next = await textIn('SMS two');
    expect(next.conversationId).toBe(a);
    expect(written(await thread(owner, a)).map((m) => m.body)).toEqual([
      'SMS one',
      'WhatsApp one',
      'SMS two',
    ]);
    // Again: A has no conversation on the SMS channel of its own, and still takes it.
    expect((await textIn('SMS three')).conversationId).toBe(a);
    expect((await whatsappIn('WhatsApp two')).conversationId).toBe(a);
    const [opened] = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(
        sql`select count(*)::int as n from conversations where account_id = ${owner.accountId}`,
      ),
    );
    expect(opened!.n).toBe(2);

    // Once A is closed, an SMS opens a new conversation, as any other would.
    expect(
      (await api.patch(`/dashboardapi/conversations/${a}`, { status: 'closed' })).statusCode,
    ).toBe(200);
    const fresh = (await textIn('SMS four')).conversationId;
    expect([a, b]).not.toContain(fresh);
    expect(written(await thread(owner, fresh)).map((m) => m.body)).toEqual(['SMS four']);
  });

  it('after a merge is undone, the customer’s SMS lands in their own SMS conversation again', async () => {
    const owner = await signUp(ctx, { name: 'Ana Agent' });
    const api = as(ctx, owner);
    const [sms, whatsapp] = await ctx.deps.db
      .insert(supportChannels)
      .values([
        { accountId: owner.accountId, type: 'sms', name: 'Texts' },
        { accountId: owner.accountId, type: 'whatsapp_gupshup_isv', name: 'WhatsApp' },
      ])
      .returning();
    const phone = '+15557654321';
    const write = (channelId: number, kind: 'phone' | 'whatsapp', body: string) =>
      recordInbound(ctx.deps, {
        accountId: owner.accountId,
        supportChannelId: channelId,
        brandId: null,
        identity: { kind, value: phone, phone },
        body,
      });
    const b = (await write(sms!.id, 'phone', 'SMS one')).conversationId;
    const a = (await write(whatsapp!.id, 'whatsapp', 'WhatsApp one')).conversationId;
    const merged = await api.post(`/dashboardapi/conversations/${a}/merge`, {
      from_conversation_id: b,
    });
    expect(merged.statusCode).toBe(200);
    const undo = await api.post(`/dashboardapi/conversation-moves/${merged.json().move.id}/undo`);
    expect(undo.statusCode).toBe(200);
    // B is open again on the SMS channel: the batched common case finds it.
    expect((await write(sms!.id, 'phone', 'SMS two')).conversationId).toBe(b);
    expect(written(await thread(owner, a)).map((m) => m.body)).toEqual(['WhatsApp one']);
  });

  it('writes nothing when the merge fails half-way (one transaction)', async () => {
    const { owner, api, a, b, vip } = await twoConversations();
    const total = await countMessages(owner.accountId);
    const beforeB = ids(await thread(owner, b));
    // The move's own row is the last write: make it fail.
    await ctx.deps.db.execute(sql`
      create or replace function parley_test_refuse_move() returns trigger language plpgsql as
      $$ begin raise exception 'refused by the test'; end $$`);
    await ctx.deps.db.execute(sql`
      create trigger parley_test_refuse_move before insert on conversation_moves
      for each row execute function parley_test_refuse_move()`);
    try {
      const res = await api.post(`/dashboardapi/conversations/${a}/merge`, {
        from_conversation_id: b,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.deps.db.execute(sql`drop trigger parley_test_refuse_move on conversation_moves`);
    }
    expect(await countMessages(owner.accountId)).toEqual(total);
    expect(ids(await thread(owner, b))).toEqual(beforeB);
    expect((await detail(owner, b)).status).toBe('open');
    expect((await detail(owner, a)).tag_ids).not.toContain(vip);
    expect((await moves(owner, a)).moves).toEqual([]);
  });
});

describe('split', () => {
  /** S: customer s1, our reply, customer s2, a note, customer s3. */
  async function oneConversation() {
    const owner = await signUp(ctx, { name: 'Ana Agent' });
    const api = as(ctx, owner);
    const channel = await apiChannelFor(ctx, owner);
    const identifier = `s-${Math.random()}`;
    const s = (await channel.inbound({ identifier, name: 'Sam', text: 's1' })).conversation_id;
    await api.post(`/dashboardapi/conversations/${s}/messages`, { body: 'r1' });
    const s2 = (await channel.inbound({ identifier, text: 's2' })).message_id;
    await api.post(`/dashboardapi/conversations/${s}/messages`, { kind: 'note', body: 'n1' });
    await channel.inbound({ identifier, text: 's3' });
    return { owner, api, channel, s, s2 };
  }

  it('moves the customer message and every message after it to a new open conversation of the same contact and channel; undo moves exactly those back', async () => {
    const { owner, api, s, s2 } = await oneConversation();
    const before = written(await thread(owner, s));
    const total = await countMessages(owner.accountId);
    const sDetail = await detail(owner, s);

    const res = await api.post(`/dashboardapi/conversations/${s}/split`, { message_id: s2 });
    expect(res.statusCode).toBe(201);
    const split = conversationMoveResult.parse(res.json());
    const c = split.conversation.id;
    expect(c).not.toBe(s);
    expect(split.conversation).toMatchObject({
      status: 'open',
      contact: { id: sDetail.contact.id },
    });
    expect(split.move.kind).toBe('split');
    expect(written(await thread(owner, s)).map((m) => m.body)).toEqual(['s1', 'r1']);
    expect(written(await thread(owner, c)).map((m) => m.body)).toEqual(['s2', 'n1', 's3']);
    expect((await thread(owner, s)).at(-1)!.body).toBe(`Split into #${c} by Ana Agent`);
    expect((await thread(owner, c)).at(-1)!.body).toBe(`Split from #${s} by Ana Agent`);
    expect((await countMessages(owner.accountId)).n).toBe(total.n + 2);

    const undo = await api.post(`/dashboardapi/conversation-moves/${split.move.id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(ids(written(await thread(owner, s)))).toEqual(ids(before));
    expect(written(await thread(owner, c))).toEqual([]);
    expect((await detail(owner, c)).status).toBe('closed');
    expect((await countMessages(owner.accountId)).n).toBe(total.n + 4);
  });

  it('refuses a split that would leave nothing, or at a message that is not the customer’s, naming message_id (400)', async () => {
    const { owner, api, s } = await oneConversation();
    const items = written(await thread(owner, s));
    const first = items[0]!;
    const reply = items.find((m) => m.body === 'r1')!;
    for (const message of [first, reply]) {
      const res = await api.post(`/dashboardapi/conversations/${s}/split`, {
        message_id: message.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        details: [{ path: 'message_id' }],
      });
    }
    expect(ids(written(await thread(owner, s)))).toEqual(ids(items));
  });

  it('an undo is refused once its messages moved again (409), and works after the later move is undone', async () => {
    const { api, channel, s, s2 } = await oneConversation();
    const split = conversationMoveResult.parse(
      (await api.post(`/dashboardapi/conversations/${s}/split`, { message_id: s2 })).json(),
    );
    const c = split.conversation.id;
    const d = (await channel.inbound({ identifier: `d-${Math.random()}`, text: 'D' }))
      .conversation_id;
    const merge = await api.post(`/dashboardapi/conversations/${d}/merge`, {
      from_conversation_id: c,
      confirm_other_contact: true,
    });
    expect(merge.statusCode).toBe(200);
    const blocked = await api.post(`/dashboardapi/conversation-moves/${split.move.id}/undo`);
    expect(blocked.statusCode).toBe(409);
    const mergeId = conversationMoveResult.parse(merge.json()).move.id;
    expect((await api.post(`/dashboardapi/conversation-moves/${mergeId}/undo`)).statusCode).toBe(
      200,
    );
    expect(
      (await api.post(`/dashboardapi/conversation-moves/${split.move.id}/undo`)).statusCode,
    ).toBe(200);
  });
});

describe('another account', () => {
  it('cannot merge, split, list or undo this account’s conversations and moves (404 not_found)', async () => {
    const { owner, api, a, b } = await twoConversations();
    const merged = conversationMoveResult.parse(
      (
        await api.post(`/dashboardapi/conversations/${a}/merge`, { from_conversation_id: b })
      ).json(),
    );
    const stranger = await signUp(ctx, { name: 'Eve Elsewhere' });
    const eve = as(ctx, stranger);
    const eveChannel = await apiChannelFor(ctx, stranger);
    const own = (await eveChannel.inbound({ identifier: 'eve-c', text: 'mine' })).conversation_id;
    const messageId = written(await thread(owner, a))[2]!.id;

    const calls = [
      eve.post(`/dashboardapi/conversations/${a}/merge`, { from_conversation_id: own }),
      eve.post(`/dashboardapi/conversations/${own}/merge`, { from_conversation_id: b }),
      eve.post(`/dashboardapi/conversations/${a}/split`, { message_id: messageId }),
      eve.post(`/dashboardapi/conversations/${own}/split`, { message_id: messageId }),
      eve.get(`/dashboardapi/conversations/${a}/moves`),
      eve.post(`/dashboardapi/conversation-moves/${merged.move.id}/undo`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await moves(owner, a)).moves[0]!.undone_at).toBeNull();
    expect(written(await thread(stranger, own)).map((m) => m.body)).toEqual(['mine']);
  });
});
