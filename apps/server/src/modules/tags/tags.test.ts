import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagWithUsage } from '@parley/contracts';
import {
  as,
  createTestContext,
  linkFromMail,
  sessionFrom,
  signUp,
  uniqueEmail,
  type Session,
  type TestContext,
} from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const tagsOf = async (s: Session) => {
  const res = await as(ctx, s).get('/dashboardapi/tags');
  expect(res.statusCode).toBe(200);
  return (res.json() as { tags: TagWithUsage[] }).tags;
};

/** Conversations on the account's API channel, one per customer. */
async function conversations(owner: Session, count: number) {
  const channel = await apiChannelFor(ctx, owner);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (await channel.inbound({ identifier: `cust-${i}`, name: `Customer ${i}`, text: 'hello' }))
        .conversation_id,
    );
  return ids;
}

async function tag(s: Session, conversationId: number, names: string[]) {
  const res = await as(ctx, s).post('/dashboardapi/tag/add/v2', {
    conversation_id: conversationId,
    tags: names,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { tags: { id: number; name: string }[] };
}

const tagIdsOf = async (s: Session, conversationId: number) =>
  (
    (await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}`)).json() as {
      tag_ids: number[];
    }
  ).tag_ids.sort();

/** Emitted conversation_updated events for this account, from now on. */
function updatedConversations(accountId: number) {
  const seen: number[] = [];
  const off = ctx.deps.events.on('conversation_updated', (e) => {
    if (e.accountId === accountId) seen.push(e.conversationId);
  });
  return { seen, off };
}

describe('tags settings: list and usage counts', () => {
  it('lists every tag of the account by name with the number of conversations carrying it', async () => {
    const owner = await signUp(ctx);
    const [c1, c2, c3] = await conversations(owner, 3);
    await tag(owner, c1!, ['VIP', 'refund']);
    await tag(owner, c2!, ['vip']);
    await tag(owner, c3!, ['VIP']);
    const created = await as(ctx, owner).post('/dashboardapi/tags', { name: 'Alpha' });
    expect(created.statusCode).toBe(201);

    const list = await tagsOf(owner);
    expect(list.map((t) => [t.name, t.usage_count])).toEqual([
      ['Alpha', 0],
      ['refund', 1],
      ['VIP', 3],
    ]);
    for (const t of list) expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('agents may read the tags but only owners and admins create, rename, merge or delete (403)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const a = (await as(ctx, owner).post('/dashboardapi/tags', { name: 'one' })).json();
    const b = (await as(ctx, owner).post('/dashboardapi/tags', { name: 'two' })).json();

    expect((await tagsOf(mate)).map((t) => t.name)).toEqual(['one', 'two']);
    const agent = as(ctx, mate);
    const refused = await Promise.all([
      agent.post('/dashboardapi/tags', { name: 'three' }),
      agent.patch(`/dashboardapi/tags/${a.id}`, { name: 'uno' }),
      agent.post(`/dashboardapi/tags/${a.id}/merge`, { into_tag_id: b.id }),
      agent.delete(`/dashboardapi/tags/${a.id}`),
    ]);
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message: 'Only owners and admins can do that.',
      });
    }
    expect((await tagsOf(owner)).map((t) => t.name)).toEqual(['one', 'two']);
  });

  it('an invited admin can manage tags', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('admin');
    await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email,
      permission_level: 'admin',
    });
    const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
    const admin = sessionFrom(
      await ctx.app.inject({
        method: 'POST',
        url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
        payload: { name: 'Ada Admin', password: 'admin pw 12345' },
      }),
    );
    const res = await as(ctx, admin).post('/dashboardapi/tags', { name: 'Escalated' });
    expect(res.statusCode).toBe(201);
    expect((await tagsOf(owner)).map((t) => t.name)).toEqual(['Escalated']);
  });
});

describe('tags settings: create and rename', () => {
  it('creates a tag with the colour given, or the next colour of the palette', async () => {
    const owner = await signUp(ctx);
    const red = await as(ctx, owner).post('/dashboardapi/tags', {
      name: '  Urgent ',
      color: '#FF0000',
    });
    expect(red.statusCode).toBe(201);
    expect(red.json()).toMatchObject({ name: 'Urgent', color: '#ff0000', usage_count: 0 });
    const auto = await as(ctx, owner).post('/dashboardapi/tags', { name: 'Later' });
    expect(auto.json().color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses a duplicate name, ignoring case, with 409 and nothing written', async () => {
    const owner = await signUp(ctx);
    await as(ctx, owner).post('/dashboardapi/tags', { name: 'Returns' });
    const dup = await as(ctx, owner).post('/dashboardapi/tags', { name: 'RETURNS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'conflict',
      message: 'A tag named “RETURNS” already exists. Pick another name, or merge the two tags.',
    });
    expect(await tagsOf(owner)).toHaveLength(1);
  });

  it('refuses a bad colour, an empty or too long name, and unknown fields with 400 in words', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    const badColour = await api.post('/dashboardapi/tags', { name: 'x', color: 'red' });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json()).toMatchObject({
      code: 'validation_error',
      message: 'color: Pick a colour written as #rrggbb, for example #1677ff.',
    });
    const empty = await api.post('/dashboardapi/tags', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('name: Give the tag a name.');
    expect((await api.post('/dashboardapi/tags', { name: 'y'.repeat(61) })).statusCode).toBe(400);
    expect((await api.post('/dashboardapi/tags', { name: 'z', account_id: 1 })).statusCode).toBe(
      400,
    );
    expect(await tagsOf(owner)).toEqual([]);
  });

  it('renames and recolours; the conversation mapping the inbox reads shows the change', async () => {
    const owner = await signUp(ctx);
    const [c1] = await conversations(owner, 1);
    const [created] = (await tag(owner, c1!, ['refnd'])).tags;
    const api = as(ctx, owner);

    const renamed = await api.patch(`/dashboardapi/tags/${created!.id}`, { name: 'Refund' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created!.id, name: 'Refund', usage_count: 1 });
    const recoloured = await api.patch(`/dashboardapi/tags/${created!.id}`, { color: '#52C41A' });
    expect(recoloured.json()).toMatchObject({ name: 'Refund', color: '#52c41a' });
    // Only the case of its own name changes: not a duplicate.
    const recased = await api.patch(`/dashboardapi/tags/${created!.id}`, { name: 'REFUND' });
    expect(recased.statusCode).toBe(200);

    const mapping = (await api.get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.tags).toEqual([{ id: created!.id, name: 'REFUND', color: '#52c41a' }]);
    expect(await tagIdsOf(owner, c1!)).toEqual([created!.id]);
  });

  it('refuses a rename onto another tag’s name (409), a bad colour or an empty change (400)', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    const a = (await api.post('/dashboardapi/tags', { name: 'Billing', color: '#1677ff' })).json();
    await api.post('/dashboardapi/tags', { name: 'Shipping' });

    const dup = await api.patch(`/dashboardapi/tags/${a.id}`, { name: 'shipping' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('conflict');
    const colour = await api.patch(`/dashboardapi/tags/${a.id}`, { color: '#12345' });
    expect(colour.statusCode).toBe(400);
    const nothing = await api.patch(`/dashboardapi/tags/${a.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Send a new name or a new colour.');
    expect(await tagsOf(owner)).toEqual([
      { id: a.id, name: 'Billing', color: '#1677ff', usage_count: 0 },
      expect.objectContaining({ name: 'Shipping' }),
    ]);
  });
});

describe('tags settings: delete and merge', () => {
  it('delete removes the tag from every conversation and announces those conversations', async () => {
    const owner = await signUp(ctx);
    const [c1, c2] = await conversations(owner, 2);
    await tag(owner, c1!, ['spam', 'keep']);
    await tag(owner, c2!, ['spam']);
    const spam = (await tagsOf(owner)).find((t) => t.name === 'spam')!;
    const keep = (await tagsOf(owner)).find((t) => t.name === 'keep')!;

    const events = updatedConversations(owner.accountId);
    const res = await as(ctx, owner).delete(`/dashboardapi/tags/${spam.id}`);
    events.off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, removed_from_conversations: 2 });
    expect(events.seen.sort()).toEqual([c1!, c2!].sort());

    expect(await tagsOf(owner)).toEqual([{ ...keep, usage_count: 1 }]);
    expect(await tagIdsOf(owner, c1!)).toEqual([keep.id]);
    expect(await tagIdsOf(owner, c2!)).toEqual([]);
    const again = await as(ctx, owner).delete(`/dashboardapi/tags/${spam.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('merge moves every conversation to the target once, deletes the source, in one go', async () => {
    const owner = await signUp(ctx);
    const [c1, c2, c3] = await conversations(owner, 3);
    await tag(owner, c1!, ['refnd']);
    await tag(owner, c2!, ['refnd', 'refund']); // both: must end with a single link
    await tag(owner, c3!, ['refund']);
    const tags = await tagsOf(owner);
    const typo = tags.find((t) => t.name === 'refnd')!;
    const right = tags.find((t) => t.name === 'refund')!;
    expect([typo.usage_count, right.usage_count]).toEqual([2, 2]);

    const events = updatedConversations(owner.accountId);
    const res = await as(ctx, owner).post(`/dashboardapi/tags/${typo.id}/merge`, {
      into_tag_id: right.id,
    });
    events.off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tag: { ...right, usage_count: 3 },
      moved_conversations: 2,
    });
    expect(events.seen.sort()).toEqual([c1!, c2!].sort());
    expect(await tagsOf(owner)).toEqual([{ ...right, usage_count: 3 }]);
    for (const c of [c1!, c2!, c3!]) expect(await tagIdsOf(owner, c)).toEqual([right.id]);

    const view = (
      await as(ctx, owner).get(`/dashboardapi/conversations?view=tag:${right.id}`)
    ).json() as { items: unknown[] };
    expect(view.items).toHaveLength(3);
    const mapping = (await as(ctx, owner).get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.tags.map((t: { id: number }) => t.id)).toEqual([right.id]);
  });

  it('merge refuses a tag into itself (400) and an unknown target (404), changing nothing', async () => {
    const owner = await signUp(ctx);
    const [c1] = await conversations(owner, 1);
    const [t] = (await tag(owner, c1!, ['solo'])).tags;
    const self = await as(ctx, owner).post(`/dashboardapi/tags/${t!.id}/merge`, {
      into_tag_id: t!.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Pick a different tag to merge into.');
    const missing = await as(ctx, owner).post(`/dashboardapi/tags/${t!.id}/merge`, {
      into_tag_id: 2_000_000_000,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The tag to merge into was not found.');
    const noBody = await as(ctx, owner).post(`/dashboardapi/tags/${t!.id}/merge`, {});
    expect(noBody.statusCode).toBe(400);
    expect(await tagsOf(owner)).toEqual([expect.objectContaining({ id: t!.id, usage_count: 1 })]);
  });
});

describe('tags settings: accounts are separate', () => {
  it('account B sees none of A’s tags and gets 404 renaming, deleting or merging them', async () => {
    const a = await signUp(ctx, { account_name: 'A' });
    const b = await signUp(ctx, { account_name: 'B' });
    const [conv] = await conversations(a, 1);
    const [aTag] = (await tag(a, conv!, ['secret'])).tags;
    const bTag = (await as(ctx, b).post('/dashboardapi/tags', { name: 'mine' })).json();

    expect((await tagsOf(b)).map((t) => t.name)).toEqual(['mine']);
    // B may use the same name: names are unique per account only.
    expect((await as(ctx, b).post('/dashboardapi/tags', { name: 'Secret' })).statusCode).toBe(201);

    const api = as(ctx, b);
    const attempts = await Promise.all([
      api.patch(`/dashboardapi/tags/${aTag!.id}`, { name: 'pwned' }),
      api.delete(`/dashboardapi/tags/${aTag!.id}`),
      api.post(`/dashboardapi/tags/${aTag!.id}/merge`, { into_tag_id: bTag.id }),
      // Merging B's tag into A's tag must not reach A's tag either.
      api.post(`/dashboardapi/tags/${bTag.id}/merge`, { into_tag_id: aTag!.id }),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await tagsOf(a)).toEqual([
      { id: aTag!.id, name: 'secret', color: expect.any(String), usage_count: 1 },
    ]);
    expect(await tagIdsOf(a, conv!)).toEqual([aTag!.id]);
  });
});
