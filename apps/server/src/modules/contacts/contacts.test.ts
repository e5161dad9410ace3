import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetail, contactListResponse } from '@parley/contracts';
import { rowsOf } from '../../db/client';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { csvCell, csvLine } from './contacts.csv';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type Agent = Parameters<typeof as>[1];

async function list(agent: Agent, query = '') {
  const res = await as(ctx, agent).get(`/dashboardapi/contacts?${query}`);
  expect(res.statusCode).toBe(200);
  return contactListResponse.strict().parse(res.json());
}

async function allNames(agent: Agent, query: string) {
  const names: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(agent, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    names.push(...page.items.map((i) => i.name));
    cursor = page.next_cursor;
  } while (cursor);
  return names;
}

async function detail(agent: Agent, id: number) {
  const res = await as(ctx, agent).get(`/dashboardapi/contacts/${id}`);
  expect(res.statusCode).toBe(200);
  return contactDetail.strict().parse(res.json());
}

describe('contacts list', () => {
  it('finds contacts by the start of a name, an email, a phone number or a channel identifier, letter case aside', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const mara = await channel.inbound({ identifier: 'shop-4411', name: 'Mara Lind', text: 'hi' });
    const lea = await channel.inbound({
      identifier: 'lea-x',
      name: 'Lea Roux',
      email: 'MARTIN.lea@example.org',
      text: 'hi',
    });
    await channel.inbound({ identifier: 'omar-1', name: 'Omar Haddad', text: 'hi' });
    await as(ctx, owner).patch(`/dashboardapi/contacts/${mara.contact_id}`, {
      phone: '+44 20 7946 0018',
    });

    const search = async (text: string) =>
      (await list(owner, `search=${encodeURIComponent(text)}`)).items.map((i) => i.name).sort();
    expect(await search('mar')).toEqual(['Lea Roux', 'Mara Lind']); // name, email — not "Omar"
    expect(await search('LIND')).toEqual(['Mara Lind']); // a later word of the name
    expect(await search('martin.')).toEqual(['Lea Roux']);
    expect(await search('+44 20')).toEqual(['Mara Lind']);
    expect(await search('SHOP-44')).toEqual(['Mara Lind']); // the channel identifier
    expect(await search('nobody')).toEqual([]);
    // Nothing of another account.
    const stranger = await signUp(ctx);
    expect((await list(stranger, 'search=mar')).items).toEqual([]);
    expect(lea.contact_id).not.toBe(mara.contact_id);
  });

  it('pages through every contact in each sort, with each one’s conversations and channels', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const bob = await channel.inbound({ identifier: 'b', name: 'bob', text: 'hi' });
    await channel.inbound({ identifier: 'c', name: 'Carla', text: 'hi' });
    await channel.inbound({ identifier: 'a', name: 'Alma', text: 'hi' });
    // Bob's second conversation makes his the latest activity.
    await as(ctx, owner).patch(`/dashboardapi/conversations/${bob.conversation_id}`, {
      status: 'closed',
    });
    await channel.inbound({ identifier: 'b', text: 'again' });
    await ctx.deps.db.execute(
      sql`insert into contacts (account_id, name) values (${owner.accountId}, null), (${owner.accountId}, 'Dora')`,
    );

    expect(await allNames(owner, 'sort=newest')).toEqual(['Dora', null, 'Alma', 'Carla', 'bob']);
    expect(await allNames(owner, 'sort=name')).toEqual(['Alma', 'bob', 'Carla', 'Dora', null]);
    expect(await allNames(owner, 'sort=last_activity')).toEqual([
      'bob',
      'Alma',
      'Carla',
      'Dora',
      null,
    ]);
    const page = await list(owner, 'sort=last_activity&limit=1');
    expect(page.items[0]).toMatchObject({
      name: 'bob',
      conversation_count: 2,
      channel_types: ['api'],
    });
    expect(page.items[0]!.last_activity_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a page size over 100 and a cursor of another sort, naming the field', async () => {
    const owner = await signUp(ctx);
    const tooMany = await as(ctx, owner).get('/dashboardapi/contacts?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'limit' }],
    });
    const channel = await apiChannelFor(ctx, owner);
    await channel.inbound({ identifier: '1', name: 'One', text: 'hi' });
    await channel.inbound({ identifier: '2', name: 'Two', text: 'hi' });
    const { next_cursor } = await list(owner, 'sort=name&limit=1');
    const wrong = await as(ctx, owner).get(
      `/dashboardapi/contacts?sort=newest&cursor=${next_cursor}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation_error', details: [{ path: 'cursor' }] });
  });
});

describe('contact page', () => {
  it('shows the profile, every identity and every conversation, newest first, to any member', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({
      identifier: 'cust-9',
      name: 'Cora Client',
      email: 'cora@example.com',
      subject: 'Where is my order',
      text: 'hi',
    });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${first.conversation_id}`, {
      status: 'closed',
    });
    const second = await channel.inbound({ identifier: 'cust-9', text: 'again' });
    const contact = await detail(mate, first.contact_id);
    expect(contact).toMatchObject({ name: 'Cora Client', email: 'cora@example.com' });
    expect(contact.identities.map((i) => i.value)).toContain('cust-9');
    expect(contact.identities[0]).toMatchObject({
      channel_type: 'api',
      channel_name: 'Shop backend',
    });
    expect(contact.conversations.map((c) => [c.id, c.status])).toEqual([
      [second.conversation_id, 'open'],
      [first.conversation_id, 'closed'],
    ]);
    expect(contact.conversations[1]).toMatchObject({
      subject: 'Where is my order',
      channel_type: 'api',
    });

    const stranger = await signUp(ctx);
    const hidden = await as(ctx, stranger).get(`/dashboardapi/contacts/${first.contact_id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'not_found' });
  });

  it('edits name, email, phone and attributes; blank clears a field', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const { contact_id } = await channel.inbound({ identifier: 'e', name: 'Eve', text: 'hi' });
    const res = await as(ctx, owner).patch(`/dashboardapi/contacts/${contact_id}`, {
      name: '  Eve Adams ',
      email: 'eve@example.com',
      phone: '+1 (555) 010-2030',
      attributes: { plan: 'Gold', 'Order count': '3' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Eve Adams',
      email: 'eve@example.com',
      phone: '+1 (555) 010-2030',
      attributes: { plan: 'Gold', 'Order count': '3' },
    });
    const cleared = await as(ctx, owner).patch(`/dashboardapi/contacts/${contact_id}`, {
      phone: '',
      attributes: {},
    });
    expect(cleared.json()).toMatchObject({ name: 'Eve Adams', phone: null, attributes: {} });
  });

  it('refuses an email that is not one, too many attributes, and another contact’s email with a clear message', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const a = await channel.inbound({
      identifier: 'a',
      name: 'Ann',
      email: 'ann@example.com',
      text: 'hi',
    });
    const b = await channel.inbound({ identifier: 'b', name: 'Ben', text: 'hi' });
    const api = as(ctx, owner);

    const bad = await api.patch(`/dashboardapi/contacts/${b.contact_id}`, {
      email: 'not an email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', details: [{ path: 'email' }] });

    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const tooMany = await api.patch(`/dashboardapi/contacts/${b.contact_id}`, { attributes: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ details: [{ path: 'attributes' }] });
    const nested = await api.patch(`/dashboardapi/contacts/${b.contact_id}`, {
      attributes: { plan: { tier: 'gold' } },
    });
    expect(nested.statusCode).toBe(400);

    const taken = await api.patch(`/dashboardapi/contacts/${b.contact_id}`, {
      email: 'ANN@example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'email_taken',
      message: expect.stringContaining('Ann'),
      details: { field: 'email', contact_id: a.contact_id },
    });
    // Its own address, in another letter case, is no conflict.
    const own = await api.patch(`/dashboardapi/contacts/${a.contact_id}`, {
      email: 'Ann@Example.com',
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('merging contacts', () => {
  it('moves every identity, conversation and message into the kept contact in one go, fills its empty fields, keeps its attributes first, and notes it in each conversation', async () => {
    const owner = await signUp(ctx, { name: 'Mia Merger' });
    const channel = await apiChannelFor(ctx, owner);
    const api = as(ctx, owner);
    const kept = await channel.inbound({ identifier: 'wa-1', name: 'Pat Smith', text: 'hi' });
    const dup = await channel.inbound({
      identifier: 'mail-1',
      name: 'P. Smith',
      email: 'pat@example.com',
      text: 'also me',
    });
    await api.patch(`/dashboardapi/contacts/${kept.contact_id}`, {
      attributes: { plan: 'Gold' },
    });
    await api.patch(`/dashboardapi/contacts/${dup.contact_id}`, {
      attributes: { plan: 'Free', city: 'Lyon' },
    });

    const res = await api.post(`/dashboardapi/contacts/${dup.contact_id}/merge`, {
      into_contact_id: kept.contact_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ moved_conversations: 1, moved_identities: 1 });
    const merged = await detail(owner, kept.contact_id);
    expect(merged).toMatchObject({
      name: 'Pat Smith',
      email: 'pat@example.com',
      attributes: { plan: 'Gold', city: 'Lyon' },
    });
    expect(merged.identities.map((i) => i.value).sort()).toEqual(['mail-1', 'wa-1']);
    expect(merged.conversations.map((c) => c.id).sort()).toEqual(
      [kept.conversation_id, dup.conversation_id].sort(),
    );
    expect((await api.get(`/dashboardapi/contacts/${dup.contact_id}`)).statusCode).toBe(404);

    // The customer's message still names its sender, and the thread says what happened.
    const thread = (
      await api.get(`/dashboardapi/conversations/${dup.conversation_id}/messages`)
    ).json();
    const bodies = (thread.items ?? thread.messages ?? thread) as { body: string; kind: string }[];
    expect(bodies.find((m) => m.kind === 'activity')?.body).toBe(
      'Contact merged into Pat Smith (was P. Smith) by Mia Merger',
    );
    const senders = rowsOf<{ sender_contact_id: number | null }>(
      await ctx.deps.db.execute(
        sql`select sender_contact_id from messages where conversation_id = ${dup.conversation_id} and direction = 'incoming'`,
      ),
    );
    expect(senders).toEqual([{ sender_contact_id: kept.contact_id }]);
    const audit = (await api.get('/dashboardapi/audit-log')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'contact_merged',
      actor: { name: 'Mia Merger' },
      details: {
        contact_id: kept.contact_id,
        merged_contact_id: dup.contact_id,
        merged_contact_name: 'P. Smith',
        moved_conversations: 1,
      },
    });
    // The next message on the merged identity lands with the kept contact.
    const next = await channel.inbound({ identifier: 'mail-1', text: 'later' });
    expect(next.contact_id).toBe(kept.contact_id);
  });

  it('refuses merging a contact into itself (400) and into another account’s contact (404), changing nothing', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const mine = await channel.inbound({ identifier: 'm', name: 'Mine', text: 'hi' });
    const other = await signUp(ctx);
    const theirs = await (
      await apiChannelFor(ctx, other)
    ).inbound({ identifier: 't', name: 'Theirs', text: 'hi' });
    const api = as(ctx, owner);

    const self = await api.post(`/dashboardapi/contacts/${mine.contact_id}/merge`, {
      into_contact_id: mine.contact_id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ details: [{ path: 'into_contact_id' }] });
    const across = await api.post(`/dashboardapi/contacts/${mine.contact_id}/merge`, {
      into_contact_id: theirs.contact_id,
    });
    expect(across.statusCode).toBe(404);
    const fromTheirs = await api.post(`/dashboardapi/contacts/${theirs.contact_id}/merge`, {
      into_contact_id: mine.contact_id,
    });
    expect(fromTheirs.statusCode).toBe(404);
    expect((await detail(owner, mine.contact_id)).conversations).toHaveLength(1);
    expect(
      (await as(ctx, other).get(`/dashboardapi/contacts/${theirs.contact_id}`)).statusCode,
    ).toBe(200);
  });
  it('two agents merging the same pair both ways at once leave one contact with everything', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const a = await channel.inbound({ identifier: 'x1', name: 'Xena', text: 'hi' });
    const b = await channel.inbound({ identifier: 'x2', name: 'Xena Two', text: 'hi' });
    const api = as(ctx, owner);
    const answers = await Promise.all([
      api.post(`/dashboardapi/contacts/${a.contact_id}/merge`, { into_contact_id: b.contact_id }),
      api.post(`/dashboardapi/contacts/${b.contact_id}/merge`, { into_contact_id: a.contact_id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const kept = answers.find((r) => r.statusCode === 200)!.json().contact;
    expect(kept.conversations).toHaveLength(2);
    expect(kept.identities.map((i: { value: string }) => i.value).sort()).toEqual(['x1', 'x2']);
  });
});

describe('contacts CSV export', () => {
  it('writes the filtered list with its channels and conversations, quoting as RFC 4180 says', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    await channel.inbound({
      identifier: 'q',
      name: 'Quinn "Q", Jr.',
      email: 'q@example.com',
      text: 'hi',
    });
    await channel.inbound({ identifier: 'r', name: 'Rita', text: 'hi' });
    const res = await as(ctx, owner).get(
      '/dashboardapi/contacts/export.csv?search=quinn&sort=name',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const [header, row, end] = res.body.split('\r\n');
    expect(header).toBe('name,email,phone,channels,conversations,created');
    expect(row).toMatch(/^"Quinn ""Q"", Jr\.",q@example\.com,,api,1,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(end).toBe('');
  });

  it('quotes separators, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvLine(['a', null, 2])).toBe('a,,2\r\n');
  });
});
