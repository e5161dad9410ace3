import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUSHER_AUTH_PATH,
  WIDGET_API,
  WIDGET_CHAT_DEFAULTS,
  WIDGET_SETTINGS_PATH,
  WIDGET_TOKEN_HEADER,
  dcuserPanelChannel,
  widgetVisitorChannel,
} from '@parley/contracts';
import {
  contacts,
  conversations,
  messages,
  supportChannels,
  widgetVisitors,
} from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import {
  as,
  createTestContext,
  linkFromMail,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { chattingVisitor, signId, startSession, storeWithWidget } from './widget-chat.fixtures';

let ctx: TestContext;
let owner: Session;
let shop: Awaited<ReturnType<typeof storeWithWidget>>;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '1000',
  });
  owner = await signUp(ctx, { name: 'Olga Owner' });
  shop = await storeWithWidget(ctx, owner, { name: 'Maya Boutique' });
});
afterAll(() => ctx.close());

const reply = (conversationId: number, body: string, kind: 'reply' | 'note' = 'reply') =>
  as(ctx, owner).post(`/dashboardapi/conversations/${conversationId}/messages`, { body, kind });

describe('POST /widgetapi/sessions (visitor sessions)', () => {
  it('starts a visitor with a 128-bit token stored hashed, and resumes them with it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: WIDGET_API.sessions,
      payload: { myshopify_domain: shop.shop.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      brand_name: 'Maya Boutique',
      chat: WIDGET_CHAT_DEFAULTS,
      is_open_now: true,
      conversations: [],
      visitor: { name: null, email: null, is_verified: false },
      agents: [{ name: 'Olga Owner', initials: 'OO' }],
    });
    expect(session.visitor_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(session.visitor.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(session.realtime.channel).toBe(widgetVisitorChannel(session.visitor.public_id));
    const [row] = await ctx.deps.db
      .select()
      .from(widgetVisitors)
      .where(eq(widgetVisitors.publicId, session.visitor.public_id));
    expect(row!.tokenHash).toBe(hashToken(session.visitor_token));
    expect(JSON.stringify(row)).not.toContain(session.visitor_token);

    const again = await startSession(ctx, shop.shop, session.visitor_token);
    expect(again.session.visitor_token).toBe(session.visitor_token);
    expect(again.session.visitor.public_id).toBe(session.visitor.public_id);
    // A stale or made-up token gets a new visitor, never an error.
    const fresh = await startSession(ctx, shop.shop, 'x'.repeat(22));
    expect(fresh.session.visitor.public_id).not.toBe(session.visitor.public_id);
  });

  it("a token of another store's visitor starts a new visitor on this store", async () => {
    const other = await storeWithWidget(ctx, owner);
    const { session } = await startSession(ctx, shop.shop);
    const elsewhere = await startSession(ctx, other.shop, session.visitor_token);
    expect(elsewhere.session.visitor_token).not.toBe(session.visitor_token);
    expect(elsewhere.session.visitor.public_id).not.toBe(session.visitor.public_id);
  });

  it('answers 404 widget_unavailable for an unknown store, a widget turned off, or one never set up', async () => {
    const off = await storeWithWidget(ctx, owner, { enabled: false });
    for (const domain of [off.shop, 'nowhere.myshopify.com']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: WIDGET_API.sessions,
        payload: { myshopify_domain: domain },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'widget_unavailable',
        message: expect.stringContaining('not available'),
      });
    }
  });

  it('is rate-limited per IP address', async () => {
    const limited = await createTestContext({ WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: WIDGET_API.sessions,
          payload: { myshopify_domain: 'nowhere.myshopify.com' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("auth mode 'widget' (docs/ARCHITECTURE.md)", () => {
  it('refuses a missing or unknown token, and an agent token, with 401', async () => {
    for (const headers of [{}, { [WIDGET_TOKEN_HEADER]: 'not-a-real-token-123456' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: WIDGET_API.conversations, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    const agentToken = await ctx.app.inject({
      method: 'GET',
      url: WIDGET_API.conversations,
      headers: { authorization: `Token ${owner.token}`, [WIDGET_TOKEN_HEADER]: owner.token },
    });
    expect(agentToken.statusCode).toBe(401);
  });

  it('a visitor token never opens an agent route', async () => {
    const { api } = await startSession(ctx, shop.shop);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dashboardapi/conversations',
      headers: {
        authorization: `Token ${api.token}`,
        'x-dc-account-id': String(owner.accountId),
        [WIDGET_TOKEN_HEADER]: api.token,
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a visitor of a widget turned off since gets 404 widget_unavailable', async () => {
    const later = await storeWithWidget(ctx, owner);
    const { api } = await startSession(ctx, later.shop);
    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${later.brand.id}`, {
      basic_settings: { is_widget_enabled: false },
    });
    const res = await api.get(WIDGET_API.conversations);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('widget_unavailable');
  });
});

describe('conversations (pre-chat form, several conversations, history)', () => {
  it("files the first message on the store's live_chat channel (made on first use) for the agents", async () => {
    const store = await storeWithWidget(ctx, owner, { name: 'First Use' });
    const { api, conversationId, started } = await chattingVisitor(ctx, store.shop, 'Hi there');
    expect(started.messages).toMatchObject([
      { author: 'visitor', body: 'Hi there', status: 'delivered' },
    ]);
    const channels = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.brandId, store.brand.id));
    expect(channels).toMatchObject([{ type: 'live_chat', name: 'First Use live chat' }]);
    // The agents see it in their inbox.
    const seen = await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}`);
    expect(seen.statusCode).toBe(200);
    expect(JSON.stringify(seen.json())).toContain('Vera Visitor');

    // A second conversation is a new one, on the same channel; the form's answers are known.
    const second = await api.post(WIDGET_API.conversations, { body: 'Another question' });
    expect(second.statusCode).toBe(201);
    expect(second.json().conversation.id).not.toBe(conversationId);
    const list = (await api.get(WIDGET_API.conversations)).json().conversations;
    expect(list.map((c: { id: number }) => c.id)).toEqual([
      second.json().conversation.id,
      conversationId,
    ]);
    expect(list[1]).toMatchObject({ status: 'open', last_message: { body: 'Hi there' } });
    expect(
      await ctx.deps.db
        .select()
        .from(supportChannels)
        .where(eq(supportChannels.brandId, store.brand.id)),
    ).toHaveLength(1);
    // The email of the form becomes the contact's (it had none), still shown as unverified.
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const [contact] = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, conv!.contactId));
    expect(contact).toMatchObject({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      attributes: { 'Email (unverified)': 'vera@example.com' },
    });
  });

  it('the pre-chat email reaches the agent: the contact gets it (search, CSAT mail), and an email already there is never replaced', async () => {
    const address = `pia.${Date.now()}@example.com`;
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop, 'Is it waterproof?', {
      name: 'Pia Prechat',
      email: address,
    });
    const contactOf = async (id: number) => {
      const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, id));
      const [row] = await ctx.deps.db
        .select()
        .from(contacts)
        .where(eq(contacts.id, conv!.contactId));
      return row!;
    };
    expect((await contactOf(conversationId)).email).toBe(address);

    // Agents find the conversation by the email.
    const found = await as(ctx, owner).get(
      `/dashboardapi/conversations?search=${encodeURIComponent(address)}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((c: { id: number }) => c.id)).toContain(conversationId);

    // Closing it mails the satisfaction survey to the visitor.
    const closed = await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    await ctx.deps.jobs.drain();
    const survey = (await readMailbox(ctx)).filter((m) => m.to === address);
    expect(survey.some((m) => m.raw.includes('How did we do?'))).toBe(true);

    // Another email typed later in the form does not silently replace the contact's.
    const second = await api.post(WIDGET_API.conversations, {
      pre_chat: { name: 'Pia Prechat', email: `other.${address}` },
      body: 'One more thing',
    });
    expect(second.statusCode).toBe(201);
    expect((await contactOf(second.json().conversation.id)).email).toBe(address);
  });

  it.each([
    ['a required name left out', { email: 'a@example.com' }, 'your name'],
    ['an email that is not one', { name: 'Al', email: 'al@' }, 'valid email'],
    [
      'a question the form does not ask',
      { name: 'Al', email: 'a@example.com', shoe: '9' },
      'no "shoe"',
    ],
  ])(
    'refuses %s with 400 in words (pre-chat answers follow the widget form)',
    async (_, preChat, words) => {
      const { api } = await startSession(ctx, shop.shop);
      const res = await api.post(WIDGET_API.conversations, { pre_chat: preChat, body: 'Hello' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(res.json().message).toContain(words);
      expect((await api.get(WIDGET_API.conversations)).json().conversations).toEqual([]);
    },
  );

  it('outside business hours the visitor gets the away message as a system message', async () => {
    const closed = await storeWithWidget(ctx, owner, {
      chat: { business_hours: { time_zone: 'UTC', days: [] }, away_message: 'Back at 9!' },
    });
    const { session, api } = await startSession(ctx, closed.shop);
    expect((session as unknown as { is_open_now: boolean }).is_open_now).toBe(false);
    const res = await api.post(WIDGET_API.conversations, {
      pre_chat: { name: 'Nora', email: 'nora@example.com' },
      body: 'Anyone there?',
    });
    expect(res.json().messages).toMatchObject([
      { author: 'visitor', body: 'Anyone there?' },
      { author: 'system', agent: null, body: 'Back at 9!' },
    ]);
    const thread = (await api.get(WIDGET_API.messages(res.json().conversation.id))).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([
      'Anyone there?',
      'Back at 9!',
    ]);
  });
});

describe('messages: the visitor sees incoming and outgoing messages only', () => {
  it('never shows internal notes or activities; pages with ?before=', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop, 'First');
    expect((await reply(conversationId, 'SECRET note about the customer', 'note')).statusCode).toBe(
      201,
    );
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await ctx.deps.db.insert(messages).values({
      accountId: owner.accountId,
      conversationId,
      supportChannelId: conv!.supportChannelId,
      direction: 'internal',
      kind: 'activity',
      body: 'SECRET activity: Olga assigned it',
    });
    expect((await reply(conversationId, 'Agent answer')).statusCode).toBe(201);
    const second = await api.post(WIDGET_API.messages(conversationId), { body: 'Thanks' });
    expect(second.statusCode).toBe(201);
    expect(second.json().message).toMatchObject({ author: 'visitor', body: 'Thanks' });

    const all = await api.get(WIDGET_API.messages(conversationId));
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain('SECRET');
    expect(all.json()).toMatchObject({
      has_more: false,
      messages: [
        { author: 'visitor', body: 'First' },
        { author: 'agent', body: 'Agent answer', agent: { name: 'Olga Owner' } },
        { author: 'visitor', body: 'Thanks' },
      ],
    });
    const page = (await api.get(`${WIDGET_API.messages(conversationId)}?limit=2`)).json();
    expect(page.has_more).toBe(true);
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(['Agent answer', 'Thanks']);
    const older = (
      await api.get(`${WIDGET_API.messages(conversationId)}?limit=2&before=${page.messages[0].id}`)
    ).json();
    expect(older).toMatchObject({ has_more: false, messages: [{ body: 'First' }] });
    // Nor does the conversation list leak a note as the last message.
    await reply(conversationId, 'SECRET last note', 'note');
    expect((await api.get(WIDGET_API.conversations)).body).not.toContain('SECRET');
  });

  it('refuses an empty message', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const res = await api.post(WIDGET_API.messages(conversationId), { body: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Write a message or attach a file.');
  });
});

describe('a chat merged into another conversation', () => {
  it('goes on in the conversation it was merged into, which the visitor then sees; another visitor’s chat is refused with nothing stored', async () => {
    const { api, conversationId: first } = await chattingVisitor(ctx, shop.shop, 'First chat');
    const second = await api.post(WIDGET_API.conversations, {
      pre_chat: { name: 'Vera Visitor', email: 'vera@example.com' },
      body: 'Second chat',
    });
    expect(second.statusCode).toBe(201);
    const kept = second.json().conversation.id as number;
    const merged = await as(ctx, owner).post(`/dashboardapi/conversations/${kept}/merge`, {
      from_conversation_id: first,
    });
    expect(merged.statusCode).toBe(200);

    const more = await api.post(WIDGET_API.messages(first), { body: 'Still there?' });
    expect(more.statusCode).toBe(201);
    const thread = (await api.get(WIDGET_API.messages(kept))).json() as {
      messages: { body: string }[];
    };
    expect(thread.messages.map((m) => m.body)).toContain('Still there?');

    // A chat merged into another visitor's chat cannot go on there.
    const other = await chattingVisitor(ctx, shop.shop, 'Someone else', {
      name: 'Otto Other',
      email: 'otto@example.com',
    });
    const theirs = await other.api.post(WIDGET_API.conversations, {
      pre_chat: { name: 'Otto Other', email: 'otto@example.com' },
      body: 'Otto again',
    });
    const intoVera = await as(ctx, owner).post(`/dashboardapi/conversations/${kept}/merge`, {
      from_conversation_id: theirs.json().conversation.id,
      confirm_other_contact: true,
    });
    expect(intoVera.statusCode).toBe(200);
    const before = await ctx.deps.db.$count(messages);
    const refused = await other.api.post(WIDGET_API.messages(theirs.json().conversation.id), {
      body: 'Hello?',
    });
    expect(refused.statusCode).toBe(409);
    expect(await ctx.deps.db.$count(messages)).toBe(before);
  });
});

describe("a visitor can never reach another visitor's conversation", () => {
  it('same store, another visitor: 404 on every route; lists stay separate', async () => {
    const a = await chattingVisitor(ctx, shop.shop, 'PRIVATE from A');
    const b = await startSession(ctx, shop.shop);
    const id = a.conversationId;
    const attempts = [
      b.api.get(WIDGET_API.messages(id)),
      b.api.post(WIDGET_API.messages(id), { body: 'hijack' }),
      b.api.post(WIDGET_API.read(id), { last_read_message_id: 1 }),
      b.api.post(WIDGET_API.typing(id), { typing: true }),
      b.api.post(WIDGET_API.transcript(id), { email: 'b@example.com' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('PRIVATE');
    }
    expect((await b.api.get(WIDGET_API.conversations)).json().conversations).toEqual([]);
    const thread = (await a.api.get(WIDGET_API.messages(id))).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['PRIVATE from A']);
  });

  it("cross-account: a visitor of account B's store cannot read account A's conversation", async () => {
    const a = await chattingVisitor(ctx, shop.shop, 'PRIVATE of account A');
    const ownerB = await signUp(ctx, { account_name: 'Other Co' });
    const storeB = await storeWithWidget(ctx, ownerB);
    const b = await startSession(ctx, storeB.shop);
    const res = await b.api.get(WIDGET_API.messages(a.conversationId));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('PRIVATE');
    // Nor can B's agents reply into it.
    const agentB = await as(ctx, ownerB).post(
      `/dashboardapi/conversations/${a.conversationId}/messages`,
      { body: 'hi' },
    );
    expect(agentB.statusCode).toBe(404);
  });
});

describe('identify (HMAC) and attributes', () => {
  it('without a hash, details are stored unverified; a wrong hash is refused', async () => {
    const { api } = await startSession(ctx, shop.shop);
    const plain = await api.post(WIDGET_API.identify, {
      id: 'cust-1',
      name: 'Ivy',
      email: 'ivy@example.com',
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().visitor).toMatchObject({
      name: 'Ivy',
      email: 'ivy@example.com',
      is_verified: false,
    });
    const wrong = await api.post(WIDGET_API.identify, {
      id: 'cust-1',
      hash: signId('0'.repeat(64), 'cust-1'),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('could not confirm');
  });

  it("with a valid hash, history follows the signed-in customer to another browser; another customer's never does", async () => {
    const first = await chattingVisitor(ctx, shop.shop, 'Asked before signing in');
    const hash = signId(shop.identitySecret, 'cust-42');
    const ok = await first.api.post(WIDGET_API.identify, {
      id: 'cust-42',
      name: 'Carla',
      email: 'carla@example.com',
      hash,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().visitor).toMatchObject({ is_verified: true, email: 'carla@example.com' });

    // Another browser: a new session, the same signed-in customer.
    const laptop = await startSession(ctx, shop.shop);
    expect((await laptop.api.get(WIDGET_API.conversations)).json().conversations).toEqual([]);
    await laptop.api.post(WIDGET_API.identify, { id: 'cust-42', hash });
    const history = (await laptop.api.get(WIDGET_API.conversations)).json().conversations;
    expect(history.map((c: { id: number }) => c.id)).toEqual([first.conversationId]);
    const posted = await laptop.api.post(WIDGET_API.messages(first.conversationId), {
      body: 'From my laptop',
    });
    expect(posted.statusCode).toBe(201);
    // Both browsers write as one contact, known as {brand}:{external id}.
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.conversationId));
    const [contact] = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, conv!.contactId));
    expect(contact).toMatchObject({ email: 'carla@example.com' });

    // A different signed-in customer in a third browser sees nothing of Carla's.
    const stranger = await startSession(ctx, shop.shop);
    await stranger.api.post(WIDGET_API.identify, {
      id: 'cust-99',
      hash: signId(shop.identitySecret, 'cust-99'),
    });
    expect((await stranger.api.get(WIDGET_API.conversations)).json().conversations).toEqual([]);
    expect((await stranger.api.get(WIDGET_API.messages(first.conversationId))).statusCode).toBe(
      404,
    );
  });

  it('attributes are kept on the visitor and shown to agents on the contact (null removes one)', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const set = await api.patch(WIDGET_API.attributes, {
      attributes: { plan: 'gold', cart_total: 129.5, vip: true },
    });
    expect(set.statusCode).toBe(200);
    await api.patch(WIDGET_API.attributes, { attributes: { vip: null } });
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const [contact] = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, conv!.contactId));
    expect(contact!.attributes).toMatchObject({ plan: 'gold', cart_total: 129.5 });
    expect(contact!.attributes).not.toHaveProperty('vip');
    const tooMany = await api.patch(WIDGET_API.attributes, {
      attributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('read receipts, typing, attachments, transcript, offline fallback', () => {
  it("read marks the agents' replies 'read' and tells the agents (message_updated)", async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const sent = (await reply(conversationId, 'Your parcel left today')).json();
    await ctx.deps.jobs.drain();
    const updated: number[] = [];
    const off = ctx.deps.events.on('message_updated', (e) => updated.push(e.messageId));
    const res = await api.post(WIDGET_API.read(conversationId), { last_read_message_id: sent.id });
    off();
    expect(res.statusCode).toBe(204);
    expect(updated).toContain(sent.id);
    const agentView = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}/messages`)
    ).json();
    const items = (agentView.messages ?? agentView.items) as {
      id: number;
      delivery_status: string;
    }[];
    expect(items.find((m) => m.id === sent.id)!.delivery_status).toBe('read');
    const thread = (await api.get(WIDGET_API.messages(conversationId))).json();
    expect(thread.messages.at(-1)).toMatchObject({ id: sent.id, status: 'read' });
    expect((await api.get(WIDGET_API.conversations)).json().conversations[0].unread).toBe(0);
  });

  it('typing answers 204', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const res = await api.post(WIDGET_API.typing(conversationId), { typing: true });
    expect(res.statusCode).toBe(204);
  });

  it("attachments: the agents' limits and refusals apply; only the uploader can send the file", async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const upload = (token: string, name: string, type: string, content: string) => {
      const boundary = '----parleytest';
      const payload = [
        `--${boundary}`,
        `Content-Disposition: form-data; name="file"; filename="${name}"`,
        `Content-Type: ${type}`,
        '',
        content,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      return ctx.app.inject({
        method: 'POST',
        url: WIDGET_API.attachments,
        headers: {
          [WIDGET_TOKEN_HEADER]: token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    };
    const refused = await upload(api.token, 'page.html', 'text/html', '<script>x</script>');
    expect(refused.statusCode).toBe(415);
    const ok = await upload(api.token, 'receipt.txt', 'text/plain', 'order 1234');
    expect(ok.statusCode).toBe(201);
    const file = ok.json();
    expect(file).toMatchObject({ file_name: 'receipt.txt', content_type: 'text/plain', size: 10 });

    const other = await chattingVisitor(ctx, shop.shop);
    const stolen = await other.api.post(WIDGET_API.messages(other.conversationId), {
      body: 'mine now',
      attachment_ids: [file.id],
    });
    expect(stolen.statusCode).toBe(400);

    const sent = await api.post(WIDGET_API.messages(conversationId), {
      body: '',
      attachment_ids: [file.id],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.attachments).toMatchObject([
      { id: file.id, file_name: 'receipt.txt' },
    ]);
    const download = await ctx.app.inject({
      method: 'GET',
      url: sent.json().message.attachments[0].url,
    });
    expect(download.body).toBe('order 1234');
    // Used once only.
    const again = await api.post(WIDGET_API.messages(conversationId), {
      body: 'again',
      attachment_ids: [file.id],
    });
    expect(again.statusCode).toBe(400);
  });

  it('transcript: emails the visitor a signed /transcript link; asks for an address when none is known', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop, 'Hi', {
      name: 'Tom',
      email: 'tom.transcript@example.com',
    });
    const res = await api.post(WIDGET_API.transcript(conversationId), {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent_to: 'tom.transcript@example.com' });
    const link = await linkFromMail(ctx, 'tom.transcript@example.com', '/transcript');
    expect(link).toMatch(new RegExp(`/transcript\\?token=\\d+\\.${conversationId}\\.`));

    const noForm = await storeWithWidget(ctx, owner, {
      chat: { pre_chat: { enabled: false, fields: [] } },
    });
    const anonymous = await chattingVisitor(ctx, noForm.shop, 'Hello', {});
    const missing = await anonymous.api.post(WIDGET_API.transcript(anonymous.conversationId), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('email address');
  });

  it('mails the visitor in the language the widget showed them: the store’s choice, else their browser’s', async () => {
    const { simpleParser } = await import('mailparser');
    const newestMailTo = async (to: string) => {
      const mail = (await readMailbox(ctx)).filter((m) => m.to === to).at(-1);
      return mail ? simpleParser(mail.raw) : null;
    };
    const post = (token: string, url: string, payload: unknown, language: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { [WIDGET_TOKEN_HEADER]: token, 'accept-language': language },
        payload: payload as never,
      });

    // The store leaves the language to each visitor: this one's browser reads French.
    const { session } = await startSession(ctx, shop.shop);
    const started = await post(
      session.visitor_token,
      WIDGET_API.conversations,
      { pre_chat: { name: 'Inès', email: 'ines.langue@example.com' }, body: 'Bonjour' },
      'fr-CA,fr;q=0.9,en;q=0.5',
    );
    expect(started.statusCode).toBe(201);
    const conversationId = started.json().conversation.id as number;
    await post(session.visitor_token, WIDGET_API.transcript(conversationId), {}, 'fr');
    expect((await newestMailTo('ines.langue@example.com'))!.subject).toBe(
      'Votre conversation avec Maya Boutique',
    );
    // Later mails, sent with no request of hers, remember it.
    await reply(conversationId, 'Expédié ce matin');
    await ctx.deps.jobs.drain();
    const emailed = await newestMailTo('ines.langue@example.com');
    expect(emailed!.subject).toBe('Nouvelle réponse de Maya Boutique');
    expect(emailed!.text).toContain('Olga Owner a répondu à votre discussion avec Maya Boutique :');
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      status: 'closed',
    });
    await ctx.deps.jobs.drain();
    expect((await newestMailTo('ines.langue@example.com'))!.subject).toBe(
      'Comment nous en sommes-nous sortis ? Notez votre conversation avec Maya Boutique',
    );

    // A store that speaks German to every visitor: its widget, and its mails, are in German.
    const german = await storeWithWidget(ctx, owner, { name: 'Laden', chat: { locale: 'de' } });
    const visitorInGermany = await startSession(ctx, german.shop);
    const chat = await post(
      visitorInGermany.session.visitor_token,
      WIDGET_API.conversations,
      { pre_chat: { name: 'Jo', email: 'jo.laden@example.com' }, body: 'Hallo' },
      'en-US',
    );
    await post(
      visitorInGermany.session.visitor_token,
      WIDGET_API.transcript(chat.json().conversation.id),
      {},
      'en-US',
    );
    expect((await newestMailTo('jo.laden@example.com'))!.subject).toBe(
      'Deine Unterhaltung mit Laden',
    );
  });

  it('offline fallback: a reply to a visitor who is not connected is emailed to them with a link back', async () => {
    const { conversationId } = await chattingVisitor(ctx, shop.shop, 'Call me back', {
      name: 'Otto',
      email: 'otto.offline@example.com',
    });
    const sent = (await reply(conversationId, 'We shipped it this morning')).json();
    await ctx.deps.jobs.drain();
    const mail = (await readMailbox(ctx)).filter((m) => m.to === 'otto.offline@example.com');
    expect(mail).toHaveLength(1);
    const text = mail[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('We shipped it this morning');
    expect(text).toContain(`Continue the chat on https://${shop.shop}/`);
    expect(await linkFromMail(ctx, 'otto.offline@example.com', '/transcript')).toContain(
      '/transcript?token=',
    );
    const [row] = await ctx.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, sent.id)));
    expect(row!.deliveryStatus).toBe('sent');
    // A private note is never emailed.
    await reply(conversationId, 'SECRET note', 'note');
    await ctx.deps.jobs.drain();
    const after = (await readMailbox(ctx)).filter((m) => m.to === 'otto.offline@example.com');
    expect(after.map((m) => m.raw).join()).not.toContain('SECRET');
  });
});

describe('POST /widgetapi/pusher/auth (visitor channel only)', () => {
  const auth = (headers: Record<string, string>, url: string, channel: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
    });

  it("signs the visitor's own channel and refuses every other with 403", async () => {
    const { session, api } = await startSession(ctx, shop.shop);
    const other = await startSession(ctx, shop.shop);
    const headers = { [WIDGET_TOKEN_HEADER]: api.token };
    const own = await auth(headers, WIDGET_API.pusherAuth, session.realtime.channel);
    expect(own.statusCode).toBe(200);
    expect(own.json().auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
    for (const channel of [
      widgetVisitorChannel(other.session.visitor.public_id),
      dcuserPanelChannel(owner.userId),
      `presence-conversation-1`,
      `private-account-${owner.accountId}-global-settings`,
    ]) {
      const res = await auth(headers, WIDGET_API.pusherAuth, channel);
      expect(res.statusCode).toBe(403);
    }
    expect((await auth({}, WIDGET_API.pusherAuth, session.realtime.channel)).statusCode).toBe(401);
  });

  it("agents can never subscribe to a visitor's channel", async () => {
    const { session } = await startSession(ctx, shop.shop);
    const res = await auth(
      {
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
        'x-csrftoken': owner.csrf,
        cookie: `csrftoken=${owner.csrf}`,
      },
      PUSHER_AUTH_PATH,
      session.realtime.channel,
    );
    expect(res.statusCode).toBe(403);
  });
});
